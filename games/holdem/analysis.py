"""Hold'em's analysis after the match (issue #32): the moments analysis of ``games.moments``.

A play-out runs to the end of the hand being played (``last_hand`` is that hand's result); the
seat's score is its chip change over the whole hand against its stack when the hand began
(``games.moments.score_by_chips``: 0.5 even, 0 all lost, 1 doubled or better).  The board cards
not yet shown at the decision are drawn afresh in every play-out from the cards in nobody's hand
(``_conceal``): a hand that ended before the river never shows the rest of its board, so the
estimates must not depend on it.
"""

from __future__ import annotations

import random

from games.holdem.declaration import GAME
from games.holdem.state import BOARD_AFTER, HoldemState
from games.moments import AnyState, DealScoring, analyser, score_by_chips

CARDS = 52


def _deal_over(start: AnyState, now: AnyState) -> bool:
    assert isinstance(start, HoldemState) and isinstance(now, HoldemState)
    return now.last_hand is not None and now.last_hand.hand_no == start.hand_no


def _score(start: AnyState, end: AnyState, seat: int) -> float:
    assert isinstance(start, HoldemState) and isinstance(end, HoldemState)
    stake = start.hand_start[seat]
    if end.last_hand is None:
        return 0.5
    return score_by_chips(end.last_hand.stacks[seat] - stake, stake)


def _conceal(state: AnyState, rng: random.Random) -> None:
    assert isinstance(state, HoldemState)
    shown = BOARD_AFTER[state.street]
    known = set(state.board_all[:shown]).union(*state.hole)
    unseen = [c for c in range(CARDS) if c not in known]
    state.board_all = state.board_all[:shown] + rng.sample(unseen, len(state.board_all) - shown)


SCORING = DealScoring(deal_over=_deal_over, score=_score, conceal=_conceal)
analyse = analyser(GAME, SCORING)
