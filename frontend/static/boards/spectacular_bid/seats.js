// A Spectacular Bid seat row: name, jockey and to-act marks, the balance as chips, hidden tiles.
import { el } from "../../kit/dom.js";
import { chipsSvg, tileSvg } from "./tiles.js";

/** Fills `row` with `seat`; the bottom row (the focused seat) hides its tile backs while its hand shows. */
export function renderSeatRow(b, row, seat, view, f, isBottom) {
  const { tr, mySeats, nameOf } = b;
  const balance = view.balances?.[seat] ?? 0;
  const mine = mySeats.includes(seat);
  const acting = (view.to_act || []).includes(seat) && view.phase !== "start" && view.phase !== "settlement";
  const label = `${nameOf(seat)}${mine && mySeats.length === 1 ? ` (${tr("you")})` : ""}`;
  const children = [
    el("div", { class: "sb-seat-name" },
      el("strong", { text: label }),
      view.jockey === seat ? el("span", { class: "badge sb-jockey", "data-testid": `sb-jockey-${seat}`, text: `★ ${tr("jockey")}` }) : null,
      acting ? el("span", { class: "sb-acting", "data-testid": `sb-acting-${seat}`, text: `▶ ${tr("to_act")}` }) : null,
    ),
    el("div", { class: "sb-balance", "data-testid": `sb-balance-${seat}` },
      chipsSvg(balance, tr("chips_label", { name: nameOf(seat), n: balance, chips: Math.round(balance / 5) })),
      el("span", { class: "sb-balance-figure", text: tr("points", { n: balance }) }),
    ),
  ];
  if (!isBottom || !f.showHand) {
    const n = view.hand_counts?.[seat] ?? 0;
    const backs = el("div", { class: "sb-backs", role: "img", "aria-label": tr("hidden_tiles", { name: nameOf(seat), n }), "data-testid": `sb-hidden-${seat}` });
    for (let i = 0; i < n; i++) backs.append(tileSvg(null, { hidden: true }));
    children.push(backs);
  }
  row.replaceChildren(...children);
  row.classList.toggle("is-acting", acting);
  row.dataset.seat = seat;
}
