"""Hand histories: a finished Hold'em match written as poker hand-history text, one block a hand.

The text follows the layout PokerStars gives its players (and which hand-history tools read): per
hand a header (hand number, ``Hold'em No Limit (10/20)``, the date), the table line with the
button's seat, ``Seat n: Name (1000 in chips)`` for every player dealt in, the blinds posted,
``*** HOLE CARDS ***`` with ``Dealt to Name [Ah Kd]`` for every player, the actions street by street
(``folds``, ``checks``, ``calls 20``, ``bets 40``, ``raises 40 to 60``, ``and is all-in``), the
streets ``*** FLOP *** [2c 7d Th]``, ``*** TURN *** [2c 7d Th] [Js]``, ``*** RIVER *** [2c 7d Th Js]
[3c]``, ``*** SHOW DOWN ***`` with the hands shown, ``Name collected 300 from pot`` and a
``*** SUMMARY ***`` with the total pot and the board.  Seats are numbered from 1 (the engine's seat
``s`` is ``Seat s+1``); blocks are separated by two empty lines.

Everything is read off the engine: :func:`replay` runs the move log from the seed and options
through :class:`~games.holdem.state.HoldemState` and collects the events of every step (the hole
cards from each hand's ``hand_start`` event, the blinds, the actions, the streets, the pots), never
from what a caller says happened.  The record shows every player's hole cards, so only a finished
match is written: :func:`hand_history` refuses one that is not over (``ValueError``) unless the
platform says the match has ended (``ExportInput.ended``: a resignation, a time loss, an abort);
then the hand in progress is written as far as it went, marked as not completed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Final

from games.cards import parse
from games.core import JSON, ExportInput
from games.holdem.actions import decode_action
from games.holdem.state import BIG_BLIND, SMALL_BLIND, STARTING_STACK, HoldemState
from games.poker.evaluation import hand_name, hand_value

SITE: Final = "PokerStars"
"""The header's first word: the layout is PokerStars', so hand-history tools read it as theirs."""
GAME_LINE: Final = f"Hold'em No Limit ({SMALL_BLIND}/{BIG_BLIND})"
RANKS: Final = "23456789TJQKA"
"""Hand-history rank characters, indexed by ``card % 13`` (the :mod:`games.cards` numbering)."""
SUITS: Final = "cdhs"
"""Hand-history suit characters (lower case), indexed by ``card // 13``."""
STREET_TITLES: Final = {"flop": "FLOP", "turn": "TURN", "river": "RIVER"}
STREET_NAMES: Final = ("Flop", "Turn", "River")
"""For the summary's ``folded on the Flop``; index = street number - 1."""
HAND_SEPARATOR: Final = "\n\n\n"
"""Between two hand blocks (each block ends with its own newline, so two empty lines)."""
HAND_NOT_COMPLETED: Final = "*** HAND NOT COMPLETED: the match ended ***"
"""The last line of a hand the match ended in (no summary: its pot was never awarded)."""


