"""The shared no-limit betting round: totals, the full-raise rule, short all-ins, refunds."""

from __future__ import annotations

import pytest

from games.core import IllegalAction, MalformedAction
from games.poker.betting import BetAction, BettingRound, decode_bet, encode_bet


def fresh(
    stacks: list[int],
    level: int = 0,
    bets: list[int] | None = None,
    first: int = 0,
    min_raise: int = 20,
) -> BettingRound:
    n = len(stacks)
    return BettingRound.start(list(stacks), [True] * n, bets or [0] * n, level, min_raise, first)


def test_raises_are_totals_and_must_add_the_last_full_raise() -> None:
    rnd = fresh([1000, 1000, 1000])
    rnd.apply(0, BetAction("bet", 50))
    assert rnd.options(1).min_to == 100
    rnd.apply(1, BetAction("raise", 130))  # a raise of 80
    assert rnd.bets == [50, 130, 0] and rnd.stacks[1] == 870
    assert rnd.options(2).min_to == 210
    with pytest.raises(IllegalAction) as err:
        rnd.validate(2, BetAction("raise", 200))
    assert err.value.code == "amount_below_minimum" and "210" in err.value.message


def test_minimum_opening_bet_unless_all_in() -> None:
    rnd = fresh([1000, 15])
    with pytest.raises(IllegalAction) as err:
        rnd.validate(0, BetAction("bet", 19))
    assert err.value.code == "amount_below_minimum"
    rnd.apply(0, BetAction("check"))
    assert rnd.options(1).min_to == 15  # all-in below the minimum is allowed
    rnd.apply(1, BetAction("bet", 15))
    assert rnd.level == 15 and rnd.min_raise == 20


def test_short_all_in_does_not_reopen_raising_for_a_player_who_acted() -> None:
    rnd = fresh([1000, 150, 1000])
    rnd.apply(0, BetAction("bet", 100))
    rnd.apply(1, BetAction("raise", 150))  # all-in, only 50 more: short
    assert rnd.options(2).raise_kind == "raise"  # seat 2 has not acted: may raise
    assert rnd.options(2).min_to == 250
    rnd.apply(2, BetAction("call"))
    assert rnd.actor == 0
    assert rnd.options(0).raise_kind is None
    with pytest.raises(IllegalAction) as err:
        rnd.validate(0, BetAction("raise", 400))
    assert err.value.code == "raising_closed"
    rnd.apply(0, BetAction("call"))
    assert rnd.actor is None


def test_cumulative_short_all_ins_reopen_raising_once_a_full_raise() -> None:
    rnd = fresh([1000, 150, 200, 1000])
    rnd.apply(0, BetAction("bet", 100))
    rnd.apply(1, BetAction("raise", 150))
    rnd.apply(2, BetAction("raise", 200))  # together 100 over seat 0's bet: a full raise
    rnd.apply(3, BetAction("call"))
    assert rnd.actor == 0 and rnd.options(0).raise_kind == "raise"
    assert rnd.options(0).min_to == 300


def test_nobody_may_raise_when_no_other_player_can_bet() -> None:
    rnd = fresh([1000, 300])
    rnd.apply(0, BetAction("check"))
    rnd.apply(1, BetAction("bet", 300))
    opt = rnd.options(0)
    assert opt.raise_kind is None and opt.to_call == 300


def test_uncalled_excess_is_returned() -> None:
    rnd = fresh([1000, 1000, 120])
    rnd.apply(0, BetAction("bet", 400))
    rnd.apply(1, BetAction("fold"))
    rnd.apply(2, BetAction("call"))  # all-in for 120
    assert rnd.actor is None
    assert rnd.refund_uncalled() == (0, 280)
    assert rnd.bets == [120, 0, 120] and rnd.stacks[0] == 880


def test_call_for_less_puts_the_caller_all_in() -> None:
    rnd = fresh([500, 80])
    rnd.apply(0, BetAction("bet", 200))
    assert rnd.options(1).to_call == 80
    data = rnd.apply(1, BetAction("call"))
    assert data["all_in"] is True and rnd.stacks[1] == 0


def test_fold_check_and_call_only_when_the_rules_allow() -> None:
    rnd = fresh([1000, 1000])
    with pytest.raises(IllegalAction, match="check instead"):
        rnd.validate(0, BetAction("fold"))
    with pytest.raises(IllegalAction, match="no bet to call"):
        rnd.validate(0, BetAction("call"))
    with pytest.raises(IllegalAction, match="bet instead"):
        rnd.validate(0, BetAction("raise", 40))
    with pytest.raises(IllegalAction, match="not your turn"):
        rnd.validate(1, BetAction("check"))
    rnd.apply(0, BetAction("bet", 20))
    with pytest.raises(IllegalAction, match="call, raise or fold"):
        rnd.validate(1, BetAction("check"))
    with pytest.raises(IllegalAction, match="at most 1000"):
        rnd.validate(1, BetAction("raise", 1001))


def test_blind_level_gives_the_big_blind_its_option() -> None:
    rnd = fresh([990, 980, 1000], level=20, bets=[10, 20, 0], first=2)
    rnd.apply(2, BetAction("call"))
    rnd.apply(0, BetAction("call"))
    assert rnd.actor == 1 and rnd.options(1).to_call == 0
    assert rnd.options(1).raise_kind == "raise"


def test_action_codec_round_trips_and_rejects_garbage() -> None:
    for a in (BetAction("fold"), BetAction("check"), BetAction("call"), BetAction("raise", 60)):
        assert decode_bet(encode_bet(a)) == a
    with pytest.raises(MalformedAction):
        decode_bet({"kind": "shove"})
    with pytest.raises(MalformedAction):
        decode_bet({"kind": "bet", "to": "20"})
    with pytest.raises(MalformedAction):
        decode_bet({"kind": "bet", "to": True})


def test_bet_actions_are_frozen_slotted_records() -> None:
    action = BetAction("raise", 60)
    with pytest.raises(AttributeError):
        action.to = 80  # type: ignore[misc]
    assert not hasattr(action, "__dict__")


def test_the_codec_takes_exactly_todays_fields() -> None:
    for raw in (
        {"kind": "call", "to": 0},
        {"kind": "fold", "seat": 1},
        {"kind": "raise", "to": 60, "all_in": False},
        {"kind": "raise"},
        {"kind": "raise", "to": 10**13},
        {"kind": "bet", "to": -1},
        {"kind": "bet", "to": 20.0},
        {"to": 20},
        ["kind", "bet"],
    ):
        with pytest.raises(MalformedAction):
            decode_bet(raw)


def test_a_bet_built_with_the_wrong_field_types_is_refused_before_any_arithmetic() -> None:
    rnd = fresh([1000, 1000])
    for bad in (
        BetAction("raise", "60"),
        BetAction("bet", None),
        BetAction("allin"),
        BetAction("check", 5),
        BetAction(["bet"], 20),
    ):
        with pytest.raises(MalformedAction):
            rnd.validate(0, bad)
    assert rnd.bets == [0, 0] and rnd.actor == 0
