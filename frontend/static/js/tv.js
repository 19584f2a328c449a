// The TV pages (/tv/, /tv/<game>/; templates/live/_tv_bar.html): the page shows one featured live
// match (the match page as a spectator, or "nothing is being played"), asks the server every few
// seconds what is featured now, and moves on to it once the match it shows has ended and its
// result has been on screen for a moment. The server picks the match (docs/players.md "Watching").
const POLL_MS = 5_000;
const LINGER_MS = 8_000; // the finished match's result stays this long before the next one

const bar = document.getElementById("tv");
const showing = bar.dataset.showing ? Number(bar.dataset.showing) : null;
let endedAt = null;

function moveOn() {
  window.location.replace(bar.dataset.tvUrl);
}

async function poll() {
  const url = new URL(bar.dataset.currentUrl, window.location.href);
  if (showing !== null) url.searchParams.set("showing", String(showing));
  let data;
  try {
    const response = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (!response.ok) return;
    data = await response.json();
  } catch {
    return; // offline for a moment: ask again next time
  }
  const featured = data.featured?.match_id ?? null;
  if (showing === null) {
    if (featured !== null) moveOn();
    return;
  }
  if (data.showing?.running) {
    endedAt = null;
    return;
  }
  endedAt ??= Date.now();
  if (Date.now() - endedAt >= LINGER_MS && featured !== showing) moveOn();
}

setInterval(poll, POLL_MS);
