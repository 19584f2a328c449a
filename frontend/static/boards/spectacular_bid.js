// Spectacular Bid board: the line of play as SVG dominoes, the hand, balances as 5-point chips, the
// opening auction, round settlement, Start/Continue, and the pass-and-play hand-over.
// Interface: see the comment block at the top of ../js/live-client.js.
// View and actions: docs/games/spectacular_bid.md (the engine's own description).
//
// This module mounts the board and renders a state; its parts are in spectacular_bid/:
//   words.js       the words in English and German
//   tiles.js       dominoes, tile keys and texts, chips (SVG)
//   layout.js      where each tile of the line goes (arms, spinner, corners)
//   line.js        the table: count, boneyard, the line and its open-end slots
//   focus.js       which seat is shown (pass and play, the hand-over)
//   status.js      status line, last action, round log
//   seats.js       a seat row (name, jockey, balance, hidden tiles)
//   panels.js      hand-over, start, settlement and result panels
//   auction.js     the opening auction
//   hand.js        the hand and the Draw button
//   play.js        picking and placing tiles, the keys
//   ready.js       Start / Continue (both seats in pass and play)
//   keep-focus.js  the keyboard focus across renders
//   events.js      the text of an event
import { el } from "../kit/dom.js";
import { makeTranslator } from "../kit/i18n.js";
import { makeSender, nameOf } from "../kit/focus.js";
import { seatsAfter } from "../kit/seats.js";
import { WORDS } from "./spectacular_bid/words.js";
import { focusOf } from "./spectacular_bid/focus.js";
import { createReady } from "./spectacular_bid/ready.js";
import { renderStatus, renderLast, renderLog } from "./spectacular_bid/status.js";
import { renderSeatRow } from "./spectacular_bid/seats.js";
import { renderTable } from "./spectacular_bid/line.js";
import { renderPanel } from "./spectacular_bid/panels.js";
import { renderHand } from "./spectacular_bid/hand.js";
import { placesOf, autoPick, clickTile, placeSelected, onKey } from "./spectacular_bid/play.js";
import { trackFocus, rememberFocus, restoreFocus } from "./spectacular_bid/keep-focus.js";

export function mount(root, { client, seats = [], lang = "en" }) {
  const tr = makeTranslator(WORDS, lang);
  if (!document.querySelector("link[data-board-css=spectacular_bid]")) {
    document.head.append(el("link", { rel: "stylesheet", href: new URL("./spectacular_bid.css", import.meta.url).href, "data-board-css": "spectacular_bid" }));
  }
  const mySeats = seats.map(Number);
  const sender = makeSender(client, mySeats);
  // The board's state and its helpers, handed to every part.
  const b = {
    root, tr, mySeats,
    stateBySeat: {},
    lastState: null,
    selected: null, // tile key
    localShown: null, // pass-and-play without the engine's hand-over: the seat shown locally
    focusKey: null,
    autoPicked: null, // the seq at which the only playable tile was picked up automatically
    tableWidth: 0, // the width the table was last drawn for
    nameOf: (seat) => nameOf(b.lastState, seat, tr),
    send: (action, seat) => void sender.send(action, seat),
    render: () => render(b, parts),
    clickTile: (k, placesByTile) => clickTile(b, k, placesByTile),
    placeSelected: (end) => placeSelected(b, end),
  };
  b.ready = createReady(b);
  const parts = layout(root, tr, mySeats);
  const keyHandler = (e) => onKey(b, e);
  document.addEventListener("keydown", keyHandler);

  // A turned phone or a resized window changes where the arms should turn their corners.
  const resizeObserver = typeof ResizeObserver === "function"
    ? new ResizeObserver(() => {
      if (parts.drawn && Math.abs(parts.tableArea.clientWidth - b.tableWidth) > 24) renderTable(b, parts.tableArea, ...parts.drawn);
    })
    : null;
  resizeObserver?.observe(parts.tableArea);
  trackFocus(b);

  return {
    update(newStateBySeat, newLastState) {
      rememberFocus(b);
      b.stateBySeat = newStateBySeat;
      b.lastState = newLastState;
      sender.free();
      render(b, parts);
      b.ready.flush();
    },
    destroy() {
      document.removeEventListener("keydown", keyHandler);
      resizeObserver?.disconnect();
      root.replaceChildren();
    },
  };
}

// The board's areas, top to bottom.
function layout(root, tr, mySeats) {
  root.classList.add("sb");
  root.setAttribute("aria-label", tr("board"));
  const parts = {
    status: el("div", { class: "sb-status", "data-testid": "sb-status", role: "status", "aria-live": "polite" }),
    last: el("div", { class: "sb-last", "data-testid": "sb-last-action" }),
    opponentRow: el("div", { class: "sb-seat-row sb-opponent", "data-testid": "sb-opponent" }),
    tableArea: el("div", { class: "sb-table", "data-testid": "sb-table" }),
    panel: el("div", { class: "sb-panel", "data-testid": "sb-panel" }),
    meRow: el("div", { class: "sb-seat-row sb-me", "data-testid": "sb-me" }),
    handArea: el("div", { class: "sb-hand-area", "data-testid": "sb-hand-area" }),
    log: el("details", { class: "sb-log", "data-testid": "sb-log" }),
    keys: el("p", { class: "sb-keys muted", text: tr("keys"), hidden: !mySeats.length }),
    drawn: null, // the last renderTable() arguments, for redrawing on a resize
  };
  const { status, last, opponentRow, tableArea, panel, meRow, handArea, log, keys } = parts;
  root.replaceChildren(status, last, opponentRow, tableArea, panel, meRow, handArea, log, keys);
  return parts;
}

// Draws the focused seat's state: the other seat on top, the focused one at the bottom.
function render(b, parts) {
  const f = focusOf(b);
  if (!f.msg) return;
  const matchOver = ["finished", "aborted"].includes(b.lastState?.match?.status);
  const view = matchOver ? { ...f.msg.view, to_act: [] } : f.msg.view;
  if (matchOver) f.handover = null;
  const legal = f.handover || matchOver ? [] : f.msg.legal || [];
  const myTurn = b.mySeats.length > 0 && legal.length > 0;
  const placesByTile = placesOf(legal);
  autoPick(b, f, placesByTile);
  const [top, bottom] = seatsAfter(2, f.seat ?? 0);
  b.root.dataset.phase = view.phase;

  renderStatus(b, parts.status, f, view, legal, placesByTile);
  renderLast(b, parts.last, view, f.msg);
  renderSeatRow(b, parts.opponentRow, top, view, f, false);
  parts.drawn = [view, placesByTile];
  renderTable(b, parts.tableArea, view, placesByTile);
  renderPanel(b, parts.panel, f, view, legal);
  renderSeatRow(b, parts.meRow, bottom, view, f, true);
  renderHand(b, parts.handArea, f, view, legal, placesByTile, myTurn && legal.some((a) => a.kind === "place" || a.kind === "draw"));
  renderLog(b, parts.log, view);
  restoreFocus(b);
}

// The record: a move in words for the replay's move list.
export { describeAction } from "./spectacular_bid/record.js";
