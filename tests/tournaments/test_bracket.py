"""The knockout bracket on the event page: rounds as columns (the rounds to come too), byes, the
score of each match, the tie-break game's row and the champion (issue #29 §4); for tables of three
or more, the heats: a box per table with each player's place and who goes through."""

from __future__ import annotations

import pytest

from ratings.models import Rating
from tournaments import selectors, services
from tournaments.bracket import round_title
from tournaments.models import Pairing

from .conftest import lose, play_out, register, running, start

pytestmark = pytest.mark.django_db(transaction=True)


def seeded(make_user, make_tournament, count: int, **overrides):  # type: ignore[no-untyped-def]
    """A started knockout of ``count`` people, seeded in the order made (p0 the top seed)."""
    users = [make_user(f"p{i}") for i in range(count)]
    for i, u in enumerate(users):
        Rating.objects.create(game="spectacular_bid", user=u, rating=1900 - 10 * i)
    t = make_tournament(format="knockout", rounds=None, **overrides)
    entries = register(t, users)
    start(t)
    t.refresh_from_db()
    return t, entries


def names(column) -> list[list[str | None]]:  # type: ignore[no-untyped-def]
    return [[s.name for s in box.sides] for box in column.boxes]


def test_the_last_three_rounds_have_their_usual_names() -> None:
    assert [round_title(n, 4) for n in (1, 2, 3, 4)] == [
        "Round 1",
        "Quarter-finals",
        "Semi-finals",
        "Final",
    ]


def test_the_bracket_shows_every_round_from_the_start_with_byes_and_open_slots(
    make_user, make_tournament
) -> None:
    """Six players in an eight-slot bracket: seeds 1 and 2 have byes, and are already in their
    semi-final slots; the final is open."""
    t, _ = seeded(make_user, make_tournament, 6)
    bracket = selectors.knockout_bracket(t)
    assert bracket is not None
    assert [c.title for c in bracket.columns] == ["Quarter-finals", "Semi-finals", "Final"]
    first = bracket.columns[0]
    assert names(first) == [["p0", None], ["p3", "p4"], ["p1", None], ["p2", "p5"]]
    assert [box.sides[1].bye for box in first.boxes] == [True, False, True, False]
    assert [box.sides[0].seed for box in first.boxes] == [1, 4, 2, 3]
    assert first.boxes[0].sides[0].winner  # a bye goes through at once
    assert names(bracket.columns[1]) == [["p0", None], ["p1", None]]
    assert names(bracket.columns[2]) == [[None, None]]
    assert bracket.champion is None


def test_the_bracket_fills_in_as_matches_are_decided_and_names_the_champion(
    make_user, make_tournament
) -> None:
    t, entries = seeded(make_user, make_tournament, 4)
    by_name = {e.user.username: e.pk for e in entries}
    for pairing in running(t):  # the lower seed wins each semi-final
        lose(pairing, min(pairing.players, key=lambda p: [e.pk for e in entries].index(p)))
    (final,) = running(t)
    lose(final, by_name["p2"])
    t.refresh_from_db()
    bracket = selectors.knockout_bracket(t)
    assert bracket is not None
    semis, last = bracket.columns
    assert names(semis) == [["p0", "p3"], ["p1", "p2"]]
    assert [[s.points for s in box.sides] for box in semis.boxes] == [["0", "1"], ["0", "1"]]
    assert [s.name for box in semis.boxes for s in box.sides if s.winner] == ["p3", "p2"]
    assert names(last) == [["p2", "p3"]]
    assert bracket.champion == "p3"
    assert all(box.tiebreak is None for box in semis.boxes)


