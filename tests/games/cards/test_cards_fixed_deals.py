"""The shared reading of ``options["deals"]`` and the partnership helpers of the four-hand games."""

from __future__ import annotations

import pytest

from games.cards.fixed_deals import (
    DealFormat,
    check_dealt_once,
    deal_entry,
    read_cards,
    read_first_deal_seat,
    read_fixed_deals,
    read_hands,
)
from games.cards.notation import NAMES
from games.cards.partnerships import (
    forfeit_partnership,
    level_results,
    log_recent,
    require_four_players,
)
from games.core import JSON, Event, GameError

ONE_PACK = DealFormat(deck_size=52, hand_size=13, two_packs=False, seat_order=" (S, W, N, E)")
TWO_PACKS = DealFormat(deck_size=108, hand_size=27, two_packs=True)
ALLOWED = [{"hands"}, {"cards"}]


def test_the_option_must_be_a_list_and_each_entry_is_read_with_its_index() -> None:
    assert read_fixed_deals({}, lambda e, i: (e, i)) == ()
    assert read_fixed_deals({"deals": ["a", "b"]}, lambda e, i: (e, i)) == (("a", 0), ("b", 1))
    with pytest.raises(GameError, match="option 'deals' must be a list of deals"):
        read_fixed_deals({"deals": {}}, lambda e, i: e)


def test_a_bare_list_is_the_cards_and_the_fields_are_checked() -> None:
    assert deal_entry(["7H"], 2, ONE_PACK, ALLOWED, "help") == ("deals[2]", {"cards": ["7H"]})
    with pytest.raises(GameError, match=r"^deals\[0\] must be a list of 108 card names or an"):
        deal_entry(5, 0, TWO_PACKS, ALLOWED, "help")
    with pytest.raises(GameError, match=r"^deals\[1\] has 'hands' only$"):
        deal_entry({"hands": [], "x": 1}, 1, ONE_PACK, ALLOWED, "has 'hands' only")


def test_card_names_must_be_of_the_deck() -> None:
    assert read_cards(["AS", "2C"], 2, "w", ONE_PACK) == (51, 0)
    with pytest.raises(GameError, match=r"^w must list 3 card names$"):
        read_cards(["AS"], 3, "w", ONE_PACK)
    with pytest.raises(GameError, match=r"""^w: "7H'" is not a card name such as "7H"$"""):
        read_cards(["7H'"], 1, "w", ONE_PACK)
    with pytest.raises(GameError, match="""such as "7H" or "7H'"$"""):
        read_cards([None], 1, "w", TWO_PACKS)
    assert read_cards(["7H'"], 1, "w", TWO_PACKS) == (54 + 31,)


def test_hands_are_four_lists_of_the_hand_size() -> None:
    raw: JSON = [[NAMES[s * 13 + k] for k in range(13)] for s in range(4)]
    assert read_hands(raw, "w", ONE_PACK)[3][0] == 39
    with pytest.raises(
        GameError, match=r"^w.hands must list the four seats' hands \(S, W, N, E\)$"
    ):
        read_hands(raw[:3], "w", ONE_PACK)
    with pytest.raises(GameError, match=r"^w.hands\[1\] must list 13 card names$"):
        read_hands([raw[0], raw[1][1:], raw[2], raw[3]], "w", ONE_PACK)


def test_a_card_dealt_twice_is_refused() -> None:
    check_dealt_once([(1, 2), (3,)], "w", ONE_PACK)
    with pytest.raises(GameError, match=r"^w deals 4C twice$"):
        check_dealt_once([(1, 2), (2,)], "w", ONE_PACK)
    with pytest.raises(GameError, match=r"twice \(the second pack's copy is written with '\)$"):
        check_dealt_once([(1,), (1,)], "w", TWO_PACKS)


def test_only_the_first_deal_may_fix_its_seat() -> None:
    assert read_first_deal_seat({}, "leader", 3, "w", "why") is None
    assert read_first_deal_seat({"leader": 3}, "leader", 0, "w", "why") == 3
    with pytest.raises(GameError, match=r"^w.leader: why$"):
        read_first_deal_seat({"leader": 1}, "leader", 1, "w", "why")
    for bad in (4, -1, True, None, "1"):
        with pytest.raises(GameError, match=r"^w.first must be a seat from 0 to 3$"):
            read_first_deal_seat({"first": bad}, "first", 0, "w", "why")


def test_partnership_helpers() -> None:
    require_four_players("Bridge", 4)
    with pytest.raises(GameError, match="^Bridge is played by 4 players, not 3$"):
        require_four_players("Bridge", 3)
    assert [r.placing for r in forfeit_partnership(1)] == [1, 2, 1, 2]
    assert level_results(None, [2, 2]) is None
    results = level_results(1, [5, 14])
    assert results is not None
    assert [(r.placing, r.team, r.score) for r in results] == [(2, 0, 5), (1, 1, 14)] * 2
    log: list[dict[str, JSON]] = []
    for k in range(4):
        assert log_recent(log, Event("e", {"k": k}), 2).data == {"k": k}
    assert log == [{"kind": "e", "k": 2}, {"kind": "e", "k": 3}]
