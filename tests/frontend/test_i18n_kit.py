"""The browser side's translator (static/kit/i18n.js): plural forms by the language's rules, as
gettext's ngettext does on the server ("1 card", never "1 cards"), in English and German."""

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
