"""Hold'em hand histories (games/holdem/hand_history.py): a finished match replayed from its move
log and written one block per hand — every hole card dealt shown, the board as the engine dealt
it, each pot's total equal to the chips collected and to the chips put in, the chips carried from
hand to hand as the engine counts them; an unfinished match is refused."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from games.cards import parse
from games.core import JSON, ExportInput, IllegalAction
from games.holdem import GAME
from games.holdem.hand_history import card_text, hand_history
from games.holdem.hand_result import HandResult
from games.holdem.state import HoldemState
from games.poker.betting import BetAction

NAMES = ("ann", "bob", "cy", "dee")
HEADER = re.compile(r"^PokerStars Hand #(\d+): Hold'em No Limit \(10/20\) - (.+)$")
SEAT = re.compile(r"^Seat (\d+): (\S+) \((\d+) in chips\)$")
DEALT = re.compile(r"^Dealt to (\S+) \[(\S\S) (\S\S)\]$")

type Policy = Callable[[random.Random, Sequence[BetAction]], BetAction]


def shove(rng: random.Random, legal: Sequence[BetAction]) -> BetAction:
    """The largest action on offer: all-in, or calling one."""
    return legal[-1]


def anything(rng: random.Random, legal: Sequence[BetAction]) -> BetAction:
    return rng.choice(legal)


@dataclass
class Played:
    """A match played to the end, with what the engine itself said about each hand."""

    state: HoldemState
    moves: list[tuple[int, JSON]]
    holes: dict[int, list[list[int]]] = field(default_factory=dict)
    """Hand number → every seat's hole cards, as the engine dealt them."""
    results: dict[int, HandResult] = field(default_factory=dict)
    """Hand number → the engine's settled result."""


@pytest.fixture
def play(monkeypatch: pytest.MonkeyPatch) -> Callable[..., Played]:
    """Plays a match to the end; the engine's own dealing and settling are watched, so every hand
    is known even when one action ends a hand and the next is decided before anyone acts."""
    watched: list[Played] = []
    deal_cards, settle_hand = HoldemState._deal_cards, HoldemState._settle_hand

    def dealt(self: HoldemState, players: list[int]) -> None:
        deal_cards(self, players)
        if watched:
            watched[-1].holes[self.hand_no] = [list(h) for h in self.hole]

    def settled(self: HoldemState, events: list[Any]) -> HandResult:
        result = settle_hand(self, events)
        if watched:
            watched[-1].results[result.hand_no] = result
        return result

    monkeypatch.setattr(HoldemState, "_deal_cards", dealt)
    monkeypatch.setattr(HoldemState, "_settle_hand", settled)

    def run(seed: int, policy: Policy, options: dict[str, Any] | None = None) -> Played:
        played = Played(HoldemState.__new__(HoldemState), [])
        watched.append(played)
        state = played.state = HoldemState.new(4, options or {}, seed)
        rng = random.Random(seed)
        while not state.is_over():
            assert len(played.moves) < 20_000, "the match should end"
            seat = state.pending()[0].seat
            action = policy(rng, state.legal_actions(seat))
            played.moves.append((seat, GAME.encode_action(action)))
            state.apply(seat, action)
        watched.clear()
        return played

    return run


def export(
    played: Played,
    options: dict[str, Any] | None = None,
    upto: int | None = None,
    *,
    ended: bool = False,
) -> str:
    moves = played.moves if upto is None else played.moves[:upto]
    return hand_history(
        ExportInput(
            seed=played.state.seed,
            seats=4,
            options=options or {},
            moves=moves,
            players=NAMES,
            date="2026-12-04T13:05:00+00:00",
            title="Match #7",
            ended=ended,
        )
    )


def blocks(text: str) -> list[list[str]]:
    """The text cut into hands at each header line (the separators are empty lines)."""
    out: list[list[str]] = []
    for line in text.splitlines():
        if HEADER.match(line):
            out.append([])
        if line:
            assert out, f"text before the first header: {line!r}"
            out[-1].append(line)
    return out


def cards(text: str) -> list[int]:
    return [parse(c) for c in text.split()]


def board_of(block: list[str]) -> list[int]:
    board = [line for line in block if line.startswith("Board [")]
    return cards(board[0][len("Board [") : -1]) if board else []


@dataclass
class Money:
    """A block's chips: where each seat started, what it put in, what it collected."""

    start: dict[str, int] = field(default_factory=dict)
    put_in: dict[str, int] = field(default_factory=dict)
    collected: dict[str, int] = field(default_factory=dict)
    total_pot: int = 0

    def end(self, name: str) -> int:
        return self.start[name] - self.put_in.get(name, 0) + self.collected.get(name, 0)


