// The site's icons for scripts: one SVG sprite (static/icons.svg) instead of emoji glyphs, which
// show as empty boxes on devices whose fonts lack them. Templates use the same sprite directly.
import { svg } from "./dom.js";

/** The sprite's address, found from this module's own so that it follows wherever static lives. */
export const SPRITE = new URL("../icons.svg", import.meta.url).href;

/**
 * icon("bell") → <svg class="icon"><use href="…/icons.svg#bell"/></svg>. Without a label the icon
 * is decoration (hidden from assistive technology: the control beside it carries the words); with
 * one it is an image of that name.
 */
export function icon(id, label = null) {
  const node = svg("svg", label
    ? { class: "icon", role: "img", "aria-label": label, focusable: "false" }
    : { class: "icon", "aria-hidden": "true", focusable: "false" });
  if (label) node.append(svg("title", { text: label }));
  node.append(svg("use", { href: `${SPRITE}#${id}` }));
  return node;
}
