// Challenges (docs/challenges.md). The notification socket (notify.js) asks the page about each
// notice with a cancelable "site-notify" event; here a challenge notice
// - refreshes the lobby's challenges card (htmx listens for "challenges-changed" on window), and
// - on a challenge's own page: the challenger, waiting there, is taken to the match when it is
//   accepted; a decline or cancel reloads the page to show it (the banner still tells).

window.addEventListener("site-notify", (event) => {
  const notice = event.detail || {};
  if (!String(notice.kind || "").startsWith("challenge_")) return;
  window.dispatchEvent(new CustomEvent("challenges-changed"));
  const here = document.querySelector("[data-testid=challenge][data-challenge-id]");
  if (!here || String(notice.challenge_id) !== here.dataset.challengeId) return;
  if (notice.kind === "challenge_accepted" && notice.url) {
    event.preventDefault();
    location.assign(notice.url);
  } else if (notice.kind === "challenge_declined" || notice.kind === "challenge_cancelled") {
    location.reload();
  }
});
