/*
 * queue.js: keeps the queue panel (templates/matchmaking/_panel.html) live over /ws/queue/
 * (matchmaking/README.md).  Join and cancel go over the socket; the server pushes the status every
 * second (time waited, rating window, place in the queue) and a `matched` message, on which the
 * page opens the match.  Without this script the panel's forms still work (POST and reload).
 */

const BACKOFF_MS = [500, 1000, 2000, 4000, 8000];
const NO_RECONNECT_CODES = new Set([4001, 4003]);

function setText(panel, role, value) {
  const el = panel.querySelector(`[data-role="${role}"]`);
  if (el) el.textContent = value ?? "";
}

function show(panel, role, visible) {
  const el = panel.querySelector(`[data-role="${role}"]`);
  if (el) el.hidden = !visible;
}

function render(panel, message) {
  const queued = message.type === "status";
  show(panel, "join-form", !queued);
  show(panel, "status", queued);
  if (queued) {
    setText(panel, "game-title", message.game_title);
    setText(panel, "kind", message.rated ? panel.dataset.rated || "rated" : panel.dataset.casual || "casual");
    setText(panel, "waited", message.waited_s);
    setText(panel, "rating", message.rating);
    setText(panel, "low", message.window.low);
    setText(panel, "high", message.window.high);
    setText(panel, "position", message.position);
    setText(panel, "size", message.size);
    show(panel, "ai-fill", !message.rated);
    if (!message.rated) setText(panel, "ai-fill-s", message.ai_fill_in_s);
  } else {
    show(panel, "cooldown", Boolean(message.cooldown_s));
    setText(panel, "cooldown-s", message.cooldown_s);
    const join = panel.querySelector('[data-testid="queue-join"]');
    if (join) join.disabled = Boolean(message.cooldown_s);
  }
}

function connect(panel, attempt = 0) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}${panel.dataset.wsPath}`);
  const connection = panel.querySelector('[data-role="connection"]');
  panel.queueSocket = socket;

  socket.addEventListener("open", () => {
    attempt = 0;
    if (connection) connection.hidden = true;
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "status" || message.type === "idle") {
      render(panel, message);
      // A status again: the database is back (docs/protocol.md, store_unavailable).
      if (connection && connection.dataset.code === "store_unavailable") connection.hidden = true;
    } else if (message.type === "matched") {
      location.assign(message.url);
    } else if (message.type === "error" && connection) {
      connection.textContent = message.message;
      connection.dataset.code = message.code;
      connection.hidden = false;
    }
  });
  socket.addEventListener("close", (event) => {
    if (NO_RECONNECT_CODES.has(event.code) || !panel.isConnected) return;
    if (connection) {
      connection.textContent = "…";
      connection.hidden = false;
    }
    const wait = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)];
    setTimeout(() => connect(panel, attempt + 1), wait);
  });
}

function init(panel) {
  if (panel.dataset.queueLive) return; // already connected (htmx may swap a panel in again)
  panel.dataset.queueLive = "1";
  const joinForm = panel.querySelector('[data-role="join-form"]');
  if (!joinForm) return; // a visitor's panel: nothing to keep live
  const leaveForm = panel.querySelector('[data-role="leave-form"]');
  const live = () => panel.queueSocket && panel.queueSocket.readyState === WebSocket.OPEN;
  joinForm.addEventListener("submit", (event) => {
    if (!live()) return; // fall back to the plain POST
    event.preventDefault();
    const data = new FormData(joinForm);
    panel.queueSocket.send(
      JSON.stringify({ type: "join", game: data.get("game"), rated: data.get("mode") !== "casual" }),
    );
  });
  leaveForm?.addEventListener("submit", (event) => {
    if (!live()) return;
    event.preventDefault();
    panel.queueSocket.send(JSON.stringify({ type: "leave" }));
  });
  connect(panel);
}

function initAll(root) {
  const panels = root.matches?.("[data-queue-panel]") ? [root] : root.querySelectorAll("[data-queue-panel]");
  for (const panel of panels) init(panel);
}

initAll(document);
// The lobby may load the panel with htmx (hx-get="/queue/panel/" hx-trigger="load").
document.addEventListener("htmx:load", (event) => initAll(event.detail.elt));
