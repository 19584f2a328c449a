/*
 * notify.js: the site-wide notifications of a logged-in player (docs/protocol.md "Notifications").
 * Every page holds one /ws/notify/ socket; a notice (their table filled, a queue match was made, a
 * rematch, their turn in another match) becomes a banner with a link, a count in the tab's title
 * while the tab is in the background, and a short sound if the player switched sound on.
 *
 * Before showing a notice the page is asked first: a cancelable "site-notify" event on window
 * (detail: the notice). The match page cancels the ones about its own match, which it shows itself.
 */
import { icon } from "../kit/icons.js";
import { makeTranslator, pageLang } from "../kit/i18n.js";

const WORDS = {
  en: {
    table_started: "{by} joined your table: your {game} match has started.",
    table_started_anon: "Your table is full: your {game} match has started.",
    queue_matched: "Your queue match is ready: {game}.",
    your_turn: "It is your turn: {game}, match #{id}.",
    rematch_offered: "{by} offers you a rematch: {game}.",
    rematch_started: "Your rematch has started: {game}.",
    rematch_declined: "{by} declined the rematch.",
    tournament_round: "Your next tournament match is ready: {game}.",
    challenge_offered: "{by} challenges you: {game}.",
    challenge_accepted: "{by} accepted your challenge: your {game} match has started.",
    challenge_declined: "{by} declined your challenge: {game}.",
    challenge_cancelled: "{by} withdrew the challenge: {game}.",
    other: "Something needs you: {game}.",
    go: "Go to the match",
    go_challenge: "Open the challenge",
    dismiss: "Dismiss",
    sound_on: "Sound on",
    sound_off: "Sound off",
    sound_label: "Play a sound for notifications",
    region: "Notifications",
  },
  de: {
    table_started: "{by} hat sich an deinen Tisch gesetzt: deine Partie {game} hat begonnen.",
    table_started_anon: "Dein Tisch ist voll: deine Partie {game} hat begonnen.",
    queue_matched: "Deine Partie aus der Warteschlange ist bereit: {game}.",
    your_turn: "Du bist am Zug: {game}, Partie #{id}.",
    rematch_offered: "{by} bietet dir eine Revanche an: {game}.",
    rematch_started: "Deine Revanche hat begonnen: {game}.",
    rematch_declined: "{by} hat die Revanche abgelehnt.",
    tournament_round: "Deine nächste Turnierpartie ist bereit: {game}.",
    challenge_offered: "{by} fordert dich heraus: {game}.",
    challenge_accepted: "{by} hat deine Herausforderung angenommen: deine Partie {game} hat begonnen.",
    challenge_declined: "{by} hat deine Herausforderung abgelehnt: {game}.",
    challenge_cancelled: "{by} hat die Herausforderung zurückgezogen: {game}.",
    other: "Etwas wartet auf dich: {game}.",
    go: "Zur Partie",
    go_challenge: "Zur Herausforderung",
    dismiss: "Schließen",
    sound_on: "Ton an",
    sound_off: "Ton aus",
    sound_label: "Bei Benachrichtigungen einen Ton spielen",
    region: "Benachrichtigungen",
  },
  zh: {
    table_started: "{by} 加入了你的牌桌：你的{game}对局已开始。",
    table_started_anon: "你的牌桌已满：你的{game}对局已开始。",
    queue_matched: "排队匹配成功：{game}。",
    your_turn: "轮到你了：{game}，对局 #{id}。",
    rematch_offered: "{by} 邀请你再来一局：{game}。",
    rematch_started: "你的新一局已开始：{game}。",
    rematch_declined: "{by} 拒绝了再来一局。",
    tournament_round: "你的下一场比赛已就绪：{game}。",
    challenge_offered: "{by} 向你发起挑战：{game}。",
    challenge_accepted: "{by} 接受了你的挑战：你的{game}对局已开始。",
    challenge_declined: "{by} 拒绝了你的挑战：{game}。",
    challenge_cancelled: "{by} 撤回了挑战：{game}。",
    other: "有事需要你处理：{game}。",
    go: "前往对局",
    go_challenge: "查看挑战",
    dismiss: "关闭",
    sound_on: "声音开",
    sound_off: "声音关",
    sound_label: "通知时播放声音",
    region: "通知",
  },
};

const BACKOFF_MS = [1000, 2000, 4000, 8000, 15000, 30000];
const NO_RECONNECT_CODES = new Set([4001, 4003, 4030, 4031]);
const MAX_BANNERS = 4;
const SOUND_KEY = "notify-sound";

