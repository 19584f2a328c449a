"""The Dou Dizhu match: one deal (redealt while all three pass), bidding, play and settlement.

Seats 0, 1, 2 play in increasing order, wrapping around ((seat + 1) % 3 is next); this is the
rules' counter-clockwise direction.  The whole state is plain JSON data so the platform's snapshot
is ``to_json()`` and nothing else; each deal's cards and first bidder come from
``Random(f"{seed}:{deal_no}")`` unless the ``deck`` option fixes the first deal for tests.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from games.cards import deck, parse
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
from games.core import (
    JSON,
    Event,
    IllegalAction,
    MalformedAction,
    SeatResult,
)
from games.dou_dizhu.combos import (
    Combo,
    beats,
    classify,
    explain,
    generate,
    why_not,
)

SEATS: Final = 3
HAND_SIZE: Final = 17


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid 1, 2 or 3 for the landlord's seat (each bid above the current one)."""

    value: int


Action = Bid | Pass | Play


def encode_action(action: Any) -> JSON:
    if isinstance(action, Bid):
        return {"kind": "bid", "value": action.value}
    if isinstance(action, Pass | Play):
        return encode_shedding(action)
    raise MalformedAction(f"not a Dou Dizhu action: {action!r}")


def decode_action(raw: JSON) -> Action:
    if isinstance(raw, dict) and raw.get("kind") == "bid":
        value = raw.get("value")
        if set(raw) != {"kind", "value"} or type(value) is not int:
            raise MalformedAction("a bid is {\"kind\": \"bid\", \"value\": 1|2|3}")
        return Bid(value)
    return decode_shedding(raw)


def _strengths(cards: Sequence[int]) -> list[int]:
    return [SHEDDING_ORDER.strength(c) for c in cards]


def combo_of(cards: Sequence[int]) -> Combo | None:
    """The combination formed by concrete cards."""
    return classify(_strengths(cards))


