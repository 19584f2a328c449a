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
   unpaired (:func:`_bipartite`), so a choice costs a few arithmetic operations, not a search.
2. The weighted blossom algorithm (``matching.py``) pairs with the criteria encoded as edge
   weights, the way bbpPairings does, but only small instances: a bracket of at most
   :data:`EXACT_LIMIT` players is always paired that way too and the better pairing by the
   criteria is kept (the greedy one on a tie, since it follows the Dutch order exactly); in a
   larger bracket, a *window* of pairs around the players the greedy pass left unpaired, or whose
   pair overshot the colour targets, is re-paired.
   A bracket of at most :data:`ORDER_LIMIT` players then walks FIDE's own candidate order
   (:mod:`matchmaking.dutch_order`) and takes the first of the best candidates rated at least as
   highly as the better of those two, within a budget of candidates per bracket and per round;
   an odd bracket of up to :data:`SEQUENTIAL_LIMIT` players that leaves one over follows D.1's
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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from matchmaking.dutch_order import candidates
from matchmaking.dutch_sequential import first_best_with_bye
from matchmaking.dutch_weights import Layout
from matchmaking.matching import UNMATCHED, augment, max_weight_matching, maximum_matching
from matchmaking.standings import ByeKind, Results

WHITE = 1
"""Seat 0: white, or whoever moves first."""
BLACK = -1
"""Seat 1."""

UP = 1
"""A float: paired against a higher score."""
DOWN = -1
"""A float: paired against a lower score, or not paired at all."""

MILD, STRONG, ABSOLUTE = 1, 2, 3
"""Colour preference strengths (0: no preference)."""

EXACT_LIMIT = 40
"""Brackets of at most this many players are also paired whole by the weighted matching (and the
better of the two pairings kept); larger ones are repaired in windows where the greedy pass fell
short."""

WINDOW_LIMIT = 160
"""The largest window (in players) the weighted matching is run on; beyond it the players left
over float down and the completion step (augmenting paths) finds them partners."""

ORDER_LIMIT = 16
"""Brackets of at most this many players take the first candidate in FIDE's generation order (D.1,
D.2: :mod:`matchmaking.dutch_order`) that the criteria rate as highly as the best the matchings
found.  Measured on the reference corpus: 8 players gain less, 20 or 40 gain nothing more and
cost twice the time."""

SEQUENTIAL_LIMIT = 40
"""An odd bracket of more than :data:`ORDER_LIMIT` players, up to this many, that floats one
player (or, the last one, leaves one for the bye) follows D.1's order one S1 player at a time
(:mod:`matchmaking.dutch_sequential`: a weighted matching per partner tried)."""

SEQUENTIAL_ROUND_BUDGET = 6
"""How many brackets of a round may do that (each costs some 10-50 ms); the others keep the
matchings' choice, so that a field of many middle-sized brackets stays well within a second."""

ORDER_PAST_FLOOR = 60
"""How many candidates the walk still looks at after the first that reaches the matchings' best
(a floor only: C7 and completion are not sums over pairs, so a later candidate may be better)."""

ORDER_BUDGET = 3000
"""How many candidates that search looks at in one bracket before it leaves the choice to the
matchings (about 20 µs each: a bracket that exhausts it costs some 0.06 s)."""

COMPLETING_BUDGET = 8000
"""The candidates the walk may look at in a bracket whose weighted pairing does not complete the
round (within the round's budget): it must find the best of those that do, not the first."""

ORDER_ROUND_BUDGET = 10000
"""The same for a whole round (relaxation levels included), so that a large field of many small
brackets adds at most some 0.2 s: the brackets beyond it keep the matchings' choice."""


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
    field = _Field(players, final, played, forbidden, initial_colour)
    for relaxed in _LEVELS:
        result = field.pair(relaxed)
        if result is not None:
            return result
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


# --- internals ------------------------------------------------------------------------------------


def _bipartite(c1: Sequence[int], c2: Sequence[int]) -> tuple[int, int]:
    """(colour misses, strong misses) at best when each of S1's players gets a distinct partner
    from S2 (at least as many), counting colour types only.

    ``c1`` and ``c2`` count the players of each colour type (``_Field.kind``): white wanted
    strongly (or absolutely), white mildly, the same for black, and none.  A pair misses when
    both want the same colour; it misses a strong preference when neither of them wants it only
    mildly.  The conflict-free pairs are counted greedily: white-wanters of S1 take S2's
    black-wanters, black-wanters take white-wanters, whoever is left takes S2's players without a
    preference, and S1's players without one take anything left.  No choice does better: a player
    without a preference fits anyone, so using them last loses nothing, and the two sides compete
    only for S2's players without a preference.  The S1 players left over must then meet S2
    players wanting the same colour, and each such pair spares the strong preferences when a mild
    player of either half can be put into it (the conflict-free pairs do not care who they hold).
    """
    w1, b1, z1 = c1[0] + c1[1], c1[2] + c1[3], c1[4]
    w2, b2, z2 = c2[0] + c2[1], c2[2] + c2[3], c2[4]
    total = w1 + b1 + z1
    x1 = min(w1, b2)
    x2 = min(b1, w2)
    w1 -= x1
    b2 -= x1
    b1 -= x2
    w2 -= x2
    x3 = min(w1, z2)
    z2 -= x3
    x4 = min(b1, z2)
    z2 -= x4
    x5 = min(z1, w2 + b2 + z2)
    misses = total - (x1 + x2 + x3 + x4 + x5)
    white_clashes = w1 - x3
    black_clashes = b1 - x4
    strong = max(0, white_clashes - min(c1[1], white_clashes) - min(c2[1], white_clashes))
    strong += max(0, black_clashes - min(c1[3], black_clashes) - min(c2[3], black_clashes))
    return misses, strong


def _group(counts: Sequence[int]) -> tuple[int, int]:
    """(colour misses, strong misses) at best when the players counted by colour type
    (``_Field.kind``) pair among themselves (one floats when they are odd).

    Players wanting opposite colours, or anyone without a preference, pair without a miss; the
    excess of the larger side pairs among itself, one miss per pair, and a pair misses a strong
    preference only when it holds no player of that side wanting the colour mildly.
    """
    white, black, none = counts[0] + counts[1], counts[2] + counts[3], counts[4]
    excess = abs(white - black) - none
    misses = max(0, excess) // 2
    mild = counts[1] if white >= black else counts[3]
    return misses, max(0, misses - mild)


