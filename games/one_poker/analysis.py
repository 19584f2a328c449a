"""One Poker's analysis after the match (issue #32): the moments analysis of ``games.moments``.

A play-out runs to the end of the deal being played (``last_deal`` is that deal's result); the
seat's score is its chip change over the deal (the ante included) against the chips it had when
the deal began (``games.moments.score_by_chips``).  Nothing is concealed: a deal draws no card
after its start (the next deal's draw comes after the play-out stops) and the replay shows both
hands.
"""

from __future__ import annotations

from games.moments import AnyState, DealScoring, analyser, score_by_chips
from games.one_poker.declaration import GAME
from games.one_poker.state import OnePokerState


def _deal_over(start: AnyState, now: AnyState) -> bool:
    assert isinstance(start, OnePokerState) and isinstance(now, OnePokerState)
    return now.last_deal is not None and now.last_deal.deal_no == start.deal_no


def _score(start: AnyState, end: AnyState, seat: int) -> float:
    assert isinstance(start, OnePokerState) and isinstance(end, OnePokerState)
    stake = start.stacks[seat] + start.contrib[seat] + start.round.bets[seat]
    if end.last_deal is None:
        return 0.5
    return score_by_chips(end.last_deal.stacks[seat] - stake, stake)


SCORING = DealScoring(deal_over=_deal_over, score=_score)
analyse = analyser(GAME, SCORING)
