// Seats around a table for any number of seats, seen from one seat ("me", drawn at the bottom).
// No DOM here (tests/frontend runs it under Node).

/** The seats in playing order after `me`, ending with `me` itself: n = 3, me = 1 → [2, 0, 1]. */
export function seatsAfter(n, me = 0) {
  const base = Number(me) || 0;
  return Array.from({ length: n }, (_, i) => (base + 1 + i) % n);
}

/**
 * Where each seat sits around the table as `me` sees it: me at the bottom, the others in playing
 * order going round (right, top, left, …), so that with four seats the partner (me + 2) sits
 * opposite. Returns [{seat, angle, side}] in the order of seatsAfter (me last); angle in degrees
 * counter-clockwise from the right (me 270), side the nearest of "right" | "top" | "left" | "bottom".
 */
export function seatLayout(n, me = 0) {
  return seatsAfter(n, me).map((seat, i) => {
    const angle = (270 + ((i + 1) * 360) / n) % 360;
    return { seat, angle, side: sideOf(angle) };
  });
}

const SIDES = ["right", "top", "left", "bottom"];

function sideOf(angle) {
  // The ±45° sector around 0 / 90 / 180 / 270; a seat exactly on a diagonal counts as the side
  // beside the bottom (left or right), never top or bottom.
  const a = ((angle % 360) + 360) % 360;
  if (a === 45 || a === 315) return "right";
  if (a === 135 || a === 225) return "left";
  return SIDES[Math.round(a / 90) % 4];
}