class _Field:
    """The players of one round, indexed 0 .. n-1 in rank order (score, then pairing number)."""

    def __init__(
        self,
        players: Sequence[SwissPlayer],
        final: bool,
        rounds_played: int,
        forbidden: Iterable[tuple[int, int]],
        initial_colour: int,
    ) -> None:
        if all(p.pairing_number > 0 for p in players):
            number = {p.player_id: p.pairing_number for p in players}
            if len(set(number.values())) != len(number):
                raise ValueError("two players share a pairing number")
        else:
            by_rating = sorted(players, key=lambda p: (-p.rating, p.player_id))
            number = {p.player_id: i + 1 for i, p in enumerate(by_rating)}
        order = sorted(players, key=lambda p: (-round(p.score, 9), number[p.player_id]))
        self.players = order
        self.n = len(order)
        self.ids = [p.player_id for p in order]
        index = {pid: i for i, pid in enumerate(self.ids)}
        self.number = [number[pid] for pid in self.ids]
        self.score = [p.score for p in order]
        self.key = [round(p.score, 9) for p in order]
        self.half = [round(2 * p.score) for p in order]  # scores in half points, for weights
        self.layout = Layout.for_spread(max(self.half, default=0) - min(self.half, default=0))
        self.initial = initial_colour
        top_line = 0.5 * rounds_played
        self.top = [final and p.score > top_line for p in order]
        prefs = [p.preference for p in order]
        self.side = [s for s, _ in prefs]
        self.strength = [st for _, st in prefs]
        self.cd = [p.colour_difference for p in order]
        self.colours = [p.colours for p in order]
        # Colour type: 0 white wanted strongly or absolutely, 1 white mildly, 2 and 3 the same for
        # black, 4 no preference.
        self.kind = [
            4
            if self.side[i] == 0
            else (0 if self.side[i] == WHITE else 2) + (self.strength[i] == MILD)
            for i in range(self.n)
        ]
        self.abs_side = [
            self.side[i] if self.strength[i] == ABSOLUTE and not self.top[i] else 0
            for i in range(self.n)
        ]
        self.had_bye = [p.had_bye for p in order]
        self.float1 = [p.floats[-1] if p.floats else 0 for p in order]
        self.float2 = [p.floats[-2] if len(p.floats) >= 2 else 0 for p in order]
        opp: list[set[int]] = [set() for _ in range(self.n)]
        for i, p in enumerate(order):
            for o in p.opponents:
                j = index.get(o)
                if j is not None:
                    opp[i].add(j)
                    opp[j].add(i)
        for a, b in forbidden:
            x, y = index.get(a), index.get(b)
            if x is not None and y is not None and x != y:
                opp[x].add(y)
                opp[y].add(x)
        self.opp = opp
        self.colour_rule = True
        self.c7 = True  # off while a penultimate pairing bracket is paired (A.9)
        self.order_budget = ORDER_ROUND_BUDGET  # candidates the Dutch order may still look at
        self.sequential_budget = SEQUENTIAL_ROUND_BUDGET  # brackets that may still do so
        self.below: set[int] = set()  # the players below the bracket being paired
        self.compat_now: Callable[[int, int], bool] = self.compat(())  # the bye player's too

    # --- compatibility --------------------------------------------------------------------------

    def compat(self, relaxed: tuple[str, ...]) -> Callable[[int, int], bool]:
        opp = self.opp
        absd = self.abs_side
        if "repeat" in relaxed:
            return lambda a, b: a != b
        if "colour" in relaxed:
            return lambda a, b: b not in opp[a]
        return lambda a, b: b not in opp[a] and (absd[a] == 0 or absd[a] != absd[b])

    # --- one attempt at a relaxation level --------------------------------------------------------

    def pair(self, relaxed: tuple[str, ...]) -> SwissPairing | None:
        self.colour_rule = "colour" not in relaxed
        compat = self.compat(relaxed)
        everyone = list(range(self.n))
        mate = self._initial_matching(everyone, compat)
        free = [v for v in everyone if mate[v] == UNMATCHED]
        bye: int | None = None
        if self.n % 2:
            if len(free) != 1:
                return None
            bye = self._choose_bye(mate, free[0], compat, "bye" in relaxed)
            if bye is None:
                return None
            # The bye as a partner: a virtual player (index n) matched to whoever has it for now,
            # so that every bracket's completion check keeps someone able to take it.
            mate.append(bye)
            mate[bye] = self.n
        elif free:
            return None
        pairs, bye = self._pair_brackets(everyone, mate, compat, relaxed)
        boards = self._boards(pairs)
        used = []
        if bye is not None and self.had_bye[bye]:
            used.append("bye")
        if any(self.abs_side[a] and self.abs_side[a] == self.abs_side[b] for a, b in pairs):
            used.append("colour")
        if any(b in self.opp[a] for a, b in pairs):
            used.append("repeat")
        return SwissPairing(
            boards=boards,
            bye=None if bye is None else self.ids[bye],
            relaxed=tuple(used),
        )

    def _initial_matching(
        self, vertices: list[int], compat: Callable[[int, int], bool]
    ) -> list[int]:
        """A maximum matching of ``vertices``: neighbours in rank order first, then augmenting."""
        mate = [UNMATCHED] * self.n
        pending: list[int] = []
        for v in vertices:
            if mate[v] != UNMATCHED:
                continue
            partner = UNMATCHED
            for u in pending:
                if mate[u] == UNMATCHED and compat(u, v):
                    partner = u
                    break
            if partner == UNMATCHED:
                pending.append(v)
                if len(pending) > 16:
                    pending = pending[-16:]  # older ones are left to the augmenting paths
            else:
                mate[v] = partner
                mate[partner] = v
                pending = [u for u in pending if mate[u] == UNMATCHED]
        free = [v for v in vertices if mate[v] == UNMATCHED]
        free_set = set(free)
        for v in free:
            if mate[v] != UNMATCHED:
                continue
            free_set.discard(v)
            if not free_set:
                # A path needs a second free end, and one that failed never has one later
                # (Edmonds): an odd field's last free player would search the whole graph.
                break
            if augment(mate, v, vertices, compat, free_set):
                free_set = {u for u in free_set if mate[u] == UNMATCHED}
        return mate

    def _choose_bye(
        self, mate: list[int], free: int, compat: Callable[[int, int], bool], second: bool
    ) -> int | None:
        """The lowest-ranked player who may take the bye and leaves the rest pairable.

        ``mate`` is a maximum matching leaving only ``free`` over; it is updated to a perfect
        matching of everyone else.  With ``second`` a player who had a bye may take it too, but
        only when nobody who had none can.
        """
        tiers = [[v for v in reversed(range(self.n)) if not self.had_bye[v]]]
        if second:
            tiers.append([v for v in reversed(range(self.n)) if self.had_bye[v]])
        for tier in tiers:
            for c in tier:
                if c == free:
                    return c
                trial = mate[:]
                partner = trial[c]
                trial[c] = UNMATCHED
                trial[partner] = UNMATCHED
                rest = [v for v in range(self.n) if v != c]
                if augment(trial, partner, rest, compat, (free,)):
                    mate[:] = trial
                    return c
        return None

    # --- brackets -------------------------------------------------------------------------------

    def _pair_brackets(
        self,
        order: list[int],
        mate: list[int],
        compat: Callable[[int, int], bool],
        relaxed: tuple[str, ...],
    ) -> tuple[list[tuple[int, int]], int | None]:
        """Pair ``order`` bracket by bracket; returns the pairs and who gets the bye.

        ``mate`` is a perfect matching of ``order`` and, in an odd field, of the virtual bye
        player (index n, compatible with whoever may have the bye: C2).  Brackets are paired from
        the top with every player in them, so that a player is never kept out of a bracket for a
        bye they may not get; the completion checks include the virtual player, and the lowest
        bracket chooses the bye like a floater (:meth:`_bye_in`), as FIDE's Dutch system leaves
        it to whoever the last bracket does not pair.
        """
        virtual = self.n if len(mate) > self.n else None
        if virtual is not None:
            second = "bye" in relaxed
            had = self.had_bye

            def with_bye(rule: Callable[[int, int], bool]) -> Callable[[int, int], bool]:
                def allowed(a: int, b: int) -> bool:
                    if a == virtual:
                        return second or not had[b]
                    if b == virtual:
                        return second or not had[a]
                    return rule(a, b)

                return allowed

            compat = with_bye(compat)
        self.compat_now = compat
        groups: list[list[int]] = []
        for v in order:
            if groups and self.key[groups[-1][0]] == self.key[v]:
                groups[-1].append(v)
            else:
                groups.append([v])
        remaining = set(order)
        if virtual is not None:
            remaining.add(virtual)
        pairs: list[tuple[int, int]] = []
        floaters: list[int] = []
        bye: int | None = None
        # Once a rule is relaxed, pairs that break it are still allowed but come last.
        prefer = self.compat(()) if relaxed else compat
        k = -1
        while k + 1 < len(groups):
            k += 1
            residents = groups[k]
            last = k == len(groups) - 1
            following = [] if last else groups[k + 1]
            if last and virtual is not None:
                walked = self._last_in_order(floaters, residents, virtual, compat, prefer)
                if walked is not None:
                    bye, settled = walked
                    for a, b in settled:
                        mate[a], mate[b] = b, a
                    mate[bye], mate[virtual] = virtual, bye
                    pairs.extend(settled)
                    floaters = []
                    break
                bye = self._bye_in(floaters, residents, virtual, remaining, mate, compat)
                remaining -= {bye, virtual}
                floaters = [v for v in floaters if v != bye]
                residents = [v for v in residents if v != bye]
                if not floaters and not residents:
                    break
            bracket = floaters + residents
            lower = remaining.difference(bracket)

            def completes(down: Sequence[int], lower: set[int] = lower) -> bool:
                return self._completes(lower.union(down), mate, compat)

            self.below = lower

            proposal = None
            if following:
                # A.9: the bracket is paired on its own criteria first; only when its floaters
                # leave the rest of the round unpairable is it re-paired as the penultimate
                # pairing bracket (C4 on, C7 off), and everyone below forms one collapsed bracket.
                free = self._pair_bracket(
                    floaters, residents, following, compat, prefer, lambda down: True
                )
                paired = {v for pair in free for v in pair}
                if completes([v for v in bracket if v not in paired]):
                    proposal = free
                else:
                    collapsed = [v for group in groups[k + 1 :] for v in group]
                    groups[k + 1 :] = [collapsed]
                    following = collapsed
                    self.c7 = False
                    try:
                        proposal = self._pair_bracket(
                            floaters, residents, following, compat, prefer, completes
                        )
                    finally:
                        self.c7 = True
            if proposal is None:
                proposal = self._pair_bracket(
                    floaters, residents, following, compat, prefer, completes
                )
            settled = self._settle(proposal, bracket, remaining, mate, compat)
            done = {v for pair in settled for v in pair}
            remaining -= done
            if last:  # whoever is left is matched in ``mate`` among themselves
                settled += [(a, mate[a]) for a in sorted(remaining) if a < mate[a]]
                done |= remaining
                remaining = set()
            pairs.extend(settled)
            floaters = sorted(
                (v for v in bracket if v not in done), key=lambda v: (-self.key[v], v)
            )
        assert not floaters, "the completion step leaves nobody unpaired"
        return pairs, bye

    def _last_in_order(
        self,
        mdps: list[int],
        residents: list[int],
        virtual: int,
        compat: Callable[[int, int], bool],
        prefer: Callable[[int, int], bool],
    ) -> tuple[int, list[tuple[int, int]]] | None:
        """The last bracket of an odd field paired in D.1-D.3's order: (the bye, the pairs).

        The bye is whoever the chosen candidate leaves over (C.04.3: the last bracket's unpaired
        player), so of the candidates that pair all but one player allowed the bye (C2), the best
        by the criteria wins, the first in the generation order among equals.  A repeated
        downfloat by the bye counts simply because that player earns no pair's credit
        (:meth:`_value`).  None when the bracket is too large for the walk or the budget runs out
        (then :meth:`_bye_in` chooses).
        """
        bracket = mdps + residents
        if len(bracket) % 2 == 0 or len(bracket) > SEQUENTIAL_LIMIT:
            return None
        base = min(self.half[v] for v in bracket)
        if len(bracket) > ORDER_LIMIT:
            # Too many candidates to walk: follow D.1's order one S1 player at a time.
            if self.sequential_budget <= 0:
                return None
            self.sequential_budget -= 1

            def value(a: int, b: int) -> int | None:
                x, y = bracket[a], bracket[b]
                return self._value(x, y, base, prefer) if compat(x, y) else None

            found = first_best_with_bye(
                len(bracket), len(mdps), value, lambda a: compat(bracket[a], virtual)
            )
            if found is None:
                return None
            chosen, left = found
            return bracket[left], [(bracket[a], bracket[b]) for a, b in chosen]

        def fits(a: int, b: int) -> bool:
            return compat(bracket[a], bracket[b])

        # The best weighted matching bounds every candidate: reaching it ends the walk.
        bound = None
        exact = self._exact(bracket, compat, prefer)
        if 2 * len(exact) == len(bracket) - 1:
            paired = {v for pair in exact for v in pair}
            if all(compat(v, virtual) for v in bracket if v not in paired):
                bound = self._criteria(exact, base, prefer)
        limit = min(ORDER_BUDGET, self.order_budget)
        best: tuple[int, int, list[tuple[int, int]]] | None = None
        # The bye may go to a moved-down player too: then one fewer of them is paired (D.3).
        most = min(len(mdps), len(bracket) // 2, len(residents))
        levels = [most, most - 1] if mdps and most > 0 else [most]
        walk = (
            c
            for level in levels
            for c in candidates(len(bracket), fits, len(mdps), None, None, level)
        )
        for count, candidate in enumerate(walk):
            if count >= limit:
                return None
            self.order_budget -= 1
            if 2 * len(candidate) != len(bracket) - 1:
                continue
            pairs = [(bracket[a], bracket[b]) for a, b in candidate]
            paired = {v for pair in pairs for v in pair}
            left = next(v for v in bracket if v not in paired)
            if not compat(left, virtual):
                continue
            criteria = self._criteria(pairs, base, prefer)
            if best is None or criteria > best[0]:
                best = (criteria, left, pairs)
                if criteria == bound:
                    break
        return None if best is None else (best[1], best[2])

    def _bye_in(
        self,
        mdps: list[int],
        residents: list[int],
        virtual: int,
        remaining: set[int],
        mate: list[int],
        compat: Callable[[int, int], bool],
    ) -> int:
        """Who of the lowest bracket gets the bye; ``mate`` is updated to match them with the
        ``virtual`` bye player and everyone else among themselves.

        A candidate must be allowed the bye (C2, through ``compat``) and leave the rest pairable
        (C4).  Among those: the fewest colour misses and strong misses left in the bracket (C10,
        C11), then not someone who floated down last round or the round before (the bye is a
        downfloat: C12, C14), then the lowest ranked (in the Dutch order the bye is the last of S2
        that no better candidate displaces).  Moved-down players come after every resident.
        """
        current = mate[virtual]
        counts = self._kind_counts(mdps + residents)
        ranked: list[tuple[tuple[int, ...], int]] = []
        for group, members in ((1, mdps), (0, residents)):
            for position in range(len(members) - 1, -1, -1):
                v = members[position]
                if not compat(v, virtual):
                    continue
                counts[self.kind[v]] -= 1
                rest, strong_rest = _group(counts)
                counts[self.kind[v]] += 1
                up1, up2 = self._forced_upfloats(mdps, residents, v, compat)
                key = (
                    group,
                    rest,
                    strong_rest,
                    int(self.float1[v] == DOWN),
                    up1,
                    int(self.float2[v] == DOWN),
                    up2,
                    -position,
                )
                ranked.append((key, v))
        ranked.sort()
        for _, v in ranked:
            if v == current:
                return v
            trial = mate[:]
            partner = trial[v]
            trial[current] = UNMATCHED
            trial[partner] = UNMATCHED
            trial[v] = virtual
            trial[virtual] = v
            rest_of = sorted(remaining - {v, virtual})
            if augment(trial, partner, rest_of, compat, (current,)):
                mate[:] = trial
                return v
        return current

    def _forced_upfloats(
        self,
        mdps: list[int],
        residents: list[int],
        bye: int,
        compat: Callable[[int, int], bool],
    ) -> tuple[int, int]:
        """How many moved-down players would have to float a resident up again if ``bye`` took
        the bye: (as last round, C13; as two rounds back, C15), each player judged on their own."""
        up1 = up2 = 0
        for m in mdps:
            options = [r for r in residents if r != bye and compat(m, r)]
            if not options:
                continue
            if all(self.float1[r] == UP for r in options):
                up1 += 1
            elif all(self.float1[r] == UP or self.float2[r] == UP for r in options):
                up2 += 1
        return up1, up2

    def _settle(
        self,
        proposal: list[tuple[int, int]],
        bracket: list[int],
        remaining: set[int],
        mate: list[int],
        compat: Callable[[int, int], bool],
    ) -> list[tuple[int, int]]:
        """Keep ``proposal`` if the rest of the round can still be paired, else change it minimally.

        ``mate`` is a perfect matching of ``remaining``; on return it is one again, containing the
        returned pairs (FIDE's completion requirement, C4).
        """
        paired = {v for pair in proposal for v in pair}
        trial = mate[:]
        for v in paired:
            u = trial[v]
            if u != UNMATCHED:
                trial[u] = UNMATCHED
            trial[v] = UNMATCHED
        for a, b in proposal:
            trial[a] = b
            trial[b] = a
        rest = sorted(remaining - paired)
        free = {v for v in rest if trial[v] == UNMATCHED}
        ok = True
        for v in sorted(free):
            if trial[v] != UNMATCHED:
                continue
            free.discard(v)
            if not augment(trial, v, rest, compat, free):
                ok = False
                break
            free = {u for u in free if trial[u] == UNMATCHED}
        if ok:
            mate[:] = trial
            return proposal
        if len(remaining) <= WINDOW_LIMIT:
            return self._complete_whole(bracket, remaining, mate, compat)
        # Repair: augment over everything still unpaired, the bracket's proposal included.
        everyone = sorted(remaining)
        free = {v for v in everyone if trial[v] == UNMATCHED}
        for v in sorted(free):
            if trial[v] != UNMATCHED:
                continue
            free.discard(v)
            found = augment(trial, v, everyone, compat, free)
            assert found, "a perfect matching of the remaining players exists"
            free = {u for u in free if trial[u] == UNMATCHED}
        mate[:] = trial
        members = set(bracket)
        return [(a, trial[a]) for a in bracket if trial[a] in members and a < trial[a]]

    def _complete_whole(
        self,
        bracket: list[int],
        remaining: set[int],
        mate: list[int],
        compat: Callable[[int, int], bool],
    ) -> list[tuple[int, int]]:
        """The bracket's best pairs among those that leave the rest of the round pairable (C4).

        A weighted matching over every player still unpaired (the virtual bye player included):
        any pair weighs a constant above all criteria, so that the matching pairs everyone (the
        completion), and a pair inside the bracket adds its criteria weight (:meth:`_value`:
        pairs, then the scores of the players left to float, C5 and C6, then the rest), so that
        of the complete pairings the one best for this bracket wins.  Used when the bracket's
        own choice would leave the rest unpairable and the players left are few enough.
        """
        everyone = sorted(remaining)
        index = {v: k for k, v in enumerate(everyone)}
        members = set(bracket)
        base = min(self.half[v] for v in bracket)
        prefer = self.compat(())
        whole = 1 << self.layout.whole
        edges: list[tuple[int, int, int]] = []
        for ia, a in enumerate(everyone):
            for b in everyone[ia + 1 :]:
                if not compat(a, b):
                    continue
                weight = whole
                if a in members and b in members:
                    weight += self._value(a, b, base, prefer)
                edges.append((ia, index[b], weight))
        found = max_weight_matching(len(everyone), edges)
        for k, m in enumerate(found):
            if m == UNMATCHED:  # pragma: no cover - a perfect matching of them exists
                raise AssertionError("the remaining players pair among themselves")
            mate[everyone[k]] = everyone[m]
        return [(a, mate[a]) for a in bracket if mate[a] in members and a < mate[a]]

    def _pair_bracket(
        self,
        mdps: list[int],
        residents: list[int],
        following: list[int],
        compat: Callable[[int, int], bool],
        prefer: Callable[[int, int], bool],
        completes: Callable[[Sequence[int]], bool],
    ) -> list[tuple[int, int]]:
        """The bracket's own choice of pairs (before the completion check).

        ``following`` are the residents of the next bracket (none: this is the last one), and
        ``completes`` says whether the round can still be completed with the given players
        floating down.  The greedy Dutch pass comes first.  A small bracket is also paired by
        weighted matching, and that pairing replaces the greedy one only when it is strictly
        better by the criteria (completion, the next bracket's pairs, then :meth:`_value`), so
        that the Dutch order decides between pairings the criteria cannot tell apart.
        """
        pairs: list[tuple[int, int]] = []
        pool = list(residents)
        unpaired: list[int] = []
        if mdps:
            counts = self._kind_counts(pool)
            for m in mdps:
                r = self._mdp_partner(m, pool, counts, compat, prefer)
                if r is None:
                    unpaired.append(m)
                    continue
                pool.remove(r)
                counts[self.kind[r]] -= 1
                pairs.append((m, r))
        if not following:
            pool = unpaired + pool  # nowhere left to float: they pair here
            unpaired = []
        elif len(pool) % 2:
            pool.remove(self._floater(pool, unpaired, following, compat, completes, prefer))
        pairs.extend(self._pair_homogeneous(pool, compat, prefer))
        bracket = mdps + residents
        if len(bracket) > EXACT_LIMIT:
            return pairs
        # Players who cannot float alone without breaking the round's completion stay here, and
        # among the others the one whose floating pairs the next bracket best floats (C7).
        stay = frozenset(v for v in bracket if following and not completes([v]))
        lift: dict[int, int] = {}
        if self.c7 and following and len(following) < EXACT_LIMIT:
            cache: dict[tuple[object, ...], int] = {}
            low = min(self.half[v] for v in bracket)
            for v in bracket:
                key = (
                    self.half[v],
                    self.abs_side[v],
                    self.top[v],
                    *sorted(self.opp[v].intersection(following)),
                )
                if key not in cache:
                    cache[key] = self._next_bracket([v], following, compat, low)
                lift[v] = -cache[key]
        split = len(mdps) if mdps else None  # heterogeneous: S1 holds the MDPs (D.1)
        exact = self._exact(bracket, compat, prefer, half=split, stay=stay, lift=lift)
        judged = self._judge(exact, bracket, following, compat, prefer, completes)
        if mdps:
            # The remainder (residents the MDPs left) is a homogeneous bracket of its own, with
            # its own S1 and S2 (D.1): re-pair it in that order when the criteria do not mind.
            members = set(mdps)
            with_mdps = [(a, b) for a, b in exact if a in members or b in members]
            paired = {v for pair in with_mdps for v in pair}
            remainder = [v for v in residents if v not in paired]
            in_exact = {v for pair in exact for v in pair}
            if remainder and all(v in in_exact for v in remainder):
                ordered = with_mdps + self._pair_homogeneous(remainder, compat, prefer)
                if self._judge(ordered, bracket, following, compat, prefer, completes) == judged:
                    exact = ordered
        greedy = self._judge(pairs, bracket, following, compat, prefer, completes)
        best_pairs = exact if judged > greedy else pairs
        if (
            following
            and ORDER_LIMIT < len(bracket) <= SEQUENTIAL_LIMIT
            and len(bracket) % 2
            and 2 * len(best_pairs) == len(bracket) - 1
            and max(judged, greedy)[0]
            and self.sequential_budget > 0
        ):
            self.sequential_budget -= 1
            # One floater: D.1's order one S1 player at a time, the floater in the bye's place.
            found = self._sequential_floater(
                bracket, len(mdps), following, compat, prefer, completes
            )
            if found is not None and self._judge(
                found, bracket, following, compat, prefer, completes
            ) >= max(judged, greedy):
                return found
        if len(bracket) <= ORDER_LIMIT:
            # Small enough to walk FIDE's own candidate order up to the best the matchings found.
            chosen = exact if judged > greedy else pairs
            # The weighted matching's choice bounds every candidate only when it completes the
            # round; otherwise the walk must find the best of those that do (C4 first).
            proven = bool(judged[0])
            found = self._in_order(
                bracket,
                len(mdps),
                len(chosen) if proven else max(len(exact), len(pairs)),
                following,
                compat,
                prefer,
                completes,
                max(judged, greedy) if proven else (0, 0, 0, 0),
            )
            if found is not None:
                return found
        return exact if judged > greedy else pairs

    def _sequential_floater(
        self,
        bracket: list[int],
        moved_down: int,
        following: list[int],
        compat: Callable[[int, int], bool],
        prefer: Callable[[int, int], bool],
        completes: Callable[[Sequence[int]], bool],
    ) -> list[tuple[int, int]] | None:
        """An odd bracket too large to walk that floats one player: the first in D.1's order of
        the best (:func:`first_best_with_bye`), the floater in the bye's place, weighed by what
        its floating does to the next bracket (C7) and allowed only if the round still completes
        with it below (C4)."""
        base = min(self.half[v] for v in bracket)
        shift = self.layout.c7

        def value(a: int, b: int) -> int | None:
            x, y = bracket[a], bracket[b]
            return self._value(x, y, base, prefer) if compat(x, y) else None

        def floating(a: int) -> int:
            return self._next_bracket([bracket[a]], following, compat, base) << shift

        found = first_best_with_bye(
            len(bracket), moved_down, value, lambda a: completes([bracket[a]]), floating
        )
        if found is None:
            return None
        return [(bracket[a], bracket[b]) for a, b in found[0]]

    def _in_order(
        self,
        bracket: list[int],
        moved_down: int,
        pairs_wanted: int,
        following: list[int],
        compat: Callable[[int, int], bool],
        prefer: Callable[[int, int], bool],
        completes: Callable[[Sequence[int]], bool],
        target: tuple[int, int, int, int],
    ) -> list[tuple[int, int]] | None:
        """The first candidate in the Dutch generation order (:mod:`matchmaking.dutch_order`) that
        is as good by :meth:`_judge` as ``target`` (the best the matchings found), or None when
        none is among the first :data:`ORDER_BUDGET` candidates that pair the whole bracket.

        Completion and the next bracket's pairs depend only on who floats, so they are counted
        once per set of floaters; the criteria weight is summed per candidate.  A ``target`` that
        does not complete the round is beaten by any candidate that does (:meth:`_completing`).
        """
        base = min(self.half[v] for v in bracket)
        by_down: dict[frozenset[int], tuple[int, int]] = {}

        def fits(a: int, b: int) -> bool:
            return compat(bracket[a], bracket[b])

        def judge(pairs: list[tuple[int, int]], criteria: int) -> tuple[int, int, int, int]:
            if criteria < 0:
                criteria = self._criteria(pairs, base, prefer)
            paired = {v for pair in pairs for v in pair}
            down = frozenset(v for v in bracket if v not in paired)
            if down not in by_down:
                by_down[down] = self._judge_floaters(
                    sorted(down), following, compat, completes, base
                )
            ok, next_pairs = by_down[down]
            return (ok, self._upper(criteria), next_pairs, criteria)

        def hopeless(top: list[tuple[int, int]], rest: list[int]) -> bool:
            # The remainder's best pairs by weighted matching bound what any of its candidates
            # can add to the moved-down players' pairs.
            chosen = [(bracket[a], bracket[b]) for a, b in top]
            remainder = [bracket[v] for v in rest]
            best = self._criteria(chosen, base, prefer)
            if len(remainder) >= 2:
                best += self._criteria(self._exact(remainder, compat, prefer), base, prefer)
            if self._upper(best) != target[1]:
                return self._upper(best) < target[1]
            # Below the target's weight, only more pairs in the next bracket (C7) could still win.
            return best < target[3] and target[2] >= most_next * self.layout.next_pair

        # The most pairs the next bracket could have with this bracket's floaters (C7).
        floating = len(bracket) - 2 * pairs_wanted
        most_next = (floating + len(following)) // 2 if following and self.c7 else 0

        limit = min(ORDER_BUDGET, self.order_budget)
        if not target[0]:
            return self._completing(
                bracket,
                moved_down,
                pairs_wanted,
                following,
                fits,
                judge,
                # Rare (a bracket the matchings cannot complete) and exhaustive: a larger share.
                min(COMPLETING_BUDGET, self.order_budget),
            )
        # With moved-down players, the most of them paired first (C6), then fewer: the best may
        # float a moved-down player and pair two residents instead (C7, or colours, decide).
        most = min(moved_down, pairs_wanted, len(bracket) - moved_down)
        levels = range(most, -1, -1) if moved_down else range(1)
        walk = (
            candidate
            for level in levels
            for candidate in candidates(
                len(bracket), fits, moved_down, pairs_wanted, hopeless, paired_down=level
            )
            if len(candidate) == pairs_wanted
        )
        first_hit = 0
        # The matchings' best is a floor, not always the optimum (C7 and completion are not sums
        # over pairs): past the first candidate that reaches it, a later one may still be better.
        best: tuple[tuple[int, int, int, int], list[tuple[int, int]]] | None = None
        for count, candidate in enumerate(walk):
            if count >= limit:
                break
            if best is not None and count >= first_hit + ORDER_PAST_FLOOR:
                break
            self.order_budget -= 1
            pairs = [(bracket[a], bracket[b]) for a, b in candidate]
            criteria = self._criteria(pairs, base, prefer)
            if self._upper(criteria) < (target if best is None else best[0])[1]:
                continue
            judged = judge(pairs, criteria)
            if judged >= target and (best is None or judged > best[0]):
                if best is None:
                    first_hit = count
                best = (judged, pairs)
        return None if best is None else best[1]

    def _completing(
        self,
        bracket: list[int],
        moved_down: int,
        pairs_wanted: int,
        following: list[int],
        fits: Callable[[int, int], bool],
        judge: Callable[[list[tuple[int, int]], int], tuple[int, int, int, int]],
        limit: int,
    ) -> list[tuple[int, int]] | None:
        """When neither matching's choice leaves the round completable (C4), the best candidate
        that does, in the Dutch order: as many pairs as possible first (C5), then the first of
        the best by :meth:`_judge`, with any number of moved-down players paired; the best so
        far (or None) if the budget runs out first."""
        count = 0
        if following:
            pairs_wanted = min(pairs_wanted, self._most_completing(bracket, fits))
        for wanted in range(pairs_wanted, -1 if following else pairs_wanted - 1, -1):
            best: tuple[tuple[int, int, int, int], list[tuple[int, int]]] | None = None
            # Pairing fewer moved-down players may complete the round, or float lower scores
            # (C6 weighs who floats, not how many MDPs are paired): every count is tried.
            most = min(moved_down, wanted, len(bracket) - moved_down)
            for paired_down in range(most, -1 if moved_down else most - 1, -1):
                for candidate in candidates(
                    len(bracket), fits, moved_down, wanted, paired_down=paired_down
                ):
                    count += 1
                    if count > limit:
                        return None if best is None else best[1]
                    self.order_budget -= 1
                    if len(candidate) != wanted:
                        continue  # the moved-down players left too few residents
                    pairs = [(bracket[a], bracket[b]) for a, b in candidate]
                    judged = judge(pairs, -1)
                    if judged[0] and (best is None or judged > best[0]):
                        best = (judged, pairs)
            if best is not None:
                return best[1]
        return None

    def _most_completing(self, bracket: list[int], fits: Callable[[int, int], bool]) -> int:
        """The most pairs ``bracket`` can make among its own players while everyone below
        (:attr:`below`, the virtual bye player included) can still be paired: one weighted
        matching over all of them, each pair inside the bracket worth a little more.  The walk
        then starts there instead of spending its budget on pair counts nothing completes."""
        everyone = bracket + sorted(self.below)
        if len(everyone) > WINDOW_LIMIT:
            return len(bracket) // 2
        inside = len(bracket)
        unit = 2 * len(everyone)
        edges = []
        for i in range(len(everyone)):
            for j in range(i + 1, len(everyone)):
                if j < inside:
                    if fits(i, j):
                        edges.append((i, j, unit + 1))
                elif self.compat_now(everyone[i], everyone[j]):
                    edges.append((i, j, unit))
        mate = max_weight_matching(len(everyone), edges)
        if any(m == UNMATCHED for m in mate):
            return len(bracket) // 2
        return sum(1 for i in range(inside) if i < mate[i] < inside)

    def _judge_floaters(
        self,
        down: list[int],
        following: list[int],
        compat: Callable[[int, int], bool],
        completes: Callable[[Sequence[int]], bool],
        base: int,
    ) -> tuple[int, int]:
        """(completion, the next bracket's pairs) with ``down`` floating, as :meth:`_judge`
        counts them."""
        if not following:
            return int(not down), 0
        return int(completes(down)), self._next_bracket(down, following, compat, base)

    def _next_bracket(
        self, down: list[int], following: list[int], compat: Callable[[int, int], bool], base: int
    ) -> int:
        """C7 for ``down`` floating into the bracket of ``following`` (higher is better): the
        most pairs there, then the smallest score differences (descending) of the floaters it
        cannot pair, each against an artificial score one point below this bracket's lowest
        (``base``, in half points).  0 when C7 does not apply (the penultimate bracket) or the
        bracket is too large to count."""
        if not self.c7 or not following or len(down) + len(following) > EXACT_LIMIT:
            return 0
        at = self.layout
        group = down + following
        mate = maximum_matching(group, compat, self.n)
        pairs = sum(1 for u in group if mate[u] > u)
        if all(mate[v] != UNMATCHED for v in down):  # every floater paired: nothing better
            return pairs * at.next_pair + sum(at.difference(self.half[v] - base + 2) for v in down)
        credit = [
            at.difference(self.half[v] - base + 2) if k < len(down) else 0
            for k, v in enumerate(group)
        ]
        edges = [
            (i, j, at.next_pair + credit[i] + credit[j])
            for i in range(len(group))
            for j in range(i + 1, len(group))
            if compat(group[i], group[j])
        ]
        mate = max_weight_matching(len(group), edges)
        return sum(at.next_pair + credit[i] + credit[j] for i, j in enumerate(mate) if j > i)

    def _judge(
        self,
        pairs: list[tuple[int, int]],
        bracket: list[int],
        following: list[int],
        compat: Callable[[int, int], bool],
        prefer: Callable[[int, int], bool],
        completes: Callable[[Sequence[int]], bool],
    ) -> tuple[int, int, int, int]:
        """How good a bracket's pairs are, as a tuple to compare (higher is better): completion
        (C4), then pairs and score differences (C5, C6), then the next bracket's pairs (C7), then
        the rest of :meth:`_value`."""
        paired = {v for pair in pairs for v in pair}
        down = [v for v in bracket if v not in paired]
        base = min(self.half[v] for v in bracket)
        criteria = self._criteria(pairs, base, prefer)
        if not following:
            return (int(not down), self._upper(criteria), 0, criteria)
        ok = completes(down)
        next_pairs = self._next_bracket(down, following, compat, base)
        return (int(ok), self._upper(criteria), next_pairs, criteria)

    def _kind_counts(self, pool: Iterable[int]) -> list[int]:
        """How many of ``pool`` are of each colour type (:attr:`kind`)."""
        counts = [0] * 5
        for v in pool:
            counts[self.kind[v]] += 1
        return counts

    def _mdp_partner(
        self,
        m: int,
        pool: list[int],
        counts: list[int],
        compat: Callable[[int, int], bool],
        prefer: Callable[[int, int], bool],
    ) -> int | None:
        """The resident a moved-down player meets: the fewest colour misses in the whole bracket
        (C10), then the fewest strong misses (C11), then not someone who floated up last round
        (C13) or the round before (C15), then the highest ranked (the Dutch order)."""
        best: tuple[tuple[int, int, int, int, int, int, int], int] | None = None
        seen: set[tuple[int, int, int, int, bool]] = set()
        for position, r in enumerate(pool):
            if not compat(m, r):
                continue
            repeat = not prefer(m, r)
            kind = (self.side[r], self.strength[r], self.float1[r], self.float2[r], repeat)
            if kind in seen:
                continue
            seen.add(kind)
            clash = int(self.side[m] != 0 and self.side[m] == self.side[r])
            counts[self.kind[r]] -= 1
            rest, strong_rest = _group(counts)
            counts[self.kind[r]] += 1
            weakest = min(self.strength[m], self.strength[r]) if clash else 0
            key = (
                int(repeat),
                int(weakest == ABSOLUTE),
                clash + rest,
                int(weakest >= STRONG) + strong_rest,
                int(self.float1[r] == UP),
                int(self.float2[r] == UP),
                position,
            )
            if best is None or key < best[0]:
                best = (key, r)
        return None if best is None else best[1]

    def _floater(
        self,
        pool: list[int],
        unpaired: list[int],
        following: list[int],
        compat: Callable[[int, int], bool],
        completes: Callable[[Sequence[int]], bool],
        prefer: Callable[[int, int], bool] | None = None,
    ) -> int:
        """Who of an odd bracket floats down (``unpaired`` MDPs float down with them).

        First, the rest of the round must stay pairable with them below (FIDE's completion; a
        matching check, made only for the candidates that are otherwise best).  Then the most
        pairs left in this bracket (C5) and in the next one (C7), each counted by a matching when
        the bracket is small (a large one pairs anyway), then the colours of the rest of this
        bracket (C10, C11), then not someone who floated down last round or the one before (C12,
        C14), then the lowest ranked (the Dutch order).
        """
        below = unpaired + following
        low = min(self.half[v] for v in pool + unpaired)
        counts = self._kind_counts(pool)
        check = len(below) < EXACT_LIMIT
        small = len(pool) <= EXACT_LIMIT
        ranked: list[tuple[tuple[int, int, int, int, int, int, int], int]] = []
        seen: set[tuple[int, int, int, tuple[int, ...]]] = set()
        for position in range(len(pool) - 1, -1, -1):
            v = pool[position]
            blocked = tuple(sorted(self.opp[v].intersection(below))) if check else ()
            if small:  # whom they could not meet here matters too
                blocked += (-1, *sorted(self.opp[v].intersection(pool)))
            kind = (self.side[v], self.float1[v], self.float2[v], blocked)
            if kind in seen:
                continue
            seen.add(kind)
            counts[self.kind[v]] -= 1
            rest, strong_rest = _group(counts)
            counts[self.kind[v]] += 1
            here = 0
            if small:
                rest_of_pool = [u for u in pool if u != v]
                mate = maximum_matching(rest_of_pool, compat, self.n)
                here = sum(1 for u in rest_of_pool if mate[u] > u)
            next_pairs = 0
            if check:
                next_pairs = self._next_bracket([v, *unpaired], following, compat, low)
            key = (
                -here,
                -next_pairs,
                rest,
                strong_rest,
                int(self.float1[v] == DOWN),
                int(self.float2[v] == DOWN),
                -position,
            )
            ranked.append((key, v))
        ranked.sort()
        for index, (key, v) in enumerate(ranked):
            if completes([*unpaired, v]):
                if not small or prefer is None:
                    return v
                ties = [v] + [
                    u
                    for other, u in ranked[index + 1 :]
                    if other[:-1] == key[:-1] and completes([*unpaired, u])
                ]
                return (
                    ties[0] if len(ties) == 1 else self._first_in_order(pool, ties, compat, prefer)
                )
        # No single class member completes the round: try everyone, lowest ranked first.
        tried = {v for _, v in ranked}
        for v in reversed(pool):
            if v not in tried and completes([*unpaired, v]):
                return v
        return ranked[0][1]

    def _first_in_order(
        self,
        pool: list[int],
        ties: list[int],
        compat: Callable[[int, int], bool],
        prefer: Callable[[int, int], bool],
    ) -> int:
        """Of floaters the criteria cannot tell apart, the one FIDE's generation order (D.1, D.2)
        reaches first.

        In an odd homogeneous bracket S1 is its first half (rounded down) and S2 the rest; a
        candidate pairing is a transposition of S2 whose last player floats, tried in
        lexicographic order, and only then exchanges between S1 and S2.  So: pair the rest
        without each candidate, keep the best by the criteria, then prefer a floater from S2 and
        the pairing whose S1 partners come earliest in the bracket, S1[0]'s first; of floaters
        from S1 (exchanges), the lowest ranked, whose exchange changes the sums of bracket
        numbers least.
        """
        half = len(pool) // 2
        place = {v: k for k, v in enumerate(pool)}
        base = min(self.half[v] for v in pool)
        best: tuple[tuple[int, int, tuple[int, ...]], int] | None = None
        for v in ties:
            rest = [u for u in pool if u != v]
            pairs = self._pair_homogeneous(rest, compat, prefer)
            partner = {a: b for pair in pairs for a, b in (pair, pair[::-1])}
            order = tuple(place.get(partner.get(u, -1), len(pool)) for u in pool[:half] if u != v)
            if place[v] < half:  # an exchange: the lowest S1 player leaves S1 first (D.2)
                key: tuple[int, int, tuple[int, ...]] = (
                    -self._criteria(pairs, base, prefer),
                    1,
                    (-place[v],),
                )
            else:
                key = (-self._criteria(pairs, base, prefer), 0, order)
            if best is None or key < best[0]:
                best = (key, v)
        assert best is not None
        return best[1]

    def _completes(
        self, players: set[int], mate: list[int], compat: Callable[[int, int], bool]
    ) -> bool:
        """True when ``players`` can all be paired among themselves.

        ``mate`` is a perfect matching of a superset; the players whose partner is outside are
        re-matched by augmenting paths (usually a few short searches).
        """
        if len(players) % 2:
            return False
        trial = mate[:]
        free: set[int] = set()
        for v in players:
            u = trial[v]
            if u == UNMATCHED or u not in players:
                trial[v] = UNMATCHED
                free.add(v)
        order = sorted(players)
        for v in sorted(free):
            if trial[v] != UNMATCHED:
                continue
            free.discard(v)
            if not augment(trial, v, order, compat, free):
                return False
            free = {u for u in free if trial[u] == UNMATCHED}
        return True

    def _pair_homogeneous(
        self,
        pool: list[int],
        compat: Callable[[int, int], bool],
        prefer: Callable[[int, int], bool],
    ) -> list[tuple[int, int]]:
        """Pair an even ``pool`` (rank order): S1[i] with the earliest suitable S2 player.

        "Suitable" keeps the bracket's colour targets reachable: the fewest colour misses (C10)
        and then the fewest strong misses (C11) that the colour types of S1 and S2 allow
        (:func:`_bipartite`), so that the earliest candidate in the Dutch order wins whenever
        the criteria do not tell candidates apart.
        """
        half = len(pool) // 2
        if half == 0:
            return []
        s1, s2 = pool[:half], pool[half:]
        kind = self.kind
        c1 = [0] * 5
        c2 = [0] * 5
        for v in s1:
            c1[kind[v]] += 1
        for v in s2:
            c2[kind[v]] += 1
        budget, strong_budget = _bipartite(c1, c2)
        targets = (budget, strong_budget)
        trouble: list[int] = []
        # S2's players by class, each class in S2 order, so that every S1 player compares one
        # candidate per class (the earliest of it that fits) instead of scanning all of S2.
        queues: dict[tuple[int, int, bool], list[int]] = {}
        for pos, v in enumerate(s2):
            queues.setdefault((self.side[v], self.strength[v], self.top[v]), []).append(pos)
        heads = dict.fromkeys(queues, 0)
        used = [False] * len(s2)
        pairs: list[tuple[int, int]] = []
        left: list[int] = []
        for i in s1:
            c1[kind[i]] -= 1
            chosen = self._choose(
                i, s2, queues, heads, used, c1, c2, (budget, strong_budget), compat, prefer
            )
            if chosen is None:
                left.append(i)
                continue
            pos, clash, strong = chosen
            used[pos] = True
            j = s2[pos]
            c2[kind[j]] -= 1
            pairs.append((i, j))
            rest, strong_rest = _bipartite(c1, c2)
            if clash + rest > budget or strong + strong_rest > strong_budget:
                trouble.append(i)
            budget = max(budget - clash, rest)
            strong_budget = max(strong_budget - strong, strong_rest)
        left.extend(s2[pos] for pos in range(len(s2)) if not used[pos])
        if left or trouble:
            pairs = self._repair(pool, pairs, left, trouble, targets, compat, prefer)
        return pairs

    def _choose(
        self,
        i: int,
        s2: list[int],
        queues: dict[tuple[int, int, bool], list[int]],
        heads: dict[tuple[int, int, bool], int],
        used: list[bool],
        c1: list[int],
        c2: list[int],
        budgets: tuple[int, int],
        compat: Callable[[int, int], bool],
        prefer: Callable[[int, int], bool],
    ) -> tuple[int, int, int] | None:
        """S1 player ``i``'s partner: (position in S2, colour miss 0/1, strong miss 0/1), or None.

        The earliest candidate that keeps both colour targets (``budgets``: misses, strong
        misses) reachable wins.  Without one, the candidate overshooting them least is taken; a
        pair of topscorers who both need the same colour absolutely (C8, C9) and repeat pairings
        (only in the last relaxation) come last of all.
        """
        side = self.side
        absd = self.abs_side[i]
        candidates: list[tuple[int, int]] = []  # (position, repeat)
        for key, queue in queues.items():
            if self.colour_rule and absd and key[0] == absd and key[1] == ABSOLUTE and not key[2]:
                continue  # the whole class wants the same colour as absolutely as i does (C3)
            h = heads[key]
            while h < len(queue) and used[queue[h]]:
                h += 1
            heads[key] = h
            found_repeat = -1
            for k in range(h, len(queue)):
                pos = queue[k]
                if used[pos]:
                    continue
                j = s2[pos]
                if not compat(i, j):
                    continue
                if prefer is compat or prefer(i, j):
                    candidates.append((pos, 0))
                    break
                if found_repeat < 0:
                    found_repeat = pos
            else:
                if found_repeat >= 0:
                    candidates.append((found_repeat, 1))
        if not candidates:
            return None
        budget, strong_budget = budgets
        best: tuple[tuple[int, int, int, int, int], int, int, int] | None = None
        for pos, repeat in candidates:
            j = s2[pos]
            clash = int(side[i] != 0 and side[i] == side[j])
            weakest = min(self.strength[i], self.strength[j]) if clash else 0
            strong = int(weakest >= STRONG)
            c2[self.kind[j]] -= 1
            rest, strong_rest = _bipartite(c1, c2)
            c2[self.kind[j]] += 1
            over = max(0, clash + rest - budget)
            strong_over = max(0, strong + strong_rest - strong_budget)
            rank = (repeat, int(weakest == ABSOLUTE), over, strong_over, pos)
            if best is None or rank < best[0]:
                best = (rank, pos, clash, strong)
        assert best is not None
        return best[1], best[2], best[3]

    # --- the weighted fallback ------------------------------------------------------------------

    def _repair(
        self,
        pool: list[int],
        pairs: list[tuple[int, int]],
        left: list[int],
        trouble: list[int],
        targets: tuple[int, int],
        compat: Callable[[int, int], bool],
        prefer: Callable[[int, int], bool],
    ) -> list[tuple[int, int]]:
        """Improve what the greedy pass made of ``pool`` by weighted matching.

        ``left`` are the players it left unpaired and ``trouble`` the S1 players whose partner
        overshot the colour ``targets`` (misses, strong misses: the bracket's best by its counts).
        A small pool is re-paired whole.  Otherwise a *window* is: the 8 pairs nearest in rank to
        those players, doubling until everyone is paired within the targets, the window holds
        every pair, or it reaches :data:`WINDOW_LIMIT` players (then the completion step finds
        partners for anyone still left).  A re-pairing is kept only when the criteria improve.
        """
        base = min(self.half[v] for v in pool)
        if len(pool) <= EXACT_LIMIT:
            exact = self._exact(pool, compat, prefer)
            if self._criteria(exact, base, prefer) > self._criteria(pairs, base, prefer):
                return exact
            return pairs
        position = {v: k for k, v in enumerate(pool)}
        anchors = sorted({position[v] for v in left + trouble})

        def distance(pair: tuple[int, int]) -> tuple[int, int]:
            near = min(abs(position[v] - a) for v in pair for a in anchors)
            return near, position[pair[0]]

        by_distance = sorted(pairs, key=distance)
        best = pairs
        size = max(16, 2 * len(trouble))
        while True:
            near = by_distance[:size]
            window = sorted(left + [v for pair in near for v in pair], key=position.__getitem__)
            improved = self._exact(window, compat, prefer, position, len(pool) // 2)
            gain = self._criteria(improved, base, prefer) - self._criteria(near, base, prefer)
            if gain > 0:
                best = by_distance[size:] + improved
                misses, strong = self._misses(best)
                if 2 * len(best) == len(pool) and misses <= targets[0] and strong <= targets[1]:
                    return best
            if size >= len(pairs) or len(window) >= WINDOW_LIMIT:
                return best
            size *= 2

    def _misses(self, pairs: Iterable[tuple[int, int]]) -> tuple[int, int]:
        """(colour misses, strong misses) of ``pairs``."""
        misses = strong = 0
        for a, b in pairs:
            if self.side[a] != 0 and self.side[a] == self.side[b]:
                misses += 1
                strong += min(self.strength[a], self.strength[b]) >= STRONG
        return misses, strong

    def _criteria(
        self, pairs: Sequence[tuple[int, int]], base: int, prefer: Callable[[int, int], bool]
    ) -> int:
        """The criteria part of the weight of ``pairs`` (higher is better); ``base`` is the lowest
        score (in half points) among the players they are chosen from."""
        return sum(self._value(a, b, base, prefer) for a, b in pairs)

    def _upper(self, criteria: int) -> int:
        """The pairs and score differences (C5, C6) of a summed weight.

        The criteria below C6 may sum to a negative number (colour misses, repeated upfloats), so
        a plain shift would borrow from C6; rounding to the nearest unit does not.
        """
        shift = self.layout.c6
        return (criteria + (1 << (shift - 1))) >> shift

    def _value(self, a: int, b: int, base: int, prefer: Callable[[int, int], bool]) -> int:
        """The criteria weight of the pair (a, b), most important first (higher is better).

        A pair (C5) outweighs everything else; then no repeat (only matters once repeats are
        allowed at all); then the score differences, squared so that one large difference weighs
        more than two small ones (C6's descending comparison), with a bonus for pairing a player
        that grows with their score (so the highest MDPs are paired, and the players left over are
        the lowest); then colours (C10, C11); then sparing players who floated down last round or
        the round before the float (C12, C14), then not floating someone up again as last round
        or the round before (C13, C15), then the score differences of such repeated floats (C16:
        down as last round, C17: up as last round, C18, C19: the same two rounds back).  Each
        criterion has a field of bits of its own (:data:`_SCORE_SHIFT` and below), wide enough
        for the sums over the largest window, so a lower one never outweighs a higher one.
        """
        ha, hb = self.half[a], self.half[b]
        at = self.layout
        diff = at.difference
        value = 1 << at.c5
        if not prefer(a, b):
            value -= 1 << at.repeat
        # C6: each player paired no longer floats with their difference to the artificial score
        # (A.8), and the pair adds its own difference.
        da, db = ha - base + 2, hb - base + 2
        gap = abs(ha - hb)
        value += (diff(da) + diff(db) - diff(gap)) << at.c6
        if self.side[a] != 0 and self.side[a] == self.side[b]:
            weakest = min(self.strength[a], self.strength[b])
            if weakest == ABSOLUTE:  # topscorers only (C8, C9)
                value -= 1 << at.c8
            value -= 1 << at.c10
            if weakest >= STRONG:
                value -= 1 << at.c11
        # A player spared a repeated downfloat (C12, C14; C16, C18 by score difference) is one
        # who does not float down again: either of an equal-score pair, only the lower of two.
        f1a, f1b = self.float1[a] == DOWN, self.float1[b] == DOWN
        f2a, f2b = self.float2[a] == DOWN, self.float2[b] == DOWN
        if f1a or f1b or f2a or f2b:
            spared_a, spared_b = ha <= hb, hb <= ha
            value += ((spared_a and f1a) + (spared_b and f1b)) << at.c12
            value += ((spared_a and f2a) + (spared_b and f2b)) << at.c14
            value += (f1a * diff(da) + f1b * diff(db)) << at.c16
            value += (f2a * diff(da) + f2b * diff(db)) << at.c18
            if ha != hb:
                higher_down1 = f1a if ha > hb else f1b
                higher_down2 = f2a if ha > hb else f2b
                value -= (higher_down1 * diff(gap)) << at.c16
                value -= (higher_down2 * diff(gap)) << at.c18
        if ha != hb:
            lower = b if ha > hb else a
            if self.float1[lower] == UP:
                value -= (1 << at.c13) + (diff(gap) << at.c17)
            if self.float2[lower] == UP:
                value -= (1 << at.c15) + (diff(gap) << at.c19)
        return value

    def _exact(
        self,
        window: list[int],
        compat: Callable[[int, int], bool],
        prefer: Callable[[int, int], bool],
        position: Mapping[int, int] | None = None,
        half: int | None = None,
        stay: frozenset[int] = frozenset(),
        lift: Mapping[int, int] | None = None,
    ) -> list[tuple[int, int]]:
        """The best pairs within ``window`` (in rank order) by weighted matching.

        Pairing a player of ``stay`` (one the rest of the round cannot take as a floater) outweighs
        everything else.  ``lift`` adds a weight to pairing a player, between the score
        differences (C6) and the colours: the next bracket's pairs (C7) as negative numbers, so
        that the player left to float is the one whose floating pairs the next bracket best.
        The weight is :meth:`_value`, then the Dutch order: ``position`` places the players in
        their bracket (default: in ``window``), whose first ``half`` players are S1.  A pair of an
        S1 player with an S2 player earns an order weight that falls with the S2 player's place
        and is shifted by the S1 player's rank, each S1 player in bits of their own, so that the
        heaviest matching pairs S1[0] with the earliest S2 player it can, then S1[1], and so on:
        the transposition order.  Each S1-S2 pair also earns a weight above all of those, so that
        a transposition beats any exchange (pairs within S1 or within S2), as in D.2.
        """
        place = position if position is not None else {v: k for k, v in enumerate(window)}
        split = half if half is not None else len(window) // 2
        base = min(self.half[v] for v in window)
        s1 = [v for v in window if place[v] < split]
        significance = {v: len(s1) - 1 - k for k, v in enumerate(s1)}
        reach = max((place[v] - split for v in window if place[v] >= split), default=0) + 1
        width = reach.bit_length() + 1
        transposed = 1 << (width * len(s1))  # per S1-S2 pair: fewest exchanges first (D.2)
        shift = width * len(s1) + len(s1).bit_length() + 2
        size = len(window)
        edges: list[tuple[int, int, int]] = []
        for ia, a in enumerate(window):
            for ib in range(ia + 1, size):
                b = window[ib]
                if not compat(a, b):
                    continue
                first, second = (a, b) if place[a] < place[b] else (b, a)
                order = 0
                if place[first] < split <= place[second]:
                    lexical = (reach - (place[second] - split)) << (width * significance[first])
                    order = transposed + lexical
                value = self._value(a, b, base, prefer)
                value += ((a in stay) + (b in stay)) << self.layout.stay
                if lift:
                    value += (lift.get(a, 0) + lift.get(b, 0)) << self.layout.c7
                edges.append((ia, ib, (value << shift) + order))
        mate = max_weight_matching(size, edges)
        return [(window[k], window[m]) for k, m in enumerate(mate) if m > k]

    # --- colours and board order ------------------------------------------------------------------

    def _boards(self, pairs: list[tuple[int, int]]) -> tuple[Board, ...]:
        def order(pair: tuple[int, int]) -> tuple[float, float, int]:
            a, b = pair
            return (-max(self.score[a], self.score[b]), -(self.score[a] + self.score[b]), min(a, b))

        boards = []
        for a, b in sorted(pairs, key=order):
            white, black = self.colours_for(min(a, b), max(a, b))
            boards.append(Board(self.ids[white], self.ids[black]))
        return tuple(boards)

    def colours_for(self, higher: int, lower: int) -> tuple[int, int]:
        """(white, black) for a pair, ``higher`` ranked above ``lower`` (FIDE E.1-E.5)."""
        sh, sl = self.side[higher], self.side[lower]
        th, tl = self.strength[higher], self.strength[lower]
        if sh and sl and sh != sl:  # E.1: both preferences granted
            return (higher, lower) if sh == WHITE else (lower, higher)
        if th != tl:  # E.2: the stronger preference
            stronger, other = (higher, lower) if th > tl else (lower, higher)
            return (stronger, other) if self.side[stronger] == WHITE else (other, stronger)
        if th == ABSOLUTE and abs(self.cd[higher]) != abs(self.cd[lower]):
            wider, other = (
                (higher, lower) if abs(self.cd[higher]) > abs(self.cd[lower]) else (lower, higher)
            )
            return (wider, other) if self.side[wider] == WHITE else (other, wider)
        for ch, cl in zip(
            reversed(self.colours[higher]), reversed(self.colours[lower]), strict=False
        ):
            if ch != cl:  # E.3: alternate from the last time they had different colours
                return (lower, higher) if ch == WHITE else (higher, lower)
        if sh:  # E.4: the higher-ranked player's preference
            return (higher, lower) if sh == WHITE else (lower, higher)
        # E.5: by the higher-ranked player's pairing number
        gets_initial = self.number[higher] % 2 == 1
        colour = self.initial if gets_initial else -self.initial
        return (higher, lower) if colour == WHITE else (lower, higher)
