"""One Poker: two players lock one of two cards each, bet, and compare; a match to the last chip."""

from __future__ import annotations

from collections.abc import Mapping

from games.cards import face, parse
from games.core import JSON, Game, MalformedAction, State, TimeControl
from games.one_poker.bots import ExpertBot, GreedyBot, RandomBot
from games.one_poker.state import Lock, OnePokerState, card_name
from games.poker.betting import BetAction, decode_bet, encode_bet


def _new_state(seats: int, options: Mapping[str, JSON], seed: int) -> State:
    return OnePokerState(seats, options, seed)


def _from_json(data: Mapping[str, JSON]) -> State:
    return OnePokerState.from_json(data)


def _encode(action: object) -> JSON:
    if isinstance(action, Lock):
        return {"kind": "lock", "card": card_name(action.card)}
    if isinstance(action, BetAction):
        return encode_bet(action)
    raise TypeError("not a One Poker action")


def _decode(data: JSON) -> Lock | BetAction:
    if not isinstance(data, dict):
        raise MalformedAction("an action is a JSON object with a 'kind'")
    if data.get("kind") != "lock":
        return decode_bet(data)
    card = data.get("card")
    if not isinstance(card, str):
        raise MalformedAction("a lock names its card, e.g. {\"kind\": \"lock\", \"card\": \"7H\"}")
    try:
        return Lock(face(parse(card)))
    except ValueError:
        raise MalformedAction(f"not a card: {card!r}") from None


GAME = Game(
    slug="one_poker",
    title="One Poker",
    seat_counts=(2,),
    new_state=_new_state,
    state_from_json=_from_json,
    encode_action=_encode,
    decode_action=_decode,
    bots={"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot},
    time_control=TimeControl(bank_ms=120_000, delay_ms=10_000),
    teams=lambda seats: list(range(seats)),
    rating_mode="duel",
)
