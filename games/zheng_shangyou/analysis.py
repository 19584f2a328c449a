"""Zheng Shangyou's analysis after the match (issue #32): the moments analysis of ``games.moments``.

A match is one deal, so a play-out runs to the end of the match and the seat's score is its
placing (``games.moments.score_by_placing``: 1 first out, 0.5 second, 0 last by the
settlement).  Nothing is concealed in the play-outs: every card is dealt at the start and the
replay shows every hand.
"""

from __future__ import annotations

from games.moments import AnyState, DealScoring, analyser, score_by_placing
from games.zheng_shangyou.declaration import GAME


def _deal_over(start: AnyState, now: AnyState) -> bool:
    """The match is the deal (the play-out also stops when the match is over)."""
    return False


SCORING = DealScoring(deal_over=_deal_over, score=score_by_placing)
analyse = analyser(GAME, SCORING)
