"""Readable records (static/kit/record.js and each board's describeAction): every kind of move a
game's engine offers, played out from real deals, reads as words in English, German and Simplified
Chinese — the seat's name, cards as suit symbol and rank ("♠6", never the engine's "6S"), no
placeholder or engine key left, and the German and Chinese texts their own — and the page's
colouring finds each card of the text."""

from __future__ import annotations

import json
import random
import re

import pytest

from games.core import event_for
from games.registry import all_games, get_game

from .test_board_modules import BOARDS, node_eval

GAMES = sorted(p.stem for p in BOARDS.glob("*.js"))
ENGINE_CARD = re.compile(r"\b(10|[2-9TJQKA])[SHDC]'?(?![\w])|\b[BR]J\b")


def sample_moves(slug: str, seed: int = 7, limit: int = 400) -> list[dict[str, object]]:
    """Moves of a game played with random legal actions from a real deal: each move's seat,
    action (as the move log stores it) and public events; a few of every action kind."""
    game = get_game(slug)
    seats = game.seat_counts[0]
    state = game.new_state(seats, {}, seed)
    rng = random.Random(seed)
    kept: dict[str, int] = {}
    out = []
    for _ in range(limit):
        if state.is_over() or not state.pending():
            break
        seat = rng.choice([d.seat for d in state.pending()])
        action = rng.choice(state.legal_actions(seat))
        raw = game.encode_action(action)
        events = [event_for(e, None) for e in state.apply(seat, action)]
        kind = str(raw["kind"])
        if kept.get(kind, 0) < 6:
            kept[kind] = kept.get(kind, 0) + 1
            out.append({"seat": seat, "action": raw, "events": events})
    return out


def describe_all(node: str, slug: str, moves: list[dict[str, object]]) -> dict[str, list[object]]:
    script = (
        f'import {{ describeAction }} from "./boards/{slug}.js";'
        'import { suitParts } from "./kit/record.js";'
        f"const moves = {json.dumps(moves)};"
        'const name = (s) => ["Ada", "Bo", "Cy", "Di", "Ed", "Fay"][s];'
        "const out = {};"
        'for (const lang of ["en", "de", "zh"]) out[lang] = moves.map((m) => {'
        "  const text = describeAction(m.action, { lang, seat: m.seat, name, events: m.events });"
        "  return text === null ? null : [text, suitParts(text).filter((p) => p.card).length]; });"
        "console.log(JSON.stringify(out));"
    )
    return node_eval(node, script)  # type: ignore[return-value]


def test_every_board_module_is_a_game_with_record_words() -> None:
    assert set(GAMES) == set(all_games())


@pytest.mark.parametrize("slug", GAMES)
def test_every_move_kind_reads_as_words_in_english_german_and_chinese(node: str, slug: str) -> None:
    moves = sample_moves(slug)
    assert len({m["action"]["kind"] for m in moves}) >= 2  # type: ignore[index]
    said = describe_all(node, slug, moves)
    for move, en, de, zh in zip(moves, said["en"], said["de"], said["zh"], strict=True):
        assert en is not None and de is not None and zh is not None, (
            f"no words for {move['action']}"
        )
        (en_text, en_cards), (de_text, _de_cards), (zh_text, zh_cards) = en, de, zh
        who = ["Ada", "Bo", "Cy", "Di", "Ed", "Fay"][move["seat"]]  # type: ignore[index]
        assert who in en_text and who in de_text and who in zh_text, (en_text, de_text, zh_text)
        for text in (en_text, de_text, zh_text):
            assert not ENGINE_CARD.search(text), text
            assert not re.search(r'[{}"_]', text), text  # no placeholder, JSON or engine key
        assert en_text != de_text and en_text != zh_text, en_text
        assert zh_cards == en_cards, (en_text, zh_text)
        cards = [c for c in ("card", "cards") if c in move["action"]]  # type: ignore[operator]
        if cards and slug != "spectacular_bid":
            shown = move["action"][cards[0]]  # type: ignore[index]
            count = 1 if isinstance(shown, str) else len(shown)
            jokers = sum(
                1
                for c in ([shown] if isinstance(shown, str) else shown)
                if "J" in c[:2] and c[0] in "BR"
            )
            assert en_cards == count - jokers, (en_text, shown)


def test_bids_and_cards_are_coloured_by_suit(node: str) -> None:
    script = (
        'import { suitParts } from "./kit/record.js";'
        'console.log(JSON.stringify(suitParts("Ada bids 2♥, Bo plays ♠10, Cy ♦Q ♣3 and 3NT")));'
    )
    assert node_eval(node, script) == [
        "Ada bids ",
        {"card": "2♥", "red": True},
        ", Bo plays ",
        {"card": "♠10", "red": False},
        ", Cy ",
        {"card": "♦Q", "red": True},
        " ",
        {"card": "♣3", "red": False},
        " and 3NT",
    ]
