"""What the lobby adds to live's result screen (``live:after``): the rematch offer and where a new
game starts.  Registered in :meth:`lobby.apps.LobbyConfig.ready` as one of
``live.providers.AFTER_MATCH_PROVIDERS``, so live shows them without importing the lobby."""

from __future__ import annotations

from typing import Any

from live.models import Match

from .rematch import rematch_status
from .selectors import new_game_action


def after_match(match: Match, user_id: int | None) -> dict[str, Any]:
    return {
        "rematch": rematch_status(match=match, user_id=user_id),
        "new_game": new_game_action(match=match, user_id=user_id),
    }
