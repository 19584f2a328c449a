"""Search for the Zheng Shangyou expert: sampled worlds played out by the planner, on counts.

The game ignores suits, so a world is three hands of per-strength counts and the rest of the
position (the table, whose turn, passes, who has played, the bomb bonuses): play-outs run on those
counts, with the planner's own choice (:func:`games.zheng_shangyou.planning.planner_pick`) for
every seat, far faster than on full states.

The unseen cards are dealt at random to the two opponents in the numbers the view shows, but only
in ways that agree with the passes the view's recent events show: a player must beat the table
whenever it can, so a player who passed held no answer then, and holds none now (a hand only
shrinks).  Deals where the planner, holding that hand, would not have made an opponent's latest
plays are set aside too, softly: when no deal tried agrees, the one agreeing best is kept, so a
player who does not play like the planner only makes the inference weaker.

Each candidate play is tried in the same worlds; the candidate with the best average outcome for
our seat wins.  The outcome is what a seat's placing is worth against the two others (1 for each
opponent placed below us, 1/2 for a tie) plus a small share of the final score, so that among
plays that place alike the cheaper loss or the bigger win is preferred.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from games.cards.groups import SHEDDING_ORDER
from games.cards.notation import card
from games.core import JSON
from games.zheng_shangyou.combos import ACE, TWO, Combo, classify, generate
from games.zheng_shangyou.planning import IN_DECK, planner_pick
from games.zheng_shangyou.state import BOMB_BONUS, PENALTY

SCORE_WEIGHT = 0.002
"""What one point of final score adds to a play-out's outcome (a placing step is worth 1)."""
PASS_TRIES = 32
"""Deals of the unseen cards tried per world before the one agreeing best is kept."""
SAMPLE_TRIES = 12
"""Of those, the deals at most that are checked against the seen plays (the costly check)."""
SEEN_PLAYS = 3
"""The latest opponents' plays a sampled world is checked against (the planner's choice)."""


# ---- the position on counts ----


class Position:
    """A position on counts: ``hands`` per seat, the table and its seat, whether it was led,
    ``passes`` since, ``turn``, who has ``played``, the ``bonus`` per seat."""

    __slots__ = (
        "hands",
        "sizes",
        "table",
        "table_seat",
        "led",
        "passes",
        "turn",
        "played",
        "bonus",
    )

    def __init__(
        self,
        hands: list[list[int]],
        table: Combo | None,
        table_seat: int,
        led: bool,
        passes: int,
        turn: int,
        played: list[bool],
        bonus: list[int],
    ) -> None:
        self.hands = hands
        self.sizes = [sum(h) for h in hands]
        self.table = table
        self.table_seat = table_seat
        self.led = led
        self.passes = passes
        self.turn = turn
        self.played = played
        self.bonus = bonus

    def copy(self) -> Position:
        return Position(
            [list(h) for h in self.hands],
            self.table,
            self.table_seat,
            self.led,
            self.passes,
            self.turn,
            list(self.played),
            list(self.bonus),
        )

    def play(self, combo: Combo) -> bool:
        """The seat to act plays ``combo``; True when that empties its hand (the deal is over)."""
        seat = self.turn
        hand = self.hands[seat]
        for s in combo.strengths:
            hand[s] -= 1
        self.sizes[seat] -= len(combo.strengths)
        self.played[seat] = True
        answered = self.table is not None
        self.led = not answered
        self.table, self.table_seat, self.passes = combo, seat, 0
        if self.sizes[seat] == 0:
            if answered and combo.kind in ("bomb", "ace_bomb"):
                self._pay_bomb(seat)
            return True
        self.turn = (seat + 1) % 3
        return False

    def pass_turn(self) -> None:
        self.passes += 1
        if self.passes == 2:
            table = self.table
            assert table is not None
            if table.kind in ("bomb", "ace_bomb") and not self.led:
                self._pay_bomb(self.table_seat)
            self.table, self.passes = None, 0
        self.turn = (self.turn + 1) % 3

    def _pay_bomb(self, seat: int) -> None:
        for s in range(3):
            self.bonus[s] += 2 * BOMB_BONUS if s == seat else -BOMB_BONUS

    def scores(self, winner: int) -> list[int]:
        """The final scores once ``winner`` has gone out."""
        pay = [0, 0, 0]
        for s in range(3):
            if s == winner:
                continue
            hand = self.hands[s]
            points = self.sizes[s] * (1 if self.played[s] else 2)
            points += PENALTY if hand[TWO] else 0
            points += PENALTY * (sum(1 for n in hand if n == 4) + (1 if hand[ACE] == 3 else 0))
            pay[s] = points
        total = sum(pay)
        return [(total if s == winner else -pay[s]) + self.bonus[s] for s in range(3)]

    def finish(self) -> int:
        """Play the deal out with the planner for every seat; the winner."""
        hands, sizes = self.hands, self.sizes
        while True:
            seat = self.turn
            hand = hands[seat]
            table = self.table
            plays = generate(hand, table)
            if not plays:
                self.pass_turn()
                continue
            if len(plays) == 1:
                pick = 0
            else:
                unseen = None
                if table is None:
                    a, b = hands[(seat + 1) % 3], hands[(seat + 2) % 3]
                    unseen = [a[s] + b[s] for s in range(13)]
                pick = planner_pick(hand, plays, sizes, seat, unseen)
            if self.play(plays[pick]):
                return seat


