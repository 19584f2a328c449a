"""The engine contract (games/core.py), checked over every registered game and seat count.

OpenSpiel's idea (one conformance run over every game): a new game is checked by existing.  Random
and bot-played matches, and at every step:

* every offered action applies, and the codec round-trips it through JSON;
* junk, and other seats' actions, are rejected with ``IllegalAction`` and change nothing;
* ``to_json``/``from_json`` round-trip; the move log replays from the seed to the same state;
* no view or event payload for a seat or a spectator holds a card or tile the engine says is hidden
  from it (:meth:`games.core.State.hidden_from`);
* a forced decision's action is legal; ``forfeit`` gives every seat a result, the loser last;
* ``options["deals"]`` from ``deal_for`` reproduces what the seed deals.

Sizes follow the hypothesis profile (tests/support/sizes.py): quick by default, thousands of
matches in CI.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

from games.core import DEALS_OPTION, Game, GameDeclarationError, GameError, RatingMode, TimeControl
from games.registry import all_games
from support import contract
from support.contract import (
    Match,
    check_end,
    check_replay,
    play_random,
)
from support.contract import json_copy as _json
from support.sizes import examples

GAMES = all_games()
contract.OTHER_GAMES = GAMES
CASES = [(slug, n) for slug, game in GAMES.items() for n in game.seat_counts]
IDS = [f"{slug}-{n}" for slug, n in CASES]

PIECES = {"tractor": 6, "guandan": 4}
"""Games whose random walks are long enough (minutes in CI) to be cut into pieces: one test held
a pytest-xdist worker for minutes while the other sat idle.  Each piece walks every
``PIECES``-th match of the same seeds, so together they play exactly the matches one test did."""

WALKS = examples(quick=3, thorough=60)
MANY = examples(quick=20, thorough=600)


def _pieces(matches: int) -> tuple[list[tuple[str, int, int, int]], list[str]]:
    """``CASES`` with each long-walking game's matches dealt round-robin into pieces (never more
    pieces than matches): (slug, seats, piece, pieces) and its test id."""
    cases, ids = [], []
    for slug, seats in CASES:
        count = min(PIECES.get(slug, 1), matches)
        for piece in range(count):
            cases.append((slug, seats, piece, count))
            ids.append(f"{slug}-{seats}" + (f"-part{piece + 1}of{count}" if count > 1 else ""))
    return cases, ids


WALK_CASES, WALK_IDS = _pieces(WALKS)
MANY_CASES, MANY_IDS = _pieces(MANY)


@pytest.mark.parametrize(("slug", "seats", "piece", "pieces"), WALK_CASES, ids=WALK_IDS)
def test_random_matches_keep_the_contract_at_every_step(
    slug: str, seats: int, piece: int, pieces: int
) -> None:
    game = GAMES[slug]
    for n in range(piece, WALKS, pieces):
        seed = 1_000 * seats + n
        rng = random.Random(seed)
        match = Match(game, seats, seed)
        try:
            play_random(match, rng)
            check_replay(match)
            check_end(match)
        except AssertionError as exc:
            raise AssertionError(f"{slug} with {seats} seats, seed {seed}: {exc}") from exc


@pytest.mark.parametrize(("slug", "seats", "piece", "pieces"), MANY_CASES, ids=MANY_IDS)
def test_many_random_matches_apply_every_offered_action_and_replay(
    slug: str, seats: int, piece: int, pieces: int
) -> None:
    """The cheap checks over many more matches: legal actions apply, the log replays."""
    game = GAMES[slug]
    for n in range(piece, MANY, pieces):
        seed = 7_000_000 + 1_000 * seats + n
        match = Match(game, seats, seed)
        play_random(match, random.Random(seed), checks=False)
        check_replay(match)
        check_end(match)


BOT_MATCHES = examples(quick=1, thorough=3)
BOT_CASES = [(slug, seats, n) for slug, seats in CASES for n in range(BOT_MATCHES)]
BOT_IDS = [
    f"{slug}-{seats}" + (f"-match{n + 1}" if BOT_MATCHES > 1 else "")
    for slug, seats, n in BOT_CASES
]


@pytest.mark.parametrize(("slug", "seats", "n"), BOT_CASES, ids=BOT_IDS)
def test_bots_choose_legal_actions_from_their_own_view(slug: str, seats: int, n: int) -> None:
    """Every level plays every seat, seeing only a JSON copy of its own seat's view.  (One test per
    match seed, so that xdist can spread them: Bridge's was the longest test of tests/games.)"""
    game = GAMES[slug]
    for level, make_bot in game.bots.items():
        seed = 90_000 + n
        rng = random.Random(seed)
        match = Match(game, seats, seed)
        bots = [make_bot() for _ in range(seats)]
        for _ in range(examples(quick=60, thorough=200)):
            if match.state.is_over():
                break
            decision = rng.choice(list(match.state.pending()))
            legal = list(match.state.legal_actions(decision.seat))
            view = _json(match.state.view(decision.seat))
            action = bots[decision.seat].choose(view, legal, rng, 0)
            assert action in legal, f"{level} chose {action!r}, not a legal action"
            match.apply(decision.seat, action)
        check_replay(match)


