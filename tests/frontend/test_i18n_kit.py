"""The browser side's translator (static/kit/i18n.js): plural forms by the language's rules, as
gettext's ngettext does on the server ("1 card", never "1 cards"), in English, German and Chinese
(one form); and which dictionary a page's <html lang> reads."""

from __future__ import annotations

from .test_board_modules import node_eval


def test_plural_forms_follow_the_count_in_english_and_german(node: str) -> None:
    script = (
        'import { makeTranslator } from "./kit/i18n.js";'
        'const words = { en: { cards: { one: "{n} card", other: "{n} cards" }, plain: "x {n}" },'
        '  de: { cards: { one: "{n} Karte", other: "{n} Karten" } } };'
        "const out = {};"
        'for (const lang of ["en", "de"]) { const t = makeTranslator(words, lang);'
        "  out[lang] = [0, 1, 2, 21].map((n) => t('cards', { n }))"
        "    .concat([t('plain', { n: 1 })]); }"
        "console.log(JSON.stringify(out));"
    )
    assert node_eval(node, script) == {
        "en": ["0 cards", "1 card", "2 cards", "21 cards", "x 1"],
        "de": ["0 Karten", "1 Karte", "2 Karten", "21 Karten", "x 1"],
    }


def test_the_kits_card_counts_use_plural_forms(node: str) -> None:
    script = (
        'import { makeTranslator } from "./kit/i18n.js";'
        'import { sheddingDict } from "./kit/shedding.js";'
        "const out = {};"
        'for (const lang of ["en", "de"]) {'
        "  const t = makeTranslator(sheddingDict({ en: {}, de: {} }), lang);"
        "  out[lang] = [1, 5].map((n) => t('cards_left', { n })); }"
        "console.log(JSON.stringify(out));"
    )
    assert node_eval(node, script) == {"en": ["1 card", "5 cards"], "de": ["1 Karte", "5 Karten"]}


def test_chinese_has_one_plural_form_and_falls_back_to_english_for_a_missing_key(node: str) -> None:
    script = (
        'import { makeTranslator } from "./kit/i18n.js";'
        'const words = { en: { cards: { one: "{n} card", other: "{n} cards" }, only_en: "hi" },'
        '  de: {}, zh: { cards: { other: "{n} 张" } } };'
        "const t = makeTranslator(words, 'zh');"
        "console.log(JSON.stringify([1, 2].map((n) => t('cards', { n })).concat([t('only_en')])));"
    )
    assert node_eval(node, script) == ["1 张", "2 张", "hi"]


def test_django_language_codes_map_to_the_dictionary_languages(node: str) -> None:
    """Django names Simplified Chinese "zh-hans"; the dictionaries are keyed "zh"; Traditional
    Chinese (not offered) reads English rather than Simplified characters."""
    tags = [
        "zh-hans",
        "zh-Hans",
        "zh",
        "zh-CN",
        "zh_hans",
        "zh-hant",
        "zh-TW",
        "de",
        "de-AT",
        "en",
        "fr",
        "",
    ]
    script = (
        'import { dictLang } from "./kit/i18n.js";'
        f"console.log(JSON.stringify({tags!r}.map(dictLang)));"
    )
    assert node_eval(node, script) == [
        "zh",
        "zh",
        "zh",
        "zh",
        "zh",
        "en",
        "en",
        "de",
        "de",
        "en",
        "en",
        "en",
    ]


def test_merged_words_keep_all_three_languages(node: str) -> None:
    script = (
        'import { mergeWords } from "./kit/i18n.js";'
        "const m = mergeWords({ en: { a: 'A' }, de: { a: 'Ä' }, zh: { a: '甲' } },"
        "  { en: { b: 'B' }, de: { b: 'Ö' }, zh: { b: '乙' } });"
        "console.log(JSON.stringify(m));"
    )
    assert node_eval(node, script) == {
        "en": {"a": "A", "b": "B"},
        "de": {"a": "Ä", "b": "Ö"},
        "zh": {"a": "甲", "b": "乙"},
    }
