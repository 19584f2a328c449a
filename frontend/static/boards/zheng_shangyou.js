// Zheng Shangyou board: the play to beat and who played it, the other players' card counts, bomb
// bonuses, a sorted multi-select hand with legal-play hints (Play / Pass / Hint; pass only when
// nothing beats the table), and the settlement worked out at the end.
// Interface: see the comment block at the top of ../js/live-client.js.
// View and actions: docs/games/zheng_shangyou.md.
import { el, translator, loadCss, cardRow, cardBacks, cardsText, nameOf, pickFocus, makeSender, ignoreKey, createHand, fillLog, sameRanks, parseCard, createHandover } from "./cards.js";

const DICT = {
  en: {
    board: "Zheng Shangyou table",
    your_hand: "Your cards",
    to_act: "to act",
    passed_badge: "passed",
    on_table: "★ on the table",
    cards_left: "{n} cards",
    never_played: "has not played yet",
    bomb_bonus: "bomb bonus {n}",
    table_empty: "{name} leads: any shape.",
    table_first: "{name} leads; the first play must include the 3♥.",
    table_by: "{name} played {combo}",
    passes: "{n} pass(es) since",
    your_turn_first: "Your turn: lead a play that includes the 3♥.",
    your_turn_lead: "Your turn: lead any shape.",
    your_turn_follow: "Your turn: you must beat {combo} (a bomb counts).",
    your_turn_nothing: "Your turn: nothing beats {combo}. Pass.",
    other_turn: "{name} to play.",
    over: "The deal is over.",
    play: "Play", pass: "Pass", hint: "Hint", clear: "Clear",
    selection_ok: "Ready to play: {combo}.",
    selection_bad: "The selected cards are not a legal play.",
    selection_3h: "The first play must include the 3♥.",
    selection_none: "Select cards (▲ marks cards that belong to a legal play) or press H for a hint.",
    ev_deal: "Cards dealt; {name} holds the 3♥ and leads.",
    ev_play: "{name} plays {combo}: {cards} ({left} left).",
    ev_pass: "{name} passes.",
    ev_bomb_bonus: "{name} earns a bomb bonus of {n}.",
    ev_new_lead: "{name} leads again.",
    ev_deal_over: "{name} went out.",
    history: "Recent actions",
    result_title: "Settlement",
    result_winner: "{name} went out first and collects every penalty.",
    result_pen: "{name} pays {total}: {parts}",
    pen_cards: "{n} card(s) left",
    pen_cards_doubled: "{n} card(s) left × 2 (never played) = {p}",
    pen_spade_two: "2♠ in hand 10",
    pen_bombs: "{n} unplayed bomb(s) × 10 = {p}",
    result_bonus: "Bomb bonuses: {list}",
    result_scores: "Scores (settlement + bomb bonus):",
    result_row: "{name}: {score}",
    result_hand: "cards left: {cards}",
    result_hand_none: "went out",
    you_win: "You win {n} points.",
    you_lose: "You lose {n} points.",
    keys: "Keys: ←/→ move in the hand, Space selects, Enter or P plays, H hint, X pass, Esc clears, ? rules.",
    kind_single: "a single", kind_pair: "a pair", kind_triple: "a triple", kind_straight: "a straight of {n}",
    kind_pair_run: "a run of {n} pairs", kind_bomb: "a bomb", kind_ace_bomb: "the three-Ace bomb", kind_heavenly_bomb: "the heavenly bomb",
  },
  de: {
    board: "Zheng-Shangyou-Tisch",
    your_hand: "Deine Karten",
    to_act: "am Zug",
    passed_badge: "gepasst",
    on_table: "★ liegt auf dem Tisch",
    cards_left: "{n} Karten",
    never_played: "hat noch nicht gespielt",
    bomb_bonus: "Bombenbonus {n}",
    table_empty: "{name} spielt aus: jede Form.",
    table_first: "{name} spielt aus; der erste Zug muss die Herz 3 enthalten.",
    table_by: "{name} spielte {combo}",
    passes: "{n} Mal gepasst seitdem",
    your_turn_first: "Du bist dran: spiele mit der Herz 3 aus.",
    your_turn_lead: "Du bist dran: spiele eine beliebige Form aus.",
    your_turn_follow: "Du bist dran: du musst {combo} schlagen (auch mit einer Bombe).",
    your_turn_nothing: "Du bist dran: nichts schlägt {combo}. Passe.",
    other_turn: "{name} ist am Zug.",
    over: "Das Spiel ist beendet.",
    play: "Spielen", pass: "Passen", hint: "Tipp", clear: "Abwählen",
    selection_ok: "Bereit: {combo}.",
    selection_bad: "Die gewählten Karten sind kein erlaubter Zug.",
    selection_3h: "Der erste Zug muss die Herz 3 enthalten.",
    selection_none: "Wähle Karten (▲ markiert Karten eines erlaubten Zugs) oder drücke H für einen Tipp.",
    ev_deal: "Karten gegeben; {name} hat die Herz 3 und spielt aus.",
    ev_play: "{name} spielt {combo}: {cards} (noch {left}).",
    ev_pass: "{name} passt.",
    ev_bomb_bonus: "{name} erhält einen Bombenbonus von {n}.",
    ev_new_lead: "{name} spielt erneut aus.",
    ev_deal_over: "{name} ist fertig.",
    history: "Letzte Züge",
    result_title: "Abrechnung",
    result_winner: "{name} ist zuerst fertig und erhält alle Strafpunkte.",
    result_pen: "{name} zahlt {total}: {parts}",
    pen_cards: "{n} Restkarte(n)",
    pen_cards_doubled: "{n} Restkarte(n) × 2 (nie gespielt) = {p}",
    pen_spade_two: "Pik 2 auf der Hand 10",
    pen_bombs: "{n} ungespielte Bombe(n) × 10 = {p}",
    result_bonus: "Bombenboni: {list}",
    result_scores: "Ergebnis (Abrechnung + Bombenbonus):",
    result_row: "{name}: {score}",
    result_hand: "Restkarten: {cards}",
    result_hand_none: "fertig",
    you_win: "Du gewinnst {n} Punkte.",
    you_lose: "Du verlierst {n} Punkte.",
    keys: "Tasten: ←/→ in der Hand, Leertaste wählt, Enter oder P spielt, H Tipp, X passen, Esc abwählen, ? Regeln.",
    kind_single: "eine Einzelkarte", kind_pair: "ein Paar", kind_triple: "einen Drilling", kind_straight: "eine Straße aus {n}",
    kind_pair_run: "eine Paarfolge aus {n} Paaren", kind_bomb: "eine Bombe", kind_ace_bomb: "die Drei-Asse-Bombe", kind_heavenly_bomb: "die Himmelsbombe",
  },
};

