"""Events and JSON records, built and copied the cheap way.

A round emits some thirty events and every move copies the round log several times (the snapshot
loaded and saved, one view per audience), so these helpers sit on the engine's hot path; they are
kept apart from the rules so that ``state.py`` reads as the rules.
"""

from __future__ import annotations

import dataclasses
import marshal
from collections.abc import Callable, Mapping
from typing import Any, Final, cast

from games.core import JSON, Event
from games.spectacular_bid.tiles import Tile

type Setter = Callable[[Event, object], None]


def _slot_writers() -> tuple[Setter, Setter, Setter] | None:
    """The setters of :class:`Event`'s three slots, or None if ``Event`` is no longer the plain
    slotted dataclass of ``kind``, ``data`` and ``private`` that :func:`_slot_event` fills."""
    names = tuple(f.name for f in dataclasses.fields(Event))
    if (
        names != ("kind", "data", "private")
        or getattr(Event, "__slots__", None) != names
        or hasattr(Event, "__post_init__")
    ):
        return None
    slots = vars(Event)
    return slots["kind"].__set__, slots["data"].__set__, slots["private"].__set__


def _no_slots(made: Event, value: object) -> None:
    raise TypeError("Event has changed shape: events are built through its constructor")


_WRITERS: Final = _slot_writers()
_SET_KIND, _SET_DATA, _SET_PRIVATE = _WRITERS or (_no_slots, _no_slots, _no_slots)


def _slot_event(
    kind: str, data: dict[str, JSON], private: dict[int, dict[str, JSON]] | None = None
) -> Event:
    """``Event(kind, data, private)``, built by writing its three slots directly.

    The frozen dataclass's generated ``__init__`` (a Python-level call doing one
    ``object.__setattr__`` per field) costs about 1.7 times as much as the slot writes.  The result
    is an ordinary ``Event``: equal and frozen as ever.
    """
    made: Event = object.__new__(Event)
    _SET_KIND(made, kind)
    _SET_DATA(made, data)
    _SET_PRIVATE(made, {} if private is None else private)
    return made


def _init_event(
    kind: str, data: dict[str, JSON], private: dict[int, dict[str, JSON]] | None = None
) -> Event:
    """``Event(kind, data, private)`` through its constructor (the fallback of :data:`event`)."""
    return Event(kind, data, {} if private is None else private)


event: Final = (
    _slot_event
    if _WRITERS is not None and _slot_event("k", {"a": 1}, {0: {}}) == Event("k", {"a": 1}, {0: {}})
    else _init_event
)
"""How the engine builds its events: slot writes when :func:`_slot_writers` finds ``Event``
unchanged and they give the constructor's result, else the constructor."""


def tile_json(t: Tile) -> list[int]:
    return [t[0], t[1]]


def json_copy(value: JSON) -> JSON:
    """A deep copy of a JSON value, so that views and snapshots share no list with the state.

    Through ``marshal`` (in memory): it round-trips exactly the types a JSON value is made of and
    copies a round log about four times faster than a recursive copy in Python.
    """
    return cast(JSON, marshal.loads(marshal.dumps(value)))


def event_json(e: Event) -> dict[str, JSON]:
    """The snapshot form of an event (private parts included)."""
    return {
        "kind": e.kind,
        "data": json_copy(dict(e.data)),
        "private": {str(s): json_copy(dict(p)) for s, p in e.private.items()},
    }


def event_from_json(d: Mapping[str, Any]) -> Event:
    return Event(
        kind=d["kind"],
        data=dict(d["data"]),
        private={int(s): dict(p) for s, p in d["private"].items()},
    )