const t = makeTranslator(WORDS, pageLang());
const region = document.querySelector("[data-notify-region]");
const soundButton = document.querySelector("[data-notify-sound]");
let unseen = 0;
let audio = null;

function text(notice) {
  const vars = { by: notice.by || "", game: notice.game_title || notice.game || "", id: notice.match_id };
  if (notice.kind === "table_started" && !notice.by) return t("table_started_anon", vars);
  return WORDS.en[notice.kind] ? t(notice.kind, vars) : t("other", vars);
}

// ── the title and the app badge count notices that arrived while the tab was in the background ──
function stripCount(title) {
  return title.replace(/^\(\d+\) /, "");
}
function showCount() {
  const base = stripCount(document.title);
  document.title = unseen ? `(${unseen}) ${base}` : base;
  if (navigator.setAppBadge) navigator.setAppBadge(unseen).catch(() => {});
}
document.addEventListener("visibilitychange", () => {
  if (!document.hidden && unseen) {
    unseen = 0;
    showCount();
  }
});

// ── the optional sound (off until the player turns it on: the click also unlocks audio) ─────────
function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "on";
}
function renderSoundButton() {
  if (!soundButton) return;
  const on = soundOn();
  soundButton.setAttribute("aria-pressed", String(on));
  soundButton.replaceChildren(icon(on ? "bell" : "bell-off"), " ", on ? t("sound_on") : t("sound_off"));
  soundButton.title = t("sound_label");
}
function beep() {
  region.dataset.sounds = String(Number(region.dataset.sounds || 0) + 1);
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.25);
  } catch {
    // No audio device: the banner and the title still tell.
  }
}
soundButton?.addEventListener("click", () => {
  localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
  renderSoundButton();
  if (soundOn()) beep();
});
renderSoundButton();

// ── banners ─────────────────────────────────────────────────────────────────────────────────────
function showBanner(notice) {
  const key = `${notice.kind}:${notice.challenge_id ?? notice.match_id}`;
  region.querySelector(`[data-key="${CSS.escape(key)}"]`)?.remove();
  const banner = document.createElement("div");
  banner.className = "notice";
  banner.dataset.key = key;
  banner.dataset.kind = notice.kind;
  banner.dataset.matchId = notice.match_id ?? "";
  banner.dataset.testid = "notice";
  banner.setAttribute("role", "alert");
  const p = document.createElement("p");
  p.textContent = text(notice);
  banner.append(icon("bell"), p);
  if (notice.url) {
    const go = document.createElement("a");
    go.className = "button primary";
    go.href = notice.url;
    go.dataset.testid = "notice-go";
    // A challenge not yet accepted has no match: its link opens the challenge's page.
    go.textContent = notice.challenge_id && !notice.match_id ? t("go_challenge") : t("go");
    banner.append(go);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.className = "notice-close";
  close.dataset.testid = "notice-dismiss";
  close.setAttribute("aria-label", t("dismiss"));
  close.textContent = "×";
  close.addEventListener("click", () => banner.remove());
  banner.addEventListener("keydown", (e) => {
    if (e.key === "Escape") banner.remove();
  });
  banner.append(close);
  region.prepend(banner);
  while (region.children.length > MAX_BANNERS) region.lastElementChild.remove();
}

function handle(notice) {
  const asked = new CustomEvent("site-notify", { detail: notice, cancelable: true });
  if (!window.dispatchEvent(asked)) return; // the page shows it itself
  // Waiting in the lobby for a table to fill: the match is what the player was waiting for.
  if (document.body.dataset.page === "lobby" && notice.kind === "table_started" && notice.url) {
    location.assign(notice.url);
    return;
  }
  showBanner(notice);
  if (document.hidden) {
    unseen += 1;
    showCount();
  }
  if (soundOn()) beep();
}

function connect(attempt = 0) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/notify/`);
  socket.addEventListener("open", () => {
    attempt = 0;
    region.dataset.connected = "1";
  });
  socket.addEventListener("message", (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (message.type === "notify") handle(message);
  });
  socket.addEventListener("close", (event) => {
    region.dataset.connected = "";
    if (NO_RECONNECT_CODES.has(event.code)) return;
    setTimeout(() => connect(attempt + 1), BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]);
  });
}

if (region) {
  region.setAttribute("aria-label", t("region"));
  connect();
}
