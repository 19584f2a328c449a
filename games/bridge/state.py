"""The Bridge deal: the auction, the play of the 13 tricks and the score.

Seats 0 South, 1 West, 2 North, 3 East; North–South (seats 0 and 2) play against East–West
(seats 1 and 3), team = ``seat % 2``.  Everything goes clockwise, ``(seat + 1) % 4`` next.  South
deals (``games.bridge.deals``) and calls first.  After the auction the declarer's left-hand
opponent leads; the dummy's cards are public from the moment that opening lead is on the table,
and from then on the declarer plays them: while the dummy's hand is to play, the *declarer's*
seat is the one that must act (and is offered the dummy's cards).  The trick's winner leads to the
next.  After 13 tricks, or a passed-out auction, the deal (and so the match) is over.

Claims (Laws 68–70, as the opponents answer them online): whenever the declarer's side is to play
a card, the declarer may claim ``n`` of the remaining tricks (:class:`~games.bridge.actions.Claim`).
Play stops and the claim is *pending*: the declarer's remaining cards are shown to the two
defenders (as a claimer faces its hand at the table; they stay shown to them for the rest of the
deal), and both defenders must answer — :class:`~games.bridge.actions.AcceptClaim` or
:class:`~games.bridge.actions.RejectClaim` — at once, in either order (``pending()`` names both).
When both have accepted the play ends: ``n`` tricks go to the declarer's side, the rest to the
defenders, and the deal is scored.  One rejection is enough: play continues from the same
position, and the declarer may not claim again until the trick in progress is finished.  The
engine never judges a claim itself; robots defending answer by
:mod:`games.bridge.claim_check` (accept only a claim with no guess in it), from their own view.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from games.bridge import calls as auction
from games.bridge.actions import (
    AcceptClaim,
    Action,
    Claim,
    Play,
    RejectClaim,
    call_action,
    call_code,
    call_json,
    valid_shape,
)
from games.bridge.calls import NOTRUMP, STRAINS, Contract
from games.bridge.deals import DEALER, SEATS, first_deal, hand_order, vulnerable
from games.bridge.scoring import Score, score
from games.bridge.tricks import playable, winning_index
from games.cards.notation import NAMES
from games.cards.partnerships import forfeit_partnership, require_four_players
from games.core import JSON, Decision, Event, IllegalAction, MalformedAction, SeatResult

TRICKS: Final = 13
SIDES: Final = ("ns", "ew")
Phase = Literal["auction", "play", "over"]


ANSWERS: Final = (AcceptClaim(), RejectClaim())


def names(cards: Sequence[int]) -> list[str]:
    return [NAMES[c] for c in sorted(cards, key=hand_order)]


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led, the cards in playing order, who won it."""

    leader: int
    cards: tuple[int, ...]
    winner: int

    def view(self) -> dict[str, JSON]:
        return {
            "leader": self.leader,
            "cards": [
                {"seat": (self.leader + i) % SEATS, "card": NAMES[c]}
                for i, c in enumerate(self.cards)
            ],
            "winner": self.winner,
        }


def contract_json(contract: Contract) -> dict[str, JSON]:
    return {
        "level": contract.level,
        "strain": STRAINS[contract.strain],
        "doubled": contract.doubled,
        "declarer": contract.declarer,
        "dummy": contract.dummy,
        "target": contract.target,
    }


