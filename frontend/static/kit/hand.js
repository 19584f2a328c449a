// The card boards' hand: face-up cards as multi-select toggle buttons with legal-play hints and
// keyboard moves (createHand), and sameRanks, the default test of a selection against a play.
import { el } from "./dom.js";
import { parseCard, rankOf, cardLabel, cardSvg } from "./cards.js";

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
        "aria-label": cardLabel(c, tr) + (state ? `, ${state}` : ""),
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
