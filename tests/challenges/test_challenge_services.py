"""Challenges (issue #31 item 5): a player invites a named other to a game; accepting starts the
match, declining or cancelling closes it, an unanswered one expires; every refusal is specific
and changes nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from challenges import selectors, services
from challenges.models import Challenge, ChallengeStatus
from live.errors import LiveError
from live.models import Match
from operations.services import user_ban
from support.parallel import fire

pytestmark = pytest.mark.django_db(transaction=True)


def refused(code: str, call, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
    """``call`` is refused with ``code``, and no challenge or match row changed."""
    before = (
        list(Challenge.objects.order_by("pk").values_list("pk", "status", "match_id")),
        Match.objects.count(),
    )
    with pytest.raises(LiveError) as caught:
        call(*args, **kwargs)
    assert caught.value.code == code, caught.value.message
    after = (
        list(Challenge.objects.order_by("pk").values_list("pk", "status", "match_id")),
        Match.objects.count(),
    )
    assert after == before


def challenge(a, b, **kwargs) -> Challenge:  # type: ignore[no-untyped-def]
    return services.challenge_create(
        user_id=a.pk, username=b.username, game_slug=kwargs.pop("game", "one_poker"), **kwargs
    )


def test_accepting_starts_the_match_challenger_in_seat_0_with_the_chosen_settings(
    make_user,
) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    offered = challenge(anna, ben, time_control="relaxed", rated=False)
    assert (offered.status, offered.seat_count, offered.match_id) == ("open", 2, None)
    accepted = services.challenge_accept(user_id=ben.pk, challenge_id=offered.pk)
    match = Match.objects.get(pk=accepted.match_id)
    assert accepted.status == ChallengeStatus.ACCEPTED and accepted.answered_at is not None
    assert [s.user_id for s in match.seats.order_by("seat")] == [anna.pk, ben.pk]
    assert (match.game, match.rated, match.status) == ("one_poker", False, "running")
    assert match.clock["control"] == "relaxed"


def test_a_rated_challenge_starts_a_rated_match_on_the_standard_clock(make_user) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    offered = challenge(anna, ben, rated=True)
    match = Match.objects.get(
        pk=services.challenge_accept(user_id=ben.pk, challenge_id=offered.pk).match_id
    )
    assert match.rated and match.clock.get("control", "standard") == "standard"


def test_a_rated_challenge_with_a_longer_clock_is_refused(make_user) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    refused("rated_needs_standard_clock", challenge, anna, ben, rated=True, time_control="long")


def test_a_game_without_a_two_seat_table_gets_ai_players_and_is_never_rated(make_user) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    refused("rated_with_ai", challenge, anna, ben, game="bridge", rated=True)
    offered = challenge(anna, ben, game="bridge", ai_level="greedy")
    assert (offered.seat_count, offered.ai_level, offered.rated) == (4, "greedy", False)
    match = Match.objects.get(
        pk=services.challenge_accept(user_id=ben.pk, challenge_id=offered.pk).match_id
    )
    seats = list(match.seats.order_by("seat"))
    assert [s.user_id for s in seats] == [anna.pk, ben.pk, None, None]
    assert [s.ai_level for s in seats[2:]] == ["greedy", "greedy"]
    assert not match.rated


def test_every_game_of_the_catalogue_can_be_challenged_to(make_user) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    games = selectors.form_games()
    assert {g["slug"] for g in games} >= {"one_poker", "bridge", "dou_dizhu"}
    for game in games:
        offered = challenge(anna, ben, game=game["slug"])
        assert offered.seat_count == game["challenge_seats"]
        services.challenge_cancel(user_id=anna.pk, challenge_id=offered.pk)


def test_unknown_game_level_or_time_control_is_refused(make_user) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    refused("bad_game", challenge, anna, ben, game="chess")
    refused("bad_level", challenge, anna, ben, game="bridge", ai_level="grandmaster")
    refused("bad_time_control", challenge, anna, ben, time_control="blitz")


def test_challenging_yourself_is_refused(make_user) -> None:
    anna = make_user("anna")
    refused("self_challenge", challenge, anna, anna)


def test_challenging_nobody_is_refused(make_user) -> None:
    anna = make_user("anna")
    refused(
        "no_user",
        services.challenge_create,
        user_id=anna.pk,
        username="nobody-here",
        game_slug="one_poker",
    )


def test_an_inactive_account_cannot_be_challenged(make_user) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    ben.is_active = False
    ben.save(update_fields=["is_active"])
    refused("unavailable", challenge, anna, ben)


def test_a_banned_player_can_neither_be_challenged_nor_have_a_challenge_accepted(
    make_user, operator
) -> None:
    anna, ben, cleo = make_user("anna"), make_user("ben"), make_user("cleo")
    user_ban(user_id=ben.pk, reason="abuse", actor=operator)
    refused("unavailable", challenge, anna, ben)
    # Anna challenged Cleo, then was banned: Cleo's accept starts nothing.
    offered = challenge(anna, cleo)
    user_ban(user_id=anna.pk, reason="abuse", actor=operator)
    refused("unavailable", services.challenge_accept, user_id=cleo.pk, challenge_id=offered.pk)


def test_a_bot_account_is_refused_unless_the_setting_allows_it(make_user, settings) -> None:
    anna, bot = make_user("anna"), make_user("robo")
    bot.is_bot = True
    bot.save(update_fields=["is_bot"])
    refused("bot_account", challenge, anna, bot)
    settings.CHALLENGES_TO_BOTS = True
    assert challenge(anna, bot).status == ChallengeStatus.OPEN


def test_a_second_open_challenge_to_the_same_player_is_refused(make_user) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    challenge(anna, ben)
    refused("duplicate", challenge, anna, ben, game="bridge")
    # The other way round is a challenge of its own.
    assert challenge(ben, anna).status == ChallengeStatus.OPEN


def test_two_challenges_at_once_make_one(make_user) -> None:
    anna, ben = make_user("anna"), make_user("ben")

    def attempt() -> str:
        try:
            challenge(anna, ben)
            return "made"
        except LiveError as exc:
            return exc.code
        finally:
            connection.close()

    assert fire(2, [attempt, attempt]) == {"made": 1, "duplicate": 1}


def test_an_expired_challenge_cannot_be_accepted_and_frees_the_pair(make_user) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    offered = challenge(anna, ben)
    Challenge.objects.filter(pk=offered.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    refused("challenge_expired", services.challenge_accept, user_id=ben.pk, challenge_id=offered.pk)
    refused(
        "challenge_expired", services.challenge_decline, user_id=ben.pk, challenge_id=offered.pk
    )
    assert selectors.open_challenges(user_id=ben.pk) == {"received": [], "sent": []}
    again = challenge(anna, ben)
    assert Challenge.objects.get(pk=offered.pk).status == ChallengeStatus.EXPIRED
    assert again.status == ChallengeStatus.OPEN


def test_a_challenge_expires_after_the_configured_time(make_user, settings) -> None:
    settings.CHALLENGE_EXPIRY_S = 600
    anna, ben = make_user("anna"), make_user("ben")
    before = timezone.now()
    offered = challenge(anna, ben)
    assert timedelta(seconds=599) < offered.expires_at - before <= timedelta(seconds=601)


def test_a_cancelled_or_declined_challenge_cannot_be_accepted(make_user) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    offered = challenge(anna, ben)
    services.challenge_cancel(user_id=anna.pk, challenge_id=offered.pk)
    refused(
        "challenge_cancelled", services.challenge_accept, user_id=ben.pk, challenge_id=offered.pk
    )
    offered = challenge(anna, ben)
    services.challenge_decline(user_id=ben.pk, challenge_id=offered.pk)
    refused(
        "challenge_declined", services.challenge_accept, user_id=ben.pk, challenge_id=offered.pk
    )
    refused(
        "challenge_declined", services.challenge_cancel, user_id=anna.pk, challenge_id=offered.pk
    )


def test_an_accepted_challenge_cannot_be_accepted_again_or_cancelled(make_user) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    offered = challenge(anna, ben)
    services.challenge_accept(user_id=ben.pk, challenge_id=offered.pk)
    refused(
        "challenge_accepted", services.challenge_accept, user_id=ben.pk, challenge_id=offered.pk
    )
    refused(
        "challenge_accepted", services.challenge_cancel, user_id=anna.pk, challenge_id=offered.pk
    )


def test_only_the_challenged_answers_and_only_the_challenger_cancels(make_user) -> None:
    anna, ben, cleo = make_user("anna"), make_user("ben"), make_user("cleo")
    offered = challenge(anna, ben)
    for user in (anna, cleo):
        refused("no_challenge", services.challenge_accept, user_id=user.pk, challenge_id=offered.pk)
        refused(
            "no_challenge", services.challenge_decline, user_id=user.pk, challenge_id=offered.pk
        )
    for user in (ben, cleo):
        refused("no_challenge", services.challenge_cancel, user_id=user.pk, challenge_id=offered.pk)
    assert selectors.challenge_page(challenge_id=offered.pk, user_id=cleo.pk) is None


def test_accept_racing_cancel_has_one_winner(make_user) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    offered = challenge(anna, ben)

    def answer(call, user) -> str:  # type: ignore[no-untyped-def]
        try:
            call(user_id=user.pk, challenge_id=offered.pk)
            return "done"
        except LiveError as exc:
            return exc.code
        finally:
            connection.close()

    results = fire(
        2,
        [
            lambda: "accept:" + answer(services.challenge_accept, ben),
            lambda: "cancel:" + answer(services.challenge_cancel, anna),
        ],
    )
    final = Challenge.objects.get(pk=offered.pk)
    if final.status == ChallengeStatus.ACCEPTED:
        assert results == {"accept:done": 1, "cancel:challenge_accepted": 1}
        assert Match.objects.count() == 1
    else:
        assert final.status == ChallengeStatus.CANCELLED
        assert results == {"cancel:done": 1, "accept:challenge_cancelled": 1}
        assert Match.objects.count() == 0


def test_two_accepts_at_once_start_one_match(make_user) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    offered = challenge(anna, ben)

    def accept() -> str:
        try:
            services.challenge_accept(user_id=ben.pk, challenge_id=offered.pk)
            return "done"
        except LiveError as exc:
            return exc.code
        finally:
            connection.close()

    assert fire(2, [accept, accept]) == {"done": 1, "challenge_accepted": 1}
    assert Match.objects.count() == 1


def test_the_lists_show_open_challenges_to_each_side(make_user) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    offered = challenge(anna, ben)
    to_ben = selectors.open_challenges(user_id=ben.pk)
    assert [r["id"] for r in to_ben["received"]] == [offered.pk] and to_ben["sent"] == []
    from_anna = selectors.open_challenges(user_id=anna.pk)
    assert [r["challenged"] for r in from_anna["sent"]] == ["ben"]
    services.challenge_decline(user_id=ben.pk, challenge_id=offered.pk)
    assert selectors.open_challenges(user_id=anna.pk) == {"received": [], "sent": []}
