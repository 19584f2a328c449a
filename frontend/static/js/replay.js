// The replay page (templates/live/replay.html): a finished match step by step, drawn by the game's
// own board module (read-only: nothing is legal), one seat's view at a time or the spectators'.
// Steps come from /match/<id>/replay/steps.json a page at a time; the move list and the deals from
// /match/<id>/replay/index.json. Keys: ← → step, Home End jump; the step slider too.
//
// The move list is in the page's language: the board module's describeAction(action, ctx) gives
// each move's words (kit/record.js says what ctx holds), and the page colours the suit symbols in
// them; a board without it, or a move it has no words for, falls back to the generic text. A board
// module's describeDeal(deal) draws a deal's record (Bridge: the auction table and the hand
// diagram) under the board, for the deal the replay is in.
import { formatMs, t as sharedT } from "./live-client.js";
import { dictLang, makeTranslator, pageLang } from "../kit/i18n.js";
import { suitParts } from "../kit/record.js";
import { startAnalysis } from "./replay-analysis.js";

const WORDS = {
  en: {
    position: "Step {n} of {total}",
    start: "Start",
    deal: "Deal {n}",
    spectator: "Spectators (public view)",
    seat_view: "{name}'s cards",
    delay: "delay",
    move: "{name}: {what}",
    server: "the server",
    kind_resign: "{name} resigned",
    kind_time_loss: "{name} lost on time",
    kind_stall: "{name} did not continue in time",
    kind_abort: "The match was aborted",
    stalled: "{what} (played for {name}: did not continue in time)",
    failed: "The replay could not be loaded.",
  },
  de: {
    position: "Schritt {n} von {total}",
    start: "Anfang",
    deal: "Geben {n}",
    spectator: "Zuschauer (öffentliche Sicht)",
    seat_view: "Karten von {name}",
    delay: "Verzögerung",
    move: "{name}: {what}",
    server: "der Server",
    kind_resign: "{name} hat aufgegeben",
    kind_time_loss: "{name} hat die Zeit überschritten",
    kind_stall: "{name} hat nicht rechtzeitig weitergemacht",
    kind_abort: "Die Partie wurde abgebrochen",
    stalled: "{what} (für {name} gespielt: nicht rechtzeitig weitergemacht)",
    failed: "Die Wiederholung konnte nicht geladen werden.",
  },
  zh: {
    position: "第 {n} 步，共 {total} 步",
    start: "开始",
    deal: "第 {n} 局",
    spectator: "观众视角（公开信息）",
    seat_view: "{name} 的手牌",
    delay: "延时",
    move: "{name}：{what}",
    server: "服务器",
    kind_resign: "{name} 认输",
    kind_time_loss: "{name} 超时判负",
    kind_stall: "{name} 未能及时继续",
    kind_abort: "比赛已中止",
    stalled: "{what}（代 {name} 走出：未能及时继续）",
    failed: "回放加载失败。",
  },
};

const root = document.getElementById("replay");
const lang = root.dataset.lang ? dictLang(root.dataset.lang) : pageLang();
const tr = makeTranslator(WORDS, lang);
const urls = JSON.parse(document.getElementById("replay-urls").textContent);
const boardEl = root.querySelector("#board");
const positionEl = root.querySelector("[data-testid=replay-position]");
const dealSelect = root.querySelector("[data-testid=replay-deal]");
const viewSelect = root.querySelector("[data-testid=replay-view]");
const movesEl = root.querySelector("[data-testid=replay-moves]");
const clocksEl = root.querySelector("[data-testid=replay-clocks]");
const sliderEl = root.querySelector("[data-testid=replay-slider]");
const recordEl = root.querySelector("[data-testid=replay-record]");

let index = null;
const pages = new Map(); // page number -> Promise of its steps
let step = 0;
let view = "spectator";
let board = null;
let boardModule = null;
let recordDeal = null; // the deal whose record is drawn under the board

function pageOf(n) {
  return Math.floor(n / index.page);
}

