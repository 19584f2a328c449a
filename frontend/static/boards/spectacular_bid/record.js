// A Spectacular Bid move in words for the replay's move list (kit/record.js): "Ada places [6|3] at
// the west end; count 15 scores 15", "Bo draws a tile (12 left)", "Ada raises to 40". The action
// says what was done; the event it caused adds what the engine worked out (the count, the score,
// the tiles left, what an accepted bid cost).
import { mergeWords } from "../../kit/i18n.js";
import { describer } from "../../kit/record.js";
import { endName } from "./events.js";
import { tileText } from "./tiles.js";
import { WORDS } from "./words.js";

const RECORD_WORDS = {
  en: {
    rec_ready: "{name} is ready", rec_reveal: "{name} shows their tiles",
    rec_waive: "{name} waives: the jockey opens for free",
    rec_bid: "{name} bids {amount}", rec_raise: "{name} raises to {amount}",
    rec_accept: "{name} accepts the bid", rec_accepted: "{name} accepts {bidder}'s bid of {amount}; {bidder} pays {paid} and opens",
    rec_place: "{name} places {tile} {where}", rec_count: "{text}; count {count}", rec_count_score: "{text}; count {count} scores {score}",
    rec_draw: "{name} draws a tile", rec_draw_left: "{name} draws a tile ({n} left)",
    rec_then_pass: "{text}; cannot play and passes",
  },
  de: {
    rec_ready: "{name} ist bereit", rec_reveal: "{name} zeigt die eigenen Steine",
    rec_waive: "{name} verzichtet: der Jockey eröffnet kostenlos",
    rec_bid: "{name} bietet {amount}", rec_raise: "{name} erhöht auf {amount}",
    rec_accept: "{name} nimmt das Gebot an", rec_accepted: "{name} nimmt das Gebot von {bidder} über {amount} an; {bidder} zahlt {paid} und eröffnet",
    rec_place: "{name} legt {tile} {where}", rec_count: "{text}; Summe {count}", rec_count_score: "{text}; Summe {count} wertet {score}",
    rec_draw: "{name} zieht einen Stein", rec_draw_left: "{name} zieht einen Stein ({n} übrig)",
    rec_then_pass: "{text}; kann nicht legen und passt",
  },
  zh: {
    rec_ready: "{name} 已准备", rec_reveal: "{name} 亮出骨牌",
    rec_waive: "{name} 放弃竞拍：骑师免费开局",
    rec_bid: "{name} 出价 {amount}", rec_raise: "{name} 加价到 {amount}",
    rec_accept: "{name} 接受出价", rec_accepted: "{name} 接受 {bidder} 的出价 {amount}；{bidder} 支付 {paid} 并开局",
    rec_place: "{name} {where}放 {tile}", rec_count: "{text}；端点和 {count}", rec_count_score: "{text}；端点和 {count}，得 {score} 分",
    rec_draw: "{name} 摸一张骨牌", rec_draw_left: "{name} 摸一张骨牌（剩 {n} 张）",
    rec_then_pass: "{text}；无牌可出，过",
  },
};

export const describeAction = describer(
  mergeWords(WORDS, RECORD_WORDS),
  (a, c) => {
    const { tr, who: name } = c;
    const mine = (kind) => c.events.find((e) => e.kind === kind && e.seat === c.seat);
    switch (a.kind) {
      case "ready": case "reveal": case "waive": return tr(`rec_${a.kind}`, { name });
      case "bid": case "raise": return tr(`rec_${a.kind}`, { name, amount: a.amount });
      case "accept": {
        const ev = mine("accepted");
        return ev ? tr("rec_accepted", { name, bidder: c.name(ev.bidder), amount: ev.amount, paid: ev.paid }) : tr("rec_accept", { name });
      }
      case "place": {
        const where = a.end === "origin" ? tr("ev_where_origin") : tr("ev_where", { end: endName(tr, a.end) });
        const text = tr("rec_place", { name, tile: tileText(a.tile), where });
        const ev = mine("placed");
        if (!ev) return text;
        return ev.score ? tr("rec_count_score", { text, count: ev.count, score: ev.score }) : tr("rec_count", { text, count: ev.count });
      }
      case "draw": {
        const ev = mine("drew");
        const text = ev?.boneyard !== undefined ? tr("rec_draw_left", { name, n: ev.boneyard }) : tr("rec_draw", { name });
        return mine("passed") ? tr("rec_then_pass", { text }) : text;
      }
      default: return null;
    }
  },
);
