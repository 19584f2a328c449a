"""The AI seats' path: the AI's choice for a seat (made from that seat's own view only, run by the
``ai`` queue's job ``live.tasks.ai_move``, which submits it like any command), the clock's watch
over a pending AI move, and queueing an overdue AI move again.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.crypto import salted_hmac

from games.core import State

from ..clock import clock_watch_ai
from ..models import Match, Seat
from .enqueue import _plan_wake, _queue_ai_moves, _schedule_on_commit
from .store import _load, _save_match

log = logging.getLogger("live.services")  # one logger for the package, as before it was split


def _watch_ai(
    clock: dict[str, Any], state: State, ai_seats: set[int], now_ms: int
) -> dict[str, Any]:
    waiting = not state.is_over() and any(d.seat in ai_seats for d in state.pending())
    return clock_watch_ai(clock, waiting=waiting, now_ms=now_ms, resend_ms=_ai_resend_ms())


def _ai_resend_ms() -> int:
    return int(settings.AI_RESEND_S * 1000)


def _resend_ai(match: Match, state: State, seats: Sequence[Seat], now_ms: int) -> str:
    """An AI move is overdue (its job was lost, or its worker died): queue it again.  The move job
    is idempotent (it names the seq, and its command id is fixed per seq and seat), so a job that
    was only slow and runs after all changes nothing."""
    ai = {s.seat for s in seats if s.ai_level}
    overdue = [d.seat for d in state.pending() if d.seat in ai]
    log.warning("AI move overdue; queued again", extra={"match": match.pk, "seq": match.seq})
    match.clock = _watch_ai(match.clock, state, ai, now_ms)
    job = _plan_wake(match, now_ms=now_ms)
    _save_match(match)
    if job is not None:
        _schedule_on_commit(job)
    match_id, seq = match.pk, match.seq

    def queue() -> None:
        _queue_ai_moves(match_id, seq, overdue)

    transaction.on_commit(queue, robust=True)  # as _after_change's: the sweeper tries again
    return "ai_resent"


def bot_rng(*, match: Match, seat: int) -> random.Random:
    """The random source of the AI's choice at ``seat`` for the match's current move.

    Keyed by the server's secret, the match and the move — never by the match's seed: a seed is
    published with the record (the fairness reveal), and duplicate tables share one, so a robot
    drawing from it could be predicted at every other table of the deal.  Still reproducible on
    the server (the same move asks the same question: a repeated job makes the same choice)."""
    key = salted_hmac("live.ai.bot_rng", f"{match.pk}:{match.seq}:{seat}", algorithm="sha256")
    return random.Random(key.digest())


def ai_choose(*, match: Match, seat: int) -> Any:
    """The AI's action for ``seat``: computed from that seat's own view only."""
    game, state = _load(match)
    level = match.seats.get(seat=seat).ai_level
    bot = game.bots[level]()
    view = state.view(seat)
    legal = state.legal_actions(seat)
    rng = bot_rng(match=match, seat=seat)
    budget = settings.AI_BUDGET or 0
    return game.encode_action(bot.choose(view, legal, rng, budget))
