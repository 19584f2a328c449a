/*
 * tournament-countdown.js: the time left until an arena ends, next to the end time the page
 * states in words. Progressive enhancement: without scripts the page says "ends at 18:30 UTC";
 * with them, every <time data-countdown-to> gets "(in 12:34)" after it, counted down once a
 * second, and the words of data-countdown-over once the moment has passed. Nothing to press.
 * The standings around it are swapped by htmx every few seconds, so each tick looks the
 * elements up again (a module runs once however often the partial brings its script tag).
 */
function twoDigits(n) {
  return String(n).padStart(2, "0");
}

function left(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = `${twoDigits(m)}:${twoDigits(s % 60)}`;
  return h ? `${h}:${rest}` : rest;
}

function tick() {
  for (const el of document.querySelectorAll("time[data-countdown-to]")) {
    const end = Date.parse(el.dataset.countdownTo);
    if (Number.isNaN(end)) continue;
    let out = el.nextElementSibling;
    if (!out || !out.matches("[data-countdown-left]")) {
      out = document.createElement("span");
      out.dataset.countdownLeft = "";
      out.dataset.testid = "arena-countdown-left";
      el.after(out);
    }
    const ms = end - Date.now();
    const label = el.dataset.countdownLabel || "({time})";
    out.textContent = ms > 0 ? ` ${label.replace("{time}", left(ms))}` : ` (${el.dataset.countdownOver})`;
  }
}

tick();
setInterval(tick, 1000);
