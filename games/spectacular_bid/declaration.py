"""Spectacular Bid's declaration, exposed as ``games.spectacular_bid.GAME``
(the registry finds it there)."""

from __future__ import annotations

from games.core import Game, RatingMode, TimeControl
from games.spectacular_bid.actions import Action, decode_action, encode_action
from games.spectacular_bid.bots import GreedyBot, RandomBot
from games.spectacular_bid.deals import deal_for
from games.spectacular_bid.expert import ExpertBot
from games.spectacular_bid.state import SpectacularBidState

GAME: Game[Action] = Game(
    slug="spectacular_bid",
    title="Spectacular Bid",
    seat_counts=(2,),
    state=SpectacularBidState,
    encode_action=encode_action,
    decode_action=decode_action,
    bots={"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot},
    time_control=TimeControl(bank_ms=120_000, delay_ms=10_000),
    rating_mode=RatingMode.DUEL,
    deal_for=deal_for,
    typical_minutes=15,
)
