"""Time the server could not serve is never charged: the heartbeat and outage detection.

While no web process runs (a crash, a deployment gone wrong, the whole machine down) the platform
cannot receive commands, so it cannot measure when they would have arrived — the seed's rule for
unreliable time applies ("bei nachgewiesen unzuverlässiger Dienstzeitmessung wird die Partie ohne
Rating-Ergebnis abgebrochen").  Every web process beats once a second (``start_beating``): one
row, ``ServiceBeat("platform")``, holds the last beat in reference time; the sweeper looks at it in
every sweep without beating (a sweeper alive while every web process is dead is still an outage).
The first look after a gap longer than ``OUTAGE_TOLERANCE_S`` records the outage (a
``TimeIncident`` of kind ``outage``) and aborts, unrated, every running match whose clock ran
through it (:func:`live.services.matches_abort_for_outage`).  A look that does not beat (the
sweeper) leaves the beat where it was, so the outage stays visible to every flag until a web
process is back; it is recorded once all the same.

A flag about to fall reads the beat first (:func:`beat_seen`) and lets :mod:`live.flagfall` rule:
it never falls across a recorded outage, nor while the beat is late (:func:`late_ms`) — then the
server cannot rule out an outage in progress and waits until it can tell.  So a clock job that
runs before any web process is back, or while the only one is frozen, cannot end a match on time
that ran out while nobody could move.

Shorter hiccups are charged as ordinary thinking time: at most ``OUTAGE_TOLERANCE_S`` of one
decision (docs/architecture.md, "Time you can trust").
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, close_old_connections, transaction

from . import timebase
from .models import ServiceBeat, TimeIncident

log = logging.getLogger(__name__)
BEAT = "platform"


def tolerance_ms() -> int:
    return int(settings.OUTAGE_TOLERANCE_S * 1000)


LATE_BEATS = 3
"""A beat more than this many beat periods old is late: the platform may be down right now."""


def late_ms() -> int:
    """How old the last beat may be for a flag to fall at once: three beat periods (never more
    than the tolerance).  Later than that, an outage in progress cannot be ruled out."""
    return int(min(LATE_BEATS * settings.OUTAGE_BEAT_S, settings.OUTAGE_TOLERANCE_S) * 1000)


RETRIES_PER_BEAT = 4


def retry_ms() -> int:
    """How soon a flag that had to wait for the beat is looked at again: a quarter of a beat
    period, so that it falls soon after a late beat comes back (a loaded machine's beats are
    sometimes seconds late, and every flag due meanwhile waits for them)."""
    return max(1, int(settings.OUTAGE_BEAT_S * 1000 / RETRIES_PER_BEAT))


@dataclass(frozen=True, slots=True)
class Beat:
    """What a flag decision needs to know about the platform's liveness (reference time): its
    last beat (None: nothing beats) and its latest recorded outage as ``(last beat before it,
    first beat after it)`` — the end None while no web process is back — or None."""

    last_ms: int | None
    latest_outage_ms: tuple[int, int | None] | None


_known = Beat(None, None)
_fresh_until_ms = 0
"""Until this reference time ``_known`` is still the truth (a beat on time seen + the late bound):
no outage can be recorded before a gap longer than the tolerance, so flags due before it need no
query (a burst of a thousand flags costs one)."""


def forget() -> None:
    global _known, _fresh_until_ms
    _known, _fresh_until_ms = Beat(None, None), 0


def beat_seen(now_ms: int) -> Beat:
    """The platform's last beat and latest recorded outage, for a flag judged at ``now_ms``.

    The beat is read before the outages: the beat that ends an outage records its end in the same
    transaction, so a beat seen implies the end of its outage is seen too.
    """
    global _known, _fresh_until_ms
    if now_ms <= _fresh_until_ms:
        return _known
    last = ServiceBeat.objects.filter(name=BEAT).values_list("last_ms", flat=True).first()
    seen = Beat(last, _latest_outage())
    if last is not None and now_ms - last <= late_ms():
        _known, _fresh_until_ms = seen, last + late_ms()
    return seen


def _latest_outage() -> tuple[int, int | None] | None:
    """The latest recorded outage as (start, end); its end is recorded by the first beat after it
    (``outage_over``), so an end older than the start belongs to an earlier outage."""
    marks = TimeIncident.objects.filter(at_ms__isnull=False).order_by("-at_ms")
    start = marks.filter(kind="outage").values_list("at_ms", flat=True).first()
    if start is None:
        return None
    end = marks.filter(kind=OUTAGE_OVER).values_list("at_ms", flat=True).first()
    return (start, end if end is not None and end > start else None)


OUTAGE_OVER = "outage_over"
"""The kind of the record a web process's first beat after an outage leaves: when it ended."""


