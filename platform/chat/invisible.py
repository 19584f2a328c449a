"""Characters a reader cannot see, taken out of chat text (docs/chat.md "Rules of a message").

Bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F, U+061C) reorder what a
reader sees: "U+202E gnp.exe" reads as "exe.png", and an unclosed override runs on into the author
names and messages around it.  Zero-width and other format characters (U+200B, U+2060, U+FEFF,
U+00AD, tag characters …) hide text from the eye while a search or a filter still sees it, make two
messages that look alike differ, or make a message that looks empty.  Blank "letters" (the Hangul
fillers, the braille blank) do the same while posing as letters.

So every format character (Unicode category Cf) is removed, except the two joiners (U+200C,
U+200D) between two visible characters, where they shape scripts (Persian, the Indic scripts) and
build emoji sequences; the blank letters are removed; every kind of space or line break becomes a
plain space.  A text that keeps no visible character after that shows nothing and is refused.
"""

from __future__ import annotations

import unicodedata

JOINERS = frozenset("\u200c\u200d")
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f")
"""Letters and symbols that draw nothing: the Hangul fillers, the braille blank, and the
combining grapheme joiner."""
MARKS = frozenset(("Mn", "Mc", "Me"))


def _hidden(char: str) -> bool:
    return char in BLANK_LETTERS or unicodedata.category(char) == "Cf"


def _drawn(char: str) -> bool:
    """A character that draws something by itself (not a space, a mark or a hidden one)."""
    return not (char.isspace() or _hidden(char) or unicodedata.category(char) in MARKS)


def without_invisible(text: str) -> str:
    """``text`` with the hidden characters removed and every space or line break made a plain
    space (not trimmed: the caller trims)."""
    out: list[str] = []
    for i, char in enumerate(text):
        if char.isspace():
            out.append(" ")
        elif char in JOINERS:
            before = out[-1] if out else ""
            after = text[i + 1] if i + 1 < len(text) else ""
            if before and after and not _hidden(before) and _drawn(after) and not before.isspace():
                out.append(char)
        elif not _hidden(char):
            out.append(char)
    return "".join(out)


def shows_something(text: str) -> bool:
    """Whether ``text`` holds at least one character that draws something."""
    return any(_drawn(char) for char in text)
