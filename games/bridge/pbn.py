"""Hand records: a Bridge deal written in PBN, the Portable Bridge Notation 2.1 *export format*.

:func:`board_pbn` writes one game (one deal as played) from the engine's own state, a
:class:`~games.bridge.state.BridgeState`: the four hands as dealt, the vulnerability, the calls and
the tricks all come from it, never from what a caller says happened.  :func:`pbn_file` puts games
under the file header (``% PBN 2.1`` / ``% EXPORT``) and :func:`export_pbn` does both for one deal.
A caller holding the stored JSON instead rebuilds the state with ``BridgeState.from_json``; one
holding the move log replays it with :func:`replay` (the seed, the options and the ``(seat, action
JSON)`` pairs, exactly as the platform stores them).

The tags, in the export order of the standard: the 15 mandatory tags ``Event``, ``Site``, ``Date``,
``Board``, ``West``, ``North``, ``East``, ``South``, ``Dealer``, ``Vulnerable``, ``Deal``,
``Scoring``, ``Declarer``, ``Contract``, ``Result`` (an unknown value is ``"?"``), then the
supplemental ``Score`` tag (the North–South score, ``"NS 620"``; only for a finished deal), then
the auction section (``[Auction "S"]`` and four calls a line, ``Pass``, ``X``, ``XX``, ``1C`` …
``7NT``, the closing passes written out) and the play section (``[Play "<opening leader>"]`` and
one trick a line, the cards in the *columns* of the opening leader and the players after them
clockwise — not in the order of that trick — as ``<suit><rank>``, ``SA``, ``HT``, ``C2``).

Engine → PBN: the engine's seats 0 South, 1 West, 2 North, 3 East are ``S``, ``W``, ``N``, ``E``;
the vulnerability ``none`` / ``ns`` / ``ew`` / ``both`` is ``None`` / ``NS`` / ``EW`` / ``All``;
the ``Deal`` tag starts with the dealer (``"S:…"``, as the export format requires: ``<first>`` is
the dealer) and lists each hand spades, hearts, diamonds, clubs (``.`` between suits), ranks
``AKQJT98765432`` high to low.  A passed-out deal has ``Declarer ""``, ``Contract "Pass"``,
``Result ""``, ``Score "NS 0"``, the four passes, and no play section.

**Only finished deals, unless told otherwise.**  The ``Deal`` tag shows all four hands as they
were dealt; written while the deal is still being played it would reveal every hidden card.  So
:func:`board_pbn` refuses a deal that is not over (``ValueError``) unless the caller passes
``reveal_hidden=True`` on purpose (an operator's tool, a test).  Such a record ends its auction or
its play with ``+`` (the next call or card, per the standard) and ``-`` for the cards of the
current trick not yet played; its ``Result`` counts the declarer's tricks so far (``"?"`` while
the auction runs) and it has no ``Score`` tag.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from games.bridge import calls as auction
from games.bridge.actions import decode_action
from games.bridge.calls import STRAINS, Contract
from games.bridge.deals import DEALER, SEAT_LETTERS, SEATS
from games.bridge.state import BridgeState
from games.core import JSON

PBN_VERSION: Final = "2.1"
HEADER: Final = f"% PBN {PBN_VERSION}\n% EXPORT\n"
RANK_LETTERS: Final = "23456789TJQKA"
"""PBN's rank characters, indexed by ``card % 13`` (the :mod:`games.cards` numbering)."""
SUIT_LETTERS: Final = "CDHS"
"""PBN's suit letters, indexed by ``card // 13``."""
PBN_SUIT_ORDER: Final = (3, 2, 1, 0)
"""A PBN hand lists spades, hearts, diamonds, clubs."""
VULNERABLE: Final = {"none": "None", "ns": "NS", "ew": "EW", "both": "All"}
"""The engine's vulnerability → the export format's ``Vulnerable`` tag value."""
UNKNOWN: Final = "?"
DIRECTIONS: Final = ("W", "N", "E", "S")
"""The players' tags in the order the standard lists them."""
_PLAYER_TAGS: Final = {"W": "West", "N": "North", "E": "East", "S": "South"}

