"""Bridge's declaration, exposed as ``games.bridge.GAME`` (the registry finds it there)."""

from __future__ import annotations

from games.bridge.actions import Action, decode_action, encode_action
from games.bridge.bots import ExpertBot, GreedyBot, RandomBot
from games.bridge.deals import deal_for
from games.bridge.pbn import UNKNOWN, export_pbn, replay
from games.bridge.state import BridgeState
from games.core import Export, ExportInput, Game, RatingMode, TimeControl


def write_pbn(match: ExportInput) -> str:
    """The PBN file of the match's one deal, replayed from its move log (``pbn.replay``); the
    players in the West/North/East/South tags, the start date in ``Date``.  A deal that is not over
    is refused (``ValueError``: its record would reveal the hidden hands) unless the match has
    ended (``match.ended``): then it is written as far as it was played."""
    started = match.started()
    state = replay(match.options, match.seed, match.moves)
    return export_pbn(
        state,
        event=match.title or UNKNOWN,
        date=started.strftime("%Y.%m.%d") if started is not None else UNKNOWN,
        players=dict(enumerate(match.players)),
        # A match that ended in the middle of the deal (a resignation, a time loss, an abort):
        # the record as far as it went, with PBN's marks for what was not played.
        reveal_hidden=match.ended and not state.is_over(),
    )


GAME: Game[Action] = Game(
    slug="bridge",
    title="Bridge",
    titles={"zh": "桥牌"},
    seat_counts=(4,),
    state=BridgeState,
    encode_action=encode_action,
    decode_action=decode_action,
    bots={"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot},
    # One deal: an auction and 13 tricks, the declarer playing two hands.
    time_control=TimeControl(bank_ms=600_000, delay_ms=20_000),
    rating_mode=RatingMode.TEAMS,  # seats 0 and 2 (North–South) against seats 1 and 3
    deal_for=deal_for,
    exports={"pbn": Export(label="PBN", media_type="text/plain", extension="pbn", write=write_pbn)},
    typical_minutes=8,
)
