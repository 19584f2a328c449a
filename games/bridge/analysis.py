"""The analysis of a finished Bridge deal, as BBO gives it after a board: the double-dummy table,
par, and for every card played whether it cost its side a trick double-dummy.

Pure computation over endplay's DDS (:mod:`games.bridge.dds` holds the conversions and the lock;
endplay loads with this module, which only the analysis job imports).  The platform calls
:func:`analyse` from a background job once the match is over — it shows all four hands, so it is
never run for a deal still in play.

- *The table*: for each strain and each seat as declarer, the tricks that declarer takes when all
  four hands are known and everyone plays perfectly (``calc_dd_table``).
- *Par*: the contract(s) both sides reach when each bids as high as pays against the table, and its
  score for North–South (``par``; the dealer is always South here).
- *Cards*: before each card, the tricks the side on play still takes with its best card and with
  the card played (one ``solve_board`` call per card: every legal card's value at once); the
  difference is what the card cost (0 for a double-dummy-correct card).  Only the cards actually
  played are judged: a deal ended by an accepted claim stops there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Final

from endplay.dds import calc_dd_table, par
from endplay.types import Player, Vul

from games.bridge import dds
from games.bridge.calls import NOTRUMP, STRAINS
from games.bridge.deals import DEALER, SEATS
from games.bridge.solver import mask_of
from games.cards.notation import NAMES
from games.core import JSON, AnalysisInput

VERSION: Final = 1
"""Bumped when the result's shape changes (stored results carry it)."""

_VULNERABILITY: Final = {"none": 0, "both": 1, "ns": 2, "ew": 3}
"""The deal's vulnerability as endplay's ``Vul`` numbers."""


@dataclass(frozen=True, slots=True)
class CardVerdict:
    """One card played: ``best`` and ``got`` are the tricks the playing side takes from this
    point on (the current trick included) with its best card and with the card played."""

    index: int
    """The card's place in the play, 0 for the opening lead."""
    seat: int
    """The hand the card came from (the dummy's seat for the dummy's cards)."""
    card: str
    best: int
    got: int

    @property
    def cost(self) -> int:
        return self.best - self.got


@dataclass(frozen=True, slots=True)
class ParContract:
    level: int
    strain: str
    declarer: int
    doubled: int
    result: int
    """Overtricks (positive) or undertricks (negative) of the par contract."""


@dataclass(frozen=True, slots=True)
class DealAnalysis:
    table: dict[str, list[int]]
    """Strain name → tricks for each seat (0 South … 3 East) as declarer."""
    par_score: int
    """Par for North–South (East–West's is its negative)."""
    par: list[ParContract]
    cards: list[CardVerdict]

    def to_json(self) -> dict[str, JSON]:
        return {
            "version": VERSION,
            "table": {k: list(v) for k, v in self.table.items()},
            "par": {"score": self.par_score, "contracts": [asdict(p) for p in self.par]},
            "cards": [{**asdict(c), "cost": c.cost} for c in self.cards],
        }


def _row(strain: int) -> int:
    """endplay's strain index (spades 0 … clubs 3, no trump 4) of one of ours."""
    return 4 if strain == NOTRUMP else 3 - strain


def dd_table(deal: Sequence[Sequence[int]]) -> tuple[dict[str, list[int]], object]:
    """The double-dummy table of the four hands (seat order), and endplay's own table for
    :func:`par_of`."""
    position = dds.position([mask_of(h) for h in deal], DEALER, [], NOTRUMP)
    with dds.LOCK:
        raw = calc_dd_table(position)
    rows = raw.to_list()
    table = {
        STRAINS[s]: [int(rows[_row(s)][(seat + 2) % SEATS]) for seat in range(SEATS)]
        for s in range(len(STRAINS))
    }
    return table, raw


def par_of(raw_table: object, vulnerability: str) -> tuple[int, list[ParContract]]:
    """Par of a table from :func:`dd_table`: North–South's score and the contract(s)."""
    with dds.LOCK:
        found = par(raw_table, Vul(_VULNERABILITY[vulnerability]), Player.south)  # type: ignore[arg-type]
    contracts = [
        ParContract(
            level=int(c.level),
            strain=STRAINS[NOTRUMP if int(c.denom) == 4 else 3 - int(c.denom)],
            declarer=(int(c.declarer) + 2) % SEATS,
            doubled=int(c.penalty) - 1,
            result=int(c.result),
        )
        for c in found
    ]
    return int(found.score), contracts


def card_verdicts(
    deal: Sequence[Sequence[int]], trump: int, plays: Sequence[tuple[int, int]]
) -> list[CardVerdict]:
    """Judge ``plays`` — (leader of its trick, card) in playing order from the opening lead —
    on the hands dealt; tricks are cut every four cards, the winner read from the next leader.

    Raises ``ValueError`` on a card its hand did not hold."""
    hands = [mask_of(h) for h in deal]
    verdicts: list[CardVerdict] = []
    trick: list[int] = []
    for index, (leader, card) in enumerate(plays):
        seat = (leader + len(trick)) % SEATS
        if not hands[seat] >> card & 1:
            raise ValueError(f"card {NAMES[card]} (play {index}) is not in seat {seat}'s hand")
        values = dds.card_values(hands, leader, trick, trump)
        verdicts.append(
            CardVerdict(index, seat, NAMES[card], best=max(values.values()), got=values[card])
        )
        hands[seat] &= ~(1 << card)
        trick.append(card)
        if len(trick) == SEATS:
            trick = []
    return verdicts


def offered(record: AnalysisInput) -> bool:
    """The platform's ``offered`` rule for Bridge: only a deal played to its end has a play to
    judge (a match resigned or lost on time mid-play has not)."""
    return record.state.get("phase") == "over"


def analyse(record: AnalysisInput) -> dict[str, JSON]:
    """The platform's ``analyse`` hook for Bridge: the final snapshot is the whole deal (the
    auction and every card), so the rest of the record is not needed."""
    return analyse_deal(record.state)


def analyse_deal(state: Mapping[str, JSON]) -> dict[str, JSON]:
    """The analysis of a finished deal from the engine's own snapshot (``BridgeState.to_json``).
    Raises ``ValueError`` on a deal not over."""
    if state.get("phase") != "over":
        raise ValueError("the deal is not over: its analysis would show hidden hands")
    deal = [list(h) for h in state["deal"]]
    table, raw = dd_table(deal)
    par_score, contracts = par_of(raw, str(state["vulnerability"]))
    plays: list[tuple[int, int]] = []
    for leader, cards, _winner in state["tricks"]:
        plays.extend((leader, c) for c in cards)
    plays.extend((int(state["leader"]), c) for c in state["trick"])
    contract = state["contract"]
    cards = [] if contract is None else card_verdicts(deal, int(contract[1]), plays)
    return DealAnalysis(table, par_score, contracts, cards).to_json()
