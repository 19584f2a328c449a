// The live match page (templates/live/match.html): players, clocks, connection, errors, resign,
// rules help, the final result; the game itself is drawn by the board module it imports.
import { createLiveClient, createClockWidget, createToaster, t as sharedT } from "./live-client.js";
import { makeTranslator, pageLang } from "../kit/i18n.js";

const PAGE = {
  en: {
    you: "you",
    computer: "computer",
    level: "level {level}",
    to_move: "to move",
    waiting: "waiting",
    connecting: "Connecting…",
    connected: "Connected",
    reconnecting: "Reconnecting in {s} s…",
    reconnecting_now: "Reconnecting…",
    closed: "Disconnected",
    resign_as: "Resign as {name}",
    resign_yes: "Yes, resign",
    resign_sent: "Resignation sent.",
    board_failed: "The board could not be loaded.",
    result_over: "The match is over",
    result_aborted: "The match was aborted",
    end_normal: "The match ended normally.",
    end_resign: "The match ended by resignation.",
    end_time: "The match ended on time.",
    end_abort: "The match was aborted.",
    end_unreliable_time: "The match was aborted because the server's time measurement was unreliable. It is not rated.",
    end_stall: "The match ended because a player did not continue in time.",
    end_outage: "The match was aborted because the server was down while the clock ran. It is not rated.",
    end_no_start: "The match was aborted because a player did not make their first move in time. It is not rated.",
    placing: "{place}. {name}",
    score: "score {score}",
    rated: "This match is rated.",
    unrated: "This match is not rated.",
    seat: "Seat {n}",
  },
  de: {
    you: "du",
    computer: "Computer",
    level: "Stufe {level}",
    to_move: "am Zug",
    waiting: "wartet",
    connecting: "Verbinde…",
    connected: "Verbunden",
    reconnecting: "Neuer Verbindungsversuch in {s} s…",
    reconnecting_now: "Verbinde neu…",
    closed: "Getrennt",
    resign_as: "Aufgeben als {name}",
    resign_yes: "Ja, aufgeben",
    resign_sent: "Aufgabe gesendet.",
    board_failed: "Das Spielbrett konnte nicht geladen werden.",
    result_over: "Die Partie ist beendet",
    result_aborted: "Die Partie wurde abgebrochen",
    end_normal: "Die Partie endete regulär.",
    end_resign: "Die Partie endete durch Aufgabe.",
    end_time: "Die Partie endete durch Zeitablauf.",
    end_abort: "Die Partie wurde abgebrochen.",
    end_unreliable_time: "Die Partie wurde abgebrochen, weil die Zeitmessung des Servers unzuverlässig war. Sie wird nicht gewertet.",
    end_stall: "Die Partie endete, weil ein Spieler nicht rechtzeitig weitergemacht hat.",
    end_outage: "Die Partie wurde abgebrochen, weil der Server ausgefallen war, während die Uhr lief. Sie wird nicht gewertet.",
    end_no_start: "Die Partie wurde abgebrochen, weil ein Spieler seinen ersten Zug nicht rechtzeitig gemacht hat. Sie wird nicht gewertet.",
    placing: "{place}. {name}",
    score: "Ergebnis {score}",
    rated: "Diese Partie wird gewertet.",
    unrated: "Diese Partie wird nicht gewertet.",
    seat: "Platz {n}",
  },
};

const root = document.getElementById("match");
const lang = root.dataset.lang === "de" || root.dataset.lang === "en" ? root.dataset.lang : pageLang();
const pt = makeTranslator(PAGE, lang);
const yourSeats = JSON.parse(document.getElementById("your-seats")?.textContent || "[]").map(Number);

const playersEl = root.querySelector(".players");
const clockStatusEl = root.querySelector(".clock-status");
const boardEl = root.querySelector("#board");
const connEl = root.querySelector("[data-testid=connection-status]");
const connText = connEl.querySelector("[data-role=conn-text]");
const toaster = createToaster(root.querySelector(".toasts"));

let board = null;
let clockWidget = null;
let seatsSignature = "";
let resultShownFor = null;

