"""The "replay check" of an uploaded TRF file: for each round of the file, would our Dutch pairing
(``matchmaking.swiss``) have paired the same boards, with the same colours and the same bye?

It is what an arbiter does with another program's file, or with our own export, to trust (or
question) a pairing engine: replay the event round by round from the results before each round
and compare.  Nothing is stored: the file is read, paired and compared in memory
(docs/tournaments.md, "TRF exchange" says why this and not an import of the event).

``matchmaking.trf.loads`` reads any well-formed file; this module first checks the file line by
line so that a bad one is refused with the line and the reason (``TrfFileError``), before any
pairing runs.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from django.utils.translation import gettext as _

from matchmaking import swiss, trf
from matchmaking.standings import ByeKind, Results

MAX_BYTES = 2_000_000
"""Larger uploads are refused (a 1,000-player, 15-round file is some 250 kB)."""

MAX_PLAYERS = 2_000
"""More players than this are refused: every round is paired again, which takes seconds each."""

_GAME_CODES = frozenset("1=0+-")
_BYE_CODES = frozenset("UFHZ-")
"""Without an opponent: the byes, and ``-`` (absent, no points; read as a zero-point bye)."""
_SCORES = {"1": 1.0, "+": 1.0, "=": 0.5, "0": 0.0, "-": 0.0}


class TrfFileError(ValueError):
    """A file the check cannot read; the message is translated and names the line."""


@dataclass(frozen=True)
class RoundCheck:
    """One round compared: the boards (white, black starting numbers) and the bye each side has."""

    number: int
    file_boards: tuple[tuple[int, int], ...]
    our_boards: tuple[tuple[int, int], ...]
    file_bye: int | None
    our_bye: int | None
    relaxed: tuple[str, ...]

    @property
    def same(self) -> bool:
        return set(self.file_boards) == set(self.our_boards) and self.file_bye == self.our_bye

    @property
    def only_in_file(self) -> list[tuple[int, int]]:
        ours = set(self.our_boards)
        return [b for b in self.file_boards if b not in ours]

    @property
    def only_ours(self) -> list[tuple[int, int]]:
        theirs = set(self.file_boards)
        return [b for b in self.our_boards if b not in theirs]


@dataclass(frozen=True)
class Check:
    """The whole file compared, round by round, with its players' names by starting number."""

    event: trf.TrfEvent
    rounds: tuple[RoundCheck, ...]

    @property
    def agreed(self) -> int:
        return sum(r.same for r in self.rounds)


