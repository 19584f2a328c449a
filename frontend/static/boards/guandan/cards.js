// Guandan's cards on the board: ranks as numbers, the deal's order (level rank above the Ace),
// the heart level cards as wildcards, and the readings of a selection — which of the legal plays'
// readings the selected cards can stand for. No DOM here.
import { parseCard } from "../../kit/cards.js";

const RANK_NUMBER = { J: 11, Q: 12, K: 13, A: 14, BJ: 15, RJ: 16 };
const RANK_LETTER = { 11: "J", 12: "Q", 13: "K", 14: "A" };
const SUITS = "CDHS";
/** Cards per rank and number of ranks of each sequence (exactly these). */
const SEQUENCE = { straight: [1, 5], pair_run: [2, 3], triple_run: [3, 2], straight_flush: [1, 5] };
export const BOMBS = new Set(["bomb", "straight_flush", "joker_bomb"]);

/** "10H" → 10, "QS'" → 12, "BJ" → 15, "RJ" → 16. */
export const rankNumber = (code) => {
  const r = parseCard(code).rank;
  return RANK_NUMBER[r] ?? Number(r);
};

/** The name of a rank number: "7", "J", …, "A", or the joker's name. */
export const rankLabel = (n, tr) => (n === 15 ? tr("rank_BJ") : n === 16 ? tr("rank_RJ") : RANK_LETTER[n] ?? String(n));

/** A heart of the level rank: a wildcard. */
export const isWild = (code, level) => parseCard(code).suit === "H" && rankNumber(code) === level;

/** A natural card of the level rank (not a wildcard). */
export const isLevelCard = (code, level) => rankNumber(code) === level && !isWild(code, level);

/** The place of a rank in the order of singles and groups: 2 … A without the level rank, then the
 *  level rank, Black Joker, Red Joker (0..14, as the engine counts). */
export function strength(n, level) {
  if (n >= 15) return n - 2;
  if (n === level) return 12;
  return n < level ? n - 2 : n - 3;
}

/** The hand in the deal's order, weakest first: the level cards after the Aces with the two
 *  wildcards last among them, then the jokers; suits C D H S, the first pack's copy first. */
export function sortHand(cards, level) {
  const key = (c) => {
    const p = parseCard(c);
    return [strength(rankNumber(c), level), isWild(c, level) ? 1 : 0, SUITS.indexOf(p.suit), String(c).endsWith("'") ? 1 : 0];
  };
  return [...cards].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
    return 0;
  });
}

/** What a play is made of, suits aside: its natural ranks and its number of wildcards. */
export function signature(cards, level) {
  const ranks = [];
  let wilds = 0;
  for (const c of cards) {
    if (isWild(c, level)) wilds += 1;
    else ranks.push(rankNumber(c));
  }
  ranks.sort((a, b) => a - b);
  return `${ranks.join(",")}|${wilds}`;
}

const oneSuit = (cards, level) => new Set(cards.filter((c) => !isWild(c, level)).map((c) => parseCard(c).suit)).size <= 1;

/**
 * The legal plays prepared for the board: each with its signature, and the hand's hint list (one
 * card list per signature, ordinary plays before bombs, fewer wildcards first, otherwise in the
 * engine's order: weakest first).
 */
export function preparePlays(legal, level) {
  const plays = legal.filter((a) => a.kind === "play").map((a) => ({ ...a, sig: signature(a.cards, level) }));
  const wilds = (p) => p.cards.filter((c) => isWild(c, level)).length;
  const seen = new Set();
  const hints = [];
  const order = plays.map((p, i) => [p, i]).sort(([a, i], [b, j]) => (BOMBS.has(a.combo) - BOMBS.has(b.combo)) || (wilds(a) - wilds(b)) || i - j);
  for (const [p] of order) {
    if (seen.has(p.sig)) continue;
    seen.add(p.sig);
    hints.push(p.cards);
  }
  return { plays, hints };
}

/** The distinct readings ({combo, rank}) that the selected cards may be played as, in the
 *  engine's order. A straight flush needs its natural cards in one suit. */
export function readingsOf(selection, plays, level) {
  if (!selection.length) return [];
  const sig = signature(selection, level);
  const out = [];
  const seen = new Set();
  for (const p of plays) {
    if (p.sig !== sig) continue;
    if (p.combo === "straight_flush" && !oneSuit(selection, level)) continue;
    const key = `${p.combo}:${p.rank}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ combo: p.combo, rank: p.rank });
  }
  return out;
}

/** The ranks the wildcards of `cards` stand for when read as `combo` named `rank` (null: the pair
 *  of a full house made of two wildcards, whose rank does not matter). */
export function wildAs(cards, combo, rank, level) {
  const naturals = cards.filter((c) => !isWild(c, level)).map(rankNumber);
  const wilds = cards.length - naturals.length;
  if (!wilds) return [];
  if (SEQUENCE[combo]) {
    const [width, length] = SEQUENCE[combo];
    const out = [];
    for (let r = rank - length + 1; r <= rank; r++) {
      const real = r === 1 ? 14 : r;
      const have = naturals.filter((n) => n === real).length;
      for (let k = have; k < width; k++) out.push(real);
    }
    return out;
  }
  if (combo === "full_house") {
    const inTriple = naturals.filter((n) => n === rank).length;
    const rest = naturals.filter((n) => n !== rank);
    const out = Array(Math.max(0, 3 - inTriple)).fill(rank);
    for (let k = rest.length; k < 2; k++) out.push(rest.length ? rest[0] : null);
    return out;
  }
  return Array(wilds).fill(rank);
}

/** A reading in words: "a straight 3–7", "a pair of J", "a bomb of 5 × 9". */
export function readingText(tr, combo, rank, size) {
  const r = rankLabel(rank, tr);
  if (SEQUENCE[combo]) {
    const lo = rank - SEQUENCE[combo][1] + 1;
    return tr(`kind_${combo}`, { lo: rankLabel(lo === 1 ? 14 : lo, tr), hi: r });
  }
  return tr(`kind_${combo}`, { r, n: size });
}

/** The reading with what the wildcards stand for: "a straight 3–7 (wildcard as 6)". */
export function readingWithWilds(tr, combo, rank, cards, level, wilds = null) {
  const text = readingText(tr, combo, rank, cards.length);
  const as = wilds ?? wildAs(cards, combo, rank, level);
  if (!as.length) return text;
  const ranks = as.map((n) => (n === null ? tr("any_rank") : rankLabel(n, tr))).join(", ");
  return `${text} (${tr(as.length > 1 ? "wilds_as" : "wild_as", { ranks })})`;
}
