// Which seat a board shows, the pass-and-play hand-over, one command per state, and keys the
// board must leave alone. Used by every board (Spectacular Bid keeps its own focus rules, which
// follow the engine's hand-over; see boards/spectacular_bid/focus.js).
import { el } from "./dom.js";

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
 * The words: handover_title, handover_text, handover_button ({name}).
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

/**
 * One command per state: a double click or a repeated key would otherwise send a second command
 * built on the same seq, which the server rejects as stale. free() (on the next state) or a short
 * wait frees the board again. The seat is named only when the user holds several.
 */
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

/** The seat's name from the match's seat list, else "Seat n" (the word `seat`). */
export function nameOf(lastState, seat, tr) {
  if (seat === null || seat === undefined) return "?";
  const s = (lastState?.match?.seats || []).find((x) => x.seat === seat);
  return s?.name || tr("seat", { n: Number(seat) + 1 });
}
