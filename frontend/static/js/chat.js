/*
 * chat.js: the chat panel of the match and tournament pages (docs/chat.md). One socket,
 * /ws/chat/<kind>/<id>/; the server says which rooms this reader sees and where they write, sends
 * each room's recent messages, every new one, and refusals already in the page's language.
 */
import { makeTranslator, pageLang } from "../kit/i18n.js";
import { el } from "../kit/dom.js";

const WORDS = {
  en: {
    connecting: "Connecting…",
    connected: "Connected.",
    reconnecting: "Connection lost, reconnecting…",
    closed: "The chat is not available.",
    empty: "No messages yet.",
    players: "players",
    spectators: "spectators",
    tournament: "tournament",
    to_room: "(to the {room})",
    mute: "Mute",
    mute_label: "Mute {name}: hide their messages for you",
    unmute: "Unmute",
    unmute_label: "Unmute {name}",
    too_long: "Message too long: at most {n} characters.",
  },
  de: {
    connecting: "Verbinde…",
    connected: "Verbunden.",
    reconnecting: "Verbindung verloren, verbinde neu…",
    closed: "Der Chat ist nicht verfügbar.",
    empty: "Noch keine Nachrichten.",
    players: "Spieler",
    spectators: "Zuschauer",
    tournament: "Turnier",
    to_room: "(Raum: {room})",
    mute: "Stumm",
    mute_label: "{name} stummschalten: Nachrichten nur für dich ausblenden",
    unmute: "Wieder zeigen",
    unmute_label: "{name} wieder zeigen",
    too_long: "Nachricht zu lang: höchstens {n} Zeichen.",
  },
  zh: {
    connecting: "正在连接…",
    connected: "已连接。",
    reconnecting: "连接中断，正在重连…",
    closed: "聊天不可用。",
    empty: "还没有消息。",
    players: "玩家",
    spectators: "观众",
    tournament: "比赛",
    to_room: "（发给{room}）",
    mute: "屏蔽",
    mute_label: "屏蔽 {name}：不再显示其消息",
    unmute: "取消屏蔽",
    unmute_label: "取消屏蔽 {name}",
    too_long: "消息太长：最多 {n} 个字符。",
  },
};

const BACKOFF_MS = [1000, 2000, 4000, 8000, 15000, 30000];
const NO_RECONNECT_CODES = new Set([4001, 4003, 4004, 4029, 4030, 4031]);
const MAX_SHOWN = 200;

