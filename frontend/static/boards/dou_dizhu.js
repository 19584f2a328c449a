// Dou Dizhu board: bidding, the landlord's bottom cards, the multiplier, the combination to beat and
// who played it, the other players' card counts, a sorted multi-select hand with legal-play hints
// (Play / Pass / Hint), and the settlement worked out at the end.
// Interface: see the comment block at the top of ../js/live-client.js.
// View and actions: docs/games/dou_dizhu.md.
import { el, translator, loadCss, cardRow, cardBacks, cardsText, nameOf, pickFocus, makeSender, ignoreKey, createHand, fillLog, createHandover } from "./cards.js";

const DICT = {
  en: {
    board: "Dou Dizhu table",
    your_hand: "Your cards",
    landlord: "Landlord",
    peasant: "Peasant",
    to_act: "to act",
    passed_badge: "passed",
    on_table: "★ on the table",
    cards_left: "{n} cards",
    bid_label: "Bid",
    bid_none: "no bid",
    bid_pass: "passed",
    bid_value: "bid {v}",
    multiplier: "Multiplier ×{m}",
    multiplier_detail: "bombs {b}, rocket {r}",
    stake: "Stake: bid {bid} × {m} = {unit}",
    bottom: "Bottom cards",
    bottom_hidden: "3 bottom cards (face down until the landlord takes them)",
    table_empty: "{name} leads: any combination.",
    table_by: "{name} played {combo}",
    passes: "{n} pass(es) since",
    deal_no: "Deal {n}",
    phase_bidding: "Bidding",
    phase_play: "Play",
    phase_over: "Deal over",
    your_turn_bid: "Your turn: bid higher than {high} or pass.",
    your_turn_bid_first: "Your turn: bid 1, 2 or 3, or pass.",
    your_turn_lead: "Your turn: lead any combination.",
    your_turn_follow: "Your turn: beat {combo} or pass.",
    your_turn_nothing: "Your turn: nothing beats {combo}. Pass.",
    other_turn_bid: "{name} is bidding.",
    other_turn_play: "{name} to play.",
    over: "The deal is over.",
    play: "Play",
    pass: "Pass",
    hint: "Hint",
    clear: "Clear",
    bid_n: "Bid {n}",
    no_bid: "No bid",
    selection_ok: "Ready to play: {combo}.",
    selection_bad: "The selected cards are not a legal play.",
    selection_none: "Select cards (▲ marks cards that belong to a legal play) or press H for a hint.",
    ev_deal: "Deal {n} dealt; {name} bids first.",
    ev_bid: "{name} bids {v}.",
    ev_bid_pass: "{name} does not bid.",
    ev_pass: "{name} passes.",
    ev_redeal: "Nobody bid: the cards are dealt again (deal {n}).",
    ev_landlord: "{name} is the landlord (bid {bid}) and takes {cards}.",
    ev_play: "{name} plays {combo}: {cards} ({left} left).",
    ev_new_lead: "{name} leads again.",
    ev_deal_over: "{name} went out.",
    history: "Recent actions",
    result_title: "Settlement",
    result_landlord_wins: "{name} (landlord) went out first: the landlord wins.",
    result_peasants_win: "{name} went out first: the peasants win.",
    result_mult: "Multiplier: 2^({bombs} bombs + {rockets} rockets){spring} = ×{m}",
    result_spring: " × 2 (spring)",
    result_reverse_spring: " × 2 (reverse spring)",
    result_unit: "Unit: bid {bid} × {m} = {unit}. Each peasant wins or loses {unit}, the landlord twice that ({two}).",
    result_row: "{name}: {score}",
    result_hand: "cards left: {cards}",
    result_hand_none: "went out",
    you_win: "You win {n} points.",
    you_lose: "You lose {n} points.",
    keys: "Keys: ←/→ move in the hand, Space selects, Enter or P plays, H hint, X pass, Esc clears, 1–3 bid, 0 no bid, ? rules.",
    kind_single: "a single", kind_pair: "a pair", kind_triple: "a triple", kind_triple_single: "a triple with a single",
    kind_triple_pair: "a triple with a pair", kind_straight: "a straight of {n}", kind_pair_run: "a run of {n} pairs",
    kind_plane: "a plane of {n} triples", kind_plane_singles: "a plane of {n} with singles", kind_plane_pairs: "a plane of {n} with pairs",
    kind_four_two_singles: "four with two singles", kind_four_two_pairs: "four with two pairs", kind_bomb: "a bomb", kind_rocket: "the rocket",
  },
  de: {
    board: "Dou-Dizhu-Tisch",
    your_hand: "Deine Karten",
    landlord: "Grundherr",
    peasant: "Bauer",
    to_act: "am Zug",
    passed_badge: "gepasst",
    on_table: "★ liegt auf dem Tisch",
    cards_left: "{n} Karten",
    bid_label: "Gebot",
    bid_none: "kein Gebot",
    bid_pass: "gepasst",
    bid_value: "bietet {v}",
    multiplier: "Multiplikator ×{m}",
    multiplier_detail: "Bomben {b}, Rakete {r}",
    stake: "Einsatz: Gebot {bid} × {m} = {unit}",
    bottom: "Stockkarten",
    bottom_hidden: "3 Stockkarten (verdeckt, bis der Grundherr sie nimmt)",
    table_empty: "{name} spielt aus: jede Kombination.",
    table_by: "{name} spielte {combo}",
    passes: "{n} Mal gepasst seitdem",
    deal_no: "Spiel {n}",
    phase_bidding: "Reizen",
    phase_play: "Spiel",
    phase_over: "Spiel beendet",
    your_turn_bid: "Du bist dran: biete mehr als {high} oder passe.",
    your_turn_bid_first: "Du bist dran: biete 1, 2 oder 3 oder passe.",
    your_turn_lead: "Du bist dran: spiele eine beliebige Kombination aus.",
    your_turn_follow: "Du bist dran: schlage {combo} oder passe.",
    your_turn_nothing: "Du bist dran: nichts schlägt {combo}. Passe.",
    other_turn_bid: "{name} reizt.",
    other_turn_play: "{name} ist am Zug.",
    over: "Das Spiel ist beendet.",
    play: "Spielen",
    pass: "Passen",
    hint: "Tipp",
    clear: "Abwählen",
    bid_n: "{n} bieten",
    no_bid: "Kein Gebot",
    selection_ok: "Bereit: {combo}.",
    selection_bad: "Die gewählten Karten sind kein erlaubter Zug.",
    selection_none: "Wähle Karten (▲ markiert Karten eines erlaubten Zugs) oder drücke H für einen Tipp.",
    ev_deal: "Spiel {n} ausgeteilt; {name} reizt zuerst.",
    ev_bid: "{name} bietet {v}.",
    ev_bid_pass: "{name} bietet nicht.",
    ev_pass: "{name} passt.",
    ev_redeal: "Niemand hat geboten: neu geben (Spiel {n}).",
    ev_landlord: "{name} ist Grundherr (Gebot {bid}) und nimmt {cards}.",
    ev_play: "{name} spielt {combo}: {cards} (noch {left}).",
    ev_new_lead: "{name} spielt erneut aus.",
    ev_deal_over: "{name} ist fertig.",
    history: "Letzte Züge",
    result_title: "Abrechnung",
    result_landlord_wins: "{name} (Grundherr) ist zuerst fertig: der Grundherr gewinnt.",
    result_peasants_win: "{name} ist zuerst fertig: die Bauern gewinnen.",
    result_mult: "Multiplikator: 2^({bombs} Bomben + {rockets} Raketen){spring} = ×{m}",
    result_spring: " × 2 (Frühling)",
    result_reverse_spring: " × 2 (umgekehrter Frühling)",
    result_unit: "Einheit: Gebot {bid} × {m} = {unit}. Jeder Bauer gewinnt oder verliert {unit}, der Grundherr das Doppelte ({two}).",
    result_row: "{name}: {score}",
    result_hand: "Restkarten: {cards}",
    result_hand_none: "fertig",
    you_win: "Du gewinnst {n} Punkte.",
    you_lose: "Du verlierst {n} Punkte.",
    keys: "Tasten: ←/→ in der Hand, Leertaste wählt, Enter oder P spielt, H Tipp, X passen, Esc abwählen, 1–3 bieten, 0 kein Gebot, ? Regeln.",
    kind_single: "eine Einzelkarte", kind_pair: "ein Paar", kind_triple: "einen Drilling", kind_triple_single: "einen Drilling mit Einzelkarte",
    kind_triple_pair: "einen Drilling mit Paar", kind_straight: "eine Straße aus {n}", kind_pair_run: "eine Paarfolge aus {n} Paaren",
    kind_plane: "ein Flugzeug aus {n} Drillingen", kind_plane_singles: "ein Flugzeug aus {n} mit Einzelkarten", kind_plane_pairs: "ein Flugzeug aus {n} mit Paaren",
    kind_four_two_singles: "vier mit zwei Einzelkarten", kind_four_two_pairs: "vier mit zwei Paaren", kind_bomb: "eine Bombe", kind_rocket: "die Rakete",
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

  let gated = false; // pass and play: this seat's cards wait behind the hand-over panel
  const handover = createHandover(tr, mySeats, () => render());
  root.classList.add("cg", "dd");
  root.setAttribute("aria-label", tr("board"));
  const status = el("div", { class: "cg-status", "data-testid": "status", role: "status", "aria-live": "polite" });
  const last = el("div", { class: "cg-last", "data-testid": "last-action" });
  const seatsRow = el("div", { class: "cg-seats", "data-testid": "seats" });
  const table = el("div", { class: "cg-table", "data-testid": "table" });
  const controls = el("div", { class: "cg-controls", "data-testid": "controls" });
  const hand = createHand({ tr, label: tr("your_hand"), onChange: () => renderControls(), onEnter: () => playSelected() });
  const handWrap = el("div", { class: "cg-hand-wrap" }, hand.element);
  const result = el("div", { class: "cg-result", "data-testid": "board-result", hidden: true });
  const log = el("details", { "data-testid": "history" });
  const keys = el("p", { class: "cg-keys muted", text: tr("keys"), hidden: !mySeats.length });
  root.replaceChildren(status, last, seatsRow, table, handover.element, controls, handWrap, result, log, keys);

  const name = (seat) => nameOf(lastState, seat, tr);
  const combo = (kind, length) => tr(`kind_${kind}`, { n: length });

  function eventText(e) {
    switch (e.kind) {
      case "deal": return tr("ev_deal", { n: (e.deal_no ?? 0) + 1, name: name(e.first_bidder) });
      case "bid": return tr("ev_bid", { name: name(e.seat), v: e.value });
      case "pass": return e.value === 0 ? tr("ev_bid_pass", { name: name(e.seat) }) : tr("ev_pass", { name: name(e.seat) });
      case "redeal": return tr("ev_redeal", { n: (e.deal_no ?? 0) + 1 });
      case "landlord": return tr("ev_landlord", { name: name(e.seat), bid: e.bid, cards: cardsText(e.bottom) });
      case "play": return tr("ev_play", { name: name(e.seat), combo: combo(e.combo, comboLength(e)), cards: cardsText(e.cards), left: e.left });
      case "new_lead": return tr("ev_new_lead", { name: name(e.seat) });
      case "deal_over": return tr("ev_deal_over", { name: name(e.winner) });
      default: return e.kind;
    }
  }
  // Events carry no length; derive the count the combination names (cards, pairs or triples).
  function comboLength(e) {
    const n = e.cards?.length || 0;
    if (e.combo === "straight") return n;
    if (e.combo === "pair_run") return n / 2;
    if (e.combo === "plane") return n / 3;
    if (e.combo === "plane_singles") return n / 4;
    if (e.combo === "plane_pairs") return n / 5;
    return 1;
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
    const plays = legal.filter((a) => a.kind === "play").map((a) => a.cards);
    hand.update({ cards: view.hand || [], plays, active: view.phase === "play" && plays.length > 0, key: `${f.seat}:${f.msg.seq}` });
    handWrap.hidden = !view.hand || gated;
    renderStatus(f, view, legal);
    const evs = view.last_events || [];
    last.replaceChildren(el("strong", { text: tr("last") }), " ", evs.length ? eventText(evs[evs.length - 1]) : tr("nothing_yet"));
    renderSeats(f, view);
    renderTable(view);
    renderControls();
    renderResult(f, view);
    fillLog(log, tr("history"), evs.map(eventText).reverse());
  }

  function renderStatus(f, view, legal) {
    let text;
    const toAct = view.to_act?.[0];
    const mine = legal.length > 0;
    if (view.phase === "over" || !view.to_act?.length) text = tr("over");
    else if (mine && view.phase === "bidding") text = view.bidding.high_bid ? tr("your_turn_bid", { high: view.bidding.high_bid }) : tr("your_turn_bid_first");
    else if (mine) {
      const c = view.table ? combo(view.table.kind, view.table.length) : "";
      if (!view.table) text = tr("your_turn_lead");
      else if (legal.some((a) => a.kind === "play")) text = tr("your_turn_follow", { combo: c });
      else text = tr("your_turn_nothing", { combo: c });
    } else text = tr(view.phase === "bidding" ? "other_turn_bid" : "other_turn_play", { name: name(toAct) });
    if (!mySeats.length) text += ` ${tr("spectating")}`;
    status.textContent = text;
    status.classList.toggle("is-your-turn", mine);
  }

  function renderSeats(f, view) {
    seatsRow.replaceChildren();
    const n = view.hand_counts?.length || 3;
    // The viewer's seat last; the others in playing order after it.
    const base = f.seat ?? 0;
    const order = [1, 2, 0].map((k) => (base + k) % n);
    const history = view.bidding?.history || [];
    const passed = new Set();
    if (view.table) for (let k = 1; k <= (view.passes || 0); k++) passed.add((view.table.seat + k) % n);
    for (const s of order) {
      const acting = (view.to_act || []).includes(s);
      const role = view.landlord === null || view.landlord === undefined ? null : s === view.landlord ? "landlord" : "peasant";
      const bids = history.filter((h) => h.seat === s);
      const lastBid = bids.length ? bids[bids.length - 1].value : null;
      const box = el("div", { class: `cg-seat${acting ? " is-acting" : ""}${role === "landlord" ? " is-landlord" : ""}`, "data-testid": `seat-${s}` },
        el("div", { class: "cg-seat-name" },
          el("strong", { text: name(s) }),
          mySeats.includes(s) ? el("span", { class: "muted", text: ` (${tr("you")})` }) : null,
          acting ? el("span", { class: "cg-acting", text: `▶ ${tr("to_act")}` }) : null),
        el("div", { class: "cg-seat-info" },
          role ? el("span", { class: `cg-badge is-${role}`, text: role === "landlord" ? `♛ ${tr("landlord")}` : `⚒ ${tr("peasant")}` }) : null,
          view.phase === "bidding" && lastBid !== null ? el("span", { class: "cg-badge", text: lastBid === 0 ? tr("bid_pass") : tr("bid_value", { v: lastBid }) }) : null,
          passed.has(s) ? el("span", { class: "cg-badge is-strong", text: tr("passed_badge") }) : null,
          view.table?.seat === s ? el("span", { class: "cg-badge is-landlord", text: tr("on_table") }) : null,
          el("span", { class: "cg-count", "data-testid": `count-${s}`, text: tr("cards_left", { n: view.hand_counts?.[s] ?? 0 }) }),
          s === f.seat ? null : cardBacks(view.hand_counts?.[s] ?? 0, tr, { max: 20 })));
      seatsRow.append(box);
    }
  }

  function renderTable(view) {
    const info = el("div", { class: "cg-table-info" });
    info.append(el("span", { text: tr("deal_no", { n: (view.deal_no ?? 0) + 1 }) }));
    if (view.bid) info.append(el("span", { "data-testid": "bid", text: `${tr("bid_label")} ${view.bid}` }));
    info.append(el("span", { class: "cg-mult", "data-testid": "multiplier", text: `${tr("multiplier", { m: view.multiplier })} (${tr("multiplier_detail", { b: view.bombs, r: view.rockets })})` }));
    if (view.bid) info.append(el("span", { text: tr("stake", { bid: view.bid, m: view.multiplier, unit: view.bid * view.multiplier }) }));
    const bottom = el("div", { class: "cg-bottom", "data-testid": "bottom-cards" }, el("span", { class: "cg-label", text: `${tr("bottom")}:` }));
    if (view.bottom) bottom.append(cardRow(view.bottom, tr, { cls: "is-small", label: tr("bottom") }));
    else bottom.append(el("span", { class: "card-backs", role: "img", "aria-label": tr("bottom_hidden") }, ...cardBacks(3, tr).children));
    const play = el("div", { class: "cg-play", "data-testid": "table-play" });
    if (view.phase === "bidding") {
      const hist = view.bidding?.history || [];
      play.append(el("p", { class: "cg-play-label", text: view.bidding?.high_bid ? `${tr("bid_label")}: ${view.bidding.high_bid} (${name(view.bidding.high_bidder)})` : `${tr("bid_label")}: ${tr("bid_none")}` }),
        el("ol", { class: "cg-bids" }, ...hist.map((h) => el("li", { text: h.value ? tr("ev_bid", { name: name(h.seat), v: h.value }) : tr("ev_bid_pass", { name: name(h.seat) }) }))));
    } else if (view.table) {
      play.append(el("p", { class: "cg-play-label", text: tr("table_by", { name: name(view.table.seat), combo: combo(view.table.kind, view.table.length) }) + (view.passes ? ` · ${tr("passes", { n: view.passes })}` : "") }),
        cardRow(view.table.cards, tr, { label: tr("table_by", { name: name(view.table.seat), combo: combo(view.table.kind, view.table.length) }), testid: "table-cards" }));
    } else if (view.phase === "play") {
      play.append(el("p", { class: "cg-play-label", text: tr("table_empty", { name: name(view.to_act?.[0]) }) }));
    }
    table.replaceChildren(info, bottom, play);
  }

  function renderControls() {
    const f = current();
    if (!f.msg) return;
    const view = f.msg.view;
    const legal = legalOf(f.msg);
    controls.replaceChildren();
    controls.hidden = !legal.length;
    if (!legal.length) return;
    if (view.phase === "bidding") {
      controls.append(el("button", { type: "button", class: "button", "data-testid": "pass-button", "aria-keyshortcuts": "0 X", text: `${tr("no_bid")} (0)`, disabled: !legal.some((a) => a.kind === "pass"), onclick: () => sender.send({ kind: "pass" }, f.seat) }));
      for (const v of [1, 2, 3]) {
        const ok = legal.some((a) => a.kind === "bid" && a.value === v);
        controls.append(el("button", { type: "button", class: `button${ok ? " primary" : ""}`, "data-testid": `bid-${v}`, "aria-keyshortcuts": String(v), disabled: !ok, text: `${tr("bid_n", { n: v })} (${v})`, onclick: () => sender.send({ kind: "bid", value: v }, f.seat) }));
      }
      return;
    }
    const match = hand.matching();
    const sel = hand.selection();
    const canPass = legal.some((a) => a.kind === "pass");
    const anyPlay = legal.some((a) => a.kind === "play");
    controls.append(
      el("button", { type: "button", class: "button primary big", "data-testid": "play-button", "aria-keyshortcuts": "Enter P", disabled: !match, text: `${tr("play")} (P)`, onclick: playSelected }),
      el("button", { type: "button", class: "button big", "data-testid": "pass-button", "aria-keyshortcuts": "X", disabled: !canPass, text: `${tr("pass")} (X)`, onclick: () => canPass && sender.send({ kind: "pass" }, f.seat) }),
      el("button", { type: "button", class: "button", "data-testid": "hint-button", "aria-keyshortcuts": "H", disabled: !anyPlay, text: `${tr("hint")} (H)`, onclick: () => hand.hint() }),
      el("button", { type: "button", class: "button", "data-testid": "clear-button", "aria-keyshortcuts": "Escape", disabled: !sel.length, text: `${tr("clear")} (Esc)`, onclick: () => hand.clear() }),
      el("p", { class: "cg-sel-note", "data-testid": "selection-note", role: "status", text: match ? tr("selection_ok", { combo: cardsText(sel) }) : sel.length ? tr("selection_bad") : anyPlay ? tr("selection_none") : "" }),
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
    const landlordWins = r.winning_side === "landlord";
    const spring = r.spring ? tr("result_spring") : r.reverse_spring ? tr("result_reverse_spring") : "";
    const rows = (r.scores || []).map((score, s) => {
      const left = r.hands?.[s] || [];
      return el("li", { class: score > 0 ? "is-winner" : "", "data-testid": `result-seat-${s}` },
        el("strong", { text: tr("result_row", { name: name(s), score: score > 0 ? `+${score}` : score }) }),
        ` · ${s === r.landlord ? tr("landlord") : tr("peasant")} · `,
        left.length ? tr("result_hand", { cards: cardsText(left) }) : tr("result_hand_none"));
    });
    const mine = f.seat !== null && f.seat !== undefined ? r.scores?.[f.seat] : null;
    result.replaceChildren(...[
      el("h3", { text: tr("result_title") }),
      el("p", { class: "cg-result-main", text: tr(landlordWins ? "result_landlord_wins" : "result_peasants_win", { name: name(r.winner) }) }),
      mine !== null && mine !== undefined ? el("p", { class: "cg-result-you", text: mine > 0 ? `✓ ${tr("you_win", { n: mine })}` : `✗ ${tr("you_lose", { n: -mine })}` }) : null,
      el("p", { text: tr("result_mult", { bombs: r.bombs, rockets: r.rockets, spring, m: r.multiplier }) }),
      el("p", { text: tr("result_unit", { bid: r.bid, m: r.multiplier, unit: r.unit, two: 2 * r.unit }) }),
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
    const view = f.msg.view;
    let handled = true;
    if (view.phase === "bidding" && /^[0-3]$/.test(k)) {
      const v = Number(k);
      const a = v === 0 ? legal.find((x) => x.kind === "pass") : legal.find((x) => x.kind === "bid" && x.value === v);
      if (a) sender.send(a, f.seat);
    } else if (k === "x") {
      if (legal.some((a) => a.kind === "pass")) sender.send({ kind: "pass" }, f.seat);
    } else if (view.phase === "play" && (k === "p" || k === "enter")) playSelected();
    else if (view.phase === "play" && k === "h") {
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
