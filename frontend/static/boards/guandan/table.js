// The Guandan table: both teams' levels (a bar above the table, always shown) and the four seats'
// places round the felt on the shared compass table (kit/table.js): the viewer at the bottom, the
// partner across, the opponents left and right, play going counter-clockwise (a spectator sees
// seat 0 at the bottom).  Each place holds the page's player card (name, turn, clock), the seat's
// cards left (backs for the others), its badges (partner, out with its place, passed, on the
// table), its part of the current trick and its team's colour; the centre holds the play to beat.
import { el, fill } from "../../kit/dom.js";
import { placeName } from "../../kit/table.js";
import { cardRow, cardBacks } from "../../kit/cards.js";
import { rankLabel, readingWithWilds } from "./cards.js";

/** The heart of the level rank as the kit writes it ("5H", "QH"): the wildcard's code. */
export const wildCode = (level) => `${rankLabel(level, () => "")}H`;

/** "Alice & Carol", with "(your team)" for the viewer's team. */
export function teamLabel(b, team, mySeat) {
  const text = b.tr("team", { a: b.name(team), b: b.name(team + 2) });
  return mySeat !== null && mySeat !== undefined && mySeat % 2 === team ? `${text} (${b.tr("your_team")})` : text;
}

/** A seat's place ("1st") in the current deal, or null while it plays. */
export const placeText = (b, place) => b.tr(`place_${place}`);

/** The levels bar: both teams' levels, the deal's level and the wildcards. */
export function renderLevels(b, f, view) {
  const { tr } = b;
  const level = view.level;
  const playingTeam = view.phase === "deal_over" || view.phase === "over" ? null : view.level_team;
  const teams = [0, 1].map((t) => el("div", { class: `gd-team${playingTeam === t ? " is-playing" : ""}${f.seat !== null && f.seat !== undefined && f.seat % 2 === t ? " is-mine" : ""}`, "data-testid": `level-team-${t}` },
    el("span", { class: "gd-team-name", text: teamLabel(b, t, f.seat) }),
    el("span", { class: "gd-level-value", "aria-label": tr("level_of", { level: rankLabel(view.levels[t], tr) }), text: rankLabel(view.levels[t], tr) })));
  // Once a deal is over the engine already names the next deal's team: say what was played.
  let playing;
  if (view.phase === "deal_over" || view.phase === "over") playing = tr("played_at", { level: rankLabel(level, tr) });
  else if (view.level_team === null || view.level_team === undefined) playing = tr("plays_at_first");
  else playing = tr("plays_at", { level: rankLabel(level, tr), team: teamLabel(b, view.level_team, f.seat) });
  const wildNote = tr("wildcards", { card: `${rankLabel(level, tr)}♥`, level: rankLabel(level, tr) });
  return el("div", { class: "gd-levels", "data-testid": "levels", role: "group", "aria-label": tr("levels") },
    el("span", { class: "gd-levels-title", text: tr("levels") }),
    ...teams,
    el("p", { class: "gd-deal-info", "data-testid": "deal-level" },
      el("strong", { text: `${tr("deal_no", { n: (view.deal_no ?? 0) + 1 })} · ` }),
      // The screen shows the short line (the level and the wildcards; the hand marks them too),
      // with the whole sentences as its tooltip; a screen reader reads the whole sentences.
      el("span", { class: "gd-deal-long" }, playing, " ", wildNote),
      el("span", { class: "gd-deal-short", "aria-hidden": "true", title: `${playing} ${wildNote}`, text: tr("deal_short", { level: rankLabel(level, tr), card: `${rankLabel(level, tr)}♥` }) })));
}

const cardsLeft = (tr, n) => (n === 1 ? tr("card_left") : tr("cards_left", { n }));

/** Each seat's latest entry in the current trick (a play or a pass). */
function trickBySeat(view) {
  const out = new Map();
  for (const entry of view.trick || []) out.set(entry.seat, entry);
  return out;
}

/** Seats that passed since the play on the table. */
function passedSince(view) {
  const passed = new Set();
  const trick = view.trick || [];
  for (let i = trick.length - 1; i >= 0 && trick[i].pass; i--) passed.add(trick[i].seat);
  return passed;
}

