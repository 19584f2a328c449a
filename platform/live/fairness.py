"""Provably fair deals: the check anyone can run, with nothing but the games package.

Every deal of a match comes from its seed (``games.core``: per deal ``Random(f"{seed}:{n}")``).
When a match starts the platform publishes a commitment to that seed — ``sha256("<salt>:<seed>")``
with a random secret salt — and when it ends it reveals the seed and the salt.  The record of a
finished match (``/match/<id>/fairness.json``, or ``manage.py verify_deal <id>``) then proves three
things, each checked here:

1. **commitment**: the revealed salt and seed give the commitment shown from the start, so the seed
   was fixed before anyone saw a card and never changed;
2. **replay**: the move log, replayed from a fresh match dealt from that seed, is legal move by
   move and ends in exactly the state the server stored — the players really played the deals of
   that seed (a card nobody was dealt could not have been played);
3. **deals**: each deal, recomputed from the seed alone by the game's published ``deal_for`` and
   fixed in a match with an unrelated seed, leads to the same game — so the deals are the game's
   documented shuffle of the seed and nothing else.

Run it on a downloaded record with ``python -m live.fairness record.json`` (exit 0 when every check
passes).  No Django import here on purpose: the check must not depend on the server's code beyond
the games.  What this does not prove is that the seed itself was drawn at random: the server still
chooses it (players cannot add their own entropy yet).
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.core import DEALS_OPTION, GameError, State
from games.registry import get_game

RECORD_FORMAT = "deal-proof/1"
REPLAYED_KINDS = ("action", "stall")
"""Move-log kinds whose ``action`` went through the engine (a stall applies the forced action)."""


def new_salt() -> str:
    return secrets.token_hex(16)


def commitment_of(*, seed: int, salt: str) -> str:
    """The published commitment: SHA-256 of ``"<salt>:<seed>"`` (seed in decimal), hex."""
    return hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest()


@dataclass(frozen=True)
class Check:
    """One check's outcome.  ``detail`` is the command line's technical sentence; ``reason`` (a
    short code) and ``count`` (moves or deals) let a page say the same in plain words in its own
    language."""

    name: str
    ok: bool
    detail: str
    reason: str = ""
    count: int | None = None


@dataclass
class Report:
    checks: list[Check] = field(default_factory=list)
    deals: list[Any] = field(default_factory=list)
    """Deal *i* of the match as ``deal_for(seats, seed, i)`` gives it, for every deal it reached."""

    @property
    def ok(self) -> bool:
        return bool(self.checks) and all(c.ok for c in self.checks)


def _plain(value: Any) -> Any:
    """``value`` as JSON would give it back (tuples become lists …), for comparing states."""
    return json.loads(json.dumps(value, sort_keys=True))


def _moves(record: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    moves = sorted(record.get("moves") or [], key=lambda m: m["seq"])
    return [m for m in moves if m.get("kind") in REPLAYED_KINDS and m.get("action") is not None]


def _replay(
    game: Any, seats: int, options: Mapping[str, Any], seed: int, moves: Sequence[Mapping[str, Any]]
) -> State[Any]:
    """The match replayed from its start; ``GameError`` (an illegal move included) names the
    move where it went wrong."""
    state = game.new_state(seats, options, seed)
    for move in moves:
        try:
            state.apply(move["seat"], game.decode_action(move["action"]))
        except GameError as exc:
            raise GameError(f"move {move['seq']} (seat {move['seat']}): {exc}") from None
    return state


def _views(state: State[Any], seats: int) -> Any:
    return _plain(
        {
            "views": [state.view(s) for s in (*range(seats), None)],
            "over": state.is_over(),
        }
    )


def _other_seed(seed: int) -> int:
    """A seed unrelated to ``seed`` (for the match whose deals are all fixed)."""
    return (seed ^ 0x2545F4914F6CDD1D) % (2**62) or 1


def verify_record(record: Mapping[str, Any]) -> Report:
    """Every check of the module docstring on one match record (see :data:`RECORD_FORMAT`)."""
    report = Report()
    seed, salt = record.get("seed"), record.get("salt") or ""
    if not isinstance(seed, int):
        report.checks.append(
            Check("seed", False, "the record reveals no seed (is it over?)", "no_seed")
        )
        return report
    commitment = record.get("commitment") or ""
    if not commitment:
        report.checks.append(
            Check(
                "commitment", False, "no commitment was published for this match", "no_commitment"
            )
        )
    elif commitment_of(seed=seed, salt=salt) != commitment:
        report.checks.append(
            Check(
                "commitment",
                False,
                "sha256(salt:seed) does not match the commitment",
                "mismatch",
            )
        )
    else:
        report.checks.append(
            Check("commitment", True, f"sha256(salt:seed) = {commitment}", "matches")
        )

    try:
        game = get_game(record["game"])
    except KeyError:
        report.checks.append(
            Check("replay", False, f"unknown game {record.get('game')!r}", "unknown_game")
        )
        return report
    seats = int(record["seats"])
    options = dict(record.get("options") or {})
    moves = _moves(record)
    try:
        replayed = _replay(game, seats, options, seed, moves)
    except GameError as exc:
        report.checks.append(
            Check("replay", False, f"the move log does not replay: {exc}", "illegal")
        )
        return report
    final = record.get("final_state")
    if final is not None and _plain(replayed.to_json()) != _plain(final):
        report.checks.append(
            Check(
                "replay",
                False,
                "the replayed match differs from the stored final state",
                "differs",
            )
        )
        return report
    report.checks.append(
        Check(
            "replay",
            True,
            f"{len(moves)} moves replay legally to the stored final state",
            "legal",
            len(moves),
        )
    )
    report.checks.append(_check_deals(game, seats, options, seed, moves, replayed, report))
    return report


def _check_deals(
    game: Any,
    seats: int,
    options: dict[str, Any],
    seed: int,
    moves: Sequence[Mapping[str, Any]],
    replayed: State[Any],
    report: Report,
) -> Check:
    deal_for: Callable[[int, int, int], Any] | None = game.deal_for
    if deal_for is None:
        return Check("deals", True, "this game deals nothing hidden", "nothing_hidden")
    if options.get(DEALS_OPTION):
        return Check(
            "deals", False, "the deals were fixed by the match's options, not the seed", "fixed"
        )
    target = _views(replayed, seats)
    alt = _other_seed(seed)

    def same_with(count: int) -> bool:
        fixed = {**options, DEALS_OPTION: [deal_for(seats, seed, i) for i in range(count)]}
        try:
            return _views(_replay(game, seats, fixed, alt, moves), seats) == target
        except GameError:
            return False

    # A match cannot reach more deals than it has moves (plus the first): with that many fixed,
    # no deal comes from the unrelated seed.  Then the fewest that still give the same game are
    # the deals it reached (fewer leave one to the unrelated seed, and the game goes elsewhere).
    high = len(moves) + 1
    if not same_with(high):
        return Check(
            "deals", False, "the deals recomputed from the seed do not give this game", "differs"
        )
    low = 0
    while low < high:
        mid = (low + high) // 2
        if same_with(mid):
            high = mid
        else:
            low = mid + 1
    report.deals = [deal_for(seats, seed, i) for i in range(high)]
    return Check(
        "deals",
        True,
        f"{high} deal(s) recomputed from the seed with deal_for give the same game",
        "same",
        high,
    )


def main(argv: Sequence[str]) -> int:
    """``python -m live.fairness record.json``: print each check; exit 1 if one fails."""
    if len(argv) != 1:
        print("usage: python -m live.fairness RECORD.json", file=sys.stderr)
        return 2
    with open(argv[0], encoding="utf-8") as f:
        record = json.load(f)
    report = verify_record(record)
    for check in report.checks:
        print(f"{'ok  ' if check.ok else 'FAIL'} {check.name}: {check.detail}")
    print("verified" if report.ok else "NOT verified")
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
