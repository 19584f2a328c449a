"""Bans, mutes and the queue's no-show cooldown, from the user list of the admin.

A ban: no log-in, sessions and API tokens stop working, the player leaves the queue, and each
running match is forfeited (against people: the game's forfeit result, rated as the match was)
or aborted (against the AI only).  Everything with a reason, in the audit log."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from live.models import EndReason, MatchStatus
from matchmaking.models import QueueCooldown, QueueEntry
from matchmaking.services import queue_join
from operations import selectors, services
from operations.models import AuditAction, AuditEntry, Sanction
from support.live import duel

from .conftest import against_ai

pytestmark = pytest.mark.django_db(transaction=True)


def ban_from_the_user_list(operator_client: Client, user, duration: str = "forever"):
    first = operator_client.post(
        "/admin/accounts/user/", {"action": "ban_users", "_selected_action": [user.pk]}
    )
    assert first.status_code == 200 and "Ban users" in first.content.decode()  # asks why
    return operator_client.post(
        "/admin/accounts/user/",
        {
            "action": "ban_users",
            "_selected_action": [user.pk],
            "apply": "1",
            "reason": "engine use",
            "duration": duration,
        },
        follow=True,
    )


def test_a_banned_player_cannot_log_in_and_loses_the_session(operator_client, make_user):
    cheat = make_user("cheat")
    session = Client()
    session.force_login(cheat)
    assert session.get("/api/v1/account/bot/").status_code == 200
    response = ban_from_the_user_list(operator_client, cheat)
    assert "Ban users: 1 done" in response.content.decode()
    cheat.refresh_from_db()
    assert not cheat.is_active
    assert session.get("/api/v1/account/bot/").status_code in (401, 403)
    assert not Client().login(username="cheat", password="pw-123456!")
    entry = AuditEntry.objects.get(action=AuditAction.USER_BAN)
    assert entry.reason == "engine use" and entry.target_id == str(cheat.pk)


def test_a_ban_forfeits_matches_against_people_and_aborts_those_against_the_ai(operator, make_user):
    cheat, victim = make_user("cheat"), make_user("victim")
    versus_person = duel(cheat, victim, seed=7)
    versus_ai = against_ai(cheat)
    services.user_ban(user_id=cheat.pk, reason="engine use", actor=operator)
    versus_person.refresh_from_db()
    versus_ai.refresh_from_db()
    assert versus_person.status == MatchStatus.FINISHED
    assert versus_person.end_reason == EndReason.RESIGN
    assert [(r["seat"], r["placing"]) for r in versus_person.result] == [(0, 2), (1, 1)]
    assert versus_person.abort_reason.startswith("Forfeited: the player's account was suspended.")
    assert versus_ai.status == MatchStatus.ABORTED
    entry = AuditEntry.objects.get(action=AuditAction.USER_BAN)
    assert entry.detail["matches"] == {
        "forfeited": [versus_person.pk],
        "aborted": [versus_ai.pk],
    }


def test_a_ban_takes_the_player_out_of_the_queue(operator, make_user):
    cheat = make_user()
    queue_join(user_id=cheat.pk, game_slug="spectacular_bid")
    services.user_ban(user_id=cheat.pk, reason="abuse", actor=operator)
    assert not QueueEntry.objects.filter(user=cheat).exists()


def test_lifting_the_last_ban_gives_the_account_back(operator, make_user):
    user = make_user("returning")
    first = services.user_ban(user_id=user.pk, reason="one", actor=operator)
    second = services.user_ban(user_id=user.pk, reason="two", actor=operator)
    services.sanction_lift(sanction_id=first.pk, reason="appeal", actor=operator)
    user.refresh_from_db()
    assert not user.is_active  # the second ban still holds
    services.sanction_lift(sanction_id=second.pk, reason="appeal", actor=operator)
    user.refresh_from_db()
    assert user.is_active
    assert Client().login(username="returning", password="pw-123456!")
    assert AuditEntry.objects.filter(action=AuditAction.SANCTION_LIFT).count() == 2


def test_an_expired_ban_is_lifted_by_the_periodic_job(operator, make_user):
    user = make_user()
    ban = services.user_ban(
        user_id=user.pk,
        reason="cool off",
        actor=operator,
        expires_at=timezone.now() + timedelta(hours=1),
    )
    assert services.sanctions_expire() == 0
    Sanction.objects.filter(pk=ban.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert services.sanctions_expire() == 1
    user.refresh_from_db()
    assert user.is_active
    entry = AuditEntry.objects.get(action=AuditAction.SANCTION_EXPIRE)
    assert entry.actor is None and entry.actor_name == "system"


def test_a_ban_needs_a_reason(operator, make_user):
    from operations.errors import OperationError

    user = make_user()
    with pytest.raises(OperationError):
        services.user_ban(user_id=user.pk, reason="  ", actor=operator)
    user.refresh_from_db()
    assert user.is_active and not Sanction.objects.exists()


def test_a_muted_user_is_muted_until_the_mute_expires(operator_client, make_user):
    loud = make_user("loud")
    operator_client.post(
        "/admin/accounts/user/",
        {
            "action": "mute_users",
            "_selected_action": [loud.pk],
            "apply": "1",
            "reason": "insults",
            "duration": "1d",
        },
    )
    assert selectors.user_is_muted(user_id=loud.pk)
    loud.refresh_from_db()
    assert loud.is_active  # a mute is not a ban
    Sanction.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    assert not selectors.user_is_muted(user_id=loud.pk)


def test_operators_see_and_lift_the_queue_cooldown(operator_client, make_user):
    from matchmaking.conf import reference_now

    late = make_user("late")
    QueueCooldown.objects.create(
        user=late,
        strikes=3,
        until=reference_now() + timedelta(minutes=2),
        last_strike_at=reference_now(),
    )
    listing = operator_client.get("/admin/accounts/user/?q=late").content.decode()
    assert "queue cooldown until" in listing and "3 no-shows" in listing
    operator_client.post(
        "/admin/accounts/user/",
        {
            "action": "lift_cooldowns",
            "_selected_action": [late.pk],
            "apply": "1",
            "reason": "network trouble on our side",
        },
    )
    assert not QueueCooldown.objects.filter(user=late).exists()
    queue_join(user_id=late.pk, game_slug="spectacular_bid")  # may queue again at once
    entry = AuditEntry.objects.get(action=AuditAction.COOLDOWN_LIFT)
    assert entry.detail["strikes"] == 3


def test_the_users_page_shows_open_sanctions_tokens_and_the_bot_mark(
    operator_client, operator, make_user
):
    from accounts.services import bot_upgrade, token_create

    robo = make_user("robo")
    bot_upgrade(user_id=robo.pk)
    token, _secret = token_create(user_id=robo.pk, name="host 2")
    services.user_mute(user_id=robo.pk, reason="spam", actor=operator)
    page = operator_client.get(f"/admin/accounts/user/{robo.pk}/change/").content.decode()
    assert "mute" in page and token.prefix in page and "host 2" in page
    listing = operator_client.get("/admin/accounts/user/?is_bot__exact=1").content.decode()
    assert "robo" in listing
