"""The replay of a finished match (live.replay): the move log replayed step by step reaches exactly
the stored final state; every seat's view is there (all hands, one at a time); the clocks follow
the arrival times; nothing of a running match is given away."""

from __future__ import annotations

import pytest
from django.test import Client

from games.registry import get_game
from live.replay import replay_index, replay_steps
from live.services import SeatSpec, match_start

from .test_fairness import played_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("slug", ["spectacular_bid", "holdem", "dou_dizhu"])
def test_the_last_step_is_the_stored_final_state(make_user, slug) -> None:
    match = played_match(make_user(), slug, moves=15)
    index = replay_index(match=match)
    moves = list(match.moves.order_by("seq"))
    assert index["steps"] == len(moves) + 1
    assert [m["seq"] for m in index["moves"]] == [m.seq for m in moves]
    assert index["deals"][0] == {"deal": 1, "step": 0}
    last = index["steps"] - 1
    (final,) = replay_steps(match=match, start=last, stop=last + 1)
    state = get_game(slug).state_from_json(match.state)
    for seat in range(match.seat_count):
        frame = final["frames"][str(seat)]
        assert frame["view"] == state.view(seat) and frame["legal"] == []
    assert final["frames"]["spectator"]["view"] == state.view(None)
    assert final["frames"]["spectator"]["match"]["status"] == "finished"
    assert final["frames"]["spectator"]["match"]["result"] == match.result


def test_steps_come_a_page_at_a_time_with_the_clock_at_each_move(make_user) -> None:
    match = played_match(make_user(), "spectacular_bid", moves=15)
    client = Client()
    body = client.get(f"/match/{match.pk}/replay/steps.json?from=0&to=500").json()
    steps = body["steps"]
    assert [s["step"] for s in steps] == list(range(min(100, match.seq + 1)))
    bank = match.clock["bank_ms"]
    first = steps[0]["frames"]["spectator"]["clock"]["seats"]
    assert [s["bank_ms"] for s in first] == [bank, bank]
    # Thinking time is charged: no seat's bank grows from one step to the next.
    for before, after in zip(steps, steps[1:], strict=False):
        b = before["frames"]["0"]["clock"]["seats"]
        a = after["frames"]["0"]["clock"]["seats"]
        assert all(x["bank_ms"] <= y["bank_ms"] for x, y in zip(a, b, strict=True))


def test_a_running_match_has_no_replay_yet(make_user) -> None:
    user = make_user()
    match = match_start(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=user.pk), SeatSpec(ai_level="random")]
    )
    client = Client()
    assert client.get(f"/match/{match.pk}/replay/index.json").status_code == 403
    assert client.get(f"/match/{match.pk}/replay/steps.json").status_code == 403
    client.cookies["django_language"] = "de"
    page = client.get(f"/match/{match.pk}/replay/").content.decode()
    assert 'data-testid="replay-not-yet"' in page and "Die Wiederholung" in page


def test_finished_matches_link_their_replay_from_the_lobby_and_the_profile(make_user) -> None:
    user = make_user("dora")
    match = played_match(user, "one_poker", moves=2)
    client = Client()
    assert f'href="/match/{match.pk}/replay/"' in client.get("/tables/").content.decode()
    assert f'href="/match/{match.pk}/replay/"' in client.get("/accounts/u/dora/").content.decode()
