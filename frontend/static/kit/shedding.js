// Shared pieces of the two shedding boards (dou_dizhu, zheng_shangyou): the multi-select hand with
// Play / Pass / Hint / Clear and their keys, the seats around the table, the play to beat, the
// turn text, the common events and the settlement rows.
// Interface of the boards: see the comment block at the top of ../js/live-client.js.
import { el } from "./dom.js";
import { mergeWords } from "./i18n.js";
import { cardRow, cardBacks, cardsText } from "./cards.js";
import { createHand } from "./hand.js";
import { fillLog } from "./card-board.js";
import { seatLayout } from "./seats.js";

// The words both shedding boards use (a board's own DICT adds to them).
const SHEDDING_WORDS = {
  en: {
    your_hand: "Your cards", passed_badge: "passed", on_table: "★ on the table", cards_left: { one: "{n} card", other: "{n} cards" },
    table_by: "{name} played {combo}", passes: "{n} pass(es) since",
    your_turn_nothing: "Your turn: nothing beats {combo}. Pass.", over: "The deal is over.", play: "Play", pass: "Pass",
    hint: "Hint", clear: "Clear", selection_ok: "Ready to play: {combo}.",
    selection_bad: "The selected cards are not a legal play.",
    selection_none: "Select cards (▲ marks cards that belong to a legal play) or press H for a hint.",
    ev_pass: "{name} passes.", ev_play: "{name} plays {combo}: {cards} ({left} left).",
    ev_new_lead: "{name} leads again.", ev_deal_over: "{name} went out.", history: "Recent actions",
    result_title: "Settlement", result_row: "{name}: {score}", result_hand: "cards left: {cards}",
    result_hand_none: "went out", you_win: "You win {n} points.", you_lose: "You lose {n} points.",
    kind_single: "a single", kind_pair: "a pair", kind_triple: "a triple", kind_straight: "a straight of {n}",
    kind_pair_run: "a run of {n} pairs", kind_bomb: "a bomb",
  },
  de: {
    your_hand: "Deine Karten", passed_badge: "gepasst", on_table: "★ liegt auf dem Tisch", cards_left: { one: "{n} Karte", other: "{n} Karten" },
    table_by: "{name} spielte {combo}", passes: "{n} Mal gepasst seitdem",
    your_turn_nothing: "Du bist dran: nichts schlägt {combo}. Passe.", over: "Das Spiel ist beendet.", play: "Spielen",
    pass: "Passen", hint: "Tipp", clear: "Abwählen", selection_ok: "Bereit: {combo}.",
    selection_bad: "Die gewählten Karten sind kein erlaubter Zug.",
    selection_none: "Wähle Karten (▲ markiert Karten eines erlaubten Zugs) oder drücke H für einen Tipp.",
    ev_pass: "{name} passt.", ev_play: "{name} spielt {combo}: {cards} (noch {left}).",
    ev_new_lead: "{name} spielt erneut aus.", ev_deal_over: "{name} ist fertig.", history: "Letzte Züge",
    result_title: "Abrechnung", result_row: "{name}: {score}", result_hand: "Restkarten: {cards}",
    result_hand_none: "fertig", you_win: "Du gewinnst {n} Punkte.", you_lose: "Du verlierst {n} Punkte.",
    kind_single: "eine Einzelkarte", kind_pair: "ein Paar", kind_triple: "einen Drilling",
    kind_straight: "eine Straße aus {n}", kind_pair_run: "eine Paarfolge aus {n} Paaren", kind_bomb: "eine Bombe",
  },
  zh: {
    your_hand: "你的手牌", passed_badge: "不要", on_table: "★ 桌面上", cards_left: { other: "{n} 张" },
    table_by: "{name} 出了{combo}", passes: "此后 {n} 人不要",
    your_turn_nothing: "轮到你：没有牌能压过{combo}。请选择不要。", over: "本局结束。", play: "出牌", pass: "不要",
    hint: "提示", clear: "清除", selection_ok: "可以出牌：{combo}。",
    selection_bad: "所选的牌不是合法出牌。",
    selection_none: "请选牌（▲ 标出能组成合法出牌的牌），或按 H 查看提示。",
    ev_pass: "{name} 不要。", ev_play: "{name} 出{combo}：{cards}（剩 {left} 张）。",
    ev_new_lead: "{name} 重新领出。", ev_deal_over: "{name} 出完了牌。", history: "最近动作",
    result_title: "结算", result_row: "{name}：{score}", result_hand: "剩余手牌：{cards}",
    result_hand_none: "已出完", you_win: "你赢 {n} 分。", you_lose: "你输 {n} 分。",
    kind_single: "单张", kind_pair: "对子", kind_triple: "三张", kind_straight: "{n} 张的顺子",
    kind_pair_run: "{n} 连对", kind_bomb: "炸弹",
  },
};

