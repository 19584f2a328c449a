"""The moments analysis after a match (games/moments.py, issue #32) of every game but Bridge: each
game's ``analysis.analyse`` judges the real choices of the seats held by people, from a replay of
the seed and the move log, the same way every time; the moments are its biggest drops; and the
estimates never depend on cards the finished replay does not show."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

from games.cards.shedding import Play
from games.core import AnalysisInput, Game
from games.moments import DealScoring, Settings, analyse_moments
from games.registry import get_game
from support.bot_records import MOMENTS_GAMES, bot_record
from support.sizes import examples

SMALL = Settings(playouts=examples(3, 6), max_decisions=examples(4, 10))
"""Few play-outs and decisions: the tests check the rules, not the estimates' precision."""


def scoring_of(slug: str) -> DealScoring:
    scoring: DealScoring = importlib.import_module(f"games.{slug}.analysis").SCORING
    return scoring


def short_match(slug: str, seed: int, moves: int = 60) -> AnalysisInput:
    """The first ``moves`` moves of a seeded match: seat 0 (the person) plays the random level, the
    others the fast one; the match need not be over (an aborted match is analysed too)."""
    seats = get_game(slug).seat_counts[0]
    levels = [0] + [1] * (seats - 1)
    return bot_record(slug, seed, levels=levels, people=frozenset({0}), max_moves=moves)


def analyse(slug: str, record: AnalysisInput) -> dict[str, Any]:
    return analyse_moments(get_game(slug), scoring_of(slug), record, SMALL)


@pytest.mark.parametrize("slug", MOMENTS_GAMES)
def test_every_game_but_bridge_offers_the_moments_analysis_by_name(slug: str) -> None:
    module = importlib.import_module(f"games.{slug}.analysis")
    assert callable(module.analyse)
    assert isinstance(module.SCORING, DealScoring)


@pytest.mark.parametrize("slug", MOMENTS_GAMES)
def test_only_the_real_choices_of_people_are_judged_and_the_same_match_gives_the_same_result(
    slug: str,
) -> None:
    game: Game[Any] = get_game(slug)
    record = short_match(slug, seed=11)
    result = analyse(slug, record)
    assert result == analyse(slug, record)
    assert (result["version"], result["kind"]) == (1, "moments")
    assert result["level"] == list(game.bots)[-1]
    assert result["decisions"], "a short match has decisions of seat 0"
    assert result["judged"] == len(result["decisions"]) <= SMALL.max_decisions
    assert result["of"] >= result["judged"]
    for d in result["decisions"]:
        assert set(d) == {
            "index",
            "seat",
            "played",
            "suggested",
            "same",
            "before",
            "after",
            "best",
            "drop",
        }
        assert d["seat"] == 0 and record.moves[d["index"]] == (0, d["played"])
        assert d["same"] == (d["played"] == d["suggested"])
        for key in ("before", "after", "best"):
            assert d[key] is None or 0.0 <= d[key] <= 1.0
        if d["same"]:
            assert d["best"] == d["after"] and d["drop"] == 0.0
    indices = [d["index"] for d in result["decisions"]]
    assert indices == sorted(indices)


@pytest.mark.parametrize("slug", MOMENTS_GAMES)
def test_the_moments_are_the_biggest_drops_against_the_computers_choice(slug: str) -> None:
    result = analyse(slug, short_match(slug, seed=5))
    by_index = {d["index"]: d for d in result["decisions"]}
    drops = [by_index[i]["drop"] for i in result["moments"]]
    assert drops == sorted(drops, reverse=True)
    assert len(drops) <= SMALL.moments
    for i in result["moments"]:
        moment = by_index[i]
        assert not moment["same"]
        assert moment["drop"] == pytest.approx(moment["best"] - moment["after"], abs=0.002)
        assert moment["drop"] >= SMALL.min_drop
    left_out = [d["drop"] for i, d in by_index.items() if i not in result["moments"]]
    if drops and len(drops) == SMALL.moments:
        assert max(left_out, default=0.0) <= min(drops)


