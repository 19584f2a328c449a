// Playing a tile by pointer or key: pick a tile, then an end (a marked slot or its number key 1–4);
// D draws, R starts / continues, Escape puts the picked tile down again.
import { ignoreKey } from "../../kit/focus.js";
import { END_KEY, tileKey } from "./tiles.js";
import { focusOf } from "./focus.js";

/** Legal place actions by tile key: "6-4" → the ends it fits. */
export function placesOf(legal) {
  const placesByTile = new Map();
  for (const a of legal.filter((x) => x.kind === "place")) {
    const k = tileKey(a.tile);
    if (!placesByTile.has(k)) placesByTile.set(k, []);
    placesByTile.get(k).push(a.end);
  }
  return placesByTile;
}

/**
 * Drops a pick that no longer fits; when exactly one tile fits (a drawn tile, a rank opening) it
 * is picked up once per state, so Escape still puts it down again.
 */
export function autoPick(b, f, placesByTile) {
  if (b.selected && !placesByTile.has(b.selected)) b.selected = null;
  if (!b.selected && placesByTile.size === 1 && b.autoPicked !== f.msg.seq) {
    b.autoPicked = f.msg.seq;
    b.selected = [...placesByTile.keys()][0];
  }
}

/** A click (or Enter) on a hand tile: pick it; on the picked tile, play it if only one end takes it. */
export function clickTile(b, k, placesByTile) {
  if (!placesByTile.has(k)) return;
  if (b.selected === k) {
    const ends = placesByTile.get(k);
    if (ends.length === 1) return placeSelected(b, ends[0]);
  } else b.selected = k;
  b.focusKey = `tile-${k}`;
  b.render();
}

/** Sends the picked tile to `end` if that is legal now. */
export function placeSelected(b, end) {
  const f = focusOf(b);
  if (!b.selected || !f.msg) return;
  const action = (f.msg.legal || []).find((a) => a.kind === "place" && tileKey(a.tile) === b.selected && a.end === end);
  if (!action) return;
  b.send({ kind: "place", tile: action.tile, end }, f.seat);
  b.selected = null;
  b.focusKey = "hand";
  b.render();
}

/** The board's document key handler: D, R, 1–4 and Escape. */
export function onKey(b, e) {
  if (ignoreKey(e) || !b.root.isConnected) return;
  const f = focusOf(b);
  if (!f.msg) return;
  const legal = f.handover ? [] : f.msg.legal || [];
  const key = e.key.toLowerCase();
  if (key === "d" && legal.some((a) => a.kind === "draw")) {
    e.preventDefault();
    b.send({ kind: "draw" }, f.seat);
  } else if (key === "r" && b.ready.seats().length) {
    e.preventDefault();
    b.ready.send();
  } else if (/^[1-4]$/.test(key) && b.selected) {
    const n = Number(key);
    const end = Object.keys(END_KEY).find((name) => END_KEY[name] === n && (f.msg.legal || []).some((a) => a.kind === "place" && tileKey(a.tile) === b.selected && a.end === name));
    if (end) {
      e.preventDefault();
      placeSelected(b, end);
    }
  } else if (key === "escape" && b.selected) {
    b.selected = null;
    b.render();
  }
}