function startChat(panel) {
  const lang = pageLang();
  const t = makeTranslator(WORDS, lang);
  const list = panel.querySelector("[data-chat-list]");
  const status = panel.querySelector("[data-chat-status]");
  const errorBox = panel.querySelector("[data-chat-error]");
  const form = panel.querySelector("[data-chat-form]");
  const input = panel.querySelector("[data-chat-input]");
  const send = panel.querySelector("[data-chat-send]");
  const roomLabel = panel.querySelector("[data-chat-room]");
  const mutesBox = panel.querySelector("[data-chat-mutes]");
  const muteList = panel.querySelector("[data-chat-mute-list]");
  const you = panel.dataset.chatYou || null;
  let socket = null;
  let attempt = 0;
  let rooms = [];
  let muted = new Set();
  let maxLength = 300;

  function showError(text) {
    errorBox.textContent = text || "";
    errorBox.hidden = !text;
  }

  function setWritable(on) {
    if (!input) return;
    input.disabled = !on;
    send.disabled = !on;
  }

  function messageItem(msg) {
    const at = new Date(msg.at);
    const time = Number.isNaN(at.getTime())
      ? ""
      : at.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
    const canMute = you && msg.author !== you && !muted.has(msg.author);
    return el(
      "li",
      { class: "chat-message", dataset: { author: msg.author, id: String(msg.id) } },
      el("span", { class: "chat-time", text: time }),
      rooms.length > 1 ? el("span", { class: "chat-room-tag", text: `[${t(msg.room)}]` }) : null,
      el("span", { class: "chat-author", text: msg.author }),
      el("span", { class: "chat-text", text: msg.text }),
      canMute
        ? el("button", {
            type: "button",
            class: "button small chat-mute",
            text: t("mute"),
            "aria-label": t("mute_label", { name: msg.author }),
            onclick: () => sendFrame({ type: "mute", name: msg.author }),
          })
        : null,
    );
  }

  function addMessages(messages) {
    const empty = list.querySelector(".chat-empty");
    if (empty && messages.length) empty.remove();
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    for (const msg of messages) {
      if (muted.has(msg.author)) continue;
      list.append(messageItem(msg));
    }
    while (list.children.length > MAX_SHOWN) list.firstElementChild.remove();
    if (atBottom) list.scrollTop = list.scrollHeight;
  }

  function showMutes(names) {
    muted = new Set(names);
    for (const item of [...list.querySelectorAll(".chat-message")]) {
      if (muted.has(item.dataset.author)) item.remove();
    }
    if (!mutesBox) return;
    muteList.replaceChildren(
      ...names.map((name) =>
        el(
          "li",
          {},
          `${name} `,
          el("button", {
            type: "button",
            class: "button small",
            text: t("unmute"),
            "aria-label": t("unmute_label", { name }),
            onclick: () => sendFrame({ type: "unmute", name }),
          }),
        ),
      ),
    );
    mutesBox.hidden = names.length === 0;
  }

  function sendFrame(frame) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
  }

  function onFrame(frame) {
    switch (frame.type) {
      case "hello":
        rooms = frame.rooms.map((r) => r.room);
        maxLength = frame.max_length || maxLength;
        if (input) input.maxLength = maxLength;
        showMutes(frame.mutes || []);
        list.replaceChildren();
        for (const room of frame.rooms) addMessages(room.messages);
        if (!list.children.length) list.append(el("li", { class: "chat-empty muted", text: t("empty") }));
        if (roomLabel) roomLabel.textContent = frame.post_to ? t("to_room", { room: t(frame.post_to) }) : "";
        setWritable(Boolean(frame.post_to));
        break;
      case "room":
        rooms.push(frame.room);
        addMessages(frame.messages);
        break;
      case "message":
        addMessages([frame]);
        break;
      case "posted":
        showError("");
        if (input) input.value = "";
        break;
      case "mutes":
        showMutes(frame.mutes);
        break;
      case "error":
        showError(frame.message || frame.code);
        break;
      default:
        break;
    }
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const path = `${panel.dataset.chatPath}?lang=${encodeURIComponent(lang)}`;
    status.textContent = attempt ? t("reconnecting") : t("connecting");
    socket = new WebSocket(`${scheme}://${location.host}${path}`);
    socket.addEventListener("open", () => {
      attempt = 0;
      status.textContent = t("connected");
    });
    socket.addEventListener("message", (event) => {
      try {
        onFrame(JSON.parse(event.data));
      } catch {
        // not a frame of this protocol: ignore it
      }
    });
    socket.addEventListener("close", (event) => {
      setWritable(false);
      if (NO_RECONNECT_CODES.has(event.code)) {
        status.textContent = t("closed");
        return;
      }
      status.textContent = t("reconnecting");
      const wait = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)];
      attempt += 1;
      setTimeout(connect, wait);
    });
  }

  if (form) {
    // Keys typed into the chat are for the chat: the board's shortcuts on document never see them.
    input.addEventListener("keydown", (event) => event.stopPropagation());
    // A form: Enter in the field submits it, as does the button, with the keyboard or not.
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      if (text.length > maxLength) {
        showError(t("too_long", { n: maxLength }));
        return;
      }
      sendFrame({ type: "post", text });
    });
  }
  connect();
}

for (const panel of document.querySelectorAll("[data-chat]")) startChat(panel);
