// Shared pieces of the four card-game boards (dou_dizhu, zheng_shangyou, holdem, one_poker):
// SVG playing cards, a sorted multi-selectable hand with legal-play hints, DOM helpers, the
// seat focus for one or several seats, the board frame (cardBoard) and the stylesheet cards.css
// (loaded once). What only the two shedding or the two poker boards share is in shedding.js and
// poker.js.
// This file is not a board itself (the lobby offers a game only for boards/<slug>.js).
// Interface of the boards: see the comment block at the top of ../js/live-client.js.

const SVGNS = "http://www.w3.org/2000/svg";

// ── DOM helpers ─────────────────────────────────────────────────────────────────────────────────
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c) node.append(c);
  return node;
}

/** A translator over {en:{…}, de:{…}} merged with the shared card words below. */
export function translator(dict, lang) {
  const table = { ...CARD_WORDS.en, ...dict.en, ...(lang === "de" ? { ...CARD_WORDS.de, ...dict.de } : {}) };
  return (key, vars = {}) => String(table[key] ?? key).replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
}

/** Loads cards.css once (every card board uses it). */
export function loadCss() {
  if (document.querySelector("link[data-board-css=cards]")) return;
  document.head.append(el("link", { rel: "stylesheet", href: new URL("./cards.css", import.meta.url).href, "data-board-css": "cards" }));
}