const has3H = (cards) => cards.some((c) => parseCard(c).code === "3H");

export function mount(root, { client, seats = [], lang = "en" }) {
  loadCss();
  const tr = translator(DICT, lang);
  const mySeats = seats.map(Number);
  const sender = makeSender(client, mySeats);
  let stateBySeat = {};
  let lastState = null;
  let shownSeat = null;
  let firstPlay = false;

  let gated = false; // pass and play: this seat's cards wait behind the hand-over panel
  const handover = createHandover(tr, mySeats, () => render());
  root.classList.add("cg", "zs");
  root.setAttribute("aria-label", tr("board"));
  const status = el("div", { class: "cg-status", "data-testid": "status", role: "status", "aria-live": "polite" });
  const last = el("div", { class: "cg-last", "data-testid": "last-action" });
  const seatsRow = el("div", { class: "cg-seats", "data-testid": "seats" });
  const table = el("div", { class: "cg-table", "data-testid": "table" });
  const controls = el("div", { class: "cg-controls", "data-testid": "controls" });
  // On the first play the selection must hold the 3♥ itself, not just a 3.
  const hand = createHand({ tr, label: tr("your_hand"), onChange: () => renderControls(), onEnter: () => playSelected(), matches: (sel, play) => sameRanks(sel, play) && (!firstPlay || has3H(sel)) });
  const handWrap = el("div", { class: "cg-hand-wrap" }, hand.element);
  const result = el("div", { class: "cg-result", "data-testid": "board-result", hidden: true });
  const log = el("details", { "data-testid": "history" });
  const keys = el("p", { class: "cg-keys muted", text: tr("keys"), hidden: !mySeats.length });
  root.replaceChildren(status, last, seatsRow, table, handover.element, controls, handWrap, result, log, keys);

  const name = (seat) => nameOf(lastState, seat, tr);
  const combo = (kind, length) => tr(`kind_${kind}`, { n: length });
  function comboLength(e) {
    const n = e.cards?.length || 0;
    if (e.combo === "straight") return n;
    if (e.combo === "pair_run") return n / 2;
    return 1;
  }
  function eventText(e) {
    switch (e.kind) {
      case "deal": return tr("ev_deal", { name: name(e.leader) });
      case "play": return tr("ev_play", { name: name(e.seat), combo: combo(e.combo, comboLength(e)), cards: cardsText(e.cards), left: e.left });
      case "pass": return tr("ev_pass", { name: name(e.seat) });
      case "bomb_bonus": return tr("ev_bomb_bonus", { name: name(e.seat), n: e.points });
      case "new_lead": return tr("ev_new_lead", { name: name(e.seat) });
      case "deal_over": return tr("ev_deal_over", { name: name(e.winner) });
      default: return e.kind;
    }
  }

  function current() {
    const f = pickFocus(stateBySeat, mySeats, shownSeat);
    shownSeat = f.seat;
    return f;
  }
  const legalOf = (msg) => (gated || ["finished", "aborted"].includes(lastState?.match?.status) ? [] : msg?.legal || []);

  function render() {
    const f = current();
    if (!f.msg) return;
    const view = f.msg.view;
    gated = handover.active(view.phase === "over" ? null : f.seat, nameOf(lastState, f.seat, tr));
    const legal = legalOf(f.msg);
    firstPlay = !!view.first_play;
    root.dataset.phase = view.phase;
    const plays = legal.filter((a) => a.kind === "play").map((a) => a.cards);
    hand.update({ cards: view.hand || [], plays, active: plays.length > 0, key: `${f.seat}:${f.msg.seq}` });
    handWrap.hidden = !view.hand || gated;
    renderStatus(view, legal);
    const evs = view.last_events || [];
    last.replaceChildren(el("strong", { text: tr("last") }), " ", evs.length ? eventText(evs[evs.length - 1]) : tr("nothing_yet"));
    renderSeats(f, view);
    renderTable(view);
    renderControls();
    renderResult(f, view);
    fillLog(log, tr("history"), evs.map(eventText).reverse());
  }

  function renderStatus(view, legal) {
    let text;
    if (view.phase === "over" || !view.to_act?.length) text = tr("over");
    else if (legal.length) {
      const c = view.table ? combo(view.table.kind, view.table.length) : "";
      if (!view.table) text = view.first_play ? tr("your_turn_first") : tr("your_turn_lead");
      else if (legal.some((a) => a.kind === "play")) text = tr("your_turn_follow", { combo: c });
      else text = tr("your_turn_nothing", { combo: c });
    } else text = tr("other_turn", { name: name(view.to_act[0]) });
    if (!mySeats.length) text += ` ${tr("spectating")}`;
    status.textContent = text;
    status.classList.toggle("is-your-turn", legal.length > 0);
  }

  function renderSeats(f, view) {
    seatsRow.replaceChildren();
    const n = view.hand_counts?.length || 3;
    const base = f.seat ?? 0;
    const passed = new Set();
    if (view.table) for (let k = 1; k <= (view.passes || 0); k++) passed.add((view.table.seat + k) % n);
    for (const s of [1, 2, 0].map((k) => (base + k) % n)) {
      const acting = (view.to_act || []).includes(s);
      const bonus = view.bomb_bonus?.[s] || 0;
      seatsRow.append(el("div", { class: `cg-seat${acting ? " is-acting" : ""}`, "data-testid": `seat-${s}` },
        el("div", { class: "cg-seat-name" }, el("strong", { text: name(s) }),
          mySeats.includes(s) ? el("span", { class: "muted", text: ` (${tr("you")})` }) : null,
          acting ? el("span", { class: "cg-acting", text: `▶ ${tr("to_act")}` }) : null),
        el("div", { class: "cg-seat-info" },
          passed.has(s) ? el("span", { class: "cg-badge is-strong", text: tr("passed_badge") }) : null,
          view.table?.seat === s ? el("span", { class: "cg-badge is-landlord", text: tr("on_table") }) : null,
          el("span", { class: "cg-count", "data-testid": `count-${s}`, text: tr("cards_left", { n: view.hand_counts?.[s] ?? 0 }) }),
          bonus ? el("span", { class: "cg-badge is-landlord", text: tr("bomb_bonus", { n: bonus > 0 ? `+${bonus}` : bonus }) }) : null,
          view.has_played && !view.has_played[s] && view.phase === "play" ? el("span", { class: "cg-badge", text: tr("never_played") }) : null,
          s === f.seat ? null : cardBacks(view.hand_counts?.[s] ?? 0, tr, { max: 16 }))));
    }
  }

  function renderTable(view) {
    const play = el("div", { class: "cg-play", "data-testid": "table-play" });
    if (view.table) {
      const label = tr("table_by", { name: name(view.table.seat), combo: combo(view.table.kind, view.table.length) });
      play.append(el("p", { class: "cg-play-label", text: label + (view.passes ? ` · ${tr("passes", { n: view.passes })}` : "") }),
        cardRow(view.table.cards, tr, { label, testid: "table-cards" }));
    } else if (view.phase === "play") {
      play.append(el("p", { class: "cg-play-label", text: tr(view.first_play ? "table_first" : "table_empty", { name: name(view.to_act?.[0]) }) }));
    }
    table.replaceChildren(play);
  }

  function renderControls() {
    const f = current();
    if (!f.msg) return;
    const legal = legalOf(f.msg);
    controls.replaceChildren();
    controls.hidden = !legal.length;
    if (!legal.length) return;
    const match = hand.matching();
    const sel = hand.selection();
    const canPass = legal.some((a) => a.kind === "pass");
    const anyPlay = legal.some((a) => a.kind === "play");
    let note = "";
    if (match) note = tr("selection_ok", { combo: cardsText(sel) });
    else if (sel.length && firstPlay && !has3H(sel)) note = tr("selection_3h");
    else if (sel.length) note = tr("selection_bad");
    else if (anyPlay) note = tr("selection_none");
    controls.append(
      el("button", { type: "button", class: "button primary big", "data-testid": "play-button", "aria-keyshortcuts": "Enter P", disabled: !match, text: `${tr("play")} (P)`, onclick: playSelected }),
      el("button", { type: "button", class: `button big${canPass ? " primary" : ""}`, "data-testid": "pass-button", "aria-keyshortcuts": "X", disabled: !canPass, text: `${tr("pass")} (X)`, onclick: () => canPass && sender.send({ kind: "pass" }, f.seat) }),
      el("button", { type: "button", class: "button", "data-testid": "hint-button", "aria-keyshortcuts": "H", disabled: !anyPlay, text: `${tr("hint")} (H)`, onclick: () => hand.hint() }),
      el("button", { type: "button", class: "button", "data-testid": "clear-button", "aria-keyshortcuts": "Escape", disabled: !sel.length, text: `${tr("clear")} (Esc)`, onclick: () => hand.clear() }),
      el("p", { class: "cg-sel-note", "data-testid": "selection-note", role: "status", text: note }),
    );
  }

  function playSelected() {
    const f = current();
    if (!f.msg || !hand.matching()) return;
    sender.send({ kind: "play", cards: hand.selection() }, f.seat);
  }

  function renderResult(f, view) {
    const r = view.result;
    result.hidden = !r;
    if (!r) return;
    const pens = (r.penalties || []).filter((p) => p.seat !== r.winner && p.total).map((p) => {
      const parts = [];
      if (p.cards_left) parts.push(p.never_played ? tr("pen_cards_doubled", { n: p.cards_left, p: p.card_points }) : tr("pen_cards", { n: p.cards_left }));
      if (p.spade_two) parts.push(tr("pen_spade_two"));
      if (p.bomb_points) parts.push(tr("pen_bombs", { n: p.bomb_points / 10, p: p.bomb_points }));
      return el("li", { "data-testid": `penalty-${p.seat}`, text: tr("result_pen", { name: name(p.seat), total: p.total, parts: parts.join(" + ") }) });
    });
    const bonus = (r.bomb_bonus || []).map((b, s) => (b ? `${name(s)} ${b > 0 ? "+" : ""}${b}` : null)).filter(Boolean);
    const rows = (r.scores || []).map((score, s) => {
      const left = r.hands?.[s] || [];
      return el("li", { class: s === r.winner ? "is-winner" : "", "data-testid": `result-seat-${s}` },
        el("strong", { text: tr("result_row", { name: name(s), score: score > 0 ? `+${score}` : score }) }), " · ",
        left.length ? tr("result_hand", { cards: cardsText(left) }) : tr("result_hand_none"));
    });
    const mine = f.seat !== null && f.seat !== undefined ? r.scores?.[f.seat] : null;
    result.replaceChildren(...[
      el("h3", { text: tr("result_title") }),
      el("p", { class: "cg-result-main", text: tr("result_winner", { name: name(r.winner) }) }),
      mine !== null && mine !== undefined ? el("p", { class: "cg-result-you", text: mine >= 0 ? `✓ ${tr("you_win", { n: mine })}` : `✗ ${tr("you_lose", { n: -mine })}` }) : null,
      pens.length ? el("ul", {}, ...pens) : null,
      bonus.length ? el("p", { text: tr("result_bonus", { list: bonus.join(", ") }) }) : null,
      el("p", { text: tr("result_scores") }),
      el("ul", { class: "cg-result-list" }, ...rows),
    ].filter(Boolean));
  }

  function onKey(e) {
    if (ignoreKey(e) || !root.isConnected) return;
    const f = current();
    if (!f.msg) return;
    const legal = legalOf(f.msg);
    if (!legal.length) return;
    const k = e.key.toLowerCase();
    if (k === "enter" && e.target.closest?.("button, summary") && !e.target.closest(".hand-card")) return;
    let handled = true;
    if (k === "x") {
      if (legal.some((a) => a.kind === "pass")) sender.send({ kind: "pass" }, f.seat);
    } else if (k === "p" || k === "enter") playSelected();
    else if (k === "h") {
      hand.hint();
      hand.focus();
    } else if (k === "escape" && hand.selection().length) hand.clear();
    else handled = false;
    if (handled) e.preventDefault();
  }
  document.addEventListener("keydown", onKey);

  return {
    update(newStateBySeat, newLastState) {
      stateBySeat = newStateBySeat;
      lastState = newLastState;
      sender.free();
      render();
    },
    destroy() {
      document.removeEventListener("keydown", onKey);
      root.replaceChildren();
    },
  };
}