class BridgeState:
    """One deal of Bridge (see :mod:`games.core` for the protocol)."""

    seed: int
    vulnerability: str
    deal: tuple[tuple[int, ...], ...]
    """The four hands as dealt (seat order)."""
    hands: list[list[int]]
    """The cards each seat still holds."""
    calls: list[int]
    """The auction so far (:mod:`games.bridge.calls` numbers), from South on."""
    contract: Contract | None
    phase: Phase
    tricks: list[Trick]
    leader: int
    """Who leads the current trick."""
    trick: list[int]
    """The cards played to the current trick, in order."""
    outcome: Score | None
    claimed: int | None
    """The tricks an accepted claim gave the declarer's side (None: no claim ended the play)."""
    refused_claims: list[tuple[int, int]]
    """Every rejected claim: (tricks finished when it was made, tricks claimed)."""
    claim: int | None
    """The tricks of the claim the defenders are answering (None: no claim pending)."""
    accepted: list[int]
    """The defenders who have accepted the pending claim."""
    declarer_shown: bool
    """A claim showed the declarer's cards to the defenders (for the rest of the deal)."""

    def __init__(self, seed: int, vulnerability: str, deal: tuple[tuple[int, ...], ...]) -> None:
        self.seed, self.vulnerability = seed, vulnerability
        self.deal = tuple(tuple(sorted(h, key=hand_order)) for h in deal)
        self.hands = [list(h) for h in self.deal]
        self.calls, self.contract, self.phase = [], None, "auction"
        self.tricks, self.leader, self.trick, self.outcome = [], DEALER, [], None
        self.claimed, self.refused_claims = None, []
        self.claim, self.accepted, self.declarer_shown = None, [], False

    # ---- construction -------------------------------------------------------------------------
    @classmethod
    def new(cls, seats: int, options: Mapping[str, JSON], seed: int) -> BridgeState:
        require_four_players("Bridge", seats)
        deal = first_deal(options, seed)
        assert deal.vulnerability is not None
        return cls(seed, deal.vulnerability, deal.hands)

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> BridgeState:
        state = cls(data["seed"], data["vulnerability"], tuple(tuple(h) for h in data["deal"]))
        state.hands = [list(h) for h in data["hands"]]
        state.calls = list(data["calls"])
        raw = data["contract"]
        state.contract = None if raw is None else Contract(*raw)
        state.phase = data["phase"]
        state.tricks = [Trick(t[0], tuple(t[1]), t[2]) for t in data["tricks"]]
        state.leader, state.trick = data["leader"], list(data["trick"])
        state.claimed = data.get("claimed")
        state.refused_claims = [(r[0], r[1]) for r in data.get("refused_claims", [])]
        # Snapshots from before claims went to the defenders have none of these: no claim pending.
        state.claim = data.get("claim")
        state.accepted = list(data.get("accepted", []))
        state.declarer_shown = bool(data.get("declarer_shown", False))
        if state.phase == "over":
            state.outcome = state._score()
        return state

    def to_json(self) -> dict[str, JSON]:
        c = self.contract
        return {
            "seed": self.seed,
            "vulnerability": self.vulnerability,
            "deal": [list(h) for h in self.deal],
            "hands": [list(h) for h in self.hands],
            "calls": list(self.calls),
            "contract": None if c is None else [c.level, c.strain, c.doubled, c.declarer],
            "phase": self.phase,
            "tricks": [[t.leader, list(t.cards), t.winner] for t in self.tricks],
            "leader": self.leader,
            "trick": list(self.trick),
            "claimed": self.claimed,
            "refused_claims": [list(r) for r in self.refused_claims],
            "claim": self.claim,
            "accepted": list(self.accepted),
            "declarer_shown": self.declarer_shown,
        }

    # ---- who acts -----------------------------------------------------------------------------
    @property
    def hand_to_play(self) -> int:
        """The seat whose cards go on the trick next."""
        return (self.leader + len(self.trick)) % SEATS

    @property
    def dummy_shown(self) -> bool:
        """The dummy's hand is public once the opening lead has been made."""
        return self.phase != "auction" and (bool(self.tricks) or bool(self.trick))

    def acting(self) -> int | None:
        """The seat that must act now (the declarer acts for the dummy); None while a claim waits
        for the defenders (:meth:`answering`) and once the deal is over."""
        if self.phase == "auction":
            return auction.to_call(self.calls, DEALER)
        if self.phase == "play" and self.claim is None:
            assert self.contract is not None
            hand = self.hand_to_play
            return self.contract.declarer if hand == self.contract.dummy else hand
        return None

    def defenders(self) -> tuple[int, int]:
        assert self.contract is not None
        declarer = self.contract.declarer
        return (declarer + 1) % SEATS, (declarer + 3) % SEATS

    def answering(self) -> list[int]:
        """The defenders who still have to answer the pending claim (both at once)."""
        if self.phase != "play" or self.claim is None:
            return []
        return [s for s in self.defenders() if s not in self.accepted]

    def to_act(self) -> list[int]:
        seat = self.acting()
        return [seat] if seat is not None else self.answering()

    def pending(self) -> list[Decision[Action]]:
        answering = self.answering()
        if answering:  # a real choice for each defender, made at the same time
            return [Decision(seat) for seat in answering]
        seat = self.acting()
        if seat is None:
            return []
        legal = self.legal_actions(seat)
        return [Decision(seat, forced=legal[0] if len(legal) == 1 else None)]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat in self.answering():
            return list(ANSWERS)
        if seat != self.acting():
            return []
        if self.phase == "auction":
            return [call_action(c) for c in auction.legal_calls(self.calls, DEALER)]
        plays: list[Action] = [Play(c) for c in playable(self.hands[self.hand_to_play], self.trick)]
        if self._may_claim(seat):
            # One representative claim (all the remaining tricks); apply takes any 0..remaining.
            plays.append(Claim(self.tricks_left))
        return plays

    @property
    def tricks_left(self) -> int:
        """Tricks not yet finished (the one in progress included)."""
        return TRICKS - len(self.tricks)

    def _may_claim(self, seat: int) -> bool:
        """Whether ``seat`` (acting in the play) may claim now: the declarer, and not again in
        the trick in which a claim was refused."""
        c = self.contract
        if self.phase != "play" or c is None or seat != c.declarer:
            return False
        if self.claim is not None:
            return False
        return not self.refused_claims or self.refused_claims[-1][0] != len(self.tricks)

    # ---- applying -----------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        if self.phase == "over":
            raise IllegalAction("deal_over", "the deal is over")
        if not valid_shape(action):
            raise MalformedAction(f"not a Bridge action: a {type(action).__name__}")
        if self.claim is not None:
            return self._while_claimed(seat, action)
        if isinstance(action, AcceptClaim | RejectClaim):
            raise IllegalAction("no_claim", "there is no claim to answer")
        if seat != self.acting():
            raise IllegalAction("not_your_turn", f"seat {seat} is not to act now")
        if self.phase == "auction":
            if isinstance(action, Play):
                raise IllegalAction("auction_running", "cards are played after the auction")
            if isinstance(action, Claim):
                raise IllegalAction("auction_running", "claims are made during the play")
            return self._call(seat, call_code(action))
        if isinstance(action, Claim):
            return self._claim(seat, action.tricks)
        if not isinstance(action, Play):
            raise IllegalAction("auction_over", "the auction is over: play a card")
        return self._play(action.card)

    def _while_claimed(self, seat: int, action: Action) -> list[Event]:
        """Only the defenders' answers are taken while a claim is pending."""
        assert self.contract is not None and self.claim is not None
        if seat in self.answering():
            if isinstance(action, AcceptClaim | RejectClaim):
                return self._answer(seat, accept=isinstance(action, AcceptClaim))
            raise IllegalAction(
                "claim_pending", "the declarer has claimed: accept or reject the claim first"
            )
        if seat in self.accepted:
            raise IllegalAction("claim_answered", "you have accepted the claim already")
        if seat == self.contract.declarer and isinstance(action, Claim):
            raise IllegalAction("claim_pending", "your claim is waiting for the defenders' answer")
        if seat == self.contract.declarer and isinstance(action, Play):
            raise IllegalAction(
                "claim_pending", "play has stopped: your claim is waiting for the defenders"
            )
        raise IllegalAction("not_your_turn", f"seat {seat} is not to act now")

    def _claim(self, seat: int, tricks: int) -> list[Event]:
        contract = self.contract
        assert contract is not None
        if seat != contract.declarer:
            raise IllegalAction("declarer_claims_only", "only the declarer may claim")
        left = self.tricks_left
        if tricks > left:
            raise IllegalAction("claim_too_many", f"only {left} tricks remain")
        if not self._may_claim(seat):
            raise IllegalAction(
                "claim_once_per_trick", "a claim was rejected in this trick: play a card"
            )
        self.claim, self.accepted, self.declarer_shown = tricks, [], True
        return [Event("claim", {"seat": seat, "tricks": tricks, "remaining": left})]

    def _answer(self, seat: int, *, accept: bool) -> list[Event]:
        contract, tricks = self.contract, self.claim
        assert contract is not None and tricks is not None
        data: dict[str, JSON] = {
            "seat": contract.declarer,
            "tricks": tricks,
            "remaining": self.tricks_left,
        }
        if not accept:
            self.refused_claims.append((len(self.tricks), tricks))
            self.claim, self.accepted = None, []
            return [Event("claim_rejected", {**data, "by": seat})]
        self.accepted.append(seat)
        if self.answering():
            return [Event("claim_answer", {"seat": seat, "accept": True})]
        self.claim, self.accepted = None, []
        self.claimed = tricks
        self.phase = "over"
        self.outcome = self._score()
        return [Event("claim_accepted", data), self._over_event()]

    def _call(self, seat: int, call: int) -> list[Event]:
        wrong = auction.why_illegal(self.calls, call, DEALER)
        if wrong is not None:
            raise IllegalAction(*wrong)
        self.calls.append(call)
        events = [Event("call", {"seat": seat, **call_json(call)})]
        now = auction.status(self.calls, DEALER)
        if not now.over:
            return events
        if now.passed_out:
            self.phase = "over"
            self.outcome = None
            return [*events, Event("passed_out", {}), self._over_event()]
        contract = auction.final_contract(self.calls, DEALER)
        assert contract is not None
        self.contract, self.phase = contract, "play"
        self.leader, self.trick = (contract.declarer + 1) % SEATS, []
        data = {"contract": contract_json(contract), "leader": self.leader}
        return [*events, Event("contract", data)]

    def _play(self, card: int) -> list[Event]:
        contract = self.contract
        assert contract is not None
        hand_seat = self.hand_to_play
        hand = self.hands[hand_seat]
        if card not in hand:
            whose = "the dummy does" if hand_seat == contract.dummy else "you do"
            raise IllegalAction("not_in_hand", f"{whose} not hold {NAMES[card]}")
        if card not in playable(hand, self.trick):
            raise IllegalAction("must_follow_suit", "follow the suit led when you can")
        opening = not self.tricks and not self.trick
        hand.remove(card)
        self.trick.append(card)
        events = [Event("play", {"seat": hand_seat, "card": NAMES[card]})]
        if opening:
            dummy = contract.dummy
            events.append(Event("dummy", {"seat": dummy, "dummy_hand": names(self.hands[dummy])}))
        if len(self.trick) < SEATS:
            return events
        trump = NOTRUMP if contract.strain == NOTRUMP else contract.strain
        winner = (self.leader + winning_index(self.trick, trump)) % SEATS
        done = Trick(self.leader, tuple(self.trick), winner)
        self.tricks.append(done)
        self.leader, self.trick = winner, []
        events.append(Event("trick", {"number": len(self.tricks), **done.view()}))
        if len(self.tricks) < TRICKS:
            return events
        self.phase = "over"
        self.outcome = self._score()
        return [*events, self._over_event()]

    # ---- the end ------------------------------------------------------------------------------
    def tricks_won(self) -> list[int]:
        """Tricks won so far by North–South and by East–West."""
        won = [0, 0]
        for t in self.tricks:
            won[t.winner % 2] += 1
        if self.claimed is not None and self.contract is not None:
            side = self.contract.declarer % 2
            won[side] += self.claimed
            won[1 - side] += self.tricks_left - self.claimed
        return won

    def _score(self) -> Score | None:
        c = self.contract
        if c is None:
            return None
        taken = self.tricks_won()[c.declarer % 2]
        vul = vulnerable(self.vulnerability, c.declarer)
        return score(c.level, c.strain, c.doubled, vul, taken)

    def side_scores(self) -> list[int]:
        """North–South's and East–West's scores (equal and opposite; 0 and 0 if passed out)."""
        if self.outcome is None or self.contract is None:
            return [0, 0]
        total = self.outcome.total
        return [total, -total] if self.contract.declarer % 2 == 0 else [-total, total]

    def result_json(self) -> dict[str, JSON]:
        c = self.contract
        return {
            "passed_out": c is None,
            "contract": None if c is None else contract_json(c),
            "vulnerable": None if c is None else vulnerable(self.vulnerability, c.declarer),
            "score": None if self.outcome is None else self.outcome.to_json(),
            "scores": dict(zip(SIDES, self.side_scores(), strict=True)),
            "claimed": None
            if self.claimed is None
            else {"tricks": self.claimed, "remaining": self.tricks_left},
        }

    def _over_event(self) -> Event:
        return Event("deal_over", {**self.result_json(), "deal": self._deal_json()})

    def _deal_json(self) -> list[list[str]]:
        return [names(h) for h in self.deal]

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> list[SeatResult] | None:
        if self.phase != "over":
            return None
        scores = self.side_scores()
        out = []
        for s in range(SEATS):
            mine, theirs = scores[s % 2], scores[1 - s % 2]
            placing = 1 if mine >= theirs else 2
            out.append(SeatResult(seat=s, placing=placing, team=s % 2, score=mine))
        return out

    def forfeit(self, loser: int) -> list[SeatResult]:
        """The loser's partnership loses the deal (partners are fixed)."""
        return forfeit_partnership(loser)

    # ---- what each seat may see ---------------------------------------------------------------
    def visible_hands(self, seat: int | None) -> set[int]:
        """The seats whose remaining cards ``seat`` may see: its own, the dummy's once shown,
        the declarer's for a defender once the declarer has claimed, and every hand once the
        deal is over."""
        if self.phase == "over":
            return set(range(SEATS))
        seen = set() if seat is None else {seat}
        if self.dummy_shown and self.contract is not None:
            seen.add(self.contract.dummy)
            if self.declarer_shown and seat in self.defenders():
                seen.add(self.contract.declarer)
        return seen

    def hidden_from(self, seat: int | None) -> Collection[JSON]:
        seen = self.visible_hands(seat)
        return [NAMES[c] for s in range(SEATS) if s not in seen for c in self.hands[s]]

    def view(self, seat: int | None) -> dict[str, JSON]:
        c = self.contract
        seen = self.visible_hands(seat)
        dummy_visible = c is not None and c.dummy in seen
        shows_declarer = (
            c is not None and self.phase == "play" and seat != c.declarer and c.declarer in seen
        )
        return {
            "game": "bridge",
            "phase": self.phase,
            "seat": seat,
            "dealer": DEALER,
            "vulnerability": self.vulnerability,
            "to_act": self.to_act(),
            "turn": None
            if self.phase == "over"
            else (
                auction.to_call(self.calls, DEALER)
                if self.phase == "auction"
                else self.hand_to_play
            ),
            "hand": None if seat is None else names(self.hands[seat]),
            "hand_counts": [len(h) for h in self.hands],
            "auction": [
                {"seat": (DEALER + i) % SEATS, **call_json(call)}
                for i, call in enumerate(self.calls)
            ],
            "contract": None if c is None else contract_json(c),
            "dummy": None if c is None else c.dummy,
            "dummy_hand": names(self.hands[c.dummy]) if c is not None and dummy_visible else None,
            "declarer_hand": names(self.hands[c.declarer])
            if c is not None and shows_declarer
            else None,
            "claim": None
            if self.claim is None or c is None
            else {
                "seat": c.declarer,
                "tricks": self.claim,
                "remaining": self.tricks_left,
                "accepted": list(self.accepted),
            },
            "leader": self.leader if self.phase == "play" else None,
            "trick": [
                {"seat": (self.leader + i) % SEATS, "card": NAMES[card]}
                for i, card in enumerate(self.trick)
            ],
            "tricks": [t.view() for t in self.tricks],
            "tricks_won": self.tricks_won(),
            "result": self.result_json() if self.phase == "over" else None,
            "deal": self._deal_json() if self.phase == "over" else None,
        }
