/*
 * live-client.js: the one client for the live-match WebSocket protocol (docs/protocol.md), shared by
 * every game board, plus the small widgets every match page needs (clocks, error toasts).
 *
 * ── Board module interface ──────────────────────────────────────────────────────────────────────
 * A board is a native ES module at static/boards/<game_slug>.js exporting
 *
 *     export function mount(root, { client, seats, lang, t }) -> { update(stateBySeat, lastState), destroy?() }
 *
 *   root         an empty element the board owns completely.
 *   client       the object returned by createLiveClient(): client.send(action, seat) sends one of the
 *                actions listed in a state's `legal` (seat may be omitted when the user holds one seat),
 *                client.resync() asks for fresh snapshots. send() returns the command_id.
 *   seats        the seats this user holds, e.g. [] (spectator), [1], or [0, 1] (pass and play).
 *   lang         "en", "de" or "zh" (from <html lang>, kit/i18n.js pageLang).
 *   t(key, vars) the shared translator (keys of MESSAGES below); boards keep their own dictionary
 *                for their own words and build its translator with makeTranslator() (kit/i18n.js,
 *                also exported here).
 *
 *   The shared helpers of the boards live in static/kit/ (dom, i18n, seats, focus and hand-over,
 *   cards, hand, card-board, bet-panel, poker, shedding, table): static/boards/ holds only one module per
 *   game (<slug>.js, its own CSS, and a <slug>/ folder of its parts if it has one), because the
 *   platform offers a game for every boards/<slug>.js.
 *
 *   update(stateBySeat, lastState) is called after every applied `state` message:
 *     stateBySeat  { [seat]: stateMessage } for each of the user's seats, or { spectator: stateMessage }
 *                  for a spectator; a stateMessage is exactly the server's `state` object
 *                  ({seq, seat, reason, view, legal, events, clock, match}).
 *     lastState    the message that triggered this call (its `events` are what just happened).
 *   The page around the board draws players, clocks, connection status, errors, resign and the
 *   platform's final result; the board draws the game itself. A board must not keep the only copy of
 *   anything: a resync may hand it a fresh snapshot at any time.
 *
 *   The object mount() returns may also have, optional:
 *     seatPlace(seat) -> Element | null
 *                  where the page puts that seat's player card (name, turn, clock) when the board
 *                  draws the seats at a table (kit/table.js: Bridge); the page's row of player
 *                  cards is then hidden.  Null, or no such method: the cards stay in that row.
 *
 *   For the replay page (js/replay.js) a board may also export, both optional:
 *     describeAction(action, { lang, seat, name, events }) -> string | null
 *                  a move of the log in words, cards as "♠6" (kit/record.js builds it and says more);
 *                  null, or no export, and the page writes the generic "name: kind fields".
 *     describeDeal({ lang, name, hands, moves, deal }) -> Element | null
 *                  a deal's record drawn under the board (Bridge: the auction table, the hand diagram).
 * ─────────────────────────────────────────────────────────────────────────────────────────────────
 *
 * Sequence rule: the server's `seq` may grow by more than one between two states, so a larger jump is
 * not a gap. A state whose seq is not newer than the one already held for its seat is ignored
 * (snapshots always replace). A gap is suspected when an `ack` names a seq that no state reaches within
 * GAP_WAIT_MS, or after a reconnect; both are settled with `resync`.
 */

import { makeTranslator, pageLang } from "../kit/i18n.js";

// The one translator and the page language, re-exported for the boards (interface above).
export { makeTranslator, pageLang };

const PING_EVERY_MS = 10_000;
const GAP_WAIT_MS = 1_500;
const SPECTATORS_EVERY_PINGS = 3; // re-ask the spectator count every 30 s
const OFFSET_SAMPLES = 8;
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];
const NO_RECONNECT_CODES = new Set([4004]);
// Access refused or ended (a deal other tables still play, a ban, a revoked token): no retry.  The
// error frame before the close says which; the close alone means the embargo (the older server).
const CLOSE_FORBIDDEN = 4003;

