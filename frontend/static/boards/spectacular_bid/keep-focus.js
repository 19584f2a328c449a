// Every render replaces the board's elements: the keyboard focus is remembered by the focused
// element's data-focus-key and given back to its new twin (or to a tile of the hand).

/** Follows the focus inside the board (b.focusKey); leaving the board forgets it. */
export function trackFocus(b) {
  b.root.addEventListener("focusin", (e) => {
    if (e.target.dataset?.focusKey) b.focusKey = e.target.dataset.focusKey;
  });
  b.root.addEventListener("focusout", (e) => {
    if (e.relatedTarget && !b.root.contains(e.relatedTarget)) b.focusKey = null;
  });
}

/** Before a render: remember the focused element of the board. */
export function rememberFocus(b) {
  const a = document.activeElement;
  if (a && b.root.contains(a) && a.dataset?.focusKey) b.focusKey = a.dataset.focusKey;
}

/** After a render: focus the remembered element again unless the focus is elsewhere on the page. */
export function restoreFocus(b) {
  if (!b.focusKey) return;
  const { root, focusKey } = b;
  let target = root.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`);
  if (!target && (focusKey === "hand" || focusKey.startsWith("tile-") || focusKey.startsWith("end-"))) {
    target = root.querySelector(".sb-tile.is-playable") || root.querySelector(".sb-tile");
  }
  const active = document.activeElement;
  if (target && active !== target && (!active || active === document.body || !active.isConnected)) {
    target.focus({ preventScroll: true });
  }
}
