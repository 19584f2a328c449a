"""Guandan's declaration (not yet registered: see :mod:`games.guandan`)."""

from __future__ import annotations

from games.core import Game, RatingMode, TimeControl
from games.guandan.actions import Action, decode_action, encode_action
from games.guandan.bots import GreedyBot, RandomBot
from games.guandan.deals import deal_for
from games.guandan.state import GuandanState

GAME: Game[Action] = Game(
    slug="guandan",
    title="Guandan",
    seat_counts=(4,),
    state=GuandanState,
    encode_action=encode_action,
    decode_action=decode_action,
    bots={"random": RandomBot, "greedy": GreedyBot},
    # A match is many deals of ~27 cards each: a longer bank than the one-deal games.
    time_control=TimeControl(bank_ms=900_000, delay_ms=15_000),
    rating_mode=RatingMode.TEAMS,  # seats 0 and 2 against seats 1 and 3
    deal_for=deal_for,
)
