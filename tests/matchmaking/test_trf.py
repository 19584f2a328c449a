"""TRF export and import (``matchmaking/trf.py``): what an arbiter's pairing program reads."""

from __future__ import annotations

import pytest

from matchmaking.standings import Bye, ByeKind, Game, Results
from matchmaking.swiss import BLACK, WHITE, pair_round, players_from_results
from matchmaking.trf import TrfError, TrfEvent, dumps, loads, starting_numbers
from support.dutch_corpus import BYE_KINDS, load


def corpus_event(seed: int, rounds: int) -> TrfEvent:
    event = next(e for e in load() if e["seed"] == seed)
    games, byes = [], []
    for number, rnd in enumerate(event["played"][:rounds], start=1):
        for white, black, result in rnd["games"]:
            placings = (1, 2) if result == 1.0 else (1, 1) if result == 0.5 else (2, 1)
            games.append(Game(number, (white, black), placings))
        for player, code in rnd["byes"]:
            kind, points = BYE_KINDS[code]
            byes.append(Bye(number, player, kind, points))
    return TrfEvent(
        name=f"corpus {seed}",
        rounds=event["rounds"],
        initial_colour=WHITE if event["initial"] == "white" else BLACK,
        names={p: f"Player {p}" for p, _ in event["players"]},
        ratings={p: float(r) for p, r in event["players"]},
        games=tuple(games),
        byes=tuple(byes),
    )


def test_a_round_trip_keeps_everything_the_pairing_reads() -> None:
    original = corpus_event(29000, 5)
    text = dumps(original)
    colour = "white1" if original.initial_colour == WHITE else "black1"
    assert text.splitlines()[:3] == ["012 corpus 29000", f"XXR {original.rounds}", f"XXC {colour}"]
    back = loads(text)
    assert back.rounds == original.rounds and back.initial_colour == original.initial_colour
    assert back.ratings == original.ratings and back.names == original.names
    assert set(back.games) == set(original.games)
    assert set(back.byes) == set(original.byes)
    results = Results(back.ratings, back.games, back.byes, rounds=5)
    again = Results(original.ratings, original.games, original.byes, rounds=5)
    assert pair_round(players_from_results(results, back.ratings)) == pair_round(
        players_from_results(again, original.ratings)
    )


def test_columns_follow_trf16() -> None:
    """Starting number in columns 5-8, name 15-47, rating 49-52, points 81-84, rank 86-89, and
    each round's cell from column 92: opponent, colour, result."""
    event = TrfEvent(
        name="Club",
        rounds=3,
        initial_colour=BLACK,
        names={10: "Ann", 20: "Bob", 30: "Cy"},
        ratings={10: 1500.0, 20: 1900.0, 30: 1700.0},
        games=(Game(1, (20, 30), (1, 2)), Game(2, (10, 20), (1, 2), absent=frozenset({20}))),
        byes=(Bye(1, 10, ByeKind.PAIRING, 1.0), Bye(2, 30, ByeKind.HALF, 0.5)),
    )
    assert starting_numbers(event.ratings) == {20: 1, 30: 2, 10: 3}
    lines = dumps(event).splitlines()
    assert lines[2] == "XXC black1"
    bob = lines[3]
    assert bob[4:8] == "   1" and bob[14:17] == "Bob" and bob[48:52] == "1900"
    assert bob[80:84] == " 1.0" and bob[85:89] == "   1"
    assert bob[91:99] == "   2 w 1" and bob[101:109] == "   3 b -"
    ann = lines[5]
    assert ann[91:99] == "0000 - U" and ann[101:109] == "   1 w +"
    back = loads("\n".join(lines))
    forfeit = next(g for g in back.games if g.round == 2)
    assert forfeit.players == (3, 1) and forfeit.absent == frozenset({1})


def test_a_bad_number_is_reported_with_its_line() -> None:
    with pytest.raises(TrfError, match="line 2"):
        loads("012 x\nXXR many\n")
