// Spectacular Bid's hand: the user's tiles as buttons (playable ones marked, the selected one
// ticked; arrow keys, Home and End move between them) and the Draw button.
import { el } from "../../kit/dom.js";
import { tileKey, tileSvg } from "./tiles.js";

/** Fills `area` with the focused seat's hand, or hides it (spectator, hand hidden, no hand). */
export function renderHand(b, area, f, view, legal, placesByTile, myTurn) {
  const { tr } = b;
  if (!b.mySeats.length || !f.showHand || !Array.isArray(f.msg.view.hand)) {
    area.replaceChildren();
    area.hidden = true;
    return;
  }
  area.hidden = false;
  const canDraw = legal.some((a) => a.kind === "draw");
  const list = el("ul", { class: "sb-hand", "aria-label": tr("your_hand"), "data-testid": "sb-hand" });
  f.msg.view.hand.forEach((t, i) => list.append(el("li", {}, tileButton(b, t, i, placesByTile, myTurn, list))));
  const actions = el("div", { class: "sb-hand-actions" });
  if (canDraw || view.phase === "play") {
    actions.append(el("button", {
      type: "button", class: `button${canDraw ? " primary" : ""}`, "data-testid": "draw-button", "data-focus-key": "draw",
      "aria-keyshortcuts": "D", disabled: !canDraw, text: `${tr("draw")} (D)`, onclick: () => canDraw && b.send({ kind: "draw" }, f.seat),
    }));
  }
  area.replaceChildren(el("h3", { class: "visually-hidden", text: tr("your_hand") }), list, actions);
}

// One tile of the hand (data-testid "hand-tile-<key>"); a click picks it (see b.clickTile).
function tileButton(b, t, i, placesByTile, myTurn, list) {
  const { tr } = b;
  const k = tileKey(t);
  const playable = placesByTile.has(k);
  const isSel = b.selected === k;
  const state = isSel ? tr("tile_selected") : playable ? tr("tile_playable") : myTurn ? tr("tile_not_playable") : "";
  const btn = el("button", {
    type: "button",
    class: `sb-tile${playable ? " is-playable" : ""}${isSel ? " is-selected" : ""}${myTurn && !playable ? " is-unplayable" : ""}`,
    "data-testid": `hand-tile-${k}`,
    "data-focus-key": `tile-${k}`,
    "data-index": i,
    "aria-pressed": playable ? String(isSel) : null,
    "aria-disabled": playable ? null : "true",
    "aria-label": `${tr("tile_label", { a: t[0], b: t[1] })}${state ? ", " + state : ""}`,
    onclick: () => b.clickTile(k, placesByTile),
  }, tileSvg(t), el("span", { class: "sb-tile-tag", "aria-hidden": "true", text: isSel ? "✓" : playable ? "▲" : "" }));
  btn.addEventListener("keydown", (e) => handKeys(e, list));
  return btn;
}

// Arrow keys, Home and End move the focus round the hand's buttons.
function handKeys(e, list) {
  if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(e.key)) return;
  const buttons = [...list.querySelectorAll("button")];
  const i = buttons.indexOf(e.currentTarget);
  let j = i;
  if (e.key === "ArrowLeft" || e.key === "ArrowUp") j = (i - 1 + buttons.length) % buttons.length;
  if (e.key === "ArrowRight" || e.key === "ArrowDown") j = (i + 1) % buttons.length;
  if (e.key === "Home") j = 0;
  if (e.key === "End") j = buttons.length - 1;
  e.preventDefault();
  buttons[j].focus();
}
