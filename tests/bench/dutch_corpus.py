"""Generate the FIDE Dutch reference corpus: seeded Swiss events paired round by round by py4swiss.

Our pairing is checked against an independent program on events it never saw being built:
``tests/matchmaking/test_dutch_corpus.py`` replays every round of every event through
:func:`matchmaking.swiss.pair_round` and compares boards, colours and the bye.  The corpus is made
once and committed (``tests/matchmaking/data/dutch_corpus.json.gz``); py4swiss is a bench-only
extra (``pip install -e .[bench]``), so the tests never need it.  Run from the repository root:

    .venv/bin/python tests/bench/dutch_corpus.py            # writes the corpus (120 events)
    .venv/bin/python tests/bench/dutch_corpus.py --events 10 --out /tmp/c.json.gz

Each event is seeded: 6 to 60 players with ratings ~ Normal(1700, 300) (a few unrated, rating 0),
5 to 11 rounds, white or black as the initial colour.  Player ids are the starting numbers (the
order of ratings over the whole event, late entrants included), as a TRF file numbers them.  Some
players enter late (zero-point byes before), some take a half-point bye or miss a round (zero-point
bye).  Games are played out by the Elo expectation, a fifth of them drawn.  An event whose next
round py4swiss cannot pair ends there.
"""

from __future__ import annotations

import argparse
import gzip
import importlib
import json
import random
import tempfile
from pathlib import Path
from typing import Any

DEFAULT_OUT = Path(__file__).resolve().parents[1] / "matchmaking" / "data" / "dutch_corpus.json.gz"
DRAW_SHARE = 0.2
RESULT_CODE = {1.0: "1", 0.5: "=", 0.0: "0"}


def _trf(event: dict[str, Any], played: list[dict[str, Any]], absent: dict[int, str]) -> str:
    """The event after the rounds in ``played`` as TRF-16, ``absent`` pre-entered for the next.

    ``absent`` maps a player to the code of their unpaired next round (``H`` or ``Z``); py4swiss
    pairs only players whose record stops at the last round played.
    """
    n = len(event["players"])
    cells: dict[int, list[str]] = {p: [] for p in range(1, n + 1)}
    points: dict[int, float] = dict.fromkeys(cells, 0.0)
    for rnd in played:
        seen = set()
        for white, black, result in rnd["games"]:
            cells[white].append(f"  {black:4d} w {RESULT_CODE[result]}")
            cells[black].append(f"  {white:4d} b {RESULT_CODE[1.0 - result]}")
            points[white] += result
            points[black] += 1.0 - result
            seen.update((white, black))
        for player, code in rnd["byes"]:
            cells[player].append(f"  0000 - {code}")
            points[player] += {"U": 1.0, "H": 0.5, "Z": 0.0}[code]
            seen.add(player)
        assert len(seen) == n
    for player, code in absent.items():
        cells[player].append(f"  0000 - {code}")
        points[player] += 0.5 if code == "H" else 0.0  # TRF's score column counts it already
    colour = "white1" if event["initial"] == "white" else "black1"
    lines = ["012 dutch corpus", f"XXR {event['rounds']}", f"XXC {colour}"]
    for number, rating in event["players"]:
        head = (
            f"001 {number:4d} m    {'P' + str(number):33} {rating:4d}     {'':11} {'':10}"
            f" {points[number]:4.1f} {number:4d}"
        )
        lines.append(head + "".join(cells[number]))
    return "\n".join(lines) + "\n"


def _pair(engines: Any, trf_module: Any, text: str) -> tuple[list[list[int]], int | None] | None:
    """py4swiss's next round for the TRF ``text``: ([white, black] boards, bye), or None."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "event.trf"
        path.write_text(text, encoding="utf-8")
        trf = trf_module.TrfParser.parse(path)
        try:
            pairs = engines.DutchEngine.generate_pairings(trf)
        except Exception:  # noqa: BLE001 - the reference's "cannot pair" ends the event
            return None
    boards = [[p.white, p.black] for p in pairs if p.black != 0]
    byes = [p.white for p in pairs if p.black == 0]
    return boards, (byes[0] if byes else None)


def make_event(seed: int, engines: Any, trf_module: Any) -> dict[str, Any]:
    """One seeded event, paired by py4swiss round by round."""
    rng = random.Random(seed)
    size = rng.choice([6, 7, 9, 10, 12, 15, 16, 19, 21, 24, 30, 33, 40, 47, 60])
    rounds = min(rng.randint(5, 11), size - 1)
    ratings = sorted(
        (0 if rng.random() < 0.05 else max(1000, round(rng.gauss(1700, 300))) for _ in range(size)),
        reverse=True,
    )
    players = [[k + 1, r] for k, r in enumerate(ratings)]
    event: dict[str, Any] = {
        "seed": seed,
        "players": players,
        "rounds": rounds,
        "initial": rng.choice(["white", "black"]),
        "played": [],
    }
    late = {p: rng.randint(2, 3) for p, _ in players if rng.random() < 0.06}
    strength = {p: (r or 1400) for p, r in players}
    for number in range(1, rounds + 1):
        absent: dict[int, str] = {}
        for p, _ in players:
            if late.get(p, 1) > number:
                absent[p] = "Z"
            elif number > 1 and rng.random() < 0.04:
                absent[p] = rng.choice(["H", "Z"])
        text = _trf(event, event["played"], absent)
        paired = _pair(engines, trf_module, text)
        if paired is None:
            break
        boards, bye = paired
        games = []
        for white, black in boards:
            expected = 1 / (1 + 10 ** ((strength[black] - strength[white]) / 400))
            x = rng.random()
            if x < expected * (1 - DRAW_SHARE):
                result = 1.0
            elif x < expected * (1 - DRAW_SHARE) + DRAW_SHARE:
                result = 0.5
            else:
                result = 0.0
            games.append([white, black, result])
        byes = [[p, code] for p, code in sorted(absent.items())]
        if bye is not None:
            byes.append([bye, "U"])
        event["played"].append({"games": games, "byes": byes})
    return event


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--events", type=int, default=120)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    engines = importlib.import_module("py4swiss.engines")
    trf_module = importlib.import_module("py4swiss.trf")
    events = [make_event(args.seed * 1000 + k, engines, trf_module) for k in range(args.events)]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(args.out, "wt", encoding="utf-8") as f:
        json.dump({"generator": "py4swiss 0.3.1 DutchEngine", "events": events}, f)
    rounds = sum(len(e["played"]) for e in events)
    print(f"{len(events)} events, {rounds} rounds -> {args.out}")


if __name__ == "__main__":
    main()