_DATE = re.compile(r"[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}")


def seat_letter(seat: int) -> str:
    """``S``, ``W``, ``N`` or ``E`` for the engine's seat 0, 1, 2, 3."""
    return SEAT_LETTERS[seat]


def card_pbn(card: int) -> str:
    """A card as the play section writes it: suit then rank, ``"SA"``, ``"HT"``, ``"C2"``."""
    return SUIT_LETTERS[card // 13] + RANK_LETTERS[card % 13]


def hand_pbn(cards: Iterable[int]) -> str:
    """A hand as the ``Deal`` tag writes it: ``"AK32.Q5.T9842.7"`` (a void is an empty suit)."""
    held = sorted(cards, reverse=True)
    return ".".join(
        "".join(RANK_LETTERS[c % 13] for c in held if c // 13 == suit) for suit in PBN_SUIT_ORDER
    )


def deal_pbn(hands: Sequence[Sequence[int]], first: int = DEALER) -> str:
    """The ``Deal`` tag value: ``<first>:`` then the four hands clockwise from ``first``."""
    return f"{seat_letter(first)}:" + " ".join(
        hand_pbn(hands[(first + i) % SEATS]) for i in range(SEATS)
    )


def call_pbn(call: int) -> str:
    """A call number as PBN writes it: ``Pass``, ``X``, ``XX``, ``1C`` … ``7NT``."""
    if call == auction.PASS:
        return "Pass"
    if call == auction.DOUBLE:
        return "X"
    if call == auction.REDOUBLE:
        return "XX"
    return f"{auction.level_of(call)}{STRAINS[auction.strain_of(call)]}"


def contract_pbn(contract: Contract | None) -> str:
    """The ``Contract`` tag value: ``"4S"``, ``"3NTX"``, ``"6HXX"``, or ``"Pass"`` (None)."""
    if contract is None:
        return "Pass"
    return f"{contract.level}{STRAINS[contract.strain]}{('', 'X', 'XX')[contract.doubled]}"


def _lines(tokens: Sequence[str], per_line: int = SEATS) -> list[str]:
    return [" ".join(tokens[i : i + per_line]) for i in range(0, len(tokens), per_line)]


def auction_lines(state: BridgeState) -> list[str]:
    """The auction section's lines after ``[Auction "S"]``: four calls a line from the dealer,
    and ``+`` for the next call while the auction runs."""
    tokens = [call_pbn(c) for c in state.calls]
    if state.phase == "auction":
        tokens.append("+")
    return _lines(tokens)


def play_lines(state: BridgeState) -> list[str]:
    """The play section's lines after ``[Play "<opening leader>"]``: one trick a line, column
    ``k`` holding the card of the seat ``k`` places clockwise after the opening leader, whoever led
    that trick; an unfinished trick has ``+`` for the next card and ``-`` for the others."""
    contract = state.contract
    if contract is None:
        return []
    opening = (contract.declarer + 1) % SEATS
    tricks = [(t.leader, list(t.cards)) for t in state.tricks]
    if state.phase == "play" and len(state.tricks) < 13:
        tricks.append((state.leader, list(state.trick)))
    lines = []
    for leader, cards in tricks:
        row = ["-"] * SEATS
        for i, card in enumerate(cards):
            row[(leader + i - opening) % SEATS] = card_pbn(card)
        if len(cards) < SEATS:
            row[(leader + len(cards) - opening) % SEATS] = "+"
        lines.append(" ".join(row))
    return lines


def _quoted(value: str) -> str:
    """A tag value as a PBN string (quotes and backslashes escaped, one line)."""
    if any(ord(ch) < 32 for ch in value):
        raise ValueError("a PBN tag value is one line of printable characters")
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _tag(name: str, value: str) -> str:
    return f'[{name} "{_quoted(value)}"]'


def _ns_score(state: BridgeState) -> int:
    return state.side_scores()[0]


def board_pbn(
    state: BridgeState,
    *,
    board: int = 1,
    event: str = UNKNOWN,
    site: str = UNKNOWN,
    date: str = UNKNOWN,
    players: Mapping[int, str] | None = None,
    scoring: str = UNKNOWN,
    reveal_hidden: bool = False,
) -> str:
    """One PBN game (its lines, each ending with a newline) for the deal in ``state``.

    ``players`` names the engine's seats (0 South, 1 West, 2 North, 3 East; a seat left out is
    ``"?"``); ``date`` is ``"YYYY.MM.DD"`` with ``?`` for unknown digits, or ``"?"``; ``scoring`` is
    the ``Scoring`` tag (e.g. ``"IMP"``, ``"MP"``; ``"?"`` by default, since a match on the
    platform is one deal scored on its own).  A deal that is not over is refused unless
    ``reveal_hidden`` (the record would show every hidden hand).
    """
    over = state.is_over()
    if not over and not reveal_hidden:
        raise ValueError(
            "the deal is not over: its record would reveal the hidden hands"
            " (pass reveal_hidden=True to export it anyway)"
        )
    if board < 1:
        raise ValueError("a board number is a positive integer")
    if date != UNKNOWN and not _DATE.fullmatch(date):
        raise ValueError('a PBN date is "YYYY.MM.DD" (with ? for unknown digits) or "?"')
    names = players or {}
    contract = state.contract
    passed_out = over and contract is None
    if passed_out:
        declarer, contract_tag, result = "", "Pass", ""
    elif contract is None:
        declarer, contract_tag, result = UNKNOWN, UNKNOWN, UNKNOWN
    else:
        declarer = seat_letter(contract.declarer)
        contract_tag = contract_pbn(contract)
        result = str(state.tricks_won()[contract.declarer % 2])
    lines = [
        _tag("Event", event),
        _tag("Site", site),
        _tag("Date", date),
        _tag("Board", str(board)),
        *(_tag(_PLAYER_TAGS[d], names.get(SEAT_LETTERS.index(d), UNKNOWN)) for d in DIRECTIONS),
        _tag("Dealer", seat_letter(DEALER)),
        _tag("Vulnerable", VULNERABLE[state.vulnerability]),
        _tag("Deal", deal_pbn(state.deal)),
        _tag("Scoring", scoring),
        _tag("Declarer", declarer),
        _tag("Contract", contract_tag),
        _tag("Result", result),
    ]
    if over:
        lines.append(_tag("Score", f"NS {_ns_score(state)}"))
    lines.append(_tag("Auction", seat_letter(DEALER)))
    lines.extend(auction_lines(state))
    if contract is not None and (state.tricks or state.trick or state.phase == "play"):
        lines.append(_tag("Play", seat_letter((contract.declarer + 1) % SEATS)))
        lines.extend(play_lines(state))
    return "".join(line + "\n" for line in lines)


def pbn_file(games: Iterable[str]) -> str:
    """A PBN file in export format: the header, then the games, an empty line before each one
    after the first."""
    return HEADER + "\n".join(games)


def export_pbn(
    state: BridgeState,
    *,
    board: int = 1,
    event: str = UNKNOWN,
    site: str = UNKNOWN,
    date: str = UNKNOWN,
    players: Mapping[int, str] | None = None,
    scoring: str = UNKNOWN,
    reveal_hidden: bool = False,
) -> str:
    """The PBN file of one deal: :func:`pbn_file` of :func:`board_pbn` (same keywords)."""
    game = board_pbn(
        state,
        board=board,
        event=event,
        site=site,
        date=date,
        players=players,
        scoring=scoring,
        reveal_hidden=reveal_hidden,
    )
    return pbn_file([game])


def replay(
    options: Mapping[str, JSON], seed: int, moves: Iterable[tuple[int, JSON]]
) -> BridgeState:
    """The deal rebuilt from the match's options, seed and move log (``(seat, action JSON)`` in
    order, as the platform stores them); an illegal move raises as :meth:`BridgeState.apply`."""
    state = BridgeState.new(SEATS, options, seed)
    for seat, raw in moves:
        state.apply(seat, decode_action(raw))
    return state