def money(block: list[str]) -> Money:
    """Re-reads a block's chips from its lines, street by street (amounts are "raise to")."""
    m = Money()
    street: dict[str, int] = {}

    def put(name: str, total: int) -> None:
        m.put_in[name] = m.put_in.get(name, 0) + total - street.get(name, 0)
        street[name] = total

    for line in block:
        if seat := SEAT.match(line):
            m.start[seat[2]] = int(seat[3])
        elif line.startswith("*** ") and line.split()[1] in ("FLOP", "TURN", "RIVER"):
            street = {}
        elif blind := re.match(r"^(\S+): posts (?:small|big) blind (\d+)", line):
            put(blind[1], int(blind[2]))
        elif call := re.match(r"^(\S+): (?:calls|bets) (\d+)", line):
            put(call[1], street.get(call[1], 0) + int(call[2]))
        elif raise_ := re.match(r"^(\S+): raises (\d+) to (\d+)", line):
            put(raise_[1], int(raise_[3]))
        elif back := re.match(r"^Uncalled bet \((\d+)\) returned to (\S+)$", line):
            m.put_in[back[2]] -= int(back[1])
            street[back[2]] -= int(back[1])
        elif won := re.match(r"^(\S+) collected (\d+) from (?:pot|main pot|side pot-\d+)$", line):
            m.collected[won[1]] = m.collected.get(won[1], 0) + int(won[2])
        elif total := re.match(r"^Total pot (\d+) ", line):
            m.total_pot = int(total[1])
    return m


CASES = [
    pytest.param(3, anything, None, id="random-actions"),
    pytest.param(11, shove, None, id="all-in-every-hand"),
    pytest.param(5, shove, {"stacks": [100, 500, 1000, 2000]}, id="side-pots"),
    pytest.param(8, anything, {"stacks": [15, 1000, 35, 400]}, id="short-blinds"),
]


@pytest.mark.parametrize(("seed", "policy", "options"), CASES)
def test_every_hole_card_dealt_is_shown(
    play: Callable[..., Played], seed: int, policy: Policy, options: dict[str, Any] | None
) -> None:
    played = play(seed, policy, options)
    text = export(played, options)
    for block in blocks(text):
        hand_no = int(HEADER.match(block[0])[1]) - 1  # type: ignore[index]
        seated = {m[2] for line in block if (m := SEAT.match(line))}
        dealt = {m[1]: cards(f"{m[2]} {m[3]}") for line in block if (m := DEALT.match(line))}
        assert set(dealt) == seated, "every player in the hand has his cards shown"
        assert dealt == {NAMES[s]: h for s, h in enumerate(played.holes[hand_no]) if h}
        for seat, hole in played.results[hand_no].shown.items():
            assert dealt[NAMES[seat]] == list(hole)
    assert len(played.holes) == len(played.results) == played.state.hand_no + 1


@pytest.mark.parametrize(("seed", "policy", "options"), CASES)
def test_pot_totals_equal_the_chips_won_and_put_in(
    play: Callable[..., Played], seed: int, policy: Policy, options: dict[str, Any] | None
) -> None:
    played = play(seed, policy, options)
    parsed = [money(b) for b in blocks(export(played, options))]
    for hand_no, m in enumerate(parsed):
        assert m.total_pot == sum(m.collected.values()) == sum(m.put_in.values()) > 0
        stacks = played.results[hand_no].stacks
        assert {name: m.end(name) for name in m.start} == {
            name: stacks[NAMES.index(name)] for name in m.start
        }, "the chips after the hand are the engine's"
        if hand_no + 1 < len(parsed):
            after = parsed[hand_no + 1].start
            assert all(after[name] == m.end(name) for name in after)
    last = parsed[-1]
    assert [last.end(n) if n in last.start else 0 for n in NAMES] == played.state.stacks


@pytest.mark.parametrize(("seed", "policy", "options"), CASES)
def test_the_board_cards_are_the_engines(
    play: Callable[..., Played], seed: int, policy: Policy, options: dict[str, Any] | None
) -> None:
    played = play(seed, policy, options)
    for hand_no, block in enumerate(blocks(export(played, options))):
        assert board_of(block) == list(played.results[hand_no].board)


def test_a_fixed_deal_reads_back_card_by_card_street_by_street(
    play: Callable[..., Played],
) -> None:
    deal = {
        "hole": {"0": ["AS", "KD"], "1": ["2H", "2D"], "2": ["9C", "8C"], "3": ["QH", "QS"]},
        "board": ["2C", "7D", "10H", "JS", "3C"],
    }
    options = {"deals": [deal]}
    played = play(1, shove, options)
    first = blocks(export(played, options))[0]
    for seat, hole in deal["hole"].items():  # type: ignore[union-attr]
        shown = " ".join(card_text(parse(c)) for c in hole)
        assert f"Dealt to {NAMES[int(seat)]} [{shown}]" in first
    assert "*** FLOP *** [2c 7d Th]" in first
    assert "*** TURN *** [2c 7d Th] [Js]" in first
    assert "*** RIVER *** [2c 7d Th Js] [3c]" in first
    assert "Board [2c 7d Th Js 3c]" in first
    assert "*** SHOW DOWN ***" in first
    assert "bob: shows [2h 2d] (Trips)" in first, "the hand shown with the engine's category"
    assert first[1] == "Table 'Match #7' 4-max Seat #1 is the button"
    assert first[2:6] == [f"Seat {s + 1}: {NAMES[s]} (1000 in chips)" for s in range(4)]
    assert first[6:8] == ["bob: posts small blind 10", "cy: posts big blind 20"]
    assert first[8] == "*** HOLE CARDS ***"
    assert first[13] == "dee: raises 980 to 1000 and is all-in"


