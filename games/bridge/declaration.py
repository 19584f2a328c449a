"""Bridge's declaration, exposed as ``games.bridge.GAME`` (the registry finds it there)."""

from __future__ import annotations

from games.bridge.actions import Action, decode_action, encode_action
from games.bridge.bots import ExpertBot, GreedyBot, RandomBot
from games.bridge.deals import deal_for
from games.bridge.state import BridgeState
from games.core import Game, RatingMode, TimeControl

GAME: Game[Action] = Game(
    slug="bridge",
    title="Bridge",
    seat_counts=(4,),
    state=BridgeState,
    encode_action=encode_action,
    decode_action=decode_action,
    bots={"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot},
    # One deal: an auction and 13 tricks, the declarer playing two hands.
    time_control=TimeControl(bank_ms=600_000, delay_ms=20_000),
    rating_mode=RatingMode.TEAMS,  # seats 0 and 2 (North–South) against seats 1 and 3
    deal_for=deal_for,
)
