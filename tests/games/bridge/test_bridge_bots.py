"""The robots: the bidding system's rules one by one (named after the system card), reading the
others' calls back, sampled deals that agree with what a seat knows, the double-dummy solver
against endplay's DDS, the club player's habits, and every level choosing legal actions from its
own view only."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.bridge import bidding
from games.bridge import calls as auction
from games.bridge.actions import Play
from games.bridge.bidding import choose_call, explain, shown
from games.bridge.deals import shuffled_deal
from games.bridge.declaration import GAME
from games.bridge.hands import Hand
from games.bridge.play import club_card, read_view, sample_hands, sampled_card
from games.bridge.solver import Solver, cards_of, mask_of, playable_mask, winner_index
from games.bridge.state import BridgeState
from games.cards import parse_many
from games.cards.notation import NAMES
from support.bridge_notation import call, calls, hand
from support.sizes import examples

# ---- the bidding system, rule by rule ----------------------------------------------------------


def test_open_1nt_with_15_to_17_balanced() -> None:
    assert call(hand("AK32 K32 Q32 K32")) == "1NT"  # 15, 4-3-3-3
    assert call(hand("AK3 KQ2 Q32 K432")) == "1NT"  # 17


def test_open_a_five_card_major_at_the_one_level_with_12_to_21() -> None:
    assert call(hand("AKJ32 K32 Q32 32")) == "1S"
    assert call(hand("32 AKJ32 K32 Q32")) == "1H"
    assert call(hand("AK432 AQ432 32 2")) == "1S", "five-five: spades"


def test_without_a_five_card_major_open_the_longer_minor_1d_with_four_four() -> None:
    assert call(hand("AK32 K32 32 Q432")) == "1C"
    assert call(hand("A2 K32 KJ432 Q32")) == "1D"
    assert call(hand("A2 K3 KJ32 Q8432")) == "1C"


def test_open_2nt_with_20_to_21_balanced_and_2c_with_22_or_more() -> None:
    assert call(hand("AK32 AQ2 KQ2 K32")) == "2NT"
    assert call(hand("AKQ2 AKQ2 AK2 32")) == "2C"


def test_weak_two_with_a_good_six_card_suit_and_5_to_10() -> None:
    assert call(hand("KQJ932 32 432 32")) == "2S"
    assert call(hand("32 AQT932 432 32")) == "2H"


def test_preempt_at_the_three_level_with_a_good_seven_card_suit() -> None:
    assert call(hand("KQJ9432 32 432 2")) == "3S"


def test_pass_without_opening_values() -> None:
    assert call(hand("Q432 J32 Q32 J32")) == "pass"


def test_stayman_over_1nt_with_8_plus_and_a_four_card_major_and_the_answers() -> None:
    assert call(hand("KJ32 Q32 K32 432"), "1NT p") == "2C"
    assert call(hand("AQ32 K32 Q32 K32"), "1NT p 2C p") == "2S"
    assert call(hand("AQ3 K432 Q32 K32"), "1NT p 2C p") == "2H"
    assert call(hand("AQ3 K32 Q432 K32"), "1NT p 2C p") == "2D"


def test_jacoby_transfers_over_1nt_and_the_acceptance() -> None:
    assert call(hand("32 J8432 432 432"), "1NT p") == "2D"
    assert call(hand("J8432 32 432 432"), "1NT p") == "2H"
    assert call(hand("AQ3 K32 Q432 K32"), "1NT p 2D p") == "2H"
    assert call(hand("AQ3 K32 Q432 K32"), "1NT p 2H p") == "2S"
    assert call(hand("J8432 32 432 432"), "1NT p 2H p 2S p") == "pass"
    assert call(hand("KJ843 K2 Q32 K32"), "1NT p 2H p 2S p") == "3NT"


def test_over_1nt_3nt_with_10_to_17_and_pass_with_less_than_8() -> None:
    assert call(hand("K32 Q32 KJ32 Q32"), "1NT p") == "3NT"
    assert call(hand("432 432 Q432 J32"), "1NT p") == "pass"


def test_raise_partners_major_single_6_9_limit_10_12_game_13_plus() -> None:
    assert call(hand("K32 Q32 J432 432"), "1S p") == "2S"
    assert call(hand("K32 A32 KJ32 432"), "1S p") == "3S"
    assert call(hand("KJ3 A32 KJ32 K32"), "1S p") == "4S"


def test_new_suit_responses_are_at_the_one_level_with_6_plus_and_the_two_level_with_11_plus() -> (
    None
):
    assert call(hand("KJ32 432 Q32 432"), "1D p") == "1S"
    assert call(hand("32 A32 Q32 KQ432"), "1S p") == "2C"
    assert call(hand("32 A32 Q432 J432"), "1S p") == "1NT"


def test_overcall_with_a_good_five_card_suit_and_8_to_16() -> None:
    assert call(hand("AQJ32 32 K32 432"), "1D") == "1S"
    assert call(hand("32 32 K32 AKJ432"), "1H") == "2C"


def test_takeout_double_with_12_plus_short_in_their_suit() -> None:
    assert call(hand("AJ32 K432 2 KJ32"), "1D") == "double"


def test_double_their_1nt_for_penalty_with_16_or_more() -> None:
    assert call(hand("AQ2 KQ32 KJ32 K3"), "p p 1NT") == "double"
    assert call(hand("Q32 Q32 J432 432"), "p p 1NT") == "pass"


def test_1nt_overcall_with_15_to_18_and_a_stopper() -> None:
    assert call(hand("AQ2 K32 KJ32 K32"), "1D") == "1NT"


def test_answer_partners_takeout_double_in_the_longest_unbid_suit() -> None:
    assert call(hand("Q432 432 432 432"), "1D X P") == "1S"


def test_every_robot_auction_ends_with_legal_calls_and_a_sensible_share_of_games() -> None:
    games = 0
    for seed in range(examples(40, 400)):
        hands = shuffled_deal(seed, 0).hands
        made: list[int] = []
        while not auction.status(made).over:
            code = choose_call(hands[auction.to_call(made)], made)
            assert auction.why_illegal(made, code) is None
            made.append(code)
        contract = auction.final_contract(made)
        if contract is not None and bidding._contract_value(contract.level, contract.strain) >= 2:
            games += 1
    assert games > 0


def test_the_system_reads_its_own_calls_back() -> None:
    """What ``explain`` says a call showed agrees with the hand that made it (the tables read in
    both directions), for the calls the tables make."""
    checked = 0
    for seed in range(examples(60, 600)):
        hands = shuffled_deal(seed, 0).hands
        made: list[int] = []
        while not auction.status(made).over and len(made) < 6:
            seat = auction.to_call(made)
            ctx = bidding.Ctx(tuple(made), seat)
            rule = bidding.rule_for(Hand.of(hands[seat]), ctx)
            code = choose_call(hands[seat], made)
            made.append(code)
            if rule is None:
                continue
            shows = explain(made, len(made) - 1)
            h = Hand.of(hands[seat])
            lo, hi = shows.hcp
            assert lo <= h.hcp <= hi or rule.test(h, ctx) and shows is not rule.shows, rule.name
            assert all(h.lengths[s] >= shows.min_len[s] for s in range(4)), rule.name
            checked += 1
    assert checked > 0


def test_a_pass_as_opener_shows_fewer_than_12_and_1nt_shows_15_to_17_balanced() -> None:
    assert shown(calls("p 1NT"), 0).hcp == (0, 11)
    shows = shown(calls("p 1NT"), 1)
    assert shows.hcp == (15, 17) and shows.balanced


# ---- sampled deals -----------------------------------------------------------------------------


def play_to(state: BridgeState, rng: random.Random, cards: int) -> None:
    while state.phase == "auction":
        seat = state.pending()[0].seat
        state.apply(seat, GAME.bots["greedy"]().choose(state.view(seat), state.legal_actions(seat),
                                                       rng, 0))  # fmt: skip
    played = 0
    while not state.is_over() and played < cards:
        seat = state.pending()[0].seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        played += 1


def test_sampled_deals_keep_the_seen_cards_the_hand_sizes_and_the_voids_shown() -> None:
    for seed in range(examples(10, 60)):
        state = BridgeState.new(4, {}, seed)
        rng = random.Random(seed)
        play_to(state, rng, 5 + seed % 20)
        if state.is_over():
            continue
        seat = state.pending()[0].seat
        seen = read_view(json.loads(json.dumps(state.view(seat))))
        for _ in range(5):
            hands = sample_hands(seen, rng)
            assert hands is not None
            for s in range(4):
                cards = cards_of(hands[s])
                assert len(cards) == len(state.hands[s])
                if s in seen.hands:
                    assert sorted(cards) == sorted(state.hands[s])
                for suit in seen.voids[s]:
                    assert all(c // 13 != suit for c in cards)
            assert sorted(c for h in hands for c in cards_of(h)) == sorted(
                c for h in state.hands for c in h
            )


# ---- the solver against endplay's DDS ----------------------------------------------------------


def _pbn(hands: list[list[int]]) -> str:
    def one(cards: list[int]) -> str:
        return ".".join(
            "".join("23456789TJQKA"[c % 13] for c in sorted((x for x in cards if x // 13 == s),
                                                             reverse=True))
            for s in (3, 2, 1, 0)
        )  # fmt: skip

    return "N:" + " ".join(one(hands[s]) for s in (2, 3, 0, 1))


def test_the_solver_agrees_with_endplays_double_dummy_solver_on_endings() -> None:
    from endplay.dds import solve_board
    from endplay.types import Card, Deal, Denom, Player

    player = {0: Player.south, 1: Player.west, 2: Player.north, 3: Player.east}
    denom = {0: Denom.clubs, 1: Denom.diamonds, 2: Denom.hearts, 3: Denom.spades, 4: Denom.nt}
    rng = random.Random(11)
    compared = 0
    for seed in range(examples(15, 80)):
        hands = [list(h) for h in shuffled_deal(seed, 0).hands]
        trump, leader, trick = rng.randrange(5), rng.randrange(4), []
        for _ in range(4 * (13 - rng.choice([2, 3, 4])) + rng.randrange(4)):
            seat = (leader + len(trick)) % 4
            card = rng.choice(cards_of(playable_mask(mask_of(hands[seat]), trick)))
            hands[seat].remove(card)
            trick.append(card)
            if len(trick) == 4:
                leader, trick = (leader + winner_index(trick, trump)) % 4, []
        before = [list(h) for h in hands]
        for i, card in enumerate(trick):
            before[(leader + i) % 4].append(card)
        deal = Deal(_pbn(before))
        deal.first, deal.trump = player[leader], denom[trump]
        for card in trick:
            deal.play(Card("SHDC"[3 - card // 13] + "23456789TJQKA"[card % 13]))
        theirs = {str(c): t for c, t in solve_board(deal)}
        seat = (leader + len(trick)) % 4
        solver = Solver(trump)
        masks = [mask_of(h) for h in hands]
        for card in cards_of(playable_mask(masks[seat], trick)):
            name = "♣♦♥♠"[card // 13] + "23456789TJQKA"[card % 13]
            if name not in theirs:
                continue
            hs = list(masks)
            hs[seat] &= ~(1 << card)
            after = [*trick, card]
            if len(after) == 4:
                w = (leader + winner_index(after, trump)) % 4
                ours = (w % 2 == seat % 2) + solver.tricks(hs, w, [], seat % 2)
            else:
                ours = solver.tricks(hs, leader, after, seat % 2)
            assert ours == theirs[name], (seed, name)
            compared += 1
    assert compared > 0


# ---- the club player's habits ------------------------------------------------------------------


SPADES_DEAL = {
    0: "AS KS QS JS 10S AH KH QH 2D 3D 4D 5D 6D",
    1: "9S 8S 7S JH 10H 9H 8H AD KD QD JD 2C 3C",
    2: "6S 5S 4S 7H 6H 5H 4H 10D 9D 8D 7D 4C 5C",
    3: "3S 2S 3H 2H AC KC QC JC 10C 9C 8C 7C 6C",
}


def fixed_state(deal: dict[int, str], calls_text: str, kit: Any) -> BridgeState:
    return kit.state(deal, calls_text)


def choose(state: BridgeState, level: str = "greedy") -> str:
    seat = state.pending()[0].seat
    view = json.loads(json.dumps(state.view(seat)))
    action = GAME.bots[level]().choose(view, state.legal_actions(seat), random.Random(1), 0)
    assert isinstance(action, Play)
    return NAMES[action.card]


def test_the_opening_lead_is_the_top_of_a_sequence(kit: Any) -> None:
    state = kit.state(SPADES_DEAL, "1S p 4S p p p")
    assert choose(state) in ("AD", "JH")  # A-K-Q-J of diamonds or J-10-9 of hearts


def test_second_hand_plays_low_and_fourth_hand_wins_cheaply(kit: Any) -> None:
    state = kit.state(SPADES_DEAL, "1S p 4S p p p")
    kit.play(state, "JH")
    assert choose(state) == "4H", "the dummy plays second: low"
    kit.play(state, "4H 3H")
    assert choose(state) == "QH", "South wins as cheaply as possible"


def test_partners_sure_winner_is_left_alone_and_a_void_hand_ruffs_an_opponents_winner(
    kit: Any,
) -> None:
    state = kit.state(SPADES_DEAL, "1S p 4S p p p")
    kit.play(state, "AD 7D")
    assert choose(state)[-1] != "S", "East does not ruff partner's ace"
    state = kit.state(SPADES_DEAL, "1S p 4S p p p")
    kit.play(state, "2C 4C AC")
    assert choose(state) == "10S", "South, void in clubs, ruffs East's ace with the lowest trump"


def test_the_declarer_draws_trumps_with_the_top_trump(kit: Any) -> None:
    state = kit.state(SPADES_DEAL, "1S p 4S p p p")
    kit.play(state, "JH 4H 3H AH")
    assert choose(state) == "AS"


# ---- every level -------------------------------------------------------------------------------


@pytest.mark.parametrize("level", list(GAME.bots))
def test_every_level_chooses_legal_actions_from_its_own_view(level: str) -> None:
    for seed in range(examples(2, 8)):
        state = GAME.new_state(4, {}, 500 + seed)
        bots = [GAME.bots[level]() for _ in range(4)]
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.pending()[0].seat
            legal = state.legal_actions(seat)
            view = json.loads(json.dumps(state.view(seat)))
            action = bots[seat].choose(view, legal, rng, 8)
            assert action in legal, (level, action)
            state.apply(seat, action)


def test_the_expert_budget_bounds_its_play_outs_and_it_plays_one_card_of_equals(kit: Any) -> None:
    state = kit.state(SPADES_DEAL, "1S p 4S p p p")
    kit.play(state, "JH 4H 3H AH")
    seat = state.pending()[0].seat
    seen = read_view(json.loads(json.dumps(state.view(seat))))
    legal = [a.card for a in state.legal_actions(seat) if isinstance(a, Play)]
    card = sampled_card(seen, legal, random.Random(3), 8)
    assert card in legal
    assert NAMES[card] not in ("KS", "QS", "JS"), "A-K-Q-J-10 are equals: the lowest or the ace"


def test_club_card_follows_suit() -> None:
    state = BridgeState.new(4, {}, 3)
    rng = random.Random(3)
    play_to(state, rng, 1)
    if state.is_over():
        return
    seat = state.pending()[0].seat
    seen = read_view(json.loads(json.dumps(state.view(seat))))
    legal = [a.card for a in state.legal_actions(seat) if isinstance(a, Play)]
    assert club_card(seen, legal) in legal
    assert parse_many("AS")