def test_an_uncontested_pot_is_collected_without_showing() -> None:
    # Everyone folds to the big blind: cy gets back the 10 nobody called and wins the blinds.
    state = HoldemState.new(4, {}, 2)
    moves: list[tuple[int, JSON]] = []
    for _ in range(3):
        seat = state.pending()[0].seat
        moves.append((seat, GAME.encode_action(BetAction("fold"))))
        state.apply(seat, BetAction("fold"))
    moves += _finish(state)
    text = export(Played(state, moves))
    first = blocks(text)[0]
    assert first[8] == "*** HOLE CARDS ***" and all(x.startswith("Dealt to") for x in first[9:13])
    assert first[13:16] == ["dee: folds", "ann: folds", "bob: folds"]
    assert "Uncalled bet (10) returned to cy" in first
    assert "cy collected 20 from pot" in first and "cy: doesn't show hand" in first
    assert "*** SHOW DOWN ***" not in first and not board_of(first)
    assert "Seat 3: cy (big blind) collected (20)" in first
    assert "Seat 1: ann (button) folded before Flop" in first


def _finish(state: HoldemState) -> list[tuple[int, JSON]]:
    """Moves that play ``state`` on to the end, all-in every time."""
    moves: list[tuple[int, JSON]] = []
    while not state.is_over():
        seat = state.pending()[0].seat
        action = state.legal_actions(seat)[-1]
        moves.append((seat, GAME.encode_action(action)))
        state.apply(seat, action)
    return moves


def test_an_unfinished_match_is_refused(play: Callable[..., Played]) -> None:
    played = play(4, shove)
    assert len(played.moves) > 1
    with pytest.raises(ValueError, match="not over"):
        export(played, upto=len(played.moves) - 1)
    with pytest.raises(ValueError, match="not over"):
        export(played, upto=0)


def test_a_match_that_ended_mid_hand_writes_that_hand_as_far_as_it_went(
    play: Callable[..., Played],
) -> None:
    played = play(4, shove)
    cut = len(played.moves) - 1
    text = export(played, upto=cut, ended=True)
    blocks = text.split("\n\n\n")
    last = blocks[-1]
    assert last.rstrip().endswith("*** HAND NOT COMPLETED: the match ended ***")
    assert "*** SUMMARY ***" not in last and "*** HOLE CARDS ***" in last
    # The hands before it are whole and the same as in the full record.
    whole = export(played).split("\n\n\n")
    assert blocks[:-1] == whole[: len(blocks) - 1]


def test_the_log_decides_not_the_caller(play: Callable[..., Played]) -> None:
    """A move the engine would not allow is refused as the engine refuses it, not written."""
    played = play(4, shove)
    bad = [(played.moves[0][0], {"kind": "raise", "to": 5})]
    with pytest.raises(IllegalAction, match="at least 40"):
        export(Played(played.state, bad))


@pytest.mark.parametrize("seed", range(6))
def test_a_whole_random_match_exports_one_block_per_hand(
    play: Callable[..., Played], seed: int
) -> None:
    played = play(100 + seed, anything)
    text = export(played)
    parsed = blocks(text)
    assert len(parsed) == played.state.hand_no + 1
    assert text.count("\n\n\n") == len(parsed) - 1 and text.endswith("\n")
    for number, block in enumerate(parsed, start=1):
        header = HEADER.match(block[0])
        assert header is not None and int(header[1]) == number
        assert header[2] == "2026/12/04 13:05:00 UTC"
        assert re.fullmatch(r"Table 'Match #7' 4-max Seat #[1-4] is the button", block[1])
        assert block.count("*** HOLE CARDS ***") == 1
        summary = block.index("*** SUMMARY ***")
        assert block[summary + 1].startswith("Total pot ") and block[summary + 1].endswith("Rake 0")
        seats = [line for line in block[:summary] if SEAT.match(line)]
        assert len(block[summary:]) - 2 - bool(board_of(block)) == len(seats)
        streets = [line.split()[1] for line in block if line.startswith("*** ")]
        assert streets == [
            s for s in ("HOLE", "FLOP", "TURN", "RIVER", "SHOW", "SUMMARY") if s in streets
        ], "the sections come in order"


def test_the_hold_em_declaration_offers_the_hand_history() -> None:
    export_ = GAME.exports["hand_history"]
    assert (export_.label, export_.media_type, export_.extension) == (
        "Hand history",
        "text/plain",
        "txt",
    )
    assert export_.write is hand_history