const CARD_WORDS = {
  en: {
    suit_C: "clubs", suit_D: "diamonds", suit_H: "hearts", suit_S: "spades",
    rank_J: "jack", rank_Q: "queen", rank_K: "king", rank_A: "ace",
    card_of: "{rank} of {suit}",
    joker_BJ: "black joker (small)", joker_RJ: "red joker (big)",
    card_selected: "selected", card_playable: "part of a legal play", card_not_playable: "not playable now",
    hidden_cards: "{n} hidden cards",
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
    hidden_cards: "{n} verdeckte Karten",
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
};

// ── cards ───────────────────────────────────────────────────────────────────────────────────────
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
    s.append(svg("text", { x: 5, y: 34, class: "card-joker-size", text: big ? "BIG" : "small" }));
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

// ── seats, names, sending ───────────────────────────────────────────────────────────────────────
export function nameOf(lastState, seat, tr) {
  if (seat === null || seat === undefined) return "?";
  const s = (lastState?.match?.seats || []).find((x) => x.seat === seat);
  return s?.name || tr("seat", { n: Number(seat) + 1 });
}

/**
 * Which state message the board shows: the spectator's, the single seat's, or (pass and play) the
 * seat of the user's that must act now, else the one shown last.
 */
export function pickFocus(stateBySeat, mySeats, previous) {
  if (!mySeats.length) return { seat: null, msg: stateBySeat.spectator || null };
  const acting = mySeats.find((s) => stateBySeat[s]?.legal?.length);
  const seat = acting ?? (mySeats.includes(previous) ? previous : mySeats[0]);
  return { seat, msg: stateBySeat[seat] || null };
}

/**
 * Pass and play (the user holds several seats): before a seat's cards are shown, a hand-over panel
 * asks to pass the device ("handover-button" reveals). active(seat, name) says whether the board
 * must hide that seat's cards and actions now; a single seat or a spectator never needs it.
 */
export function createHandover(tr, mySeats, onReveal) {
  let revealed = null;
  const box = el("div", { class: "cg-handover", "data-testid": "handover", hidden: true });
  return {
    element: box,
    active(seat, name) {
      if (mySeats.length < 2 || seat === null || seat === undefined || seat === revealed) {
        box.hidden = true;
        return false;
      }
      box.hidden = false;
      box.replaceChildren(el("h3", { text: tr("handover_title") }), el("p", { text: tr("handover_text", { name }) }),
        el("button", { type: "button", class: "button primary big", "data-testid": "handover-button", text: tr("handover_button", { name }), onclick: () => {
          revealed = seat;
          onReveal();
        } }));
      return true;
    },
  };
}

/** One command per state: a repeated click would send a second command on the same seq. */
export function makeSender(client, mySeats) {
  let busyUntil = 0;
  return {
    send(action, seat) {
      if (Date.now() < busyUntil) return null;
      busyUntil = Date.now() + 1500;
      return client.send(action, mySeats.length > 1 ? seat : undefined);
    },
    free() {
      busyUntil = 0;
    },
  };
}

/** True when the key event should be left alone (typing in a field, modifier keys). */
export function ignoreKey(e) {
  return e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || !!e.target.closest?.("input:not([type=range]), textarea, select, [contenteditable]");
}

// ── the board frame ─────────────────────────────────────────────────────────────────────────────
/**
 * What every card board shares: translator, seats held, sender, focus (pickFocus), the hand-over
 * gate, the elements status / last action / seats / table / result / history / keys, the document
 * key handler and the update/destroy interface. A board's mount():
 *
 *   const b = cardBoard(root, options, { dict, cls });     // b.tr, b.name, b.sender, b.status, …
 *   return b.start({ middle: [...], after: [...], draw(f, view, legal), key(k, e, f, legal) });
 *
 * The root holds status, last, seats, table, hand-over, ...middle, result, ...after, history, keys.
 * draw() renders a focused state (after the gate and data-phase are set); key() handles a key
 * (lower case) while the focused seat may act and returns whether it did.
 */
export function cardBoard(root, { client, seats = [], lang = "en" }, { dict, cls }) {
  loadCss();
  const tr = translator(dict, lang);
  const mySeats = seats.map(Number);
  const sender = makeSender(client, mySeats);
  let stateBySeat = {};
  let lastState = null;
  let shownSeat = null;
  let draw = () => {};
  let key = () => false;

  let gated = false; // pass and play: this seat's cards wait behind the hand-over panel
  const handover = createHandover(tr, mySeats, () => render());
  root.classList.add("cg", cls);
  root.setAttribute("aria-label", tr("board"));
  const status = el("div", { class: "cg-status", "data-testid": "status", role: "status", "aria-live": "polite" });
  const last = el("div", { class: "cg-last", "data-testid": "last-action" });
  const seatsRow = el("div", { class: "cg-seats", "data-testid": "seats" });
  const table = el("div", { class: "cg-table", "data-testid": "table" });
  const result = el("div", { class: "cg-result", "data-testid": "board-result", hidden: true });
  const log = el("details", { "data-testid": "history" });
  const keys = el("p", { class: "cg-keys muted", text: tr("keys"), hidden: !mySeats.length });
  const name = (seat) => nameOf(lastState, seat, tr);

  function current() {
    const f = pickFocus(stateBySeat, mySeats, shownSeat);
    shownSeat = f.seat;
    return f;
  }
  const legalOf = (msg) => (gated || ["finished", "aborted"].includes(lastState?.match?.status) ? [] : msg?.legal || []);

  function render() {
    const f = current();
    if (!f.msg) return;
    const view = f.msg.view;
    gated = handover.active(view.phase === "over" ? null : f.seat, nameOf(lastState, f.seat, tr));
    const legal = legalOf(f.msg);
    root.dataset.phase = view.phase;
    draw(f, view, legal);
  }

  function onKey(e) {
    if (ignoreKey(e) || !root.isConnected) return;
    const f = current();
    if (!f.msg) return;
    const legal = legalOf(f.msg);
    if (!legal.length) return;
    const k = e.key.toLowerCase();
    // Enter on a button or summary is that control's own; on a hand card it plays the selection.
    if (k === "enter" && e.target.closest?.("button, summary") && !e.target.closest(".hand-card")) return;
    if (key(k, e, f, legal)) e.preventDefault();
  }

  return {
    tr, lang, mySeats, sender, status, last, seatsRow, table, result, log, name, current, legalOf,
    get gated() {
      return gated;
    },
    /** The status line: the text (plus the spectator note) and whether it is the viewer's turn. */
    setStatus(text, yourTurn) {
      if (!mySeats.length) text += ` ${tr("spectating")}`;
      status.textContent = text;
      status.classList.toggle("is-your-turn", yourTurn);
    },
    /** The last-action line; null says nothing has happened yet. */
    setLast(text) {
      last.replaceChildren(el("strong", { text: tr("last") }), " ", text ?? tr("nothing_yet"));
    },
    /** One seat of the seats row: its name ("you", "to act") over its info items. */
    seatBox(s, acting, cls, ...info) {
      return el("div", { class: `cg-seat${acting ? " is-acting" : ""}${cls}`, "data-testid": `seat-${s}` },
        el("div", { class: "cg-seat-name" }, el("strong", { text: name(s) }),
          mySeats.includes(s) ? el("span", { class: "muted", text: ` (${tr("you")})` }) : null,
          acting ? el("span", { class: "cg-acting", text: `▶ ${tr("to_act")}` }) : null),
        el("div", { class: "cg-seat-info" }, ...info));
    },
    start({ middle = [], after = [], draw: drawBoard, key: keyBoard }) {
      draw = drawBoard;
      key = keyBoard;
      root.replaceChildren(status, last, seatsRow, table, handover.element, ...middle, result, ...after, log, keys);
      document.addEventListener("keydown", onKey);
      return {
        update(newStateBySeat, newLastState) {
          stateBySeat = newStateBySeat;
          lastState = newLastState;
          sender.free();
          render();
        },
        destroy() {
          document.removeEventListener("keydown", onKey);
          root.replaceChildren();
        },
      };
    },
  };
}

// ── the hand ────────────────────────────────────────────────────────────────────────────────────
const rankCount = (cards) => {
  const m = new Map();
  for (const c of cards) m.set(rankOf(c), (m.get(rankOf(c)) || 0) + 1);
  return m;
};
/** Do two card lists hold the same ranks the same number of times (suits ignored)? */
export function sameRanks(a, b) {
  if (a.length !== b.length) return false;
  const ma = rankCount(a);
  const mb = rankCount(b);
  if (ma.size !== mb.size) return false;
  for (const [r, n] of ma) if (mb.get(r) !== n) return false;
  return true;
}

/**
 * A hand of face-up cards as toggle buttons (data-testid "card-<code>", a repeated code gets
 * "-2"), sorted as given (the views sort by rank). Multi-select; cards whose rank occurs in some
 * legal play are marked (▲); Space toggles the focused card, Enter calls onEnter; hint() selects the next legal play; matching() is the legal play equal
 * to the selection (`matches(selection, play)` decides, default: same ranks).
 *
 *   const hand = createHand({ tr, onChange });
 *   hand.update({ cards, plays, active, key })   plays: lists of cards; active: may select now
 */
export function createHand({ tr, onChange = () => {}, onEnter = () => {}, matches = sameRanks, label = "" }) {
  const root = el("div", { class: "hand", role: "group", "aria-label": label, "data-testid": "hand" });
  let cards = [];
  let plays = [];
  let active = false;
  let key = null;
  let selected = new Set(); // indexes into cards
  let hintAt = -1;
  let focusIndex = null;

  const selection = () => [...selected].sort((a, b) => a - b).map((i) => cards[i]);
  function matching() {
    if (!active || !selected.size) return null;
    const sel = selection();
    return plays.find((p) => matches(sel, p)) || null;
  }
  function render() {
    const keepFocus = root.contains(document.activeElement) ? Number(document.activeElement.dataset.index) : focusIndex;
    const playableRanks = new Set(plays.flat().map(rankOf));
    const seen = new Map();
    root.replaceChildren();
    const list = el("ul", { class: "hand-cards" });
    cards.forEach((c, i) => {
      const code = parseCard(c).code;
      const n = (seen.get(code) || 0) + 1;
      seen.set(code, n);
      const isSel = selected.has(i);
      const playable = active && playableRanks.has(rankOf(c));
      const state = isSel ? tr("card_selected") : active ? (playable ? tr("card_playable") : tr("card_not_playable")) : "";
      const btn = el("button", {
        type: "button",
        class: `hand-card${isSel ? " is-selected" : ""}${playable ? " is-playable" : ""}${active && !playable ? " is-dim" : ""}`,
        "data-testid": n === 1 ? `card-${code}` : `card-${code}-${n}`,
        "data-card": code,
        "data-index": i,
        "aria-pressed": String(isSel),
        "aria-label": cardName(c, tr) + (state ? `, ${state}` : ""),
        tabindex: i === (keepFocus ?? 0) || (keepFocus >= cards.length && i === cards.length - 1) ? "0" : "-1",
        onclick: () => toggle(i),
        onkeydown: (e) => keys(e, i),
      }, cardSvg(c), el("span", { class: "hand-tag", "aria-hidden": "true", text: isSel ? "✓" : playable ? "▲" : "" }));
      list.append(el("li", {}, btn));
    });
    root.append(list);
    if (keepFocus !== null && keepFocus !== undefined && root.contains(document.activeElement) === false && focusIndex !== null) {
      const b = list.querySelectorAll("button")[Math.min(keepFocus, cards.length - 1)];
      if (b && (document.activeElement === document.body || !document.activeElement?.isConnected)) b.focus({ preventScroll: true });
    }
  }
  function toggle(i) {
    if (!active) return;
    if (selected.has(i)) selected.delete(i);
    else selected.add(i);
    focusIndex = i;
    render();
    onChange();
  }
  function keys(e, i) {
    const buttons = [...root.querySelectorAll("button")];
    let j = null;
    if (e.key === "ArrowLeft" || e.key === "ArrowUp") j = Math.max(0, i - 1);
    else if (e.key === "ArrowRight" || e.key === "ArrowDown") j = Math.min(buttons.length - 1, i + 1);
    else if (e.key === "Home") j = 0;
    else if (e.key === "End") j = buttons.length - 1;
    else if (e.key === " ") {
      e.preventDefault();
      toggle(i);
      return;
    } else if (e.key === "Enter") {
      // Enter plays the selection (onEnter); it does not toggle the card.
      e.preventDefault();
      onEnter();
      return;
    }
    if (j === null) return;
    e.preventDefault();
    buttons[i].tabIndex = -1;
    buttons[j].tabIndex = 0;
    focusIndex = j;
    buttons[j].focus();
  }
  return {
    element: root,
    update({ cards: newCards, plays: newPlays = [], active: newActive = false, key: newKey = null }) {
      const keepSel = newKey === key && JSON.stringify(newCards) === JSON.stringify(cards);
      if (!keepSel) {
        selected = new Set();
        hintAt = -1;
      }
      cards = newCards || [];
      plays = newPlays;
      active = newActive;
      key = newKey;
      if (!active) selected = new Set();
      render();
    },
    selection,
    matching,
    clear() {
      selected = new Set();
      render();
      onChange();
    },
    /** Select the next legal play (cycling); returns it or null. */
    hint() {
      if (!active || !plays.length) return null;
      hintAt = (hintAt + 1) % plays.length;
      const want = [...plays[hintAt]];
      selected = new Set();
      // Pick the play's own cards, else any card of the same rank.
      for (const w of want) {
        let i = cards.findIndex((c, k) => !selected.has(k) && parseCard(c).code === parseCard(w).code);
        if (i < 0) i = cards.findIndex((c, k) => !selected.has(k) && rankOf(c) === rankOf(w));
        if (i >= 0) selected.add(i);
      }
      render();
      onChange();
      return plays[hintAt];
    },
    focus() {
      (root.querySelector("button[tabindex='0']") || root.querySelector("button"))?.focus();
    },
  };
}

/** Fills a <details> history (keeps it open or closed as the user left it). */
export function fillLog(details, title, lines) {
  details.classList.add("cg-log");
  details.replaceChildren(el("summary", { text: `${title} (${lines.length})` }), el("ol", {}, ...lines.map((t) => el("li", { text: t }))));
}

// ── betting (Hold'em, One Poker) ─────────────────────────────────────────────────────────────────
/**
 * Fold / check / call buttons and, when the view allows a bet or raise, a slider with a number field
 * (data-testid "bet-slider", "bet-amount"), quick sizes (min, ½ pot, pot, all-in; clamped to the
 * view's min_to..max_to) and the bet button ("bet-button"). Amounts are round totals (`to`).
 * Returns null when the seat has nothing to decide, else {nodes, go, quick(i), set(v)}.
 * `memory` keeps the chosen amount across renders of the same decision (`key`).
 */
export function betPanel({ tr, view, legal, stack, key, send, memory }) {
  if (!legal.length) return null;
  const has = (kind) => legal.some((a) => a.kind === kind);
  const nodes = [];
  const row = el("div", { class: "hd-bet-row" });
  if (has("fold")) row.append(el("button", { type: "button", class: "button big", "data-testid": "fold-button", "aria-keyshortcuts": "F", text: `${tr("fold")} (F)`, onclick: () => send({ kind: "fold" }) }));
  if (has("check")) row.append(el("button", { type: "button", class: "button big", "data-testid": "check-button", "aria-keyshortcuts": "C", text: `${tr("check")} (C)`, onclick: () => send({ kind: "check" }) }));
  if (has("call")) {
    const allIn = view.to_call >= stack;
    row.append(el("button", { type: "button", class: "button big", "data-testid": "call-button", "aria-keyshortcuts": "C", text: `${tr(allIn ? "call_all_in" : "call", { n: Math.min(view.to_call, stack) })} (C)`, onclick: () => send({ kind: "call" }) }));
  }
  nodes.push(row);
  const raiseKind = view.raise_kind && has(view.raise_kind) ? view.raise_kind : null;
  if (!raiseKind || view.min_to === null || view.max_to === null) {
    if (has("call")) nodes.push(el("p", { class: "cg-sel-note", text: tr("raising_closed") }));
    return { nodes, go: null, quick() {}, set() {} };
  }
  const clamp = (v) => Math.max(view.min_to, Math.min(view.max_to, Math.round(Number(v) || view.min_to)));
  if (memory.key !== key) {
    memory.key = key;
    memory.amount = view.min_to;
  }
  memory.amount = clamp(memory.amount);
  const base = view.pot + (view.to_call || 0);
  const sizes = [
    ["min", tr("min_btn"), view.min_to],
    ["half-pot", tr("half_pot"), view.level + base / 2],
    ["pot", tr("pot_size"), view.level + base],
    ["all-in", tr("all_in_btn"), view.max_to],
  ].map(([id, text, v]) => [id, text, clamp(v)]);
  const label = () => `${memory.amount >= view.max_to ? tr("all_in_to", { n: memory.amount }) : tr(raiseKind === "bet" ? "bet_to" : "raise_to", { n: memory.amount })} (B)`;
  const go = el("button", { type: "button", class: "button primary big", "data-testid": "bet-button", "data-kind": raiseKind, "aria-keyshortcuts": "B Enter", text: label(), onclick: () => send({ kind: raiseKind, to: memory.amount }) });
  const slider = el("input", { type: "range", min: view.min_to, max: view.max_to, step: 1, value: memory.amount, "data-testid": "bet-slider", "aria-label": tr("amount") });
  const number = el("input", { type: "number", min: view.min_to, max: view.max_to, step: 1, value: memory.amount, "data-testid": "bet-amount", "aria-label": tr("amount"), inputmode: "numeric" });
  const set = (v, from = null) => {
    memory.amount = clamp(v);
    if (from !== slider) slider.value = memory.amount;
    if (from !== number) number.value = memory.amount;
    go.textContent = label();
  };
  slider.addEventListener("input", () => set(slider.value, slider));
  number.addEventListener("change", () => set(number.value));
  number.addEventListener("keydown", (e) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    set(number.value);
    go.click();
  });
  if (view.min_to === view.max_to) slider.disabled = true;
  nodes.push(el("div", { class: "hd-bet-row" }, slider, number, go));
  nodes.push(el("div", { class: "hd-bet-row" }, ...sizes.map(([id, text, v], i) =>
    el("button", { type: "button", class: "button small", "data-testid": `size-${id}`, "aria-keyshortcuts": i ? String(i) : null, text: `${text}${i ? ` (${i})` : ""}: ${v}`, onclick: () => set(v) }))));
  nodes.push(el("p", { class: "cg-sel-note muted", text: tr("limits", { min: view.min_to, max: view.max_to }) }));
  return { nodes, go, quick: (i) => set(sizes[i][2]), set };
}
