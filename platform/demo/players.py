"""The demo players: bot accounts that play with the games' own AI, one move at a time.

They are accounts rather than live's AI seats so that the demo sets the pace (live's AI seats move
as soon as the worker has computed): each call of :func:`demo_moves` makes at most one move per
match, and the beat calls it every ``DEMO_MOVE_SECONDS``.
"""

from __future__ import annotations

import logging
import random
from typing import Any

from django.conf import settings
from django.db.models import QuerySet

from accounts.models import User
from games.registry import get_game
from live.ai_players import default_level
from live.errors import LiveError
from live.models import Match, MatchStatus, Seat
from live.services import action_submit

log = logging.getLogger("demo")

PREFIX = "demo-bot-"
"""Demo accounts are ``demo-bot-1`` … ``demo-bot-<DEMO_PLAYERS>``."""


def player_names() -> list[str]:
    return [f"{PREFIX}{n}" for n in range(1, settings.DEMO_PLAYERS + 1)]


def players_ensure() -> list[int]:
    """The demo accounts' ids in roster order, created where missing (bot accounts without a
    usable password: nobody signs in as them).  Called under the top-up's lock."""
    ids = []
    for name in player_names():
        user, made = User.objects.get_or_create(username=name, defaults={"is_bot": True})
        if made:
            user.set_unusable_password()
            user.save(update_fields=["password"])
        ids.append(user.pk)
    return ids


def demo_seats() -> QuerySet[Seat]:
    """Seats of running matches held by a demo account (the demo's matches and the demo
    tournament's tables alike; a person's seat at the same table is never one)."""
    return Seat.objects.filter(
        match__status=MatchStatus.RUNNING, user__username__in=player_names()
    ).select_related("match")


def _choose(match: Match, seat: int) -> Any:
    """The game's AI at the newcomer's level for ``seat``, from that seat's own view only."""
    game = get_game(match.game)
    state = game.state_from_json(match.state)
    bot = game.bots[default_level(game)]()
    rng = random.Random(f"demo:{match.pk}:{match.seq}:{seat}")
    return game.encode_action(
        bot.choose(state.view(seat), state.legal_actions(seat), rng, settings.AI_BUDGET or 0)
    )


def demo_moves() -> int:
    """One move in every running match where a demo seat must act (the first such seat); returns
    how many were made.  A move another tick made first, or a match that ended meanwhile, is
    skipped: the command id is fixed per match, seq and seat, and the seq is checked."""
    by_match: dict[int, tuple[Match, dict[int, int]]] = {}
    for seat in demo_seats():
        by_match.setdefault(seat.match_id, (seat.match, {}))[1][seat.seat] = seat.user_id
    moved = 0
    for match, seats in by_match.values():
        state = get_game(match.game).state_from_json(match.state)
        acting = [d.seat for d in state.pending() if d.seat in seats]
        if not acting:
            continue
        seat = acting[0]
        try:
            action = _choose(match, seat)
        except Exception:  # one game's AI failing must not stop the other demo matches
            log.exception("demo AI failed", extra={"match": match.pk, "seat": seat})
            continue
        try:
            action_submit(
                match_id=match.pk,
                action=action,
                command_id=f"demo-{match.seq}-{seat}",
                user_id=seats[seat],
                seat=seat,
                seen_seq=match.seq,
            )
        except LiveError as exc:
            if exc.code not in ("stale_seq", "match_over", "not_your_turn"):
                log.error("demo move refused", extra={"match": match.pk, "code": exc.code})
            continue
        moved += 1
    return moved
