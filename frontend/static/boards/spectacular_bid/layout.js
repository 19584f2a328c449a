// Where every tile of Spectacular Bid's line of play goes (no DOM: SVG units only).
import { U, GAP } from "./tiles.js";

const L = 2 * U; // the long side of a tile

/**
 * Where every tile of the line goes. Origin centred at (0,0); W/E run horizontally, N/S vertically
 * from the spinner. Doubles lie crosswise. When the row (W arm + origin + E arm + their open-end
 * slots) would be wider than budget (SVG units), each arm gets its share (a short arm leaves its
 * unused share to the other) and an arm that would run past its share turns a corner: E continues
 * downwards, W upwards, in a column beside its last tile (only on a non-double, and only two tiles
 * past a spinner in that arm, so the spinner's own N/S arms and the turned columns never meet).
 * Returns tiles [{first, second, x, y, w, h}] and a slot per open end.
 */
export function layoutLine(line, budget = Infinity) {
  const tiles = [];
  const slots = {};
  if (!line || !line.origin) {
    slots.origin = { x: -U, y: -U / 2, w: L, h: U };
    return { tiles, slots };
  }
  const arms = line.arms || {};
  const ow = placeOrigin(line.origin, arms, tiles);
  const limit = armLimits(arms, ow, budget);
  const sp = line.spinner;
  const centres = {
    E: mainArm({ list: arms.E || [], dir: 1, minTurn: sp && sp.arm === "E" ? sp.index + 2 : 1, ow, limit: limit.E, tiles, slots, name: "E" }),
    W: mainArm({ list: arms.W || [], dir: -1, minTurn: sp && sp.arm === "W" ? sp.index + 2 : 1, ow, limit: limit.W, tiles, slots, name: "W" }),
  };
  let sx = 0;
  if (sp && sp.arm !== "origin") sx = centres[sp.arm]?.[sp.index] ?? 0;
  sideArms(arms, sx, tiles, slots);
  return { tiles, slots };
}

/** The first tile, across the line if a double; its halves face the arms they meet. Returns its width. */
function placeOrigin([oa, ob], arms, tiles) {
  const originDouble = oa === ob;
  let west = oa;
  let east = ob;
  if (!originDouble) {
    if (arms.W?.length && arms.W[0][0] !== oa && arms.W[0][0] === ob) [west, east] = [ob, oa];
    else if (!arms.W?.length && arms.E?.length && arms.E[0][0] === oa) [west, east] = [ob, oa];
  }
  const ow = originDouble ? U : L;
  const oh = originDouble ? L : U;
  tiles.push({ first: west, second: east, x: -ow / 2, y: -oh / 2, w: ow, h: oh, origin: true });
  return ow;
}

/** How far each main arm may reach from the centre before it turns a corner. */
function armLimits(arms, ow, budget) {
  // How far each arm reaches from the centre when laid straight, its open-end slot included.
  const straight = (name) => (arms[name] || []).reduce((d, [a, b]) => d + (a === b ? U : L) + GAP, ow / 2 + GAP) + L;
  const half = budget / 2;
  return {
    E: Math.max(half, budget - Math.min(straight("W"), half)),
    W: Math.max(half, budget - Math.min(straight("E"), half)),
  };
}

/**
 * One main arm; dir = +1 (E: right, then down) or -1 (W: left, then up). Adds its tiles and its
 * open-end slot; returns the centre x of each tile laid in the row (where a spinner's arms start).
 */
function mainArm({ list, dir, minTurn, ow, limit, tiles, slots, name }) {
  const centres = [];
  let cursor = ow / 2 + GAP; // distance of the row's open edge from the centre
  let turned = false;
  let colX = 0; // the turned column's centre x
  let colCursor = 0; // the turned column's open edge (distance from the row's centre line)
  list.forEach(([inner, outer], i) => {
    const dbl = inner === outer;
    if (!turned && !dbl && i >= minTurn && cursor + L + L > limit) {
      turned = true;
      colX = dir * (cursor + U / 2);
      colCursor = -U / 2; // the first turned tile sits beside the row's last tile
    }
    if (!turned) {
      const w = dbl ? U : L;
      const h = dbl ? L : U;
      const x = dir > 0 ? cursor : -cursor - w;
      tiles.push(dir > 0 ? { first: inner, second: outer, x, y: -h / 2, w, h } : { first: outer, second: inner, x, y: -h / 2, w, h });
      centres.push(dir * (cursor + w / 2));
      cursor += w + GAP;
    } else {
      const w = dbl ? L : U;
      const h = dbl ? U : L;
      // E goes down (inner on top), W goes up (inner at the bottom).
      const y = dir > 0 ? colCursor : -colCursor - h;
      tiles.push(dir > 0 ? { first: inner, second: outer, x: colX - w / 2, y, w, h } : { first: outer, second: inner, x: colX - w / 2, y, w, h });
      colCursor += h + GAP;
    }
  });
  if (!turned) slots[name] = { x: dir > 0 ? cursor : -cursor - L, y: -U / 2, w: L, h: U };
  else slots[name] = { x: colX - U / 2, y: dir > 0 ? colCursor : -colCursor - L, w: U, h: L };
  return centres;
}

/** The spinner's side arms: N upwards and S downwards from x = sx, with their slots. */
function sideArms(arms, sx, tiles, slots) {
  let cursor = -L / 2 - GAP;
  for (const [inner, outer] of arms.N || []) {
    const dbl = inner === outer;
    const w = dbl ? L : U;
    const h = dbl ? U : L;
    tiles.push({ first: outer, second: inner, x: sx - w / 2, y: cursor - h, w, h });
    cursor -= h + GAP;
  }
  slots.N = { x: sx - U / 2, y: cursor - L, w: U, h: L };
  cursor = L / 2 + GAP;
  for (const [inner, outer] of arms.S || []) {
    const dbl = inner === outer;
    const w = dbl ? L : U;
    const h = dbl ? U : L;
    tiles.push({ first: inner, second: outer, x: sx - w / 2, y: cursor, w, h });
    cursor += h + GAP;
  }
  slots.S = { x: sx - U / 2, y: cursor, w: U, h: L };
}