def outcome(scores: Sequence[int], winner: int, me: int) -> float:
    """Our placing against the two others (1 per opponent below us, 1/2 per tie), plus a small
    share of our score."""
    value = SCORE_WEIGHT * scores[me]
    if winner == me:
        return 2.0 + value
    other = 3 - me - winner
    if scores[me] > scores[other]:
        value += 1.0
    elif scores[me] == scores[other]:
        value += 0.5
    return value


# ---- what the view tells ----


def table_of(view: Mapping[str, JSON]) -> Combo | None:
    table = view["table"]
    if table is None:
        return None
    strengths = [SHEDDING_ORDER.strength(card(t)) for t in table["cards"]]
    return classify(strengths, table["kind"] == "heavenly_bomb")


def passed_on(view: Mapping[str, JSON]) -> list[list[Combo]]:
    """Per seat, the plays the recent events show it passing on (it could not beat them)."""
    return _evidence(view)[0]


class Seen(NamedTuple):
    """A recent play by ``seat``: its ``strengths``, the ``table`` it answered (None: a lead),
    and per seat the cards played from then on, this play included (``later``)."""

    seat: int
    strengths: tuple[int, ...]
    table: Combo | None
    later: tuple[tuple[int, ...], ...]


def _evidence(view: Mapping[str, JSON]) -> tuple[list[list[Combo]], list[Seen]]:
    """What the recent events show: per seat the plays it passed on, and the plays made where
    the table before them is known (a lead, or an answer to a play in the events)."""
    passed: list[list[Combo]] = [[], [], []]
    plays: list[tuple[int, tuple[int, ...], Combo | None, bool]] = []
    known, table = False, None
    for event in view["last_events"]:
        kind = event.get("kind")
        if kind == "play":
            strengths = tuple(sorted(SHEDDING_ORDER.strength(card(t)) for t in event["cards"]))
            plays.append((int(event["seat"]), strengths, table, known))
            heavenly = event.get("combo") == "heavenly_bomb"
            known, table = not heavenly, None if heavenly else classify(strengths)
        elif kind == "pass":
            if known and table is not None:
                passed[int(event["seat"])].append(table)
        elif kind == "new_lead":
            known, table = True, None
        elif kind != "bomb_bonus":
            known, table = False, None
    seen: list[Seen] = []
    later = [[0] * 13 for _ in range(3)]
    for i in range(len(plays) - 1, -1, -1):
        seat, strengths, before, known = plays[i]
        for st in strengths:
            later[seat][st] += 1
        if known:
            seen.append(Seen(seat, strengths, before, tuple(tuple(h) for h in later)))
    return [_weakest(p) for p in passed], seen


def _weakest(tables: Sequence[Combo]) -> list[Combo]:
    """The tables that say the most: a player who could not beat a 9 could not beat a J."""
    low: dict[tuple[str, int], Combo] = {}
    for table in tables:
        key = (table.kind, table.length)
        if key not in low or table.rank < low[key].rank:
            low[key] = table
    return list(low.values())


def unseen_counts(view: Mapping[str, JSON], mine: Sequence[int]) -> list[int]:
    out = list(IN_DECK)
    for cards in view["played"]:
        for t in cards:
            out[SHEDDING_ORDER.strength(card(t))] -= 1
    return [out[s] - mine[s] for s in range(13)]


