"""Hand records in PBN: deals played by the robots are exported and read back by endplay's
independent PBN parser, which must find the engine's hands, dealer, vulnerability, auction,
contract, declarer, played cards and result; plus the export format's details, a passed-out deal,
the refusal to export a deal still being played, and the replay of a move log."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Board, Card, ContractBid, Denom, Penalty, PenaltyBid, Player, Vul
from endplay.utils.play import result_to_tricks

from games.bridge import calls as auction
from games.bridge.actions import encode_action
from games.bridge.declaration import GAME
from games.bridge.pbn import board_pbn, card_pbn, deal_pbn, export_pbn, hand_pbn, pbn_file, replay
from games.bridge.state import BridgeState
from games.cards import parse_many
from games.core import JSON
from support.sizes import examples

ENGINE_SEAT = {Player.south: 0, Player.west: 1, Player.north: 2, Player.east: 3}
VUL = {"none": Vul.none, "ns": Vul.ns, "ew": Vul.ew, "both": Vul.both}
STRAIN = {Denom.clubs: 0, Denom.diamonds: 1, Denom.hearts: 2, Denom.spades: 3, Denom.nt: 4}
DOUBLED = {Penalty.passed: 0, Penalty.doubled: 1, Penalty.redoubled: 2}


def engine_card(card: Card) -> int:
    """endplay's card as a :mod:`games.cards` int (suit * 13 + rank - 2)."""
    rank = card.rank.value.bit_length() - 1
    return STRAIN[card.suit] * 13 + rank - 2


def engine_call(call: Any) -> int:
    if isinstance(call, ContractBid):
        return auction.bid(call.level, STRAIN[call.denom])
    assert isinstance(call, PenaltyBid)
    return {Penalty.passed: auction.PASS, Penalty.doubled: auction.DOUBLE}.get(
        call.penalty, auction.REDOUBLE
    )


def play_deal(seed: int, level: str) -> tuple[BridgeState, list[tuple[int, JSON]]]:
    """A deal played to the end by four robots of ``level``, and its move log."""
    state = GAME.new_state(4, {}, seed)
    assert isinstance(state, BridgeState)
    bots = [GAME.bots[level]() for _ in range(4)]
    rng = random.Random(seed)
    log: list[tuple[int, JSON]] = []
    while not state.is_over():
        seat = state.pending()[0].seat
        view = json.loads(json.dumps(state.view(seat)))
        action = bots[seat].choose(view, state.legal_actions(seat), rng, 8)
        log.append((seat, encode_action(action)))
        state.apply(seat, action)
    return state, log


def play_first_legal(state: BridgeState, count: int) -> None:
    """Play ``count`` cards, each time the first legal one of whoever must act."""
    for _ in range(count):
        seat = state.pending()[0].seat
        state.apply(seat, state.legal_actions(seat)[0])


def read_back(text: str) -> Board:
    boards = endplay_pbn.loads(text)
    assert len(boards) == 1
    board: Board = boards[0]
    return board


def check_round_trip(state: BridgeState, board: Board) -> None:
    """Everything endplay reads from the record equals the engine's deal."""
    for player, seat in ENGINE_SEAT.items():
        assert sorted(engine_card(c) for c in board.deal[player]) == sorted(state.deal[seat])
    assert ENGINE_SEAT[board.dealer] == 0
    assert board.vul == VUL[state.vulnerability]
    assert [engine_call(c) for c in board.auction] == state.calls
    contract = state.contract
    if contract is None:
        assert board.contract.is_passout()
        assert board.play == []
        return
    read = board.contract
    assert (read.level, STRAIN[read.denom], DOUBLED[read.penalty]) == (
        contract.level,
        contract.strain,
        contract.doubled,
    )
    assert ENGINE_SEAT[read.declarer] == contract.declarer
    played = [c for t in state.tricks for c in t.cards]
    assert [engine_card(c) for c in board.play] == played
    tricks = result_to_tricks(read.result, read.level)
    assert tricks == state.tricks_won()[contract.declarer % 2]


@pytest.mark.parametrize("level", ["greedy", "random"])
def test_robot_deals_read_back_by_endplay_equal_the_engine_deal(level: str) -> None:
    doubled_seen = 0
    for seed in range(examples(6, 30)):
        state, _ = play_deal(900 + seed, level)
        check_round_trip(state, read_back(export_pbn(state)))
        doubled_seen += state.contract is not None and state.contract.doubled > 0
    if level == "random":
        assert doubled_seen, "the random robots should double something in a few deals"


def test_a_passed_out_deal_reads_back_as_pass_with_four_passes(kit: Any) -> None:
    state = kit.state(calls="p p p p", vulnerability="ew")
    text = export_pbn(state)
    board = read_back(text)
    check_round_trip(state, board)
    assert '[Declarer ""]' in text and '[Contract "Pass"]' in text and '[Result ""]' in text
    assert '[Score "NS 0"]' in text and "[Play " not in text
    assert "Pass Pass Pass Pass" in text.splitlines()


