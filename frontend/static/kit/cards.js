// Playing cards for the card boards (dou_dizhu, zheng_shangyou, holdem, one_poker): the words every
// card board shares, card codes and their spoken names, SVG card faces and backs, rows of cards,
// and the stylesheet cards.css beside this file (loaded once).
import { el, svg } from "./dom.js";

/** Loads cards.css once (every card board uses it). */
export function loadCss() {
  if (document.querySelector("link[data-board-css=cards]")) return;
  document.head.append(el("link", { rel: "stylesheet", href: new URL("./cards.css", import.meta.url).href, "data-board-css": "cards" }));
}

// The words every card board uses (a board's own words are merged over them: see card-board.js).
export const CARD_WORDS = {
  en: {
    suit_C: "clubs", suit_D: "diamonds", suit_H: "hearts", suit_S: "spades",
    rank_J: "jack", rank_Q: "queen", rank_K: "king", rank_A: "ace",
    card_of: "{rank} of {suit}",
    joker_BJ: "black joker (small)", joker_RJ: "red joker (big)",
    card_selected: "selected", card_playable: "part of a legal play", card_not_playable: "not playable now",
    hidden_cards: { one: "{n} hidden card", other: "{n} hidden cards" },
    seat: "Seat {n}",
    you: "you",
    to_act: "to act",
    spectating: "You are watching: hands are hidden.",
    nothing_yet: "Nothing has happened yet.",
    last: "Last:",
    log: "History",
    handover_title: "Hand-over",
    handover_text: "Pass the device to {name}. {name}: show your cards when only you can see the screen.",
    handover_button: "Show {name}'s cards",
    fold: "Fold", check: "Check", call: "Call {n}", call_all_in: "Call {n} (all-in)",
    bet_to: "Bet {n}", raise_to: "Raise to {n}", all_in_to: "All-in ({n})",
    amount: "Amount (your total bet this round)",
    limits: "Minimum {min}, maximum {max} (all-in).",
    half_pot: "½ pot", pot_size: "Pot", all_in_btn: "All-in", min_btn: "Min",
    raising_closed: "Raising is closed: call or fold.",
  },
  de: {
    suit_C: "Kreuz", suit_D: "Karo", suit_H: "Herz", suit_S: "Pik",
    rank_J: "Bube", rank_Q: "Dame", rank_K: "König", rank_A: "Ass",
    card_of: "{suit} {rank}",
    joker_BJ: "schwarzer Joker (klein)", joker_RJ: "roter Joker (groß)",
    card_selected: "ausgewählt", card_playable: "Teil eines erlaubten Zugs", card_not_playable: "jetzt nicht spielbar",
    hidden_cards: { one: "{n} verdeckte Karte", other: "{n} verdeckte Karten" },
    seat: "Platz {n}",
    you: "du",
    to_act: "am Zug",
    spectating: "Du schaust zu: die Hände sind verdeckt.",
    nothing_yet: "Noch ist nichts geschehen.",
    last: "Zuletzt:",
    log: "Verlauf",
    handover_title: "Gerätewechsel",
    handover_text: "Gib das Gerät an {name} weiter. {name}: zeige deine Karten erst, wenn nur du den Bildschirm siehst.",
    handover_button: "Karten von {name} zeigen",
    fold: "Aussteigen", check: "Schieben", call: "Mitgehen {n}", call_all_in: "Mitgehen {n} (all-in)",
    bet_to: "Setzen {n}", raise_to: "Erhöhen auf {n}", all_in_to: "All-in ({n})",
    amount: "Betrag (dein Gesamteinsatz dieser Runde)",
    limits: "Mindestens {min}, höchstens {max} (all-in).",
    half_pot: "½ Pot", pot_size: "Pot", all_in_btn: "All-in", min_btn: "Min.",
    raising_closed: "Erhöhen ist nicht mehr möglich: mitgehen oder aussteigen.",
  },
  zh: {
    suit_C: "梅花", suit_D: "方块", suit_H: "红桃", suit_S: "黑桃",
    rank_J: "J", rank_Q: "Q", rank_K: "K", rank_A: "A",
    card_of: "{suit}{rank}",
    joker_BJ: "小王（黑）", joker_RJ: "大王（红）",
    card_selected: "已选中", card_playable: "可组成合法出牌", card_not_playable: "现在不能出",
    hidden_cards: { other: "{n} 张暗牌" },
    seat: "座位 {n}",
    you: "你",
    to_act: "轮到行动",
    spectating: "你正在观战：手牌不可见。",
    nothing_yet: "还没有任何动作。",
    last: "上一手：",
    log: "记录",
    handover_title: "交接设备",
    handover_text: "请把设备交给 {name}。{name}：确认只有你能看到屏幕后再亮出手牌。",
    handover_button: "显示 {name} 的手牌",
    fold: "弃牌", check: "过牌", call: "跟注 {n}", call_all_in: "跟注 {n}（全下）",
    bet_to: "下注 {n}", raise_to: "加注到 {n}", all_in_to: "全下（{n}）",
    amount: "金额（你本轮的下注总额）",
    limits: "最少 {min}，最多 {max}（全下）。",
    half_pot: "½ 底池", pot_size: "底池", all_in_btn: "全下", min_btn: "最小",
    raising_closed: "不能再加注：请跟注或弃牌。",
  },
};

