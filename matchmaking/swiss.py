"""Swiss pairings for two-seat games: the FIDE (Dutch) system, fast enough for 10,000 players.

The rules are FIDE's C.04.3 (Dutch system) with the basic rules of C.04.1; ``docs/tournaments.md``
describes the procedure and what is simplified.  In short:

* Players are ranked by score, then by pairing number (fixed for the event: the order of ratings
  over everyone entered, highest first, then player id).  Players with equal scores form a
  *score bracket*; brackets are paired from the top, and whoever a bracket cannot pair *floats
  down* into the next (a "moved-down player", MDP).
* Absolute criteria: no two players meet twice (C1), nobody gets a second pairing-allocated bye or a
  bye after a forfeit win (C2), and two players who must both have the same colour (an *absolute*
  preference: colour difference ±2, or the same colour twice running) never meet (C3) unless one of
  them is a *topscorer* (over half the possible points before the final round).  Together with the
  colour allocation this keeps every colour difference within ±2 and nobody gets one colour three
  times running.
* Colour preferences: absolute (above), *strong* (colour difference ±1) and *mild* (difference 0:
  alternate); players without a game have none.  Within a bracket the pairing gives as few players
  as possible a colour against their preference (C10), then as few strong preferences (C11).
* A bracket of ``2p`` residents pairs S1 (its top half) against S2 (its bottom half), S1[i] against
  S2[i] where it can; when it cannot, S2 is transposed in the Dutch order (the earliest possible
  partner for each S1 player in turn).  MDPs are paired first, the highest score first, with the
  first resident that suits.  An odd bracket floats the player the criteria (C12-C19: repeated
  floats) and then the Dutch generation order pick.  The bye is whoever the last bracket leaves
  over (a virtual bye player keeps the completion checks honest about who may still have it).

Speed.  One round of 10,000 players must take seconds, not the hours a weighted matching over
whole brackets takes in pure Python (py4swiss, which runs its matching in compiled code, needs tens
of seconds for 1,000 players and grows with the cube of the field).  So:

1. The transposition order is produced greedily: each S1 player takes the first S2 player who is
   compatible and keeps the bracket's colour targets (fewest misses, then fewest strong misses)
   reachable.  Whether they stay reachable is a counting argument over the colour types still
   unpaired (:func:`matchmaking.dutch_colours.bipartite_misses`), so a choice costs a few
   arithmetic operations, not a search.
2. The weighted blossom algorithm (``matching.py``) pairs with the criteria encoded as edge
   weights, the way bbpPairings does, but only small instances: a bracket of at most
   :data:`~matchmaking.dutch_field.EXACT_LIMIT` players is always paired that way too and the
   better pairing by the criteria is kept (the greedy one on a tie, since it follows the Dutch
   order exactly); in a larger bracket, a *window* of pairs around the players the greedy pass
   left unpaired, or whose pair overshot the colour targets, is re-paired.
   A bracket of at most :data:`~matchmaking.dutch_field.ORDER_LIMIT` players then walks FIDE's
   own candidate order (:mod:`matchmaking.dutch_order`) and takes the first of the best
   candidates rated at least as highly as the better of those two, within a budget of candidates
   per bracket and per round; an odd bracket of up to
   :data:`~matchmaking.dutch_field.SEQUENTIAL_LIMIT` players that leaves one over follows D.1's
   order one S1 player at a time (:mod:`matchmaking.dutch_sequential`).  The criteria's weights
   compare score differences from the largest down (:mod:`matchmaking.dutch_weights`).
3. FIDE requires the round to be completed (A.9): a bracket is paired on its own criteria, and
   only when its floaters leave the rest unpairable is it re-paired as the penultimate pairing
   bracket (completion first, no C7) with everyone below collapsed into one last bracket.
   The pairing keeps a perfect matching of all players not yet paired; after each bracket the few
   players whose partner in it was just used are re-matched by augmenting paths (a handful of short
   searches in a dense graph).  When that fails, the same augmentation runs over the bracket too,
   changing as few of its pairs as it must.

When no pairing satisfies the absolute criteria the round is paired anyway, relaxing in this order
and saying so in :attr:`SwissPairing.relaxed`: a second bye, then the absolute colour rule, then
repeat pairings (as few as the greedy order finds).

Where it lives.  This module is the public face: the players, boards and pairings, building the
players from the results, :func:`pair_round` and :func:`assess`.  The engine is
:class:`matchmaking.dutch_round.DutchRound`, built in layers, one concern per module, each a
subclass of the one before (:mod:`matchmaking.dutch_field` lists them): ``dutch_field`` (the
round's players by index, compatibility, completion; the constants and limits), ``dutch_colours``
(colour types and allocation), ``dutch_criteria`` (the criteria as weights, judging a bracket),
``dutch_homogeneous`` (the greedy pass and its repair), ``dutch_floats`` (floaters, moved-down
players' partners, the bye), ``dutch_brackets`` (one bracket's choice) and ``dutch_round`` (the
round bracket by bracket).  ``dutch_order``, ``dutch_sequential`` and ``dutch_weights`` are the
candidate order, the one-S1-player-at-a-time order and the weights' bit layout they use.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from matchmaking.dutch_field import ABSOLUTE, BLACK, DOWN, MILD, STRONG, UP, WHITE
from matchmaking.dutch_round import DutchRound
from matchmaking.standings import ByeKind, Results

__all__ = [
    "ABSOLUTE",
    "BLACK",
    "DOWN",
    "MILD",
    "STRONG",
    "UP",
    "WHITE",
    "Board",
    "PairingQuality",
    "SwissPairing",
    "SwissPlayer",
    "assess",
    "pair_round",
    "players_from_results",
]
"""The public API; the colour and float constants are defined with the engine
(:mod:`matchmaking.dutch_field`) and re-exported here."""


@dataclass(frozen=True, slots=True)
class SwissPlayer:
    """A player as the Swiss pairing sees them before a round.

    ``colours`` are the colours of the games actually played, in order (:data:`WHITE` /
    :data:`BLACK`); byes and forfeits leave no colour.  ``opponents`` are the players they must not
    meet again (those they played).  ``had_bye`` is true after a pairing-allocated bye, a full-point
    bye or a win by forfeit (C.04.1.d).  ``floats`` has one entry per round so far (:data:`UP`,
    :data:`DOWN` or 0); only the last two matter.  ``pairing_number`` is the player's number for the
    whole event (FIDE C.04.2.B: the order of ratings over everyone entered, late entrants
    included); it orders players of equal score and decides colours by E.5.  0 means "not given":
    the players of the round are then numbered by rating among themselves.
    """

    player_id: int
    rating: float = 0.0
    score: float = 0.0
    colours: tuple[int, ...] = ()
    opponents: frozenset[int] = frozenset()
    had_bye: bool = False
    floats: tuple[int, ...] = ()
    pairing_number: int = 0

    @property
    def colour_difference(self) -> int:
        """Games with white minus games with black."""
        return sum(self.colours)

    @property
    def preference(self) -> tuple[int, int]:
        """(side, strength): the colour this player should get next and how strongly (FIDE A.6)."""
        return _preference(self.colours)


@dataclass(frozen=True, slots=True)
class Board:
    """One pairing: ``white`` takes seat 0."""

    white: int
    black: int


@dataclass(frozen=True, slots=True)
class SwissPairing:
    """A round: the boards in FIDE's publishing order (D.9), the bye, and any rule relaxed.

    ``relaxed`` is empty when every absolute criterion holds; otherwise it names what had to give:
    ``"bye"`` (someone got a second bye), ``"colour"`` (two players with the same absolute colour
    preference meet) or ``"repeat"`` (two players meet again).
    """

    boards: tuple[Board, ...]
    bye: int | None
    relaxed: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PairingQuality:
    """How well a round follows the Dutch criteria, for comparing pairings (the bench does).

    ``downfloaters`` counts boards whose two players had different scores, ``score_gap`` sums
    those differences.  ``colour_misses`` counts players given the colour against their preference,
    ``strong_misses`` those of them whose preference was strong or absolute, ``absolute_misses``
    those whose preference was absolute (a colour difference beyond ±2 or a third colour in a row
    follows).  ``repeats`` counts boards of players who had met, ``second_byes`` a bye to a player
    who had one.
    """

    downfloaters: int
    score_gap: float
    colour_misses: int
    strong_misses: int
    absolute_misses: int
    repeats: int
    second_byes: int


def _preference(colours: Sequence[int]) -> tuple[int, int]:
    if not colours:
        return 0, 0
    diff = sum(colours)
    double = len(colours) >= 2 and colours[-1] == colours[-2]
    if diff > 0:
        side = BLACK
    elif diff < 0:
        side = WHITE
    else:
        side = -colours[-1]
    if abs(diff) > 1 or double:
        if double and abs(diff) <= 1:
            side = -colours[-1]
        return side, ABSOLUTE
    if abs(diff) == 1:
        return side, STRONG
    return side, MILD


# --- building the players from the results --------------------------------------------------------


def players_from_results(
    results: Results,
    ratings: Mapping[int, float],
    entrants: Iterable[int] | None = None,
) -> list[SwissPlayer]:
    """The Swiss view of ``entrants`` (default: everyone in ``results``) after the rounds so far.

    Colours come from seat 0 / seat 1 of played two-seat games; forfeited games leave no colour and
    no opponent (the two may still meet).  A pairing-allocated or full-point bye, or a win by
    forfeit, uses up the bye.  Floats follow FIDE A.4: against a lower score a downfloat, against a
    higher one an upfloat, and not playing at all is a downfloat.  Pairing numbers are fixed for the
    event: everyone in ``ratings`` or ``results`` is numbered by rating (highest first, then id),
    whether or not they play this round, so that an absence or a late entry elsewhere in the field
    does not change anyone's number (and with it the colours E.5 gives).
    """
    who = list(results.players if entrants is None else entrants)
    everyone = set(ratings).union(results.players, who)
    numbers = {
        p: k + 1
        for k, p in enumerate(sorted(everyone, key=lambda p: (-float(ratings.get(p, 0.0)), p)))
    }
    running: dict[int, list[float]] = {}
    for p in results.players:
        total = 0.0
        before = []
        for r in results.history(p):
            before.append(total)
            total += r.points
        running[p] = before
    out: list[SwissPlayer] = []
    for p in who:
        colours: list[int] = []
        opponents: set[int] = set()
        floats: list[int] = []
        had_bye = False
        history = results.history(p) if p in running else ()
        for index, r in enumerate(history):
            if r.kind == "played" and len(r.opponents) == 1:
                o = r.opponents[0]
                seat = r.entry.seat
                colours.append(WHITE if seat == 0 else BLACK)
                opponents.add(o)
                mine, theirs = running[p][index], running[o][index]
                floats.append(DOWN if mine > theirs else UP if mine < theirs else 0)
            else:
                floats.append(DOWN)
            if r.kind in (ByeKind.PAIRING.value, ByeKind.FULL.value, "forfeit-win"):
                had_bye = True
        out.append(
            SwissPlayer(
                player_id=p,
                rating=float(ratings.get(p, 0.0)),
                score=results.score(p) if p in running else 0.0,
                colours=tuple(colours),
                opponents=frozenset(opponents),
                had_bye=had_bye,
                floats=tuple(floats),
                pairing_number=numbers[p],
            )
        )
    return out


# --- the pairing ----------------------------------------------------------------------------------


_LEVELS: tuple[tuple[str, ...], ...] = (
    (),
    ("bye",),
    ("colour",),
    ("bye", "colour"),
    ("bye", "colour", "repeat"),
)
"""The relaxations tried in turn when a round cannot be paired under every absolute criterion."""


def pair_round(
    players: Sequence[SwissPlayer],
    *,
    total_rounds: int | None = None,
    rounds_played: int | None = None,
    forbidden: Iterable[tuple[int, int]] = (),
    initial_colour: int = WHITE,
) -> SwissPairing:
    """Pair the next round of a two-seat Swiss among ``players`` (those taking part in it).

    ``total_rounds`` enables the topscorer exceptions of the final round; ``rounds_played``
    (default: the longest ``floats`` or ``colours`` history) says which round is being paired.
    ``forbidden`` pairs never meet (as if they had played).  ``initial_colour`` is what the
    top-ranked player gets in round one (E.5).  The result does not depend on the order of
    ``players``.
    """
    if len({p.player_id for p in players}) != len(players):
        raise ValueError("a player is listed twice")
    if initial_colour not in (WHITE, BLACK):
        raise ValueError("initial_colour is WHITE or BLACK")
    if not players:
        return SwissPairing(boards=(), bye=None)
    played = (
        rounds_played
        if rounds_played is not None
        else max(max(len(p.floats), len(p.colours)) for p in players)
    )
    final = total_rounds is not None and played + 1 == total_rounds
    field = DutchRound(players, final, played, forbidden, initial_colour)
    for relaxed in _LEVELS:
        result = field.pair(relaxed)
        if result is not None:
            return SwissPairing(
                boards=tuple(Board(white, black) for white, black in result.boards),
                bye=result.bye,
                relaxed=result.relaxed,
            )
    raise AssertionError("pairing with repeats allowed cannot fail")  # pragma: no cover


def assess(players: Sequence[SwissPlayer], pairing: SwissPairing) -> PairingQuality:
    """Count :class:`PairingQuality` for ``pairing`` of ``players``."""
    by_id = {p.player_id: p for p in players}
    downfloaters = 0
    gap = 0.0
    misses = strong = absolute = repeats = 0
    for board in pairing.boards:
        w, b = by_id[board.white], by_id[board.black]
        if round(w.score, 9) != round(b.score, 9):
            downfloaters += 1
            gap += abs(w.score - b.score)
        if b.player_id in w.opponents:
            repeats += 1
        for player, got in ((w, WHITE), (b, BLACK)):
            side, strength = player.preference
            if side and side != got:
                misses += 1
                strong += strength >= STRONG
                absolute += strength == ABSOLUTE
    second = int(pairing.bye is not None and by_id[pairing.bye].had_bye)
    return PairingQuality(downfloaters, gap, misses, strong, absolute, repeats, second)
