// Texas Hold'em (no limit) board: seats with stacks, bets and the button/blinds, the pot and side
// pots, community cards, your hole cards, fold/check/call and a bet slider with quick sizes (½ pot,
// pot, all-in) inside the view's limits, the last showdown (winning five cards, who won which pot)
// and the hand history.
// Interface: see the comment block at the top of ../js/live-client.js.
// View and actions: docs/games/holdem.md.
import { el } from "../kit/dom.js";
import { describer, betText } from "../kit/record.js";
import { cardRow, cardSvg, cardName, cardsText, parseCard } from "../kit/cards.js";
import { cardBoard, fillLog } from "../kit/card-board.js";
import { pokerDict, betControls, showBets, betKeys, betTurnText, stackAndBet, sharedEventText, showStandings } from "../kit/poker.js";

const DICT = {
  en: {
    board: "Texas Hold'em table",
    your_cards: "Your hole cards",
    no_cards: "You were not dealt into this hand.",
    hand_no: "Hand {n}",
    street_preflop: "Pre-flop", street_flop: "Flop", street_turn: "Turn", street_river: "River",
    blinds: "Blinds {sb}/{bb}",
    main_pot: "Main pot {n}",
    side_pot: "Side pot {k}: {n}",
    eligible: "for {names}",
    this_round: "(+{n} bet this round)",
    community: "Community cards",
    no_board: "No community cards yet.",
    stack: "Stack {n}",
    button: "Dealer", sb: "SB", bb: "BB",
    button_t: "dealer button", sb_t: "small blind", bb_t: "big blind",
    folded: "folded", all_in: "all-in", out: "out", not_dealt: "not dealt in",
    showdown_title: "Last hand (hand {n})",
    uncontested: "{name} won {n} uncontested (no cards shown).",
    pot_won: "{pot}: {amount} → {winners}",
    pot_won_with: "with {hand}",
    shares: "{name} +{n}",
    best_five: "{name}'s best five",
    shown: "{name} showed",
    eliminated: "Out: {names}",
    history: "Hand history",
    this_hand: "This hand",
    last_hand: "Previous hand",
    ev_blinds: "Blinds: {sb} posts {sba}, {bb} posts {bba}.",
    ev_street: "{street}: {cards}{runout}",
    ev_run_out: " (run out)",
    act_fold: "folded", act_check: "checked", act_call: "called {to}", act_bet: "bet {to}", act_raise: "raised to {to}",
    ev_won_uncontested: "{name} wins {n} uncontested.",
    ev_showdown: "Showdown.",
    ev_hand_start: "Hand {n} dealt; dealer {name}.",
    ev_hand_end: "Hand {n} settled.",
    result_title: "Final standings",
    keys: "Keys: F fold, C check/call, B or Enter bet/raise the amount, ←/→ on the slider, 1 ½ pot, 2 pot, 3 all-in, ? rules.",
  },
  de: {
    board: "Texas-Hold'em-Tisch",
    your_cards: "Deine Karten",
    no_cards: "Du spielst diese Hand nicht mit.",
    hand_no: "Hand {n}",
    street_preflop: "Vor dem Flop", street_flop: "Flop", street_turn: "Turn", street_river: "River",
    blinds: "Blinds {sb}/{bb}",
    main_pot: "Hauptpot {n}",
    side_pot: "Nebenpot {k}: {n}",
    eligible: "für {names}",
    this_round: "(+{n} Einsätze dieser Runde)",
    community: "Gemeinschaftskarten",
    no_board: "Noch keine Gemeinschaftskarten.",
    stack: "Chips {n}",
    button: "Geber", sb: "SB", bb: "BB",
    button_t: "Geberknopf", sb_t: "Small Blind", bb_t: "Big Blind",
    folded: "ausgestiegen", all_in: "all-in", out: "ausgeschieden", not_dealt: "nicht dabei",
    showdown_title: "Letzte Hand (Hand {n})",
    uncontested: "{name} gewann {n} ohne Showdown (keine Karten gezeigt).",
    pot_won: "{pot}: {amount} → {winners}",
    pot_won_with: "– {hand}",
    shares: "{name} +{n}",
    best_five: "Beste fünf von {name}",
    shown: "{name} zeigte",
    eliminated: "Ausgeschieden: {names}",
    history: "Handverlauf",
    this_hand: "Diese Hand",
    last_hand: "Vorige Hand",
    ev_blinds: "Blinds: {sb} setzt {sba}, {bb} setzt {bba}.",
    ev_street: "{street}: {cards}{runout}",
    ev_run_out: " (ausgespielt)",
    act_fold: "ausgestiegen", act_check: "geschoben", act_call: "mitgegangen {to}", act_bet: "gesetzt {to}", act_raise: "erhöht auf {to}",
    ev_won_uncontested: "{name} gewinnt {n} ohne Showdown.",
    ev_showdown: "Showdown.",
    ev_hand_start: "Hand {n} gegeben; Geber {name}.",
    ev_hand_end: "Hand {n} abgerechnet.",
    result_title: "Endstand",
    keys: "Tasten: F aussteigen, C schieben/mitgehen, B oder Enter setzen/erhöhen, ←/→ am Regler, 1 ½ Pot, 2 Pot, 3 all-in, ? Regeln.",
  },
  zh: {
    board: "德州扑克牌桌",
    your_cards: "你的底牌",
    no_cards: "这一手没有发牌给你。",
    hand_no: "第 {n} 手",
    street_preflop: "翻牌前", street_flop: "翻牌", street_turn: "转牌", street_river: "河牌",
    blinds: "盲注 {sb}/{bb}",
    main_pot: "主池 {n}",
    side_pot: "边池 {k}：{n}",
    eligible: "参与者：{names}",
    this_round: "（本轮已下注 +{n}）",
    community: "公共牌",
    no_board: "还没有公共牌。",
    stack: "筹码 {n}",
    button: "庄", sb: "小盲", bb: "大盲",
    button_t: "庄家按钮", sb_t: "小盲注", bb_t: "大盲注",
    folded: "已弃牌", all_in: "全下", out: "出局", not_dealt: "未参与本手",
    showdown_title: "上一手（第 {n} 手）",
    uncontested: "{name} 无人跟注，赢得 {n}（未亮牌）。",
    pot_won: "{pot}：{amount} → {winners}",
    pot_won_with: "牌型：{hand}",
    shares: "{name} +{n}",
    best_five: "{name} 的最佳五张",
    shown: "{name} 亮牌",
    eliminated: "出局：{names}",
    history: "牌局记录",
    this_hand: "本手",
    last_hand: "上一手",
    ev_blinds: "盲注：{sb} 下 {sba}，{bb} 下 {bba}。",
    ev_street: "{street}：{cards}{runout}",
    ev_run_out: "（直接发完）",
    act_fold: "弃牌", act_check: "过牌", act_call: "跟注到 {to}", act_bet: "下注 {to}", act_raise: "加注到 {to}",
    ev_won_uncontested: "{name} 无人跟注，赢得 {n}。",
    ev_showdown: "摊牌。",
    ev_hand_start: "第 {n} 手发牌；庄家 {name}。",
    ev_hand_end: "第 {n} 手结算完毕。",
    result_title: "最终排名",
    keys: "按键：F 弃牌，C 过牌/跟注，B 或 Enter 按金额下注/加注，滑杆上用 ←/→，1 半池，2 满池，3 全下，? 规则。",
  },
};

