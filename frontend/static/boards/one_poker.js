// One Poker board: both players' UP/DOWN signals, chips and bets, your two cards with a lock button
// each (the lock is simultaneous: after locking, "waiting for the opponent"), the betting round with
// a slider inside the view's limits, and the reveal of the last deal.
// Interface: see the comment block at the top of ../js/live-client.js.
// View and actions: docs/games/one_poker.md.
import { el, translator, loadCss, cardRow, cardSvg, cardName, cardText, nameOf, pickFocus, makeSender, ignoreKey, fillLog, parseCard, betPanel, createHandover } from "./cards.js";

const DICT = {
  en: {
    board: "One Poker table",
    deal_no: "Deal {n}",
    pot: "Pot {n}",
    ante: "ante {n} each",
    stock: "Stock: {n} cards",
    discards: "Discards: {n}",
    stack: "Chips {n}",
    bet: "Bet {n}",
    signals: "▲ UP {up} · ▼ DOWN {down}",
    signals_label: "{up} UP card(s) (8 to A), {down} DOWN card(s) (2 to 7)",
    first: "bets first",
    locked: "✓ locked",
    choosing: "choosing a card…",
    to_act: "to act",
    your_cards: "Your cards",
    lock_btn: "Lock {card} ({key})",
    locked_card: "Locked: {card}",
    kept_card: "Kept for the next deal",
    up: "UP", down: "DOWN",
    your_turn_lock: "Lock one of your two cards (1 or 2). The lock cannot be changed.",
    waiting_lock: "You locked {card}. Waiting for the opponent to lock…",
    other_lock: "Both players choose a card to lock.",
    other_lock_one: "{name} has locked; waiting for {other}.",
    your_turn_call: "Your turn: {n} to call.",
    your_turn_check: "Your turn: check or bet.",
    other_turn: "{name} to act.",
    over: "The match is over.",
    reveal_title: "Reveal of deal {n}",
    reveal_folded: "{name} folded; both locked cards are shown anyway.",
    reveal_win: "{name} wins the pot of {pot}.",
    reveal_tie: "Equal ranks: the pot of {pot} is split.",
    reveal_share: "{name} +{n}",
    reveal_locked: "{name} locked",
    two_beats_ace: "(a 2 beats an Ace)",
    ev_deal: "Deal {n}: ante paid, cards dealt; {name} bets first.",
    ev_reshuffle: "The discards were shuffled into the stock ({n} cards).",
    ev_locked: "{name} locked a card.",
    ev_locked_own: "You locked {card}.",
    ev_betting: "Both locked: betting starts with {name}.",
    ev_fold: "{name} folds.", ev_check: "{name} checks.", ev_call: "{name} calls {to}.",
    ev_bet: "{name} bets {to}.", ev_raise: "{name} raises to {to}.", ev_all_in: " (all-in)",
    ev_uncalled: "{n} uncalled returned to {name}.",
    ev_reveal: "Reveal: {a} against {b}.",
    ev_match_end: "{name} wins the match.",
    history: "Recent events",
    result_title: "Final result",
    result_row: "{place}. {name}: {n} chips",
    keys: "Keys: 1 / 2 lock the first / second card; F fold, C check/call, B or Enter bet/raise, ←/→ on the slider, then 1 ½ pot, 2 pot, 3 all-in while betting; ? rules.",
  },
  de: {
    board: "One-Poker-Tisch",
    deal_no: "Runde {n}",
    pot: "Pot {n}",
    ante: "Ante je {n}",
    stock: "Stapel: {n} Karten",
    discards: "Abgeworfen: {n}",
    stack: "Chips {n}",
    bet: "Einsatz {n}",
    signals: "▲ UP {up} · ▼ DOWN {down}",
    signals_label: "{up} UP-Karte(n) (8 bis A), {down} DOWN-Karte(n) (2 bis 7)",
    first: "setzt zuerst",
    locked: "✓ gesperrt",
    choosing: "wählt eine Karte…",
    to_act: "am Zug",
    your_cards: "Deine Karten",
    lock_btn: "{card} sperren ({key})",
    locked_card: "Gesperrt: {card}",
    kept_card: "Bleibt für die nächste Runde",
    up: "UP", down: "DOWN",
    your_turn_lock: "Sperre eine deiner beiden Karten (1 oder 2). Die Sperre ist endgültig.",
    waiting_lock: "Du hast {card} gesperrt. Warte auf den Gegner…",
    other_lock: "Beide Spieler wählen eine Karte zum Sperren.",
    other_lock_one: "{name} hat gesperrt; warte auf {other}.",
    your_turn_call: "Du bist dran: {n} zum Mitgehen.",
    your_turn_check: "Du bist dran: schieben oder setzen.",
    other_turn: "{name} ist am Zug.",
    over: "Die Partie ist beendet.",
    reveal_title: "Aufdecken, Runde {n}",
    reveal_folded: "{name} ist ausgestiegen; beide gesperrten Karten werden trotzdem gezeigt.",
    reveal_win: "{name} gewinnt den Pot von {pot}.",
    reveal_tie: "Gleicher Rang: der Pot von {pot} wird geteilt.",
    reveal_share: "{name} +{n}",
    reveal_locked: "{name} sperrte",
    two_beats_ace: "(eine 2 schlägt ein Ass)",
    ev_deal: "Runde {n}: Ante bezahlt, Karten gegeben; {name} setzt zuerst.",
    ev_reshuffle: "Der Abwurf wurde in den Stapel gemischt ({n} Karten).",
    ev_locked: "{name} hat eine Karte gesperrt.",
    ev_locked_own: "Du hast {card} gesperrt.",
    ev_betting: "Beide haben gesperrt: {name} setzt zuerst.",
    ev_fold: "{name} steigt aus.", ev_check: "{name} schiebt.", ev_call: "{name} geht mit auf {to}.",
    ev_bet: "{name} setzt {to}.", ev_raise: "{name} erhöht auf {to}.", ev_all_in: " (all-in)",
    ev_uncalled: "{n} nicht gedeckt an {name} zurück.",
    ev_reveal: "Aufgedeckt: {a} gegen {b}.",
    ev_match_end: "{name} gewinnt die Partie.",
    history: "Letzte Ereignisse",
    result_title: "Endergebnis",
    result_row: "{place}. {name}: {n} Chips",
    keys: "Tasten: 1 / 2 sperren die erste / zweite Karte; beim Setzen F aussteigen, C schieben/mitgehen, B oder Enter setzen/erhöhen, ←/→ am Regler, 1 ½ Pot, 2 Pot, 3 all-in; ? Regeln.",
  },
};