def service_beat(*, serving: bool = True) -> int:
    """Beat once (``serving``: a web process, which can receive commands), or only look (the
    sweeper, which cannot).  Either way an outage — a last beat older than the tolerance — is
    recorded (once: one record per last beat) and every running clock that ran through it is
    aborted.  Only a beat moves the beat on: a look leaves the outage in sight of every flag for as
    long as it lasts.  Returns how many matches were aborted because of an outage (0 nearly
    always)."""
    now = timebase.stamp(fresh=True)
    if now.problem:
        return 0  # this node cannot measure the gap; another one will
    try:
        with transaction.atomic():
            beats = ServiceBeat.objects.filter(name=BEAT)
            # A look skips a beat row held by a web process (one frozen in the middle of its
            # beat holds it as long as the freeze lasts): the flags see that outage by themselves.
            row = (
                beats.select_for_update() if serving else beats.select_for_update(skip_locked=True)
            ).first()
            if row is None:
                if serving:
                    ServiceBeat.objects.create(name=BEAT, last_ms=now.ms, node=timebase.NODE)
                return 0
            aborted = 0
            if now.ms - row.last_ms > tolerance_ms():
                aborted = _handle_outage(start_ms=row.last_ms, end_ms=now.ms, over=serving)
            if serving and now.ms > row.last_ms:
                row.last_ms, row.node = now.ms, timebase.NODE
                row.save(update_fields=["last_ms", "node"])
            return aborted
    except IntegrityError:  # two first beats at once: the other one made the row
        return 0


def outage_detail(start_ms: int, end_ms: int) -> str:
    """The reason players read for an outage abort."""
    return f"the server could not receive moves for {(end_ms - start_ms) / 1000:.0f} s (outage)"


def _not_wired(**kwargs: object) -> int:
    raise RuntimeError("live's outage ending is not set: LiveConfig.ready calls outage_abort_use")


_abort_for_outage: Callable[..., int] = _not_wired


def outage_abort_use(abort: Callable[..., int]) -> None:
    """Set what aborts the clocks that ran through an outage: the services'
    ``matches_abort_for_outage`` (``LiveConfig.ready``).  Handed in, not imported, because the
    services read the beat from here: the import graph stays one-way (services → liveness)."""
    global _abort_for_outage
    _abort_for_outage = abort


def _handle_outage(*, start_ms: int, end_ms: int, over: bool) -> int:
    """Record the outage that began at ``start_ms`` (``over``: a web process is back, so its
    record gets the whole length) and abort the clocks that ran through it so far."""
    detail = outage_detail(start_ms, end_ms)
    known = TimeIncident.objects.filter(kind="outage", at_ms=start_ms)
    if not known.exists():
        TimeIncident.objects.create(
            node=timebase.NODE, kind="outage", detail=detail, at_ms=start_ms
        )
        log.error("outage detected", extra={"seconds": (end_ms - start_ms) / 1000})
    if over:
        known.update(detail=detail)
        TimeIncident.objects.create(
            node=timebase.NODE, kind=OUTAGE_OVER, detail=detail, at_ms=end_ms
        )
    aborted = _abort_for_outage(start_ms=start_ms, end_ms=end_ms, detail=detail)
    if aborted:
        log.error("matches aborted for an outage", extra={"aborted": aborted})
    return aborted


_beating: threading.Event | None = None


def start_beating(period_s: float | None = None) -> None:
    """Beat every ``OUTAGE_BEAT_S`` in a daemon thread of this process (web processes)."""
    global _beating
    if _beating is not None:
        return
    stop = _beating = threading.Event()
    period = settings.OUTAGE_BEAT_S if period_s is None else period_s

    def run() -> None:
        while not stop.is_set():
            try:
                service_beat()
            except Exception:
                log.exception("heartbeat failed")
            finally:
                close_old_connections()
            stop.wait(period)

    threading.Thread(target=run, name="heartbeat", daemon=True).start()