const client = createLiveClient({
  wsPath: root.dataset.wsPath,
  onState: (stateBySeat, lastState) => {
    renderMatch(lastState);
    board?.update(stateBySeat, lastState);
  },
  onError: (err) => toaster.show(err.message || err.code),
  onStatus: ({ status, retryInMs }) => {
    connEl.dataset.status = status;
    if (status === "open") connText.textContent = pt("connected");
    else if (status === "connecting") connText.textContent = pt("connecting");
    else if (status === "reconnecting")
      connText.textContent = retryInMs ? pt("reconnecting", { s: Math.ceil(retryInMs / 1000) }) : pt("reconnecting_now");
    else connText.textContent = pt("closed");
  },
});

// ── players and clocks ─────────────────────────────────────────────────────────────────────────
function seatName(match, seat) {
  const s = match?.seats?.find((x) => x.seat === seat);
  return s?.name || pt("seat", { n: seat + 1 });
}

function buildPlayers(match) {
  playersEl.replaceChildren();
  const seatEls = {};
  for (const s of match.seats || []) {
    const card = document.createElement("div");
    card.className = "player";
    card.dataset.seat = s.seat;
    card.dataset.testid = `player-${s.seat}`;
    const name = document.createElement("div");
    name.className = "player-name";
    const strong = document.createElement("strong");
    strong.textContent = s.name || pt("seat", { n: s.seat + 1 });
    name.append(strong);
    const tags = [];
    if (yourSeats.includes(s.seat)) tags.push(pt("you"));
    if (s.is_ai) tags.push(s.ai_level != null ? `${pt("computer")}, ${pt("level", { level: s.ai_level })}` : pt("computer"));
    if (tags.length) {
      const tag = document.createElement("span");
      tag.className = "muted";
      tag.textContent = ` (${tags.join(", ")})`;
      name.append(tag);
    }
    const turn = document.createElement("span");
    turn.className = "turn-marker";
    turn.dataset.role = "turn";
    turn.textContent = `▶ ${pt("to_move")}`;
    turn.hidden = true;
    const clock = document.createElement("div");
    clock.className = "clock";
    clock.dataset.testid = `clock-${s.seat}`;
    card.append(name, turn, clock);
    playersEl.append(card);
    seatEls[s.seat] = clock;
  }
  clockWidget?.destroy();
  clockWidget = createClockWidget({ seatElements: seatEls, statusElement: clockStatusEl, client });
}

function renderMatch(state) {
  const match = state.match || {};
  const signature = JSON.stringify((match.seats || []).map((s) => [s.seat, s.name, s.is_ai, s.ai_level]));
  if (signature !== seatsSignature) {
    seatsSignature = signature;
    buildPlayers(match);
  }
  const active = state.clock?.running ? state.clock.active || [] : [];
  for (const card of playersEl.querySelectorAll(".player")) {
    const on = active.includes(Number(card.dataset.seat));
    card.classList.toggle("is-active", on);
    card.querySelector("[data-role=turn]").hidden = !on;
  }
  clockWidget?.update(state.clock);
  renderResign(match);
  renderResult(match);
}

// ── resign with a confirm step ──────────────────────────────────────────────────────────────────
const resignBox = root.querySelector("[data-role=resign]");
function renderResign(match) {
  if (!resignBox) return;
  const open = resignBox.querySelector("[data-role=resign-open]");
  const confirm = resignBox.querySelector("[data-role=resign-confirm]");
  const canResign = match.status === "running" || match.status === "waiting";
  open.hidden = !canResign || !confirm.hidden;
  if (!canResign) confirm.hidden = true;
  const seatsBox = confirm.querySelector("[data-role=resign-seats]");
  const want = JSON.stringify(yourSeats.map((s) => seatName(match, s)));
  if (seatsBox.dataset.sig === want) return;
  seatsBox.dataset.sig = want;
  seatsBox.replaceChildren(
    ...yourSeats.map((seat) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "button danger";
      b.dataset.testid = yourSeats.length > 1 ? `resign-confirm-seat-${seat}` : "resign-confirm-yes";
      b.textContent = yourSeats.length > 1 ? pt("resign_as", { name: seatName(match, seat) }) : pt("resign_yes");
      b.addEventListener("click", () => {
        if (client.resign(yourSeats.length > 1 ? seat : undefined)) toaster.show(pt("resign_sent"), "info", 3000);
        confirm.hidden = true;
        open.hidden = false;
      });
      return b;
    }),
  );
}
if (resignBox) {
  const open = resignBox.querySelector("[data-role=resign-open]");
  const confirm = resignBox.querySelector("[data-role=resign-confirm]");
  open.addEventListener("click", () => {
    confirm.hidden = false;
    open.hidden = true;
    resignBox.querySelector("[data-role=resign-cancel]").focus();
  });
  resignBox.querySelector("[data-role=resign-cancel]").addEventListener("click", () => {
    confirm.hidden = true;
    open.hidden = false;
    open.focus();
  });
}

