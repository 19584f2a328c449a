"""The one place live events leave the server: one message per audience, after commit.

Each seat has its own group and the spectators share one, so every ``group_send`` carries exactly
the view its audience may see (hidden tiles and cards never reach a group that may not know them).
"""

from __future__ import annotations

from collections.abc import Sequence

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games.core import Event, Game, State

from . import timebase
from .messages import public_group, seat_group, state_message
from .models import Match, Seat


def match_changed(
    *, match: Match, game: Game, state: State, seats: Sequence[Seat], events: Sequence[Event]
) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    now_ms = timebase.stamp().ms
    audiences: list[tuple[str, int | None]] = [
        (seat_group(match.pk, s.seat), s.seat) for s in seats if s.user_id
    ]
    audiences.append((public_group(match.pk), None))
    send = async_to_sync(_send_all)
    send(
        layer,
        [
            (
                group,
                state_message(
                    match=match,
                    game=game,
                    state=state,
                    seats=seats,
                    seat=seat,
                    reason="update",
                    now_ms=now_ms,
                    events=events,
                ),
            )
            for group, seat in audiences
        ],
    )


async def _send_all(layer: object, messages: list[tuple[str, dict[str, object]]]) -> None:
    for group, payload in messages:
        await layer.group_send(group, {"type": "match.state", "payload": payload})  # type: ignore[attr-defined]
