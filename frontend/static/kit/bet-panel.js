// The betting controls of the poker boards (Hold'em, One Poker): see betPanel below; the boards
// reach it through showBets in poker.js.
import { el } from "./dom.js";

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
