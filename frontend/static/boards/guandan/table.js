// The Guandan table: both teams' levels (always shown), the four seats round the felt with the
// partner opposite — each with its cards left, its place once out and its part of the current
// trick — and in the middle the play to beat.
import { el } from "../../kit/dom.js";
import { cardRow, cardBacks } from "../../kit/cards.js";
import { seatLayout } from "../../kit/seats.js";
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
  return el("div", { class: "gd-levels", "data-testid": "levels", role: "group", "aria-label": tr("levels") },
    el("span", { class: "gd-levels-title", text: tr("levels") }),
    ...teams,
    el("p", { class: "gd-deal-info", "data-testid": "deal-level" },
      el("strong", { text: `${tr("deal_no", { n: (view.deal_no ?? 0) + 1 })} · ` }), playing, " ",
      el("span", { class: "gd-wild-note", text: tr("wildcards", { card: `${rankLabel(level, tr)}♥`, level: rankLabel(level, tr) }) })));
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

function seatNode(b, f, s, view, side, trick, passed) {
  const { tr } = b;
  const level = view.level;
  // Between deals everybody may press Continue: nobody is marked as being waited for there.
  const acting = (view.phase === "play" || view.phase === "return") && (view.to_act || []).includes(s);
  const place = (view.places || []).indexOf(s);
  const entry = trick.get(s);
  const partnerOfViewer = f.seat !== null && f.seat !== undefined && s === (f.seat + 2) % 4;
  const highlight = new Set([wildCode(level)]);
  let trickNode = null;
  if (entry?.pass) trickNode = el("span", { class: "gd-trick-pass", "data-testid": `trick-${s}`, text: tr("trick_pass") });
  else if (entry) {
    const label = readingWithWilds(tr, entry.combo, entry.rank, entry.cards, level, entry.wild_as);
    trickNode = el("div", { class: "gd-trick-play", "data-testid": `trick-${s}` }, cardRow(entry.cards, tr, { cls: "is-small", label, highlight }));
  }
  const box = b.seatBox(s, acting, place >= 0 ? " is-out" : "",
    partnerOfViewer ? el("span", { class: "cg-badge", text: tr("partner") }) : null,
    el("span", { class: "cg-count", "data-testid": `count-${s}`, text: cardsLeft(tr, view.hand_counts?.[s] ?? 0) }),
    place >= 0 ? el("span", { class: "cg-badge is-strong gd-place", "data-testid": `place-${s}`, text: tr("went_out", { place: placeText(b, place + 1) }) }) : null,
    passed.has(s) ? el("span", { class: "cg-badge", text: tr("passed_badge") }) : null,
    view.table?.seat === s ? el("span", { class: "cg-badge is-landlord", text: tr("on_table") }) : null,
    s === f.seat ? null : cardBacks(view.hand_counts?.[s] ?? 0, tr, { max: 14 }),
    trickNode);
  box.classList.add(`gd-pos-${side}`, `gd-team-${s % 2}`);
  return box;
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

/** The levels, the four seats (the viewer at the bottom, the partner opposite) and the felt. */
export function renderTable(b, f, view) {
  const trick = trickBySeat(view);
  const passed = passedSince(view);
  b.table.classList.add("gd-felt");
  b.table.replaceChildren(el("div", { class: "cg-play", "data-testid": "table-play" }, ...centreNodes(b, view)));
  const seats = seatLayout(4, f.seat ?? 0).map(({ seat, side }) => seatNode(b, f, seat, view, side, trick, passed));
  b.seatsRow.classList.add("gd-around");
  b.seatsRow.replaceChildren(renderLevels(b, f, view), ...seats, b.table);
}
