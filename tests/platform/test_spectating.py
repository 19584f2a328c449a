"""Watching (issue #18 item 7, docs/players.md "Watching"): the list of live games, the TV pages
and their JSON, and the spectator count on the board."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import redis
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.core.cache import cache
from django.test import Client

from config.asgi import application
from live import selectors, spectators
from live import views as live_views
from live.models import Match, MatchStatus
from live.services import SeatSpec, match_start
from live.socket_caps import socket_limits
from ratings.models import Rating
from support.live import duel, engine_state, use_socket_limits_store
from support.stack import REDIS_PORT

REDIS_URL = f"redis://127.0.0.1:{REDIS_PORT}/4"


@pytest.fixture(autouse=True)
def _no_cached_choice() -> None:
    """The TV's JSON keeps its choice for two seconds (``live.views.TV_CACHE_S``)."""
    from django.core.cache import cache

    cache.clear()


def rate(user, value: float, game: str = "spectacular_bid", games: int = 30) -> None:  # type: ignore[no-untyped-def]
    Rating.objects.create(game=game, user=user, rating=value, games=games)


def finish(match: Match) -> None:
    Match.objects.filter(pk=match.pk).update(status=MatchStatus.FINISHED)


# --- The list of live games -------------------------------------------------------------------


@pytest.mark.django_db
def test_the_watch_list_shows_running_matches_with_players_ratings_and_a_watch_link(
    client: Client, make_user
) -> None:
    ann, bob, cid = make_user("ann"), make_user("bob"), make_user("cid")
    rate(ann, 1712)
    running = duel(ann, bob)
    against_ai = match_start(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=cid.pk), SeatSpec(ai_level="random")]
    )
    over = duel(cid, bob)
    finish(over)
    page = client.get("/watch/")
    assert page.status_code == 200
    html = page.content.decode()
    assert f'data-match-id="{running.pk}"' in html
    assert f'data-match-id="{against_ai.pk}"' in html
    assert f'data-match-id="{over.pk}"' not in html
    assert f'href="/match/{running.pk}/"' in html
    assert "ann" in html and "(1712)" in html
    assert "(1500?)" in html  # bob: no rated game yet, the initial rating marked
    assert "Ada (bot)" in html or "Bruno (bot)" in html  # the AI seat by its name …
    assert "Beginner" in html and "about 900" in html  # … its level and the level's rating
    assert 'data-testid="nav-watch"' in html


@pytest.mark.django_db
def test_the_watch_list_filters_by_game_and_pages(client: Client, make_user, monkeypatch) -> None:
    monkeypatch.setattr(selectors, "WATCH_PAGE_SIZE", 2)
    users = [make_user() for _ in range(6)]
    bids = [duel(users[i], users[i + 1]) for i in range(0, 6, 2)]
    poker = match_start(
        game_slug="one_poker", seats=[SeatSpec(user_id=users[0].pk), SeatSpec(ai_level="random")]
    )
    only_bid = client.get("/watch/?game=spectacular_bid").content.decode()
    assert f'data-match-id="{poker.pk}"' not in only_bid
    assert only_bid.count('data-testid="watch-row"') == 2  # one page of two, newest first
    assert f'data-match-id="{bids[2].pk}"' in only_bid
    assert 'rel="next"' in only_bid and "game=spectacular_bid&amp;page=2" in only_bid
    second = client.get("/watch/?game=spectacular_bid&page=2").content.decode()
    assert f'data-match-id="{bids[0].pk}"' in second
    assert client.get("/watch/?game=nonsense&page=x").status_code == 200  # everything, page 1


@pytest.mark.django_db
def test_the_watch_and_tv_pages_in_german(client: Client, make_user) -> None:
    client.cookies["django_language"] = "de"
    empty_tv = client.get("/tv/").content.decode()
    assert "Gerade wird nichts gespielt" in empty_tv
    duel(make_user(), make_user())
    html = client.get("/watch/").content.decode()
    assert "Laufende Partien" in html and "Zuschauen" in html and "Begonnen" in html
    tv = client.get("/tv/").content.decode()
    assert "TV: alle Spiele" in tv


# --- TV: which match is featured -----------------------------------------------------------------


