"""Exports of a finished match's record in its game's own formats (live.export_views): Bridge's
PBN and Hold'em's hand history are downloads written from the stored move log, linked from the
replay page next to the JSON move log; a match that ended before the game was over is written as
far as it went; a running match, a format the game does not declare and a game without exports
offer none (404)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.core import ExportInput
from games.registry import get_game
from live.models import Match, MatchStatus
from live.selectors import match_action_log
from live.services import SeatSpec, action_submit, match_start
from support.live import engine_state

from .test_fairness import played_match

pytestmark = pytest.mark.django_db(transaction=True)


def finished_match(make_user: Any, slug: str, *, seed: int, shove: bool = False) -> Match:
    """A match of ``slug`` between four people, played to the end of the game itself: random
    legal actions (``shove``: always the largest one, so a Hold'em match ends quickly)."""
    game = get_game(slug)
    users = [make_user(f"{slug[:4]}{seed}x{i}") for i in range(4)]
    match = match_start(game_slug=slug, seats=[SeatSpec(user_id=u.pk) for u in users], seed=seed)
    rng = random.Random(seed)
    for n in range(2_000):
        state = engine_state(match)
        if match.status != MatchStatus.RUNNING:
            break
        seat = state.pending()[0].seat
        legal = list(state.legal_actions(seat))
        action = legal[-1] if shove else rng.choice(legal)
        action_submit(
            match_id=match.pk,
            action=game.encode_action(action),
            command_id=f"c{n}",
            user_id=users[seat].pk,
            seat=seat,
        )
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED and engine_state(match).is_over()
    return match


def running_match(make_user: Any, slug: str) -> Match:
    users = [make_user() for _ in range(4)]
    return match_start(game_slug=slug, seats=[SeatSpec(user_id=u.pk) for u in users])


def export_url(match: Match, fmt: str) -> str:
    return reverse("live:match_export", args=[match.pk, fmt])


def replay_page(match: Match) -> str:
    return Client().get(reverse("live:replay", args=[match.pk])).content.decode()


def test_a_finished_bridge_match_downloads_as_pbn(make_user: Any) -> None:
    match = finished_match(make_user, "bridge", seed=41)
    response = Client().get(export_url(match, "pbn"))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="match-{match.pk}.pbn"'
    text = response.content.decode()
    assert text.startswith("% PBN 2.1\n% EXPORT\n")
    names = {s.seat: s.display_name for s in match.seats.all()}
    for tag, seat in (("South", 0), ("West", 1), ("North", 2), ("East", 3)):
        assert f'[{tag} "{names[seat]}"]' in text
    assert f'[Date "{match.created_at:%Y.%m.%d}"]' in text
    assert f'[Event "Match #{match.pk}"]' in text
    # Exactly what the game writes from the stored log.
    record = ExportInput(
        seed=match.seed,
        seats=4,
        options=match.options,
        moves=match_action_log(match=match),
        players=[names[s] for s in range(4)],
        date=match.created_at.isoformat(),
        title=f"Match #{match.pk}",
    )
    assert text == get_game("bridge").exports["pbn"].write(record)

    page = replay_page(match)
    assert 'data-testid="replay-export"' in page
    assert f'href="{export_url(match, "pbn")}" data-testid="replay-export-pbn"' in page


def test_a_finished_holdem_match_downloads_as_a_hand_history(make_user: Any) -> None:
    match = finished_match(make_user, "holdem", seed=5, shove=True)
    response = Client().get(export_url(match, "hand_history"))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="match-{match.pk}.txt"'
    text = response.content.decode()
    headers = re.findall(r"^PokerStars Hand #(\d+): Hold'em No Limit \(10/20\)", text, re.M)
    assert headers == [str(n) for n in range(1, engine_state(match).hand_no + 2)]
    assert f"Table 'Match #{match.pk}' 4-max" in text
    for seat in match.seats.all():
        assert f": {seat.display_name} (" in text and f"Dealt to {seat.display_name} [" in text
    page = replay_page(match)
    link = f'href="{export_url(match, "hand_history")}" data-testid="replay-export-hand_history"'
    assert link in page and ">Hand history</a>" in page


@pytest.mark.parametrize(("slug", "fmt"), [("bridge", "pbn"), ("holdem", "hand_history")])
def test_a_running_match_has_no_export(make_user: Any, slug: str, fmt: str) -> None:
    match = running_match(make_user, slug)
    assert Client().get(export_url(match, fmt)).status_code == 404
    assert "replay-export" not in replay_page(match)


def test_a_match_resigned_in_the_middle_of_a_hand_exports_that_hand_as_not_completed(
    make_user: Any,
) -> None:
    match = played_match(make_user(), "holdem", moves=2)  # ends by resignation
    assert match.status == MatchStatus.FINISHED and not engine_state(match).is_over()
    response = Client().get(export_url(match, "hand_history"))
    assert response.status_code == 200
    text = response.content.decode()
    assert text.rstrip().endswith("*** HAND NOT COMPLETED: the match ended ***")
    assert "*** SUMMARY ***" not in text.split("\n\n\n")[-1]
    assert "replay-export-hand_history" in replay_page(match)


def test_an_aborted_bridge_match_exports_the_deal_as_far_as_it_went(make_user: Any) -> None:
    match = running_match(make_user, "bridge")
    Match.objects.filter(pk=match.pk).update(status=MatchStatus.ABORTED)
    response = Client().get(export_url(match, "pbn"))
    assert response.status_code == 200
    text = response.content.decode()
    assert '[Auction "S"]' in text and "+" in text.split('[Auction "S"]')[1]
    assert "[Score " not in text


def test_an_unknown_format_is_not_found(make_user: Any) -> None:
    match = finished_match(make_user, "bridge", seed=43)
    client = Client()
    for fmt in ("hand_history", "json", "PBN", "nope"):
        assert client.get(export_url(match, fmt)).status_code == 404, fmt
    assert client.get(f"/match/{match.pk + 1000}/export/pbn/").status_code == 404


def test_a_game_without_exports_offers_only_the_json_move_log(make_user: Any) -> None:
    match = played_match(make_user(), "spectacular_bid", moves=4)
    assert not get_game("spectacular_bid").exports
    page = replay_page(match)
    assert page.count('data-testid="replay-export') == 1
    assert 'data-testid="replay-export"' in page
    assert Client().get(export_url(match, "pbn")).status_code == 404
