// Spectacular Bid's opening auction: the standing bid and the bids so far, the jockey's discount,
// and the controls Waive, Accept and a bid or raise amount (multiples of 5 within the legal range).
import { el } from "../../kit/dom.js";
import { eventText } from "./events.js";

/** The auction section for the focused seat f (controls only while f may speak). */
export function auctionPanel(b, f, view, legal, kinds) {
  const { tr, nameOf } = b;
  const a = view.auction || {};
  const box = el("section", { class: "sb-auction", "data-testid": "sb-auction", "aria-label": tr("auction") });
  box.append(el("h3", { text: tr("auction") }));
  if (view.jockey !== null && view.jockey !== undefined) box.append(el("p", { text: tr("auction_open", { name: nameOf(view.jockey) }) }));
  box.append(el("p", { class: "sb-standing", "data-testid": "sb-standing-bid", text: a.bid ? tr("auction_standing", { amount: a.bid.amount, name: nameOf(a.bid.seat) }) : tr("auction_none") }));
  if (a.history?.length) {
    box.append(el("ol", { class: "sb-history", "aria-label": tr("auction_history") },
      ...a.history.map((h) => el("li", { text: eventText(b, { ...h, kind: h.kind === "accept" ? "accepted" : h.kind, bidder: a.bid?.seat, paid: "" }) }))));
  }
  if (a.discount_seat !== null && a.discount_seat !== undefined) {
    box.append(el("p", { class: "sb-discount", "data-testid": "sb-discount",
      text: b.mySeats.includes(a.discount_seat) && a.discount_seat === f.seat ? tr("discount_you") : tr("discount_other", { name: nameOf(a.discount_seat) }) }));
  }
  if (!kinds.size) {
    box.append(el("p", { class: "muted", text: tr("waiting_auction", { name: nameOf(a.speaker) }) }));
    return box;
  }
  box.append(auctionControls(b, f.seat, a, legal, kinds));
  return box;
}

// Waive and Accept with their hints, then the amount control or why there is none.
function auctionControls(b, me, a, legal, kinds) {
  const { tr, nameOf } = b;
  const discount = a.discount ?? 15;
  const controls = el("div", { class: "sb-auction-controls" });
  if (kinds.has("waive")) {
    controls.append(el("div", { class: "sb-control" },
      el("button", { type: "button", class: "button", "data-testid": "waive-button", "data-focus-key": "waive", text: tr("waive"), onclick: () => b.send({ kind: "waive" }, me) }),
      el("small", { class: "muted", text: tr("waive_hint") })));
  }
  if (kinds.has("accept") && a.bid) {
    controls.append(el("div", { class: "sb-control" },
      el("button", { type: "button", class: "button", "data-testid": "accept-button", "data-focus-key": "accept", text: `${tr("accept")} (${a.bid.amount})`, onclick: () => b.send({ kind: "accept" }, me) }),
      el("small", { class: "muted", text: tr("accept_hint", { name: nameOf(a.bid.seat), paid: a.bid.seat === a.discount_seat ? Math.max(0, a.bid.amount - discount) : a.bid.amount }) })));
  }
  const amountKind = kinds.has("bid") ? "bid" : kinds.has("raise") ? "raise" : null;
  if (amountKind) {
    const netCost = (amount) => (me === a.discount_seat ? Math.max(0, amount - discount) : amount);
    controls.append(amountControl(b, me, amountKind, legal.filter((x) => x.kind === amountKind).map((x) => x.amount), netCost));
  } else if (kinds.has("waive")) {
    controls.append(el("p", { class: "muted", text: tr("cannot_bid") }));
  } else if (kinds.has("accept")) {
    controls.append(el("p", { class: "muted", text: tr("cannot_raise") }));
  }
  return controls;
}

// The bid or raise amount: −5 / field / +5, the submit button, the range and what it would cost.
function amountControl(b, me, amountKind, amounts, netCost) {
  const { tr } = b;
  const min = Math.min(...amounts);
  const max = Math.max(...amounts);
  const id = `sb-amount-${me}`;
  const cost = el("small", { class: "sb-cost", "data-testid": "sb-bid-cost" });
  const input = el("input", {
    id, type: "number", name: "amount", min, max, step: 5, value: min, inputmode: "numeric",
    "data-testid": "bid-amount", "data-focus-key": "amount", "aria-describedby": `${id}-range`,
  });
  const updateCost = () => {
    const v = Number(input.value);
    cost.textContent = Number.isFinite(v) ? tr("cost_you", { cost: netCost(v) }) : "";
  };
  input.addEventListener("input", updateCost);
  updateCost();
  const submit = () => {
    const v = Number(input.value);
    if (!amounts.includes(v)) {
      input.setCustomValidity(tr("min_max", { min, max }));
      input.reportValidity();
      return;
    }
    input.setCustomValidity("");
    b.send({ kind: amountKind, amount: v }, me);
  };
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      submit();
    }
  });
  return el("div", { class: "sb-control sb-amount" },
    el("label", { for: id, text: tr(amountKind === "bid" ? "amount" : "raise") }),
    el("div", { class: "sb-amount-row" },
      el("button", { type: "button", class: "button small", "aria-label": "−5", text: "−5", onclick: () => { input.value = Math.max(min, Number(input.value) - 5); updateCost(); } }),
      input,
      el("button", { type: "button", class: "button small", "aria-label": "+5", text: "+5", onclick: () => { input.value = Math.min(max, Number(input.value) + 5); updateCost(); } }),
      el("button", { type: "button", class: "button primary", "data-testid": `${amountKind}-button`, "data-focus-key": "bid-submit", text: amountKind === "bid" ? tr("bid") : tr("raise_button"), onclick: submit }),
    ),
    el("small", { id: `${id}-range`, class: "muted", text: tr("min_max", { min, max }) }),
    cost);
}
