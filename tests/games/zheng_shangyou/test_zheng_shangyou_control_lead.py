"""The planner's control lead: an unbeatable play first when one group of its plan is left."""

from __future__ import annotations

from games.cards import parse_many
from games.cards.shedding import Play
from games.zheng_shangyou.bots import PlannerBot
from games.zheng_shangyou.combos import ACE, TWO, classify
from games.zheng_shangyou.planning import unbeatable as _unbeatable

from .test_zheng_shangyou_bots import choose, position


def unseen_except(held: dict[int, int]) -> list[int]:
    """Four of each strength 3..K, three Aces, one 2, less what ``held`` names."""
    out = [4] * 11 + [3, 1]
    for s, n in held.items():
        out[s] -= n
    return out


def test_the_2_of_spades_leads_first_and_the_pair_goes_out_after_it() -> None:
    # Leading the pair of 5s lets seat 2 answer with its 6s and go out; the 2♠ cannot be beaten
    # by two-card hands, so it keeps the lead and the 5s go out next.
    state = position(["9C 10C", "5D 5H 2S", "6C 6D"], 1, None)
    assert choose(PlannerBot(), state, 1) == Play(tuple(parse_many("2S")))


def test_unbeatable_needs_every_answer_out_of_reach() -> None:
    two = classify([TWO])
    ace = classify([ACE])
    straight = classify([7, 8, 9, 10, 11])
    bomb = classify([5, 5, 5, 5])
    assert two is not None and ace is not None and straight is not None and bomb is not None
    nothing_high = unseen_except({ACE: 3, TWO: 1, 5: 4})
    assert not _unbeatable(two, nothing_high, 4)  # a four-card bomb may be out
    assert _unbeatable(two, nothing_high, 3)  # ... but no hand holds four cards
    assert not _unbeatable(two, unseen_except({TWO: 1}), 3)  # the three Aces are out
    assert not _unbeatable(ace, unseen_except({ACE: 1}), 2)  # the 2♠ is out
    assert _unbeatable(ace, unseen_except({ACE: 1, TWO: 1}), 2)
    assert _unbeatable(straight, unseen_except({ACE: 3}), 2)  # short hands cannot answer five
    assert not _unbeatable(bomb, unseen_except({5: 4}), 4)  # a higher bomb may be out
    assert _unbeatable(bomb, unseen_except({5: 4, ACE: 3} | {s: 1 for s in range(6, 11)}), 4)
