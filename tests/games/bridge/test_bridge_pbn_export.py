"""Bridge's declared export (``GAME.exports["pbn"]``): the platform's match record — seed, options,
move log, players' names, start date — written as the PBN file of the deal replayed from the log,
with the names in the West/North/East/South tags and the date in ``Date``; an unfinished deal is
refused.  The PBN itself is tested in test_bridge_pbn.py."""

from __future__ import annotations

import pytest
from endplay.parsers import pbn as endplay_pbn

from games.bridge.declaration import GAME, write_pbn
from games.bridge.pbn import export_pbn
from games.core import JSON, ExportInput

from .test_bridge_pbn import play_deal

NAMES = ("sue", "will", "nora", "ed")  # seats 0 South, 1 West, 2 North, 3 East


def record(
    seed: int,
    log: list[tuple[int, JSON]],
    date: str = "2026-12-04T23:30:00+00:00",
    *,
    ended: bool = False,
) -> ExportInput:
    return ExportInput(
        seed=seed,
        seats=4,
        options={},
        moves=log,
        players=NAMES,
        date=date,
        title="Match #9",
        ended=ended,
    )


def test_bridge_declares_a_pbn_export() -> None:
    export = GAME.exports["pbn"]
    assert (export.label, export.extension, export.write) == ("PBN", "pbn", write_pbn)
    assert export.media_type == "text/plain"


def test_the_export_is_the_pbn_of_the_replayed_deal_with_names_and_date() -> None:
    state, log = play_deal(21, "greedy")
    text = GAME.exports["pbn"].write(record(21, log))
    expected = export_pbn(
        state,
        event="Match #9",
        date="2026.12.04",
        players={0: "sue", 1: "will", 2: "nora", 3: "ed"},
    )
    assert text == expected
    lines = text.splitlines()
    for tag, name in (("West", "will"), ("North", "nora"), ("East", "ed"), ("South", "sue")):
        assert f'[{tag} "{name}"]' in lines
    assert '[Date "2026.12.04"]' in lines and '[Event "Match #9"]' in lines
    (board,) = endplay_pbn.loads(text)
    assert board.info["West"] == "will" and board.info["Date"] == "2026.12.04"


@pytest.mark.parametrize(
    ("date", "tag"),
    [("2026-01-31", "2026.01.31"), ("2026-01-31T23:30:00-05:00", "2026.02.01"), ("", "?")],
)
def test_the_date_tag_is_the_start_date_in_utc(date: str, tag: str) -> None:
    _state, log = play_deal(4, "greedy")
    assert f'[Date "{tag}"]' in write_pbn(record(4, log, date)).splitlines()


def test_a_deal_not_played_to_the_end_is_refused() -> None:
    _state, log = play_deal(8, "greedy")
    with pytest.raises(ValueError, match="reveal"):
        write_pbn(record(8, log[:-1]))


def test_a_match_that_ended_mid_deal_writes_the_deal_as_far_as_it_was_played() -> None:
    _state, log = play_deal(8, "greedy")
    text = write_pbn(record(8, log[:-1], ended=True))
    lines = text.splitlines()
    assert '[Play "' in text and "[Score " not in text
    # The last trick lacks the one card not played: PBN's "+" marks the next card to come.
    assert lines[-1].split()[0] == "+" and len(lines[-1].split()) == 4
    whole = write_pbn(record(8, log)).splitlines()
    assert lines[-1].split()[1:] == whole[-1].split()[1:]