def test_a_level_match_shows_its_tie_break_game_row(make_user, make_tournament) -> None:
    t, _ = seeded(make_user, make_tournament, 2, knockout_games=2)
    (g1,) = running(t)
    lose(g1, g1.players[0])
    (g2,) = running(t)
    lose(g2, g2.players[0])  # 1–1
    bracket = selectors.knockout_bracket(t)
    assert bracket is not None
    (box,) = bracket.columns[0].boxes
    assert box.tiebreak is not None and box.tiebreak.state == "playing" and box.tiebreak.url
    (g3,) = running(t)
    lose(g3, g3.players[1])
    t.refresh_from_db()
    bracket = selectors.knockout_bracket(t)
    assert bracket is not None
    (box,) = bracket.columns[0].boxes
    assert box.tiebreak is not None and box.tiebreak.state == "done"
    assert box.tiebreak.winner == bracket.champion
    assert [s.points for s in box.sides] == ["1", "1"]  # the regular games' score


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["Bracket", "Final", "Champion", "Tie-break game", "won by"]),
        ("de", ["Finale", "Sieger", "Entscheidungspartie", "gewonnen von"]),
    ],
)
def test_the_event_page_draws_the_bracket_in_both_languages(
    client, make_user, make_tournament, lang: str, words: list[str]
) -> None:
    t, _ = seeded(make_user, make_tournament, 2, knockout_games=2)
    for _ in range(2):
        (game,) = running(t)
        lose(game, game.players[0])
    (tiebreak,) = running(t)
    lose(tiebreak, tiebreak.players[1])
    client.cookies["django_language"] = lang
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'data-testid="bracket"' in page
    for word in words:
        assert word in page


def heat_knockout(make_tournament, count: int):  # type: ignore[no-untyped-def]
    """A started Dou Dizhu knockout (tables of three) of ``count`` random AI players."""
    t = make_tournament(game="dou_dizhu", format="knockout", rounds=None, max_players=count)
    services.entry_add_ai(
        tournament_id=t.pk, by_user_id=t.organiser_id, level="random", count=count
    )
    start(t)
    t.refresh_from_db()
    return t


def test_a_heat_knockout_draws_every_round_from_the_start_tables_byes_and_the_final(
    make_tournament,
) -> None:
    """Ten at tables of three: three tables and the top seed's bye, then a table and a bye, then
    the final table.  Before anything is played the first column holds the seeded tables (snake
    order: seeds 1 and 2 at different tables) and a link to each table's game; the later rounds
    are empty tables of the sizes they will have."""
    t = heat_knockout(make_tournament, 10)
    bracket = selectors.knockout_bracket(t)
    assert bracket is not None
    assert [c.title for c in bracket.columns] == ["Quarter-finals", "Semi-finals", "Final"]
    first, second, final = bracket.columns
    tables = [box for box in first.boxes if not box.sides[-1].bye]
    byes = [box for box in first.boxes if box.sides[-1].bye]
    assert [len(box.sides) for box in tables] == [3, 3, 3]
    assert sorted(box.sides[0].seed for box in tables) == [2, 3, 4]
    assert [(b.sides[0].seed, b.sides[0].winner) for b in byes] == [(1, True)]
    assert all(box.url and box.playing and not box.decided for box in tables)
    assert [[s.name for s in box.sides] for box in second.boxes] == [[None] * 3, [None, None]]
    assert second.boxes[1].sides[1].bye
    assert [[s.name for s in box.sides] for box in final.boxes] == [[None] * 3]
    assert bracket.champion is None


def test_a_heat_table_shows_each_place_and_its_best_go_through_up_to_the_champion(
    make_tournament, ai_jobs, client
) -> None:
    t = heat_knockout(make_tournament, 9)
    seeds = (t.schedule or {})["seeds"]
    for pairing in running(t):
        play_out(pairing.match_id, ai_jobs)
    bracket = selectors.knockout_bracket(t)
    assert bracket is not None
    heats, final = bracket.columns
    for box, done in zip(
        heats.boxes, Pairing.objects.filter(tournament=t, round__number=1).order_by("board"),
        strict=True,
    ):
        assert box.decided and not box.playing and "/replay/" in (box.url or "")
        place = dict(zip(done.players, done.placings, strict=True))
        assert sorted(s.points for s in box.sides) == sorted(f"place {n}" for n in place.values())
        best = min(done.players, key=lambda p: (place[p], seeds.index(p)))
        assert [s.seed for s in box.sides if s.winner] == [seeds.index(best) + 1]
    (table,) = final.boxes
    assert sorted(s.seed for s in table.sides) == sorted(
        s.seed for box in heats.boxes for s in box.sides if s.winner
    )
    (last,) = running(t)
    play_out(last.match_id, ai_jobs)
    t.refresh_from_db()
    bracket = selectors.knockout_bracket(t)
    assert bracket is not None
    assert bracket.champion == selectors.standings_of(t)[0].name
    (table,) = bracket.columns[-1].boxes
    assert [s.name for s in table.sides if s.winner] == [bracket.champion]
    client.cookies["django_language"] = "de"
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'data-testid="bracket"' in page and "Platz 1" in page and "Finale" in page
