// The lobby's forms (templates/lobby/index.html): each form's level list, seat range and modes
// follow its chosen game; the chosen computer level's one-line description is shown under it.
// The time control list follows the game too; a clock other than the standard one is for unrated
// games only, so choosing it unticks "Rated game" (the server refuses the pair as well).
// Each game's card has "Play <game>": it chooses that game in both forms and moves the focus to
// them (without scripts the link reloads the page with ?game=<slug>, which does the same).

function syncForm(form, gameChanged) {
  const gameSelect = form.querySelector("[data-role=game-select]");
  const levelSelect = form.querySelector("[data-role=level-select]");
  const levelHelp = form.querySelector("[data-role=level-description]");
  const passAndPlay = form.querySelector("[data-role=pass-and-play]");
  const seatsInput = form.querySelector("[data-role=seats-input]");
  const aiSeatsInput = form.querySelector("[data-role=ai-seats-input]");
  const option = gameSelect.selectedOptions[0];
  if (!option) return;
  const counts = (option.dataset.seatCounts || "").split(" ").filter(Boolean).map(Number);
  if (levelSelect) {
    let preferred = null;
    for (const group of levelSelect.querySelectorAll("optgroup")) {
      const mine = group.dataset.game === gameSelect.value;
      group.hidden = !mine;
      group.disabled = !mine;
      if (mine && !preferred) preferred = group.querySelector("option[data-default]") || group.querySelector("option");
    }
    const current = levelSelect.selectedOptions[0];
    // A newly chosen game starts at its newcomer's level (live.ai_players.default_level).
    if (preferred && (gameChanged || !current || current.parentElement.disabled)) preferred.selected = true;
    if (levelHelp) levelHelp.textContent = levelSelect.selectedOptions[0]?.dataset.description || "";
  }
  const timeSelect = form.querySelector("[data-role=time-select]");
  if (timeSelect) {
    let standard = null;
    for (const group of timeSelect.querySelectorAll("optgroup")) {
      const mine = group.dataset.game === gameSelect.value;
      group.hidden = !mine;
      group.disabled = !mine;
      if (mine && !standard) standard = group.querySelector("option[data-default]");
    }
    const chosen = timeSelect.value;
    const current = timeSelect.selectedOptions[0];
    if (standard && (!current || current.parentElement.disabled)) {
      const same = standard.parentElement.querySelector(`option[value="${chosen}"]`);
      (same || standard).selected = true;
    }
    const rated = form.querySelector("[data-role=rated-input]");
    if (rated) {
      const nonStandard = timeSelect.value !== "standard";
      if (nonStandard) rated.checked = false;
      rated.disabled = nonStandard;
    }
  }
  if (passAndPlay) {
    const twoSeats = counts.includes(2);
    passAndPlay.hidden = !twoSeats;
    const radio = passAndPlay.querySelector("input");
    radio.disabled = !twoSeats;
    if (!twoSeats && radio.checked) form.querySelector("input[name=mode][value=ai]").checked = true;
  }
  if (seatsInput && counts.length) {
    seatsInput.min = Math.min(...counts);
    seatsInput.max = Math.max(...counts);
    if (!counts.includes(Number(seatsInput.value))) seatsInput.value = counts[0];
  }
  if (aiSeatsInput && seatsInput) {
    aiSeatsInput.max = Math.max(0, Number(seatsInput.value) - 1);
    if (Number(aiSeatsInput.value) > Number(aiSeatsInput.max)) aiSeatsInput.value = aiSeatsInput.max;
  }
}

const forms = document.querySelectorAll("form.game-form");

function chooseGame(slug, title) {
  for (const form of forms) {
    const select = form.querySelector("[data-role=game-select]");
    if (select.value !== slug) {
      select.value = slug;
      syncForm(form, true);
    }
  }
  for (const card of document.querySelectorAll("[data-testid=game-card]")) {
    card.classList.toggle("is-chosen", card.dataset.game === slug);
  }
  const heading = document.querySelector("[data-role=play-heading]");
  if (heading?.dataset.template) heading.textContent = heading.dataset.template.replace("%(game)s", title);
  history.replaceState(null, "", `?game=${encodeURIComponent(slug)}#play`);
  const section = document.getElementById("play");
  section.scrollIntoView({ block: "start" });
  section.focus({ preventScroll: true }); // the next Tab goes into the chosen game's form
}

for (const link of document.querySelectorAll("[data-role=choose-game]")) {
  link.addEventListener("click", (event) => {
    event.preventDefault();
    chooseGame(link.dataset.game, link.dataset.title);
  });
}

for (const form of forms) {
  form.querySelector("[data-role=game-select]").addEventListener("change", () => syncForm(form, true));
  form.querySelector("[data-role=seats-input]")?.addEventListener("change", () => syncForm(form, false));
  form.querySelector("[data-role=level-select]")?.addEventListener("change", () => syncForm(form, false));
  form.querySelector("[data-role=time-select]")?.addEventListener("change", () => syncForm(form, false));
  syncForm(form, false);
}
