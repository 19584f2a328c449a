"""The Zheng Shangyou match: one deal of 16 cards each, shed with the duty to beat, then settle.

Seats 0, 1, 2 play in increasing order, wrapping around ((seat + 1) % 3 is next): the rules'
counter-clockwise direction.  The deal comes from ``Random(f"{seed}:0")`` unless
``options["deals"]`` fixes it (:class:`Deal`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Final

from games.cards import HEARTS, SPADES, deck, make
from games.cards.groups import SHEDDING_ORDER, take
from games.cards.shedding import (
    Pass,
    Play,
    SheddingState,
    Table,
    check_dealt_once,
    check_play_shape,
    deal_fields,
    decode_shedding,
    encode_cards,
    encode_shedding,
    fixed_deals,
    read_hands,
)
from games.core import (
    JSON,
    Event,
    IllegalAction,
    MalformedAction,
    SeatResult,
    forfeit_by_teams,
)
from games.zheng_shangyou.combos import ACE, Combo, beats, classify, generate, why_not

SEATS: Final = 3
HAND_SIZE: Final = 16
THREE_OF_HEARTS: Final = make(3, HEARTS)
TWO_OF_SPADES: Final = make(2, SPADES)
BOMB_BONUS: Final = 10
"""Each opponent pays this to a bomb that stands in its trick (20 in all)."""
PENALTY: Final = 10
"""Paid for a 2♠ still in hand and for each unplayed bomb in hand."""

Action = Pass | Play


def zheng_shangyou_deck() -> list[int]:
    """The 48 cards: no jokers, no A♥, no 2 but the 2♠."""
    return [
        c
        for c in deck(jokers=False)
        if c != make(14, HEARTS) and (c % 13 != 0 or c == TWO_OF_SPADES)
    ]


DECK: Final = zheng_shangyou_deck()


def encode_action(action: Action) -> JSON:
    return encode_shedding(action)


def decode_action(raw: JSON) -> Action:
    """A pass or a play; anything else raises :class:`MalformedAction`."""
    return decode_shedding(raw)


def bombs_in(counts: Sequence[int]) -> int:
    """Bombs a hand still holds: each four of a rank, and the three Aces."""
    return sum(1 for s in range(13) if counts[s] == 4) + (1 if counts[ACE] == 3 else 0)


# ---- deals -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal:
    """The deal: 16 cards per seat (the holder of the 3♥ leads, so nothing else is drawn).

    Its JSON (an entry of ``options["deals"]``, see docs/games/zheng_shangyou.md) is
    ``{"hands": [[16 names], [16 names], [16 names]]}``.
    """

    hands: tuple[tuple[int, ...], ...]

    def to_json(self) -> dict[str, JSON]:
        return {"hands": [encode_cards(h) for h in self.hands]}

    @classmethod
    def from_json(cls, raw: JSON, where: str) -> Deal:
        """The deal an options entry names; :class:`games.core.GameError` says what is wrong."""
        entry = deal_fields(raw, where, ("hands",))
        hands = read_hands(entry["hands"], f"{where}.hands", HAND_SIZE, SEATS, DECK)
        check_dealt_once(hands, where)
        return cls(hands)


def shuffled_deal(seed: int, index: int) -> Deal:
    """Deal ``index`` of seed ``seed`` (a match plays only deal 0)."""
    cards = list(DECK)
    random.Random(f"{seed}:{index}").shuffle(cards)
    return Deal(
        tuple(
            tuple(SHEDDING_ORDER.sort(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]))
            for i in range(SEATS)
        )
    )


def deal_for(seats: int, seed: int, index: int) -> JSON:
    """The ``options["deals"]`` entry that reproduces deal ``index`` of seed ``seed``."""
    return shuffled_deal(seed, index).to_json()


# ---- the settlement ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Penalty:
    """What one seat pays at the end (``total`` 0 for the winner)."""

    seat: int
    cards_left: int
    never_played: bool
    card_points: int
    spade_two: int
    bombs_in_hand: int
    bomb_points: int
    total: int


@dataclass(frozen=True, slots=True)
class Settlement:
    """How the deal was settled (the view's ``result``; docs/games/zheng_shangyou.md)."""

    winner: int
    penalties: tuple[Penalty, ...]
    settlement: tuple[int, ...]
    """Card penalties: the winner collects every other seat's total."""
    bomb_bonus: tuple[int, ...]
    scores: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    """The cards left in each hand, revealed at the end."""

    def to_json(self) -> dict[str, JSON]:
        return {
            "winner": self.winner,
            "penalties": [asdict(p) for p in self.penalties],
            "settlement": list(self.settlement),
            "bomb_bonus": list(self.bomb_bonus),
            "scores": list(self.scores),
            "hands": [list(h) for h in self.hands],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Settlement:
        return cls(
            winner=data["winner"],
            penalties=tuple(Penalty(**p) for p in data["penalties"]),
            settlement=tuple(data["settlement"]),
            bomb_bonus=tuple(data["bomb_bonus"]),
            scores=tuple(data["scores"]),
            hands=tuple(tuple(h) for h in data["hands"]),
        )


# ---- the match ---------------------------------------------------------------------------------


class ZhengShangyouState(SheddingState[Combo, Action]):
    """A Zheng Shangyou match (see :mod:`games.core` for the protocol)."""

    combo_type = Combo
    title = "Zheng Shangyou"

    seed: int
    led: bool
    """Whether the play on the table opened its trick (a led bomb earns no bonus)."""
    first_play: bool
    bonus: list[int]
    """Bomb bonuses won (+) and paid (-) so far, per seat."""
    settled: Settlement | None

    def __init__(self, seed: int, hands: Sequence[Sequence[int]], turn: int | None) -> None:
        """The cards dealt, ``turn`` to open the first trick (``from_json`` then restores
        whatever progress a snapshot records)."""
        super().__init__()
        self.seed = seed
        self.hands = [list(h) for h in hands]
        self.phase, self.turn, self.first_play = "play", turn, True
        self.table, self.led, self.passes = None, False, 0
        self.played, self.bonus = [[] for _ in range(SEATS)], [0] * SEATS
        self.log, self.settled = [], None

    @classmethod
    def new(cls, seats: int, options: Mapping[str, JSON], seed: int) -> ZhengShangyouState:
        cls._check_seats(seats)
        fixed = fixed_deals(options, Deal.from_json)
        deal = fixed[0] if fixed else shuffled_deal(seed, 0)
        leader = next(s for s in range(SEATS) if THREE_OF_HEARTS in deal.hands[s])
        state = cls(seed, deal.hands, leader)
        hands = {s: {"hand": encode_cards(deal.hands[s])} for s in range(SEATS)}
        state._log(Event("deal", {"leader": leader}, hands))
        return state

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> ZhengShangyouState:
        state = cls(data["seed"], data["hands"], data["turn"])
        state._restore_common(data)
        table = data["table"]
        state.led = bool(table is not None and table["led"])
        state.first_play = data["first_play"]
        state.bonus = list(data["bonus"])
        result = data["result"]
        state.settled = None if result is None else Settlement.from_json(result)
        return state

    def to_json(self) -> dict[str, JSON]:
        data = {
            "seed": self.seed,
            **self._common_json(),
            "first_play": self.first_play,
            "bonus": list(self.bonus),
            "result": None if self.settled is None else self.settled.to_json(),
        }
        if data["table"] is not None:
            data["table"]["led"] = self.led
        return data

    # ---- protocol -----------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal play; a pass only when nothing beats the table (the duty to beat)."""
        if not self._to_act(seat):
            return []
        groups, counts = self._groups(seat)
        if self.first_play:
            groups[0].sort(key=lambda c: c != THREE_OF_HEARTS)
        table = self.table_combo()
        plays: list[Action] = [
            Play(take(groups, c.strengths)) for c in generate(counts, table, self.first_play)
        ]
        return plays if plays or table is None else [Pass()]

    def apply(self, seat: int, action: Action) -> list[Event]:
        self._check_turn(seat)
        if not isinstance(action, Pass | Play):
            raise MalformedAction(f"not a Zheng Shangyou action: a {type(action).__name__}")
        table = self.table_combo()
        if isinstance(action, Pass):
            return self._pass(seat, table)
        check_play_shape(action)
        return self._play(seat, action, table)

    def _pass(self, seat: int, table: Combo | None) -> list[Event]:
        if table is None:
            raise IllegalAction("must_lead", "the leader must play")
        if generate(self._groups(seat)[1], table):
            raise IllegalAction(
                "must_beat", "you must beat the play on the table when you can (a bomb included)"
            )
        self.passes += 1
        events = [self._log(Event("pass", {"seat": seat}))]
        if self.passes == 2:
            events.extend(self._close_trick())
        self.turn = self._next_seat(seat)
        return events

    def _close_trick(self) -> list[Event]:
        """Both opponents passed: pay a standing answering bomb, and the last player leads."""
        table = self.table
        assert table is not None
        events = []
        if table.combo.kind in ("bomb", "ace_bomb") and not self.led:
            events.append(self._pay_bomb(table.seat))
        self.table, self.passes = None, 0
        events.append(self._log(Event("new_lead", {"seat": table.seat})))
        return events

    def _pay_bomb(self, seat: int) -> Event:
        for s in range(SEATS):
            self.bonus[s] += BOMB_BONUS * (SEATS - 1) if s == seat else -BOMB_BONUS
        return self._log(Event("bomb_bonus", {"seat": seat, "points": BOMB_BONUS * (SEATS - 1)}))

    def _play(self, seat: int, action: Play, table: Combo | None) -> list[Event]:
        self._check_in_hand(seat, action.cards)
        if self.first_play and THREE_OF_HEARTS not in action.cards:
            raise IllegalAction("must_include_3h", "the first play must include the 3♥")
        combo = classify([SHEDDING_ORDER.strength(c) for c in action.cards], self.first_play)
        if combo is None:
            raise IllegalAction(
                "no_combination",
                "these cards form no Zheng Shangyou shape "
                "(single, pair, triple, straight of 5+, run of 2+ pairs, bomb)",
            )
        if table is not None and not beats(combo, table):
            raise IllegalAction("does_not_beat", why_not(combo, table))
        cards = self._shed(seat, action.cards)
        self.first_play, self.passes = False, 0
        self.table, self.led = Table(seat, cards, combo), table is None
        events = [self._play_event(seat, cards, combo)]
        if self.hands[seat]:
            self.turn = self._next_seat(seat)
            return events
        if combo.kind in ("bomb", "ace_bomb") and table is not None:
            events.append(self._pay_bomb(seat))
        events.append(self._finish(seat))
        return events

    def _penalty(self, seat: int, winner: int) -> Penalty:
        """Card points (doubled if never played), the 2♠ and unplayed bombs still in hand."""
        hand = self.hands[seat]
        never = not self.played[seat]
        bombs = bombs_in(SHEDDING_ORDER.counts(hand))
        card_points = len(hand) * (2 if never else 1)
        spade_two = PENALTY if TWO_OF_SPADES in hand else 0
        total = card_points + spade_two + PENALTY * bombs
        return Penalty(
            seat=seat,
            cards_left=len(hand),
            never_played=never,
            card_points=card_points,
            spade_two=spade_two,
            bombs_in_hand=bombs,
            bomb_points=PENALTY * bombs,
            total=0 if seat == winner else total,
        )

    def _finish(self, winner: int) -> Event:
        """Settle: the winner collects every penalty; bomb bonuses are added on top."""
        penalties = tuple(self._penalty(s, winner) for s in range(SEATS))
        collected = sum(p.total for p in penalties)
        settlement = [collected if s == winner else -penalties[s].total for s in range(SEATS)]
        scores = [settlement[s] + self.bonus[s] for s in range(SEATS)]
        self.settled = Settlement(
            winner=winner,
            penalties=penalties,
            settlement=tuple(settlement),
            bomb_bonus=tuple(self.bonus),
            scores=tuple(scores),
            hands=tuple(tuple(encode_cards(h)) for h in self.hands),
        )
        return self._game_over(winner, scores)

    # ---- results ------------------------------------------------------------------------------
    def result(self) -> list[SeatResult] | None:
        settled = self.settled
        if settled is None:
            return None
        scores = settled.scores
        winner = settled.winner

        def placing(s: int) -> int:
            if s == winner:
                return 1
            others = [o for o in range(SEATS) if o not in (s, winner)]
            return 2 + sum(1 for o in others if scores[o] > scores[s])

        return [
            SeatResult(seat=s, placing=placing(s), team=s, score=scores[s]) for s in range(SEATS)
        ]

    def forfeit(self, loser: int) -> list[SeatResult]:
        """``loser`` resigns or runs out of time now: it is placed last, the other two share
        first place (nobody has gone out, so nothing ranks them), every seat alone."""
        return forfeit_by_teams(list(range(SEATS)), loser)

    # ---- views --------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, JSON]:
        over = self.phase == "over"
        return {
            "game": "zheng_shangyou",
            "phase": self.phase,
            "seat": seat,
            "to_act": [p.seat for p in self.pending()],
            "hand": None if seat is None else encode_cards(self.hands[seat]),
            "hand_counts": [len(h) for h in self.hands],
            "first_play": self.first_play,
            "table": self._table_view({"led": self.led}),
            "passes": self.passes,
            "played": [encode_cards(p) for p in self.played],
            "has_played": [bool(p) for p in self.played],
            "bomb_bonus": list(self.bonus),
            "last_events": [dict(e) for e in self.log],
            "result": self.settled.to_json() if over and self.settled is not None else None,
        }