def can_answer(hand: Sequence[int], table: Combo) -> bool:
    """Whether ``hand`` holds a play beating ``table`` (``generate`` is not empty, faster)."""
    kind = table.kind
    if kind in ("ace_bomb", "heavenly_bomb"):
        return False
    rank = table.rank
    if hand[ACE] == 3:
        return True
    if kind == "bomb":
        return any(hand[s] == 4 for s in range(rank + 1, 13))
    if any(n == 4 for n in hand):
        return True
    if kind == "single":
        return any(hand[s] for s in range(rank + 1, 13))
    if kind == "pair":
        return any(hand[s] >= 2 for s in range(rank + 1, 13))
    if kind == "triple":
        return any(hand[s] >= 3 for s in range(rank + 1, 13))
    return bool(generate(hand, table))


def _breaks(hand: Sequence[int], passed: Sequence[Combo]) -> int:
    return sum(1 for table in passed if can_answer(hand, table))


def _unlike(hands: Sequence[Sequence[int]], seen: Sequence[Seen], limit: int) -> int:
    """How many of the ``seen`` plays the planner would not have made in the world ``hands``
    (counting stops at ``limit``)."""
    out = 0
    for play in seen:
        if out >= limit:
            break
        before = [[h[s] + n[s] for s in range(13)] for h, n in zip(hands, play.later, strict=True)]
        seat = play.seat
        options = generate(before[seat], play.table)
        if len(options) < 2:
            continue
        unseen = None
        if play.table is None:
            a, b = before[(seat + 1) % 3], before[(seat + 2) % 3]
            unseen = [a[s] + b[s] for s in range(13)]
        sizes = [sum(h) for h in before]
        pick = planner_pick(before[seat], options, sizes, seat, unseen)
        if options[pick].strengths != play.strengths:
            out += 1
    return out


def sample_hands(
    unseen: Sequence[int],
    mine: Sequence[int],
    me: int,
    sizes: Sequence[int],
    evidence: tuple[list[list[Combo]], list[Seen]],
    rng: random.Random,
) -> list[list[int]]:
    """All three hands: ours, and the two opponents' (``sizes`` cards each) dealt from the
    ``unseen`` cards so as to agree with the ``evidence``: the first of ``PASS_TRIES`` deals
    where nobody could have answered what it passed on and the planner would have made the seen
    plays, else the deal breaking the fewest passes, then the fewest plays."""
    passed, seen = evidence
    pool = [s for s in range(13) for _ in range(unseen[s])]
    seats = [(me + 1) % 3, (me + 2) % 3]
    seen = [p for p in seen if p.seat != me][:SEEN_PLAYS]
    best: list[list[int]] = []
    best_breaks = (-1, -1)
    checks = 0
    tries = PASS_TRIES if seen or passed[seats[0]] or passed[seats[1]] else 1
    for _ in range(tries):
        rng.shuffle(pool)
        hands: list[list[int]] = [[], [], []]
        hands[me] = list(mine)
        at = 0
        for seat in seats:
            hand = [0] * 13
            for st in pool[at : at + sizes[seat]]:
                hand[st] += 1
            at += sizes[seat]
            hands[seat] = hand
        breaks = (sum(_breaks(hands[s], passed[s]) for s in seats if passed[s]), 0)
        if breaks[0] == 0 and seen:
            limit = best_breaks[1] if best_breaks[0] == 0 else len(seen)
            breaks = (0, _unlike(hands, seen, limit))
            checks += 1
        if breaks == (0, 0):
            return hands
        if best_breaks[0] < 0 or breaks < best_breaks:
            best, best_breaks = hands, breaks
        if checks >= SAMPLE_TRIES:
            break
    return best


def search_pick(
    view: Mapping[str, JSON],
    mine: Sequence[int],
    plays: Sequence[Combo],
    candidates: Sequence[int],
    rng: random.Random,
    worlds: int,
) -> int:
    """The index among ``plays`` of the candidate (indices into ``plays``, the planner's first)
    with the best total outcome over ``worlds`` sampled worlds."""
    me = int(view["seat"])
    table = table_of(view)
    table_seat = -1 if view["table"] is None else int(view["table"]["seat"])
    led = bool(view["table"] is not None and view["table"]["led"])
    sizes = [int(n) for n in view["hand_counts"]]
    unseen = unseen_counts(view, mine)
    evidence = _evidence(view)
    played = [bool(p) for p in view["has_played"]]
    bonus = [int(b) for b in view["bomb_bonus"]]
    totals = [0.0] * len(candidates)
    for _ in range(worlds):
        hands = sample_hands(unseen, mine, me, sizes, evidence, rng)
        root = Position(hands, table, table_seat, led, int(view["passes"]), me, played, bonus)
        for i, index in enumerate(candidates):
            position = root.copy()
            if position.play(plays[index]):
                winner = me
            else:
                winner = position.finish()
            totals[i] += outcome(position.scores(winner), winner, me)
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best]