@pytest.mark.django_db
def test_the_tv_features_the_highest_average_rating_of_the_people_then_the_newest(
    make_user,
) -> None:
    a, b, c, d, e, f = (make_user() for _ in range(6))
    for user, value in ((a, 1600), (b, 1600), (c, 1800), (d, 1600), (e, 1800), (f, 1600)):
        rate(user, value)
    match_start(game_slug="spectacular_bid", seats=[SeatSpec(ai_level="random")] * 2)
    duel(a, b)  # 1600
    older = duel(c, d)  # 1700
    newer = duel(e, f)  # 1700, started later: featured
    assert selectors.featured_match()["id"] == newer.pk
    finish(newer)
    assert selectors.featured_match()["id"] == older.pk
    assert selectors.featured_match(game="one_poker") is None


@pytest.mark.django_db
def test_computers_alone_are_featured_only_when_no_people_play(make_user) -> None:
    bots = match_start(game_slug="spectacular_bid", seats=[SeatSpec(ai_level="random")] * 2)
    assert selectors.featured_match()["id"] == bots.pk
    people = duel(make_user(), make_user())
    assert selectors.featured_match()["id"] == people.pk


@pytest.mark.django_db
def test_bot_accounts_alone_count_as_computers_for_the_tv(make_user) -> None:
    """The demo's players (and outside programs) are bot accounts: a newer match of two of them
    does not push a table of people off the TV."""
    people = duel(make_user(), make_user())
    bot_a, bot_b = make_user(), make_user()
    type(bot_a).objects.filter(pk__in=[bot_a.pk, bot_b.pk]).update(is_bot=True)
    bots = duel(bot_a, bot_b)
    assert selectors.featured_match()["id"] == people.pk
    finish(people)
    assert selectors.featured_match()["id"] == bots.pk


@pytest.mark.django_db
def test_the_tv_page_shows_the_featured_match_as_the_match_page_in_tv_mode(
    client: Client, make_user
) -> None:
    match = duel(make_user(), make_user())
    html = client.get("/tv/").content.decode()
    assert 'data-testid="match-page"' in html and f'data-match-id="{match.pk}"' in html
    assert f'data-showing="{match.pk}"' in html
    assert 'data-current-url="/tv/current.json"' in html and "js/tv.js" in html
    per_game = client.get("/tv/spectacular_bid/").content.decode()
    assert 'data-current-url="/tv/spectacular_bid/current.json"' in per_game
    idle = client.get("/tv/holdem/").content.decode()
    assert 'data-testid="tv-idle"' in idle and 'data-showing=""' in idle
    assert client.get("/tv/no_such_game/").status_code == 404
    assert client.get("/tv/no_such_game/current.json").status_code == 404
    assert 'data-testid="tv-bar"' not in client.get(f"/match/{match.pk}/").content.decode()


@pytest.fixture
def tv_choice_held(monkeypatch) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """The featured choice is cached for ``TV_CACHE_S`` (2 s); held for an hour here, so that what
    a test sees as cached does not depend on how fast a busy machine gets there.  Emptied before
    and after: no other test meets this one's choice."""
    monkeypatch.setattr(live_views, "TV_CACHE_S", 3600)
    cache.clear()
    yield
    cache.clear()


@pytest.mark.django_db
def test_current_json_names_the_featured_match_and_whether_the_shown_one_still_runs(
    client: Client, make_user, tv_choice_held
) -> None:
    first = duel(make_user(), make_user())
    body = client.get(f"/tv/current.json?showing={first.pk}").json()
    assert body["featured"]["match_id"] == first.pk
    assert body["featured"]["url"] == f"/match/{first.pk}/"
    assert body["showing"] == {"match_id": first.pk, "running": True}
    finish(first)
    second = duel(make_user(), make_user())
    assert client.get("/tv/current.json").json()["featured"]["match_id"] == first.pk  # cached
    body = client.get(f"/tv/spectacular_bid/current.json?showing={first.pk}").json()
    assert body["showing"]["running"] is False
    assert body["featured"]["match_id"] == second.pk
    assert client.get("/tv/holdem/current.json").json() == {
        "game": "holdem",
        "featured": None,
        "showing": None,
    }
    assert client.get("/tv/current.json?showing=abc").json()["showing"] is None


# --- No hidden card on any of these pages ------------------------------------------------------

HIDDEN_KEYS = {"view", "state", "hole", "hand", "hands", "legal", "seed"}


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


