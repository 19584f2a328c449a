// The live match page (templates/live/match.html): players, clocks, connection, errors, resign,
// rules help, the final result; the game itself is drawn by the board module it imports.
import { createLiveClient, createClockWidget, createToaster, t as sharedT } from "./live-client.js";
import { icon } from "../kit/icons.js";
import { dictLang, makeTranslator, pageLang } from "../kit/i18n.js";

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
    end_adjudicated: "The result of this match was decided by an operator.",
    placing: "{place}. {name}",
    shared: "shared",
    score: "score {score}",
    rating_change: "rating {before} → {after} ({delta})",
    forfeit_resign: "{name} resigned.",
    forfeit_time_loss: "{name} ran out of time.",
    forfeit_stall: "{name} did not continue in time.",
    tag_resign: "resigned",
    tag_time_loss: "out of time",
    tag_stall: "did not continue",
    rated: "This match is rated.",
    unrated: "This match is not rated.",
    seat: "Seat {n}",
    rematch_none: "Play again with the same players and settings?",
    rematch_offered_you: "You offered a rematch. Waiting for {names}…",
    rematch_offered_other: "{names} offered a rematch.",
    rematch_declined: "{name} declined the rematch.",
    rematch_started: "The rematch has started.",
    rematch_accept: "Accept the rematch",
    rematch: "Rematch",
    your_turn_title: "▶ Your turn",
    watching: { one: "{n} watching", other: "{n} watching" },
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
    end_adjudicated: "Das Ergebnis dieser Partie wurde von einem Betreiber entschieden.",
    placing: "{place}. {name}",
    shared: "geteilt",
    score: "Ergebnis {score}",
    rating_change: "Wertung {before} → {after} ({delta})",
    forfeit_resign: "{name} hat aufgegeben.",
    forfeit_time_loss: "{name} hat die Zeit überschritten.",
    forfeit_stall: "{name} hat nicht rechtzeitig weitergemacht.",
    tag_resign: "aufgegeben",
    tag_time_loss: "Zeit überschritten",
    tag_stall: "nicht weitergemacht",
    rated: "Diese Partie wird gewertet.",
    unrated: "Diese Partie wird nicht gewertet.",
    seat: "Platz {n}",
    rematch_none: "Noch einmal mit denselben Spielern und Einstellungen?",
    rematch_offered_you: "Du hast eine Revanche angeboten. Warte auf {names}…",
    rematch_offered_other: "{names} bietet eine Revanche an.",
    rematch_declined: "{name} hat die Revanche abgelehnt.",
    rematch_started: "Die Revanche hat begonnen.",
    rematch_accept: "Revanche annehmen",
    rematch: "Revanche",
    your_turn_title: "▶ Du bist am Zug",
    watching: { one: "{n} Zuschauer", other: "{n} Zuschauer" },
  },
  zh: {
    you: "你",
    computer: "电脑",
    level: "等级 {level}",
    to_move: "轮到行动",
    waiting: "等待中",
    connecting: "正在连接…",
    connected: "已连接",
    reconnecting: "{s} 秒后重连…",
    reconnecting_now: "正在重连…",
    closed: "已断开",
    resign_as: "以 {name} 的身份认输",
    resign_yes: "是的，认输",
    resign_sent: "已发送认输。",
    board_failed: "牌桌加载失败。",
    result_over: "比赛结束",
    result_aborted: "比赛已中止",
    end_normal: "比赛正常结束。",
    end_resign: "比赛因认输结束。",
    end_time: "比赛因超时结束。",
    end_abort: "比赛已中止。",
    end_unreliable_time: "由于服务器计时不可靠，比赛已中止。不计等级分。",
    end_stall: "由于有玩家未能及时继续，比赛结束。",
    end_outage: "由于计时期间服务器宕机，比赛已中止。不计等级分。",
    end_no_start: "由于有玩家未能及时走第一步，比赛已中止。不计等级分。",
    end_adjudicated: "这场比赛的结果由管理员裁定。",
    placing: "第 {place} 名 {name}",
    shared: "并列",
    score: "得分 {score}",
    rating_change: "等级分 {before} → {after}（{delta}）",
    forfeit_resign: "{name} 认输。",
    forfeit_time_loss: "{name} 超时。",
    forfeit_stall: "{name} 未能及时继续。",
    tag_resign: "认输",
    tag_time_loss: "超时",
    tag_stall: "未继续",
    rated: "这场比赛计等级分。",
    unrated: "这场比赛不计等级分。",
    seat: "座位 {n}",
    rematch_none: "与相同玩家、相同设置再来一局？",
    rematch_offered_you: "你提出了再来一局。等待 {names}…",
    rematch_offered_other: "{names} 提出再来一局。",
    rematch_declined: "{name} 拒绝了再来一局。",
    rematch_started: "新一局已开始。",
    rematch_accept: "接受再来一局",
    rematch: "再来一局",
    your_turn_title: "▶ 轮到你",
    watching: { other: "{n} 人观战" },
  },
};

