"""Every operator action: each one a transaction that locks what it acts on, does it (through the
owning app's service) and writes its audit entry — so the log holds exactly the actions that
committed.  Admin actions and views only collect the operator's input and call these.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone, translation

from accounts.models import User
from live import operator_services
from live import services as live_services
from live.errors import LiveError
from live.models import Match, MatchStatus, Seat
from live.socket_access import sockets_close_after_commit
from matchmaking.models import QueueCooldown
from matchmaking.services import cooldown_clear, queue_leave

from . import reasons
from .errors import OperationError
from .models import AuditAction, AuditEntry, Sanction, SanctionKind

log = logging.getLogger(__name__)


def audit_record(
    *,
    actor: User | None,
    action: str,
    target: Any,
    reason: str,
    detail: dict[str, Any] | None = None,
) -> AuditEntry:
    """Write one audit entry; call it inside the action's own transaction."""
    if not reason.strip():
        raise OperationError("reason_required", "a reason is required")
    return AuditEntry.objects.create(
        actor=actor,
        actor_name=actor.get_username() if actor is not None else "system",
        action=action,
        target_type=target._meta.model_name,
        target_id=str(target.pk),
        target_repr=str(target)[:200],
        reason=reason,
        detail=detail or {},
    )


def _why(code: str, catalogue: dict[str, Any], note: str) -> str:
    """The audit log's reason: the chosen reason (in English, the log's language) and the note."""
    if code not in catalogue:
        raise OperationError("bad_reason", f"unknown reason {code!r}")
    with translation.override("en"):
        chosen = str(catalogue[code])
    return f"{chosen}: {note.strip()}" if note.strip() else chosen


# --- matches ------------------------------------------------------------------------------------


@transaction.atomic
def match_abort(*, match_id: int, reason_code: str, note: str = "", actor: User) -> bool:
    """Abort a running match (no result, no rating change); players read the chosen reason in
    both languages.  False (and no audit entry) if it was no longer running."""
    why = _why(reason_code, reasons.ABORT_REASONS, note)
    done = live_services.match_abort(
        match_id=match_id, reason=reasons.abort_text(reason_code), by_user_id=actor.pk
    )
    if done:
        match = Match.objects.get(pk=match_id)
        audit_record(
            actor=actor,
            action=AuditAction.MATCH_ABORT,
            target=match,
            reason=why,
            detail={"reason_code": reason_code},
        )
    return done


@transaction.atomic
def match_adjudicate(
    *, match_id: int, loser_seat: int | None, reason_code: str, note: str = "", actor: User
) -> str:
    """Decide a running (stuck) or finished match: ``loser_seat`` forfeits, or (None) a draw.
    Raises :class:`OperationError` when the match cannot be decided."""
    why = _why(reason_code, reasons.ADJUDICATE_REASONS, note)
    before = Match.objects.filter(pk=match_id).values("status", "result", "end_reason").first()
    if before is None:
        raise OperationError("no_match", f"there is no match {match_id}")
    try:
        outcome = operator_services.match_adjudicate(
            match_id=match_id,
            loser_seat=loser_seat,
            reason=reasons.adjudication_text(reason_code),
            by_user_id=actor.pk,
        )
    except LiveError as exc:
        raise OperationError(exc.code, exc.message) from None
    match = Match.objects.get(pk=match_id)
    audit_record(
        actor=actor,
        action=AuditAction.MATCH_ADJUDICATE,
        target=match,
        reason=why,
        detail={
            "reason_code": reason_code,
            "loser_seat": loser_seat,
            "outcome": outcome,
            "before": {k: before[k] for k in ("status", "result", "end_reason")},
            "result": match.result,
        },
    )
    return outcome


# --- users --------------------------------------------------------------------------------------


def _lock_user(user_id: int) -> User:
    user = User.objects.select_for_update().filter(pk=user_id).first()
    if user is None:
        raise OperationError("no_user", f"there is no user {user_id}")
    return user


def _open(user_id: int, kind: str, now: datetime) -> Any:
    return Sanction.objects.filter(user_id=user_id, kind=kind, lifted_at__isnull=True).exclude(
        expires_at__lte=now
    )


@transaction.atomic
def user_ban(
    *, user_id: int, reason: str, actor: User, expires_at: datetime | None = None
) -> Sanction:
    """Ban a user: the account cannot log in, its sessions and API tokens stop working, every
    socket it holds open closes on every web process once this commits (and answers no further
    frame: ``live.socket_access``), it leaves the ranked queue, and each of its running matches
    is forfeited (against other people: the game's forfeit result, rated as the match was) or
    aborted (against the AI or itself only).
    """
    if not reason.strip():
        raise OperationError("reason_required", "a reason is required")
    user = _lock_user(user_id)
    if user.pk == actor.pk:
        raise OperationError("self", "operators cannot ban themselves")
    now = timezone.now()
    if expires_at is not None and expires_at <= now:
        raise OperationError("bad_expiry", "the expiry must lie in the future")
    sanction = Sanction.objects.create(
        user=user,
        kind=SanctionKind.BAN,
        reason=reason,
        created_by=actor,
        expires_at=expires_at,
        deactivated=user.is_active,
    )
    if user.is_active:
        user.is_active = False
        user.save(update_fields=["is_active"])
    sockets_close_after_commit(user_id=user.pk)  # every socket of the user closes (4003)
    queue_leave(user_id=user.pk)
    ended = _end_running_matches(user=user, actor=actor)
    audit_record(
        actor=actor,
        action=AuditAction.USER_BAN,
        target=user,
        reason=reason,
        detail={
            "sanction": sanction.pk,
            "expires_at": expires_at.isoformat() if expires_at else None,
            "matches": ended,
        },
    )
    return sanction


