"""What each game can be run as, said before the organiser picks and, in the page's language, when
the pick does not fit (issue #29 §4: a Hold'em heads-up knockout was refused with a raw tuple)."""

from __future__ import annotations

import re

import pytest

from games.registry import get_game
from tournaments import game_support
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

FIELDS = {
    "name": "Heads-up night",
    "game": "holdem",
    "format": "knockout",
    "seats_per_table": "2",
    "knockout_games": "1",
    "starts_at": "2099-01-01 18:00",
    "max_players": "16",
    "entry_policy": "everyone",
    "round_break_s": "10",
}


def row(page: str, slug: str) -> list[str]:
    """The cells of the game's row in the form's table (its name, tables, formats)."""
    found = re.search(rf'<tr data-game="{slug}">(.*?)</tr>', page, re.S)
    assert found, slug
    cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", found.group(1), re.S)
    return [c.replace("&#x27;", "'") for c in cells]


def test_every_game_plays_swiss_round_robin_knockout_and_arena_pairs_only_partnerships() -> None:
    """Pairs (duplicate) needs two partnerships of two and fixed deals: Bridge, Guandan and
    Tractor; the others are played alone."""
    usual = ["swiss", "round_robin", "knockout", "arena"]
    for slug in ("spectacular_bid", "dou_dizhu", "zheng_shangyou", "holdem", "one_poker"):
        assert game_support.formats_for(get_game(slug)) == usual, slug
    for slug in ("bridge", "guandan", "tractor"):
        assert game_support.formats_for(get_game(slug)) == [*usual, "pairs"], slug


@pytest.mark.parametrize(
    ("lang", "holdem", "bridge", "duel"),
    [
        (
            "en",
            ["Texas Hold'em", "tables of 4 players", "Swiss, Round robin, knockout heats or Arena"],
            "Swiss, Round robin, knockout heats, Arena or Pairs (duplicate)",
            ["Spectacular Bid", "tables of 2 players", "Swiss, Round robin, Knockout or Arena"],
        ),
        (
            "de",
            [
                "Texas Hold'em",
                "Tischen mit 4 Spielern",
                "Schweizer System, Rundenturnier, K.-o.-Vorrunden an Tischen oder Arena",
            ],
            "Schweizer System, Rundenturnier, K.-o.-Vorrunden an Tischen, Arena oder "
            "Paarturnier (Duplicate)",
            [
                "Spectacular Bid",
                "Tischen mit 2 Spielern",
                "Schweizer System, Rundenturnier, K.-o.-System oder Arena",
            ],
        ),
    ],
)
def test_the_form_shows_each_games_tables_and_formats_before_the_organiser_picks(
    client, organiser, lang: str, holdem: list[str], bridge: str, duel: list[str]
) -> None:
    client.force_login(organiser)
    client.cookies["django_language"] = lang
    page = client.get("/tournaments/new/").content.decode()
    assert 'data-testid="game-support"' in page
    assert row(page, "holdem") == holdem
    assert row(page, "bridge")[2] == bridge
    assert row(page, "spectacular_bid") == duel


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            "Texas Hold'em is played at tables of 4 players, not 2. Its tournaments can be "
            "Swiss, Round robin, knockout heats or Arena.",
        ),
        ("de", "Texas Hold'em wird an Tischen mit 4 Spielern gespielt, nicht mit 2."),
    ],
)
def test_a_table_size_the_game_does_not_have_is_refused_in_words_and_makes_nothing(
    client, organiser, lang: str, words: str
) -> None:
    client.force_login(organiser)
    client.cookies["django_language"] = lang
    page = client.post("/tournaments/new/", FIELDS).content.decode().replace("&#x27;", "'")
    assert words in page
    assert "(4,)" not in page
    assert not Tournament.objects.exists()


def test_a_format_the_game_does_not_have_is_refused_in_german_too(client, organiser) -> None:
    client.force_login(organiser)
    client.cookies["django_language"] = "de"
    page = client.post(
        "/tournaments/new/", {**FIELDS, "game": "spectacular_bid", "format": "pairs"}
    ).content.decode()
    assert "Spectacular Bid kann nicht als Turnier der Form „Paarturnier (Duplicate)“" in page
    assert not Tournament.objects.exists()
