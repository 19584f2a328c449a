// The Guandan board's panels: this deal's tribute, the result of the deal just played (places,
// promotion, the levels after it, who still has to press Continue) and the match's result; and
// the text of the status line and of every event.
import { el } from "../../kit/dom.js";
import { cardText, cardsText } from "../../kit/cards.js";
import { rankLabel, readingWithWilds } from "./cards.js";
import { teamLabel, placeText } from "./table.js";

const PARTNER_PLACE = { 3: 2, 2: 3, 1: 4 };

/** This deal's tribute (who paid what, what came back, or why there was none); null if none. */
export function renderTribute(b, f, view) {
  const { tr, name } = b;
  const t = view.tribute;
  if (!t || view.phase === "deal_over" || view.phase === "over") return null;
  const lines = [];
  if (t.cancelled) {
    // Without a tribute the first-placed player of the last deal leads.
    const leader = view.previous?.places?.[0];
    lines.push(tr("tribute_cancelled", { name: leader === undefined ? "?" : name(leader) }));
  }
  for (const p of t.payments || []) {
    lines.push(tr("tribute_paid", { payer: name(p.payer), receiver: name(p.receiver), card: cardText(p.card) }));
    if (p.returned) lines.push(tr("tribute_returned", { payer: name(p.payer), receiver: name(p.receiver), card: cardText(p.returned) }));
  }
  if (!lines.length) return null;
  return el("div", { class: "gd-tribute", "data-testid": "tribute" },
    el("strong", { text: `${tr("tribute_title")}: ` }), lines.join(" "));
}

/** The result of the last deal (between deals and at the end of the match) in `box`. */
export function renderResult(b, box, f, view) {
  const { tr, name } = b;
  const r = view.previous;
  const show = !!r && (view.phase === "deal_over" || view.phase === "over");
  box.hidden = !show;
  if (!show) return;
  const winners = teamLabel(b, r.winners, f.seat);
  const places = el("ol", { class: "gd-places", "data-testid": "deal-places" },
    ...r.places.map((s, i) => el("li", { class: s % 2 === r.winners ? "is-winner" : "" }, el("strong", { text: `${placeText(b, i + 1)} ` }), name(s))));
  const rest = [0, 1, 2, 3].filter((s) => !r.places.includes(s));
  const parts = [
    el("h3", { text: tr("deal_result", { n: r.deal_no + 1 }) }),
    el("p", { class: "gd-result-label", text: tr("result_places") }),
    places,
    rest.length ? el("p", { text: tr("result_rest", { names: rest.map(name).join(", ") }) }) : null,
    el("p", { class: "cg-result-main", "data-testid": "deal-winner", text: tr("result_win", { team: winners, n: r.promotion, place: placeText(b, PARTNER_PLACE[r.promotion]) }) }),
    el("p", { "data-testid": "deal-levels", text: tr("result_levels", { t0: teamLabel(b, 0, f.seat), a: rankLabel(r.levels[0], tr), t1: teamLabel(b, 1, f.seat), b: rankLabel(r.levels[1], tr) }) }),
  ];
  if (view.phase === "over" && view.result) {
    const mine = f.seat !== null && f.seat !== undefined ? f.seat % 2 === view.result.winners : null;
    parts.unshift(el("h3", { class: "gd-match-title", text: tr("match_title") }));
    parts.push(el("p", { class: "cg-result-main", "data-testid": "match-winner", text: tr("result_match", { team: teamLabel(b, view.result.winners, f.seat) }) }));
    if (mine !== null) parts.push(el("p", { class: "cg-result-you", text: mine ? `✓ ${tr("you_win")}` : `✗ ${tr("you_lose")}` }));
  } else {
    parts.push(el("p", { text: tr("result_next", { level: rankLabel(r.levels[r.winners], tr) }) }));
    const waiting = view.to_act || [];
    parts.push(el("ul", { class: "gd-ready", "data-testid": "ready-list" },
      ...[0, 1, 2, 3].map((s) => el("li", { class: waiting.includes(s) ? "" : "is-ready", text: `${name(s)}: ${waiting.includes(s) ? tr("not_ready") : `✓ ${tr("ready")}`}` }))));
  }
  box.replaceChildren(...parts.filter(Boolean));
}

/** The status line's text and whether the viewer is to act. */
export function statusText(b, f, view, legal) {
  const { tr, name } = b;
  const names = (seats) => seats.map(name).join(", ");
  const mine = legal.length > 0;
  if (view.phase === "over") return [tr("match_over"), false];
  if (view.phase === "deal_over") {
    if (mine) return [tr("deal_over_status", { n: (view.deal_no ?? 0) + 1 }), true];
    return [tr("waiting_continue", { names: names(view.to_act || []) }), false];
  }
  if (view.phase === "return") {
    if (mine) {
      const p = (view.tribute?.payments || []).find((x) => x.receiver === f.seat && x.returned === null);
      return [tr("your_turn_return", { name: p ? name(p.payer) : "?" }), true];
    }
    return [tr("other_return", { names: names(view.to_act || []) }), false];
  }
  if (!mine) return [tr("other_turn", { name: name(view.turn) }), false];
  const t = view.table;
  if (!t) return [tr("your_turn_lead"), true];
  const reading = readingWithWilds(tr, t.combo, t.rank, t.cards, view.level, t.wild_as);
  return [tr(legal.some((a) => a.kind === "play") ? "your_turn_follow" : "your_turn_nothing", { reading }), true];
}

/** The text of one event of the view's log. */
export function eventText(b, e, level) {
  const { tr, name } = b;
  switch (e.kind) {
    case "deal": return tr("ev_deal", { n: (e.deal_no ?? 0) + 1, level: rankLabel(e.level, tr) });
    case "lead": return tr("ev_lead", { name: name(e.seat) });
    case "tribute": return tr("ev_tribute", { payer: name(e.payer), receiver: name(e.receiver), card: cardText(e.card) });
    case "tribute_cancelled": return tr("ev_tribute_cancelled", { name: name(e.leader) });
    case "return": return tr("ev_return", { name: name(e.seat), to: name(e.to), card: cardText(e.card) });
    case "pass": return tr("ev_pass", { name: name(e.seat) });
    case "play": return tr("ev_play", { name: name(e.seat), reading: readingWithWilds(tr, e.combo, e.rank, e.cards, level, e.wild_as), cards: cardsText(e.cards), left: e.left });
    case "out": return tr("ev_out", { name: name(e.seat), place: placeText(b, e.place) });
    case "deal_over": return tr("ev_deal_over", { team: tr("team", { a: name(e.winners), b: name(e.winners + 2) }), n: e.promotion });
    case "match_over": return tr("ev_match_over", { team: tr("team", { a: name(e.winners), b: name(e.winners + 2) }) });
    case "ready": return tr("ev_ready", { name: name(e.seat) });
    default: return e.kind;
  }
}