def _end_running_matches(*, user: User, actor: User) -> dict[str, list[int]]:
    """The banned user's running matches, in id order (the order every batch locks rows in)."""
    match_ids = sorted(
        set(
            Seat.objects.filter(user=user, match__status=MatchStatus.RUNNING).values_list(
                "match_id", flat=True
            )
        )
    )
    out: dict[str, list[int]] = {"forfeited": [], "aborted": []}
    for match_id in match_ids:
        seats = list(Seat.objects.filter(match_id=match_id).order_by("seat"))
        others = [s for s in seats if s.user_id and s.user_id != user.pk]
        if others:
            mine = min(s.seat for s in seats if s.user_id == user.pk)
            if operator_services.match_forfeit(
                match_id=match_id, seat=mine, reason=reasons.forfeit_text(), by_user_id=actor.pk
            ):
                out["forfeited"].append(match_id)
        elif live_services.match_abort(
            match_id=match_id, reason=reasons.forfeit_text(), by_user_id=actor.pk
        ):
            out["aborted"].append(match_id)
    return out


@transaction.atomic
def user_mute(
    *, user_id: int, reason: str, actor: User, expires_at: datetime | None = None
) -> Sanction:
    """Mute a user in chat (:func:`operations.selectors.user_is_muted` is what chat asks)."""
    if not reason.strip():
        raise OperationError("reason_required", "a reason is required")
    user = _lock_user(user_id)
    if expires_at is not None and expires_at <= timezone.now():
        raise OperationError("bad_expiry", "the expiry must lie in the future")
    sanction = Sanction.objects.create(
        user=user, kind=SanctionKind.MUTE, reason=reason, created_by=actor, expires_at=expires_at
    )
    audit_record(
        actor=actor,
        action=AuditAction.USER_MUTE,
        target=user,
        reason=reason,
        detail={
            "sanction": sanction.pk,
            "expires_at": expires_at.isoformat() if expires_at else None,
        },
    )
    return sanction


@transaction.atomic
def sanction_lift(*, sanction_id: int, reason: str, actor: User | None) -> bool:
    """Lift a ban or mute before its expiry (``actor`` None: it expired, the system lifts it).
    Lifting the user's last open ban switches the account back on if a ban switched it off.
    False if it was lifted already."""
    if not reason.strip():
        raise OperationError("reason_required", "a reason is required")
    found = Sanction.objects.filter(pk=sanction_id).values_list("user_id", flat=True).first()
    if found is None:
        raise OperationError("no_sanction", f"there is no sanction {sanction_id}")
    user = _lock_user(found)  # the user first, as user_ban locks it: one order for both
    sanction = Sanction.objects.select_for_update().get(pk=sanction_id)
    if sanction.lifted_at is not None:
        return False
    now = timezone.now()
    sanction.lifted_at, sanction.lifted_by = now, actor
    sanction.save(update_fields=["lifted_at", "lifted_by"])
    reactivated = False
    if sanction.kind == SanctionKind.BAN:
        still_banned = _open(user.pk, SanctionKind.BAN, now).exclude(pk=sanction.pk).exists()
        took_it = Sanction.objects.filter(
            user=user, kind=SanctionKind.BAN, deactivated=True
        ).exists()
        if not still_banned and took_it and not user.is_active:
            user.is_active = True
            user.save(update_fields=["is_active"])
            Sanction.objects.filter(user=user, kind=SanctionKind.BAN).update(deactivated=False)
            reactivated = True
    audit_record(
        actor=actor,
        action=AuditAction.SANCTION_LIFT if actor is not None else AuditAction.SANCTION_EXPIRE,
        target=user,
        reason=reason,
        detail={"sanction": sanction.pk, "kind": sanction.kind, "reactivated": reactivated},
    )
    return True


def sanctions_expire() -> int:
    """Lift every sanction whose expiry has passed (the periodic task); returns how many."""
    now = timezone.now()
    due = list(
        Sanction.objects.filter(lifted_at__isnull=True, expires_at__lte=now)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    lifted = 0
    for sanction_id in due:
        lifted += sanction_lift(sanction_id=sanction_id, reason="expired", actor=None)
    return lifted


@transaction.atomic
def cooldown_lift(*, user_id: int, reason: str, actor: User) -> bool:
    """Lift a user's queue cooldown after no-shows (and forget the strikes).  False if there was
    none."""
    if not reason.strip():
        raise OperationError("reason_required", "a reason is required")
    user = _lock_user(user_id)
    row = QueueCooldown.objects.select_for_update().filter(user=user).first()
    if row is None:
        return False
    detail = {"strikes": row.strikes, "until": row.until.isoformat()}
    cooldown_clear(user_id=user.pk)
    audit_record(
        actor=actor, action=AuditAction.COOLDOWN_LIFT, target=user, reason=reason, detail=detail
    )
    return True


@transaction.atomic
def user_bot_mark(*, user_id: int, is_bot: bool, reason: str, actor: User) -> bool:
    """Mark (or unmark) an account as a bot; False if it already was so."""
    user = _lock_user(user_id)
    if user.is_bot == is_bot:
        return False
    user.is_bot = is_bot
    user.save(update_fields=["is_bot"])
    audit_record(
        actor=actor,
        action=AuditAction.BOT_MARK,
        target=user,
        reason=reason,
        detail={"is_bot": is_bot},
    )
    return True
