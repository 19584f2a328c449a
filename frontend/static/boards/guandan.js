// Guandan board: both teams' levels, the deal's level rank and its wildcards in a bar above the
// table; the four seats on the shared compass table (kit/table.js) — the viewer at the bottom, the
// partner across, the opponents left and right, each place with the page's player card (name and
// clock), the cards left, the badges, the seat's part of the current trick — and the play to beat
// in the centre; below the table the hand sorted in the deal's order (level cards and wildcards
// together above the Aces, wildcards marked), multi-select with Play / Pass / Hint, a reading
// picker when the selected cards read more than one way, the tribute and its return (select,
// confirm), the deal's result with Continue, and the match's result.
// Interface: see the comment block at the top of ../js/live-client.js.
// View and actions: docs/games/guandan.md.
//
// Parts in guandan/:
//   words.js     the words in English and German
//   cards.js     ranks, the deal's order, wildcards, the readings of a selection (no DOM)
//   table.js     levels, the seats' places at the table, the play to beat
//   controls.js  the hand, Play / Pass / Hint, the reading picker, the return dialog, Continue
//   panels.js    tribute line, deal and match result, status and event texts
import { el } from "../kit/dom.js";
import { cardBoard, fillLog } from "../kit/card-board.js";
import { WORDS } from "./guandan/words.js";
import { compassTable } from "../kit/table.js";
import { renderTable, renderLevels } from "./guandan/table.js";
import { createControls } from "./guandan/controls.js";
import { renderTribute, renderResult, statusText, eventText } from "./guandan/panels.js";

function loadCss() {
  if (document.querySelector("link[data-board-css=guandan]")) return;
  document.head.append(el("link", { rel: "stylesheet", href: new URL("./guandan.css", import.meta.url).href, "data-board-css": "guandan" }));
}

export function mount(root, options) {
  loadCss();
  const b = cardBoard(root, options, { dict: WORDS, cls: "gd" });
  const { tr, name } = b;
  // The levels bar over the compass table (play goes counter-clockwise: the next seat sits at the
  // right); the seats row of the kit stays empty and hidden: the seats sit at the table.
  const table = compassTable({ seats: 4, label: tr("table_label"), placeLabel: (s) => tr("seat_place", { name: name(s) }) });
  const levels = el("div", { class: "gd-levels-box" });
  b.table.classList.add("gd-felt");
  b.table.replaceChildren(levels, table.element);
  b.seatsRow.hidden = true;
  const play = createControls(b);
  const tribute = el("div", { class: "gd-tribute-box" });
  // The deal's result sits just above Continue (the kit's own result box stays unused).
  const result = el("div", { class: "cg-result gd-result", "data-testid": "deal-result", hidden: true });

  function draw(f, view, legal) {
    const [text, mine] = statusText(b, f, view, legal);
    b.setStatus(text, mine);
    levels.replaceChildren(renderLevels(b, f, view));
    renderTable(b, f, view, table);
    tribute.replaceChildren(...[renderTribute(b, f, view)].filter(Boolean));
    play.draw(f, view, legal);
    renderResult(b, result, f, view);
    const events = view.last_events || [];
    const say = (e) => eventText(b, e, view.level);
    b.setLast(events.length ? say(events[events.length - 1]) : null);
    fillLog(b.log, b.tr("history"), events.map(say).reverse());
  }

  const board = b.start({
    middle: [tribute, result, play.dialog, play.controls, play.handWrap],
    draw,
    key: (k) => play.keys(k),
  });
  // The match page's player cards (name, turn, clock) go to the seats' places (live-client.js).
  board.seatPlace = (seat) => table.place(seat)?.holder || null;
  return board;
}

// The record: a move in words for the replay's move list.
export { describeAction } from "./guandan/record.js";
