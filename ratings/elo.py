"""Elo rating changes for one finished match, in every rating mode a game can declare.

This is the pure half of ``ratings/``: no Django, no storage, no notion of users.  A participant
is a rating, a count of rated games and the seat's :class:`games.core.SeatResult`, so a human player
and an AI level (which may carry its own rating) are rated the same way.  The Django app loads the
ratings, calls :func:`rating_changes` once per match and stores the results; everything about *when*
a match is rated lives there.  The formulas and worked examples are in ``docs/ratings.md``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from games.core import RatingMode, SeatResult

RATING_MODES = tuple(m.value for m in RatingMode)
"""The values of :attr:`games.core.Game.rating_mode` this module understands."""


@dataclass(frozen=True, slots=True)
class EloSettings:
    """The rating schedule (a setting, so an operator can tune it without touching the math).

    A new player starts at ``initial_rating``.  Their first ``provisional_games`` rated games use
    the larger ``k_provisional`` so that a new rating travels quickly to where it belongs;
    afterwards ``k_established`` keeps settled ratings steady.  Leaderboards hide provisional
    players.
    """

    initial_rating: float = 1500.0
    provisional_games: int = 20
    k_provisional: float = 40.0
    k_established: float = 20.0

    def __post_init__(self) -> None:
        if self.provisional_games < 0:
            raise ValueError("provisional_games must not be negative")
        if self.k_provisional <= 0 or self.k_established <= 0:
            raise ValueError("K factors must be positive")

    def is_provisional(self, games_played: int) -> bool:
        """Whether a player with ``games_played`` finished rated games is still provisional."""
        return games_played < self.provisional_games

    def k_factor(self, games_played: int) -> float:
        """The K for a match rated when the player had ``games_played`` rated games behind them."""
        return self.k_provisional if self.is_provisional(games_played) else self.k_established


DEFAULT_SETTINGS = EloSettings()


@dataclass(frozen=True, slots=True)
class Participant:
    """One seat of a finished match as the rating math sees it.

    ``games_played`` counts the rated games finished *before* this match (it selects K).
    """

    rating: float
    games_played: int
    result: SeatResult


def expected_score(rating: float, opponent: float) -> float:
    """The standard logistic expectation 1 / (1 + 10^((opponent − rating) / 400))."""
    return 1.0 / (1.0 + math.pow(10.0, (opponent - rating) / 400.0))


def actual_score(placing: int, opponent_placing: int) -> float:
    """1 for finishing ahead (smaller placing), 0.5 for a shared placing, 0 for finishing behind."""
    if placing < opponent_placing:
        return 1.0
    if placing == opponent_placing:
        return 0.5
    return 0.0


def rating_changes(
    participants: Sequence[Participant],
    mode: RatingMode | str,
    settings: EloSettings = DEFAULT_SETTINGS,
) -> list[float]:
    """The rating change of every participant, in the order given.

    ``mode`` is the game's ``rating_mode``:

    * ``duel`` — exactly two participants, standard Elo.
    * ``ffa`` — every pair compared by placing; K divided by (n − 1) so a whole match moves a rating
      about as much as one two-player game.
    * ``teams`` — participants grouped by ``result.team``; teams compared like ffa players, a team's
      strength being the stake-weighted mean of its members' ratings; each member takes its stake's
      share of the team's change.

    The changes are unrounded floats: rounding for display is the caller's business, and storing the
    exact value keeps the sum over a match at zero wherever the math makes it so.
    """
    if len(participants) < 2:
        raise ValueError("a rated match needs at least two participants")
    for p in participants:
        if p.games_played < 0:
            raise ValueError("games_played must not be negative")
        if p.result.weight <= 0:
            raise ValueError("a seat's weight must be positive")
    if mode == RatingMode.DUEL:
        if len(participants) != 2:
            raise ValueError(f"duel mode needs exactly two participants, got {len(participants)}")
        return _pairwise(participants, settings)
    if mode == RatingMode.FFA:
        return _pairwise(participants, settings)
    if mode == RatingMode.TEAMS:
        return _teams(participants, settings)
    raise ValueError(f"unknown rating mode {mode!r} (expected one of {', '.join(RATING_MODES)})")


def _pairwise(participants: Sequence[Participant], settings: EloSettings) -> list[float]:
    """Each participant against every other by placing, K shared out over the n − 1 opponents.

    With two participants this is exactly standard Elo, which is why duel uses it too.
    """
    opponents = len(participants) - 1
    changes: list[float] = []
    for i, p in enumerate(participants):
        surplus = sum(
            actual_score(p.result.placing, q.result.placing) - expected_score(p.rating, q.rating)
            for j, q in enumerate(participants)
            if j != i
        )
        changes.append(settings.k_factor(p.games_played) * surplus / opponents)
    return changes


def _teams(participants: Sequence[Participant], settings: EloSettings) -> list[float]:
    """Teams rated against each other; members share their team's result by stake.

    A team's placing is its best member's placing (so an engine may report individual finishing
    orders, as Guandan's first-place-wins rule reads them).  A team's strength is the weighted mean
    of its members' ratings.  The team's surplus (actual − expected, averaged over the other teams)
    becomes a pool of ``W̄ · K · surplus`` rating points, W̄ being the mean total weight per team, of
    which each member takes ``weight / team weight``.  With equal teams of weight-1 members every
    member moves exactly as in a duel; Dou Dizhu's landlord (weight 2, alone) moves twice as far as
    each peasant, and with equal K the changes of a match always sum to zero.
    """
    members_of: dict[int, list[int]] = {}
    for index, p in enumerate(participants):
        members_of.setdefault(p.result.team, []).append(index)
    teams = list(members_of.values())
    if len(teams) < 2:
        raise ValueError("teams mode needs at least two teams")
    weights = [sum(participants[i].result.weight for i in team) for team in teams]
    strengths = [
        sum(participants[i].rating * participants[i].result.weight for i in team) / weight
        for team, weight in zip(teams, weights, strict=True)
    ]
    placings = [min(participants[i].result.placing for i in team) for team in teams]
    mean_weight = sum(weights) / len(teams)
    changes = [0.0] * len(participants)
    for a, team in enumerate(teams):
        surplus = sum(
            actual_score(placings[a], placings[b]) - expected_score(strengths[a], strengths[b])
            for b in range(len(teams))
            if b != a
        ) / (len(teams) - 1)
        for i in team:
            p = participants[i]
            share = p.result.weight / weights[a] * mean_weight
            changes[i] = settings.k_factor(p.games_played) * share * surplus
    return changes
