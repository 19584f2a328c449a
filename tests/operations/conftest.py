"""Operators and the matches they act on."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from live.models import Match, MatchStatus
from live.services import SeatSpec, action_submit, match_start
from support.live import engine_state, first_legal


@pytest.fixture
def operator_client(operator) -> Client:
    client = Client()
    client.force_login(operator)
    return client


def against_ai(user: Any) -> Match:
    return match_start(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=user.pk), SeatSpec(ai_level="random")]
    )


def play(match: Match, users: dict[int, Any], moves: int) -> int:
    """Apply up to ``moves`` first-legal actions of the people's seats (the AI answers at once:
    Celery is eager here); returns how many were applied."""
    done = 0
    for _ in range(moves):
        match.refresh_from_db()
        if match.status != MatchStatus.RUNNING:
            break
        pending = [d.seat for d in engine_state(match).pending() if d.seat in users]
        if not pending:
            break
        seat = pending[0]
        action_submit(
            match_id=match.pk,
            action=first_legal(match, seat),
            command_id=f"t-{match.seq}-{seat}",
            user_id=users[seat].pk,
            seat=seat,
        )
        done += 1
    return done