def decode(data: bytes) -> str:
    """UTF-8 (with or without a byte order mark), else Latin-1: the pairing programs write
    either, and the text outside names is ASCII in both."""
    if len(data) > MAX_BYTES:
        raise TrfFileError(
            _("The file is larger than %(limit)d kB.") % {"limit": MAX_BYTES // 1000}
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read(text: str) -> trf.TrfEvent:
    """The event of a TRF file, or :class:`TrfFileError` naming the first line that is wrong."""
    cells: dict[int, tuple[int, list[tuple[int, str, str]]]] = {}
    for lineno, line in enumerate(text.splitlines(), start=1):
        tag = line[:3]
        if tag == "XXR":
            _number(line[4:], lineno, _("the number of rounds"))
        elif tag == "001":
            number = _number(line[4:8], lineno, _("the starting number"))
            if number < 1:
                raise _line_error(lineno, _("the starting number must be 1 or more."))
            if number in cells:
                raise _line_error(
                    lineno,
                    _("starting number %(n)d is listed twice (first on line %(first)d).")
                    % {"n": number, "first": cells[number][0]},
                )
            rating = line[48:52].strip()
            if rating:
                _number(rating, lineno, _("the rating"))
            cells[number] = (lineno, _cells(line, lineno))
    if not cells:
        raise TrfFileError(_("The file has no player lines (lines starting with 001)."))
    if len(cells) > MAX_PLAYERS:
        raise TrfFileError(_("The file has more than %(limit)d players.") % {"limit": MAX_PLAYERS})
    _check_opponents(cells)
    try:
        return trf.loads(text)
    except (trf.TrfError, ValueError) as exc:  # what the checks above do not foresee
        raise TrfFileError(_("The file cannot be read: %(reason)s") % {"reason": exc}) from None


def _line_error(lineno: int, reason: str) -> TrfFileError:
    return TrfFileError(_("Line %(line)d: %(reason)s") % {"line": lineno, "reason": reason})


def _number(text: str, lineno: int, what: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise _line_error(
            lineno,
            _("%(what)s %(text)s is not a whole number.")
            % {"what": what, "text": repr(text.strip())},
        ) from None


def _cells(line: str, lineno: int) -> list[tuple[int, str, str]]:
    """The round cells of a 001 line (columns 92 on, ten characters each): opponent, colour,
    result."""
    row = []
    for index, start in enumerate(range(91, len(line.rstrip()), 10), start=1):
        cell = line[start : start + 8]
        opponent_text = cell[0:4].strip()
        colour, code = cell[5:6], cell[7:8]
        where = _("round %(r)d") % {"r": index}
        opponent = _number(opponent_text, lineno, where) if opponent_text else 0
        if opponent:
            if colour not in ("w", "b"):
                raise _line_error(
                    lineno,
                    _("%(where)s: the colour %(colour)s is not w or b.")
                    % {"where": where, "colour": repr(colour)},
                )
            if code not in _GAME_CODES:
                raise _line_error(
                    lineno,
                    _("%(where)s: the result %(code)s is not one of 1 = 0 + -.")
                    % {"where": where, "code": repr(code)},
                )
        elif code not in _BYE_CODES and code.strip():
            raise _line_error(
                lineno,
                _(
                    "%(where)s: a round without an opponent needs a bye code (U F H Z, or - for "
                    "absent), not %(code)s."
                )
                % {"where": where, "code": repr(code)},
            )
        row.append((opponent, colour, code))
    return row


def _check_opponents(cells: dict[int, tuple[int, list[tuple[int, str, str]]]]) -> None:
    """Each game is written twice, once on each player's line: the two must agree."""
    for number, (lineno, row) in cells.items():
        for index, (opponent, colour, code) in enumerate(row):
            if not opponent:
                continue
            where = _("round %(r)d") % {"r": index + 1}
            if opponent == number:
                raise _line_error(
                    lineno, _("%(where)s: the player meets themselves.") % {"where": where}
                )
            if opponent not in cells:
                raise _line_error(
                    lineno,
                    _("%(where)s: the opponent %(o)d has no player line.")
                    % {"where": where, "o": opponent},
                )
            their_line, theirs = cells[opponent]
            back = theirs[index] if index < len(theirs) else (0, "", "")
            if back[0] != number or back[1] == colour:
                raise _line_error(
                    lineno,
                    _(
                        "%(where)s: %(n)d meets %(o)d with %(colour)s, but line %(other)d does "
                        "not show that game."
                    )
                    % {
                        "where": where,
                        "n": number,
                        "o": opponent,
                        "colour": colour,
                        "other": their_line,
                    },
                )
            total = _SCORES[code] + _SCORES[back[2]]
            forfeit = code in "+-" or back[2] in "+-"
            if total != 1.0 and not (forfeit and total == 0.0):
                raise _line_error(
                    lineno,
                    _(
                        "%(where)s: the results %(mine)s and %(theirs)s (line %(other)d) do not "
                        "add up."
                    )
                    % {"where": where, "mine": code, "theirs": back[2], "other": their_line},
                )


def replay(event: trf.TrfEvent) -> Check:
    """Pair every round of the file again from the results before it and compare.

    Who is paired in round r is whoever the file shows at a board (a forfeit too: the pairing
    was made, the game not played) or with the pairing-allocated bye ``U``; a half-point,
    full-point or zero-point bye is a round the player asked to sit out (or missed) and is not
    paired.  Pairing numbers are the file's starting numbers, as given (not renumbered by
    rating), so the comparison holds for a file whose numbering has other tie rules.
    """
    played = max([g.round for g in event.games] + [b.round for b in event.byes], default=0)
    players = sorted(event.names)
    checks = []
    for r in range(1, played + 1):
        before = Results(
            players,
            [g for g in event.games if g.round < r],
            [b for b in event.byes if b.round < r],
            rounds=r - 1,
        )
        boards = tuple((g.players[0], g.players[1]) for g in event.games if g.round == r)
        bye = next(
            (b.player for b in event.byes if b.round == r and b.kind == ByeKind.PAIRING), None
        )
        entrants = sorted({p for b in boards for p in b} | ({bye} if bye is not None else set()))
        field = [
            dataclasses.replace(p, pairing_number=p.player_id)
            for p in swiss.players_from_results(before, event.ratings, entrants=entrants)
        ]
        ours = swiss.pair_round(
            field,
            total_rounds=event.rounds or None,
            rounds_played=r - 1,
            initial_colour=event.initial_colour,
        )
        checks.append(
            RoundCheck(
                number=r,
                file_boards=boards,
                our_boards=tuple((b.white, b.black) for b in ours.boards),
                file_bye=bye,
                our_bye=ours.bye,
                relaxed=ours.relaxed,
            )
        )
    return Check(event=event, rounds=tuple(checks))