def card_text(card: int) -> str:
    """A card as hand histories write it, rank then lower-case suit: ``"Ah"``, ``"Td"``."""
    return RANKS[card % 13] + SUITS[card // 13]


def _cards(names: Iterable[str]) -> list[int]:
    return [parse(n) for n in names]


def _bracket(cards: Iterable[int]) -> str:
    return "[" + " ".join(card_text(c) for c in cards) + "]"


def replay(
    options: Mapping[str, JSON], seed: int, seats: int, moves: Iterable[tuple[int, JSON]]
) -> tuple[HoldemState, list[dict[str, JSON]]]:
    """The match rebuilt from its options, seed and move log (``(seat, action JSON)`` in order,
    as the platform stores them), and every event it caused in order, each as stored on the state
    (``kind``, public ``data``, ``private`` parts by seat); an illegal move raises as
    :meth:`HoldemState.apply` does."""
    state = HoldemState.new(seats, options, seed)
    events = list(state.events)
    for seat, raw in moves:
        state.apply(seat, decode_action(raw))
        events.extend(state.events)
    return state, events


def _clean(name: str) -> str:
    """A display name on one line (control characters would break the record's lines)."""
    return "".join(ch if ch.isprintable() else "?" for ch in name).strip() or "?"


@dataclass
class _Hand:
    """One hand as it is written: its lines so far and what the summary needs."""

    number: int
    button: int
    small_blind: int
    big_blind: int
    dealt: list[int]
    start: list[int]
    holes: dict[int, list[int]]
    lines: list[str] = field(default_factory=list)
    street: int = 0
    level: int = BIG_BLIND
    bets: dict[int, int] = field(default_factory=dict)
    board: list[int] = field(default_factory=list)
    folded: dict[int, int] = field(default_factory=dict)
    """Seat → the street number it folded on."""
    shown: dict[int, list[int]] = field(default_factory=dict)
    won: dict[int, int] = field(default_factory=dict)
    pots: list[int] = field(default_factory=list)
    uncontested: bool = False


class _Writer:
    def __init__(self, names: Sequence[str], start: list[int], title: str, when: str) -> None:
        self.names = names
        self.stacks = start
        self.title = title
        self.when = when
        self.blocks: list[str] = []
        self.hand: _Hand | None = None

    def name(self, seat: int) -> str:
        return self.names[seat]

    def feed(self, event: Mapping[str, JSON]) -> None:
        kind, data = event["kind"], event["data"]
        if kind == "hand_start":
            self._start(data, event["private"])
            return
        hand = self.hand
        if hand is None:
            return
        if kind == "action":
            self._action(hand, data)
        elif kind == "uncalled_returned":
            seat, amount = data["seat"], data["amount"]
            hand.bets[seat] -= amount
            hand.lines.append(f"Uncalled bet ({amount}) returned to {self.name(seat)}")
        elif kind == "street":
            self._street(hand, data)
        elif kind == "showdown":
            self._showdown(hand, data)
        elif kind == "won_uncontested":
            seat, amount = data["seat"], data["amount"]
            hand.uncontested = True
            hand.won[seat] = amount
            hand.pots = [amount]
            hand.lines.append(f"{self.name(seat)} collected {amount} from pot")
            hand.lines.append(f"{self.name(seat)}: doesn't show hand")
        elif kind == "hand_end":
            self._end(hand, data)

    # ------------------------------------------------------------------ the parts of a hand

    def _start(self, data: Mapping[str, JSON], private: Mapping[str, JSON]) -> None:
        sb_seat, sb = data["small_blind"]
        bb_seat, bb = data["big_blind"]
        dealt = sorted(data["dealt"])
        hand = _Hand(
            number=data["hand_no"] + 1,
            button=data["button"],
            small_blind=sb_seat,
            big_blind=bb_seat,
            dealt=dealt,
            start=list(self.stacks),
            holes={s: _cards(private[str(s)]["hole"]) for s in dealt},
            bets={s: 0 for s in dealt},
        )
        self.hand = hand
        when = f" - {self.when}" if self.when else ""
        hand.lines += [
            f"{SITE} Hand #{hand.number}: {GAME_LINE}{when}",
            f"Table '{self.title}' {len(self.stacks)}-max Seat #{hand.button + 1} is the button",
            *(f"Seat {s + 1}: {self.name(s)} ({hand.start[s]} in chips)" for s in dealt),
        ]
        for seat, amount, what in ((sb_seat, sb, "small"), (bb_seat, bb, "big")):
            hand.bets[seat] = amount
            all_in = " and is all-in" if amount == hand.start[seat] else ""
            hand.lines.append(f"{self.name(seat)}: posts {what} blind {amount}{all_in}")
        hand.lines.append("*** HOLE CARDS ***")
        hand.lines += [f"Dealt to {self.name(s)} {_bracket(hand.holes[s])}" for s in dealt]

    def _action(self, hand: _Hand, data: Mapping[str, JSON]) -> None:
        seat, kind, to = data["seat"], data["action"], data["to"]
        before = hand.bets[seat]
        if kind == "fold":
            hand.folded[seat] = hand.street
            text = "folds"
        elif kind == "check":
            text = "checks"
        elif kind == "call":
            text = f"calls {to - before}"
        elif kind == "bet":
            text = f"bets {to - before}"
        else:
            text = f"raises {to - hand.level} to {to}"
        if kind in ("bet", "raise"):
            hand.level = max(hand.level, to)
        hand.bets[seat] = to
        all_in = " and is all-in" if data["all_in"] and kind not in ("fold", "check") else ""
        hand.lines.append(f"{self.name(seat)}: {text}{all_in}")

    def _street(self, hand: _Hand, data: Mapping[str, JSON]) -> None:
        cards = _cards(data["cards"])
        before = list(hand.board)
        hand.board += cards
        hand.street += 1
        hand.level = 0
        title = STREET_TITLES[data["street"]]
        shown = f"{_bracket(before)} {_bracket(cards)}" if before else _bracket(cards)
        hand.lines.append(f"*** {title} *** {shown}")
        hand.bets = dict.fromkeys(hand.bets, 0)

    def _showdown(self, hand: _Hand, data: Mapping[str, JSON]) -> None:
        hand.lines.append("*** SHOW DOWN ***")
        for key, names in sorted(data["shown"].items(), key=lambda kv: int(kv[0])):
            seat = int(key)
            hand.shown[seat] = _cards(names)
            cards, category = _bracket(hand.shown[seat]), self._category(hand, seat)
            hand.lines.append(f"{self.name(seat)}: shows {cards} ({category})")
        pots = data["pots"]
        for i, pot in enumerate(pots):
            hand.pots.append(pot["amount"])
            where = "pot" if len(pots) == 1 else ("main pot" if i == 0 else f"side pot-{i}")
            for key, chips in sorted(pot["shares"].items(), key=lambda kv: int(kv[0])):
                seat = int(key)
                hand.won[seat] = hand.won.get(seat, 0) + chips
                hand.lines.append(f"{self.name(seat)} collected {chips} from {where}")

    def _category(self, hand: _Hand, seat: int) -> str:
        return hand_name(hand_value([*hand.shown[seat], *hand.board]))

    def _end(self, hand: _Hand, data: Mapping[str, JSON]) -> None:
        total = sum(hand.pots)
        if len(hand.pots) > 1:
            parts = [f"Main pot {hand.pots[0]}."]
            parts += [f"Side pot-{i} {amount}." for i, amount in enumerate(hand.pots[1:], 1)]
            pot_line = f"Total pot {total} " + " ".join(parts) + " | Rake 0"
        else:
            pot_line = f"Total pot {total} | Rake 0"
        hand.lines += ["*** SUMMARY ***", pot_line]
        if hand.board:
            hand.lines.append(f"Board {_bracket(hand.board)}")
        hand.lines += [self._seat_summary(hand, s) for s in hand.dealt]
        self.blocks.append("".join(line + "\n" for line in hand.lines))
        self.stacks = list(data["stacks"])
        self.hand = None

    def cut_short(self) -> None:
        """The hand in progress when the match ended (a resignation, a time loss): written as far
        as it went, with no summary — its pot was never awarded."""
        hand = self.hand
        if hand is None:
            return
        hand.lines.append(HAND_NOT_COMPLETED)
        self.blocks.append("".join(line + "\n" for line in hand.lines))
        self.hand = None

    def _seat_summary(self, hand: _Hand, seat: int) -> str:
        roles = "".join(
            f" ({role})"
            for role, holder in (
                ("button", hand.button),
                ("small blind", hand.small_blind),
                ("big blind", hand.big_blind),
            )
            if holder == seat
        )
        won = hand.won.get(seat, 0)
        if seat in hand.folded:
            street = hand.folded[seat]
            outcome = (
                "folded before Flop" if street == 0 else f"folded on the {STREET_NAMES[street - 1]}"
            )
        elif seat in hand.shown:
            cards = _bracket(hand.shown[seat])
            category = self._category(hand, seat)
            result = f"won ({won})" if won else "lost"
            outcome = f"showed {cards} and {result} with {category}"
        else:
            outcome = f"collected ({won})"
        return f"Seat {seat + 1}: {self.name(seat)}{roles} {outcome}"


def _date_text(started: datetime | None) -> str:
    if started is None:
        return ""
    zone = " UTC" if started.tzinfo is not None else ""
    return started.strftime("%Y/%m/%d %H:%M:%S") + zone


def hand_history(match: ExportInput) -> str:
    """The match's hand history: one block per hand, in the order they were played.

    Refuses (``ValueError``) a match that is not over — the record shows every hole card — unless
    ``match.ended``: then a hand cut short is the last block, marked as not completed."""
    state, events = replay(match.options, match.seed, match.seats, match.moves)
    if not state.is_over() and not match.ended:
        raise ValueError("the match is not over: its hand history would reveal the hole cards")
    names = [
        _clean(match.players[s]) if s < len(match.players) else f"Player {s + 1}"
        for s in range(match.seats)
    ]
    start = list(match.options.get("stacks", [STARTING_STACK] * match.seats))
    title = _clean(match.title) if match.title else "Match"
    writer = _Writer(names, start, title.replace("'", "’"), _date_text(match.started()))
    for event in events:
        writer.feed(event)
    writer.cut_short()
    return HAND_SEPARATOR.join(writer.blocks)