const root = document.getElementById("match");
const lang = root.dataset.lang ? dictLang(root.dataset.lang) : pageLang();
const pt = makeTranslator(PAGE, lang);
const yourSeats = JSON.parse(document.getElementById("your-seats")?.textContent || "[]").map(Number);
const aiLevels = JSON.parse(document.getElementById("ai-levels")?.textContent || "{}");
const pageUrls = JSON.parse(document.getElementById("page-urls")?.textContent || "{}");
const matchId = Number(root.dataset.matchId);

const playersEl = root.querySelector(".players");
const clockStatusEl = root.querySelector(".clock-status");
const boardEl = root.querySelector("#board");
const connEl = root.querySelector("[data-testid=connection-status]");
const connText = connEl.querySelector("[data-role=conn-text]");
const toaster = createToaster(root.querySelector(".toasts"));
const watchersEl = root.querySelector("[data-testid=spectator-count]");

let board = null;
let clockWidget = null;
let seatsSignature = "";
let resultShownFor = null;

const client = createLiveClient({
  wsPath: root.dataset.wsPath,
  onState: (stateBySeat, lastState) => {
    renderMatch(lastState);
    markTurn(stateBySeat);
    board?.update(stateBySeat, lastState);
  },
  onSpectators: (count) => {
    watchersEl.hidden = count < 1;
    watchersEl.dataset.count = String(count);
    watchersEl.replaceChildren(icon("eye"), " ", pt("watching", { n: count }));
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
    if (s.is_ai) {
      const level = s.ai_level != null ? aiLevels[s.ai_level]?.label || s.ai_level : null;
      tags.push(level ? `${pt("computer")}, ${pt("level", { level })}` : pt("computer"));
      if (s.ai_level != null && aiLevels[s.ai_level]) name.title = aiLevels[s.ai_level].description;
    }
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
  seatPlayers();
  clockWidget?.destroy();
  clockWidget = createClockWidget({ seatElements: seatEls, statusElement: clockStatusEl, client });
}

// A board that draws the seats at a table (live-client.js, "seatPlace") takes each player card
// (name, turn, clock) to its seat's place; the row of cards above the board is hidden then.  The
// cards are moved, not copied: the clock widget keeps counting in the same elements.
function seatPlayers() {
  if (typeof board?.seatPlace !== "function") return;
  const cards = [...root.querySelectorAll(".player[data-seat]")];
  const homes = cards.map((card) => board.seatPlace(Number(card.dataset.seat)));
  if (!cards.length || homes.some((home) => !home)) return;
  cards.forEach((card, i) => homes[i].replaceChildren(card));
  playersEl.hidden = true;
}

function renderMatch(state) {
  const match = state.match || {};
  const signature = JSON.stringify((match.seats || []).map((s) => [s.seat, s.name, s.is_ai, s.ai_level]));
  if (signature !== seatsSignature) {
    seatsSignature = signature;
    buildPlayers(match);
  }
  const active = state.clock?.running ? state.clock.active || [] : [];
  for (const card of root.querySelectorAll(".player[data-seat]")) {
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
let after = null; // /match/<id>/after/: rating changes, who forfeited, rematch, new game

function csrfToken() {
  try {
    return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
  } catch {
    return "";
  }
}

async function loadAfter() {
  if (!pageUrls.after) return null;
  try {
    const response = await fetch(pageUrls.after, { headers: { Accept: "application/json" } });
    if (response.ok) after = await response.json();
  } catch {
    // The result screen still shows the final state without the extras.
  }
  return after;
}

function signed(delta) {
  const rounded = Math.round(delta);
  return rounded > 0 ? `+${rounded}` : rounded < 0 ? `−${Math.abs(rounded)}` : "±0";
}

function renderResultList(match) {
  const list = resultEl.querySelector("[data-role=result-list]");
  const rows = [...(match.result || [])].sort((a, b) => (a.placing ?? 99) - (b.placing ?? 99) || a.seat - b.seat);
  const count = {};
  for (const r of rows) count[r.placing] = (count[r.placing] || 0) + 1;
  const changes = Object.fromEntries((after?.rating_changes || []).map((c) => [c.seat, c]));
  const forfeit = after?.forfeit;
  // A score means something only when the match was played out (a forfeit ends it mid-game).
  const scores = match.end_reason === "normal";
  list.replaceChildren(
    ...rows.map((r) => {
      const li = document.createElement("li");
      li.dataset.seat = r.seat;
      li.dataset.testid = `result-seat-${r.seat}`;
      let text = pt("placing", { place: r.placing, name: seatName(match, r.seat) });
      if (count[r.placing] > 1) text += ` (${pt("shared")})`;
      if (yourSeats.includes(r.seat)) text += ` (${pt("you")})`;
      if (forfeit && forfeit.seat === r.seat) text += ` · ${pt(`tag_${forfeit.kind}`)}`;
      if (scores && r.score !== undefined && r.score !== null) text += ` · ${pt("score", { score: r.score })}`;
      li.textContent = text;
      const change = changes[r.seat];
      if (change) {
        const span = document.createElement("span");
        span.className = `rating-change ${change.delta > 0 ? "up" : change.delta < 0 ? "down" : ""}`;
        span.dataset.testid = `rating-change-${r.seat}`;
        span.textContent = ` · ${pt("rating_change", { before: change.before, after: change.after, delta: signed(change.delta) })}`;
        li.append(span);
      }
      if (r.placing === 1) li.className = "winner";
      return li;
    }),
  );
}

// An operator's reason is stored once in every interface language, "English / Deutsch / 中文"
// (operations.reasons; older matches have no Chinese part, and a part equal to an earlier one is
// left out): the reader gets their own, the Chinese part told by its Han characters.
const HAN = /[\u4e00-\u9fff]/;
function readerLanguagePart(text) {
  const parts = text.split(" / ");
  if (parts.length < 2 || parts.length > 3) return text;
  const latin = parts.filter((p) => !HAN.test(p));
  const chinese = parts.find((p) => HAN.test(p));
  if (lang === "zh") return chinese ?? latin[0];
  return latin[lang === "de" && latin.length > 1 ? 1 : 0] ?? parts[0];
}

function renderReason(match) {
  const parts = [match.end_reason ? pt(`end_${match.end_reason}`) : ""];
  const forfeit = after?.forfeit;
  if (forfeit) parts.push(pt(`forfeit_${forfeit.kind}`, { name: seatName(match, forfeit.seat) }));
  parts.push(readerLanguagePart(match.abort_reason || ""));
  resultEl.querySelector("[data-role=result-reason]").textContent = parts.filter(Boolean).join(" ");
}

function renderRematch() {
  const box = resultEl.querySelector("[data-role=rematch]");
  const status = after?.rematch;
  if (!status || !status.available) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const text = box.querySelector("[data-role=rematch-status]");
  const offer = box.querySelector("[data-role=rematch-offer]");
  const decline = box.querySelector("[data-role=rematch-decline]");
  const go = box.querySelector("[data-role=rematch-go]");
  offer.hidden = decline.hidden = go.hidden = true;
  if (status.state === "started") {
    text.textContent = pt("rematch_started");
    go.href = status.new_match_url;
    go.hidden = false;
  } else if (status.state === "declined") {
    text.textContent = pt("rematch_declined", { name: status.declined_by });
  } else if (status.state === "offered" && status.you_accepted) {
    text.textContent = pt("rematch_offered_you", { names: status.waiting_for.join(", ") });
  } else if (status.state === "offered") {
    text.textContent = pt("rematch_offered_other", { names: status.accepted_by.join(", ") });
    offer.textContent = pt("rematch_accept");
    offer.hidden = decline.hidden = false;
  } else {
    text.textContent = pt("rematch_none");
    offer.textContent = pt("rematch");
    offer.hidden = false;
  }
}

async function postRematch(url) {
  const response = await fetch(url, {
    method: "POST",
    headers: { Accept: "application/json", "X-CSRFToken": csrfToken() },
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    toaster.show(body.detail || String(response.status));
    return;
  }
  if (after) after.rematch = body;
  if (body.state === "started" && body.new_match_url) {
    location.assign(body.new_match_url);
    return;
  }
  renderRematch();
}

function renderNewGame() {
  const action = after?.new_game;
  const form = resultEl.querySelector("[data-role=new-game-form]");
  const link = resultEl.querySelector("[data-role=new-game-link]");
  if (form) form.hidden = true;
  link.hidden = true;
  if (!action) return;
  if (action.kind === "play_ai" && form) {
    form.action = action.url;
    form.querySelector("input[name=game]").value = action.game;
    form.querySelector("input[name=level]").value = action.level;
    // The same clock as the finished match (empty: the standard one).
    form.querySelector("input[name=time_control]").value = action.time_control || "";
    form.hidden = false;
  } else {
    link.href = action.url;
    link.hidden = false;
  }
}

// A tournament game: the way back to its event (the tournaments app provides url and label).
function renderEventLink() {
  const link = resultEl.querySelector("[data-role=event-link]");
  const event = after?.event;
  if (!link) return;
  link.hidden = !event;
  if (!event) return;
  link.href = event.url;
  link.textContent = event.label;
}

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
  renderReason(match);
  renderResultList(match);
  resultEl.querySelector("[data-role=result-rated]").textContent =
    match.rated && match.status !== "aborted" ? pt("rated") : pt("unrated");
  resultEl.hidden = false;
  resultEl.focus();
  loadAfter().then(() => {
    renderReason(match);
    renderResultList(match);
    renderRematch();
    renderNewGame();
    renderEventLink();
  });
}
resultEl?.querySelector("[data-role=result-close]").addEventListener("click", () => {
  resultEl.hidden = true;
  boardEl.focus?.();
});
resultEl?.querySelector("[data-role=rematch-offer]").addEventListener("click", () => {
  if (after?.rematch) postRematch(after.rematch.offer_url);
});
resultEl?.querySelector("[data-role=rematch-decline]").addEventListener("click", () => {
  if (after?.rematch) postRematch(after.rematch.decline_url);
});

// Notifications about this very match (notify.js): the result screen answers them itself.
window.addEventListener("site-notify", (event) => {
  const notice = event.detail;
  if (notice.kind === "rematch_started" && notice.previous_match_id === matchId) {
    event.preventDefault();
    location.assign(notice.url);
  } else if ((notice.kind === "rematch_offered" || notice.kind === "rematch_declined") && notice.match_id === matchId) {
    event.preventDefault();
    loadAfter().then(renderRematch);
  } else if (notice.match_id === matchId) {
    event.preventDefault(); // "your turn" here: this page shows it already
  }
});

// ── the tab's title says when it is your turn while you look elsewhere ───────────────────────────
const baseTitle = document.title;
let myTurn = false;
function markTurn(stateBySeat) {
  myTurn = yourSeats.some((seat) => {
    const state = stateBySeat[seat];
    return state && state.match?.status === "running" && (state.legal || []).length > 0;
  });
  document.title = myTurn && document.hidden ? `${pt("your_turn_title")} · ${baseTitle}` : baseTitle;
}
document.addEventListener("visibilitychange", () => {
  if (!document.hidden) document.title = baseTitle;
  else if (myTurn) document.title = `${pt("your_turn_title")} · ${baseTitle}`;
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
  seatPlayers();
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
