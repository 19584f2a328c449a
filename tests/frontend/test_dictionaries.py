"""Three languages on the browser side: every words dictionary in frontend/static (an object with
`en` and `de` dictionaries, the shape kit/i18n.js's makeTranslator reads) also has German and
Simplified Chinese (`zh`) with exactly the English keys, each filling the same {placeholders}, so
no message falls back to English on a German or Chinese page.  The dictionaries are found by parsing
the modules (ESLint's parser, espree), not by importing them: page scripts touch the DOM on load."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from .test_board_modules import node_eval

FIND_DICTIONARIES = r"""
import { createRequire } from "node:module";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
const require = createRequire(join(process.cwd(), "../package.json"));
const espree = require("espree");

const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) { if (name !== "vendor") walk(path); }
    else if (name.endsWith(".js")) files.push(path);
  }
})(".");

const keyOf = (p) => p.key && (p.key.type === "Identifier" ? p.key.name : String(p.key.value));
// A message's text (a plural entry's forms joined), or null when it is not a plain literal.
function textOf(node) {
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  if (node.type === "TemplateLiteral" && node.expressions.length === 0) {
    return node.quasis[0].value.cooked;
  }
  if (node.type === "ObjectExpression") {
    const forms = node.properties.map((p) => (p.type === "Property" ? textOf(p.value) : null));
    return forms.includes(null) ? null : forms.join(" | ");
  }
  return null;
}
function messages(node) {
  const out = {};
  for (const p of node.properties) {
    if (p.type === "Property") out[keyOf(p)] = textOf(p.value);
    else out["..." + (p.argument.type === "MemberExpression" ? p.argument.object.name : "?")] = "";
  }
  return out;
}

const found = [];
function visit(node) {
  if (!node || typeof node.type !== "string") return;
  if (node.type === "ObjectExpression") {
    const langs = {};
    for (const p of node.properties) {
      if (p.type === "Property" && p.value.type === "ObjectExpression") langs[keyOf(p)] = p.value;
    }
    if (langs.en && langs.de) {
      const dict = {};
      for (const [lang, value] of Object.entries(langs)) dict[lang] = messages(value);
      found.push({ where: `${relative(".", files.current)}:${node.loc.start.line}`, dict });
    }
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === "parent" || key === "loc") continue;
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") visit(value);
  }
}
for (const path of files) {
  files.current = path;
  const options = { ecmaVersion: "latest", sourceType: "module", loc: true };
  visit(espree.parse(readFileSync(path, "utf8"), options));
}
console.log(JSON.stringify(found));
"""

PLACEHOLDER = re.compile(r"\{(\w+)\}")


@pytest.fixture
def dictionaries(eslint: Path) -> list[dict[str, object]]:
    """Every dictionary as {where: "file:line", dict: {lang: {key: text}}} (ESLint's espree)."""
    return node_eval(str(shutil.which("node")), FIND_DICTIONARIES)  # type: ignore[return-value]


def placeholders(text: object) -> list[str]:
    return sorted(set(PLACEHOLDER.findall(str(text))))


def test_the_dictionaries_are_found_in_boards_kit_and_page_scripts(
    dictionaries: list[dict[str, object]],
) -> None:
    files = {str(d["where"]).split(":")[0] for d in dictionaries}
    assert {"kit/cards.js", "kit/record.js", "boards/bridge.js", "js/match-page.js"} <= files
    assert "boards/guandan/words.js" in files and len(dictionaries) >= 20


@pytest.mark.parametrize("lang", ["de", "zh"])
def test_every_english_message_has_a_translation_with_the_same_placeholders(
    dictionaries: list[dict[str, object]], lang: str
) -> None:
    problems = []
    for found in dictionaries:
        dict_ = found["dict"]
        assert isinstance(dict_, dict)
        en, other = dict_["en"], dict_.get(lang)
        if other is None:
            problems.append(f"{found['where']}: no {lang} dictionary")
            continue
        if set(other) != set(en):
            missing, extra = sorted(set(en) - set(other)), sorted(set(other) - set(en))
            problems.append(f"{found['where']}: {lang} lacks {missing}, has extra {extra}")
        for key in set(en) & set(other):
            if placeholders(en[key]) != placeholders(other[key]):
                problems.append(f"{found['where']} {key}: {en[key]!r} vs {other[key]!r}")
    assert not problems, "\n".join(problems)


def test_chinese_messages_are_chinese(dictionaries: list[dict[str, object]]) -> None:
    """A zh message left in English (copied over to satisfy the key check) is caught: most Chinese
    messages contain Han characters, and none is identical to a long English sentence."""
    copied = []
    for found in dictionaries:
        dict_ = found["dict"]
        assert isinstance(dict_, dict)
        for key, text in (dict_.get("zh") or {}).items():
            english = dict_["en"].get(key)
            if (
                isinstance(text, str)
                and text == english
                and len(PLACEHOLDER.sub("", text).split()) > 2
            ):
                copied.append(f"{found['where']} {key}: {text!r}")
    assert not copied, "\n".join(copied)