/** The board's DICT merged over the shared shedding words (for cardBoard). */
export const sheddingDict = (dict) => mergeWords(SHEDDING_WORDS, dict);

/** The name of a combination, e.g. "a straight of 5" (the board's kind_<kind> words). */
const comboName = (tr) => (kind, length) => tr(`kind_${kind}`, { n: length });

// Events carry no length; derive the count the combination names (cards, pairs or triples).
function comboLength(e) {
  const n = e.cards?.length || 0;
  if (e.combo === "straight") return n;
  if (e.combo === "pair_run") return n / 2;
  if (e.combo === "plane") return n / 3;
  if (e.combo === "plane_singles") return n / 4;
  if (e.combo === "plane_pairs") return n / 5;
  return 1;
}

/** The name of the combination a play event carries, e.g. "a straight of 5" (the replay's record). */
export const playComboName = (tr, e) => comboName(tr)(e.combo, comboLength(e));

/** Text of the events both games have (play, new_lead, deal_over); undefined for the others. */
export function sharedEventText(b, e) {
  const { tr, name } = b;
  switch (e.kind) {
    case "play": return tr("ev_play", { name: name(e.seat), combo: comboName(tr)(e.combo, comboLength(e)), cards: cardsText(e.cards), left: e.left });
    case "new_lead": return tr("ev_new_lead", { name: name(e.seat) });
    case "deal_over": return tr("ev_deal_over", { name: name(e.winner) });
    default: return undefined;
  }
}

/**
 * The hand (in its wrapper) and the controls Play / Pass / Hint / Clear with the selection note.
 * Options: matches (selection vs. play, see createHand), passPrimary (the pass button is primary
 * when passing is allowed), whyBad(sel) (a note for a selection that is no legal play, else the
 * generic one), before(controls, f, view, legal) (other controls; true when they replace these).
 * draw(f, view, legal, {canPlay, eventText, parts}) draws a state: the hand (active when canPlay and
 * some play is legal), the board's parts (each called with f, view, legal), the controls, the last
 * event and the history. keys(k, f, legal, canPlay) handles X, P / Enter, H (these two only when
 * canPlay) and Escape.
 */
export function playControls(b, { matches, passPrimary = false, whyBad = () => null, before = () => false }) {
  const { tr, sender } = b;
  const controls = el("div", { class: "cg-controls", "data-testid": "controls" });
  const hand = createHand({ tr, label: tr("your_hand"), onChange: () => render(), onEnter: () => playSelected(), matches });
  const handWrap = el("div", { class: "cg-hand-wrap" }, hand.element);

  function render() {
    const f = b.current();
    if (!f.msg) return;
    const legal = b.legalOf(f.msg);
    controls.replaceChildren();
    controls.hidden = !legal.length;
    if (!legal.length) return;
    if (before(controls, f, f.msg.view, legal)) return;
    const match = hand.matching();
    const sel = hand.selection();
    const canPass = legal.some((a) => a.kind === "pass");
    const anyPlay = legal.some((a) => a.kind === "play");
    const note = match ? tr("selection_ok", { combo: cardsText(sel) }) : sel.length ? whyBad(sel) || tr("selection_bad") : anyPlay ? tr("selection_none") : "";
    controls.append(
      el("button", { type: "button", class: "button primary big", "data-testid": "play-button", "aria-keyshortcuts": "Enter P", disabled: !match, text: `${tr("play")} (P)`, onclick: playSelected }),
      el("button", { type: "button", class: `button big${passPrimary && canPass ? " primary" : ""}`, "data-testid": "pass-button", "aria-keyshortcuts": "X", disabled: !canPass, text: `${tr("pass")} (X)`, onclick: () => canPass && sender.send({ kind: "pass" }, f.seat) }),
      el("button", { type: "button", class: "button", "data-testid": "hint-button", "aria-keyshortcuts": "H", disabled: !anyPlay, text: `${tr("hint")} (H)`, onclick: () => hand.hint() }),
      el("button", { type: "button", class: "button", "data-testid": "clear-button", "aria-keyshortcuts": "Escape", disabled: !sel.length, text: `${tr("clear")} (Esc)`, onclick: () => hand.clear() }),
      el("p", { class: "cg-sel-note", "data-testid": "selection-note", role: "status", text: note }),
    );
  }

  function playSelected() {
    const f = b.current();
    if (!f.msg || !hand.matching()) return;
    sender.send({ kind: "play", cards: hand.selection() }, f.seat);
  }

  function draw(f, view, legal, { canPlay = true, eventText, parts }) {
    const plays = legal.filter((a) => a.kind === "play").map((a) => a.cards);
    hand.update({ cards: view.hand || [], plays, active: canPlay && plays.length > 0, key: `${f.seat}:${f.msg.seq}` });
    handWrap.hidden = !view.hand || b.gated;
    for (const part of parts) part(f, view, legal);
    render();
    const evs = view.last_events || [];
    b.setLast(evs.length ? eventText(evs[evs.length - 1]) : null);
    fillLog(b.log, tr("history"), evs.map(eventText).reverse());
  }

  function keys(k, f, legal, canPlay) {
    if (k === "x") {
      if (legal.some((a) => a.kind === "pass")) sender.send({ kind: "pass" }, f.seat);
    } else if (canPlay && (k === "p" || k === "enter")) playSelected();
    else if (canPlay && k === "h") {
      hand.hint();
      hand.focus();
    } else if (k === "escape" && hand.selection().length) hand.clear();
    else return false;
    return true;
  }

  return { controls, handWrap, draw, keys };
}

