"""A pairs session must compare boards: a board played at one table only cannot be matchpointed,
so a movement (or a round count) that plays every board at one table would leave every pair at
50 %, all tied first.  The form, the service and the API refuse it in words; nothing is made."""

from __future__ import annotations

from typing import Any

import pytest

from matchmaking import movements
from tournaments import pairs, services
from tournaments.errors import TournamentError
from tournaments.models import Tournament

from .conftest import spec

pytestmark = pytest.mark.django_db(transaction=True)


def _compared_by_building(kind: str, n: int, rounds: int | None, boards: int) -> int:
    """The number of boards played at two tables or more, from the whole movement (the function
    under test builds a Mitchell's first two rounds only)."""
    build = movements.howell if kind == "howell" else movements.mitchell
    full = build(n, None, boards)
    last = len(full.rounds) if rounds is None else min(rounds, len(full.rounds))
    seen: dict[int, int] = {}
    for number in range(1, last + 1):
        for table in pairs._tables_by_pair(full, number):
            if table.compared:
                for board in table.boards:
                    seen[board] = seen.get(board, 0) + 1
    return sum(1 for c in seen.values() if c >= 2)


def test_small_howells_and_single_rounds_compare_nothing() -> None:
    for n in (4, 5):
        for boards in (1, 2, 3):
            assert not pairs.compares_a_board("howell", n, None, boards)
    assert pairs.compares_a_board("howell", pairs.HOWELL_COMPARES_FROM, None, 1)
    assert not pairs.compares_a_board("", 4, None, 1)  # four pairs default to a Howell
    assert pairs.compares_a_board("mitchell", 4, None, 1)
    assert not pairs.compares_a_board("mitchell", 40, 1, 2)
    assert pairs.compares_a_board("mitchell", 100_000, None, 2)
    assert not pairs.compares_a_board("howell", 8, 1, 2)
    for kind in ("howell", "mitchell"):
        for n in range(4, 33 if kind == "mitchell" else 17):
            for rounds in (None, 1, 2, 3, 5):
                for boards in (1, 2):
                    assert pairs.compares_a_board(kind, n, rounds, boards) == (
                        _compared_by_building(kind, n, rounds, boards) > 0
                    ), (kind, n, rounds, boards)


def test_what_would_work_is_named() -> None:
    assert pairs.nothing_compared("howell", 4, None, 1) == pairs.NothingCompared(
        "howell", 4, None, None
    )
    assert pairs.nothing_compared("howell", 8, 1, 1) == pairs.NothingCompared("howell", 8, 1, 2)
    assert pairs.nothing_compared("howell", 8, 2, 1) is None
    assert pairs.nothing_compared("", 5, None, 1) is None  # five pairs default to a Mitchell


def _pairs_spec(**overrides: Any) -> services.TournamentSpec:
    values: dict[str, Any] = {
        "game": "bridge",
        "format": "pairs",
        "rounds": None,
        "max_players": 4,
        "movement": "howell",
        "boards_per_round": 1,
        "name": "Four pairs",
    }
    values.update(overrides)
    return spec(**values)


def test_the_service_refuses_a_session_that_compares_nothing(organiser) -> None:
    with pytest.raises(TournamentError) as refused:
        services.tournament_create(organiser_id=organiser.pk, spec=_pairs_spec())
    assert refused.value.code == "nothing_compared"
    assert refused.value.message == (
        "a Howell of 4 pairs plays every board at one table only, so no board can be "
        "matchpointed and every pair would end at 50 %; choose the Mitchell movement, or plan "
        "for 6 pairs or more"
    )
    with pytest.raises(TournamentError) as refused:
        services.tournament_create(
            organiser_id=organiser.pk, spec=_pairs_spec(max_players=8, rounds=1)
        )
    assert refused.value.code == "nothing_compared"
    assert "needs at least 2 rounds" in refused.value.message
    assert not Tournament.objects.exists()
    # What the refusal proposes is accepted.
    services.tournament_create(organiser_id=organiser.pk, spec=_pairs_spec(movement="mitchell"))
    services.tournament_create(organiser_id=organiser.pk, spec=_pairs_spec(max_players=6))


