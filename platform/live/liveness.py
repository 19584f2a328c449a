"""Time the server could not serve is never charged: the heartbeat and outage detection.

While no web process runs (a crash, a deployment gone wrong, the whole machine down) the platform
cannot receive commands, so it cannot measure when they would have arrived — the seed's rule for
unreliable time applies ("bei nachgewiesen unzuverlässiger Dienstzeitmessung wird die Partie ohne
Rating-Ergebnis abgebrochen").  Every web process beats once a second (``start_beating``): one
row, ``ServiceBeat("platform")``, holds the last beat in reference time; the sweeper looks at it in
every sweep without beating (a sweeper alive while every web process is dead is still an outage).
The first look after a gap longer than ``OUTAGE_TOLERANCE_S`` records the outage (a
``TimeIncident`` of kind ``outage``) and aborts, unrated, every running match whose clock ran
through it (:func:`live.services.matches_abort_for_outage`).  A flag about to fall also
looks at the beat first (:func:`outage_gap`), so a clock job that runs before any web process is
back cannot end a match on time that ran out while nobody could move.

Shorter hiccups are charged as ordinary thinking time: at most ``OUTAGE_TOLERANCE_S`` of one
decision (docs/architecture.md, "Time you can trust").
"""

from __future__ import annotations

import logging
import threading

from django.conf import settings
from django.db import IntegrityError, close_old_connections, transaction

from . import timebase
from .models import ServiceBeat

log = logging.getLogger(__name__)
BEAT = "platform"


def tolerance_ms() -> int:
    return int(settings.OUTAGE_TOLERANCE_S * 1000)


_fresh_until_ms = 0
"""No outage can have begun before this reference time (a beat seen + the tolerance): flags due
before it need no query (a burst of a thousand flags costs one)."""


def forget() -> None:
    global _fresh_until_ms
    _fresh_until_ms = 0


def outage_gap(now_ms: int) -> tuple[int, int] | None:
    """``(last beat, now)`` when the platform's last beat is older than the tolerance, else None.

    None too where nothing beats at all (in-process tests, management shells): without beating
    processes there is nothing to tell an outage from.
    """
    global _fresh_until_ms
    if now_ms <= _fresh_until_ms:
        return None
    last = ServiceBeat.objects.filter(name=BEAT).values_list("last_ms", flat=True).first()
    if last is None:
        return None
    if now_ms - last <= tolerance_ms():
        _fresh_until_ms = last + tolerance_ms()
        return None
    return (last, now_ms)


def service_beat(*, serving: bool = True) -> int:
    """Beat once (``serving``: a web process, which can receive commands), or only look (the
    sweeper, which cannot): either way an outage — a last beat older than the tolerance — is
    recorded and handled, and the beat moves on past it so it is handled once.  Returns how many
    matches were aborted because of an outage (0 nearly always)."""
    now = timebase.stamp(fresh=True)
    if now.problem:
        return 0  # this node cannot measure the gap; another one will
    try:
        with transaction.atomic():
            row = ServiceBeat.objects.select_for_update().filter(name=BEAT).first()
            if row is None:
                if serving:
                    ServiceBeat.objects.create(name=BEAT, last_ms=now.ms, node=timebase.NODE)
                return 0
            aborted = 0
            outage = now.ms - row.last_ms > tolerance_ms()
            if outage:
                aborted = _handle_outage(start_ms=row.last_ms, end_ms=now.ms)
            if (serving or outage) and now.ms > row.last_ms:
                row.last_ms, row.node = now.ms, timebase.NODE
                row.save(update_fields=["last_ms", "node"])
            return aborted
    except IntegrityError:  # two first beats at once: the other one made the row
        return 0


def outage_detail(start_ms: int, end_ms: int) -> str:
    """The reason players read for an outage abort."""
    return f"the server could not receive moves for {(end_ms - start_ms) / 1000:.0f} s (outage)"


def _handle_outage(*, start_ms: int, end_ms: int) -> int:
    from .models import TimeIncident
    from .services import matches_abort_for_outage

    seconds = (end_ms - start_ms) / 1000
    detail = outage_detail(start_ms, end_ms)
    TimeIncident.objects.create(node=timebase.NODE, kind="outage", detail=detail, at_ms=start_ms)
    aborted = matches_abort_for_outage(start_ms=start_ms, end_ms=end_ms, detail=detail)
    log.error("outage detected", extra={"seconds": seconds, "aborted": aborted})
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
