"""The Zheng Shangyou match: one deal of 16 cards each, shed with the duty to beat, then settle.

Seats 0, 1, 2 play in increasing order, wrapping around ((seat + 1) % 3 is next): the rules'
counter-clockwise direction.  The state is plain JSON data (``to_json`` is the snapshot); the deal
comes from ``Random(f"{seed}:0")`` unless the ``deck`` option fixes it for tests.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from games.cards import HEARTS, SPADES, deck, make, parse
from games.cards.groups import SHEDDING_ORDER, take
from games.cards.shedding import (
    Pass,
    Play,
    SheddingState,
    copy_json,
    decode_shedding,
    encode_cards,
    encode_shedding,
)
from games.core import JSON, Event, IllegalAction, MalformedAction, SeatResult
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
    return [c for c in deck(jokers=False)
            if c != make(14, HEARTS) and (c % 13 != 0 or c == TWO_OF_SPADES)]


DECK: Final = zheng_shangyou_deck()


def encode_action(action: Any) -> JSON:
    if isinstance(action, Pass | Play):
        return encode_shedding(action)
    raise MalformedAction(f"not a Zheng Shangyou action: {action!r}")


def decode_action(raw: JSON) -> Action:
    return decode_shedding(raw)


def bombs_in(counts: Sequence[int]) -> int:
    """Bombs a hand still holds: each four of a rank, and the three Aces."""
    return sum(1 for s in range(13) if counts[s] == 4) + (1 if counts[ACE] == 3 else 0)


class ZhengShangyouState(SheddingState[Combo]):
    """A Zheng Shangyou match (see :mod:`games.core` for the protocol)."""

    combo_type = Combo
    title = "Zheng Shangyou"

    @classmethod
    def new(cls, seats: int, options: Mapping[str, JSON], seed: int) -> ZhengShangyouState:
        cls._check_seats(seats)
        cards = list(DECK)
        random.Random(f"{seed}:0").shuffle(cards)
        if "deck" in options:
            cards = [parse(t) for t in options["deck"]]
            if sorted(cards) != DECK:
                raise ValueError("option 'deck' must list each of the 48 cards once")
        hands = [SHEDDING_ORDER.sort(cards[i * HAND_SIZE:(i + 1) * HAND_SIZE])
                 for i in range(SEATS)]
        first = next(s for s in range(SEATS) if THREE_OF_HEARTS in hands[s])
        state = cls({"seed": seed, "phase": "play", "hands": hands, "turn": first, "table": None,
                     "passes": 0, "first_play": True, "played": [[], [], []],
                     "bonus": [0, 0, 0], "log": [], "result": None})
        state._log(Event("deal", {"leader": first},
                         {s: {"hand": encode_cards(hands[s])} for s in range(SEATS)}))
        return state

    # ---- protocol -----------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal play; a pass only when nothing beats the table (the duty to beat)."""
        d = self.d
        if not self._to_act(seat):
            return []
        groups, counts = self._groups(seat)
        if d["first_play"]:
            groups[0].sort(key=lambda c: c != THREE_OF_HEARTS)
        table = self.table_combo()
        plays: list[Action] = [Play(take(groups, c.strengths))
                               for c in generate(counts, table, d["first_play"])]
        return plays if plays or table is None else [Pass()]

    def apply(self, seat: int, action: Any) -> list[Event]:
        self._check_turn(seat)
        if not isinstance(action, Pass | Play):
            raise MalformedAction(f"not a Zheng Shangyou action: {action!r}")
        table = self.table_combo()
        if isinstance(action, Pass):
            return self._pass(seat, table)
        return self._play(seat, action, table)

    def _pass(self, seat: int, table: Combo | None) -> list[Event]:
        d = self.d
        if table is None:
            raise IllegalAction("must_lead", "the leader must play")
        if generate(self._groups(seat)[1], table):
            raise IllegalAction("must_beat", "you must beat the play on the table when you can "
                                "(a bomb included)")
        d["passes"] += 1
        events = [self._log(Event("pass", {"seat": seat}))]
        if d["passes"] == 2:
            events.extend(self._close_trick())
        d["turn"] = self._next_seat(seat)
        return events

    def _close_trick(self) -> list[Event]:
        """Both opponents passed: pay a standing answering bomb, and the last player leads."""
        d = self.d
        table = d["table"]
        events = []
        if table["kind"] in ("bomb", "ace_bomb") and not table["led"]:
            events.append(self._pay_bomb(table["seat"]))
        d.update(table=None, passes=0)
        events.append(self._log(Event("new_lead", {"seat": table["seat"]})))
        return events

    def _pay_bomb(self, seat: int) -> Event:
        d = self.d
        for s in range(SEATS):
            d["bonus"][s] += BOMB_BONUS * (SEATS - 1) if s == seat else -BOMB_BONUS
        return self._log(Event("bomb_bonus", {"seat": seat, "points": BOMB_BONUS * (SEATS - 1)}))

    def _play(self, seat: int, action: Play, table: Combo | None) -> list[Event]:
        d = self.d
        self._check_in_hand(seat, action.cards)
        if d["first_play"] and THREE_OF_HEARTS not in action.cards:
            raise IllegalAction("must_include_3h", "the first play must include the 3♥")
        combo = classify([SHEDDING_ORDER.strength(c) for c in action.cards], d["first_play"])
        if combo is None:
            raise IllegalAction("no_combination", "these cards form no Zheng Shangyou shape "
                                "(single, pair, triple, straight of 5+, run of 2+ pairs, bomb)")
        if table is not None and not beats(combo, table):
            raise IllegalAction("does_not_beat", why_not(combo, table))
        cards = self._shed(seat, action.cards)
        d.update(first_play=False, passes=0,
                 table={**self._table_entry(seat, cards, combo), "led": table is None})
        events = [self._play_event(seat, cards, combo)]
        if d["hands"][seat]:
            d["turn"] = self._next_seat(seat)
            return events
        if combo.kind in ("bomb", "ace_bomb") and table is not None:
            events.append(self._pay_bomb(seat))
        events.append(self._finish(seat))
        return events

    def _finish(self, winner: int) -> Event:
        """Settle: card points (doubled if never played), 2♠ and unplayed bombs, bomb bonuses."""
        d = self.d
        penalties = []
        for s in range(SEATS):
            hand = d["hands"][s]
            never = not d["played"][s]
            bombs = bombs_in(SHEDDING_ORDER.counts(hand))
            card_points = len(hand) * (2 if never else 1)
            spade_two = PENALTY if TWO_OF_SPADES in hand else 0
            total = card_points + spade_two + PENALTY * bombs
            penalties.append({"seat": s, "cards_left": len(hand), "never_played": never,
                              "card_points": card_points, "spade_two": spade_two,
                              "bombs_in_hand": bombs, "bomb_points": PENALTY * bombs,
                              "total": 0 if s == winner else total})
        collected = sum(p["total"] for p in penalties)
        settlement = [collected if s == winner else -penalties[s]["total"] for s in range(SEATS)]
        scores = [settlement[s] + d["bonus"][s] for s in range(SEATS)]
        d["result"] = {"winner": winner, "penalties": penalties, "settlement": settlement,
                       "bomb_bonus": list(d["bonus"]), "scores": scores,
                       "hands": [encode_cards(h) for h in d["hands"]]}
        return self._game_over(winner, scores)

    def result(self) -> list[SeatResult] | None:
        res = self.d["result"]
        if res is None:
            return None
        scores = res["scores"]
        winner = res["winner"]

        def placing(s: int) -> int:
            if s == winner:
                return 1
            others = [o for o in range(SEATS) if o not in (s, winner)]
            return 2 + sum(1 for o in others if scores[o] > scores[s])

        return [SeatResult(seat=s, placing=placing(s), team=s, score=scores[s])
                for s in range(SEATS)]

    def view(self, seat: int | None) -> dict[str, JSON]:
        d = self.d
        return {
            "game": "zheng_shangyou",
            "phase": d["phase"],
            "seat": seat,
            "to_act": [p.seat for p in self.pending()],
            "hand": None if seat is None else encode_cards(d["hands"][seat]),
            "hand_counts": [len(h) for h in d["hands"]],
            "first_play": d["first_play"],
            "table": self._table_view("led"),
            "passes": d["passes"],
            "played": [encode_cards(p) for p in d["played"]],
            "has_played": [bool(p) for p in d["played"]],
            "bomb_bonus": list(d["bonus"]),
            "last_events": [dict(e) for e in d["log"]],
            "result": copy_json(d["result"]) if d["phase"] == "over" else None,
        }
