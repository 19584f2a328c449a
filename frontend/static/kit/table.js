// The compass table the four-seat card boards share (issue #31 item 2): a place for every seat
// round a centre, turned so that the viewer's seat is at the bottom, the partner across and the
// opponents left and right.  A seat's place holds its head (name, badges: the board's), a holder
// for the page's player card (name and clock: js/match-page.js moves it in) and a body (its card
// count or its visible hand); the centre holds the trick, or whatever the board puts there (the
// auction and the bidding box in Bridge).  Seat order and which seat is "me" are inputs, so that
// Bridge (clockwise), Tractor and Guandan (counter-clockwise) sit at the same table.  Styles:
// table.css beside this file.
import { el } from "./dom.js";
import { seatLayout } from "./seats.js";

/** Loads table.css once. */
export function loadTableCss() {
  if (typeof document === "undefined" || document.querySelector("link[data-board-css=table]")) return;
  document.head.append(el("link", { rel: "stylesheet", href: new URL("./table.css", import.meta.url).href, "data-board-css": "table" }));
}

const COMPASS = { bottom: "south", left: "west", top: "north", right: "east" };

/**
 * Where each of n seats sits as `me` sees it: {seat: "bottom" | "left" | "top" | "right"}.  Play
 * goes round from me to the right, the way the Chinese games go (kit/seats.js), or with
 * `clockwise` to the left, the way Bridge goes (South, West, North, East).  A spectator (me null)
 * sees `me` = `spectatorSeat` at the bottom (Bridge: South).  No DOM: tests/frontend runs it.
 */
export function compassSides(n, me, { clockwise = false, spectatorSeat = 0 } = {}) {
  const bottom = me === null || me === undefined ? spectatorSeat : Number(me);
  const flip = { left: "right", right: "left" };
  const out = {};
  for (const p of seatLayout(n, bottom)) out[p.seat] = clockwise ? flip[p.side] || p.side : p.side;
  return out;
}

/**
 * The table: compassTable({seats: 4, clockwise, spectatorSeat, label, placeLabel(seat)}) →
 * {element, centre, place(seat), setMe(me), sideOf(seat), setOpen, setActing}.  place(seat) →
 * {element, holder, head, body} (in that order on the screen): the same
 * elements for the board's whole life (a page's player card moved into the holder stays there
 * while the board redraws heads and bodies); setMe turns the table (classes is-south/west/north/
 * east on each place, data-side the screen side).  The element's children are in the reading
 * order top, left, centre, right, bottom (the keyboard meets the hand last, after the centre's
 * controls), whatever the seats.
 */
export function compassTable({ seats = 4, clockwise = false, spectatorSeat = 0, label = "", placeLabel = () => "" } = {}) {
  loadTableCss();
  const element = el("div", { class: "tb", "data-testid": "compass", role: "group", "aria-label": label || null });
  const centre = el("div", { class: "tb-centre", "data-testid": "table-centre" });
  const places = {};
  for (let s = 0; s < seats; s++) {
    const head = el("div", { class: "tb-head" });
    const holder = el("div", { class: "tb-holder", "data-testid": `clock-place-${s}` });
    const body = el("div", { class: "tb-body" });
    places[s] = { element: el("div", { class: "tb-place", role: "group", "data-testid": `place-${s}`, "data-seat": String(s) }, holder, head, body), head, holder, body };
  }
  let sides = compassSides(seats, null, { clockwise, spectatorSeat });

  function setMe(me) {
    sides = compassSides(seats, me, { clockwise, spectatorSeat });
    const order = { top: 0, left: 1, right: 3, bottom: 4 };
    const placed = Object.keys(places).map(Number).sort((a, b) => order[sides[a]] - order[sides[b]]);
    for (const s of placed) {
      const p = places[s].element;
      for (const c of Object.values(COMPASS)) p.classList.remove(`is-${c}`);
      p.classList.add(`is-${COMPASS[sides[s]]}`);
      p.dataset.side = sides[s];
      const name = placeLabel(s);
      if (name) p.setAttribute("aria-label", name);
    }
    const top = placed.filter((s) => ["top", "left"].includes(sides[s])).map((s) => places[s].element);
    const bottom = placed.filter((s) => ["right", "bottom"].includes(sides[s])).map((s) => places[s].element);
    const want = [...top, centre, ...bottom];
    if (want.some((node, i) => element.children[i] !== node)) element.replaceChildren(...want);
  }
  setMe(null);

  return {
    element,
    centre,
    place: (seat) => places[seat],
    sideOf: (seat) => sides[seat],
    setMe,
    /** Marks a place whose body shows a hand (is-open: on a phone it takes a whole row). */
    setOpen(seat, open) {
      places[seat].element.classList.toggle("is-open", Boolean(open));
    },
    /** Marks the seats to act (is-acting). */
    setActing(acting) {
      for (const [s, p] of Object.entries(places)) p.element.classList.toggle("is-acting", acting.includes(Number(s)));
    },
  };
}

/**
 * The head's first nodes for seat s, the same at every board's table: its name (`seatName`) and,
 * while it is to act, the turn marker (`turnMarker`).  Both give way to the page's player card
 * once it sits in the place (table.css).
 */
export function placeName(b, s, acting, options = {}) {
  return [seatName(b, s, options), turnMarker(b, acting)];
}

/** Seat s's name, "(you)" after the viewer's seats; testid seat-<s> unless `testid` is false. */
export function seatName(b, s, { testid = true } = {}) {
  const { tr, name } = b;
  return el("span", { class: "tb-name", "data-testid": testid ? `seat-${s}` : null }, name(s), b.mySeats.includes(s) ? el("span", { class: "muted", text: ` (${tr("you")})` }) : null);
}

/** "▶ to act" while the seat is to act, else nothing. */
export function turnMarker(b, acting) {
  return acting ? el("span", { class: "cg-acting tb-acting", text: `▶ ${b.tr("to_act")}` }) : null;
}