const HAND_DE = {
  "High Card": "Höchste Karte", Pair: "Paar", "Two Pair": "Zwei Paare", Trips: "Drilling", Straight: "Straße",
  Flush: "Flush", "Full House": "Full House", Quads: "Vierling", "Straight Flush": "Straight Flush",
};
const HAND_ZH = {
  "High Card": "高牌", Pair: "一对", "Two Pair": "两对", Trips: "三条", Straight: "顺子",
  Flush: "同花", "Full House": "葫芦", Quads: "四条", "Straight Flush": "同花顺",
};
const HAND_NAMES = { de: HAND_DE, zh: HAND_ZH };

export function mount(root, options) {
  const b = cardBoard(root, options, { dict: pokerDict(DICT), cls: "hd" });
  const { tr, name } = b;
  const handName = (h) => HAND_NAMES[b.lang]?.[h] || h;
  const mine = el("div", { class: "hd-mine", "data-testid": "hole-cards" });
  const controls = betControls();
  const showdown = el("div", { class: "hd-showdown", "data-testid": "showdown", hidden: true });
  const names = (list) => (list || []).map((s) => name(Number(s))).join(", ");
  const betMemory = {};
  let controlsApi = null;

  function logText(e) {
    switch (e.kind) {
      case "blinds": return tr("ev_blinds", { sb: name(e.small_blind?.[0]), sba: e.small_blind?.[1], bb: name(e.big_blind?.[0]), bba: e.big_blind?.[1] });
      case "street": return tr("ev_street", { street: tr(`street_${e.street}`), cards: cardsText(e.cards), runout: e.run_out ? tr("ev_run_out") : "" });
      case "won_uncontested": return tr("ev_won_uncontested", { name: name(e.seat), n: e.amount });
      case "showdown": return tr("ev_showdown") + " " + (e.pots || []).map((p, i) => potText(p, i)).join(" ");
      case "hand_start": return tr("ev_hand_start", { n: e.hand_no + 1, name: name(e.button) });
      case "hand_end": return tr("ev_hand_end", { n: e.hand_no + 1 });
      default: return sharedEventText(b, e) ?? e.kind;
    }
  }
  const potName = (i) => (i === 0 ? tr("main_pot", { n: "" }).trim() : tr("side_pot", { k: i, n: "" }).replace(/:\s*$/, ""));
  function potText(p, i) {
    const winners = (p.winners || []).map((s) => tr("shares", { name: name(Number(s)), n: p.shares?.[String(s)] ?? "" })).join(", ");
    return tr("pot_won", { pot: potName(i), amount: p.amount, winners }) + (p.hand ? ` ${tr("pot_won_with", { hand: handName(p.hand) })}` : "") + ".";
  }

  function draw(f, view, legal) {
    renderStatus(view, legal);
    const evs = view.last_events || [];
    const lastEv = [...evs].reverse().find((e) => e.kind === "action") || evs[evs.length - 1];
    b.setLast(lastEv ? logText(lastEv) : null);
    renderSeats(view);
    renderTable(view);
    renderMine(f, view);
    controlsApi = showBets(b, controls, f, view, legal, betMemory);
    renderShowdown(view);
    showStandings(b, view);
    const lines = (view.hand_log || []).map(logText);
    const prev = (view.last_hand?.log || []).map(logText);
    fillLog(b.log, tr("history"), [...lines.map((l) => `${tr("this_hand")}: ${l}`).reverse(), ...prev.map((l) => `${tr("last_hand")}: ${l}`).reverse()]);
  }

  function renderStatus(view, legal) {
    const text = view.phase === "over" || !view.to_act?.length ? tr("over") : betTurnText(b, view, legal);
    b.setStatus(`${tr(`street_${view.street}`)} · ${text}`, legal.length > 0);
  }

  // Each seat's latest action in the current betting round (from the hand log).
  function streetActions(view) {
    const acts = {};
    for (const e of view.hand_log || []) {
      if (e.kind === "street") for (const k of Object.keys(acts)) delete acts[k];
      if (e.kind === "action") acts[e.seat] = tr(`act_${e.action}`, { to: e.to }) + (e.all_in ? tr("ev_all_in") : "");
    }
    return acts;
  }

  function renderSeats(view) {
    b.seatsRow.replaceChildren();
    const n = view.stacks.length;
    const acts = streetActions(view);
    for (let s = 0; s < n; s++) {
      const flags = [];
      if (view.eliminated[s]) flags.push(tr("out"));
      else if (!view.in_hand[s]) flags.push(tr("not_dealt"));
      else if (view.folded[s]) flags.push(tr("folded"));
      else if (view.all_in[s]) flags.push(tr("all_in"));
      const badges = [];
      if (s === view.button) badges.push(el("span", { class: "cg-badge is-landlord", title: tr("button_t"), text: tr("button") }));
      if (s === view.small_blind_seat) badges.push(el("span", { class: "cg-badge", title: tr("sb_t"), text: tr("sb") }));
      if (s === view.big_blind_seat) badges.push(el("span", { class: "cg-badge", title: tr("bb_t"), text: tr("bb") }));
      b.seatsRow.append(b.seatBox(s, (view.to_act || []).includes(s), view.eliminated[s] || view.folded[s] ? " is-out" : "", ...badges,
        ...stackAndBet(b, s, view),
        ...flags.map((t) => el("span", { class: "cg-badge is-strong", text: t })),
        acts[s] && !view.folded[s] ? el("span", { class: "cg-badge", "data-testid": `seat-action-${s}`, text: acts[s] }) : null));
    }
  }

  function renderTable(view) {
    const round = view.bets.reduce((x, y) => x + y, 0);
    const info = el("div", { class: "cg-table-info" },
      el("span", { text: tr("hand_no", { n: view.hand_no + 1 }) }),
      el("span", { text: tr(`street_${view.street}`) }),
      el("span", { text: tr("blinds", { sb: view.blinds[0], bb: view.blinds[1] }) }),
      el("span", { class: "cg-mult", "data-testid": "pot", text: tr("pot", { n: view.pot }) }));
    const pots = el("div", { class: "cg-pots", "data-testid": "pots" });
    (view.pots || []).forEach((p, i) => pots.append(el("span", { text: `${i === 0 ? tr("main_pot", { n: p.amount }) : tr("side_pot", { k: i, n: p.amount })} ${tr("eligible", { names: names(p.eligible) })}` })));
    if (round && (view.pots || []).length) pots.append(el("span", { text: tr("this_round", { n: round }) }));
    const board = el("div", { class: "hd-board" });
    board.append(el("span", { class: "cg-label visually-hidden", text: tr("community") }));
    if (view.board?.length) board.append(cardRow(view.board, tr, { label: tr("community"), testid: "community-cards" }));
    else board.append(el("p", { class: "cg-play-label", text: tr("no_board") }));
    b.table.replaceChildren(info, pots, board);
  }

  function renderMine(f, view) {
    mine.hidden = f.seat === null || b.gated;
    if (f.seat === null) return;
    mine.replaceChildren(el("h3", { class: "cg-label", text: tr("your_cards") }),
      view.hole ? el("div", { class: "hd-hole" }, ...view.hole.map((c) => el("span", { "data-testid": `card-${parseCard(c).code}`, class: "card-slot" }, cardSvg(c, { label: cardName(c, tr) })))) : el("p", { text: tr("no_cards") }));
  }

  function renderShowdown(view) {
    const h = view.last_hand;
    showdown.hidden = !h;
    if (!h) return;
    const parts = [el("h3", { text: tr("showdown_title", { n: h.hand_no + 1 }) })];
    const winnersFive = new Set();
    for (const p of h.pots || []) for (const five of Object.values(p.best_five || {})) for (const c of five) winnersFive.add(parseCard(c).code);
    if (h.board?.length) parts.push(cardRow(h.board, tr, { cls: "is-small", label: tr("community"), highlight: winnersFive }));
    if (!h.showdown) {
      const p = h.pots?.[0];
      const w = p?.winners?.[0];
      parts.push(el("p", { class: "cg-result-main", "data-testid": "showdown-uncontested", text: tr("uncontested", { name: name(Number(w)), n: (h.pots || []).reduce((a, x) => a + x.amount, 0) }) }));
    } else {
      const shown = el("div", { class: "hd-shown" });
      for (const [s, cards] of Object.entries(h.shown || {})) {
        shown.append(el("div", { "data-testid": `shown-${s}` }, el("span", { text: tr("shown", { name: name(Number(s)) }) }), cardRow(cards, tr, { cls: "is-small", highlight: winnersFive })));
      }
      parts.push(shown);
      (h.pots || []).forEach((p, i) => {
        const box = el("div", { class: "hd-pot", "data-testid": `pot-result-${i}` }, el("p", { class: "cg-result-main", text: potText(p, i) }));
        for (const [s, five] of Object.entries(p.best_five || {})) {
          box.append(el("span", { text: tr("best_five", { name: name(Number(s)) }) }), cardRow(five, tr, { cls: "is-small", label: tr("best_five", { name: name(Number(s)) }) }));
        }
        parts.push(box);
      });
    }
    if (h.eliminated?.length) parts.push(el("p", { text: tr("eliminated", { names: names(h.eliminated) }) }));
    showdown.replaceChildren(...parts);
  }

  return b.start({ middle: [mine, controls], after: [showdown], draw, key: (k, e, f, legal) => betKeys(b, k, f, legal, controlsApi) });
}

// ---- the record: a move in words for the replay's move list (kit/record.js) ----

/** "Ada raises to 120", "Bo calls 120 (all-in)", "Cy folds". */
export const describeAction = describer({ en: {}, de: {}, zh: {} }, betText);
