"""Texas Hold'em's declaration, exposed as ``games.holdem.GAME`` (the registry finds it there)."""

from __future__ import annotations

from games.core import Export, Game, RatingMode, TimeControl
from games.holdem.actions import HoldemAction, decode_action, encode_action
from games.holdem.bots import ExpertBot, RandomBot, TightAggressiveBot
from games.holdem.deals import deal_for
from games.holdem.hand_history import hand_history
from games.holdem.state import HoldemState

GAME: Game[HoldemAction] = Game(
    slug="holdem",
    title="Texas Hold'em",
    titles={"zh": "德州扑克"},
    seat_counts=(4,),
    state=HoldemState,
    encode_action=encode_action,
    decode_action=decode_action,
    bots={"random": RandomBot, "greedy": TightAggressiveBot, "expert": ExpertBot},
    time_control=TimeControl(bank_ms=300_000, delay_ms=15_000),
    rating_mode=RatingMode.FFA,
    deal_for=deal_for,
    exports={
        "hand_history": Export(
            label="Hand history", media_type="text/plain", extension="txt", write=hand_history
        )
    },
    typical_minutes=30,
)
