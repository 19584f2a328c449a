"""FIDE's Tournament Report File (TRF-16, with the TRF(x) pairing extensions): a two-seat Swiss
written out and read back, so that an arbiter can check our pairings with their own program
(JaVaFo, bbpPairings, py4swiss) or start an event here from theirs.

Pure: text in, text out.  What is kept:

* the ``012`` line (event name), ``XXR`` (the number of rounds) and ``XXC`` (``white1`` /
  ``black1``: the initial colour), the extensions the FIDE-endorsed pairing programs read;
* one ``001`` line per player: starting number, name, rating, points, and one cell per round:
  opponent, colour and result (``1`` ``=`` ``0`` over the board, ``+`` ``-`` by forfeit, and for a
  round without a game ``U`` pairing-allocated bye, ``F`` full-point bye, ``H`` half-point bye,
  ``Z`` zero-point bye or absence).

Starting numbers are the pairing numbers: the order of ratings over everyone entered, highest
first, then player id (as :func:`matchmaking.swiss.players_from_results` numbers them).  Reading
a file gives each player their starting number as id.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from matchmaking.standings import Bye, ByeKind, Game
from matchmaking.swiss import BLACK, WHITE

_BYE_CODE = {ByeKind.PAIRING: "U", ByeKind.FULL: "F", ByeKind.HALF: "H", ByeKind.ZERO: "Z"}
_BYE_KIND = {code: kind for kind, code in _BYE_CODE.items()}
_BYE_POINTS = {"U": 1.0, "F": 1.0, "H": 0.5, "Z": 0.0}


class TrfError(ValueError):
    """The text is not a TRF file this module can read (the message says where)."""


@dataclass(frozen=True, slots=True)
class TrfEvent:
    """A two-seat Swiss as a TRF file holds it.

    ``names`` and ``ratings`` are per player id; ``games`` are two-seat games (seat 0 white) and
    ``byes`` the rounds without one.  ``rounds`` is the number of rounds the event will have (not
    how many were played).
    """

    name: str
    rounds: int
    initial_colour: int
    names: Mapping[int, str]
    ratings: Mapping[int, float]
    games: tuple[Game, ...]
    byes: tuple[Bye, ...]


def starting_numbers(ratings: Mapping[int, float]) -> dict[int, int]:
    """Player id -> starting number: by rating, highest first, then id."""
    order = sorted(ratings, key=lambda p: (-float(ratings[p]), p))
    return {p: k + 1 for k, p in enumerate(order)}


def dumps(event: TrfEvent) -> str:
    """The event as TRF text (one line per record, ``\\n`` line ends)."""
    numbers = starting_numbers(event.ratings)
    cells: dict[int, dict[int, str]] = {p: {} for p in numbers}
    points: dict[int, float] = dict.fromkeys(numbers, 0.0)
    for game in event.games:
        if len(game.players) != 2:
            raise TrfError(f"round {game.round}: TRF holds two-seat games only")
        scored = game.seat_points()
        for seat, (me, other) in enumerate((game.players, game.players[::-1])):
            colour = "w" if seat == 0 else "b"
            if me in game.absent:
                code = "-"
            elif other in game.absent:
                code = "+"
            else:
                code = {1.0: "1", 0.5: "=", 0.0: "0"}[scored[seat]]
            cells[me][game.round] = f"{numbers[other]:4d} {colour} {code}"
            points[me] += scored[seat]
    for bye in event.byes:
        code = _BYE_CODE[bye.kind]
        cells[bye.player][bye.round] = f"0000 - {code}"
        points[bye.player] += bye.points
    played = max([g.round for g in event.games] + [b.round for b in event.byes], default=0)
    colour = "white1" if event.initial_colour == WHITE else "black1"
    lines = [f"012 {event.name}", f"XXR {event.rounds}", f"XXC {colour}"]
    for player, number in sorted(numbers.items(), key=lambda item: item[1]):
        rating = max(0, min(9999, round(event.ratings[player])))
        name = event.names.get(player, f"Player {number}")[:33]
        line = (
            f"001 {number:4d}      {name:<33} {rating:4d} {'':3} {'':11} {'':10}"
            f" {points[player]:4.1f} {number:4d}"
        )
        for r in range(1, played + 1):
            line += "  " + cells[player].get(r, "0000 - Z")
        lines.append(line)
    return "\n".join(lines) + "\n"


def loads(text: str) -> TrfEvent:
    """Read TRF text (as :func:`dumps` writes it, or as the pairing programs do)."""
    name = ""
    rounds = 0
    initial = WHITE
    names: dict[int, str] = {}
    ratings: dict[int, float] = {}
    cells: dict[int, list[tuple[int, str, str]]] = {}
    for lineno, line in enumerate(text.splitlines(), start=1):
        tag = line[:3]
        if tag == "012":
            name = line[4:].strip()
        elif tag == "XXR":
            rounds = _int(line[4:], lineno)
        elif tag == "XXC":
            initial = BLACK if "black1" in line[4:].split() else WHITE
        elif tag == "001":
            number = _int(line[4:8], lineno)
            names[number] = line[14:47].strip()
            rating = line[48:52].strip()
            ratings[number] = float(_int(rating, lineno)) if rating else 0.0
            row = []
            for start in range(91, len(line.rstrip()), 10):
                cell = line[start : start + 8]
                opponent = cell[0:4].strip()
                row.append((_int(opponent, lineno) if opponent else 0, cell[5:6], cell[7:8]))
            cells[number] = row
    return TrfEvent(
        name=name,
        rounds=rounds,
        initial_colour=initial,
        names=names,
        ratings=ratings,
        games=tuple(_games(cells)),
        byes=tuple(_byes(cells)),
    )


def _int(text: str, lineno: int) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise TrfError(f"line {lineno}: {text.strip()!r} is not a number") from None


def _games(cells: Mapping[int, Sequence[tuple[int, str, str]]]) -> list[Game]:
    """Each game once, from its white player's cell."""
    out = []
    for player, row in cells.items():
        for index, (opponent, colour, code) in enumerate(row):
            if opponent == 0 or colour != "w":
                continue
            theirs = cells.get(opponent, ())
            if index >= len(theirs) or theirs[index][0] != player:
                raise TrfError(f"round {index + 1}: {player} and {opponent} disagree")
            other = theirs[index][2]
            absent = frozenset(p for p, c in ((player, code), (opponent, other)) if c == "-")
            won = {"1": 1, "+": 1, "=": 0, "0": -1, "-": -1}[code]
            lost = {"1": 1, "+": 1, "=": 0, "0": -1, "-": -1}[other]
            placings = (1, 1) if won == lost else (1, 2) if won > lost else (2, 1)
            out.append(Game(index + 1, (player, opponent), placings, absent=absent))
    return out


def _byes(cells: Mapping[int, Sequence[tuple[int, str, str]]]) -> list[Bye]:
    out = []
    for player, row in cells.items():
        for index, (opponent, _, code) in enumerate(row):
            if opponent == 0 and code in _BYE_KIND:
                out.append(Bye(index + 1, player, _BYE_KIND[code], _BYE_POINTS[code]))
    return out
