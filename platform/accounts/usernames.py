"""What a user name may hold: letters, digits and ``@ . + - _`` (Django's rule), and nothing a
reader cannot see.

A name is shown to other people everywhere — seats, chat, standings, the admin — so it must look
like what it is.  A right-to-left override (U+202E) turns ``alice\u202egnp.exe`` into something
else on screen, a zero-width space (U+200B) makes ``bob`` and ``b\u200bob`` two accounts that look
the same, and a Hangul filler (U+3164) is a "letter" that draws nothing.  Such names are refused at
sign-up and at every rename (the admin's user form) with a message that names the character, rather
than Django's generic "enter a valid username".
"""

from __future__ import annotations

import unicodedata

from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext_lazy as _

# Characters that draw nothing although Unicode files them as letters or marks (its
# Default_Ignorable_Code_Point set, minus the format characters caught by category below).
_DRAW_NOTHING = frozenset(
    [0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0]
    + list(range(0x180B, 0x1810))  # Mongolian variation selectors and vowel separator
    + list(range(0xFE00, 0xFE10))  # variation selectors
    + list(range(0xE0100, 0xE01F0))  # variation selectors supplement
)
# Cc control, Cf format (bidi controls and isolates, zero-width space/joiners, word joiner, BOM,
# soft hyphen, tags …), Co private use, Cs surrogates, Cn unassigned, Z* separators.
_UNSEEN_CATEGORIES = frozenset(["Cc", "Cf", "Co", "Cs", "Cn", "Zs", "Zl", "Zp"])


def unseen_characters(name: str) -> list[str]:
    """The characters of ``name`` a reader would not see (or that change how the rest is drawn),
    each as ``U+XXXX``, in order, without repeats."""
    found: list[str] = []
    for char in name:
        code = ord(char)
        if code in _DRAW_NOTHING or unicodedata.category(char) in _UNSEEN_CATEGORIES:
            label = f"U+{code:04X}"
            if label not in found:
                found.append(label)
    return found


@deconstructible
class PlatformUsernameValidator(UnicodeUsernameValidator):
    """Django's user name rule, preceded by the check for invisible and direction-changing
    characters, so such a name gets the one message that says what is wrong with it."""

    unseen_message = _(
        "User names cannot contain invisible or text-direction characters (%(characters)s): "
        "other players would see a different name."
    )

    def __call__(self, value: object) -> None:
        if isinstance(value, str) and (found := unseen_characters(value)):
            raise ValidationError(
                self.unseen_message,
                code="invisible_characters",
                params={"characters": ", ".join(found)},
            )
        super().__call__(value)
