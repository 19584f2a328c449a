// A Spectacular Bid move in words for the replay's move list (kit/record.js): the board's own
// sentence for the event the move caused ("Ada placed [6|3] at the west end; count 15."), else a
// sentence from the action alone.
import { describer } from "../../kit/record.js";
import { eventText } from "./events.js";
import { tileText } from "./tiles.js";
import { WORDS } from "./words.js";

// The event each action causes (the same seat's).
const EVENT_OF = { ready: "ready", reveal: "revealed", waive: "waived", bid: "bid", raise: "raise", accept: "accepted", place: "placed", draw: "drew" };

const RECORD_WORDS = {
  en: { rec_place: "{name} places {tile}", rec_draw: "{name} draws a tile", rec_accept: "{name} accepts the bid", rec_reveal: "{name} shows their tiles" },
  de: { rec_place: "{name} legt {tile}", rec_draw: "{name} zieht einen Stein", rec_accept: "{name} nimmt das Gebot an", rec_reveal: "{name} zeigt die eigenen Steine" },
};

export const describeAction = describer(
  { en: { ...WORDS.en, ...RECORD_WORDS.en }, de: { ...WORDS.de, ...RECORD_WORDS.de } },
  (a, c) => {
    const ev = c.events.find((e) => e.kind === EVENT_OF[a.kind] && (e.seat === undefined || e.seat === c.seat));
    if (ev) return eventText({ tr: c.tr, nameOf: c.name }, ev).replace(/\.$/, "");
    if (a.kind === "place") return c.tr("rec_place", { name: c.who, tile: tileText(a.tile) });
    if (["draw", "accept", "reveal"].includes(a.kind)) return c.tr(`rec_${a.kind}`, { name: c.who });
    if (["ready", "waive", "bid", "raise"].includes(a.kind)) return eventText({ tr: c.tr, nameOf: c.name }, { ...a, kind: EVENT_OF[a.kind], seat: c.seat }).replace(/\.$/, "");
    return null;
  },
);
