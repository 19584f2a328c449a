"""The engine contract's checks (games/core.py), usable on any game declaration.

``tests/games/test_contract.py`` runs them over every registered game; a game still being built
(not yet registered, e.g. because its board is missing) runs them from its own tests by passing its
``Game``.  See test_contract.py for what is checked.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson
import pytest

from games.core import (
    Event,
    Game,
    GameError,
    IllegalAction,
    MalformedAction,
    RatingMode,
    SeatResult,
    State,
    event_for,
)

MAX_STEPS = 400
"""Random play of a chip game can last very long; the checks hold at every step, not at the end."""

JUNK: list[Any] = [
    None,
    0,
    -1,
    10**30,
    "pass",
    "",
    [],
    {},
    {"kind": None},
    {"kind": "no_such_kind"},
    {"kind": []},
    {"kind": {}},
    [[[[[]]]]],
    3.5,
    True,
    object(),
]
"""Values no engine may take for an action: not decodable, or not an action object."""

JUNK_TEXTS = [json.dumps(raw) for raw in JUNK[:-1]]
"""The junk as JSON text, written once (through the json module: orjson refuses the junk's
``10**30``; the last, ``object()``, has no JSON form)."""


def json_copy(value: Any) -> Any:
    """``value`` through a real JSON encoding, as the platform stores it (Django's JSONField) and
    sends it (live/messages.py): tuples become lists, non-string keys strings, and anything JSON
    cannot hold fails.  orjson rather than the json module: the same document, in a fifth of the
    time (a contract run copies tens of thousands of states)."""
    return orjson.loads(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS))


def wire_bytes(value: Any) -> bytes:
    """``value`` as a client receives it: the bytes live/messages.py encodes for every frame."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


def fingerprint(state: State[Any]) -> bytes:
    """The state's stored form as canonical JSON bytes: equal exactly when nothing changed (key
    order aside).  One encoding instead of a JSON round trip per comparison: a step compares the
    state with itself after every rejected action, dozens of times."""
    return orjson.dumps(state.to_json(), option=orjson.OPT_NON_STR_KEYS | orjson.OPT_SORT_KEYS)


TILE_KEYS = ("tile", "hand", "bone", "stock", "deal")
"""Keys under which a pair of ints is a tile.  Cards are names and are searched everywhere; a pair
of ints is also a count pair (``hand_counts: [6, 5]``) or open ends, so pairs are searched only
under keys that name tiles."""


@functools.cache
def _names_tiles(key: str) -> bool:
    return any(k in key for k in TILE_KEYS) and "count" not in key


def _tokens(payload: Any) -> set[Any]:
    """Every string anywhere in ``payload`` (a JSON copy), and every int pair under a tile-naming
    key.  (A loop over an explicit stack that skips scalars: the recursive generator it replaces
    was a third of the contract run's time.)"""
    if type(payload) is str:
        return {payload}
    found: set[Any] = set()
    todo: list[tuple[Any, bool]] = [(payload, False)] if type(payload) in (dict, list) else []
    while todo:
        item, tiles = todo.pop()
        if type(item) is dict:
            for key, value in item.items():
                found.add(key)
                kind = type(value)
                if kind is str:
                    found.add(value)
                elif kind is dict or kind is list:
                    todo.append((value, tiles or _names_tiles(str(key))))
            continue
        if tiles and len(item) == 2 and all(type(v) is int for v in item):
            found.add((min(item), max(item)))
        for sub in item:
            kind = type(sub)
            if kind is str:
                found.add(sub)
            elif kind is dict or kind is list:
                todo.append((sub, tiles))
    return found


def _hidden_key(item: Any) -> Any:
    if isinstance(item, list | tuple) and len(item) == 2:
        return (min(item), max(item))
    return item


@functools.cache
def _as_json_string(name: str) -> bytes:
    return orjson.dumps(name)


def assert_nothing_hidden(payload: Any, hidden: set[Any], who: str) -> None:
    """No card or tile of ``hidden`` is anywhere in ``payload`` as the client receives it.

    A hidden card name is looked for in the frame's bytes as a whole JSON string (``"AS"``, quotes
    included): in JSON an unescaped quote followed by the name and a quote can only be a string of
    exactly that name.  Such a match is exactly a piece between two neighbouring quotes of the
    frame, so the frame is cut at its quotes once and the names are looked up among the pieces (a
    set intersection) instead of searching the frame once per name: the same answer, a few times
    faster.  A name JSON would escape (none of the decks' names) is searched the slow way.  Tiles
    (int pairs under tile-naming keys) need the walk."""
    wire = wire_bytes(payload)
    names = {h for h in hidden if type(h) is str}
    plain = names if names <= _PLAIN_NAMES else {h for h in names if _is_plain(h)}
    leaked = plain & set(wire.decode().split('"')[1:-1])
    leaked |= {h for h in names - plain if _as_json_string(h) in wire}
    others = {h for h in hidden if type(h) is not str}
    if others:
        leaked |= others & _tokens(orjson.loads(wire))
    assert not leaked, f"{who} was shown hidden {sorted(map(str, leaked))}"


_PLAIN_NAMES: set[str] = set()
"""Names already seen to be written by JSON as themselves between two quotes."""


def _is_plain(name: str) -> bool:
    """Whether JSON writes ``name`` as ``"name"`` (nothing escaped): then a quote-to-quote piece of
    a frame equal to it is exactly the string ``name``."""
    if _as_json_string(name) == b'"' + name.encode() + b'"':
        _PLAIN_NAMES.add(name)
        return True
    return False


def hidden_sets(state: State[Any], seats: int) -> dict[int | None, set[Any]]:
    # A card name is its own key: the fast path skips the call for the hundred or so names a seat
    # does not see (``_hidden_key`` leaves a string as it is).
    return {
        s: {h if type(h) is str else _hidden_key(h) for h in state.hidden_from(s)}
        for s in [*range(seats), None]
    }


@dataclass
class Match:
    """A match under test: its game, state and the move log that built it."""

    game: Game[Any]
    seats: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    state: State[Any] = field(init=False)
    log: list[tuple[int, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.state = self.game.new_state(self.seats, self.options, self.seed)

    def restored(self) -> State[Any]:
        return self.game.state_from_json(json_copy(self.state.to_json()))

    def apply(self, seat: int, action: Any) -> Sequence[Event]:
        events = self.state.apply(seat, action)
        self.log.append((seat, json_copy(self.game.encode_action(action))))
        return events


OTHER_GAMES: Mapping[str, Game[Any]] = {}
"""Games whose action objects are offered as foreign junk (set by the test module)."""


def check_step(match: Match, rng: random.Random, events: Sequence[Event]) -> None:
    """Every check that holds between two actions."""
    game, state, seats = match.game, match.state, match.seats
    unchanged = fingerprint(state)
    assert fingerprint(match.restored()) == unchanged, "to_json/from_json lost something"

    hidden = hidden_sets(state, seats)
    for seat in [*range(seats), None]:
        who = f"seat {seat}" if seat is not None else "a spectator"
        assert_nothing_hidden(state.view(seat), hidden[seat], f"the view of {who}")
        for event in events:
            assert_nothing_hidden(event_for(event, seat), hidden[seat], f"an event to {who}")

    pending = state.pending()
    assert bool(pending) != state.is_over(), "pending must be empty exactly when the match is over"
    for decision in pending:
        legal = state.legal_actions(decision.seat)
        assert legal, f"seat {decision.seat} must act but has no legal action"
        if decision.forced is not None:
            assert decision.forced in legal, "a forced action must be legal"
        for action in legal:
            assert game.decode_action(json_copy(game.encode_action(action))) == action

    acting = {d.seat for d in pending}
    for seat in range(seats):
        if seat not in acting:
            assert not state.legal_actions(seat), f"seat {seat} is not to act but has actions"
    if not state.is_over():
        for loser in range(seats):
            check_forfeit(state.forfeit(loser), seats, loser)
        assert fingerprint(state) == unchanged, "forfeit() must not change the state"

    check_rejections(match, rng)
    check_some_legal_actions_apply(match, rng)


def check_forfeit(result: Sequence[SeatResult], seats: int, loser: int) -> None:
    assert sorted(r.seat for r in result) == list(range(seats)), "a result for every seat"
    placing = {r.seat: r.placing for r in result}
    assert placing[loser] == max(placing.values()), "the forfeiting seat ends last"
    assert min(placing.values()) == 1 and max(placing.values()) > 1, "someone wins a forfeit"


def random_step(state: State[Any], rng: random.Random) -> tuple[int, Any]:
    """One random legal action of a random pending seat, applied; returns the seat and action (to
    apply them to a twin state too).  How the games' own contract tests walk a match through its
    phases."""
    decision = rng.choice(state.pending())
    action = rng.choice(state.legal_actions(decision.seat))
    state.apply(decision.seat, action)
    return decision.seat, action


def check_partnership_forfeits(state: State[Any]) -> None:
    """Whoever of the four seats forfeits now, its partnership (seats 0 and 2 against 1 and 3)
    loses together and the other wins; asking changes nothing."""
    before = state.to_json()
    for loser in range(4):
        result = state.forfeit(loser)
        check_forfeit(result, 4, loser)
        placing = {r.seat: r.placing for r in result}
        assert placing[(loser + 2) % 4] == 2, "the partner loses too"
        assert placing[(loser + 1) % 4] == placing[(loser + 3) % 4] == 1
        assert {r.seat: r.team for r in result} == {0: 0, 1: 1, 2: 0, 3: 1}
    assert state.to_json() == before


def check_declared(
    game: Game[Any], slug: str, seat_counts: tuple[int, ...], mode: RatingMode
) -> None:
    """The declaration's slug, seat counts and rating mode; any other seat count is refused."""
    assert game.slug == slug and game.seat_counts == seat_counts
    assert game.rating_mode is mode
    for seats in range(1, 9):
        if seats not in seat_counts:
            with pytest.raises(GameError):
                game.new_state(seats, {}, 1)


def assert_same_views(state: State[Any], other: State[Any], seats: int) -> None:
    """Every seat and the spectators see the same JSON in both states."""
    for seat in [*range(seats), None]:
        assert json_copy(state.view(seat)) == json_copy(other.view(seat))


def check_refused_unchanged(state: State[Any], seat: int, action: Any) -> None:
    """``apply`` refuses ``action`` with IllegalAction and leaves the state as it was."""
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(seat, action)
    assert state.to_json() == before


def check_rejections(match: Match, rng: random.Random) -> None:
    """Junk and out-of-turn actions raise IllegalAction and leave the state as it was."""
    game, state = match.game, match.state
    before = fingerprint(state)
    acting = {d.seat for d in state.pending()}
    idle = [s for s in range(match.seats) if s not in acting]
    candidates: list[tuple[int, Any]] = [(rng.randrange(match.seats), j) for j in JUNK]
    legal_now = [a for s in acting for a in state.legal_actions(s)]
    for other in OTHER_GAMES.values():  # another game's legal action, as an object
        if other is not game:
            seat, action = rng.choice(_opening_actions(other))
            if type(action) not in {type(a) for a in legal_now}:  # shared classes (shedding)
                candidates.append((seat % match.seats, action))
    for seat in idle:  # an acting seat's legal action offered by a seat that is not to act
        for actor in acting:
            for action in state.legal_actions(actor)[:3]:
                if action not in state.legal_actions(seat):
                    candidates.append((seat, action))
    # try/except rather than pytest.raises: the same check (the named error, nothing else, must
    # come), without the context manager's cost at ~20 rejections a step.
    for seat, action in candidates:
        try:
            state.apply(seat, action)
        except IllegalAction:
            pass
        else:
            pytest.fail(f"seat {seat}'s {action!r} was accepted, not refused with IllegalAction")
        assert fingerprint(state) == before, f"a rejected {action!r} changed the state"
    for text in JUNK_TEXTS:  # fresh objects from the JSON text each time
        try:
            game.decode_action(json.loads(text))
        except MalformedAction:
            pass
        else:
            pytest.fail(f"{text} was decoded, not refused with MalformedAction")


FOREIGN_DEALS = 32
"""How many deals of each other game supply foreign actions (dealt once per test process: dealing
every game anew at every step was a fifth of a contract run)."""


_openings: dict[str, list[tuple[int, Any]]] = {}


def _opening_actions(game: Game[Any]) -> list[tuple[int, Any]]:
    """The first offered action (and its seat) in ``FOREIGN_DEALS`` fresh deals of ``game``."""
    if game.slug not in _openings:
        out = []
        for seed in range(FOREIGN_DEALS):
            state = game.new_state(game.seat_counts[0], {}, 7919 * seed + 1)
            decision = state.pending()[0]
            out.append((decision.seat, state.legal_actions(decision.seat)[0]))
        _openings[game.slug] = out
    return _openings[game.slug]


def check_some_legal_actions_apply(match: Match, rng: random.Random) -> None:
    """Offered actions apply (on copies restored from the snapshot, a few per step)."""
    for decision in match.state.pending():
        legal = list(match.state.legal_actions(decision.seat))
        for action in rng.sample(legal, min(2, len(legal))):
            match.restored().apply(decision.seat, action)


def check_replay(match: Match) -> None:
    """The move log replays from the seed to the same state (the platform's truth)."""
    replay = match.game.new_state(match.seats, match.options, match.seed)
    for seat, raw in match.log:
        replay.apply(seat, match.game.decode_action(raw))
    assert json_copy(replay.to_json()) == json_copy(match.state.to_json())


def check_end(match: Match) -> None:
    if match.state.is_over():
        result = match.state.result()
        assert result is not None
        assert sorted(r.seat for r in result) == list(range(match.seats))
        assert min(r.placing for r in result) == 1
    else:
        assert match.state.result() is None


def play_random(match: Match, rng: random.Random, *, checks: bool = True) -> None:
    if checks:
        check_step(match, rng, ())
    for _ in range(MAX_STEPS):
        if match.state.is_over():
            break
        decision = rng.choice(list(match.state.pending()))
        action = rng.choice(list(match.state.legal_actions(decision.seat)))
        events = match.apply(decision.seat, action)
        if checks:
            check_step(match, rng, events)


def check_game(game: Game[Any], seats: int, *, matches: int, first_seed: int = 0) -> None:
    """The step checks, the replay and the end checks over ``matches`` random matches of ``game``
    — for a game's own tests before it is registered (test_contract.py covers registered ones)."""
    for n in range(matches):
        seed = first_seed + n
        match = Match(game, seats, seed)
        try:
            play_random(match, random.Random(seed))
            check_replay(match)
            check_end(match)
        except AssertionError as exc:
            raise AssertionError(f"{game.slug} with {seats} seats, seed {seed}: {exc}") from exc
