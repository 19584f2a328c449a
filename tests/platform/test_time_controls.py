"""Time controls in the lobby (issue #18 item 9): unrated games against the computer and unrated
open tables may choose a longer clock or none; rated tables, the queue and tournaments keep the
game's standard clock."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation

from games.registry import get_game
from live.clock import UNTIMED_IDLE_BOUND_MS, clock_public, first_flag, wake_at
from live.errors import LiveError
from live.models import EndReason, Match, MatchStatus
from live.services import match_wake
from live.timebase import Stamp
from lobby import rematch as rematch_services
from lobby import selectors as lobby_selectors
from lobby import services as lobby_services
from lobby import time_controls
from lobby.models import Table

pytestmark = pytest.mark.django_db

GAME = "spectacular_bid"  # two seats
ROOT = Path(__file__).resolve().parents[2]


def standard() -> tuple[int, int]:
    control = get_game(GAME).time_control
    return control.bank_ms, control.delay_ms


@pytest.mark.parametrize(
    ("choice", "factor"), [("", 1), ("standard", 1), ("relaxed", 3), ("long", 10)]
)
def test_each_timed_choice_gives_the_right_clock_against_the_computer(
    make_user, choice: str, factor: int
) -> None:
    user = make_user()
    match = lobby_services.ai_match_start(user_id=user.pk, game_slug=GAME, time_control=choice)
    bank, delay = standard()
    assert (match.clock["bank_ms"], match.clock["delay_ms"]) == (bank * factor, delay * factor)
    assert all(sc["bank_ms"] == bank * factor for sc in match.clock["seats"])
    assert "untimed" not in match.clock and "idle_bound_ms" not in match.clock
    assert match.clock.get("control") == (None if factor == 1 else choice)
    assert not match.rated


def test_no_clock_never_runs_and_an_abandoned_match_ends_after_a_day(make_user, wall) -> None:
    user = make_user()
    match = lobby_services.ai_match_start(user_id=user.pk, game_slug=GAME, time_control="untimed")
    assert match.clock["untimed"] is True
    assert first_flag(match.clock) is None
    assert not any(sc["running"] for sc in match.clock["seats"])
    public = clock_public(match.clock, now_ms=int(wall.now), stall_bound_ms=120_000)
    assert public["untimed"] is True and public["deadline_ms"] is None
    assert public["stall_deadline_ms"] is None
    # The platform's two-minute stall bound does not apply; a day without a move does.
    idle = {**match.clock, "ai_due_ms": None}
    assert wake_at(idle, stall_bound_ms=120_000) == idle["stall_since_ms"] + UNTIMED_IDLE_BOUND_MS
    assert match_wake(match_id=match.pk, now=Stamp(ms=int(wall.now) + 3_600_000)) != "stall_forfeit"
    assert Match.objects.get(pk=match.pk).status == MatchStatus.RUNNING
    late = Stamp(ms=match.clock["stall_since_ms"] + UNTIMED_IDLE_BOUND_MS)
    assert match_wake(match_id=match.pk, now=late) == "stall_forfeit"
    match.refresh_from_db()
    assert (match.status, match.end_reason) == (MatchStatus.FINISHED, EndReason.STALL)


def test_pass_and_play_may_choose_a_longer_clock(make_user) -> None:
    user = make_user()
    match = lobby_services.ai_match_start(
        user_id=user.pk, game_slug=GAME, pass_and_play=True, time_control="long"
    )
    assert match.clock["bank_ms"] == standard()[0] * 10


def test_an_unrated_table_starts_with_its_chosen_clock_and_shows_it(make_user) -> None:
    host, guest = make_user(), make_user()
    table = lobby_services.table_create(
        user_id=host.pk, game_slug=GAME, seats=2, rated=False, time_control="relaxed"
    )
    assert table.time_control == "relaxed"
    client = Client()
    client.force_login(guest)
    page = client.get("/tables/").content.decode()
    assert "Relaxed clock — not the standard clock" in page
    table = lobby_services.table_join(user_id=guest.pk, table_id=table.pk)
    match = Match.objects.get(pk=table.match_id)
    assert match.clock["bank_ms"] == standard()[0] * 3 and not match.rated
    page = client.get(f"/match/{match.pk}/").content.decode()
    assert "Relaxed clock — not the standard clock" in page
    assert lobby_selectors.match_time_control(match)["key"] == "relaxed"


def test_an_untimed_table_with_a_computer_seat_starts_at_once(make_user) -> None:
    host = make_user()
    table = lobby_services.table_create(
        user_id=host.pk, game_slug=GAME, seats=2, ai_seats=1, time_control="untimed"
    )
    match = Match.objects.get(pk=table.match_id)
    assert match.clock["untimed"] is True
    client = Client()
    client.force_login(host)
    assert "No clock — not the standard clock" in client.get(f"/match/{match.pk}/").content.decode()


@pytest.mark.parametrize("choice", ["relaxed", "long", "untimed"])
def test_a_rated_table_refuses_a_non_standard_clock_and_creates_nothing(
    make_user, choice: str
) -> None:
    host = make_user()
    with pytest.raises(LiveError) as refused:
        lobby_services.table_create(
            user_id=host.pk, game_slug=GAME, seats=2, rated=True, time_control=choice
        )
    assert refused.value.code == "rated_needs_standard_clock"
    assert not Table.objects.exists() and not Match.objects.exists()


def test_the_form_shows_the_refusal_and_nothing_is_created(make_user) -> None:
    client = Client()
    client.force_login(make_user())
    response = client.post(
        "/tables/new/",
        {"game": GAME, "seats": 2, "rated": "1", "time_control": "long"},
        follow=True,
    )
    assert "a rated game uses the standard clock" in response.content.decode()
    assert not Table.objects.exists() and not Match.objects.exists()


def test_an_unknown_choice_is_refused(make_user) -> None:
    user = make_user()
    with pytest.raises(LiveError) as refused:
        lobby_services.ai_match_start(user_id=user.pk, game_slug=GAME, time_control="blitz")
    assert refused.value.code == "bad_time_control"
    with pytest.raises(LiveError):
        lobby_services.table_create(user_id=user.pk, game_slug=GAME, seats=2, time_control="x")
    assert not Table.objects.exists() and not Match.objects.exists()


def test_a_rated_table_keeps_the_standard_clock(make_user) -> None:
    host, guest = make_user(), make_user()
    table = lobby_services.table_create(user_id=host.pk, game_slug=GAME, seats=2, rated=True)
    table = lobby_services.table_join(user_id=guest.pk, table_id=table.pk)
    match = Match.objects.get(pk=table.match_id)
    assert match.rated and (match.clock["bank_ms"], match.clock["delay_ms"]) == standard()
    assert "control" not in match.clock and "untimed" not in match.clock
    assert lobby_selectors.match_time_control(match) == {"key": "standard", "note": ""}


def test_a_rematch_keeps_the_chosen_clock(make_user) -> None:
    from live.services import match_resign

    user = make_user()
    match = lobby_services.ai_match_start(user_id=user.pk, game_slug=GAME, time_control="untimed")
    match_resign(match_id=match.pk, command_id="resign-1", user_id=user.pk)
    rematch = rematch_services.rematch_offer(user_id=user.pk, match_id=match.pk)
    new = Match.objects.get(pk=rematch.new_match_id)
    assert new.clock["untimed"] is True and new.clock["control"] == "untimed"


def test_the_queue_and_tournaments_never_choose_a_clock() -> None:
    """Only the lobby's unrated paths build a chosen control; the queue and tournaments call
    ``match_start`` with the game's (or the tournament's own) plain ``TimeControl``."""
    for folder in ("matchmaking", "platform/tournaments"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text()
            assert "ChosenControl" not in text and "time_controls" not in text, path


@pytest.mark.django_db(transaction=True)
def test_a_queue_match_has_the_standard_clock(make_user, wall) -> None:
    from matchmaking import services as queue_services

    a, b = make_user(), make_user()
    queue_services.queue_join(user_id=a.pk, game_slug=GAME)
    wall.advance(2_000)
    queue_services.queue_join(user_id=b.pk, game_slug=GAME)
    (match_id,) = queue_services.queue_pass().match_ids
    match = Match.objects.get(pk=match_id)
    assert match.rated and (match.clock["bank_ms"], match.clock["delay_ms"]) == standard()
    assert "control" not in match.clock and "untimed" not in match.clock


def test_the_lobby_offers_the_choices_in_german() -> None:
    game = get_game(GAME)
    with translation.override("de"):
        labels = [c["label"] for c in time_controls.choices_for(game)]
        notes = [time_controls.note_for(c) for c in ("relaxed", "long", "untimed")]
    assert labels[0].startswith("Standard (") and labels[3] == "Ohne Uhr"
    assert labels[1].startswith("Entspannt (") and labels[2].startswith("Lang (")
    assert notes == [
        "Entspannte Uhr — nicht die Standarduhr",
        "Lange Uhr — nicht die Standarduhr",
        "Ohne Uhr — nicht die Standarduhr",
    ]
    client = Client()
    client.cookies["django_language"] = "de"
    page = client.get("/").content.decode()
    assert "Bedenkzeit" in page and "Ohne Uhr" in page


def test_an_untimed_clock_never_runs_a_timed_decision_and_restarts_its_idle_bound() -> None:
    from games.core import Decision
    from live.clock import ChosenControl, clock_advance, clock_new

    control = ChosenControl(bank_ms=0, delay_ms=0, name="untimed", untimed=True)
    clock = clock_advance(
        clock_new(seats=2, control=control), acted=None, decisions=[Decision(0)], now_ms=1_000
    )
    assert first_flag(clock) is None and clock["stall_since_ms"] == 1_000
    clock = clock_advance(clock, acted=0, decisions=[Decision(1, forced="x")], now_ms=5_000)
    assert first_flag(clock) is None and clock["stall_since_ms"] == 5_000
    assert wake_at(clock, stall_bound_ms=120_000) == 5_000 + UNTIMED_IDLE_BOUND_MS
