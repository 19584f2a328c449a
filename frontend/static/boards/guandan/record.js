// A Guandan move in words for the replay's move list (kit/record.js): "Ada plays a straight 3–7:
// ♠3 ♠4 ♠5 ♠6 ♥2", "Bo gives ♠7 back to Cy", "Di passes".
import { mergeWords } from "../../kit/i18n.js";
import { describer } from "../../kit/record.js";
import { readingText } from "./cards.js";
import { WORDS } from "./words.js";

const RECORD_WORDS = {
  en: { rec_play_as: "{name} plays {reading}: {cards}", rec_return: "{name} gives {card} back to {to}", rec_return_plain: "{name} gives {card} back" },
  de: { rec_play_as: "{name} spielt {reading}: {cards}", rec_return: "{name} gibt {card} an {to} zurück", rec_return_plain: "{name} gibt {card} zurück" },
  zh: { rec_play_as: "{name} 出{reading}：{cards}", rec_return: "{name} 还给 {to} {card}", rec_return_plain: "{name} 还牌 {card}" },
};

export const describeAction = describer(
  mergeWords(WORDS, RECORD_WORDS),
  (a, c) => {
    const { tr } = c;
    if (a.kind === "play") return tr("rec_play_as", { name: c.who, reading: readingText(tr, a.combo, a.rank, a.cards.length), cards: c.cards(a.cards) });
    if (a.kind === "return") {
      const ev = c.events.find((e) => e.kind === "return");
      return ev ? tr("rec_return", { name: c.who, card: c.card(a.card), to: c.name(ev.to) }) : tr("rec_return_plain", { name: c.who, card: c.card(a.card) });
    }
    return null;
  },
);
