// Readable records: what a board module needs to tell a move in words for the replay's move list
// ("South plays ♠6", "Süd spielt ♠6"). A board exports
//
//   export const describeAction = describer(WORDS, (action, c) => …text or null…);
//
// and the replay page (js/replay.js) calls describeAction(action, ctx) with
//   ctx.lang    the page's language ("en" | "de" | "zh")
//   ctx.seat    the seat that moved (null: the server)
//   ctx.name(s) a seat's player name
//   ctx.events  the public events the move caused (what the engine said happened)
// The text is plain (no DOM, so Node can check it): cards are written suit symbol first ("♠6",
// "♥10"), and the page colours each symbol with its rank (red ♥♦, dark ♠♣; the symbol itself
// stays as text, so the colour is never the only sign). null means "no words for this": the page
// then falls back to its generic text.
import { makeTranslator, mergeWords } from "./i18n.js";
import { CARD_WORDS, SUIT_SYMBOL, parseCard } from "./cards.js";

// Words every describer shares (a board's own words are merged over them).
const RECORD_WORDS = {
  en: {
    rec_joker_BJ: "small joker", rec_joker_RJ: "big joker",
    rec_pass: "{name} passes",
    rec_play: "{name} plays {cards}", rec_play_combo: "{name} plays {combo}: {cards}",
    rec_continue: "{name} is ready for the next deal",
    rec_fold: "{name} folds", rec_check: "{name} checks", rec_call: "{name} calls", rec_call_to: "{name} calls {to}",
    rec_bet: "{name} bets {to}", rec_raise: "{name} raises to {to}", rec_all_in: "{text} (all-in)",
  },
  de: {
    rec_joker_BJ: "kleiner Joker", rec_joker_RJ: "großer Joker",
    rec_pass: "{name} passt",
    rec_play: "{name} spielt {cards}", rec_play_combo: "{name} spielt {combo}: {cards}",
    rec_continue: "{name} ist bereit für das nächste Spiel",
    rec_fold: "{name} steigt aus", rec_check: "{name} schiebt", rec_call: "{name} geht mit", rec_call_to: "{name} geht mit auf {to}",
    rec_bet: "{name} setzt {to}", rec_raise: "{name} erhöht auf {to}", rec_all_in: "{text} (all-in)",
  },
  zh: {
    rec_joker_BJ: "小王", rec_joker_RJ: "大王",
    rec_pass: "{name} 不要",
    rec_play: "{name} 出 {cards}", rec_play_combo: "{name} 出{combo}：{cards}",
    rec_continue: "{name} 准备好下一局",
    rec_fold: "{name} 弃牌", rec_check: "{name} 过牌", rec_call: "{name} 跟注", rec_call_to: "{name} 跟注到 {to}",
    rec_bet: "{name} 下注 {to}", rec_raise: "{name} 加注到 {to}", rec_all_in: "{text}（全下）",
  },
};

/** A card as the record writes it: suit symbol then rank ("♠6", "♥10"), a joker by its name. */
export function recordCard(code, tr) {
  const p = parseCard(code);
  if (p.joker) return tr(`rec_joker_${p.joker}`);
  return `${SUIT_SYMBOL[p.suit]}${p.rank}`;
}

/** Several cards, space-separated. */
export const recordCards = (cards, tr) => (cards || []).map((c) => recordCard(c, tr)).join(" ");

/**
 * describeAction for a board: `words` ({en, de}) merged over the kit's card words and the shared
 * record words, and `describe(action, c)` giving the text or null; c is the replay's ctx plus
 * tr (the translator in ctx.lang), who (the name of the seat that moved) and card / cards (the
 * writers above, with this translator).
 */
export function describer(words, describe) {
  const translators = new Map();
  return function describeAction(action, ctx = {}) {
    const lang = ctx.lang || "en"; // a language without the words reads English (makeTranslator)
    if (!translators.has(lang)) translators.set(lang, makeTranslator(mergeWords(CARD_WORDS, RECORD_WORDS, words), lang));
    const tr = translators.get(lang);
    const name = ctx.name || ((s) => tr("seat", { n: Number(s) + 1 }));
    const c = {
      ...ctx, lang, tr, name,
      events: ctx.events || [],
      who: name(ctx.seat),
      card: (code) => recordCard(code, tr),
      cards: (list) => recordCards(list, tr),
    };
    if (!action || typeof action !== "object") return null;
    if (action.kind === "pass") return describe(action, c) ?? tr("rec_pass", { name: c.who });
    if (action.kind === "continue") return describe(action, c) ?? tr("rec_continue", { name: c.who });
    return describe(action, c) ?? null;
  };
}

/**
 * A shedding play: "Ada plays a pair: ♠3 ♥3" when the move's play event names its combination
 * (comboName(tr, event) gives the words, kit/shedding.js playComboName), else "Ada plays ♠3 ♥3".
 */
export function playText(a, c, comboName = null) {
  const ev = c.events.find((e) => e.kind === "play" && e.combo);
  const cards = c.cards(a.cards);
  if (ev && comboName) return c.tr("rec_play_combo", { name: c.who, combo: comboName(c.tr, ev), cards });
  return c.tr("rec_play", { name: c.who, cards });
}

/**
 * A poker bet (fold, check, call, bet, raise) in words, with the total the engine's "action"
 * event gives (a call's amount is only there) and "(all-in)"; null for any other action.
 */
export function betText(a, c) {
  if (!["fold", "check", "call", "bet", "raise"].includes(a.kind)) return null;
  const ev = c.events.find((e) => e.kind === "action" && e.seat === c.seat) || {};
  const to = ev.to ?? a.to;
  const key = a.kind === "call" ? (to ? "rec_call_to" : "rec_call") : `rec_${a.kind}`;
  const text = c.tr(key, { name: c.who, to });
  return ev.all_in ? c.tr("rec_all_in", { text }) : text;
}

/**
 * The parts of a record text: plain strings and {card, red} for a suit symbol with its rank ("♠6")
 * or a bid's level before it ("2♥").
 */
export function suitParts(text) {
  const parts = [];
  const re = /[1-7][♠♣♥♦]|[♠♣♥♦](?:10|[2-9JQKA])?/g;
  let at = 0;
  for (const m of String(text).matchAll(re)) {
    if (m.index > at) parts.push(text.slice(at, m.index));
    parts.push({ card: m[0], red: /[♥♦]/.test(m[0]) });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