class DouDizhuState(SheddingState[Combo]):
    """A Dou Dizhu match (see :mod:`games.core` for the protocol)."""

    combo_type = Combo
    title = "Dou Dizhu"

    # ---- construction -------------------------------------------------------------------------
    @classmethod
    def new(cls, seats: int, options: Mapping[str, JSON], seed: int) -> DouDizhuState:
        cls._check_seats(seats)
        state = cls({"seed": seed, "options": dict(options), "deal_no": -1, "log": []})
        state._deal()
        return state

    def _deal(self) -> Event:
        """Start the next deal: shuffle, deal 17 each and 3 bottom cards, draw the first bidder."""
        d = self.d
        d["deal_no"] += 1
        rng = random.Random(f"{d['seed']}:{d['deal_no']}")
        cards = deck()
        rng.shuffle(cards)
        first = rng.randrange(SEATS)
        opts = d["options"]
        if d["deal_no"] == 0 and "deck" in opts:
            cards = [parse(t) for t in opts["deck"]]
            if sorted(cards) != deck():
                raise ValueError("option 'deck' must list each of the 54 cards once")
        if d["deal_no"] == 0 and "first_bidder" in opts:
            first = opts["first_bidder"]
            if first not in range(SEATS):
                raise ValueError("option 'first_bidder' must be a seat: 0, 1 or 2")
        d["hands"] = [SHEDDING_ORDER.sort(cards[i * HAND_SIZE:(i + 1) * HAND_SIZE])
                      for i in range(SEATS)]
        d["bottom"] = SHEDDING_ORDER.sort(cards[SEATS * HAND_SIZE:])
        d.update(phase="bidding", first_bidder=first, turn=first, bids=[], high_bid=0,
                 high_bidder=None, passes=0, landlord=None, bid=None, multiplier=1, bombs=0,
                 rockets=0, table=None, plays=[0, 0, 0], played=[[], [], []], result=None)
        return self._log(Event("deal", {"deal_no": d["deal_no"], "first_bidder": first},
                               {s: {"hand": encode_cards(d["hands"][s])} for s in range(SEATS)}))

    # ---- protocol -----------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        d = self.d
        if not self._to_act(seat):
            return []
        if d["phase"] == "bidding":
            return [Pass(), *(Bid(v) for v in range(d["high_bid"] + 1, 4))]
        table = self.table_combo()
        groups, counts = self._groups(seat)
        plays: list[Action] = [Play(take(groups, c.strengths))
                               for c in generate(counts, table)]
        return plays if table is None else [Pass(), *plays]

    def apply(self, seat: int, action: Any) -> list[Event]:
        self._check_turn(seat)
        if not isinstance(action, Bid | Pass | Play):
            raise MalformedAction(f"not a Dou Dizhu action: {action!r}")
        if self.d["phase"] == "bidding":
            return self._apply_bidding(seat, action)
        return self._apply_play(seat, action)

    # ---- bidding ------------------------------------------------------------------------------
    def _apply_bidding(self, seat: int, action: Action) -> list[Event]:
        d = self.d
        if isinstance(action, Play):
            raise IllegalAction("bidding", "cards are played only after the bidding")
        if isinstance(action, Bid) and not d["high_bid"] < action.value <= 3:
            raise IllegalAction("bid_too_low" if action.value <= d["high_bid"] else "bad_bid",
                                f"a bid must be higher than {d['high_bid']} and at most 3")
        value = action.value if isinstance(action, Bid) else 0
        d["bids"].append([seat, value])
        events = [self._log(Event("bid" if value else "pass", {"seat": seat, "value": value}))]
        if value:
            d.update(high_bid=value, high_bidder=seat, passes=0)
        else:
            d["passes"] += 1
        if value == 3 or (d["high_bid"] and d["passes"] == 2):
            events.extend(self._crown(d["high_bidder"]))
        elif not d["high_bid"] and d["passes"] == SEATS:
            events.append(self._log(Event("redeal", {"deal_no": d["deal_no"] + 1})))
            events.append(self._deal())
        else:
            d["turn"] = self._next_seat(seat)
        return events

    def _crown(self, landlord: int) -> list[Event]:
        """The highest bidder becomes landlord, takes the shown bottom cards and leads."""
        d = self.d
        d["hands"][landlord] = SHEDDING_ORDER.sort(d["hands"][landlord] + d["bottom"])
        d.update(phase="play", landlord=landlord, bid=d["high_bid"], turn=landlord, passes=0)
        return [self._log(Event("landlord", {"seat": landlord, "bid": d["bid"],
                                             "bottom": encode_cards(d["bottom"])}))]

    # ---- play ---------------------------------------------------------------------------------
    def _apply_play(self, seat: int, action: Action) -> list[Event]:
        d = self.d
        table = self.table_combo()
        if isinstance(action, Bid):
            raise IllegalAction("bidding_over", "the bidding is over")
        if isinstance(action, Pass):
            if table is None:
                raise IllegalAction("must_lead", "the leader must play a combination")
            d["passes"] += 1
            events = [self._log(Event("pass", {"seat": seat}))]
            if d["passes"] == 2:
                d.update(table=None, passes=0)
                events.append(self._log(Event("new_lead", {"seat": self._next_seat(seat)})))
            d["turn"] = self._next_seat(seat)
            return events
        self._check_in_hand(seat, action.cards)
        combo = combo_of(action.cards)
        if combo is None:
            raise IllegalAction("no_combination", explain(_strengths(action.cards)))
        if table is not None and not beats(combo, table):
            raise IllegalAction("does_not_beat", why_not(combo, table))
        cards = self._shed(seat, action.cards)
        d["plays"][seat] += 1
        d.update(table=self._table_entry(seat, cards, combo), passes=0)
        if combo.is_bomb:
            d["multiplier"] *= 2
            d["rockets" if combo.kind == "rocket" else "bombs"] += 1
        events = [self._play_event(seat, cards, combo)]
        if not d["hands"][seat]:
            events.append(self._finish(seat))
        else:
            d["turn"] = self._next_seat(seat)
        return events

    def _finish(self, winner: int) -> Event:
        """Settle: bid × multiplier, doubled per bomb/rocket and for (reverse) spring."""
        d = self.d
        landlord = d["landlord"]
        landlord_won = winner == landlord
        peasants = [s for s in range(SEATS) if s != landlord]
        spring = landlord_won and all(d["plays"][p] == 0 for p in peasants)
        reverse = not landlord_won and d["plays"][landlord] == 1
        if spring or reverse:
            d["multiplier"] *= 2
        unit = d["bid"] * d["multiplier"]
        sign = 1 if landlord_won else -1
        scores = [2 * unit * sign if s == landlord else -unit * sign for s in range(SEATS)]
        d["result"] = {
            "winner": winner, "winning_side": "landlord" if landlord_won else "peasants",
            "landlord": landlord, "bid": d["bid"], "bombs": d["bombs"], "rockets": d["rockets"],
            "spring": spring, "reverse_spring": reverse, "multiplier": d["multiplier"],
            "unit": unit, "scores": scores,
            "hands": [encode_cards(h) for h in d["hands"]],
        }
        return self._game_over(winner, scores)

    def result(self) -> list[SeatResult] | None:
        res = self.d["result"]
        if res is None:
            return None
        landlord = res["landlord"]
        return [SeatResult(seat=s, placing=1 if res["scores"][s] > 0 else 2,
                           team=0 if s == landlord else 1, score=res["scores"][s],
                           weight=2 if s == landlord else 1) for s in range(SEATS)]

    # ---- views --------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, JSON]:
        d = self.d
        over = d["phase"] == "over"
        shown_bottom = d["landlord"] is not None
        return {
            "game": "dou_dizhu",
            "phase": d["phase"],
            "seat": seat,
            "to_act": [p.seat for p in self.pending()],
            "deal_no": d["deal_no"],
            "hand": None if seat is None else encode_cards(d["hands"][seat]),
            "hand_counts": [len(h) for h in d["hands"]],
            "bidding": {"first_bidder": d["first_bidder"], "high_bid": d["high_bid"],
                        "high_bidder": d["high_bidder"],
                        "history": [{"seat": s, "value": v} for s, v in d["bids"]]},
            "landlord": d["landlord"],
            "bid": d["bid"],
            "bottom": encode_cards(d["bottom"]) if shown_bottom else None,
            "multiplier": d["multiplier"],
            "bombs": d["bombs"],
            "rockets": d["rockets"],
            "table": self._table_view(),
            "passes": d["passes"],
            "played": [encode_cards(p) for p in d["played"]],
            "plays": list(d["plays"]),
            "last_events": [dict(e) for e in d["log"]],
            "result": copy_json(d["result"]) if over else None,
        }
