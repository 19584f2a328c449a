// Spectacular Bid's pictures: a domino as SVG (in the line or alone), tile keys and texts, the
// keys of the open ends, and a balance as stacks of 5-point chips.
import { svg } from "../../kit/dom.js";

export const U = 44; // the short side of a tile in the line's SVG units; a tile is 2U × U
export const GAP = 3;
/** The number key that places the selected tile at each end. */
export const END_KEY = { origin: 1, W: 1, E: 2, N: 3, S: 4 };

/** "6-4" for [4, 6] or [6, 4]: the tile's name in test ids, focus keys and the legal moves. */
export const tileKey = (t) => `${Math.max(t[0], t[1])}-${Math.min(t[0], t[1])}`;
/** "[6|4]" as the texts write a tile. */
export const tileText = (t) => `[${t[0]}|${t[1]}]`;

// Pip positions inside one square half (0..1 × 0..1).
const PIPS = {
  0: [],
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.27, 0.22], [0.27, 0.5], [0.27, 0.78], [0.73, 0.22], [0.73, 0.5], [0.73, 0.78]],
};

/**
 * One domino as an SVG group at (x, y), w × h (w > h: horizontal, first half left; else vertical,
 * first half on top). For horizontal tiles the six-pattern is turned so its rows run along the tile.
 */
export function dominoShape(first, second, x, y, w, h, cls = "") {
  const horizontal = w > h;
  const s = horizontal ? h : w;
  const g = svg("g", { class: `domino ${cls}`.trim() });
  g.append(svg("rect", { x: x + 1, y: y + 1, width: w - 2, height: h - 2, rx: s * 0.14, class: "domino-body" }));
  if (horizontal) g.append(svg("line", { x1: x + s, y1: y + s * 0.16, x2: x + s, y2: y + h - s * 0.16, class: "domino-bar" }));
  else g.append(svg("line", { x1: x + w * 0.16, y1: y + s, x2: x + w - w * 0.16, y2: y + s, class: "domino-bar" }));
  const halves = horizontal ? [[x, y, first], [x + s, y, second]] : [[x, y, first], [x, y + s, second]];
  for (const [hx, hy, n] of halves) {
    for (const [px, py] of PIPS[n] || []) {
      const [u, v] = horizontal ? [py, px] : [px, py];
      g.append(svg("circle", { cx: hx + u * s, cy: hy + v * s, r: s * 0.085, class: "pip" }));
    }
  }
  return g;
}

/** A tile drawn alone (hand, hidden tiles), vertical, in its own small SVG. */
export function tileSvg(t, { hidden = false, label = null } = {}) {
  const s = svg("svg", { viewBox: "0 0 50 100", class: "tile-svg", "aria-hidden": label ? null : "true", role: label ? "img" : null, "aria-label": label });
  if (hidden) {
    s.append(svg("rect", { x: 1, y: 1, width: 48, height: 98, rx: 7, class: "domino-back" }));
    s.append(svg("rect", { x: 8, y: 8, width: 34, height: 84, rx: 4, class: "domino-back-inner" }));
  } else {
    s.append(dominoShape(t[0], t[1], 0, 0, 50, 100));
  }
  return s;
}

/** A balance as stacks of ten 5-point chips. */
export function chipsSvg(points, label) {
  const chips = Math.round(points / 5);
  const perStack = 10;
  const stacks = Math.max(1, Math.ceil(chips / perStack));
  const W = 30;
  const height = 12 + perStack * 4 + 6;
  const s = svg("svg", { viewBox: `0 0 ${stacks * W + 4} ${height}`, class: "chips-svg", role: "img", "aria-label": label });
  for (let i = 0; i < chips; i++) {
    const stack = Math.floor(i / perStack);
    const level = i % perStack;
    const cx = 2 + stack * W + W / 2;
    const cy = height - 8 - level * 4;
    s.append(svg("ellipse", { cx, cy: cy + 2, rx: 13, ry: 5, class: "chip-edge" }));
    s.append(svg("ellipse", { cx, cy, rx: 13, ry: 5, class: "chip-top" }));
  }
  return s;
}
