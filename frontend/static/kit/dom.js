// DOM helpers for boards and pages: el() builds an HTML element, svg() an SVG one, both from an
// attribute object and children (null, undefined and false are skipped in both).
const SVGNS = "http://www.w3.org/2000/svg";

/**
 * el("button", {class, text, onclick, dataset, hidden: true, "data-testid": …}, ...children):
 * `class` sets className, `text` the text, on<event> adds a listener, `dataset` fills data-*,
 * `true` sets an empty attribute.
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

/**
 * fill(node, ...children): replace node's children, skipping null, undefined and false as el()
 * does. The DOM's own replaceChildren() turns a null into the text "null", so a render that leaves
 * an optional part out must come through here.
 */
export function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

/** svg("rect", {x, y, …}, ...children): `text` sets the text, on<event> adds a listener. */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c) node.append(c);
  return node;
}
