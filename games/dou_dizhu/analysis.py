"""Dou Dizhu's analysis after the match (issue #32): the moments analysis of ``games.moments``.

A match is one deal, so a play-out runs to the end of the match and the seat's score is its
placing (``games.moments.score_by_placing``: 1 when its side won the deal, else 0).  Nothing is
concealed in the play-outs: every card is dealt at the start (the kitty is what the three hands
the replay shows leave over).
"""

from __future__ import annotations

from games.dou_dizhu.declaration import GAME
from games.moments import AnyState, DealScoring, analyser, score_by_placing


def _deal_over(start: AnyState, now: AnyState) -> bool:
    """The match is the deal (the play-out also stops when the match is over)."""
    return False


SCORING = DealScoring(deal_over=_deal_over, score=score_by_placing)
analyse = analyser(GAME, SCORING)
