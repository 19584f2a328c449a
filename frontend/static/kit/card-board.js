// The frame every card board shares (cardBoard) and the history list (fillLog).
// Interface of the boards: see the comment block at the top of ../js/live-client.js.
import { el } from "./dom.js";
import { makeTranslator, mergeWords } from "./i18n.js";
import { CARD_WORDS, loadCss } from "./cards.js";
import { pickFocus, createHandover, makeSender, ignoreKey, nameOf } from "./focus.js";

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
  const tr = makeTranslator(mergeWords(CARD_WORDS, dict), lang);
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

/** Fills a <details> history (keeps it open or closed as the user left it). */
export function fillLog(details, title, lines) {
  details.classList.add("cg-log");
  details.replaceChildren(el("summary", { text: `${title} (${lines.length})` }), el("ol", {}, ...lines.map((t) => el("li", { text: t }))));
}
