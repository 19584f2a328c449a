"""Creating, entering, withdrawing, organiser and operator actions — and the bad input each
refuses with a clear error while changing nothing (standings and pairings compared before/after)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from live.models import Match, MatchStatus
from ratings.models import Rating
from tournaments import selectors, services
from tournaments.errors import TournamentError
from tournaments.models import (
    AuditEntry,
    Entry,
    EntryStatus,
    Pairing,
    PairingStatus,
    Tournament,
    TournamentStatus,
)

from .conftest import finish_round, lose, register, running, spec, start, state_of

pytestmark = pytest.mark.django_db(transaction=True)


def refused(code: str, call, tournament: Tournament | None = None) -> None:  # type: ignore[no-untyped-def]
    """``call`` raises TournamentError ``code`` and the tournament is unchanged."""
    before = state_of(tournament) if tournament is not None else None
    with pytest.raises(TournamentError) as exc:
        call()
    assert exc.value.code == code, exc.value.message
    assert exc.value.message
    if tournament is not None:
        assert state_of(tournament) == before


# --- creating --------------------------------------------------------------------------------


def test_only_organisers_and_operators_create(make_user, organiser, operator) -> None:
    nobody = make_user("nobody")
    refused(
        "not_organiser", lambda: services.tournament_create(organiser_id=nobody.pk, spec=spec())
    )
    assert not Tournament.objects.exists()
    t = services.tournament_create(organiser_id=operator.pk, spec=spec())
    assert t.organiser == operator
    t = services.tournament_create(organiser_id=organiser.pk, spec=spec(name="  Spring open "))
    assert t.name == "Spring open" and t.status == TournamentStatus.SCHEDULED
    assert (t.bank_ms, t.delay_ms, t.seats_per_table) == (60_000, 5_000, 2)
    assert AuditEntry.objects.get(tournament=t).action == "created"


@pytest.mark.parametrize(
    ("overrides", "code"),
    [
        ({"game": "chess"}, "bad_game"),
        ({"format": "ladder"}, "bad_format"),
        ({"rounds": None}, "bad_rounds"),
        ({"seats_per_table": 3}, "bad_seats"),
        ({"format": "arena", "arena_minutes": None}, "bad_duration"),
        ({"max_players": 1}, "bad_max_players"),
        ({"entry_policy": "rating_range"}, "bad_range"),
        ({"entry_policy": "rating_range", "rating_min": 1600, "rating_max": 1400}, "bad_range"),
        ({"format": "arena", "arena_minutes": 30, "duplicate_deals": True}, "no_duplicate"),
        ({"registration_closes": timezone.now() + timedelta(days=3)}, "bad_window"),
        ({"bank_ms": 10}, "bad_time_control"),
    ],
)
def test_bad_tournament_specs_are_refused(organiser, overrides, code) -> None:
    refused(
        code, lambda: services.tournament_create(organiser_id=organiser.pk, spec=spec(**overrides))
    )
    assert not Tournament.objects.exists()


# --- registering -------------------------------------------------------------------------------


def test_registering_twice_after_the_window_above_the_limit_or_outside_the_range(
    make_user, make_tournament
) -> None:
    t = make_tournament(max_players=2)
    a, b, c = (make_user(n) for n in "abc")
    entry = services.entry_register(tournament_id=t.pk, user_id=a.pk)
    assert (entry.rating, entry.joined_round, entry.status) == (1500.0, 1, EntryStatus.ACTIVE)
    refused(
        "already_registered", lambda: services.entry_register(tournament_id=t.pk, user_id=a.pk), t
    )
    services.entry_register(tournament_id=t.pk, user_id=b.pk)
    refused("full", lambda: services.entry_register(tournament_id=t.pk, user_id=c.pk), t)
    late = t.registration_closes + timedelta(seconds=1)
    refused(
        "closed",
        lambda: services.entry_register(tournament_id=t.pk, user_id=c.pk, now=late),
        t,
    )
    early = t.registration_opens - timedelta(seconds=1)
    refused(
        "not_open",
        lambda: services.entry_register(tournament_id=t.pk, user_id=c.pk, now=early),
        t,
    )


def test_rating_range_and_invitations(make_user, make_tournament) -> None:
    strong, weak, guest = make_user("strong"), make_user("weak"), make_user("guest")
    Rating.objects.create(game="spectacular_bid", user=strong, rating=1900)
    Rating.objects.create(game="spectacular_bid", user=weak, rating=1200)
    t = make_tournament(entry_policy="rating_range", rating_min=1400, rating_max=2000)
    refused("rating_range", lambda: services.entry_register(tournament_id=t.pk, user_id=weak.pk), t)
    assert services.entry_register(tournament_id=t.pk, user_id=strong.pk).rating == 1900
    invited = make_tournament(entry_policy="invited", invited_user_ids=(guest.pk,))
    refused(
        "not_invited",
        lambda: services.entry_register(tournament_id=invited.pk, user_id=weak.pk),
        invited,
    )
    services.entry_register(tournament_id=invited.pk, user_id=guest.pk)


def test_ai_entries_per_level_by_the_organiser_only(make_user, make_tournament) -> None:
    # An established measured rating (as the lobby shows it: after the provisional games).
    Rating.objects.create(game="spectacular_bid", ai_level="expert", rating=1850, games=50)
    t = make_tournament()
    stranger = make_user("stranger")
    refused(
        "not_organiser",
        lambda: services.entry_add_ai(tournament_id=t.pk, by_user_id=stranger.pk, level="expert"),
        t,
    )
    refused(
        "bad_level",
        lambda: services.entry_add_ai(tournament_id=t.pk, by_user_id=t.organiser_id, level="god"),
        t,
    )
    added = services.entry_add_ai(
        tournament_id=t.pk, by_user_id=t.organiser_id, level="expert", count=3
    )
    assert [(e.ai_level, e.rating) for e in added] == [("expert", 1850.0)] * 3
    assert [e.display_name for e in added] == ["Ada (bot)", "Bruno (bot)", "Clara (bot)"]


def test_an_organiser_acting_on_someone_elses_tournament_is_refused(
    make_user, make_tournament, organiser
) -> None:
    from django.contrib.auth.models import Permission

    other = make_user("other_org")
    other.user_permissions.add(Permission.objects.get(codename="organise_tournament"))
    t = make_tournament()
    register(t, [make_user("x1"), make_user("x2")])
    for call in (
        lambda: services.entry_add_ai(tournament_id=t.pk, by_user_id=other.pk, level="random"),
        lambda: services.tournament_start_now(tournament_id=t.pk, by_user_id=other.pk),
        lambda: services.tournament_cancel(tournament_id=t.pk, by_user_id=other.pk, reason="x"),
    ):
        refused("not_your_tournament", call, t)


# --- withdrawing -------------------------------------------------------------------------------


def test_withdrawing_before_the_start_removes_the_entry(make_user, make_tournament) -> None:
    t = make_tournament()
    a = make_user("a")
    services.entry_register(tournament_id=t.pk, user_id=a.pk)
    assert services.entry_withdraw(tournament_id=t.pk, by_user_id=a.pk) is None
    assert not Entry.objects.filter(tournament=t).exists()
    services.entry_register(tournament_id=t.pk, user_id=a.pk)  # may come back
    refused(
        "not_registered",
        lambda: services.entry_withdraw(tournament_id=t.pk, by_user_id=make_user("z").pk),
        t,
    )


def test_withdrawing_mid_game_forfeits_it_and_a_late_result_changes_nothing(
    make_user, make_tournament
) -> None:
    t = make_tournament(rounds=3)
    users = [make_user(f"w{i}") for i in range(4)]
    entries = {e.user_id: e for e in register(t, users)}
    start(t)
    pairing = running(t)[0]
    leaver = Entry.objects.get(pk=pairing.players[0])
    other = pairing.players[1]
    services.entry_withdraw(tournament_id=t.pk, by_user_id=leaver.user_id, reason="unwell")
    pairing.refresh_from_db()
    assert pairing.status == PairingStatus.DONE
    assert (pairing.placings, pairing.absent) == ([2, 1], [leaver.pk])
    match = Match.objects.get(pk=pairing.match_id)
    assert match.status == MatchStatus.ABORTED and not match.rating_changes.exists()
    # The match's late result (the hook called again, an adjudication) changes nothing.
    before = state_of(t)
    services.match_ended(match)
    assert state_of(t) == before
    operator = make_user("op")
    operator.is_staff = True
    operator.save()
    refused(
        "already_decided",
        lambda: services.pairing_adjudicate(
            pairing_id=pairing.pk, placings=[1, 2], by_user_id=operator.pk, reason="late"
        ),
        t,
    )
    finish_round(t)
    t.refresh_from_db()
    assert t.current_round == 2
    assert all(leaver.pk not in p.players for p in running(t))
    row = {r.entry_id: r for r in selectors.standings_of(t)}
    assert row[other].score == 1.0 and row[leaver.pk].status == EntryStatus.WITHDRAWN
    cross = {r["entry_id"]: r["cells"] for r in selectors.crosstable_of(t)["rows"]}
    assert cross[other][0].kind == "forfeit-win" and cross[leaver.pk][0].kind == "forfeit-loss"
    assert entries  # (the mapping is used for the ids above)
    assert AuditEntry.objects.filter(tournament=t, action="withdrawn", reason="unwell").exists()


# --- organiser and operator actions ---------------------------------------------------------------


def test_pause_resume_and_cancel_need_reasons_and_are_audited(make_user, make_tournament) -> None:
    t = make_tournament(rounds=2)
    register(t, [make_user(f"c{i}") for i in range(4)])
    start(t)
    org = t.organiser_id
    refused(
        "reason_required",
        lambda: services.tournament_pause(tournament_id=t.pk, by_user_id=org, reason=" "),
        t,
    )
    services.tournament_pause(tournament_id=t.pk, by_user_id=org, reason="server maintenance")
    finish_round(t)  # games in progress go on, but no new round starts while paused
    t.refresh_from_db()
    assert (t.status, t.current_round, len(running(t))) == (TournamentStatus.PAUSED, 1, 0)
    services.tournament_resume(tournament_id=t.pk, by_user_id=org)
    t.refresh_from_db()
    assert (t.status, t.current_round, len(running(t))) == (TournamentStatus.RUNNING, 2, 2)
    matches = [p.match_id for p in running(t)]
    services.tournament_cancel(tournament_id=t.pk, by_user_id=org, reason="venue lost")
    t.refresh_from_db()
    assert (t.status, t.status_reason) == (TournamentStatus.CANCELLED, "venue lost")
    assert set(Match.objects.filter(pk__in=matches).values_list("status", flat=True)) == {
        MatchStatus.ABORTED
    }
    actions = list(
        AuditEntry.objects.filter(tournament=t).order_by("pk").values_list("action", "reason")
    )
    assert ("paused", "server maintenance") in actions and ("cancelled", "venue lost") in actions
    assert actions.index(("paused", "server maintenance")) < actions.index(
        ("cancelled", "venue lost")
    )


def test_operator_adjudicates_a_game_of_the_current_round_only(
    make_user, make_tournament, operator
) -> None:
    t = make_tournament(rounds=2, rated=True)
    register(t, [make_user(f"j{i}") for i in range(4)])
    start(t)
    first, second = running(t)
    refused(
        "not_operator",
        lambda: services.pairing_adjudicate(
            pairing_id=first.pk, placings=[2, 1], by_user_id=t.organiser_id, reason="x"
        ),
        t,
    )
    refused(
        "bad_result",
        lambda: services.pairing_adjudicate(
            pairing_id=first.pk, placings=[2, 2], by_user_id=operator.pk, reason="x"
        ),
        t,
    )
    services.pairing_adjudicate(
        pairing_id=first.pk, placings=[2, 1], by_user_id=operator.pk, reason="illegal engine use"
    )
    first.refresh_from_db()
    assert (first.status, first.placings, first.adjudicated) == (PairingStatus.DONE, [2, 1], True)
    match = Match.objects.get(pk=first.match_id)
    assert match.status == MatchStatus.ABORTED and not match.rating_changes.exists()
    lose(second, second.players[1])  # the round closes; round 2 is paired
    t.refresh_from_db()
    assert t.current_round == 2
    refused(
        "not_in_round",
        lambda: services.pairing_adjudicate(
            pairing_id=second.pk, placings=[1, 2], by_user_id=operator.pk, reason="late"
        ),
        t,
    )
    entry = AuditEntry.objects.get(tournament=t, action="adjudicated")
    assert (entry.actor_id, entry.reason) == (operator.pk, "illegal engine use")


def test_start_now_by_the_organiser_and_not_twice(make_user, make_tournament) -> None:
    t = make_tournament(starts_at=timezone.now() + timedelta(days=1))
    register(t, [make_user("s1"), make_user("s2")])
    assert services.tournament_start_now(tournament_id=t.pk, by_user_id=t.organiser_id) == "started"
    refused(
        "not_scheduled",
        lambda: services.tournament_start_now(tournament_id=t.pk, by_user_id=t.organiser_id),
        t,
    )
    assert Pairing.objects.filter(tournament=t).count() == 1
