// The one translator of the browser side: every board, live-client.js and match-page.js build
// theirs with makeTranslator() over a {en: {…}, de: {…}} dictionary, chosen by <html lang>.

/** The page language ("de" or "en") from <html lang>. */
export function pageLang() {
  const lang = (document.documentElement.lang || "en").slice(0, 2).toLowerCase();
  return lang === "de" ? "de" : "en";
}

/**
 * A translator over a {en:{…}, de:{…}} dictionary: t("key", {name: "x"}) fills {name}. A key
 * missing in the language falls back to English, then to fallback(key, vars), then to the key.
 *
 * Plurals: an entry may be an object of plural forms, {one: "{n} card", other: "{n} cards"},
 * chosen by the language's rules (Intl.PluralRules) for vars.n (or vars.count), as gettext's
 * ngettext does on the server; a form the language does not list falls back to `other`.
 */
export function makeTranslator(dict, lang = pageLang(), fallback = null) {
  const rules = new Intl.PluralRules(lang);
  return function t(key, vars = {}) {
    let text = dict[lang]?.[key] ?? dict.en?.[key];
    if (text === undefined) text = fallback ? fallback(key, vars) : key;
    if (text !== null && typeof text === "object") text = pluralForm(text, rules, vars.n ?? vars.count);
    return String(text).replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
  };
}

function pluralForm(forms, rules, count) {
  const n = Number(count);
  const form = Number.isFinite(n) ? rules.select(n) : "other";
  return forms[form] ?? forms.other ?? Object.values(forms)[0];
}

/** {en, de} dictionaries merged into one, a later one's words winning (shared words, then a board's). */
export function mergeWords(...dicts) {
  return {
    en: Object.assign({}, ...dicts.map((d) => d.en)),
    de: Object.assign({}, ...dicts.map((d) => d.de)),
  };
}