export const MESSAGES = {
  en: {
    connecting: "Connecting…",
    connected: "Connected",
    reconnecting: "Connection lost. Reconnecting in {s} s…",
    closed: "Disconnected",
    unknown_match: "This match does not exist.",
    not_connected: "Not connected: the action was not sent.",
    clock_stopped: "Clock stopped",
    no_clock: "No clock",
    continues_in: "continues by itself in {time}",
    first_move_in: "first move within {time}, or the game is lost by forfeit",
    delay: "delay",
    bank: "bank",
    to_move: "to move",
    seat: "Seat {n}",
    computer: "computer",
    dismiss: "Dismiss",
    error_malformed: "The server could not read the message.",
    error_unknown_type: "The server did not understand the message.",
    error_not_a_player: "You are watching this match and cannot act.",
    error_not_your_seat: "That seat is not yours.",
    error_not_your_turn: "It is not your turn.",
    error_stale_seq: "The board was out of date and has been refreshed. Please try again.",
    error_match_over: "The match is over.",
    error_illegal_action: "That move is not allowed.",
    error_rate_limited: "Too many messages. Please slow down.",
    error_frame_too_large: "A message was too large; reconnecting.",
    error_too_many: "Too many messages; reconnecting.",
    error_deal_embargoed: "Hidden until every table has played this board: other tables of the tournament play the same deal.",
  },
  de: {
    connecting: "Verbinde…",
    connected: "Verbunden",
    reconnecting: "Verbindung unterbrochen. Neuer Versuch in {s} s…",
    closed: "Getrennt",
    unknown_match: "Diese Partie gibt es nicht.",
    not_connected: "Keine Verbindung: die Aktion wurde nicht gesendet.",
    clock_stopped: "Uhr angehalten",
    no_clock: "Ohne Uhr",
    continues_in: "geht von selbst weiter in {time}",
    first_move_in: "ersten Zug innerhalb von {time}, sonst ist die Partie kampflos verloren",
    delay: "Verzögerung",
    bank: "Guthaben",
    to_move: "am Zug",
    seat: "Platz {n}",
    computer: "Computer",
    dismiss: "Schließen",
    error_malformed: "Der Server konnte die Nachricht nicht lesen.",
    error_unknown_type: "Der Server hat die Nachricht nicht verstanden.",
    error_not_a_player: "Du schaust bei dieser Partie zu und kannst nicht spielen.",
    error_not_your_seat: "Dieser Platz gehört dir nicht.",
    error_not_your_turn: "Du bist nicht am Zug.",
    error_stale_seq: "Die Anzeige war veraltet und wurde aktualisiert. Bitte noch einmal.",
    error_match_over: "Die Partie ist beendet.",
    error_illegal_action: "Dieser Zug ist nicht erlaubt.",
    error_rate_limited: "Zu viele Nachrichten. Bitte langsamer.",
    error_frame_too_large: "Eine Nachricht war zu groß; verbinde neu.",
    error_too_many: "Zu viele Nachrichten; verbinde neu.",
    error_deal_embargoed: "Verborgen, bis jeder Tisch dieses Board gespielt hat: Andere Tische des Turniers spielen dieselbe Verteilung.",
  },
  zh: {
    connecting: "正在连接…",
    connected: "已连接",
    reconnecting: "连接中断。{s} 秒后重连…",
    closed: "已断开",
    unknown_match: "这场对局不存在。",
    not_connected: "未连接：操作没有发送。",
    clock_stopped: "计时已停止",
    no_clock: "不计时",
    continues_in: "{time} 后自动继续",
    first_move_in: "须在 {time} 内走第一步，否则判负",
    delay: "延时",
    bank: "余时",
    to_move: "轮到行动",
    seat: "座位 {n}",
    computer: "电脑",
    dismiss: "关闭",
    error_malformed: "服务器无法读取这条消息。",
    error_unknown_type: "服务器无法理解这条消息。",
    error_not_a_player: "你正在观战，不能操作。",
    error_not_your_seat: "这不是你的座位。",
    error_not_your_turn: "还没轮到你。",
    error_stale_seq: "牌桌已过时，已刷新。请再试一次。",
    error_match_over: "比赛已结束。",
    error_illegal_action: "这一步不合规则。",
    error_rate_limited: "消息太多，请放慢速度。",
    error_frame_too_large: "消息过大；正在重连。",
    error_too_many: "消息太多；正在重连。",
    error_deal_embargoed: "所有牌桌打完这副牌之前暂不公开：本比赛的其他牌桌打的是同一副牌。",
  },
};