def test_a_doubled_and_redoubled_contract_reads_back_with_its_risk(kit: Any) -> None:
    state = kit.state(calls="1S x xx p p p", vulnerability="both")
    play_first_legal(state, 52)
    text = export_pbn(state)
    assert '[Contract "1SXX"]' in text and '[Declarer "S"]' in text
    check_round_trip(state, read_back(text))


def test_the_tags_follow_the_export_order_and_values() -> None:
    state, _ = play_deal(31, "greedy")
    text = export_pbn(
        state,
        board=7,
        event="Club night",
        date="2026.12.04",
        players={0: "Doe, Jane", 2: 'Robot "greedy"'},
        scoring="IMP",
    )
    lines = text.splitlines()
    assert lines[:2] == ["% PBN 2.1", "% EXPORT"]
    names = [line[1 : line.index(" ")] for line in lines if line.startswith("[")]
    assert names[:16] == [
        "Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
        "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result", "Score",
    ]  # fmt: skip
    assert names[16] == "Auction" and names[17] == "Play"
    assert '[Board "7"]' in lines and '[Dealer "S"]' in lines and '[Scoring "IMP"]' in lines
    assert '[South "Doe, Jane"]' in lines and '[North "Robot \\"greedy\\""]' in lines
    assert '[West "?"]' in lines and '[Date "2026.12.04"]' in lines
    deal = next(line for line in lines if line.startswith("[Deal "))
    assert deal.startswith('[Deal "S:'), "in export format the deal starts with the dealer"
    board = read_back(text)
    assert board.board_num == 7 and board.info["South"] == "Doe, Jane"
    assert board.info["Score"] == f"NS {state.side_scores()[0]}"


def test_the_play_section_keeps_the_opening_leaders_columns(kit: Any) -> None:
    state = kit.state({0: "AS KS QS JS 10S", 2: "2S 3S 4S"}, "1S p p p")
    play_first_legal(state, 52)  # West leads; later tricks are led by their winners
    assert any(t.leader != 1 for t in state.tricks)
    text = export_pbn(state)
    lines = text.splitlines()
    start = lines.index('[Play "W"]')
    rows = [line.split() for line in lines[start + 1 : start + 14]]
    for trick, row in zip(state.tricks, rows, strict=True):
        by_seat = {(trick.leader + i) % 4: card_pbn(c) for i, c in enumerate(trick.cards)}
        assert row == [by_seat[(1 + k) % 4] for k in range(4)], "W, N, E, S columns"


def test_hands_are_written_spades_first_high_to_low_with_voids_empty() -> None:
    hand = parse_many("AS 10S 2S KH 9D 8D 7D 6D 5D 4D 3D 2D AD")
    assert hand_pbn(hand) == "AT2.K.A98765432."
    assert card_pbn(parse_many("10H")[0]) == "HT" and card_pbn(parse_many("2C")[0]) == "C2"
    hands = [parse_many(" ".join(f"{r}{s}" for r in "2 3 4 5 6 7 8 9 10 J Q K A".split()))
             for s in "SHDC"]  # fmt: skip
    assert (
        deal_pbn(hands) == "S:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    )


def test_an_unfinished_deal_is_refused_unless_the_hidden_hands_may_be_revealed(kit: Any) -> None:
    state = kit.state(calls="1NT p")
    with pytest.raises(ValueError, match="reveal"):
        board_pbn(state)
    text = board_pbn(state, reveal_hidden=True)
    assert "1NT Pass +" in text.splitlines() and '[Contract "?"]' in text
    assert "[Score " not in text
    kit.auction(state, "p p")
    play_first_legal(state, 5)
    text = board_pbn(state, reveal_hidden=True)
    lines = text.splitlines()
    assert '[Result "' in text and "[Score " not in text
    assert lines[-1].count("+") == 1 and lines[-1].count("-") == 2, "one card of trick 2 played"


def test_the_record_of_the_stored_json_and_of_the_replayed_log_are_the_same() -> None:
    state, log = play_deal(77, "greedy")
    text = export_pbn(state)
    assert export_pbn(BridgeState.from_json(json.loads(json.dumps(state.to_json())))) == text
    assert export_pbn(replay({}, 77, log)) == text


def test_several_boards_make_one_file_read_back_in_order() -> None:
    games = [board_pbn(play_deal(s, "greedy")[0], board=i + 1) for i, s in enumerate((5, 6, 7))]
    boards = endplay_pbn.loads(pbn_file(games))
    assert [b.board_num for b in boards] == [1, 2, 3]


def test_bad_tag_values_are_refused() -> None:
    state, _ = play_deal(3, "greedy")
    with pytest.raises(ValueError):
        board_pbn(state, date="4 Dec 2026")
    with pytest.raises(ValueError):
        board_pbn(state, board=0)
    with pytest.raises(ValueError):
        board_pbn(state, event="two\nlines")
