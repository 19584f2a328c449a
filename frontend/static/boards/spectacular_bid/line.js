// Spectacular Bid's table: the round, count and boneyard, and the line of play as one SVG with a
// slot at every open end (a button where the selected tile fits).
import { el, svg } from "../../kit/dom.js";
import { U, END_KEY, tileKey, tileText, dominoShape, tileSvg } from "./tiles.js";
import { layoutLine } from "./layout.js";
import { endName } from "./events.js";

const PAD = 14;

/**
 * Draws the table into `area` (b.tableWidth keeps the width it was drawn for, for redrawing on a
 * resize). Aim for tiles 48 px wide on a desktop, 40 px on a tablet and 32 px on a phone; long arms
 * turn a corner instead of shrinking the tiles.
 */
export function renderTable(b, area, view, placesByTile) {
  const line = view.line;
  const avail = area.clientWidth || b.root.clientWidth || 1000;
  b.tableWidth = avail;
  const pxPerUnit = (avail < 560 ? 32 : avail < 900 ? 40 : 48) / U;
  const budget = Math.max(9 * U, avail / pxPerUnit - 2 * 14);
  const { tiles, slots } = layoutLine(line, budget);
  const openEnds = view.open_ends || [];
  const box = viewBox(tiles, openEnds.map((oe) => slots[oe.end]).filter(Boolean));
  const info = tableInfo(b, view);
  if (!line?.origin && !openEnds.length) {
    area.replaceChildren(info);
    return;
  }
  const title = svg("title", {});
  title.textContent = b.tr("line");
  const drawing = svg("svg", {
    viewBox: `${box.minX} ${box.minY} ${box.vw} ${box.vh}`,
    class: "sb-line",
    role: "group",
    "aria-label": b.tr("line"),
    "data-testid": "sb-line",
    style: `width:${Math.round(box.vw * pxPerUnit)}px`,
  }, title);
  for (const tl of tiles) drawing.append(dominoShape(tl.first, tl.second, tl.x, tl.y, tl.w, tl.h, tl.origin ? "is-origin" : ""));
  const ring = lastRing(view, tiles);
  if (ring) drawing.append(ring);
  const selectedEnds = b.selected ? placesByTile.get(b.selected) || [] : [];
  for (const oe of openEnds) {
    if (slots[oe.end]) drawing.append(endSlot(b, oe, slots[oe.end], selectedEnds.includes(oe.end)));
  }
  const scroller = el("div", { class: "sb-line-scroll" }, drawing);
  area.replaceChildren(info, scroller);
  // Keep the middle of the line in view when it is wider than the screen.
  requestAnimationFrame(() => {
    if (scroller.scrollWidth > scroller.clientWidth) {
      const originX = ((0 - box.minX) / box.vw) * scroller.scrollWidth;
      scroller.scrollLeft = Math.max(0, originX - scroller.clientWidth / 2);
    }
  });
}

// The drawing's extent: at least 6U × 3U round the origin, every tile and open-end slot, a margin.
function viewBox(tiles, rects) {
  let minX = -3 * U, maxX = 3 * U, minY = -1.5 * U, maxY = 1.5 * U;
  for (const r of [...tiles, ...rects]) {
    minX = Math.min(minX, r.x); maxX = Math.max(maxX, r.x + r.w);
    minY = Math.min(minY, r.y); maxY = Math.max(maxY, r.y + r.h);
  }
  minX -= PAD; minY -= PAD; maxX += PAD; maxY += PAD;
  return { minX, minY, vw: maxX - minX, vh: maxY - minY };
}

// Rings the most recent tile with a dashed outline (a shape, not just a colour); null if none.
function lastRing(view, tiles) {
  const placedLog = (view.round_log || []).filter((e) => e.kind === "placed");
  const lastPlaced = placedLog[placedLog.length - 1] || (view.last_events || []).find((e) => e.kind === "placed");
  if (!lastPlaced) return null;
  const k = tileKey(lastPlaced.tile);
  const tl = tiles.find((x) => tileKey([x.first, x.second]) === k);
  if (!tl) return null;
  return svg("rect", { x: tl.x - 4, y: tl.y - 4, width: tl.w + 8, height: tl.h + 8, rx: 9, class: "sb-last-ring" });
}

// One open end: a button with its number key where the selected tile fits, else what it shows.
function endSlot(b, oe, r, fits) {
  const { tr } = b;
  const g = svg("g", {
    class: `sb-slot${fits ? " is-legal" : ""}${b.selected && !fits ? " is-dim" : ""}`,
    "data-testid": `sb-end-${oe.end}`,
    "data-end": oe.end,
  });
  g.append(svg("rect", { x: r.x + 2, y: r.y + 2, width: r.w - 4, height: r.h - 4, rx: 8, class: "sb-slot-box" }));
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h / 2;
  const letter = tr(`end_letter_${oe.end}`);
  const tileName = b.selected ? tileText(b.selected.split("-").map(Number)) : "";
  if (fits) {
    const txt = svg("text", { x: cx, y: cy, class: "sb-slot-key", "text-anchor": "middle", "dominant-baseline": "central" });
    txt.textContent = `${END_KEY[oe.end]}${letter ? " " + letter : ""}`;
    g.append(txt);
    g.setAttribute("role", "button");
    g.setAttribute("tabindex", "0");
    g.setAttribute("aria-label", oe.end === "origin" ? tr("place_origin", { tile: tileName }) : tr("place_at", { tile: tileName, end: endName(tr, oe.end) }));
    g.dataset.focusKey = `end-${oe.end}`;
    const act = () => b.placeSelected(oe.end);
    g.addEventListener("click", act);
    g.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        act();
      }
    });
  } else if (oe.end !== "origin") {
    const txt = svg("text", { x: cx, y: cy, class: "sb-slot-info", "text-anchor": "middle", "dominant-baseline": "central" });
    txt.textContent = `${letter} ${oe.pips}`;
    g.append(txt);
    const t = svg("title", {});
    t.textContent = tr("open_end", { end: letter, pips: oe.pips, counts: oe.counts });
    g.append(t);
  }
  return g;
}

// Round, count (marked when it scores) and boneyard above the line.
function tableInfo(b, view) {
  const { tr } = b;
  const count = view.count ?? 0;
  const scores = count > 0 && count % 5 === 0;
  return el("div", { class: "sb-table-info" },
    el("span", { class: "sb-round", text: view.round ? tr("round", { n: view.round }) : "" }),
    el("span", { class: `sb-count${scores ? " scores" : ""}`, "data-testid": "sb-count", text: view.line?.origin ? tr(scores ? "count_scores" : "count", { n: count }) : tr("line_empty") }),
    el("span", { class: "sb-boneyard", "data-testid": "sb-boneyard", "aria-label": tr("boneyard_label", { n: view.boneyard ?? 0 }) },
      tileSvg(null, { hidden: true }), tr("boneyard", { n: view.boneyard ?? 0 })),
  );
}
