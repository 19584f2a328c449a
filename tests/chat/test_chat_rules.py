"""The chat's pure rules: the text as stored and the default word filter."""

from __future__ import annotations

import pytest

from chat.errors import ChatError
from chat.filters import mask_words
from chat.services import clean_text


def test_text_is_trimmed_and_line_breaks_become_spaces() -> None:
    assert clean_text("  hi\nthere\t ") == "hi there"


@pytest.mark.parametrize(
    ("text", "code"), [("", "empty"), ("  ", "empty"), (None, "malformed"), ("a\x00b", "malformed")]
)
def test_bad_text_is_refused(text: object, code: str) -> None:
    with pytest.raises(ChatError) as caught:
        clean_text(text)
    assert caught.value.code == code


def test_the_word_filter_masks_whole_words_only() -> None:
    assert mask_words("Shit happens") == "**** happens"
    assert mask_words("shitake and Scunthorpe stay") == "shitake and Scunthorpe stay"
    assert mask_words("du Arschloch!") == "du *********!"
