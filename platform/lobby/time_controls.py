"""Time controls a lobby game may choose (issue #18): the game's standard clock, or — unrated play
only — a longer one or none.

- ``standard``: ``game.time_control`` (rated tables, the ranked queue and tournaments always).
- ``relaxed``: bank and delay 3× the standard.
- ``long``: bank and delay 10× the standard.
- ``untimed``: no clock runs (``live.clock.ChosenControl(untimed=True)``); a seat that has not acted
  for a day forfeits, so an abandoned match still ends.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.core import Game, TimeControl
from live.clock import ChosenControl
from live.errors import LiveError

STANDARD = "standard"
RELAXED = "relaxed"
LONG = "long"
UNTIMED = "untimed"

MULTIPLIERS = {RELAXED: 3, LONG: 10}
"""How many times the standard bank and delay a longer control gives."""

NAMES = {
    STANDARD: gettext_lazy("Standard"),
    RELAXED: gettext_lazy("Relaxed"),
    LONG: gettext_lazy("Long"),
    UNTIMED: gettext_lazy("No clock"),
}
CHOICES = tuple(NAMES)


def _figures(control: TimeControl) -> str:
    minutes, seconds = divmod(control.bank_ms // 1000, 60)
    bank = f"{minutes}:{seconds:02d}"
    return _("%(bank)s + %(delay)s s a move") % {"bank": bank, "delay": control.delay_ms // 1000}


def check_choice(choice: str, *, rated: bool) -> str:
    """``choice`` (empty: standard) if it may be used, else a specific :class:`LiveError`."""
    choice = choice or STANDARD
    if choice not in NAMES:
        raise LiveError(
            "bad_time_control", _("unknown time control %(choice)r") % {"choice": choice}
        )
    if rated and choice != STANDARD:
        raise LiveError(
            "rated_needs_standard_clock",
            _("a rated game uses the standard clock: choose Standard or make the game unrated"),
        )
    return choice


def time_control_for(game: Game, choice: str) -> TimeControl | None:
    """The control ``match_start`` gets: None for the game's standard."""
    if choice == UNTIMED:
        return ChosenControl(bank_ms=0, delay_ms=0, name=UNTIMED, untimed=True)
    if choice in MULTIPLIERS:
        factor = MULTIPLIERS[choice]
        standard = game.time_control
        return ChosenControl(
            bank_ms=standard.bank_ms * factor, delay_ms=standard.delay_ms * factor, name=choice
        )
    return None


def choices_for(game: Game) -> list[dict[str, Any]]:
    """The choices as the lobby's form shows them for ``game`` (standard first, the default)."""
    out = []
    for choice in CHOICES:
        control = time_control_for(game, choice) or game.time_control
        label = str(NAMES[choice])
        if choice != UNTIMED:
            label = f"{label} ({_figures(control)})"
        out.append({"key": choice, "label": label, "standard": choice == STANDARD})
    return out


def note_for(choice: str) -> str:
    """What a table or match says about a non-standard clock ("" for the standard one)."""
    if choice == RELAXED:
        return _("Relaxed clock — not the standard clock")
    if choice == LONG:
        return _("Long clock — not the standard clock")
    if choice == UNTIMED:
        return _("No clock — not the standard clock")
    return ""


def choice_of_clock(clock: dict[str, Any]) -> str:
    """Which choice a match's clock was made from."""
    if clock.get("untimed"):
        return UNTIMED
    name = clock.get("control")
    return name if name in NAMES else STANDARD
