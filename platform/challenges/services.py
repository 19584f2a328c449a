"""Writes of challenges: one player invites a named other to a game; the other accepts (the match
starts, both are sent to it) or declines; the challenger may cancel; unanswered, it expires.

Every answer locks the challenge's row first, so an accept racing a cancel (or a second accept)
finds the status the first one left: exactly one of them wins, the other is refused.  Expiry needs
no sweeper: an open challenge past ``expires_at`` is refused as expired when answered and left out
of every list (``challenges.selectors``).

Messages are in the requesting person's language (the view's active translation); the other
person hears of each change through their notification socket (``live.notifications``), after
the transaction commits.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games.registry import get_game
from live import catalogue
from live.ai_players import default_level
from live.commitments import commitment_ensure
from live.errors import LiveError
from live.notifications import match_notice, notify_users
from live.services import SeatSpec, match_start
from lobby import time_controls
from lobby.selectors import playable_games
from operations.selectors import user_is_banned

from . import conf
from .models import Challenge, ChallengeStatus


def seats_for(seat_counts: tuple[int, ...] | list[int]) -> int:
    """The table a challenge sets: two seats where the game has them, else its smallest table
    (the seats beyond the two players are the AI's)."""
    return 2 if 2 in seat_counts else min(seat_counts)


def _can_be_challenged(user: User) -> None:
    """Refuse a person who may not play now.  Why (a ban, an account switched off) is nobody
    else's business (``accounts.suspension``), so every such case reads the same."""
    if not user.is_active or user_is_banned(user_id=user.pk):
        raise LiveError("unavailable", _("%(name)s cannot play now") % {"name": user.username})


def _notice(challenge: Challenge, kind: str, **extra: Any) -> dict[str, Any]:
    """A notification about a challenge (not yet a match): where to answer or look."""
    return {
        "type": "notify",
        "kind": kind,
        "challenge_id": challenge.pk,
        "game": challenge.game,
        "game_title": catalogue.game_title(challenge.game),
        "url": reverse("challenges:detail", args=[challenge.pk]),
        **extra,
    }


@transaction.atomic
def challenge_create(
    *,
    user_id: int,
    username: str,
    game_slug: str,
    time_control: str = "",
    rated: bool = False,
    ai_level: str = "",
) -> Challenge:
    """Challenge ``username`` to ``game_slug``.  A game without a two-seat table is played at its
    smallest table, the other seats by AI players of ``ai_level`` (empty: the newcomer's level);
    such a game is never rated (ratings compare people), and asking for it rated is refused.
    ``time_control``: one of ``lobby.time_controls.CHOICES`` (rated: the standard only)."""
    challenger = User.objects.filter(pk=user_id).first()
    target = User.objects.filter(username=username).first()
    if challenger is None or target is None:
        raise LiveError("no_user", _("there is no player %(name)r") % {"name": username})
    if target.pk == challenger.pk:
        raise LiveError("self_challenge", _("you cannot challenge yourself"))
    _can_be_challenged(challenger)
    _can_be_challenged(target)
    if target.is_bot and not conf.bots_may_be_challenged():
        raise LiveError(
            "bot_account",
            _("%(name)s is a bot account: bots take no challenges") % {"name": target.username},
        )
    if game_slug not in {g.slug for g in playable_games()}:
        raise LiveError("bad_game", _("there is no playable game %(game)r") % {"game": game_slug})
    game = get_game(game_slug)
    seats = seats_for(game.seat_counts)
    if seats > 2:
        ai_level = ai_level or default_level(game)
        if ai_level not in game.bots:
            raise LiveError("bad_level", _("unknown AI level %(level)r") % {"level": ai_level})
        if rated:
            raise LiveError(
                "rated_with_ai",
                _("%(game)s needs computer players at the table, so it cannot be rated")
                % {"game": catalogue.game_title(game)},
            )
    else:
        ai_level = ""
    choice = time_controls.check_choice(time_control, rated=rated)
    now = timezone.now()
    # An earlier challenge between the two that ran out is closed for good, so that the
    # one-open-per-pair constraint counts only the live ones.
    Challenge.objects.filter(
        challenger=challenger, challenged=target, status=ChallengeStatus.OPEN, expires_at__lte=now
    ).update(status=ChallengeStatus.EXPIRED)
    try:
        with transaction.atomic():
            challenge = Challenge.objects.create(
                challenger=challenger,
                challenged=target,
                game=game_slug,
                seat_count=seats,
                ai_level=ai_level,
                rated=rated,
                time_control=choice,
                expires_at=now + conf.expiry(),
            )
    except IntegrityError:
        raise LiveError(
            "duplicate",
            _("you already have an open challenge to %(name)s") % {"name": target.username},
        ) from None
    notify_users(
        user_ids=[target.pk],
        payload=_notice(challenge, "challenge_offered", by=challenger.username),
    )
    return challenge


def _locked(challenge_id: int, user_id: int, *, as_challenger: bool) -> Challenge:
    """The challenge's row, locked, if ``user_id`` may answer it and it is still open."""
    who = {"challenger_id": user_id} if as_challenger else {"challenged_id": user_id}
    challenge = Challenge.objects.select_for_update().filter(pk=challenge_id, **who).first()
    if challenge is None:
        raise LiveError("no_challenge", _("you have no such challenge"))
    if challenge.status == ChallengeStatus.ACCEPTED:
        raise LiveError("challenge_accepted", _("the challenge has already been accepted"))
    if challenge.status == ChallengeStatus.DECLINED:
        raise LiveError("challenge_declined", _("the challenge has been declined"))
    if challenge.status == ChallengeStatus.CANCELLED:
        raise LiveError("challenge_cancelled", _("the challenge has been cancelled"))
    if challenge.status == ChallengeStatus.EXPIRED or challenge.expires_at <= timezone.now():
        raise LiveError("challenge_expired", _("the challenge has expired"))
    return challenge


def _close(challenge: Challenge, status: str) -> None:
    challenge.status = status
    challenge.answered_at = timezone.now()
    challenge.save(update_fields=["status", "answered_at", "match"])


@transaction.atomic
def challenge_accept(*, user_id: int, challenge_id: int) -> Challenge:
    """Accept: the match starts at once (the challenger in seat 0, the challenged in seat 1, AI
    players in the rest) and the challenger is told where it is."""
    challenge = _locked(challenge_id, user_id, as_challenger=False)
    challenger = User.objects.get(pk=challenge.challenger_id)
    _can_be_challenged(challenger)  # banned since the challenge was made
    game = get_game(challenge.game)
    specs = [SeatSpec(user_id=challenge.challenger_id), SeatSpec(user_id=user_id)]
    specs += [SeatSpec(ai_level=challenge.ai_level)] * (challenge.seat_count - 2)
    match = match_start(
        game_slug=challenge.game,
        seats=specs,
        rated=challenge.rated,
        created_by_id=challenge.challenger_id,
        time_control=time_controls.time_control_for(game, challenge.time_control),
    )
    commitment_ensure(match_id=match.pk)
    challenge.match = match
    _close(challenge, ChallengeStatus.ACCEPTED)
    notify_users(
        user_ids=[challenge.challenger_id],
        payload=match_notice(
            match.pk,
            challenge.game,
            "challenge_accepted",
            by=_username(user_id),
            challenge_id=challenge.pk,
        ),
    )
    return challenge


def _username(user_id: int) -> str | None:
    """Who answered, as the other side's notice names them."""
    return User.objects.filter(pk=user_id).values_list("username", flat=True).first()


def _withdraw(
    *, user_id: int, challenge_id: int, as_challenger: bool, status: str, kind: str
) -> Challenge:
    """Close an open challenge without a match (declined by the challenged, cancelled by the
    challenger) and tell the other side."""
    challenge = _locked(challenge_id, user_id, as_challenger=as_challenger)
    _close(challenge, status)
    other = challenge.challenged_id if as_challenger else challenge.challenger_id
    notify_users(user_ids=[other], payload=_notice(challenge, kind, by=_username(user_id)))
    return challenge


@transaction.atomic
def challenge_decline(*, user_id: int, challenge_id: int) -> Challenge:
    return _withdraw(
        user_id=user_id,
        challenge_id=challenge_id,
        as_challenger=False,
        status=ChallengeStatus.DECLINED,
        kind="challenge_declined",
    )


@transaction.atomic
def challenge_cancel(*, user_id: int, challenge_id: int) -> Challenge:
    return _withdraw(
        user_id=user_id,
        challenge_id=challenge_id,
        as_challenger=True,
        status=ChallengeStatus.CANCELLED,
        kind="challenge_cancelled",
    )