export function mount(root, { client, seats = [], lang = "en" }) {
  loadCss();
  const tr = translator(DICT, lang);
  const mySeats = seats.map(Number);
  const sender = makeSender(client, mySeats);
  let stateBySeat = {};
  let lastState = null;
  let shownSeat = null;
  let controlsApi = null;
  const betMemory = {};

  let gated = false; // pass and play: this seat's cards wait behind the hand-over panel
  const handover = createHandover(tr, mySeats, () => render());
  root.classList.add("cg", "op");
  root.setAttribute("aria-label", tr("board"));
  const status = el("div", { class: "cg-status", "data-testid": "status", role: "status", "aria-live": "polite" });
  const last = el("div", { class: "cg-last", "data-testid": "last-action" });
  const seatsRow = el("div", { class: "cg-seats", "data-testid": "seats" });
  const table = el("div", { class: "cg-table", "data-testid": "table" });
  const mine = el("div", { class: "op-mine", "data-testid": "my-cards" });
  const controls = el("div", { class: "hd-bet", "data-testid": "controls" });
  const reveal = el("div", { class: "hd-showdown", "data-testid": "reveal", hidden: true });
  const result = el("div", { class: "cg-result", "data-testid": "board-result", hidden: true });
  const log = el("details", { "data-testid": "history" });
  const keys = el("p", { class: "cg-keys muted", text: tr("keys"), hidden: !mySeats.length });
  root.replaceChildren(status, last, seatsRow, table, handover.element, mine, controls, result, reveal, log, keys);

  const name = (seat) => nameOf(lastState, seat, tr);
  const signalText = (sig) => tr("signals", { up: sig?.up ?? 0, down: sig?.down ?? 0 });

  function eventText(e, viewer) {
    switch (e.kind) {
      case "deal": return tr("ev_deal", { n: e.deal_no + 1, name: name(e.first) });
      case "reshuffle": return tr("ev_reshuffle", { n: e.stock });
      case "locked": return e.card && e.seat === viewer ? tr("ev_locked_own", { card: cardText(e.card) }) : tr("ev_locked", { name: name(e.seat) });
      case "betting": return tr("ev_betting", { name: name(e.first) });
      case "action": return tr(`ev_${e.action}`, { name: name(e.seat), to: e.to }) + (e.all_in ? tr("ev_all_in") : "");
      case "uncalled_returned": return tr("ev_uncalled", { name: name(e.seat), n: e.amount });
      case "reveal": return tr("ev_reveal", { a: `${name(0)} ${cardText(e.locked[0])}`, b: `${name(1)} ${cardText(e.locked[1])}` }) + " " + winText(e);
      case "match_end": return tr("ev_match_end", { name: name(e.winner) });
      default: return e.kind;
    }
  }
  function winText(d) {
    return d.winner === null || d.winner === undefined ? tr("reveal_tie", { pot: d.pot }) : tr("reveal_win", { name: name(d.winner), pot: d.pot });
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
    root.dataset.phase = view.phase;
    renderStatus(f, view, legal);
    const evs = view.last_events || [];
    const lastEv = [...evs].reverse().find((e) => ["action", "locked", "reveal"].includes(e.kind)) || evs[evs.length - 1];
    last.replaceChildren(el("strong", { text: tr("last") }), " ", lastEv ? eventText(lastEv, f.seat) : tr("nothing_yet"));
    renderSeats(f, view);
    renderTable(view);
    renderMine(f, view, legal);
    const panel = view.phase === "betting" ? betPanel({ tr, view, legal, stack: view.stacks[f.seat], key: `${f.seat}:${f.msg.seq}`, send: (a) => sender.send(a, f.seat), memory: betMemory }) : null;
    controls.replaceChildren(...(panel ? panel.nodes : []));
    controls.hidden = !panel;
    controlsApi = panel;
    renderReveal(view);
    renderResult(view);
    fillLog(log, tr("history"), evs.map((e) => eventText(e, f.seat)).reverse());
  }

  function renderStatus(f, view, legal) {
    let text;
    const me = f.seat;
    if (view.phase === "over" || !view.to_act?.length) text = tr("over");
    else if (view.phase === "lock") {
      if (me !== null && legal.some((a) => a.kind === "lock")) text = tr("your_turn_lock");
      else if (me !== null && view.locked[me]) text = tr("waiting_lock", { card: view.my_lock ? cardText(view.my_lock) : "" });
      else if (view.locked.some(Boolean)) {
        const who = view.locked.findIndex(Boolean);
        text = tr("other_lock_one", { name: name(who), other: name(1 - who) });
      } else text = tr("other_lock");
    } else if (legal.length) text = view.to_call ? tr("your_turn_call", { n: view.to_call }) : tr("your_turn_check");
    else text = tr("other_turn", { name: name(view.to_act[0]) });
    if (!mySeats.length) text += ` ${tr("spectating")}`;
    status.textContent = text;
    status.classList.toggle("is-your-turn", legal.length > 0);
    status.dataset.waiting = view.phase === "lock" && me !== null && view.locked[me] && !view.locked.every(Boolean) ? "1" : "";
  }

  function renderSeats(f, view) {
    seatsRow.replaceChildren();
    const order = f.seat === 1 ? [0, 1] : [1, 0];
    for (const s of order) {
      const acting = (view.to_act || []).includes(s);
      const sig = view.signals?.[s];
      seatsRow.append(el("div", { class: `cg-seat${acting ? " is-acting" : ""}`, "data-testid": `seat-${s}` },
        el("div", { class: "cg-seat-name" }, el("strong", { text: name(s) }),
          mySeats.includes(s) ? el("span", { class: "muted", text: ` (${tr("you")})` }) : null,
          acting ? el("span", { class: "cg-acting", text: `▶ ${tr("to_act")}` }) : null),
        el("div", { class: "cg-seat-info" },
          el("span", { class: "op-signals cg-badge", "data-testid": `signals-${s}`, "aria-label": tr("signals_label", { up: sig?.up ?? 0, down: sig?.down ?? 0 }), text: signalText(sig) }),
          el("span", { class: "cg-count", "data-testid": `stack-${s}`, text: tr("stack", { n: view.stacks[s] }) }),
          view.bets[s] ? el("span", { class: "hd-seat-bet", "data-testid": `bet-${s}`, text: `● ${tr("bet", { n: view.bets[s] })}` }) : null,
          s === view.first && view.phase !== "over" ? el("span", { class: "cg-badge", text: tr("first") }) : null,
          view.phase === "lock" ? el("span", { class: `cg-badge${view.locked[s] ? " is-strong" : ""}`, "data-testid": `lock-state-${s}`, text: view.locked[s] ? tr("locked") : tr("choosing") }) : null)));
    }
  }

  function renderTable(view) {
    table.replaceChildren(el("div", { class: "cg-table-info" },
      el("span", { text: tr("deal_no", { n: view.deal_no + 1 }) }),
      el("span", { class: "cg-mult", "data-testid": "pot", text: tr("pot", { n: view.pot }) }),
      el("span", { text: tr("ante", { n: view.ante }) }),
      el("span", { text: tr("stock", { n: view.stock_count }) }),
      el("span", { text: tr("discards", { n: (view.discards || []).length }) })));
  }

  function renderMine(f, view, legal) {
    mine.hidden = f.seat === null || !view.hand || gated;
    if (mine.hidden) return;
    const locks = legal.filter((a) => a.kind === "lock");
    const myLock = view.my_lock ? parseCard(view.my_lock).code : null;
    let lockUsed = false;
    const seen = new Map();
    const cards = view.hand.map((c, i) => {
      const code = parseCard(c).code;
      const n = (seen.get(code) || 0) + 1;
      seen.set(code, n);
      const isLocked = myLock === code && !lockUsed;
      if (isLocked) lockUsed = true;
      const up = /^(8|9|10|J|Q|K|A)$/.test(parseCard(c).rank);
      const box = el("div", { class: `op-lock-card${isLocked ? " is-locked" : ""}`, "data-testid": n === 1 ? `card-${code}` : `card-${code}-${n}` },
        cardSvg(c, { label: cardName(c, tr) }),
        el("span", { class: "cg-badge", text: up ? `▲ ${tr("up")}` : `▼ ${tr("down")}` }));
      if (locks.length) {
        const action = locks.find((a) => parseCard(a.card).code === code);
        box.append(el("button", { type: "button", class: "button primary", "data-testid": n === 1 ? `lock-${code}` : `lock-${code}-${n}`, "aria-keyshortcuts": String(i + 1), disabled: !action, text: tr("lock_btn", { card: cardText(c), key: i + 1 }), onclick: () => sender.send({ kind: "lock", card: action?.card ?? c }, f.seat) }));
      } else if (myLock && view.phase !== "over") {
        box.append(el("span", { class: "op-locked-mark", text: isLocked ? tr("locked_card", { card: cardText(c) }) : tr("kept_card") }));
      }
      return box;
    });
    mine.replaceChildren(el("h3", { class: "cg-label", text: tr("your_cards") }), el("div", { class: "op-lock" }, ...cards));
  }

  function renderReveal(view) {
    const d = view.last_deal;
    reveal.hidden = !d;
    if (!d) return;
    const folded = (d.folded || []).findIndex(Boolean);
    const rows = [0, 1].map((s) => el("div", { "data-testid": `reveal-${s}` },
      el("span", { text: `${tr("reveal_locked", { name: name(s) })} · ${signalText(d.signals?.[s])}` }),
      cardRow([d.locked[s]], tr, { cls: "is-small", highlight: d.winner === s ? new Set([parseCard(d.locked[s]).code]) : null }),
      el("span", { class: "hd-seat-bet", text: tr("reveal_share", { name: name(s), n: d.shares?.[s] ?? 0 }) })));
    const ranks = d.locked.map((c) => parseCard(c).rank);
    const twoAce = ranks.includes("2") && ranks.includes("A") && folded < 0;
    reveal.replaceChildren(...[el("h3", { text: tr("reveal_title", { n: d.deal_no + 1 }) }),
      el("div", { class: "op-reveal" }, ...rows),
      folded >= 0 ? el("p", { text: tr("reveal_folded", { name: name(folded) }) }) : null,
      el("p", { class: "cg-result-main", "data-testid": "reveal-winner", text: `${d.winner !== null && d.winner !== undefined ? "★ " : "＝ "}${winText(d)}${twoAce ? ` ${tr("two_beats_ace")}` : ""}` })].filter(Boolean));
  }

  function renderResult(view) {
    const r = view.result;
    result.hidden = !r;
    if (!r) return;
    result.replaceChildren(el("h3", { text: tr("result_title") }),
      el("ul", { class: "cg-result-list" }, ...[...r].sort((a, b) => a.placing - b.placing).map((x) =>
        el("li", { class: x.placing === 1 ? "is-winner" : "" }, el("strong", { text: tr("result_row", { place: x.placing, name: name(x.seat), n: x.score }) })))));
  }

  function onKey(e) {
    if (ignoreKey(e) || !root.isConnected) return;
    const f = current();
    if (!f.msg) return;
    const legal = legalOf(f.msg);
    if (!legal.length) return;
    const view = f.msg.view;
    const k = e.key.toLowerCase();
    if (k === "enter" && e.target.closest?.("button, summary")) return;
    const has = (kind) => legal.some((a) => a.kind === kind);
    let handled = true;
    if (view.phase === "lock" && /^[12]$/.test(k) && has("lock")) {
      const c = view.hand?.[Number(k) - 1];
      const a = c && legal.find((x) => x.kind === "lock" && parseCard(x.card).code === parseCard(c).code);
      if (a) sender.send(a, f.seat);
    } else if (view.phase !== "betting") handled = false;
    else if (k === "f" && has("fold")) sender.send({ kind: "fold" }, f.seat);
    else if (k === "c" && has("check")) sender.send({ kind: "check" }, f.seat);
    else if (k === "c" && has("call")) sender.send({ kind: "call" }, f.seat);
    else if ((k === "b" || k === "enter") && controlsApi?.go) controlsApi.go.click();
    else if (/^[1-3]$/.test(k) && controlsApi?.go) controlsApi.quick(Number(k));
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
