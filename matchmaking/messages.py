"""Messages of the queue protocol built in more than one place (matchmaking/README.md)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse


def matched_message(match_id: int) -> dict[str, Any]:
    """Where the player's new match is: its page and its live socket."""
    return {
        "type": "matched",
        "match_id": match_id,
        "url": reverse("live:match", args=[match_id]),
        "ws_path": f"/ws/match/{match_id}/",
    }
