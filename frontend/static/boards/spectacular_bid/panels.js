// Spectacular Bid's panel under the table: the hand-over, the start, the auction (auction.js),
// the round settlement with Continue, and the match result.
import { el } from "../../kit/dom.js";
import { auctionPanel } from "./auction.js";

/** Fills `panel` for the focused seat f; hidden when there is nothing to show. */
export function renderPanel(b, panel, f, view, legal) {
  const parts = [];
  const kinds = new Set(legal.map((a) => a.kind));
  if (f.handover) parts.push(handoverPanel(b, f.handover));
  if (view.phase === "start") {
    parts.push(el("div", { class: "sb-start", "data-testid": "sb-start" },
      el("h3", { text: b.tr("start_title") }),
      el("p", { text: b.tr("start_text") }),
      readyControls(b, view, "ready_start")));
  }
  if (view.phase === "auction" && !f.handover) parts.push(auctionPanel(b, f, view, legal, kinds));
  if (view.phase === "settlement" && view.round_summary) {
    parts.push(summaryPanel(b, view, view.round_summary, "ready_continue"));
  }
  if (view.phase === "over") parts.push(resultPanel(b, view));
  panel.replaceChildren(...parts);
  panel.hidden = parts.length === 0;
}

// Pass and play: hand the device over; Reveal is the engine's action or shows the seat locally.
function handoverPanel(b, handover) {
  const { tr, nameOf } = b;
  return el("div", { class: "sb-handover", "data-testid": "sb-handover" },
    el("h3", { text: tr("handover_title") }),
    el("p", { text: tr("handover_text", { name: nameOf(handover.seat) }) }),
    el("button", {
      type: "button", class: "button primary big", "data-testid": "reveal-button", "data-focus-key": "reveal",
      text: tr("handover_button", { name: nameOf(handover.seat) }),
      onclick: () => {
        if (handover.engine) b.send({ kind: "reveal" }, handover.seat);
        else {
          b.localShown = handover.seat;
          b.render();
        }
      },
    }));
}

// Start / Continue (wordKey) for the user's seats that may press it, and who is ready.
function readyControls(b, view, wordKey) {
  const { tr, mySeats, nameOf } = b;
  const word = tr(wordKey);
  const mine = b.ready.seats();
  const box = el("div", { class: "sb-ready" });
  if (mine.length) {
    box.append(el("button", {
      type: "button", class: "button primary big", "data-testid": "ready-button", "data-focus-key": "ready",
      "aria-keyshortcuts": "R", text: `${word} (R)`, onclick: () => b.ready.send(),
    }));
  }
  box.append(el("ul", { class: "sb-ready-list", "data-testid": "sb-ready-list" },
    ...(view.ready || []).map((r, seat) => el("li", { text: `${nameOf(seat)}: ${r ? "✓ " + tr("ready_yes") : "… " + tr("ready_no")}` }))));
  const waiting = (view.ready || []).map((r, s) => (!r ? s : null)).filter((s) => s !== null && !mySeats.includes(s));
  for (const s of waiting) box.append(el("p", { class: "muted", text: tr("waiting_ready", { name: nameOf(s), word }) }));
  if (!mine.length && mySeats.length && !waiting.length) box.append(el("p", { class: "muted", text: tr("you_ready") }));
  return box;
}

// How the round s ended (domino, blocked, bankrupt) and the balances; Continue while settling.
function summaryPanel(b, view, s, wordKey) {
  const { tr, nameOf } = b;
  const box = el("section", { class: "sb-summary", "data-testid": "sb-round-summary", "aria-label": tr("summary", { n: s.round }) });
  box.append(el("h3", { text: tr("summary", { n: s.round }) }));
  if (s.reason === "domino") box.append(el("p", { text: tr("summary_domino", { name: nameOf(s.winner) }) }));
  else if (s.reason === "blocked") {
    const pips = s.pips || ["?", "?"];
    box.append(el("p", { text: tr("summary_blocked", { a: `${nameOf(0)} ${pips[0]}`, b: `${nameOf(1)} ${pips[1]}` }) }));
    box.append(el("p", { text: s.winner === null || s.winner === undefined ? tr("summary_blocked_tie") : tr("summary_blocked_win", { name: nameOf(s.winner), paid: s.paid }) }));
    box.append(el("p", { class: "muted", text: tr("summary_next_rank") }));
  } else if (s.reason === "bankrupt") box.append(el("p", { text: tr("summary_bankrupt") }));
  const bal = s.balances || view.balances || [0, 0];
  box.append(el("p", { class: "sb-summary-balances", text: tr("summary_balances", { a: `${nameOf(0)} ${bal[0]}`, b: `${nameOf(1)} ${bal[1]}` }) }));
  if (view.phase === "settlement") box.append(readyControls(b, view, wordKey));
  return box;
}

// Who won the match (said to the viewer when the user holds one seat) and the final balances.
function resultPanel(b, view) {
  const { tr, mySeats, nameOf } = b;
  const r = view.result || {};
  const box = el("section", { class: "sb-result", "data-testid": "sb-result" });
  box.append(el("h3", { text: tr("result_title") }));
  const winner = r.winner;
  let text = "";
  if (winner !== null && winner !== undefined) {
    if (mySeats.length === 1) text = mySeats[0] === winner ? tr("result_you_win") : tr("result_you_lose", { name: nameOf(winner) });
    else text = tr("result_winner", { name: nameOf(winner) });
  }
  if (text) box.append(el("p", { class: "sb-result-text", text }));
  const bal = r.balances || view.balances || [0, 0];
  box.append(el("p", { text: tr("summary_balances", { a: `${nameOf(0)} ${bal[0]}`, b: `${nameOf(1)} ${bal[1]}` }) }));
  return box;
}