export const t = makeTranslator(MESSAGES);

function newCommandId() {
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  return `c-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Opens the match socket and keeps it open.
 * Callbacks: onState(stateBySeat, lastState), onError({code, message, command_id, rule}),
 * onStatus({status: "connecting"|"open"|"reconnecting"|"closed", retryInMs?, code?}), onAck(msg).
 */
export function createLiveClient({
  wsPath,
  onState = () => {},
  onError = () => {},
  onStatus = () => {},
  onAck = () => {},
  onSpectators = null,
}) {
  const stateBySeat = {};
  let lastState = null;
  let maxSeq = -1;
  let socket = null;
  let attempts = 0;
  let everOpened = false;
  let stopped = false;
  let lastErrorCode = null; // the code of the last error frame (a 4003 close follows its reason)
  let pingTimer = null;
  let pings = 0;
  let retryTimer = null;
  let gapTimer = null;
  const offsetSamples = []; // {rtt, offset}
  let offsetMs = 0;

  const url = (() => {
    if (/^wss?:\/\//.test(wsPath)) return wsPath;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}${wsPath}`;
  })();

  function status(s, extra = {}) {
    onStatus({ status: s, ...extra });
  }

  function connect() {
    clearTimeout(retryTimer);
    status(everOpened ? "reconnecting" : "connecting");
    try {
      socket = new WebSocket(url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket.addEventListener("open", () => {
      const reconnect = everOpened;
      everOpened = true;
      attempts = 0;
      status("open");
      ping();
      clearInterval(pingTimer);
      pingTimer = setInterval(ping, PING_EVERY_MS);
      askSpectators();
      if (reconnect) resync();
    });
    socket.addEventListener("message", (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      handle(msg);
    });
    socket.addEventListener("close", (event) => {
      clearInterval(pingTimer);
      socket = null;
      if (stopped) return status("closed");
      if (event.code === CLOSE_FORBIDDEN) {
        stopped = true;
        if (lastErrorCode !== "account_closed" && lastErrorCode !== "token_revoked") {
          onError({ code: "deal_embargoed", message: t("error_deal_embargoed") });
        }
        return status("closed", { code: event.code });
      }
      if (NO_RECONNECT_CODES.has(event.code)) {
        stopped = true;
        onError({ code: "unknown_match", message: t("unknown_match") });
        return status("closed", { code: event.code });
      }
      if (event.code === 4009) onError({ code: "frame_too_large", message: t("error_frame_too_large") });
      if (event.code === 4029) onError({ code: "too_many", message: t("error_too_many") });
      scheduleReconnect(event.code);
    });
  }

  function scheduleReconnect(code) {
    const base = BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length - 1)];
    const wait = Math.round(base * (0.8 + Math.random() * 0.4));
    attempts += 1;
    status("reconnecting", { retryInMs: wait, code });
    retryTimer = setTimeout(connect, wait);
  }

  function raw(obj) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(obj));
    return true;
  }

  function ping() {
    raw({ type: "ping", t: Date.now() });
    if (onSpectators && ++pings % SPECTATORS_EVERY_PINGS === 0) askSpectators();
  }

  // The spectator count (docs/protocol.md "spectators"): asked for once per connection, then sent
  // by the server when it changes; asked again now and then, in case an announcement was lost.
  function askSpectators() {
    if (onSpectators) raw({ type: "spectators" });
  }

  function handle(msg) {
    switch (msg.type) {
      case "state":
        return applyState(msg);
      case "pong":
        return applyPong(msg);
      case "spectators":
        if (onSpectators && typeof msg.count === "number") onSpectators(msg.count);
        return;
      case "ack":
        onAck(msg);
        if (typeof msg.seq === "number" && msg.seq > maxSeq) {
          clearTimeout(gapTimer);
          gapTimer = setTimeout(() => {
            if (maxSeq < msg.seq) resync();
          }, GAP_WAIT_MS);
        }
        return;
      case "error":
        lastErrorCode = msg.code;
        if (msg.code === "stale_seq") resync();
        return onError({
          ...msg,
          message: msg.message || t(`error_${msg.code}`),
        });
      default:
        return;
    }
  }

  function applyState(msg) {
    const key = msg.seat === null || msg.seat === undefined ? "spectator" : String(msg.seat);
    const held = stateBySeat[key];
    if (msg.reason !== "snapshot" && held && typeof held.seq === "number" && msg.seq <= held.seq) return;
    stateBySeat[key] = msg;
    lastState = msg;
    if (typeof msg.seq === "number" && msg.seq > maxSeq) maxSeq = msg.seq;
    onState(stateBySeat, msg);
  }

  function applyPong(msg) {
    const now = Date.now();
    const sent = Number(msg.t);
    if (!Number.isFinite(sent) || typeof msg.server_ms !== "number") return;
    const rtt = now - sent;
    if (rtt < 0) return;
    offsetSamples.push({ rtt, offset: msg.server_ms - (sent + now) / 2 });
    while (offsetSamples.length > OFFSET_SAMPLES) offsetSamples.shift();
    // The sample with the smallest round trip is the least disturbed by queueing: trust it.
    const best = offsetSamples.reduce((a, b) => (b.rtt < a.rtt ? b : a));
    offsetMs = best.offset;
  }

  function send(action, seat) {
    const command_id = newCommandId();
    const msg = { type: "action", command_id, action };
    if (seat !== undefined && seat !== null) msg.seat = seat;
    if (maxSeq >= 0) msg.seq = maxSeq;
    if (!raw(msg)) {
      onError({ code: "not_connected", message: t("not_connected"), command_id });
      return null;
    }
    return command_id;
  }

  function resign(seat) {
    const command_id = newCommandId();
    const msg = { type: "resign", command_id };
    if (seat !== undefined && seat !== null) msg.seat = seat;
    if (!raw(msg)) {
      onError({ code: "not_connected", message: t("not_connected"), command_id });
      return null;
    }
    return command_id;
  }

  function resync() {
    clearTimeout(gapTimer);
    raw({ type: "resync" });
  }

  function close() {
    stopped = true;
    clearTimeout(retryTimer);
    clearTimeout(gapTimer);
    clearInterval(pingTimer);
    if (socket) socket.close(1000);
  }

  connect();

  return {
    send,
    resign,
    resync,
    close,
    /** server time minus local time, in ms (best current estimate) */
    get offsetMs() {
      return offsetMs;
    },
    /** the server's time now, by the best estimate */
    serverNow() {
      return Date.now() + offsetMs;
    },
    get stateBySeat() {
      return stateBySeat;
    },
    get lastState() {
      return lastState;
    },
    get seq() {
      return maxSeq;
    },
  };
}