@pytest.mark.django_db
def test_no_hidden_card_leaves_on_the_list_the_tv_or_its_json(client: Client, make_user) -> None:
    player = make_user("holly")
    match = match_start(
        game_slug="holdem", seats=[SeatSpec(user_id=player.pk)] + [SeatSpec(ai_level="random")] * 3
    )
    state = engine_state(match)
    holes = [card for seat in range(4) for card in (state.view(seat)["hole"] or [])]
    assert len(holes) == 8
    pages = {
        url: client.get(url).content.decode()
        for url in ("/watch/", "/watch/?game=holdem", "/tv/", "/tv/holdem/")
    }
    for url in ("/tv/current.json", f"/tv/holdem/current.json?showing={match.pk}"):
        body = client.get(url).json()
        assert not _keys(body) & HIDDEN_KEYS, url
        pages[url] = json.dumps(body)
    for url, text in pages.items():
        for card in holes:
            for quoted in (f'"{card}"', f"'{card}'", f">{card}<", f" {card} "):
                assert quoted not in text, (url, card)


# --- The spectator count -------------------------------------------------------------------------


@pytest.fixture(params=["redis", "memory"])
async def limits(request, settings) -> AsyncIterator[str]:  # type: ignore[no-untyped-def]
    """Counted in Redis (as every daphne shares it) or per process without one."""
    use_socket_limits_store(request.param, settings, REDIS_URL)
    settings.LIVE_SPECTATOR_ANNOUNCE_S = 0.05
    yield request.param
    await socket_limits.close()


def _session_cookie(user) -> bytes:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def _open(match_id: int, user=None, address: str = "192.0.2.40") -> WebsocketCommunicator:  # type: ignore[no-untyped-def]
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if user is not None:
        headers.append((b"cookie", await database_sync_to_async(_session_cookie)(user)))
    comm = WebsocketCommunicator(application, f"/ws/match/{match_id}/", headers=headers)
    comm.scope["client"] = [address, 50000]
    connected, _ = await comm.connect()
    assert connected
    return comm


async def _next_count(comm: WebsocketCommunicator) -> int:
    while True:
        message = json.loads(await comm.receive_from(timeout=5))
        if message["type"] == "spectators":
            return int(message["count"])


async def _settled_count(comm: WebsocketCommunicator, expected: int) -> None:
    """Counts arrive after each change; the last one settles on ``expected``."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        if await _next_count(comm) == expected:
            return
    raise AssertionError(f"the count never reached {expected}")


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_spectator_count_follows_spectators_coming_and_going(limits, make_user) -> None:
    a, b = await database_sync_to_async(lambda: (make_user(), make_user()))()
    match = await database_sync_to_async(duel)(a, b)
    player = await _open(match.pk, a)
    await player.send_to(text_data=json.dumps({"type": "spectators"}))
    assert await _next_count(player) == 0  # asked: answered at once
    first = await _open(match.pk, address="192.0.2.41")
    await _settled_count(player, 1)
    second = await _open(match.pk, address="192.0.2.42")
    await _settled_count(player, 2)
    await second.send_to(text_data=json.dumps({"type": "spectators"}))
    await _settled_count(second, 2)
    await first.disconnect()
    await _settled_count(player, 1)
    await _settled_count(second, 1)
    assert await spectators.watching(match.pk) == 1
    # A socket that never asked gets no spectators frame: only its state.
    other = await _open(match.pk, b)
    first_frame = json.loads(await other.receive_from(timeout=5))
    assert first_frame["type"] == "state"
    await second.disconnect()
    await _settled_count(player, 0)
    await asyncio.sleep(0.2)
    assert await other.receive_nothing(timeout=0.2)
    for comm in (player, other):
        await comm.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_crashed_process_leaves_no_ghost_spectators(limits, settings) -> None:
    """A member whose lease ran out (its process died without releasing) is not counted."""
    key = spectators.watch_key(987)
    await socket_limits.admit(member="alive", user_id=None, address="192.0.2.50")
    await spectators.join(member="alive", match_id=987)
    await spectators.join(member="not-admitted", match_id=987)  # never counted
    if limits == "redis":
        client = redis.Redis.from_url(REDIS_URL)
        stale_ms = int(client.time()[0]) * 1000 - 1
        client.zadd(key, {"ghost": stale_ms})
        assert client.zcard(key) == 2
    else:
        state = socket_limits._state()
        state.memory_sockets[key]["ghost"] = time.monotonic() * 1000 - 1
    assert await spectators.watching(987) == 1
    await socket_limits.release("alive")
    assert await spectators.watching(987) == 0
