"""The lobby as people see it: computer players with names and levels people understand, the
newcomer's default level, and started tables leaving the open list."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from games.core import Game
from games.registry import all_games, get_game
from live.ai_players import ai_seat_name, default_level, game_levels, tier_of
from live.messages import match_info
from live.selectors import match_seats
from lobby import selectors as lobby_selectors
from lobby import services as lobby_services

pytestmark = pytest.mark.django_db


def test_every_ai_seat_of_a_table_has_its_own_name(make_user) -> None:
    user = make_user()
    match = lobby_services.ai_match_start(user_id=user.pk, game_slug="holdem", level="random")
    names = [s["name"] for s in match_info(match, match_seats(match))["seats"]]
    assert names[0] == user.username
    assert names[1:] == [ai_seat_name(s) for s in range(1, len(names))]
    assert len(set(names)) == len(names)
    assert names[1] == "Bruno (bot)"


def test_levels_are_named_for_people_and_keep_the_games_keys() -> None:
    levels = game_levels(get_game("dou_dizhu"))
    assert [(lv.key, lv.tier.slug) for lv in levels] == [
        ("random", "beginner"),
        ("greedy", "casual"),
        ("planner", "club"),
        ("expert", "expert"),
    ]
    with translation.override("de"):
        assert [lv.label for lv in game_levels(get_game("dou_dizhu"))] == [
            "Anfänger",
            "Gelegenheitsspieler",
            "Vereinsspieler",
            "Experte",
        ]
    assert all(lv.description and lv.rating for lv in levels)
    assert [lv.rating for lv in levels] == sorted(lv.rating for lv in levels)


def test_the_newcomer_gets_a_fair_level_not_random_and_not_the_best() -> None:
    assert default_level(get_game("holdem")) == "greedy"
    assert default_level(get_game("dou_dizhu")) == "greedy"
    for game in all_games().values():
        assert default_level(game) in game.bots
        if len(game.bots) > 2:
            assert default_level(game) not in (next(iter(game.bots)), list(game.bots)[-1])


def test_an_unknown_game_or_level_key_falls_back_by_its_place() -> None:
    from games.core import RatingMode, TimeControl

    base = get_game("one_poker")
    game: Game = Game(
        slug="newgame",
        title="New",
        seat_counts=(2,),
        state=base.state,
        encode_action=base.encode_action,
        decode_action=base.decode_action,
        bots={"noob": object, "mcts_small": object, "mcts_big": object},  # type: ignore[dict-item]
        time_control=TimeControl(bank_ms=1000, delay_ms=0),
        rating_mode=RatingMode.DUEL,
        deal_for=None,
    )
    assert [tier_of(game, k).slug for k in game.bots] == ["beginner", "club", "expert"]
    with translation.override("en"):
        labels = [lv.label for lv in game_levels(game)]
    assert labels == ["Beginner (noob)", "Club player (mcts small)", "Expert (mcts big)"]
    assert default_level(game) == "mcts_small"


def test_the_lobby_offers_levels_with_descriptions_in_german(make_user) -> None:
    client = Client()
    client.cookies["django_language"] = "de"
    page = client.get("/").content.decode()
    assert "Gelegenheitsspieler (etwa 1300)" in page
    assert "ein fairer erster Gegner" in page
    assert 'value="greedy" data-description' in page


def test_playing_the_ai_without_choosing_a_level_gets_the_default(make_user) -> None:
    user = make_user()
    match = lobby_services.ai_match_start(user_id=user.pk, game_slug="holdem")
    assert {s.ai_level for s in match.seats.all() if s.ai_level} == {"greedy"}


def test_a_started_table_leaves_the_open_tables(make_user) -> None:
    alice, bob = make_user(), make_user()
    table = lobby_services.table_create(user_id=alice.pk, game_slug="spectacular_bid", seats=2)
    listed = lobby_selectors.lobby_tables(user_id=alice.pk)
    assert [t["id"] for t in listed["open_tables"]] == [table.pk]
    lobby_services.table_join(user_id=bob.pk, table_id=table.pk)
    for viewer in (alice, bob):
        listed = lobby_selectors.lobby_tables(user_id=viewer.pk)
        assert listed["open_tables"] == []
        assert [t["id"] for t in listed["my_started_tables"]] == [table.pk]
    assert lobby_selectors.lobby_tables(user_id=None)["open_tables"] == []
