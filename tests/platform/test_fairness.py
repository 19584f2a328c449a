"""Provably fair deals (live.fairness, live.commitments, manage.py verify_deal): the commitment is
published while a match runs and the seed only once it is over; the check passes for a finished
match of every game and fails for a tampered one."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from games.registry import all_games, get_game
from live.commitments import commitment_ensure, fairness_record
from live.fairness import commitment_of, verify_record
from live.models import Match, MatchStatus, Move
from live.services import SeatSpec, action_submit, match_resign, match_start
from support.live import engine_state

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]


def played_match(user, slug: str, moves: int = 12) -> Match:
    """A match of ``slug``: the user in seat 0 plays the first legal action ``moves`` times (the AI
    answers through the service), then resigns."""
    game = get_game(slug)
    seats = game.seat_counts[0]
    level = next(iter(game.bots))
    match = match_start(
        game_slug=slug,
        seats=[SeatSpec(user_id=user.pk)] + [SeatSpec(ai_level=level)] * (seats - 1),
    )
    commitment_ensure(match_id=match.pk)
    for n in range(moves):
        match.refresh_from_db()
        if match.status != MatchStatus.RUNNING:
            break
        state = engine_state(match)
        if 0 not in {d.seat for d in state.pending()}:
            break
        action = game.encode_action(state.legal_actions(0)[0])
        action_submit(match_id=match.pk, action=action, command_id=f"m{n}", user_id=user.pk)
    match.refresh_from_db()
    if match.status == MatchStatus.RUNNING:
        match_resign(match_id=match.pk, command_id="resign", user_id=user.pk)
    match.refresh_from_db()
    return match


def test_commitment_is_fixed_at_the_start_and_the_seed_hidden_until_the_end(make_user) -> None:
    user = make_user()
    match = match_start(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=user.pk), SeatSpec(ai_level="random")]
    )
    first = commitment_ensure(match_id=match.pk)
    assert len(first) == 64 and commitment_ensure(match_id=match.pk) == first
    match.refresh_from_db()
    assert commitment_of(seed=match.seed, salt=match.seed_salt) == first
    running = fairness_record(match=match)
    assert running["commitment"] == first
    assert "seed" not in running and "salt" not in running and "moves" not in running
    match_resign(match_id=match.pk, command_id="r", user_id=user.pk)
    match.refresh_from_db()
    done = fairness_record(match=match)
    assert done["seed"] == match.seed and done["salt"] == match.seed_salt


def test_a_match_is_committed_to_its_seed_before_anyone_sees_a_card(make_user) -> None:
    match = match_start(
        game_slug="spectacular_bid",
        seats=[SeatSpec(user_id=make_user().pk), SeatSpec(ai_level="random")],
    )
    assert match.seed_commitment == commitment_of(seed=match.seed, salt=match.seed_salt)
    assert commitment_ensure(match_id=match.pk) == match.seed_commitment  # fixed, never replaced


def test_a_match_that_ended_without_a_commitment_gets_none_afterwards(make_user) -> None:
    user = make_user()
    match = match_start(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=user.pk), SeatSpec(ai_level="random")]
    )
    # As a match started before commitments existed (migration 0008) would be.
    Match.objects.filter(pk=match.pk).update(seed_salt="", seed_commitment="")
    match_resign(match_id=match.pk, command_id="r", user_id=user.pk)
    assert commitment_ensure(match_id=match.pk) == ""
    match.refresh_from_db()
    report = verify_record(fairness_record(match=match))
    assert not report.ok
    assert report.checks[0].name == "commitment" and not report.checks[0].ok


@pytest.mark.parametrize("slug", sorted(all_games()))
def test_the_deals_of_a_finished_match_of_every_game_verify(make_user, slug) -> None:
    match = played_match(make_user(), slug)
    report = verify_record(fairness_record(match=match))
    assert report.ok, report.checks
    assert [c.name for c in report.checks] == ["commitment", "replay", "deals"]
    if get_game(slug).deal_for is not None:
        assert report.deals, "at least the first deal was recomputed"
        game = get_game(slug)
        assert report.deals[0] == game.deal_for(match.seat_count, match.seed, 0)


def test_a_changed_seed_fails_the_commitment_and_the_replay(make_user) -> None:
    match = played_match(make_user(), "spectacular_bid")
    Match.objects.filter(pk=match.pk).update(seed=match.seed + 1)
    match.refresh_from_db()
    report = verify_record(fairness_record(match=match))
    failed = {c.name for c in report.checks if not c.ok}
    assert not report.ok and "commitment" in failed


def test_a_changed_move_log_fails_the_replay(make_user) -> None:
    match = played_match(make_user(), "dou_dizhu", moves=20)
    record = fairness_record(match=match)
    actions = [m for m in record["moves"] if m["kind"] == "action"]
    # Swap two different moves of the log: the record no longer replays, or no longer ends as
    # stored. (The match's seed is random: its first and last moves may be the same action, e.g.
    # two passes, and swapping those would change nothing.)
    first = actions[0]
    other = next(m for m in reversed(actions[1:]) if m["action"] != first["action"])
    first["action"], other["action"] = other["action"], first["action"]
    report = verify_record(record)
    assert not report.ok
    assert next(c for c in report.checks if c.name == "replay").ok is False


def test_a_changed_salt_fails_only_the_commitment(make_user) -> None:
    match = played_match(make_user(), "one_poker")
    record = fairness_record(match=match)
    record["salt"] = "0" * 32
    report = verify_record(record)
    assert [c.ok for c in report.checks] == [False, True, True]


def test_verify_deal_command_and_the_standalone_script(make_user, tmp_path, capsys) -> None:
    match = played_match(make_user(), "holdem")
    call_command("verify_deal", str(match.pk))
    out = capsys.readouterr().out
    assert "ok   commitment" in out and out.strip().endswith("verified")
    path = tmp_path / "record.json"
    path.write_text(json.dumps(fairness_record(match=match), default=str))
    script = subprocess.run(
        [sys.executable, "-m", "live.fairness", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert script.returncode == 0, script.stdout + script.stderr
    Move.objects.filter(match=match, kind="action").order_by("seq").first().delete()
    with pytest.raises(SystemExit) as failed:
        call_command("verify_deal", str(match.pk))
    assert failed.value.code == 1
    assert "FAIL replay" in capsys.readouterr().out


def test_verify_deal_refuses_a_running_match(make_user) -> None:
    user = make_user()
    match = match_start(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=user.pk), SeatSpec(ai_level="random")]
    )
    with pytest.raises(SystemExit) as refused:
        call_command("verify_deal", str(match.pk))
    assert refused.value.code == 2


def test_the_fairness_page_shows_the_commitment_then_the_check(client, make_user) -> None:
    user = make_user()
    match = match_start(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=user.pk), SeatSpec(ai_level="random")]
    )
    page = client.get(f"/match/{match.pk}/fairness/").content.decode()
    match.refresh_from_db()
    assert match.seed_commitment in page and str(match.seed) not in page
    assert 'data-testid="fairness-pending"' in page
    assert str(match.seed) not in client.get(f"/match/{match.pk}/fairness.json").content.decode()
    match_resign(match_id=match.pk, command_id="r", user_id=user.pk)
    client.cookies["django_language"] = "de"
    page = client.get(f"/match/{match.pk}/fairness/").content.decode()
    assert str(match.seed) in page and 'data-ok="1"' in page
    assert "Geprüft" in page