function loadPage(p) {
  if (!pages.has(p)) {
    const from = p * index.page;
    pages.set(
      p,
      fetch(`${urls.steps}?from=${from}&to=${from + index.page}`)
        .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
        .then((body) => body.steps),
    );
  }
  return pages.get(p);
}

async function frameAt(n) {
  const steps = await loadPage(pageOf(n));
  return steps[n - pageOf(n) * index.page];
}

function actionText(action) {
  if (!action) return "";
  const parts = [action.kind];
  for (const [key, value] of Object.entries(action)) {
    if (key !== "kind") parts.push(Array.isArray(value) ? value.join(" ") : typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  return parts.join(" ");
}

const seatName = (s) => index.seats.find((x) => x.seat === Number(s))?.name ?? tr("server");

/** The board's words for a move's action, else the generic text (a failing board is no reason to lose the list). */
function actionWords(m) {
  if (typeof boardModule?.describeAction === "function") {
    try {
      const text = boardModule.describeAction(m.action, { lang, seat: m.seat, name: seatName, events: m.events || [] });
      if (text) return { text: String(text), described: true };
    } catch (err) {
      console.error(err);
    }
  }
  return { text: actionText(m.action), described: false };
}

function moveText(m) {
  const name = m.name ?? tr("server");
  if (m.kind === "action" || (m.kind === "stall" && m.action)) {
    const { text, described } = actionWords(m);
    const what = described ? text : tr("move", { name, what: text });
    return m.kind === "stall" ? tr("stalled", { what, name }) : what;
  }
  return tr(`kind_${m.kind}`, { name });
}

/** A record text as nodes: each suit symbol with its rank in a span coloured by its suit. */
function recordNodes(text) {
  return suitParts(text).map((p) => {
    if (typeof p === "string") return document.createTextNode(p);
    const span = document.createElement("span");
    span.className = `rec-card ${p.red ? "is-red" : "is-black"}`;
    span.textContent = p.card;
    return span;
  });
}

function buildIndex() {
  movesEl.replaceChildren(
    ...index.moves.map((m) => {
      const li = document.createElement("li");
      li.value = m.step;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "link-button";
      b.dataset.step = m.step;
      b.dataset.testid = "replay-move";
      b.dataset.action = m.action?.kind ?? "";
      b.replaceChildren(...recordNodes(moveText(m)));
      b.addEventListener("click", () => go(m.step));
      li.append(b);
      return li;
    }),
  );
  sliderEl.max = String(index.steps - 1);
  dealSelect.replaceChildren(
    ...index.deals.map((d) => {
      const o = document.createElement("option");
      o.value = d.step;
      o.textContent = tr("deal", { n: d.deal });
      return o;
    }),
  );
  viewSelect.replaceChildren(
    ...[{ key: "spectator", text: tr("spectator") }, ...index.seats.map((s) => ({ key: String(s.seat), text: tr("seat_view", { name: s.name }) }))].map(
      ({ key, text }) => {
        const o = document.createElement("option");
        o.value = key;
        o.textContent = text;
        return o;
      },
    ),
  );
}

function mountBoard() {
  board?.destroy?.();
  boardEl.replaceChildren();
  const seats = view === "spectator" ? [] : [Number(view)];
  const client = { send: () => null, resign: () => false, resync: () => {}, serverNow: () => Date.now() };
  board = boardModule.mount(boardEl, { client, seats, lang, t: sharedT });
}

function renderClocks(frame) {
  const clock = frame.clock || {};
  clocksEl.replaceChildren(
    ...index.seats.map((s) => {
      const c = clock.seats?.[s.seat] || {};
      const div = document.createElement("div");
      div.className = "player";
      div.dataset.testid = `replay-clock-${s.seat}`;
      div.classList.toggle("is-active", Boolean(clock.running && (clock.active || []).includes(s.seat)));
      div.textContent = `${s.name}: ${formatMs(c.bank_ms ?? 0)}${c.delay_ms ? ` (+${formatMs(c.delay_ms)} ${tr("delay")})` : ""}`;
      return div;
    }),
  );
}

async function render() {
  const data = await frameAt(step);
  const frame = data.frames[view];
  const bySeat = view === "spectator" ? { spectator: frame } : { [view]: frame };
  board.update(bySeat, frame);
  renderClocks(frame);
  positionEl.textContent = step === 0 ? `${tr("position", { n: 0, total: index.steps - 1 })} · ${tr("start")}` : tr("position", { n: step, total: index.steps - 1 });
  positionEl.dataset.step = String(step);
  sliderEl.value = String(step);
  sliderEl.setAttribute("aria-valuetext", positionEl.textContent);
  dealSelect.value = String([...index.deals].reverse().find((d) => d.step <= step)?.step ?? 0);
  for (const b of movesEl.querySelectorAll("button")) {
    const on = Number(b.dataset.step) === step;
    b.toggleAttribute("aria-current", on);
    if (on) b.scrollIntoView({ block: "nearest" });
  }
  renderRecord().catch(fail);
  // Fetch the next page before it is needed.
  if (step + 1 < index.steps) loadPage(pageOf(Math.min(step + index.page / 2, index.steps - 1)));
}

/**
 * The record of the deal the replay is in (the board's describeDeal): its moves and every seat's
 * hand as dealt, from the seats' views right after the deal (all hands are revealed in a replay).
 */
async function renderRecord() {
  if (typeof boardModule?.describeDeal !== "function") return;
  const deal = [...index.deals].reverse().find((d) => d.step <= step) ?? index.deals[0];
  if (!deal || recordDeal === deal.deal) return;
  recordDeal = deal.deal;
  const start = Math.max(0, deal.step - 1);
  const frame = await frameAt(start);
  const hands = index.seats.map((s) => frame.frames[String(s.seat)]?.view?.hand ?? null);
  const node = boardModule.describeDeal({
    lang, name: seatName, hands, deal: deal.deal,
    moves: index.moves.filter((m) => m.deal === deal.deal && m.action && (m.kind === "action" || m.kind === "stall")),
  });
  if (recordDeal !== deal.deal) return; // stepped into another deal meanwhile
  recordEl.replaceChildren(...(node ? [node] : []));
  recordEl.hidden = !node;
}

function go(n) {
  step = Math.max(0, Math.min(index.steps - 1, n));
  render().catch(fail);
}

function fail(err) {
  console.error(err);
  const p = document.createElement("p");
  p.className = "board-error";
  p.textContent = tr("failed");
  boardEl.replaceChildren(p);
}

root.querySelector("[data-testid=replay-first]").addEventListener("click", () => go(0));
root.querySelector("[data-testid=replay-prev]").addEventListener("click", () => go(step - 1));
root.querySelector("[data-testid=replay-next]").addEventListener("click", () => go(step + 1));
root.querySelector("[data-testid=replay-last]").addEventListener("click", () => go(index.steps - 1));
dealSelect.addEventListener("change", () => go(Number(dealSelect.value)));
sliderEl.addEventListener("input", () => go(Number(sliderEl.value)));
viewSelect.addEventListener("change", () => {
  view = viewSelect.value;
  mountBoard();
  render().catch(fail);
});
document.addEventListener("keydown", (e) => {
  if (!index || e.target.closest?.("input, textarea, select, [contenteditable]") || e.ctrlKey || e.metaKey || e.altKey) return;
  const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: index.steps - 1 }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  go(to);
});

try {
  const [response, module] = await Promise.all([fetch(urls.index), import(root.dataset.boardModule)]);
  if (!response.ok) throw new Error(String(response.status));
  index = await response.json();
  boardModule = module;
  buildIndex();
  mountBoard();
  go(0);
  const analysisEl = root.querySelector("[data-testid=replay-analysis]");
  if (analysisEl) {
    const describe = (action, seat, events) => {
      const { text, described } = actionWords({ action, seat, events });
      return described ? text : tr("move", { name: seatName(seat), what: text });
    };
    startAnalysis(analysisEl, { lang, movesEl, replay: { moves: index.moves, describe, go } });
  }
} catch (err) {
  fail(err);
}
