// Challenges (docs/challenges.md). The notification socket (notify.js) asks the page about each
// notice with a cancelable "site-notify" event; here a challenge notice
// - refreshes the lobby's challenges card (htmx listens for "challenges-changed" on window), and
// - on a challenge's own page: the challenger, waiting there, is taken to the match when it is
//   accepted; a decline or cancel reloads the page to show it (the banner still tells).
// On the form (templates/challenges/new.html; lobby.js keeps its lists in step with the game):
// the computer's strength is asked only for a game with AI seats, and such a game is never rated.

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

const form = document.querySelector("[data-testid=challenge-form]");
if (form) {
  const game = form.querySelector("[data-role=game-select]");
  const levelField = form.querySelector("[data-role=ai-level-field]");
  const rated = form.querySelector("[data-role=rated-input]");
  const time = form.querySelector("[data-role=time-select]");
  const sync = () => {
    const withAi = Number(game.selectedOptions[0]?.dataset.aiSeats || 0) > 0;
    levelField.hidden = !withAi;
    levelField.querySelector("select").disabled = !withAi;
    if (withAi) rated.checked = false;
    rated.disabled = withAi || time.value !== "standard";
  };
  // After lobby.js's own listeners (modules run in order): its sync may enable "Rated" again.
  game.addEventListener("change", sync);
  time.addEventListener("change", sync);
  sync();
}
