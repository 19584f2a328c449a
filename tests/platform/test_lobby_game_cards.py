"""The lobby presents every game as a card: its rules help's opening as the description, seats and
typical length from its declaration, its board miniature, and how many of its matches run now —
in English and German, with no game chosen until a card is."""

from __future__ import annotations

import dataclasses
import re

import pytest
from django.test import Client
from django.utils import translation

from games.core import GameDeclarationError
from games.registry import get_game
from live import catalogue
from live.models import Match, MatchStatus
from live.services import SeatSpec, match_start
from lobby import game_cards, selectors

pytestmark = pytest.mark.django_db


def _cards(page: str) -> dict[str, str]:
    """Each card's markup by game slug."""
    found = re.findall(
        r'<li class="game-card[^"]*"[^>]*data-game="([a-z_]+)">(.*?)</li>\n', page, re.S
    )
    return dict(found)


def _start(slug: str) -> Match:
    game = get_game(slug)
    return match_start(
        game_slug=slug, seats=[SeatSpec(ai_level=next(iter(game.bots)))] * game.seat_counts[0]
    )


def test_running_counts_count_running_matches_per_game() -> None:
    _start("spectacular_bid")
    _start("spectacular_bid")
    over = _start("one_poker")
    _start("bridge")
    Match.objects.filter(pk=over.pk).update(status=MatchStatus.FINISHED)
    assert selectors.running_counts() == {"spectacular_bid": 2, "bridge": 1}


@pytest.mark.parametrize(
    ("lang", "bridge_words", "seats", "length"),
    [
        ("en", "North and South play together", "4 players", "about 8 minutes"),
        ("de", "Nord und Süd spielen zusammen", "4 Spieler", "etwa 8 Minuten"),
    ],
)
def test_every_playable_game_has_a_card_in_the_page_language(
    client: Client, lang: str, bridge_words: str, seats: str, length: str
) -> None:
    client.cookies["django_language"] = lang
    page = client.get("/").content.decode()
    cards = _cards(page)
    assert set(cards) == set(catalogue.playable_games())
    bridge = cards["bridge"]
    assert bridge_words in bridge
    assert f'data-testid="game-seats">{seats}<' in bridge
    assert f'data-testid="game-length">{length}<' in bridge
    assert 'src="/static/boards/bridge.svg"' in bridge
    for slug, card in cards.items():
        title = catalogue.game_title(slug, lang)  # the name in the page's language
        assert f'<h3 id="game-{slug}-title">{title.replace(chr(39), "&#x27;")}</h3>' in card
        assert 'data-testid="game-summary"' in card, slug
        assert f'href="?game={slug}#play"' in card


def test_the_description_is_the_first_paragraph_of_the_rules_help() -> None:
    for slug in catalogue.playable_games():
        for lang in ("en", "de"):
            text = game_cards.rules_summary(slug, lang)
            assert text and "<" not in text and "\n" not in text, (slug, lang)
    assert game_cards.rules_summary("one_poker", "en").startswith("One Poker: two players")


def test_a_card_says_how_many_matches_of_its_game_run_now(client: Client) -> None:
    _start("one_poker")
    _start("one_poker")
    cards = _cards(client.get("/").content.decode())
    assert 'data-count="2">2 games running now<' in cards["one_poker"]
    assert 'href="/watch/?game=one_poker"' in cards["one_poker"]
    assert 'data-count="0">no games running now<' in cards["bridge"]
    assert "/watch/?game=bridge" not in cards["bridge"]


def test_no_game_is_chosen_until_a_card_is(client: Client) -> None:
    page = client.get("/").content.decode()
    assert "is-chosen" not in page
    assert 'id="play-heading"' in page and ">Start a game</h2>" in page
    chosen = client.get("/?game=bridge").content.decode()
    assert re.search(r'class="game-card is-chosen"[^>]*data-game="bridge"', chosen)
    assert ">Play Bridge</h2>" in chosen
    assert '<option value="bridge" data-seat-counts="4" selected>' in chosen
    assert ">Start a game</h2>" in client.get("/?game=chess").content.decode()


def test_seat_and_length_words_follow_the_declaration() -> None:
    game = get_game("tractor")
    with translation.override("en"):
        assert game_cards.seats_text(dataclasses.replace(game, seat_counts=(3, 4))) == (
            "3 to 4 players"
        )
        assert game_cards.length_text(dataclasses.replace(game, typical_minutes=1)) == (
            "about 1 minute"
        )
        assert game_cards.length_text(dataclasses.replace(game, typical_minutes=None)) == ""
    with pytest.raises(GameDeclarationError):
        dataclasses.replace(game, typical_minutes=0)
