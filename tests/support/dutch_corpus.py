"""Replaying the FIDE Dutch reference corpus (``tests/bench/dutch_corpus.py`` made it) through
:func:`matchmaking.swiss.pair_round`, the way the platform calls it: results of the rounds so far,
the ratings of everyone entered, and the players taking part in the round being paired."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from matchmaking.standings import Bye, ByeKind, Game, Results
from matchmaking.swiss import BLACK, WHITE, SwissPairing, pair_round, players_from_results

CORPUS = Path(__file__).resolve().parents[1] / "matchmaking" / "data" / "dutch_corpus.json.gz"
BYE_KINDS = {"U": (ByeKind.PAIRING, 1.0), "H": (ByeKind.HALF, 0.5), "Z": (ByeKind.ZERO, 0.0)}


@dataclass(frozen=True)
class RoundCase:
    """One round of one event: what the reference paired, and what we paired."""

    seed: int
    number: int
    reference: tuple[frozenset[tuple[int, int]], int | None]
    ours: tuple[frozenset[tuple[int, int]], int | None]

    @property
    def same(self) -> bool:
        return self.reference == self.ours


def load() -> list[dict[str, Any]]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as f:
        events: list[dict[str, Any]] = json.load(f)["events"]
    return events


def _key(pairing: SwissPairing) -> tuple[frozenset[tuple[int, int]], int | None]:
    return frozenset((b.white, b.black) for b in pairing.boards), pairing.bye


def replay(events: list[dict[str, Any]] | None = None) -> Iterator[RoundCase]:
    """Every round of every event, paired by us from the reference's earlier rounds."""
    for event in events if events is not None else load():
        ratings = {p: float(r) for p, r in event["players"]}
        initial = WHITE if event["initial"] == "white" else BLACK
        games: list[Game] = []
        byes: list[Bye] = []
        for index, rnd in enumerate(event["played"]):
            number = index + 1
            results = Results(ratings, games, byes, rounds=number - 1)
            unpaired = {p for p, code in rnd["byes"] if code != "U"}
            entrants = [p for p in ratings if p not in unpaired]
            players = players_from_results(results, ratings, entrants=entrants)
            ours = pair_round(
                players,
                total_rounds=event["rounds"],
                rounds_played=number - 1,
                initial_colour=initial,
            )
            reference = (
                frozenset((w, b) for w, b, _ in rnd["games"]),
                next((p for p, code in rnd["byes"] if code == "U"), None),
            )
            yield RoundCase(event["seed"], number, reference, _key(ours))
            for white, black, result in rnd["games"]:
                placings = (1, 2) if result == 1.0 else (1, 1) if result == 0.5 else (2, 1)
                games.append(Game(number, (white, black), placings))
            for player, code in rnd["byes"]:
                kind, points = BYE_KINDS[code]
                byes.append(Bye(number, player, kind, points))


def match_rate() -> tuple[int, int, list[RoundCase]]:
    """(identical rounds, rounds, the differing cases)."""
    cases = list(replay())
    differing = [c for c in cases if not c.same]
    return len(cases) - len(differing), len(cases), differing


if __name__ == "__main__":
    same, total, differing = match_rate()
    colour_only = sum(
        1
        for c in differing
        if {frozenset(p) for p in c.reference[0]} == {frozenset(p) for p in c.ours[0]}
        and c.reference[1] == c.ours[1]
    )
    bye = sum(1 for c in differing if c.reference[1] != c.ours[1])
    print(f"identical rounds: {same} of {total} ({100 * same / total:.1f} %)")
    print(f"differing: {len(differing)} (colours only {colour_only}, a different bye {bye})")
