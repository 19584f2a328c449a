"""The fair-deal page in plain words (templates/live/fairness.html): each check says what was
proved as a sentence in the page's language, with the count of moves and deals in the right
plural form, and none of the command line's technical text ("deal(s)", "deal_for")."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from .test_fairness import played_match

pytestmark = pytest.mark.django_db(transaction=True)


def checks_of(page: str) -> dict[str, str]:
    """Each check's text by its name, tags and runs of spaces removed."""
    items = re.findall(r'data-check="(\w+)"[^>]*>(.*?)</li>', page, flags=re.S)
    return {name: " ".join(re.sub(r"<[^>]+>", " ", body).split()) for name, body in items}


def test_the_checks_read_as_plain_sentences_in_english_and_german(make_user) -> None:
    match = played_match(make_user(), "zheng_shangyou", moves=6)  # one deal a match
    moves = match.moves.filter(kind__in=("action", "stall")).count()
    client = Client()
    page = client.get(f"/match/{match.pk}/fairness/").content.decode()
    checks = checks_of(page)
    assert checks["replay"] == (
        f"The moves: all {moves} moves of the match, played again from the seed, are legal and"
        " end the match exactly as it ended."
    )
    assert checks["deals"] == (
        "The deals: the deal, worked out again from the seed alone, gives the same game."
    )
    assert checks["commitment"].startswith("The commitment: the revealed salt and seed give")
    for technical in ("deal(s)", "deal_for", "replay legally", "sha256(", "Technical detail"):
        assert technical not in page, technical

    client.cookies["django_language"] = "de"
    page = client.get(f"/match/{match.pk}/fairness/").content.decode()
    checks = checks_of(page)
    assert checks["replay"] == (
        f"Die Züge: Alle {moves} Züge der Partie, vom Startwert aus noch einmal gespielt, sind"
        " regelgerecht und beenden die Partie genau so, wie sie endete."
    )
    assert checks["deals"].startswith("Das Geben: Das Geben, allein aus dem Startwert")
    assert checks["commitment"].startswith("Die Festlegung: Salt und Startwert")
    for english in ("The moves", "played again", "deal(s)", "deal_for"):
        assert english not in page, english


def test_a_failed_check_says_why_in_plain_words_and_keeps_the_technical_detail(
    make_user,
) -> None:
    match = played_match(make_user(), "one_poker", moves=2)
    match.seed_commitment = "0" * 64  # not what salt and seed give
    match.save(update_fields=["seed_commitment"])
    client = Client()
    client.cookies["django_language"] = "de"
    page = client.get(f"/match/{match.pk}/fairness/").content.decode()
    checks = checks_of(page)
    assert checks["commitment"].startswith(
        "Die Festlegung: Salt und Startwert, jetzt offengelegt, ergeben nicht den"
    )
    assert "Technische Einzelheit sha256(salt:seed) does not match" in checks["commitment"]
