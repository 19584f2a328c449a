"""Texas Hold'em (no limit): four players, blinds 10/20, a match until one player has every chip."""

from __future__ import annotations

from collections.abc import Mapping

from games.core import JSON, Game, MalformedAction, State, TimeControl
from games.holdem.bots import ExpertBot, RandomBot, TightAggressiveBot
from games.holdem.state import HoldemState
from games.poker.betting import BetAction, decode_bet, encode_bet


def _new_state(seats: int, options: Mapping[str, JSON], seed: int) -> State:
    return HoldemState(seats, options, seed)


def _from_json(data: Mapping[str, JSON]) -> State:
    return HoldemState.from_json(data)


def _encode(action: object) -> JSON:
    if not isinstance(action, BetAction):
        raise TypeError("not a Hold'em action")
    return encode_bet(action)


def _decode(data: JSON) -> BetAction:
    if not isinstance(data, dict):
        raise MalformedAction("an action is a JSON object with a 'kind'")
    return decode_bet(data)


GAME = Game(
    slug="holdem",
    title="Texas Hold'em",
    seat_counts=(4,),
    new_state=_new_state,
    state_from_json=_from_json,
    encode_action=_encode,
    decode_action=_decode,
    bots={"random": RandomBot, "greedy": TightAggressiveBot, "expert": ExpertBot},
    time_control=TimeControl(bank_ms=300_000, delay_ms=15_000),
    teams=lambda seats: list(range(seats)),
    rating_mode="ffa",
)
