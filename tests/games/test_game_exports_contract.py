"""The export formats a game declares (``Game.exports``): checked when the game is declared (format
names, the reserved ``json``, labels, media types, extensions), and kept by every registered game —
each writer refuses a match that is not over and writes a finished one."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.core import JSON, Export, ExportInput, Game, GameDeclarationError
from games.registry import all_games

GAMES = all_games()
WITH_EXPORTS = sorted(slug for slug, game in GAMES.items() if game.exports)


def _write(data: ExportInput) -> str:
    return f"{data.seed}"


TEXT = Export(label="Text", media_type="text/plain", extension="txt", write=_write)


def _declare(exports: Any) -> Game[Any]:
    base = GAMES["spectacular_bid"]
    return Game(
        slug="new_game",
        title="New",
        seat_counts=base.seat_counts,
        state=base.state,
        encode_action=base.encode_action,
        decode_action=base.decode_action,
        bots=base.bots,
        time_control=base.time_control,
        rating_mode=base.rating_mode,
        deal_for=base.deal_for,
        exports=exports,
    )


def test_a_game_declares_no_exports_unless_it_says_so() -> None:
    base = GAMES["spectacular_bid"]
    assert dict(base.exports) == {}
    assert dict(_declare({"text": TEXT, "hand_history_2": TEXT}).exports) == {
        "text": TEXT,
        "hand_history_2": TEXT,
    }


@pytest.mark.parametrize(
    ("exports", "says"),
    [
        ({"PBN": TEXT}, "not a lower-case name"),
        ({"hand-history": TEXT}, "not a lower-case name"),
        ({"": TEXT}, "not a lower-case name"),
        ({"a.b": TEXT}, "not a lower-case name"),
        ({"json": TEXT}, "reserved"),
        ({"text": "text/plain"}, "not an Export"),
        ({"text": Export(" ", "text/plain", "txt", _write)}, "needs a label"),
        ({"text": Export("Text", "plain", "txt", _write)}, "media type"),
        ({"text": Export("Text", "text/plain; charset=utf-8", "txt", _write)}, "media type"),
        ({"text": Export("Text", "text/plain", ".txt", _write)}, "extension"),
        ({"text": Export("Text", "text/plain", "", _write)}, "extension"),
        ({"text": Export("Text", "text/plain", "txt", "write")}, "no write function"),  # type: ignore[arg-type]
    ],
)
def test_a_mistaken_export_fails_when_the_game_is_declared(exports: Any, says: str) -> None:
    with pytest.raises(GameDeclarationError, match=says):
        _declare(exports)


def test_the_start_date_is_read_as_iso_8601_in_utc() -> None:
    def data(date: str) -> ExportInput:
        return ExportInput(seed=1, seats=2, options={}, moves=(), players=("a", "b"), date=date)

    assert data("").started() is None
    assert str(data("2026-12-04").started()) == "2026-12-04 00:00:00"
    assert str(data("2026-12-04T23:30:00-02:00").started()) == "2026-12-05 01:30:00+00:00"
    with pytest.raises(ValueError):
        data("4 Dec 2026").started()


def _finished(slug: str, seed: int) -> tuple[int, list[tuple[int, JSON]]]:
    """A match of ``slug`` played to the end with random legal actions: its seat count and log."""
    game = GAMES[slug]
    seats = game.seat_counts[0]
    state = game.new_state(seats, {}, seed)
    rng = random.Random(seed)
    log: list[tuple[int, JSON]] = []
    while not state.is_over():
        assert len(log) < 20_000
        decision = state.pending()[0]
        action = rng.choice(list(state.legal_actions(decision.seat)))
        log.append((decision.seat, game.encode_action(action)))
        state.apply(decision.seat, action)
    return seats, log


@pytest.mark.parametrize("slug", WITH_EXPORTS)
def test_every_writer_refuses_a_match_that_is_not_over_and_writes_a_finished_one(
    slug: str,
) -> None:
    seats, log = _finished(slug, 17)
    names = [f"p{s}" for s in range(seats)]
    for fmt, export in GAMES[slug].exports.items():
        for unfinished in ([], log[: len(log) // 2], log[:-1]):
            data = ExportInput(17, seats, {}, unfinished, names, "2026-12-04")
            with pytest.raises(ValueError):
                export.write(data)
        text = export.write(ExportInput(17, seats, {}, log, names, "2026-12-04", "Match #1"))
        assert text.strip() and text.endswith("\n"), fmt
        assert all(name in text for name in names), "the players are named"


def test_the_games_that_export_are_bridge_and_holdem() -> None:
    assert {slug: list(GAMES[slug].exports) for slug in WITH_EXPORTS} == {
        "bridge": ["pbn"],
        "holdem": ["hand_history"],
    }
