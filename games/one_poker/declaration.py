"""One Poker's declaration, exposed as ``games.one_poker.GAME`` (the registry finds it there)."""

from __future__ import annotations

from games.core import Game, RatingMode, TimeControl
from games.one_poker.actions import OnePokerAction, decode_action, encode_action
from games.one_poker.bots import ExpertBot, GreedyBot, RandomBot
from games.one_poker.deals import deal_for
from games.one_poker.state import OnePokerState

GAME: Game[OnePokerAction] = Game(
    slug="one_poker",
    title="One Poker",
    seat_counts=(2,),
    state=OnePokerState,
    encode_action=encode_action,
    decode_action=decode_action,
    bots={"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot},
    time_control=TimeControl(bank_ms=120_000, delay_ms=10_000),
    rating_mode=RatingMode.DUEL,
    deal_for=deal_for,
    typical_minutes=10,
)