FIELDS = {
    "name": "Four pairs",
    "game": "bridge",
    "format": "pairs",
    "movement": "howell",
    "boards_per_round": "1",
    "knockout_games": "1",
    "starts_at": "2099-01-01 18:00",
    "max_players": "4",
    "entry_policy": "everyone",
    "round_break_s": "10",
}


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            [
                "No board would be compared: a Howell of 4 pairs plays every board at one table "
                "only",
                "every pair would end at 50 %",
                "Choose the Mitchell movement, or plan for 6 pairs or more.",
            ],
        ),
        (
            "de",
            [
                "Kein Board würde verglichen: Ein Howell mit 4 Paaren spielt jedes Board nur an "
                "einem Tisch",
                "jedes Paar käme auf 50 %",
                "Wähle das Mitchell-Movement oder plane für 6 Paare oder mehr.",
            ],
        ),
    ],
)
def test_the_form_says_why_and_makes_nothing(client, organiser, lang, words) -> None:
    client.force_login(organiser)
    client.cookies["django_language"] = lang
    page = client.post("/tournaments/new/", FIELDS)
    assert page.status_code == 200
    text = page.content.decode().replace("&nbsp;", " ")
    for w in words:
        assert w in text, w
    rounds = client.post("/tournaments/new/", {**FIELDS, "max_players": "8", "rounds": "1"})
    assert ("needs at least 2 rounds" if lang == "en" else "braucht mindestens 2 Runden") in (
        rounds.content.decode()
    )
    assert not Tournament.objects.exists()
    client.post("/tournaments/new/", {**FIELDS, "movement": "mitchell"})
    assert Tournament.objects.filter(movement="mitchell").count() == 1


def test_every_field_that_comes_gets_settings_that_compare_a_board() -> None:
    """At the start the field may be smaller than the one the event was checked for: whatever
    the organiser chose, the settings played compare a board, and they are the organiser's own
    whenever those compare one."""
    for chosen in ("", "howell", "mitchell"):
        top = movements.HOWELL_MAX_PAIRS if chosen == "howell" else 40  # the form's limit
        for n in range(pairs.MIN_PAIRS, top + 1):
            for rounds in (None, 1, 2, 3, 5):
                for boards in (1, 2, 3):
                    played = pairs.settings_for_field(chosen, n, rounds, boards)
                    case = (chosen, n, rounds, boards, played)
                    assert pairs.compares_a_board(played.movement, n, played.rounds, boards), case
                    if pairs.compares_a_board(chosen, n, rounds, boards):
                        assert played == pairs.FieldSettings(
                            pairs.movement_kind(chosen, n), rounds
                        ), case


def test_five_pairs_of_a_planned_howell_of_eight_play_a_mitchell_and_the_log_says_why(
    organiser, client
) -> None:
    """Made for up to eight pairs as a Howell (which compares boards from six pairs on); five
    pairs came, and a Howell of five plays every board at one table only: the start switches to
    the Mitchell, says so in the event's log, and every board set is compared."""
    from tournaments.models import AuditEntry

    from .conftest import start

    t = services.tournament_create(
        organiser_id=organiser.pk, spec=_pairs_spec(max_players=8, name="Planned eight")
    )
    services.entry_add_ai(tournament_id=t.pk, by_user_id=organiser.pk, level="random", count=5)
    start(t)
    t.refresh_from_db()
    assert t.schedule["movement"] == "mitchell"
    assert pairs.compares_a_board("mitchell", 5, t.rounds, 1)
    (corrected,) = AuditEntry.objects.filter(tournament=t, action="movement_corrected")
    assert corrected.reason == (
        "5 pairs came: a Howell of all round(s) would compare no board, so a Mitchell of all "
        "round(s) is played"
    )
    client.force_login(organiser)  # the organiser reads the event's log on its page
    client.cookies["django_language"] = "de"
    log = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "Movement an das erschienene Feld angepasst · 5 pairs came" in log
    # A field the organiser's settings serve is left alone.
    full = services.tournament_create(
        organiser_id=organiser.pk, spec=_pairs_spec(max_players=8, name="Full eight")
    )
    services.entry_add_ai(tournament_id=full.pk, by_user_id=organiser.pk, level="random", count=8)
    start(full)
    full.refresh_from_db()
    assert full.schedule["movement"] == "howell"
    assert not AuditEntry.objects.filter(tournament=full, action="movement_corrected").exists()
