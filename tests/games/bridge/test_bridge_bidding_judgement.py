"""The robots' judgement in the auction (issue #32): game and slam decisions after a raise,
Stayman's follow-ups, Blackwood, competing by the law of total tricks, sacrifices and penalty
doubles — each test named after the SAYC situation it checks (docs/games/bridge.md, "The
robots' bidding system")."""

from __future__ import annotations

from games.bridge import bidding
from games.bridge import calls as auction
from games.bridge.bidding import shown
from support.bridge_notation import call, calls, hand

# ---- the opener after a raise ------------------------------------------------------------------


def test_opener_passes_a_single_raise_with_a_minimum() -> None:
    assert call(hand("AKJ32 K32 Q32 32"), "1S p 2S p") == "pass"


def test_opener_invites_game_over_a_single_raise_with_16_to_18() -> None:
    assert call(hand("AKJ32 K32 AJ2 32"), "1S p 2S p") == "3S"


def test_opener_bids_game_over_a_single_raise_with_19_or_more() -> None:
    assert call(hand("AKJ32 KQ2 AJ2 32"), "1S p 2S p") == "4S"


def test_opener_accepts_a_limit_raise_with_more_than_a_minimum_and_declines_with_less() -> None:
    assert call(hand("AKJ32 K32 Q32 32"), "1S p 3S p") == "4S"
    assert call(hand("AQ432 K32 Q32 32"), "1S p 3S p") == "pass"


def test_opener_passes_partners_game_raise_with_no_slam_in_view() -> None:
    assert call(hand("AKJ32 K32 Q32 32"), "1S p 4S p") == "pass"


def test_responder_accepts_openers_game_try_with_a_maximum_and_passes_with_a_minimum() -> None:
    assert call(hand("K32 Q32 J432 432"), "1S p 2S p 3S p") == "pass"
    assert call(hand("K32 Q32 KJ32 432"), "1S p 2S p 3S p") == "4S"


def test_a_raise_of_partners_suit_is_read_as_support_not_as_a_new_suit() -> None:
    """2♠ over 1♠ is the single raise (6–9, three trumps), not a two-level new suit (11+)."""
    shows = shown(calls("1S p 2S p"), 2)
    assert shows.hcp == (2, 9)
    assert shows.min_len[auction.SPADES] == 3


# ---- after Stayman -----------------------------------------------------------------------------


def test_after_stayman_responder_invites_with_8_to_9_and_bids_game_with_10_or_more() -> None:
    assert call(hand("KJ32 Q32 K32 432"), "1NT p 2C p 2D p") == "2NT"
    assert call(hand("KJ32 Q32 K32 432"), "1NT p 2C p 2S p") == "3S"
    assert call(hand("KJ32 Q32 K32 Q32"), "1NT p 2C p 2S p") == "4S"
    assert call(hand("KJ32 Q32 K32 Q32"), "1NT p 2C p 2H p") == "3NT"


def test_the_1nt_opener_accepts_an_invitation_with_17_and_declines_with_15() -> None:
    assert call(hand("AQ3 K32 Q432 KJ2"), "1NT p 2C p 2D p 2NT p") == "pass"
    assert call(hand("AQ3 K32 Q432 AQ2"), "1NT p 2C p 2D p 2NT p") == "3NT"


# ---- Blackwood ---------------------------------------------------------------------------------


def test_blackwood_answers_count_the_aces() -> None:
    assert call(hand("KQ432 K2 KQ32 32"), "1S p 3S p 4NT p") == "5C"
    assert call(hand("KQ432 A2 KQ32 32"), "1S p 3S p 4NT p") == "5D"
    assert call(hand("KQ432 A2 AQ32 32"), "1S p 3S p 4NT p") == "5H"


def test_blackwood_asker_bids_the_slam_missing_one_ace_and_stops_missing_two() -> None:
    assert call(hand("AKJ32 KQ2 AQ2 32"), "1S p 3S p 4NT p 5D p") == "6S"
    assert call(hand("AKJ32 KQ2 AQ2 32"), "1S p 3S p 4NT p 5C p") == "5S"


def test_the_blackwood_answerer_leaves_the_contract_to_the_asker() -> None:
    assert call(hand("KQ432 A2 KQ32 32"), "1S p 3S p 4NT p 5D p 5S p") == "pass"


# ---- the helpers' arithmetic -------------------------------------------------------------------


def test_side_tricks_follow_the_law_of_total_tricks_and_the_point_count() -> None:
    assert bidding.side_tricks(20, 8, False) == 8
    assert bidding.side_tricks(26, 9, False) == 11
    assert bidding.side_tricks(25, 0, True) == 9


# ---- the opener's rebid ------------------------------------------------------------------------


def test_the_opener_never_passes_partners_new_suit() -> None:
    """A new suit by the responder is forcing: the opener bids on even with nothing to add."""
    assert call(hand("AK942 Q654 QJ7 7"), "1S 2C 2D p") != "pass"


def test_the_opener_bids_game_in_a_long_strong_major_after_a_one_level_answer() -> None:
    assert call(hand("A82 AKJT874 AJ3 -"), "1H p 1S p") == "4H"


def test_a_reverse_shows_17_or_more() -> None:
    assert call(hand("- AK75 AQT653 AJT"), "1D p 1S p") == "2H"
    assert call(hand("- KJ75 AQT653 J32"), "1D p 1S p") != "2H"


# ---- negative doubles --------------------------------------------------------------------------


def test_negative_double_shows_four_cards_in_the_unbid_major() -> None:
    assert call(hand("32 KJ32 Q432 K32"), "p p 1C 1S") == "double"
    assert call(hand("T AT98 AK95 Q965"), "p p 1S 2C") == "double"
    shows = shown(calls("p p 1C 1S X"), 0)
    assert shows.min_len[auction.HEARTS] == 4


def test_the_opener_answers_a_negative_double_in_the_major_it_showed() -> None:
    assert call(hand("A2 AQ32 K432 432"), "1C 1S X p") == "2H"
    assert call(hand("A2 Q32 K432 K432"), "1C 1S X p") == "1NT"


# ---- answers to the opener's jumps -------------------------------------------------------------


def test_responder_accepts_openers_jump_raise_with_8_or_more_counting_shortness() -> None:
    """1♣–1♠–3♠ invites (16–18, four trumps): 6 and a singleton (8 with shortness) bid game,
    6 and a doubleton (7) pass."""
    assert call(hand("K9742 Q53 JT83 8"), "1C p 1S p 3S p") == "4S"
    assert call(hand("K9742 Q53 J83 82"), "1C p 1S p 3S p") == "pass"


def test_responder_accepts_openers_jump_rebid_with_8_or_more() -> None:
    """1♥–1♠–3♥ (16–18, six hearts): 4♥ with 8 and two hearts, pass with 6; after a minor
    3NT with the unbid suits stopped."""
    assert call(hand("KJ32 Q2 Q432 432"), "1H p 1S p 3H p") == "4H"
    assert call(hand("KJ32 Q2 J432 432"), "1H p 1S p 3H p") == "pass"
    assert call(hand("KJ32 Q32 2 KJ432"), "1D p 1S p 3D p") == "3NT"


# ---- doubles -----------------------------------------------------------------------------------


def test_a_takeout_double_is_answered_only_until_the_doubler_passes() -> None:
    """After 1♣ X 1♥ p 3NT p p the doubler has passed: a bust hand no longer has to bid its
    suit (four of it would go down)."""
    assert call(hand("J98753 954 92 T6"), "p 1C X 1H p 3NT p p") == "pass"
