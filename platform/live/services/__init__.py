"""Every write to a live match goes through here (consumers, API views, admin and tasks call these).

The shape of each write: lock the match row (one writer per match) → check seat, turn, seq, command
id and the clock against the command's arrival time → apply the engine → append to the move log →
save snapshot and clock → on commit, publish each audience's view and schedule the follow-up jobs
(the clock's wake-up, AI moves).  A rejected command raises :class:`LiveError` and changes nothing.

The package, by what each module holds (callers import from ``live.services`` itself):

- :mod:`.starting` — ``matches_start``: many matches in one transaction (a tournament round's
  tables), bulk inserts and one after-commit send; ``match_start`` is a batch of one.
- :mod:`.commands` — ``match_start``, ``action_submit``, ``match_resign``, ``match_abort`` and the
  one step every applied action goes through (``_commit_step``: a seat's action, or the forced
  steps the server applies after the stall bound, ``_stall_continue``).
- :mod:`.endings` — finishing, aborting, a no-show, a time loss, unreliable time and outages, the
  stall ending; the hooks other apps register (``MATCH_ENDED_HOOKS``, ``MATCH_NO_SHOW_HOOKS``).
- :mod:`.wakeups` — the server acting by itself: ``match_wake``, ``clock_wake_due``,
  ``clock_tick`` and ``clock_sweep``.
- :mod:`.store` — the locked read (``_lock``), the hand-written SQL, batched writes, ``_append``.
- :mod:`.ai` — ``ai_choose`` and the AI seats' path (the clock's watch, an overdue move resent).
- :mod:`.enqueue` — what leaves after commit (``_after_change``: views, the clock job planned by
  ``_plan_wake``, AI jobs); it queues :mod:`live.tasks`' jobs through the senders
  ``LiveConfig.ready`` hands it (``jobs_use``), so the package never imports that module.

Dependencies run one way: wakeups → commands → starting, endings → enqueue → store (ai sits between
commands and enqueue).  State a module keeps lives in that module (``wakeups._covered_until_ms``):
patch it there, not here.
"""

from __future__ import annotations

# The public names (``__all__``), and by alias the private steps that live.operator_services builds
# its operator endings from (adjudication, forfeit): _lock, _load, _seats_of, _append, _save_match,
# _finish, _result_json, _after_change.
from ..models import Match
from .ai import ai_choose
from .commands import Applied, SeatSpec, action_submit, match_abort, match_resign, match_start
from .endings import MATCH_ENDED_HOOKS, MATCH_NO_SHOW_HOOKS, matches_abort_for_outage
from .endings import _finish as _finish
from .endings import _result_json as _result_json
from .enqueue import _after_change as _after_change
from .starting import NewMatch, matches_start
from .store import _append as _append
from .store import _load as _load
from .store import _lock as _lock
from .store import _save_match as _save_match
from .store import _seats_of as _seats_of
from .wakeups import clock_sweep, clock_tick, clock_wake_due, match_wake

__all__ = [
    "MATCH_ENDED_HOOKS",
    "MATCH_NO_SHOW_HOOKS",
    "Applied",
    "NewMatch",
    "SeatSpec",
    "action_submit",
    "ai_choose",
    "clock_sweep",
    "clock_tick",
    "clock_wake_due",
    "match_abort",
    "match_resign",
    "match_start",
    "match_wake",
    "matches_abort_for_outage",
    "matches_start",
]


def match_lock(*, match_id: int) -> Match | None:
    """Lock a match's row in the caller's transaction, for apps whose own rows follow a match
    (a tournament table): they take the match first, as live's writers do, so the two never
    wait on each other in opposite orders.  None when there is no such match."""
    return Match.objects.select_for_update().filter(pk=match_id).first()