def test_keeping_a_card_when_one_play_would_go_out_is_a_moment_in_zheng_shangyou() -> None:
    """The person could shed its whole hand (a pair) in one play and so finish first; leading one
    card of it instead is clearly worse than the computer's choice, and the analysis lists it."""
    game = get_game("zheng_shangyou")
    seed = 12  # the first seed whose fast-level deal gives seat 0 that choice
    state = game.new_state(3, {}, seed)
    log: list[tuple[int, Any]] = []
    fast = list(game.bots.values())[1]()
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.pending()[0].seat
        legal = state.legal_actions(seat)
        hand = sorted(state.hands[seat])
        out = [a for a in legal if isinstance(a, Play) and sorted(a.cards) == hand]
        if seat == 0 and out and len(legal) > 1:
            keep = min((a for a in legal if a not in out), key=lambda a: len(a.cards))
            log.append((0, game.encode_action(keep)))
            break
        action = fast.choose(state.view(seat), legal, rng, 0)
        log.append((seat, game.encode_action(action)))
        state.apply(seat, action)
    assert log[-1][0] == 0, "the seed gives seat 0 the choice"
    record = AnalysisInput(
        state={}, seats=3, options={}, seed=seed, moves=log, people=frozenset({0})
    )
    settings = Settings(playouts=2, max_decisions=1000)
    result = analyse_moments(game, scoring_of("zheng_shangyou"), record, settings)
    last = result["decisions"][-1]
    assert last["index"] == len(log) - 1 and len(last["played"]["cards"]) == 1
    assert len(last["suggested"]["cards"]) == 2
    assert last["best"] == 1.0 and last["drop"] >= 0.5
    assert result["moments"][0] == last["index"]


def test_holdem_estimates_do_not_depend_on_board_cards_the_replay_never_shows() -> None:
    """Two matches that differ only in the board of a hand folded before the flop: the replay shows
    neither board, so their analyses are the same."""
    game = get_game("holdem")
    hole = {"0": ["AS", "AH"], "1": ["AC", "AD"], "2": ["KC", "KD"], "3": ["QC", "QD"]}
    results = []
    for board in (["KS", "KH", "QS", "QH", "2D"], ["5S", "6S", "7S", "8S", "9S"]):
        options = {"deals": [{"hole": hole, "board": board}]}
        state = game.new_state(4, options, 21)
        log: list[tuple[int, Any]] = []
        while state.hand_no == 0:  # everyone folds to the big blind
            seat = state.pending()[0].seat
            fold = next(
                a for a in state.legal_actions(seat) if game.encode_action(a)["kind"] == "fold"
            )
            log.append((seat, game.encode_action(fold)))
            state.apply(seat, fold)
        record = AnalysisInput(
            state=state.to_json(),
            seats=4,
            options=options,
            seed=21,
            moves=log,
            people=frozenset(range(4)),
        )
        results.append(analyse_moments(game, scoring_of("holdem"), record, SMALL))
    assert results[0]["decisions"] and results[0] == results[1]


def test_a_match_with_more_choices_than_the_cap_is_judged_in_every_part_not_only_its_start() -> (
    None
):
    slug = "zheng_shangyou"
    record = short_match(slug, seed=11)
    settings = Settings(playouts=1, max_decisions=3)
    result = analyse_moments(get_game(slug), scoring_of(slug), record, settings)
    everything = analyse_moments(
        get_game(slug), scoring_of(slug), record, Settings(playouts=1, max_decisions=1000)
    )
    candidates = [d["index"] for d in everything["decisions"]]
    judged = [d["index"] for d in result["decisions"]]
    assert len(candidates) > 3 and result["of"] == len(candidates)
    assert len(judged) == result["judged"] == 3
    assert judged[0] == candidates[0] and judged[-1] >= candidates[len(candidates) // 2]
