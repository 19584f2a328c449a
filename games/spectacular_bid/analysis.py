"""Spectacular Bid's analysis after the match (issue #32): the moments analysis of
``games.moments``.

A play-out runs to the end of the round being played (its settlement, or the end of the match);
the seat's score is how its balance moved from the decision on, against the starting balance
(``games.moments.score_by_chips`` with a stake of 150: 0.5 even).  The boneyard is shuffled in
every play-out (``_conceal``): its undrawn tiles never show in the replay, so the estimates must
not depend on their order.
"""

from __future__ import annotations

import random

from games.moments import AnyState, DealScoring, analyser, score_by_chips
from games.spectacular_bid.declaration import GAME
from games.spectacular_bid.state import START_BALANCE, SpectacularBidState


def _deal_over(start: AnyState, now: AnyState) -> bool:
    assert isinstance(start, SpectacularBidState) and isinstance(now, SpectacularBidState)
    return now.round_no != start.round_no or now.phase in ("settlement", "over")


def _score(start: AnyState, end: AnyState, seat: int) -> float:
    assert isinstance(start, SpectacularBidState) and isinstance(end, SpectacularBidState)
    return score_by_chips(end.balances[seat] - start.balances[seat], START_BALANCE)


def _conceal(state: AnyState, rng: random.Random) -> None:
    assert isinstance(state, SpectacularBidState)
    rng.shuffle(state.boneyard)


SCORING = DealScoring(deal_over=_deal_over, score=_score, conceal=_conceal)
analyse = analyser(GAME, SCORING)