export const SUIT_SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RED = new Set(["D", "H"]);

/** "10H" → {rank: "10", suit: "H"}; "TH" → rank "10"; a trailing pack mark (') is dropped; jokers → {joker: "BJ"|"RJ"}. */
export function parseCard(code) {
  const c = String(code).replace(/'+$/, "");
  if (c === "BJ" || c === "RJ") return { code: c, joker: c, rank: c, suit: null };
  let rank = c.slice(0, -1);
  if (rank === "T") rank = "10";
  return { code: c, rank, suit: c.slice(-1), joker: null };
}

/** The rank part of a card ("10H" → "10", "BJ" → "BJ"). */
export const rankOf = (code) => parseCard(code).rank;

/** Spoken name of a card, e.g. "7 of hearts" / "Herz 7". */
export function cardName(code, tr) {
  const p = parseCard(code);
  if (p.joker) return tr(`joker_${p.joker}`);
  const rank = /^[JQKA]$/.test(p.rank) ? tr(`rank_${p.rank}`) : p.rank;
  return tr("card_of", { rank, suit: tr(`suit_${p.suit}`) });
}

/** The name of a card a player presses: its name, after the letters printed on its face when
 *  the name does not already hold them ("J, jack of spades"; "10 of hearts" as it is), so that
 *  a button's name contains what it shows and speech input ("click J") finds it (WCAG 2.5.3). */
export function cardLabel(code, tr) {
  const name = cardName(code, tr);
  const p = parseCard(code);
  const face = p.joker ? (p.joker === "RJ" ? "BIG JOKER" : "small JOKER") : p.rank;
  const words = (text) => ` ${text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).join(" ")} `;
  return words(name).includes(words(face)) ? name : `${face}, ${name}`;
}

/** Short text of a card with its suit symbol: "7♥", "10♠", "Joker★". */
export function cardText(code) {
  const p = parseCard(code);
  if (p.joker === "BJ") return "☆JK";
  if (p.joker === "RJ") return "★JK";
  return `${p.rank}${SUIT_SYMBOL[p.suit]}`;
}
export const cardsText = (cards) => (cards || []).map(cardText).join(" ");

/** One playing card as SVG (60 × 84 units). Options: back (face down), label (aria). */
export function cardSvg(code, { back = false, label = null, cls = "" } = {}) {
  const s = svg("svg", {
    viewBox: "0 0 60 84", class: `card-svg ${cls}`.trim(),
    role: label ? "img" : null, "aria-label": label, "aria-hidden": label ? null : "true",
  });
  if (back) {
    s.append(svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "card-back" }));
    s.append(svg("rect", { x: 6, y: 6, width: 48, height: 72, rx: 3, class: "card-back-inner" }));
    return s;
  }
  const p = parseCard(code);
  const colour = p.joker === "RJ" || RED.has(p.suit) ? "is-red" : "is-black";
  s.classList.add(colour);
  s.append(svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "card-face" }));
  if (p.joker) {
    const big = p.joker === "RJ";
    s.append(svg("text", { x: 5, y: 19, class: "card-rank card-joker-letter", text: big ? "★" : "☆" }));
    s.append(svg("text", { x: 5, y: 34, class: "card-joker-size", text: big ? "BIG " : "small " }));  // the space: "small JOKER" as text, not "smallJOKER"
    s.append(svg("text", { x: 33, y: 50, class: "card-joker", "text-anchor": "middle", text: "JOKER" }));
    s.append(svg("text", { x: 33, y: 78, class: "card-pip is-joker", "text-anchor": "middle", text: big ? "★" : "☆" }));
    return s;
  }
  const sym = SUIT_SYMBOL[p.suit];
  s.append(svg("text", { x: p.rank === "10" ? 3 : 5, y: 19, class: `card-rank${p.rank === "10" ? " is-ten" : ""}`, text: p.rank }));
  s.append(svg("text", { x: 5, y: 37, class: "card-suit", text: sym }));
  s.append(svg("text", { x: 36, y: 66, class: "card-pip", "text-anchor": "middle", text: sym }));
  return s;
}

/** A row of face-up cards (table plays, bottom cards, boards); `label` names the group for screen readers. */
export function cardRow(cards, tr, { cls = "", label = null, highlight = null, testid = null } = {}) {
  const row = el("div", { class: `card-row ${cls}`.trim(), role: "list", "aria-label": label, "data-testid": testid });
  for (const c of cards || []) {
    const hl = highlight && highlight.has(parseCard(c).code);
    row.append(el("span", { class: `card-slot${hl ? " is-hl" : ""}`, role: "listitem" }, cardSvg(c, { label: cardName(c, tr) + (hl ? " ★" : "") }), hl ? el("span", { class: "card-star", "aria-hidden": "true", text: "★" }) : null));
  }
  return row;
}

/** n face-down cards drawn compactly plus the count as text. */
export function cardBacks(n, tr, { max = 12 } = {}) {
  const box = el("span", { class: "card-backs", role: "img", "aria-label": tr("hidden_cards", { n }) });
  if (!n) return box;
  const shown = Math.min(n, max);
  for (let i = 0; i < shown; i++) box.append(cardSvg(null, { back: true }));
  box.append(el("span", { class: "card-count", "aria-hidden": "true", text: `×${n}` }));
  return box;
}