// ── final result ────────────────────────────────────────────────────────────────────────────────
const resultEl = root.querySelector("[data-role=result]");
function renderResult(match) {
  if (!resultEl) return;
  const over = match.status === "finished" || match.status === "aborted";
  if (!over) {
    resultEl.hidden = true;
    return;
  }
  const key = `${match.id}:${match.status}:${match.end_reason}`;
  if (resultShownFor === key) return;
  resultShownFor = key;
  resultEl.querySelector("[data-role=result-title]").textContent =
    match.status === "aborted" ? pt("result_aborted") : pt("result_over");
  const reason = match.end_reason ? pt(`end_${match.end_reason}`) : "";
  resultEl.querySelector("[data-role=result-reason]").textContent =
    [reason, match.abort_reason].filter(Boolean).join(" ");
  const list = resultEl.querySelector("[data-role=result-list]");
  list.replaceChildren(
    ...[...(match.result || [])]
      .sort((a, b) => (a.placing ?? 99) - (b.placing ?? 99))
      .map((r) => {
        const li = document.createElement("li");
        li.dataset.seat = r.seat;
        let text = pt("placing", { place: r.placing, name: seatName(match, r.seat) });
        if (yourSeats.includes(r.seat)) text += ` (${pt("you")})`;
        if (r.score !== undefined && r.score !== null) text += ` · ${pt("score", { score: r.score })}`;
        li.textContent = text;
        if (r.placing === 1) li.className = "winner";
        return li;
      }),
  );
  resultEl.querySelector("[data-role=result-rated]").textContent =
    match.rated && match.status !== "aborted" ? pt("rated") : pt("unrated");
  resultEl.hidden = false;
  resultEl.focus();
}
resultEl?.querySelector("[data-role=result-close]").addEventListener("click", () => {
  resultEl.hidden = true;
  boardEl.focus?.();
});

// ── rules help: a side panel; it never pauses anything ──────────────────────────────────────────
const rulesPanel = root.querySelector("#rules-panel");
const rulesToggle = root.querySelector("[data-testid=rules-toggle]");
function setRules(open) {
  rulesPanel.hidden = !open;
  rulesToggle.setAttribute("aria-expanded", String(open));
  root.classList.toggle("rules-open", open);
  if (open) rulesPanel.focus();
}
rulesToggle.addEventListener("click", () => setRules(rulesPanel.hidden));
rulesPanel.querySelector("[data-role=rules-close]").addEventListener("click", () => {
  setRules(false);
  rulesToggle.focus();
});
document.addEventListener("keydown", (e) => {
  if (e.target.closest?.("input, textarea, select, [contenteditable]")) return;
  if (e.key === "?" && !e.ctrlKey && !e.metaKey && !e.altKey) {
    e.preventDefault();
    setRules(rulesPanel.hidden);
  } else if (e.key === "Escape" && !rulesPanel.hidden) {
    setRules(false);
    rulesToggle.focus();
  }
});

// ── the board module ────────────────────────────────────────────────────────────────────────────
try {
  const mod = await import(root.dataset.boardModule);
  boardEl.replaceChildren();
  board = mod.mount(boardEl, { client, seats: yourSeats, lang, t: sharedT });
  if (client.lastState) board.update(client.stateBySeat, client.lastState);
} catch (err) {
  console.error(err);
  boardEl.replaceChildren();
  const p = document.createElement("p");
  p.className = "board-error";
  p.textContent = pt("board_failed");
  boardEl.append(p);
  toaster.show(pt("board_failed"));
}
