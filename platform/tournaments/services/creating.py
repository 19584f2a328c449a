"""Creating a tournament: what an organiser fills in (:class:`TournamentSpec`), its checks, and
the scheduled tournament with its start job."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction

from games.core import Game
from live import catalogue

from .. import game_support, pairs, tiebreaks
from ..errors import TournamentError
from ..models import (
    EntryPolicy,
    Format,
    MovementKind,
    Tournament,
)
from .common import (
    audit,
    can_organise,
    current_time,
    enqueue_on_commit,
    user_of,
)
from .formats import FORMATS


@dataclass(frozen=True)
class TournamentSpec:
    """What an organiser fills in (the page's form, the admin and the API build one)."""

    name: str
    game: str
    format: str
    starts_at: datetime
    max_players: int
    rated: bool = True
    seats_per_table: int | None = None
    rounds: int | None = None
    double_round_robin: bool = False
    knockout_games: int = 1
    arena_minutes: int | None = None
    bank_ms: int | None = None
    delay_ms: int | None = None
    registration_opens: datetime | None = None
    registration_closes: datetime | None = None
    entry_policy: str = EntryPolicy.EVERYONE
    rating_min: int | None = None
    rating_max: int | None = None
    invited_user_ids: tuple[int, ...] = ()
    duplicate_deals: bool = False
    round_break_s: int = 10
    forbidden_pairs: tuple[tuple[int, int], ...] = ()
    movement: str = ""
    """Pairs: ``mitchell``, ``howell`` or empty (Howell while it fits, else Mitchell)."""
    boards_per_round: int = 2
    tiebreak_order: tuple[str, ...] = ()
    """Swiss and round robin: tie-break codes (``tiebreaks.KNOWN``), first decides first; empty:
    the format's usual order."""


def spec_check(spec: TournamentSpec, game: Game[Any]) -> None:
    """Refuse a spec the game or the format cannot run (:class:`TournamentError`); the admin
    form checks with it too."""

    def bad(code: str, message: str) -> TournamentError:
        return TournamentError(code, message)

    if not spec.name.strip():
        raise bad("bad_name", "give the tournament a name")
    if spec.format not in Format.values:
        raise bad("bad_format", f"unknown format {spec.format!r}")
    seats = spec.seats_per_table or game.seat_counts[0]
    if seats not in game.seat_counts:
        raise bad(
            "bad_seats",
            f"{game.title} is played at {_tables_text(game)}, not {seats}. {_formats_text(game)}",
        )
    if spec.format == Format.SWISS and not (spec.rounds and 1 <= spec.rounds <= 50):
        raise bad("bad_rounds", "a Swiss tournament needs 1 to 50 rounds")
    if spec.rounds is not None and not 1 <= spec.rounds <= 200:
        raise bad("bad_rounds", "rounds must be between 1 and 200")
    if spec.format == Format.ARENA and not (spec.arena_minutes and 1 <= spec.arena_minutes <= 1440):
        raise bad("bad_duration", "an arena needs a duration of 1 to 1440 minutes")
    if not 1 <= spec.knockout_games <= 15:
        raise bad("bad_games", "a knockout match has 1 to 15 games")
    if spec.max_players < seats or spec.max_players > 100_000:
        raise bad("bad_max_players", f"the maximum must be between {seats} and 100000 players")
    if spec.bank_ms is not None and not 1_000 <= spec.bank_ms <= 6 * 3600_000:
        raise bad("bad_time_control", "the clock bank must be between 1 s and 6 h")
    if spec.delay_ms is not None and not 0 <= spec.delay_ms <= 600_000:
        raise bad("bad_time_control", "the delay must be between 0 and 10 minutes")
    opens = spec.registration_opens
    closes = spec.registration_closes
    if opens is not None and closes is not None and opens >= closes:
        raise bad("bad_window", "registration must open before it closes")
    if closes is not None and closes > spec.starts_at:
        raise bad("bad_window", "registration must close at or before the start")
    if spec.entry_policy not in EntryPolicy.values:
        raise bad("bad_policy", f"unknown entry policy {spec.entry_policy!r}")
    if spec.entry_policy == EntryPolicy.RATING_RANGE:
        if spec.rating_min is None and spec.rating_max is None:
            raise bad("bad_range", "a rating range needs a minimum or a maximum")
        if (
            spec.rating_min is not None
            and spec.rating_max is not None
            and spec.rating_min > spec.rating_max
        ):
            raise bad("bad_range", "the minimum rating is above the maximum")
    if spec.duplicate_deals:
        if game.deal_for is None:
            raise bad("no_duplicate", f"{game.title} has no deals to duplicate")
        if spec.format not in (Format.SWISS, Format.ROUND_ROBIN):
            raise bad("no_duplicate", "duplicate deals need rounds of tables: Swiss or round robin")
    if spec.round_break_s > 3600:
        raise bad("bad_break", "the break between rounds is at most an hour")
    if spec.format == Format.PAIRS:
        why = pairs.unsuitable(game, seats)
        if why is not None:
            raise bad("not_pairs_game", why)
        if spec.movement not in ("", *MovementKind.values):
            raise bad("bad_movement", f"unknown movement {spec.movement!r}")
        if not 1 <= spec.boards_per_round <= pairs.MAX_BOARDS_PER_ROUND:
            raise bad(
                "bad_boards", f"a round has 1 to {pairs.MAX_BOARDS_PER_ROUND} boards per table"
            )
        why = pairs.check_size(spec.movement, spec.max_players)  # max_players counts pairs
        if why is not None:
            raise bad("bad_max_players", why)
        nothing = pairs.nothing_compared(
            spec.movement, spec.max_players, spec.rounds, spec.boards_per_round
        )
        if nothing is not None:
            raise bad("nothing_compared", pairs.nothing_compared_text(nothing))
    elif spec.movement:
        raise bad("bad_movement", "a movement is for pairs tournaments only")
    if spec.tiebreak_order:
        if not FORMATS[spec.format].tiebreaks_chosen:
            raise bad("bad_tiebreaks", "tie-breaks are chosen for Swiss and round robin only")
        why = tiebreaks.refusal(spec.tiebreak_order)
        if why is not None:
            raise bad("bad_tiebreaks", why)


@transaction.atomic
def tournament_create(*, organiser_id: int, spec: TournamentSpec) -> Tournament:
    """A scheduled tournament; its start job is queued for the start time."""
    organiser = user_of(organiser_id)
    if not can_organise(organiser):
        raise TournamentError("not_organiser", "only organisers and operators create tournaments")
    game = catalogue.playable_games().get(spec.game)
    if game is None:
        raise TournamentError("bad_game", f"there is no game {spec.game!r}")
    spec_check(spec, game)
    now = current_time()
    tournament = Tournament.objects.create(
        name=spec.name.strip(),
        game=game.slug,
        format=spec.format,
        bank_ms=spec.bank_ms or game.time_control.bank_ms,
        delay_ms=game.time_control.delay_ms if spec.delay_ms is None else spec.delay_ms,
        rated=spec.rated,
        seats_per_table=spec.seats_per_table or game.seat_counts[0],
        rounds=spec.rounds,
        double_round_robin=spec.double_round_robin,
        knockout_games=spec.knockout_games,
        arena_minutes=spec.arena_minutes,
        round_break_s=spec.round_break_s,
        registration_opens=spec.registration_opens or now,
        registration_closes=spec.registration_closes or spec.starts_at,
        starts_at=spec.starts_at,
        max_players=spec.max_players,
        entry_policy=spec.entry_policy,
        rating_min=spec.rating_min,
        rating_max=spec.rating_max,
        duplicate_deals=spec.duplicate_deals,
        forbidden_pairs=[list(p) for p in spec.forbidden_pairs],
        movement=spec.movement,
        boards_per_round=spec.boards_per_round,
        tiebreak_order=_tiebreak_order(spec),
        seed=secrets.randbits(62),
        organiser=organiser,
    )
    if spec.invited_user_ids:
        tournament.invited.set(spec.invited_user_ids)
    audit(tournament, "created", actor_id=organiser_id)
    enqueue_on_commit("start", tournament.pk, eta=tournament.starts_at)
    return tournament


def _tiebreak_order(spec: TournamentSpec) -> list[str]:
    """The order stored: the organiser's, else the format's usual one (empty where the format
    ranks without them), so the event keeps its order if the usual one changes later."""
    rules = FORMATS[spec.format]
    if not rules.tiebreaks_chosen:
        return []
    return list(spec.tiebreak_order) or [t.value for t in rules.default_tiebreaks]


def _either(words: list[str]) -> str:
    """["a"] → "a"; ["a", "b", "c"] → "a, b or c"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _tables_text(game: Game[Any]) -> str:
    return f"tables of {_either([str(n) for n in game.seat_counts])} players"


_ENGLISH_FORMATS = {
    Format.SWISS: "Swiss",
    Format.ROUND_ROBIN: "round robin",
    Format.ARENA: "arena",
    Format.PAIRS: "pairs (duplicate)",
}


def _formats_text(game: Game[Any]) -> str:
    """The formats ``game`` can be run as, in English words (the API's refusal that says what
    would work; the form says it in the page's language, ``game_support``)."""
    knockout = "knockout matches" if game.seat_counts == (2,) else "knockout heats"
    formats = [
        knockout if f == Format.KNOCKOUT else _ENGLISH_FORMATS[Format(f)]
        for f in game_support.formats_for(game)
    ]
    return f"Its tournaments can be {_either(formats)}, all at {_tables_text(game)}."
