// The text of a Spectacular Bid event (last action, round log, auction history).
import { tileText } from "./tiles.js";

/** "west", "östliche", … (the word end_name_<end>). */
export const endName = (tr, end) => tr(`end_name_${end}`);

/** One event as a sentence; b gives tr and nameOf. */
export function eventText(b, e) {
  const { tr, nameOf } = b;
  const name = nameOf(e.seat);
  switch (e.kind) {
    case "ready":
    case "revealed":
    case "waived":
    case "passed":
      return tr(`ev_${e.kind}`, { name });
    case "bid":
    case "raise":
      return tr(`ev_${e.kind}`, { name, amount: e.amount });
    case "accepted":
      return tr("ev_accepted", { name, bidder: nameOf(e.bidder), amount: e.amount, paid: e.paid });
    case "placed": {
      const where = e.end === "origin" ? tr("ev_where_origin") : tr("ev_where", { end: endName(tr, e.end) });
      return tr(e.score ? "ev_placed_score" : "ev_placed", { name, tile: tileText(e.tile), where, count: e.count, score: e.score });
    }
    case "drew":
      if (e.boneyard === undefined) return tr("ev_drew_plain", { name });
      return e.tile ? tr("ev_drew_tile", { name, tile: tileText(e.tile), n: e.boneyard }) : tr("ev_drew", { name, n: e.boneyard });
    case "round_over":
      return e.reason === "domino" ? tr("ev_round_over_domino", { name: nameOf(e.winner) }) : tr("ev_round_over_blocked");
    case "match_over":
      return tr("ev_match_over", { name: nameOf(e.winner) });
    case "paid":
      return tr("ev_paid", { from: nameOf(e.from), to: nameOf(e.to), amount: e.amount });
    case "dealt":
      return tr("ev_dealt", { round: e.round });
    default:
      return tr("ev_other", { kind: e.kind });
  }
}