@pytest.mark.parametrize(("slug", "seats"), CASES, ids=IDS)
def test_fixed_deals_reproduce_what_the_seed_deals(slug: str, seats: int) -> None:
    """``options["deals"]`` built by ``deal_for`` plays exactly like the seed it came from."""
    game = GAMES[slug]
    assert game.deal_for is not None, "a game with hidden cards or tiles must offer fixed deals"
    for n in range(examples(quick=3, thorough=40)):
        seed, other = 500 + n, 99_999 + n
        deals = [_json(game.deal_for(seats, seed, i)) for i in range(20)]
        dealt = Match(game, seats, seed)
        fixed = Match(game, seats, other, options={DEALS_OPTION: deals})
        rng = random.Random(seed)
        for _ in range(30):
            for seat in [*range(seats), None]:
                assert _json(fixed.state.view(seat)) == _json(dealt.state.view(seat))
            if dealt.state.is_over():
                break
            decision = rng.choice(list(dealt.state.pending()))
            action = rng.choice(list(dealt.state.legal_actions(decision.seat)))
            dealt.apply(decision.seat, action)
            fixed.apply(decision.seat, action)


@pytest.mark.parametrize(("slug", "seats"), CASES, ids=IDS)
def test_a_bad_deals_option_is_refused_with_a_clear_error(slug: str, seats: int) -> None:
    game = GAMES[slug]
    for bad in ([["not a card"]], ["x"], [None], [{}]):
        with pytest.raises(GameError):
            game.new_state(seats, {DEALS_OPTION: bad}, 1)


# --- the declaration ----------------------------------------------------------------------------


def test_every_game_package_is_registered_under_its_own_name() -> None:
    for slug, game in GAMES.items():
        assert game.state.__module__.startswith(f"games.{slug}."), slug
        assert isinstance(game.rating_mode, RatingMode)


def test_every_game_is_declared_in_its_declaration_module_and_exposed_by_its_package() -> None:
    """One place per game for ``GAME``: ``games/<slug>/declaration.py`` (where a game still
    being built keeps it), re-exported by the package, where the registry looks."""
    for slug, game in GAMES.items():
        declaration = importlib.import_module(f"games.{slug}.declaration")
        assert declaration.GAME is game, slug
        assert importlib.import_module(f"games.{slug}").GAME is game, slug


def _declare(**changes: Any) -> Game[Any]:
    base = GAMES["spectacular_bid"]
    fields = {
        "slug": "new_game",
        "title": "New",
        "seat_counts": base.seat_counts,
        "state": base.state,
        "encode_action": base.encode_action,
        "decode_action": base.decode_action,
        "bots": base.bots,
        "time_control": base.time_control,
        "rating_mode": base.rating_mode,
        "deal_for": base.deal_for,
    }
    return Game(**(fields | changes))


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"rating_mode": "dual"}, "is not a RatingMode"),
        ({"slug": "New Game"}, "lower-case identifier"),
        ({"seat_counts": ()}, "seat_counts"),
        ({"seat_counts": (3,)}, "exactly two seats"),
        ({"bots": {}}, "AI level"),
        ({"time_control": TimeControl(bank_ms=0, delay_ms=0)}, "positive bank"),
        ({"titles": {"zh": ""}}, "the zh title is empty"),
        ({"titles": {"zh": "   "}}, "the zh title is empty"),
        ({"titles": {"zh-hans": "新"}}, "not a language code"),
    ],
)
def test_a_mistaken_declaration_fails_when_the_game_is_declared(
    change: dict[str, Any], says: str
) -> None:
    with pytest.raises(GameDeclarationError, match=says):
        _declare(**change)


def test_a_declaration_names_the_game_in_other_languages_only_where_asked() -> None:
    game = _declare(titles={"zh": "新游戏"})
    assert (game.title, dict(game.titles)) == ("New", {"zh": "新游戏"})
    assert dict(_declare().titles) == {}


def test_a_seat_count_the_game_does_not_allow_is_refused() -> None:
    game = GAMES["spectacular_bid"]
    with pytest.raises(GameError, match="played by"):
        game.new_state(5, {}, 1)