/** "1:05" / "0:09.4" for a millisecond count (tenths under ten seconds). */
export function formatMs(ms) {
  ms = Math.max(0, ms);
  if (ms < 10_000) return `0:0${(Math.floor(ms / 100) / 10).toFixed(1)}`;
  const total = Math.ceil(ms / 1000);
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}

/**
 * The clock widget: one element per seat (seatElements[seat]) gets the seat's delay and bank, counted
 * down smoothly for the active seats while the clock runs; statusElement says "clock stopped" and the
 * stall deadline when it does not run. update(clock) takes the `clock` object of the latest state.
 */
export function createClockWidget({ seatElements, statusElement, client }) {
  let clock = null;
  let frame = 0;

  for (const el of Object.values(seatElements)) {
    if (el.dataset.built) continue;
    el.dataset.built = "1";
    el.innerHTML = `
      <span class="clock-part clock-delay"><span class="clock-label">${t("delay")}</span> <span class="clock-value" data-part="delay">–</span></span>
      <span class="clock-part clock-bank"><span class="clock-label">${t("bank")}</span> <span class="clock-value" data-part="bank">–</span></span>`;
  }

  function figures(seat, now) {
    const s = clock.seats?.[seat];
    if (!s) return null;
    let delay = s.delay_ms ?? 0;
    let bank = s.bank_ms ?? 0;
    const active = clock.running && (clock.active || []).includes(seat);
    if (active) {
      let spent = Math.max(0, now - clock.server_ms);
      const fromDelay = Math.min(delay, spent);
      delay -= fromDelay;
      spent -= fromDelay;
      bank = Math.max(0, bank - spent);
    }
    return { delay, bank, active };
  }

  function render() {
    frame = 0;
    if (!clock) return;
    const now = client.serverNow();
    let anyActive = false;
    for (const [seat, el] of Object.entries(seatElements)) {
      const f = figures(Number(seat), now);
      if (!f) continue;
      if (clock.untimed) {
        // An untimed match (docs/protocol.md "clock"): no figures to count down.
        setText(el.querySelector('[data-part="delay"]'), "–");
        setText(el.querySelector('[data-part="bank"]'), "–");
        el.setAttribute("aria-label", t("no_clock"));
        continue;
      }
      anyActive ||= f.active;
      setText(el.querySelector('[data-part="delay"]'), formatMs(f.delay));
      setText(el.querySelector('[data-part="bank"]'), formatMs(f.bank));
      el.classList.toggle("is-running", f.active);
      el.classList.toggle("in-delay", f.active && f.delay > 0);
      el.classList.toggle("is-low", f.bank < 20_000);
      // Screen readers get whole seconds only, so the label does not change sixty times a second.
      const label = `${t("delay")} ${Math.ceil(f.delay / 1000)} s, ${t("bank")} ${formatMs(Math.ceil(f.bank / 1000) * 1000)}${f.active ? `, ${t("to_move")}` : ""}`;
      if (el.getAttribute("aria-label") !== label) el.setAttribute("aria-label", label);
    }
    if (statusElement) {
      // A first-move bound (docs/protocol.md "clock"): the earliest running one counts down.
      const firstBy = Math.min(...(clock.seats || []).map((s) => s.first_move_deadline_ms ?? Infinity));
      if (clock.running && Number.isFinite(firstBy)) {
        statusElement.hidden = false;
        setText(statusElement, t("first_move_in", { time: formatMs(Math.max(0, Math.ceil((firstBy - now) / 1000) * 1000)) }));
      } else if (clock.running) {
        statusElement.textContent = "";
        statusElement.hidden = true;
      } else {
        statusElement.hidden = false;
        let text = clock.untimed ? t("no_clock") : t("clock_stopped");
        if (clock.stall_deadline_ms) text += ` · ${t("continues_in", { time: formatMs(Math.ceil((clock.stall_deadline_ms - now) / 1000) * 1000) })}`;
        setText(statusElement, text);
      }
    }
    if (anyActive || (!clock.running && clock.stall_deadline_ms)) frame = requestAnimationFrame(render);
  }

  return {
    update(newClock) {
      clock = newClock || null;
      if (frame) cancelAnimationFrame(frame);
      render();
    },
    destroy() {
      if (frame) cancelAnimationFrame(frame);
    },
  };
}

function setText(node, text) {
  if (node && node.textContent !== text) node.textContent = text;
}

/** Error toasts in an aria-live region; each one closes itself after a while or on click. */
export function createToaster(region) {
  region.setAttribute("aria-live", "assertive");
  region.setAttribute("role", "alert");
  return {
    show(message, kind = "error", ms = 6000) {
      const toast = document.createElement("div");
      toast.className = `toast toast-${kind}`;
      toast.dataset.testid = "toast";
      const text = document.createElement("span");
      text.textContent = message;
      const close = document.createElement("button");
      close.type = "button";
      close.className = "toast-close";
      close.setAttribute("aria-label", t("dismiss"));
      close.textContent = "×";
      close.addEventListener("click", () => toast.remove());
      toast.append(text, close);
      region.append(toast);
      while (region.children.length > 4) region.firstElementChild.remove();
      setTimeout(() => toast.remove(), ms);
    },
  };
}
