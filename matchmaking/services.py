"""Every write to the queue: joining, leaving, heartbeats, the matchmaking pass, and the no-show
rule that live.services calls when a queue-made match never starts.

The pass is the one place players leave the queue for a match.  It holds the rows of the entries
it seats (``SELECT … FOR UPDATE SKIP LOCKED`` on PostgreSQL; on SQLite the IMMEDIATE transaction
mode takes the database's single write lock at BEGIN) and deletes them in the same transaction that
starts the match, so two matchmakers running at once can never seat a player twice: the second
either skips the locked rows or, once the first has committed, no longer finds them.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction

from games.core import Game, RatingMode
from games.registry import get_game
from live import catalogue, publish
from live.errors import LiveError
from live.models import Match, MatchStatus, Seat
from live.services import SeatSpec, match_start
from ratings.models import Rating
from ratings.services import elo_settings

from . import pairing
from .conf import QueueSettings, queue_settings, reference_now, user_group
from .errors import QueueError
from .messages import matched_message
from .models import QueueCooldown, QueueEntry

log = logging.getLogger(__name__)


# --- notifications -----------------------------------------------------------------------------


def _notify(messages: Iterable[tuple[int, dict[str, Any]]]) -> None:
    """Send each ``(user_id, payload)`` to that user's queue connections once the transaction has
    committed — a player is told about a match only when the match really exists."""
    batch = list(messages)
    if not batch:
        return

    publish.events_after_commit(
        (user_group(user_id), {"type": "queue.event", "payload": payload})
        for user_id, payload in batch
    )


# --- joining and leaving -----------------------------------------------------------------------


def _game(game_slug: str) -> Game[Any]:
    try:
        return catalogue.playable_games()[game_slug]
    except KeyError:
        raise QueueError("bad_game", f"there is no game {game_slug!r}") from None


def _rating_of(*, user_id: int, game_slug: str) -> float:
    """The player's current rating in the game (the documented initial rating before their first
    rated game).  Casual entries use it too: close skill makes better casual tables as well."""
    found = (
        Rating.objects.filter(game=game_slug, user_id=user_id)
        .values_list("rating", flat=True)
        .first()
    )
    return float(found) if found is not None else float(elo_settings().initial_rating)


def _in_queue_match(user_id: int) -> bool:
    return Seat.objects.filter(
        user_id=user_id, match__status=MatchStatus.RUNNING, match__from_queue=True
    ).exists()


@transaction.atomic
def queue_join(*, user_id: int, game_slug: str, rated: bool = True) -> QueueEntry:
    """Queue the user for ``game_slug`` (rated, or casual quick play).

    Joining again for the same game and kind keeps the waiting time (a reloaded page must not send
    a player to the back); joining for another game or kind replaces the entry and starts over.
    """
    game = _game(game_slug)
    now = reference_now()
    cooldown = QueueCooldown.objects.filter(user_id=user_id, until__gt=now).first()
    if cooldown is not None:
        left = max(1, int((cooldown.until - now).total_seconds() + 0.999))
        raise QueueError(
            "cooldown",
            f"you missed the start of a queue match; you can queue again in {left} s",
            cooldown_s=left,
        )
    # Lock first, check second: a pass seating this user holds the entry's row, so the check below
    # runs after that pass has committed and sees the match it made.
    entry = QueueEntry.objects.select_for_update().filter(user_id=user_id).first()
    if _in_queue_match(user_id):
        raise QueueError("in_match", "finish your current queue match first")
    rating = _rating_of(user_id=user_id, game_slug=game.slug)
    if entry is None:
        try:
            with transaction.atomic():
                return QueueEntry.objects.create(
                    user_id=user_id,
                    game=game.slug,
                    rated=rated,
                    rating=rating,
                    joined_at=now,
                    last_seen=now,
                )
        except IntegrityError:  # another tab of the same user joined at this very moment
            entry = QueueEntry.objects.select_for_update().get(user_id=user_id)
    if entry.game == game.slug and entry.rated == rated:
        entry.last_seen = now
        entry.save(update_fields=["last_seen"])
        return entry
    entry.game, entry.rated, entry.rating = game.slug, rated, rating
    entry.joined_at = entry.last_seen = now
    entry.priority = False
    entry.save(update_fields=["game", "rated", "rating", "joined_at", "last_seen", "priority"])
    return entry


@transaction.atomic
def queue_leave(*, user_id: int) -> bool:
    """Cancel waiting; False when the user was not queued (already matched, or never joined)."""
    deleted, _ = QueueEntry.objects.filter(user_id=user_id).delete()
    if deleted:
        _notify([(user_id, {"type": "left", "reason": "cancelled"})])
    return bool(deleted)


def queue_heartbeat(*, user_id: int) -> bool:
    """The user is still there (an open queue connection or page); False when not queued."""
    return bool(QueueEntry.objects.filter(user_id=user_id).update(last_seen=reference_now()))


# --- the pass ------------------------------------------------------------------------------------


@dataclass
class PassReport:
    """What one pass did (for the task's log line and for tests)."""

    match_ids: list[int] = field(default_factory=list)
    removed_user_ids: list[int] = field(default_factory=list)


def queue_pass() -> PassReport:
    """Run the matchmaker once over every game's queue (rated and casual separately).

    Each queue is handled in its own transaction, so a busy game does not hold the others' rows.
    """
    report = PassReport()
    cfg = queue_settings()
    buckets = sorted(set(QueueEntry.objects.values_list("game", "rated")))
    for game_slug, rated in buckets:
        _pass_bucket(game_slug=game_slug, rated=rated, cfg=cfg, report=report)
    return report


@transaction.atomic
def _pass_bucket(*, game_slug: str, rated: bool, cfg: QueueSettings, report: PassReport) -> None:
    now = reference_now()
    entries = list(
        QueueEntry.objects.select_for_update(skip_locked=True)
        .filter(game=game_slug, rated=rated)
        .order_by("joined_at", "id")
    )
    if not entries:
        return
    try:
        game = get_game(game_slug)
    except KeyError:  # a game taken off the platform: nobody can be seated for it
        _remove(entries, reason="game_unavailable", report=report)
        return
    stale = [e for e in entries if _stale(e, now, cfg)]
    _remove(stale, reason="not_seen", report=report)
    waiting = [e for e in entries if not _stale(e, now, cfg)]
    size = game.seat_counts[0]
    waited = _pairing_waits(waiting, now)
    by_user = {e.user_id: e for e in waiting}
    tables = pairing.form_tables(
        [
            pairing.QueueEntry(player_id=e.user_id, rating=e.rating, waited=waited[e.user_id])
            for e in waiting
        ],
        size,
        partnership=game.rating_mode is RatingMode.TEAMS and size == 4,
        settings=cfg.window,
    )
    for table in tables:
        _seat(
            game,
            [by_user[u] for u in table],
            ai_seats=0,
            rated=rated,
            report=report,
        )
    if rated:
        return
    seated = {u for table in tables for u in table}
    overdue = sorted(
        (e for e in waiting if e.user_id not in seated and waited[e.user_id] >= cfg.ai_fill_s),
        key=lambda e: (e.rating, e.user_id),
    )
    for start in range(0, len(overdue), size):
        humans = overdue[start : start + size]
        _seat(game, humans, ai_seats=size - len(humans), rated=False, report=report)


def _stale(entry: QueueEntry, now: datetime, cfg: QueueSettings) -> bool:
    """Not seen within the grace.  A player put back after an opponent's no-show is usually on the
    aborted match's page, not the queue's, so their entry gets the longer requeue grace to come
    back in."""
    grace = cfg.requeue_grace_s if entry.priority else cfg.grace_s
    return entry.last_seen < now - timedelta(seconds=grace)


def _pairing_waits(entries: Sequence[QueueEntry], now: datetime) -> dict[int, float]:
    """Seconds waited as the pairing sees them.  The pairing seats the longest-waiting first, so a
    priority entry counts as one second longer than the longest ordinary wait: front of the queue,
    with a window no wider than the longest-waiting ordinary player already has."""
    waits = {e.user_id: max(0.0, (now - e.joined_at).total_seconds()) for e in entries}
    longest = max((waits[e.user_id] for e in entries if not e.priority), default=0.0)
    for e in entries:
        if e.priority:
            waits[e.user_id] = max(waits[e.user_id], float(int(longest) + 1))
    return waits


def _remove(entries: Sequence[QueueEntry], *, reason: str, report: PassReport) -> None:
    if not entries:
        return
    QueueEntry.objects.filter(pk__in=[e.pk for e in entries]).delete()
    report.removed_user_ids.extend(e.user_id for e in entries)
    _notify((e.user_id, {"type": "left", "reason": reason}) for e in entries)


def _seat(
    game: Game, humans: Sequence[QueueEntry], *, ai_seats: int, rated: bool, report: PassReport
) -> None:
    """Start one table's match and take its players out of the queue, all or nothing (a savepoint:
    a table the live service refuses leaves its players queued and the other tables standing)."""
    seats = [SeatSpec(user_id=e.user_id) for e in humans]
    if ai_seats:
        strongest = list(game.bots)[-1]  # Game.bots lists the levels weakest first
        seats += [SeatSpec(ai_level=strongest)] * ai_seats
    try:
        with transaction.atomic():
            match = match_start(
                game_slug=game.slug, seats=seats, rated=rated and not ai_seats, from_queue=True
            )
            QueueEntry.objects.filter(pk__in=[e.pk for e in humans]).delete()
    except LiveError as exc:
        log.error(
            "queue table refused",
            extra={"game": game.slug, "code": exc.code, "detail": exc.message},
        )
        return
    report.match_ids.append(match.pk)
    message = matched_message(match.pk)
    _notify((e.user_id, message) for e in humans)
    log.info(
        "queue match made",
        extra={"match": match.pk, "game": game.slug, "rated": rated, "ai_seats": ai_seats},
    )


# --- no-shows ------------------------------------------------------------------------------------


def cooldown_seconds(*, strikes: int, cfg: QueueSettings | None = None) -> float:
    """30 s for the first no-show, doubling with each further one (60, 120, 240 …) up to the cap."""
    cfg = cfg or queue_settings()
    return min(cfg.cooldown_base_s * 2 ** max(strikes - 1, 0), cfg.cooldown_max_s)


@transaction.atomic
def queue_no_show(*, match_id: int, no_show_user_ids: list[int], other_user_ids: list[int]) -> None:
    """A queue-made match was aborted because ``no_show_user_ids`` missed their first decision.

    live's no-show hook (``live.services.MATCH_NO_SHOW_HOOKS``, registered in
    ``MatchmakingConfig.ready``): runs inside the transaction that aborts the match (the match row
    is locked and this runs once per match; ``last_match`` makes a repeat harmless anyway).  The
    no-shows get a growing cooldown; the others go back to the queue of the same game and kind, at
    the front.
    """
    cfg = queue_settings()
    now = reference_now()
    match = Match.objects.get(pk=match_id)
    messages: list[tuple[int, dict[str, Any]]] = []
    for user_id in no_show_user_ids:
        cooldown = _cooldown_add(user_id=user_id, match_id=match_id, now=now, cfg=cfg)
        left = int((cooldown.until - now).total_seconds())
        messages.append((user_id, {"type": "cooldown", "cooldown_s": left, "match_id": match_id}))
    QueueEntry.objects.filter(user_id__in=no_show_user_ids).delete()
    for user_id in other_user_ids:
        _requeue(user_id=user_id, match=match, now=now)
        messages.append((user_id, {"type": "requeued", "match_id": match_id, "game": match.game}))
    _notify(messages)


def _cooldown_add(
    *, user_id: int, match_id: int, now: datetime, cfg: QueueSettings
) -> QueueCooldown:
    row = QueueCooldown.objects.select_for_update().filter(user_id=user_id).first()
    if row is not None and row.last_match_id == match_id:
        return row
    forgotten = row is None or now - row.last_strike_at > timedelta(seconds=cfg.cooldown_forget_s)
    strikes = 1 if forgotten or row is None else row.strikes + 1
    until = now + timedelta(seconds=cooldown_seconds(strikes=strikes, cfg=cfg))
    if row is None:
        return QueueCooldown.objects.create(
            user_id=user_id,
            strikes=strikes,
            until=until,
            last_strike_at=now,
            last_match_id=match_id,
        )
    row.strikes, row.until, row.last_strike_at, row.last_match_id = strikes, until, now, match_id
    row.save(update_fields=["strikes", "until", "last_strike_at", "last_match"])
    return row


def _requeue(*, user_id: int, match: Match, now: datetime) -> None:
    entry = QueueEntry.objects.select_for_update().filter(user_id=user_id).first()
    if entry is not None:  # queued again already (another tab): keep that entry, at the front
        entry.priority = True
        entry.last_seen = now
        entry.save(update_fields=["priority", "last_seen"])
        return
    QueueEntry.objects.create(
        user_id=user_id,
        game=match.game,
        rated=match.rated,
        rating=_rating_of(user_id=user_id, game_slug=match.game),
        joined_at=now,
        last_seen=now,
        priority=True,
    )


@transaction.atomic
def cooldown_clear(*, user_id: int) -> bool:
    """An operator forgives a user's no-shows (admin action): no cooldown, strikes back to zero."""
    return bool(QueueCooldown.objects.filter(user_id=user_id).delete()[0])
