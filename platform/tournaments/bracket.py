"""The knockout bracket as the event page draws it: one column per round of the whole bracket
(rounds still to come hold the players already through, or empty slots), byes, each match's
score, a row for the tie-break game where the regular games were level, and the champion.

A knockout at tables of three or more seats is drawn the same way with a box per table of the
heat: its players by seed, each one's place once the table has played, the ones going through
marked, the byes, a link to the table's game, and the later rounds as empty tables of the sizes
they will have (``matchmaking.knockout.heat_rounds``).

Read only; the match rules are ``matchmaking.knockout``'s and the state of each match comes from
the format's own reading of its games (:func:`services.formats.knockout.knockout_match_states`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from live.models import MatchStatus as LiveStatus
from matchmaking import knockout

from . import records
from .models import Entry, Format, Pairing, PairingStatus, Round, Tournament
from .services.formats.knockout import knockout_match_states
from .standing_rows import points_text


@dataclass
class Side:
    """One player's line in a match box; ``name`` None is a slot not yet decided.  ``points`` is
    the match score of a two-seat match, the place at the table of a heat."""

    name: str | None = None
    seed: int | None = None
    points: str = ""
    winner: bool = False
    bye: bool = False


@dataclass
class TieBreak:
    """The tie-break game of a match whose regular games were level: ``state`` is ``due`` (to be
    played), ``playing`` or ``done`` (``winner`` then goes through; ``drawn``: on the better seed's
    right to the draw)."""

    state: str
    winner: str | None = None
    drawn: bool = False
    url: str | None = None


@dataclass
class Box:
    """A two-seat match (two sides), or a heat's table (one side a seat); ``url`` the table's
    game, running or replayed (heats)."""

    sides: tuple[Side, ...]
    tiebreak: TieBreak | None = None
    decided: bool = False
    url: str | None = None
    playing: bool = False


@dataclass
class Column:
    number: int
    title: str
    boxes: list[Box] = field(default_factory=list)


@dataclass
class Bracket:
    columns: list[Column]
    champion: str | None


def round_title(number: int, total: int) -> str:
    """The usual names of the last three rounds; "Round n" before them."""
    left = total - number
    if left == 0:
        return _("Final")
    if left == 1:
        return _("Semi-finals")
    if left == 2:
        return _("Quarter-finals")
    return _("Round %(n)s") % {"n": number}


def knockout_bracket(tournament: Tournament) -> Bracket | None:
    """The bracket of a knockout once it has started (its seeds are fixed); None for any other
    event."""
    if tournament.format != Format.KNOCKOUT:
        return None
    seeds: list[int] = (tournament.schedule or {}).get("seeds") or []
    if len(seeds) < 2:
        return None
    entries = {e.pk: e for e in Entry.objects.filter(tournament=tournament).select_related("user")}
    seed_of = {p: i + 1 for i, p in enumerate(seeds)}

    def side(player: int | None) -> Side:
        if player is None:
            return Side()
        return Side(name=entries[player].display_name, seed=seed_of.get(player))

    if tournament.seats_per_table > 2:
        return _heats_bracket(tournament, seeds, side)
    rules = knockout.MatchRules(games=tournament.knockout_games)
    total = (len(seeds) - 1).bit_length()  # rounds of a bracket of the next power of two

    columns: list[Column] = []
    winners: list[int | None] = []  # the previous column's winners, in bracket order
    rounds = {r.number: r for r in Round.objects.filter(tournament=tournament)}
    for number in range(1, total + 1):
        column = Column(number, round_title(number, total))
        rnd = rounds.get(number)
        plan = (rnd.plan or {}) if rnd else {}
        if rnd is not None and plan.get("matches"):
            winners = _played_round(rnd, plan, rules, side, column)
        else:
            # A round still to come: the players already through, in their slots.
            feeders = winners or [None] * (2 ** (total - number + 1))
            for k in range(0, len(feeders), 2):
                column.boxes.append(Box((side(feeders[k]), side(feeders[k + 1]))))
            winners = [None] * (len(feeders) // 2)
        columns.append(column)
    champion_id = winners[0] if len(winners) == 1 else None
    champion = entries[champion_id].display_name if champion_id is not None else None
    return Bracket(columns=columns, champion=champion)


def _played_round(
    rnd: Round,
    plan: dict[str, Any],
    rules: knockout.MatchRules,
    side: Any,
    column: Column,
) -> list[int | None]:
    states = knockout_match_states(rnd, rules)
    games: dict[int, list[Pairing]] = {}
    for p in (
        Pairing.objects.filter(round=rnd, ko_match__isnull=False)
        .select_related("match")
        .order_by("ko_game")
    ):
        games.setdefault(p.ko_match or 0, []).append(p)
    winners: list[int | None] = []
    for index, ((higher, lower), state) in enumerate(zip(plan["matches"], states, strict=True)):
        decided = state.status == knockout.MatchStatus.DECIDED
        top, bottom = side(higher), side(lower)
        if lower is None:
            bottom.bye = True
        else:
            top.points = points_text(state.higher_points)
            bottom.points = points_text(state.lower_points)
        if decided:
            (top if state.winner == higher else bottom).winner = True
        box = Box((top, bottom), decided=decided)
        if lower is not None:
            box.tiebreak = _tiebreak(games.get(index, []), state, rules, side)
        column.boxes.append(box)
        winners.append(state.winner if decided else None)
    return winners


def _tiebreak(
    games: list[Pairing],
    state: knockout.MatchState,
    rules: knockout.MatchRules,
    side: Any,
) -> TieBreak | None:
    game = next((g for g in games if (g.ko_game or 0) >= rules.games), None)
    if game is None:
        return TieBreak("due") if state.status == knockout.MatchStatus.TIEBREAK else None
    url = None
    if game.match_id is not None:
        running = game.match is not None and game.match.status == LiveStatus.RUNNING
        url = reverse("live:match" if running else "live:replay", args=[game.match_id])
    if game.status != PairingStatus.DONE:
        return TieBreak("playing", url=url)
    first, second = records.game_points(game)
    winner = side(state.winner).name if state.winner is not None else None
    return TieBreak("done", winner=winner, drawn=first == second, url=url)


def _heats_bracket(tournament: Tournament, seeds: list[int], side: Any) -> Bracket:
    """A multi-seat knockout: a column per round, a box per table, then a box per bye."""
    shapes = knockout.heat_rounds(len(seeds), tournament.seats_per_table)
    rounds = {r.number: r for r in Round.objects.filter(tournament=tournament)}
    columns: list[Column] = []
    champion: str | None = None
    for number, shape in enumerate(shapes, start=1):
        column = Column(number, round_title(number, len(shapes)))
        rnd = rounds.get(number)
        plan = (rnd.plan or {}) if rnd else {}
        if rnd is None or "tables" not in plan:
            column.boxes.extend(Box(tuple(Side() for _ in range(size))) for size in shape.sizes)
            column.boxes.extend(Box((Side(), Side(bye=True))) for _ in range(shape.byes))
            columns.append(column)
            continue
        pairings = {
            tuple(p.players): p
            for p in Pairing.objects.filter(round=rnd).select_related("match")
        }
        advance = plan.get("advance", 1)
        for table in plan["tables"]:
            pairing = pairings.get(tuple(table))
            column.boxes.append(_heat_table(table, pairing, advance, plan, seeds, side))
        for player in plan.get("byes", []):
            through = side(player)
            through.winner = True
            column.boxes.append(Box((through, Side(bye=True)), decided=True))
        if plan.get("final") and plan.get("advanced"):
            champion = side(plan["advanced"][0]).name
        columns.append(column)
    return Bracket(columns=columns, champion=champion)


def _heat_table(
    table: list[int],
    pairing: Pairing | None,
    advance: int,
    plan: dict[str, Any],
    seeds: list[int],
    side: Any,
) -> Box:
    """One table of a heat: its players in seed order, their places once it has played, the
    ones going through (the final's winner only, at the final table)."""
    sides = [side(p) for p in table]
    box = Box(tuple(sides))
    if pairing is None:
        return box
    if pairing.match_id is not None:
        running = pairing.match is not None and pairing.match.status == LiveStatus.RUNNING
        box.playing = running
        box.url = reverse("live:match" if running else "live:replay", args=[pairing.match_id])
    if pairing.status != PairingStatus.DONE:
        return box
    placings = pairing.placings or [1] * len(pairing.players)
    place = dict(zip(pairing.players, placings, strict=False))
    through = knockout.advancers(
        pairing.players, placings, 1 if plan.get("final") else advance, seeds
    )
    for player, s in zip(table, sides, strict=True):
        s.points = _("place %(n)s") % {"n": place[player]} if player in place else ""
        s.winner = player in through
    box.decided = True
    return box
