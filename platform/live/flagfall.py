"""When a flag may fall: the rule that keeps an outage from deciding a game on time (pure).

A time loss says "this seat could have moved and did not".  That holds only if the platform could
receive the seat's moves for the whole decision.  The platform knows it could when its web
processes kept beating (``live.liveness``); it knows it could not when it recorded an outage; and
between the two — a beat that is late but not yet late by the outage tolerance — it cannot tell a
hiccup from the start of an outage.  A flag decided then would be decided on time nobody measured
(the issue this module exists for: a 6 s clock flagged 5 s into a 35 s freeze of the web process,
before the freeze could be called an outage).  So the rule waits until it can tell:

* before the deadline nothing happens;
* an outage recorded that overlaps the decision, or one still going on beyond the tolerance,
  aborts the match unrated (unreliable time, the rules' "unzuverlässige Dienstzeitmessung");
* a beat later than ``late_ms`` (but within the tolerance) means *wait*: look again in
  ``retry_ms``; by then the beat has come back (a hiccup: the flag falls, the time is charged
  as thinking time, as every hiccup within the tolerance is) or the tolerance has passed (an
  outage: aborted);
* otherwise — or when nothing beats at all (in-process use) — the flag falls.

No Django here: the callers read the beat and the recorded outages under the match's row lock and
pass them in, and tests can walk the rule over any timeline of beats.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Ruling(Enum):
    EARLY = "early"
    FLAG = "flag"
    WAIT = "wait"
    OUTAGE = "outage"


@dataclass(frozen=True, slots=True)
class FlagVerdict:
    """What to do about a due flag: ``retry_ms`` when to look again (``WAIT``); ``outage_ms``
    the span ``(start, end)`` the server could not receive moves in (``OUTAGE``) — ``None`` as
    the span of a recorded outage, whose record says how long it was."""

    ruling: Ruling
    retry_ms: int | None = None
    outage_ms: tuple[int, int] | None = None


def flag_verdict(
    *,
    deadline_ms: int,
    opened_ms: int,
    now_ms: int,
    last_beat_ms: int | None,
    latest_outage_ms: tuple[int, int | None] | None,
    late_ms: int,
    tolerance_ms: int,
    retry_ms: int,
) -> FlagVerdict:
    """The ruling on a flag due at ``deadline_ms`` for a decision open since ``opened_ms`` (the
    last acknowledged move), judged at ``now_ms`` (all reference time).

    ``last_beat_ms``: the platform's latest heartbeat (None: nothing beats, nothing can be told
    from an outage).  ``latest_outage_ms``: the latest recorded outage as ``(last beat before it,
    first beat after it)`` — None as its end while no web process is back — or None if none was
    recorded.  The latest is the only one that can reach into the decision: older ones ended
    before it began.
    """
    if now_ms < deadline_ms:
        return FlagVerdict(Ruling.EARLY)
    if latest_outage_ms is not None:
        start, end = latest_outage_ms
        if start < now_ms and (end is None or end > opened_ms):
            return FlagVerdict(Ruling.OUTAGE)
    if last_beat_ms is None:
        return FlagVerdict(Ruling.FLAG)
    silent = now_ms - last_beat_ms
    if silent > tolerance_ms:
        return FlagVerdict(Ruling.OUTAGE, outage_ms=(last_beat_ms, now_ms))
    if silent > late_ms:
        return FlagVerdict(Ruling.WAIT, retry_ms=now_ms + retry_ms)
    return FlagVerdict(Ruling.FLAG)
