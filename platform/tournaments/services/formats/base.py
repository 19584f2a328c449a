"""The small interface every tournament format implements, and what most formats share.

A format answers four questions for the services and selectors, which never branch on the format
themselves: how round ``n`` is paired (:meth:`FormatRules.plan_round`), what happens after a
result inside a round (:meth:`FormatRules.continue_round`: a knockout's next game, a pairs table's
next board), whether the tournament is over after a round (:meth:`FormatRules.finished`), and
the standings (:meth:`FormatRules.standings`).  A few hooks around them (what the start fixes, the
minimum field) have defaults here.  Every method runs under the tournament lock when it writes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from matchmaking import standings

from ... import records
from ...models import Entry, EntryStatus, Round, Tournament
from ...standing_rows import (
    TIEBREAK_NAMES,
    Row,
    games_played,
    make_row,
    published_rounds,
)


@dataclass(frozen=True)
class Plan:
    """A round's pairing: the tables (entry ids in seat order), the byes (entry, kind, points)
    and what the round stores for later (``Round.plan``)."""

    tables: list[tuple[int, ...]]
    byes: list[tuple[int, str, float]]
    plan: Any = None
    ko_matches: list[int] | None = None
    """Knockout (two seats): the bracket match index of each table."""


class FormatRules:
    """The defaults: a fixed number of rounds of independent tables, ranked by score then the
    tie-breaks in the organiser's order."""

    paired_in_rounds = True
    """False for the arena: a pool paired continuously, one round for the whole event."""
    late_join = False
    """Whether players may still enter while the first half of the rounds is played."""
    has_crosstable = True
    """Whether a chess-results style crosstable makes sense (rounds of scored games)."""
    round_robin = False
    """The standings' round-robin rules (byes: ``matchmaking.standings``)."""
    default_tiebreaks: tuple[standings.Tiebreak, ...] = ()
    """The order used when the organiser chose none."""
    tiebreaks_chosen = True
    """Whether the organiser orders the tie-breaks (ranked by ``matchmaking.standings``)."""

    def open_pool(self, tournament: Tournament, now: datetime) -> None:
        """The start of a format not paired in rounds (``paired_in_rounds`` False)."""
        raise NotImplementedError

    def pool_pass(self, tournament: Tournament, now: datetime) -> str:
        """One pairing pass of a format not paired in rounds; says what it did."""
        raise NotImplementedError

    def min_players(self, tournament: Tournament) -> int:
        return max(2, tournament.seats_per_table)

    def prepare(self, tournament: Tournament, entries: list[Entry], now: datetime) -> None:
        """At the start, before round 1: fix what the whole event follows (a schedule, seeds)."""

    def plan_round(self, tournament: Tournament, number: int, entries: dict[int, Entry]) -> Plan:
        raise NotImplementedError

    def round_opened(self, tournament: Tournament, rnd: Round) -> None:
        """Right after round ``rnd`` was created, before its planned tables start."""

    def continue_round(self, tournament: Tournament, rnd: Round) -> None:
        """After a result: start what the round still needs (nothing for independent tables)."""

    def finished(self, tournament: Tournament, rnd: Round) -> bool:
        """Whether the tournament is over once ``rnd`` is closed."""
        active = Entry.objects.filter(tournament=tournament, status=EntryStatus.ACTIVE).count()
        if active < self.min_players(tournament):
            return True
        return rnd.number >= (tournament.rounds or 0)

    def tiebreaks(self, tournament: Tournament) -> tuple[standings.Tiebreak, ...]:
        """The tie-breaks in the organiser's order (``Tournament.tiebreak_order``), else the
        format's own."""
        chosen = tournament.tiebreak_order if self.tiebreaks_chosen else None
        if not chosen:
            return self.default_tiebreaks
        return tuple(standings.Tiebreak(code) for code in chosen)

    def tiebreak_names(self, tournament: Tournament) -> list[str]:
        """The short names of the standings' columns after the score."""
        return [TIEBREAK_NAMES[t] for t in self.tiebreaks(tournament)]

    def standings(self, tournament: Tournament) -> list[Row]:
        """The standings now (provisional while a round is in progress: a game not yet ended
        counts as not scored)."""
        data = records.records_of(tournament, rounds=published_rounds(tournament))
        tbs = self.tiebreaks(tournament)
        ranked = standings.standings(
            data.entries,
            data.games,
            data.byes,
            rounds=data.rounds,
            tiebreaks=tbs,
            round_robin=self.round_robin,
            ratings=data.ratings,
        )
        played = games_played(data)
        return [
            make_row(
                data.entries[s.player],
                s.rank,
                s.score,
                {TIEBREAK_NAMES[t]: v for t, v in zip(tbs, s.tiebreaks, strict=True)},
                played.get(s.player, 0),
            )
            for s in ranked
        ]
