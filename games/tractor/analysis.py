"""Tractor's analysis after the match (issue #32): the moments analysis of ``games.moments``.

A play-out runs to the end of the deal being played (the state's ``previous`` result is that
deal's); the seat's score is its team's outcome of the deal, graded by the levels the winners go
up (``games.moments.score_by_promotion``).  Nothing is concealed: every card is dealt at the
start of a deal (the kitty is what the four hands the replay shows leave over).
"""

from __future__ import annotations

from games.moments import AnyState, DealScoring, analyser, score_by_promotion
from games.tractor.declaration import GAME
from games.tractor.state import TractorState


def _deal_over(start: AnyState, now: AnyState) -> bool:
    assert isinstance(start, TractorState) and isinstance(now, TractorState)
    return now.previous is not None and now.previous.deal_no == start.deal_no


def _score(start: AnyState, end: AnyState, seat: int) -> float:
    assert isinstance(end, TractorState)
    if end.previous is None:
        return 0.5
    return score_by_promotion(end.previous.promoted, end.previous.promotion, seat)


SCORING = DealScoring(deal_over=_deal_over, score=_score)
analyse = analyser(GAME, SCORING)
