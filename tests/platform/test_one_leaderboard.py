"""The leaderboards have one home (ratings.selectors, ratings.api): the unversioned
``/api/leaderboards/<game>/`` of before and ``/api/v1/leaderboards/<game>/`` answer the same
board, the old path in its old shape (v1 only adds fields), and a banned account leaves every
board — the page's too."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import NoReverseMatch, reverse

from ratings.models import Rating

pytestmark = pytest.mark.django_db

UNVERSIONED_ROW = {"rank", "username", "rating", "games"}
V1_ADDS = {"is_bot"}


def _paths(game: str) -> list[str]:
    paths = []
    for name in ("api-leaderboard", "v1:leaderboard"):
        try:
            paths.append(reverse(name, args=[game]))
        except NoReverseMatch:  # a version that is not served any more
            continue
    return paths


def test_both_leaderboard_endpoints_answer_the_same_board(make_user) -> None:
    for i, name in enumerate(["ann", "bob", "cid"]):
        Rating.objects.create(
            game="spectacular_bid", user=make_user(name), rating=1500 + i * 7.4, games=30 + i
        )
    Rating.objects.create(game="spectacular_bid", user=make_user("new"), rating=1900, games=2)
    Rating.objects.create(game="spectacular_bid", ai_level="expert", rating=1801.0, games=40)
    paths = _paths("spectacular_bid")
    assert paths == ["/api/leaderboards/spectacular_bid/", "/api/v1/leaderboards/spectacular_bid/"]
    old, v1 = (Client().get(p).json() for p in paths)
    # The old shape: exactly these keys, as docs/api.md promises for the unversioned paths.
    assert set(old) == {"game", "players", "ai_levels"}
    assert all(set(row) == UNVERSIONED_ROW for row in old["players"])
    # v1 only adds: the same board, row by row, with the same types.
    assert set(v1) == set(old) | {"count", "next", "previous"}
    assert all(set(row) == UNVERSIONED_ROW | V1_ADDS for row in v1["players"])
    assert [{k: row[k] for k in UNVERSIONED_ROW} for row in v1["players"]] == old["players"]
    assert [row["username"] for row in old["players"]] == ["cid", "bob", "ann"]
    assert v1["ai_levels"] == old["ai_levels"] == [{"level": "expert", "rating": 1801, "games": 40}]
    assert v1["game"] == old["game"] == "spectacular_bid"
    for path in _paths("chess"):
        assert Client().get(path).status_code == 404


def test_a_banned_account_leaves_every_board(make_user) -> None:
    kept, banned = make_user("kept"), make_user("banned")
    for user in (kept, banned):
        Rating.objects.create(game="spectacular_bid", user=user, rating=1600, games=30)
    banned.is_active = False
    banned.save(update_fields=["is_active"])
    client = Client()
    for path in _paths("spectacular_bid"):
        assert [r["username"] for r in client.get(path).json()["players"]] == ["kept"], path
    page = client.get("/leaderboards/?game=spectacular_bid").content.decode()
    assert ">kept<" in page and ">banned<" not in page
