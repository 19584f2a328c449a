"""Storing the events of the last action inside a state so every view can show them censored.

Events carry hidden parts for one seat only (a player's own hole cards); a snapshot must keep them
so a reconnecting player still sees what just happened, so they are stored as JSON with the private
parts kept apart and merged per viewer exactly like :func:`games.core.event_for`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from games.core import JSON, Event


def store(events: Iterable[Event]) -> list[dict[str, JSON]]:
    """The JSON-safe form (private parts keyed by the seat number as a string)."""
    return [
        {
            "kind": e.kind,
            "data": dict(e.data),
            "private": {str(s): dict(p) for s, p in e.private.items()},
        }
        for e in events
    ]


def for_viewer(stored: Iterable[Mapping[str, JSON]], seat: int | None) -> list[dict[str, JSON]]:
    """Each stored event as ``seat`` (None: a spectator) may see it."""
    out: list[dict[str, JSON]] = []
    for e in stored:
        item: dict[str, JSON] = {"kind": e["kind"], **e["data"]}
        if seat is not None:
            item.update(e["private"].get(str(seat), {}))
        out.append(item)
    return out
