// Shared pieces of the two poker boards (holdem, one_poker): the betting controls and their keys,
// stacks and bets of a seat, the betting events and turn text, and the final standings.
// Interface of the boards: see the comment block at the top of ../js/live-client.js.
import { el } from "./dom.js";
import { mergeWords } from "./i18n.js";
import { betPanel } from "./bet-panel.js";

// The words both poker boards use (a board's own DICT adds to them).
const POKER_WORDS = {
  en: {
    pot: "Pot {n}", bet: "Bet {n}", your_turn_call: "Your turn: {n} to call.",
    your_turn_check: "Your turn: check or bet.", other_turn: "{name} to act.", over: "The match is over.",
    ev_fold: "{name} folds.", ev_check: "{name} checks.", ev_call: "{name} calls {to}.", ev_bet: "{name} bets {to}.",
    ev_raise: "{name} raises to {to}.", ev_all_in: " (all-in)", ev_uncalled: "{n} uncalled returned to {name}.",
    ev_match_end: "{name} wins the match.", result_row: "{place}. {name}: {n} chips",
  },
  de: {
    pot: "Pot {n}", bet: "Einsatz {n}", your_turn_call: "Du bist dran: {n} zum Mitgehen.",
    your_turn_check: "Du bist dran: schieben oder setzen.", other_turn: "{name} ist am Zug.",
    over: "Die Partie ist beendet.", ev_fold: "{name} steigt aus.", ev_check: "{name} schiebt.",
    ev_call: "{name} geht mit auf {to}.", ev_bet: "{name} setzt {to}.", ev_raise: "{name} erhöht auf {to}.",
    ev_all_in: " (all-in)", ev_uncalled: "{n} nicht gedeckt an {name} zurück.",
    ev_match_end: "{name} gewinnt die Partie.", result_row: "{place}. {name}: {n} Chips",
  },
  zh: {
    pot: "底池 {n}", bet: "下注 {n}", your_turn_call: "轮到你：跟注需 {n}。",
    your_turn_check: "轮到你：过牌或下注。", other_turn: "等待 {name} 行动。", over: "比赛结束。",
    ev_fold: "{name} 弃牌。", ev_check: "{name} 过牌。", ev_call: "{name} 跟注到 {to}。", ev_bet: "{name} 下注 {to}。",
    ev_raise: "{name} 加注到 {to}。", ev_all_in: "（全下）", ev_uncalled: "{n} 未被跟注，退还给 {name}。",
    ev_match_end: "{name} 赢得比赛。", result_row: "第 {place} 名 {name}：{n} 筹码",
  },
};

/** The board's DICT merged over the shared poker words (for cardBoard). */
export const pokerDict = (dict) => mergeWords(POKER_WORDS, dict);

/** The betting controls element ("controls"; filled by showBets). */
export const betControls = () => el("div", { class: "hd-bet", "data-testid": "controls" });

/**
 * Fills `controls` with the bet panel of the focused seat (see betPanel in bet-panel.js), or hides it
 * when the seat has nothing to decide or `open` is false; returns the panel (or null) for betKeys.
 */
export function showBets(b, controls, f, view, legal, memory, open = true) {
  const panel = open ? betPanel({ tr: b.tr, view, legal, stack: view.stacks[f.seat], key: `${f.seat}:${f.msg.seq}`, send: (a) => b.sender.send(a, f.seat), memory }) : null;
  controls.replaceChildren(...(panel ? panel.nodes : []));
  controls.hidden = !panel;
  return panel;
}

/** F fold, C check or call, B / Enter bet or raise, 1–3 quick sizes; returns whether the key was used. */
export function betKeys(b, k, f, legal, panel) {
  const has = (kind) => legal.some((a) => a.kind === kind);
  if (k === "f" && has("fold")) b.sender.send({ kind: "fold" }, f.seat);
  else if (k === "c" && has("check")) b.sender.send({ kind: "check" }, f.seat);
  else if (k === "c" && has("call")) b.sender.send({ kind: "call" }, f.seat);
  else if ((k === "b" || k === "enter") && panel?.go) panel.go.click();
  else if (/^[1-3]$/.test(k) && panel?.go) panel.quick(Number(k));
  else return false;
  return true;
}

/** The status text of a betting round: to call, check or bet, or who acts. */
export function betTurnText(b, view, legal) {
  if (legal.length) return view.to_call ? b.tr("your_turn_call", { n: view.to_call }) : b.tr("your_turn_check");
  return b.tr("other_turn", { name: b.name(view.to_act[0]) });
}

/** A seat's stack ("stack-<seat>") and, if any, its bet this round ("bet-<seat>"). */
export function stackAndBet(b, s, view) {
  return [
    el("span", { class: "cg-count", "data-testid": `stack-${s}`, text: b.tr("stack", { n: view.stacks[s] }) }),
    view.bets[s] ? el("span", { class: "hd-seat-bet", "data-testid": `bet-${s}`, text: `● ${b.tr("bet", { n: view.bets[s] })}` }) : null,
  ];
}

/** Text of the events both games have (action, uncalled_returned, match_end); undefined for the others. */
export function sharedEventText(b, e) {
  const { tr, name } = b;
  switch (e.kind) {
    case "action": return tr(`ev_${e.action}`, { name: name(e.seat), to: e.to }) + (e.all_in ? tr("ev_all_in") : "");
    case "uncalled_returned": return tr("ev_uncalled", { name: name(e.seat), n: e.amount });
    case "match_end": return tr("ev_match_end", { name: name(e.winner) });
    default: return undefined;
  }
}

/** The final standings of the match (view.result: [{seat, placing, score}]) in the board's result box. */
export function showStandings(b, view) {
  const r = view.result;
  b.result.hidden = !r;
  if (!r) return;
  b.result.replaceChildren(el("h3", { text: b.tr("result_title") }),
    el("ul", { class: "cg-result-list" }, ...[...r].sort((x, y) => x.placing - y.placing).map((x) =>
      el("li", { class: x.placing === 1 ? "is-winner" : "" }, el("strong", { text: b.tr("result_row", { place: x.placing, name: b.name(x.seat), n: x.score }) })))));
}
