"""Tractor's declaration (registered from :mod:`games.tractor` once board, rules and docs exist)."""

from __future__ import annotations

from games.core import Game, RatingMode, TimeControl
from games.tractor.actions import Action, decode_action, encode_action
from games.tractor.bots import LEVELS
from games.tractor.deals import deal_for
from games.tractor.state import TractorState

GAME: Game[Action] = Game(
    slug="tractor",
    title="Tractor",
    titles={"de": "Traktor", "zh": "拖拉机"},
    seat_counts=(4,),
    state=TractorState,
    encode_action=encode_action,
    decode_action=decode_action,
    bots=LEVELS,
    # A match is many deals of 25 tricks each, with a bidding and a burial per deal: a long bank.
    time_control=TimeControl(bank_ms=1_200_000, delay_ms=15_000),
    rating_mode=RatingMode.TEAMS,  # seats 0 and 2 against seats 1 and 3
    deal_for=deal_for,
    typical_minutes=60,
)
