// The one translator of the browser side: every board, live-client.js and match-page.js build
// theirs with makeTranslator() over a {en: {…}, de: {…}, zh: {…}} dictionary, chosen by <html lang>.

/** The dictionaries' languages: English (the fallback), German and Simplified Chinese. */
export const LANGS = ["en", "de", "zh"];

/**
 * The dictionary language for a page or request language tag: "de…" is German; Django's
 * "zh-hans" (and "zh", "zh-Hans", "zh-CN", "zh-SG") is Simplified Chinese, whose dictionaries are
 * keyed "zh"; anything else, Traditional Chinese included, reads English.
 */
export function dictLang(tag) {
  const parts = String(tag || "en").toLowerCase().split(/[-_]/);
  if (parts[0] === "de") return "de";
  if (parts[0] === "zh" && (parts.length === 1 || ["hans", "cn", "sg"].includes(parts[1]))) return "zh";
  return "en";
}

/** The page language ("en", "de" or "zh") from <html lang>. */
export function pageLang() {
  return dictLang(document.documentElement.lang);
}

/**
 * A translator over a {en:{…}, de:{…}, zh:{…}} dictionary: t("key", {name: "x"}) fills {name}. A key
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

/** {en, de, zh} dictionaries merged into one, a later one's words winning (shared words, then a board's). */
export function mergeWords(...dicts) {
  return Object.fromEntries(LANGS.map((lang) => [lang, Object.assign({}, ...dicts.map((d) => d[lang]))]));
}
