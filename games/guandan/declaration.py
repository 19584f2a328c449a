"""Guandan's declaration, exposed as ``games.guandan.GAME`` (the registry finds it there)."""

from __future__ import annotations

from games.core import Game, RatingMode, TimeControl
from games.guandan.actions import Action, decode_action, encode_action
from games.guandan.bots import ExpertBot, GreedyBot, RandomBot
from games.guandan.deals import deal_for
from games.guandan.state import GuandanState

GAME: Game[Action] = Game(
    slug="guandan",
    title="Guandan",
    titles={"zh": "掼蛋"},
    seat_counts=(4,),
    state=GuandanState,
    encode_action=encode_action,
    decode_action=decode_action,
    bots={"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot},
    # A match is many deals of ~27 decisions a player: three times the one-deal games' bank.
    time_control=TimeControl(bank_ms=900_000, delay_ms=15_000),
    rating_mode=RatingMode.TEAMS,  # seats 0 and 2 against seats 1 and 3
    deal_for=deal_for,
    typical_minutes=45,
)
