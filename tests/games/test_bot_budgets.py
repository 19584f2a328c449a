"""A budget of 0 is each bot's own production default, for every registered game and level.

The live platform calls every AI as ``services.ai_choose`` does: a fresh ``game.bots[level]()``,
the seat's own view and legal actions, and ``settings.AI_BUDGET``, which is 0 unless an operator
sets it ("each bot's own default", :class:`games.core.Bot`).  So what a level plays in production
is what it plays with budget 0, and that must be what the benches measure.

The contract checked here: a bot whose play depends on its budget declares the default it
stands for as ``DEFAULT_BUDGET``, and with a budget of 0 (or less) it plays exactly as with that
budget — same view, same legal list, same random generator state.  A bot that declares no default
must not depend on the budget at all: it plays the same with 0, 1 and a large budget.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from games.core import JSON, Game
from games.registry import all_games
from support.sizes import examples

GAMES = all_games()


def positions(game: Game[Any], count: int) -> list[tuple[Mapping[str, JSON], Sequence[Any]]]:
    """``count`` decisions with a real choice from matches of random play, four per match at
    even spacing from the start to the last one (so that endgames, where the experts search,
    are among them): the deciding seat's view and legal actions."""
    out: list[tuple[Mapping[str, JSON], Sequence[Any]]] = []
    seats = game.seat_counts[0]
    seed = 0
    while len(out) < count:
        state = game.new_state(seats, {}, 1_000 + seed)
        rng = random.Random(seed)
        met: list[tuple[Mapping[str, JSON], Sequence[Any]]] = []
        for _ in range(MAX_STEPS):
            if state.is_over():
                break
            seat = state.pending()[0].seat
            legal = state.legal_actions(seat)
            if len(legal) >= 2:
                met.append((state.view(seat), legal))
            state.apply(seat, rng.choice(legal))
        if met:
            picks = sorted({(len(met) - 1) * i // 3 for i in range(4)})
            out.extend(met[i] for i in picks)
        seed += 1
    return out[:count]


MAX_STEPS = 600
"""Actions per random match at most (a long match is cut: its decisions so far still count)."""


def decide(
    game: Game[Any],
    level: str,
    view: Mapping[str, JSON],
    legal: Sequence[Any],
    seed: int,
    budget: int,
) -> JSON:
    """What ``level`` plays here, the way the platform asks it (a fresh bot per decision)."""
    bot = game.bots[level]()
    return game.encode_action(bot.choose(view, legal, random.Random(seed), budget))


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_budget_zero_plays_the_level_s_documented_default(slug: str) -> None:
    game = GAMES[slug]
    views = positions(game, examples(12, 40))
    for level in game.bots:
        default = getattr(game.bots[level](), "DEFAULT_BUDGET", None)
        if default is not None:
            assert isinstance(default, int) and default > 0, (slug, level)
            others = [default]
        else:
            others = [1, 10_000]
        for n, (view, legal) in enumerate(views):
            zero = decide(game, level, view, legal, n, 0)
            assert decide(game, level, view, legal, n, -1) == zero, (slug, level, n)
            for budget in others:
                assert decide(game, level, view, legal, n, budget) == zero, (
                    f"{slug} {level}: budget 0 plays differently from budget {budget} "
                    f"(decision {n}); a level whose play depends on its budget declares the "
                    "default that budget 0 stands for as DEFAULT_BUDGET on its bot class"
                )


def test_every_search_level_declares_its_default() -> None:
    """The levels that search say how much work their default is (the benches print it)."""
    declared = {
        slug: {level: getattr(make(), "DEFAULT_BUDGET", None) for level, make in game.bots.items()}
        for slug, game in GAMES.items()
    }
    for slug in ("dou_dizhu", "zheng_shangyou", "holdem", "one_poker", "spectacular_bid"):
        if slug in declared:
            assert declared[slug]["expert"], slug
