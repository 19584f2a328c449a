"""The result screen's data (/match/<id>/after/) and the rematch: same players and settings, both
must accept, the AI accepts at once."""

from __future__ import annotations

import pytest
from django.test import Client

from live.errors import LiveError
from live.models import Match
from live.services import SeatSpec, match_resign, match_start
from lobby import rematch
from lobby.models import Rematch
from support.live import duel

pytestmark = pytest.mark.django_db(transaction=True)


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def anna_and_ben_at_one_poker(make_user, *, rated: bool = False):
    """Two new players, Anna and Ben, and their One Poker match."""
    a, b = make_user("anna"), make_user("ben")
    options = {"deals": [], "hand_over": False}
    return duel(a, b, game="one_poker", rated=rated, options=options), a, b


def test_a_rated_resignation_shows_who_resigned_and_both_rating_changes(make_user) -> None:
    match, a, b = anna_and_ben_at_one_poker(make_user, rated=True)
    match_resign(match_id=match.pk, command_id="r", user_id=a.pk)
    body = logged_in(b).get(f"/match/{match.pk}/after/").json()
    assert body["end_reason"] == "resign"
    assert body["forfeit"] == {"seat": 0, "kind": "resign"}
    # Both provisional at 1500: K 40, a decisive duel moves each by 20 (docs/ratings.md).
    assert body["rating_changes"] == [
        {"seat": 0, "before": 1500, "after": 1480, "delta": -20.0},
        {"seat": 1, "before": 1500, "after": 1520, "delta": 20.0},
    ]
    assert body["rematch"]["available"] and body["rematch"]["state"] == "none"
    assert body["new_game"] == {"kind": "link", "url": "/?game=one_poker"}


def test_rematch_needs_both_players_and_swaps_the_seats(make_user) -> None:
    match, a, b = anna_and_ben_at_one_poker(make_user, rated=True)
    match_resign(match_id=match.pk, command_id="r", user_id=a.pk)
    offered = rematch.rematch_offer(user_id=a.pk, match_id=match.pk)
    assert offered.new_match_id is None and offered.accepted == [a.pk]
    status = rematch.rematch_status(match=match, user_id=b.pk)
    assert (status["state"], status["accepted_by"], status["you_accepted"]) == (
        "offered",
        ["anna"],
        False,
    )
    started = rematch.rematch_offer(user_id=b.pk, match_id=match.pk)
    new = Match.objects.get(pk=started.new_match_id)
    assert [s.user_id for s in new.seats.order_by("seat")] == [b.pk, a.pk]
    assert new.rated and new.game == "one_poker" and new.status == "running"
    assert new.options == {"hand_over": False}  # fixed deals are not repeated
    assert new.clock["bank_ms"] == match.clock["bank_ms"]
    assert new.seed != match.seed and len(new.seed_commitment) == 64
    # Accepting again, or late, leads to the same new match.
    assert rematch.rematch_offer(user_id=a.pk, match_id=match.pk).new_match_id == new.pk
    assert Match.objects.filter(rematch_of__match=match).count() == 1


def test_a_declined_rematch_cannot_be_accepted(make_user) -> None:
    match, a, b = anna_and_ben_at_one_poker(make_user)
    match_resign(match_id=match.pk, command_id="r", user_id=b.pk)
    rematch.rematch_offer(user_id=a.pk, match_id=match.pk)
    rematch.rematch_decline(user_id=b.pk, match_id=match.pk)
    with pytest.raises(LiveError) as refused:
        rematch.rematch_offer(user_id=b.pk, match_id=match.pk)
    assert refused.value.code == "rematch_declined"
    assert rematch.rematch_status(match=match, user_id=a.pk)["declined_by"] == "ben"


def test_the_ai_accepts_at_once(make_user) -> None:
    user = make_user()
    match = match_start(
        game_slug="holdem",
        seats=[SeatSpec(user_id=user.pk)] + [SeatSpec(ai_level="greedy")] * 3,
    )
    match_resign(match_id=match.pk, command_id="r", user_id=user.pk)
    response = logged_in(user).post(f"/rematch/{match.pk}/", headers={"Accept": "application/json"})
    body = response.json()
    assert body["state"] == "started"
    new = Rematch.objects.get(match=match).new_match
    assert body["new_match_url"] == f"/match/{new.pk}/"
    assert [s.ai_level for s in new.seats.order_by("seat")] == ["greedy", "", "greedy", "greedy"]


def test_no_rematch_while_running_or_for_outsiders(make_user) -> None:
    match, a, b = anna_and_ben_at_one_poker(make_user)
    with pytest.raises(LiveError) as running:
        rematch.rematch_offer(user_id=a.pk, match_id=match.pk)
    assert running.value.code == "match_running"
    match_resign(match_id=match.pk, command_id="r", user_id=a.pk)
    with pytest.raises(LiveError) as outsider:
        rematch.rematch_offer(user_id=make_user().pk, match_id=match.pk)
    assert outsider.value.code == "not_a_player"


def test_holdem_resignation_names_the_resigner_and_offers_the_same_level_again(make_user) -> None:
    user = make_user()
    match = match_start(
        game_slug="holdem", seats=[SeatSpec(user_id=user.pk)] + [SeatSpec(ai_level="random")] * 3
    )
    match_resign(match_id=match.pk, command_id="r", user_id=user.pk)
    body = logged_in(user).get(f"/match/{match.pk}/after/").json()
    assert body["forfeit"] == {"seat": 0, "kind": "resign"}
    assert body["rating_changes"] == []
    assert body["new_game"] == {
        "kind": "play_ai",
        "url": "/play-ai/",
        "game": "holdem",
        "level": "random",
    }