// Between deals everybody may press Continue: nobody is marked as being waited for there.
const acting = (view, s) => (view.phase === "play" || view.phase === "return") && (view.to_act || []).includes(s);

/** One seat's place at the table, all in its head (the body stays empty): the card count, the
 *  backs of its cards (not the viewer's own), its part of the current trick and its badges, in
 *  that order, so that the trick's cards sit in the count's line and a badge that does not fit
 *  goes to a short line of its own; team colour and "out". */
function fillPlace(b, f, s, view, place, trick, passed) {
  const { tr } = b;
  const level = view.level;
  const out = (view.places || []).indexOf(s);
  const entry = trick.get(s);
  const partnerOfViewer = f.seat !== null && f.seat !== undefined && s === (f.seat + 2) % 4;
  const highlight = new Set([wildCode(level)]);
  let trickNode = null;
  if (entry?.pass) trickNode = el("span", { class: "gd-trick-pass", "data-testid": `trick-${s}`, text: tr("trick_pass") });
  else if (entry) {
    const label = readingWithWilds(tr, entry.combo, entry.rank, entry.cards, level, entry.wild_as);
    trickNode = el("div", { class: "gd-trick-play", "data-testid": `trick-${s}` }, cardRow(entry.cards, tr, { cls: "is-small", label, highlight }));
  }
  const n = view.hand_counts?.[s] ?? 0;
  // (the name and the turn marker give way to the page's player card once it sits in the place)
  fill(place.head,
    ...placeName(b, s, acting(view, s), { testid: false }),
    partnerOfViewer ? el("span", { class: "cg-badge gd-partner", text: tr("partner") }) : null,
    el("span", { class: "cg-count", "data-testid": `count-${s}`, text: cardsLeft(tr, n) }),
    s === f.seat || !n ? null : cardBacks(n, tr, { max: 10 }),
    trickNode,
    out >= 0 ? el("span", { class: "cg-badge is-strong gd-place", "data-testid": `out-place-${s}`, text: tr("went_out", { place: placeText(b, out + 1) }) }) : null,
    passed.has(s) ? el("span", { class: "cg-badge gd-passed", text: tr("passed_badge") }) : null,
    view.table?.seat === s ? el("span", { class: "cg-badge is-landlord gd-on-table", text: tr("on_table") }) : null);
  place.element.classList.toggle("is-out", out >= 0);
  place.element.classList.add(`gd-team-${s % 2}`);
  place.head.dataset.testid = `seat-${s}`;
}

/** The play to beat, or who leads; in the felt. */
function centreNodes(b, view) {
  const { tr, name } = b;
  const highlight = new Set([wildCode(view.level)]);
  const t = view.table;
  if (t) {
    const reading = readingWithWilds(tr, t.combo, t.rank, t.cards, view.level, t.wild_as);
    const label = tr("table_by", { name: name(t.seat), reading });
    return [el("p", { class: "cg-play-label", "data-testid": "table-label", text: label }),
      cardRow(t.cards, tr, { label, highlight, testid: "table-cards" })];
  }
  if (view.phase === "play" && view.turn !== null && view.turn !== undefined) return [el("p", { class: "cg-play-label", text: tr("table_empty", { name: name(view.turn) }) })];
  return [el("p", { class: "cg-play-label", text: tr("table_none") })];
}

/** The seats' places at the table (kit/table.js: the viewer at the bottom, the partner across, play
 *  going round counter-clockwise) and the felt's centre: the play to beat.  The levels bar stands
 *  above the table (see guandan.js). */
export function renderTable(b, f, view, table) {
  const trick = trickBySeat(view);
  const passed = passedSince(view);
  table.setMe(f.seat ?? null);
  table.setActing([0, 1, 2, 3].filter((s) => acting(view, s)));
  for (let s = 0; s < 4; s++) fillPlace(b, f, s, view, table.place(s), trick, passed);
  table.centre.replaceChildren(el("div", { class: "cg-play", "data-testid": "table-play" }, ...centreNodes(b, view)));
}
