"""What the tournament pages say in words and figures (issue #29 §4): a knockout's rounds won, a
refused table size, whole rating points for rating-like tie-breaks, the audit log's labels."""

from __future__ import annotations

import pytest
from django.test import Client

from tournaments import selectors, services
from tournaments.errors import TournamentError
from tournaments.models import Entry, Tournament
from tournaments.standing_rows import make_row, points_text

from .conftest import lose, register, running, spec, start

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_knockout_winner_of_two_rounds_shows_two_rounds_won(make_user, make_tournament) -> None:
    """Four players, two rounds: the champion won the semi-final and the final (2), the
    finalist the semi-final (1), the semi-finalists nothing (0) — not the round reached + 1."""
    from ratings.models import Rating

    users = [make_user(f"ko{i}") for i in range(4)]
    for i, u in enumerate(users):
        Rating.objects.create(game="spectacular_bid", user=u, rating=1700 - 100 * i)
    t = make_tournament(format="knockout", rounds=None)
    entries = register(t, users)
    start(t)
    for semi in running(t):  # the higher seed (seat 0 of game 1) wins each semi-final
        lose(semi, semi.players[1])
    (final,) = running(t)
    lose(final, final.players[0])
    champion = final.players[1]
    rows = selectors.standings_of(t)
    scores = {r.entry_id: r.score for r in rows}
    assert rows[0].entry_id == champion and scores[champion] == 2.0
    assert scores[final.players[0]] == 1.0
    assert sorted(scores.values()) == [0.0, 0.0, 1.0, 2.0]
    assert {e.pk for e in entries} == set(scores)


def test_a_table_size_the_game_lacks_is_refused_in_words(organiser) -> None:
    with pytest.raises(TournamentError) as refused:
        services.tournament_create(
            organiser_id=organiser.pk,
            spec=spec(game="holdem", format="knockout", rounds=None, seats_per_table=2),
        )
    assert refused.value.code == "bad_seats"
    assert refused.value.message == (
        "Texas Hold'em is played at tables of 4 players, not 2. Its tournaments can be Swiss, "
        "round robin, knockout heats or arena, all at tables of 4 players."
    )
    with pytest.raises(TournamentError) as refused:
        services.tournament_create(
            organiser_id=organiser.pk, spec=spec(game="bridge", seats_per_table=2)
        )
    assert refused.value.message == (
        "Bridge is played at tables of 4 players, not 2. Its tournaments can be Swiss, round "
        "robin, knockout heats, arena or pairs (duplicate), all at tables of 4 players."
    )
    assert not Tournament.objects.exists()


def test_rating_like_tie_breaks_are_whole_rating_points() -> None:
    entry = Entry(pk=1, rating=1500.0, ai_level="random")
    row = make_row(entry, 1, 3.0, {"PERF": 1347.83, "ARO": 1402.5, "SB": 1.234567})
    assert row.tiebreaks == {"PERF": 1348.0, "ARO": 1403.0, "SB": 1.2346}
    assert points_text(row.tiebreaks["PERF"]) == "1348"


def test_the_audit_log_shows_labels_not_keys_in_english_and_german(
    client: Client, make_tournament, organiser
) -> None:
    t = make_tournament()
    services.entry_add_ai(tournament_id=t.pk, by_user_id=organiser.pk, level="random", count=2)
    services.tournament_start_now(tournament_id=t.pk, by_user_id=organiser.pk)
    client.force_login(organiser)
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    log = page[page.index('data-testid="tournament-audit"') :]
    log = log[: log.index("</ul>")]
    assert "AI players added" in log and "started early" in log and "created" in log
    assert "ai_added" not in log and "started_early" not in log
    client.cookies["django_language"] = "de"
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    log = page[page.index('data-testid="tournament-audit"') :]
    log = log[: log.index("</ul>")]
    assert "KI-Spieler hinzugefügt" in log and "vorzeitig gestartet" in log and "angelegt" in log