/** The status text when the viewer may play: lead (leadKey), beat the table, or nothing beats it. */
export function playTurnText(b, view, legal, leadKey) {
  const { tr } = b;
  const c = view.table ? comboName(tr)(view.table.kind, view.table.length) : "";
  if (!view.table) return tr(leadKey);
  if (legal.some((a) => a.kind === "play")) return tr("your_turn_follow", { combo: c });
  return tr("your_turn_nothing", { combo: c });
}

/**
 * Every seat in playing order after the viewer (the viewer last; a spectator sees it from seat 0),
 * as seatLayout places them round the table, and who passed since the table play.
 */
export function seatsAround(f, view) {
  const n = view.hand_counts?.length || 3;
  const passed = new Set();
  if (view.table) for (let k = 1; k <= (view.passes || 0); k++) passed.add((view.table.seat + k) % n);
  return { order: seatLayout(n, f.seat ?? 0).map((p) => p.seat), passed };
}

/** A seat's "passed" and "on the table" badges. */
export function tableBadges(b, s, view, passed) {
  return [
    passed.has(s) ? el("span", { class: "cg-badge is-strong", text: b.tr("passed_badge") }) : null,
    view.table?.seat === s ? el("span", { class: "cg-badge is-landlord", text: b.tr("on_table") }) : null,
  ];
}

/** A seat's card count ("count-<seat>"). */
export const cardCount = (b, s, view) => el("span", { class: "cg-count", "data-testid": `count-${s}`, text: b.tr("cards_left", { n: view.hand_counts?.[s] ?? 0 }) });

/** Another seat's cards face down (none for the viewer's own seat). */
export const seatBacks = (b, f, s, view, max) => (s === f.seat ? null : cardBacks(view.hand_counts?.[s] ?? 0, b.tr, { max }));

/** The play to beat and who played it, else (in play) who leads (emptyKey); nodes for "table-play". */
export function tablePlayNodes(b, view, emptyKey) {
  const { tr, name } = b;
  if (view.table) {
    const label = tr("table_by", { name: name(view.table.seat), combo: comboName(tr)(view.table.kind, view.table.length) });
    return [el("p", { class: "cg-play-label", text: label + (view.passes ? ` · ${tr("passes", { n: view.passes })}` : "") }),
      cardRow(view.table.cards, tr, { label, testid: "table-cards" })];
  }
  if (view.phase === "play") return [el("p", { class: "cg-play-label", text: tr(emptyKey, { name: name(view.to_act?.[0]) }) })];
  return [];
}

/** The settlement rows ("result-seat-<seat>"): score, `middle` (s), cards left. */
export function resultRows(b, r, isWinner, middle) {
  const { tr, name } = b;
  return (r.scores || []).map((score, s) => {
    const left = r.hands?.[s] || [];
    return el("li", { class: isWinner(score, s) ? "is-winner" : "", "data-testid": `result-seat-${s}` },
      el("strong", { text: tr("result_row", { name: name(s), score: score > 0 ? `+${score}` : score }) }),
      middle(s),
      left.length ? tr("result_hand", { cards: cardsText(left) }) : tr("result_hand_none"));
  });
}

/** "You win / lose n points" for the viewer's seat (won(score) decides), or null. */
export function resultYou(b, f, r, won) {
  const mine = f.seat !== null && f.seat !== undefined ? r.scores?.[f.seat] : null;
  if (mine === null || mine === undefined) return null;
  return el("p", { class: "cg-result-you", text: won(mine) ? `✓ ${b.tr("you_win", { n: mine })}` : `✗ ${b.tr("you_lose", { n: -mine })}` });
}
