// One Poker board: both players' UP/DOWN signals, chips and bets, your two cards with a lock button
// each (the lock is simultaneous: after locking, "waiting for the opponent"), the betting round with
// a slider inside the view's limits, and the reveal of the last deal.
// Interface: see the comment block at the top of ../js/live-client.js.
// View and actions: docs/games/one_poker.md.
import { el } from "../kit/dom.js";
import { describer, betText } from "../kit/record.js";
import { cardRow, cardSvg, cardName, cardText, parseCard } from "../kit/cards.js";
import { cardBoard, fillLog } from "../kit/card-board.js";
import { seatsAfter } from "../kit/seats.js";
import { pokerDict, betControls, showBets, betKeys, betTurnText, stackAndBet, sharedEventText, showStandings } from "../kit/poker.js";

const DICT = {
  en: {
    board: "One Poker table",
    deal_no: "Deal {n}",
    ante: "ante {n} each",
    stock: "Stock: {n} cards",
    discards: "Discards: {n}",
    stack: "Chips {n}",
    signals: "▲ UP {up} · ▼ DOWN {down}",
    signals_label: "{up} UP card(s) (8 to A), {down} DOWN card(s) (2 to 7)",
    first: "bets first",
    locked: "✓ locked",
    choosing: "choosing a card…",
    your_cards: "Your cards",
    lock_btn: "Lock {card} ({key})",
    locked_card: "Locked: {card}",
    kept_card: "Kept for the next deal",
    up: "UP", down: "DOWN",
    your_turn_lock: "Lock one of your two cards (1 or 2). The lock cannot be changed.",
    waiting_lock: "You locked {card}. Waiting for the opponent to lock…",
    other_lock: "Both players choose a card to lock.",
    other_lock_one: "{name} has locked; waiting for {other}.",
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
    ev_reveal: "Reveal: {a} against {b}.",
    history: "Recent events",
    result_title: "Final result",
    keys: "Keys: 1 / 2 lock the first / second card; F fold, C check/call, B or Enter bet/raise, ←/→ on the slider, then 1 ½ pot, 2 pot, 3 all-in while betting; ? rules.",
  },
  de: {
    board: "One-Poker-Tisch",
    deal_no: "Runde {n}",
    ante: "Ante je {n}",
    stock: "Stapel: {n} Karten",
    discards: "Abgeworfen: {n}",
    stack: "Chips {n}",
    signals: "▲ UP {up} · ▼ DOWN {down}",
    signals_label: "{up} UP-Karte(n) (8 bis A), {down} DOWN-Karte(n) (2 bis 7)",
    first: "setzt zuerst",
    locked: "✓ gesperrt",
    choosing: "wählt eine Karte…",
    your_cards: "Deine Karten",
    lock_btn: "{card} sperren ({key})",
    locked_card: "Gesperrt: {card}",
    kept_card: "Bleibt für die nächste Runde",
    up: "UP", down: "DOWN",
    your_turn_lock: "Sperre eine deiner beiden Karten (1 oder 2). Die Sperre ist endgültig.",
    waiting_lock: "Du hast {card} gesperrt. Warte auf den Gegner…",
    other_lock: "Beide Spieler wählen eine Karte zum Sperren.",
    other_lock_one: "{name} hat gesperrt; warte auf {other}.",
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
    ev_reveal: "Aufgedeckt: {a} gegen {b}.",
    history: "Letzte Ereignisse",
    result_title: "Endergebnis",
    keys: "Tasten: 1 / 2 sperren die erste / zweite Karte; beim Setzen F aussteigen, C schieben/mitgehen, B oder Enter setzen/erhöhen, ←/→ am Regler, 1 ½ Pot, 2 Pot, 3 all-in; ? Regeln.",
  },
  zh: {
    board: "One Poker 牌桌",
    deal_no: "第 {n} 局",
    ante: "每人底注 {n}",
    stock: "牌堆：{n} 张",
    discards: "弃牌堆：{n}",
    stack: "筹码 {n}",
    signals: "▲ 大 {up} · ▼ 小 {down}",
    signals_label: "{up} 张大牌（8 到 A），{down} 张小牌（2 到 7）",
    first: "先下注",
    locked: "✓ 已锁定",
    choosing: "正在选牌…",
    your_cards: "你的手牌",
    lock_btn: "锁定 {card}（{key}）",
    locked_card: "已锁定：{card}",
    kept_card: "留到下一局",
    up: "大", down: "小",
    your_turn_lock: "从两张牌中锁定一张（1 或 2）。锁定后不能更改。",
    waiting_lock: "你锁定了 {card}。等待对手锁定…",
    other_lock: "双方各选一张牌锁定。",
    other_lock_one: "{name} 已锁定；等待 {other}。",
    reveal_title: "第 {n} 局亮牌",
    reveal_folded: "{name} 弃牌；两张锁定的牌仍然亮出。",
    reveal_win: "{name} 赢得底池 {pot}。",
    reveal_tie: "点数相同：平分底池 {pot}。",
    reveal_share: "{name} +{n}",
    reveal_locked: "{name} 锁定的牌",
    two_beats_ace: "（2 胜过 A）",
    ev_deal: "第 {n} 局：已交底注并发牌；{name} 先下注。",
    ev_reshuffle: "弃牌已洗回牌堆（{n} 张）。",
    ev_locked: "{name} 锁定了一张牌。",
    ev_locked_own: "你锁定了 {card}。",
    ev_betting: "双方已锁定：由 {name} 开始下注。",
    ev_reveal: "亮牌：{a} 对 {b}。",
    history: "最近事件",
    result_title: "最终结果",
    keys: "按键：1 / 2 锁定第一 / 第二张牌；下注时 F 弃牌，C 过牌/跟注，B 或 Enter 下注/加注，滑杆上用 ←/→，1 半池，2 满池，3 全下；? 规则。",
  },
};

export function mount(root, options) {
  const b = cardBoard(root, options, { dict: pokerDict(DICT), cls: "op" });
  const { tr, name, sender } = b;
  let controlsApi = null;
  const betMemory = {};
  const mine = el("div", { class: "op-mine", "data-testid": "my-cards" });
  const controls = betControls();
  const reveal = el("div", { class: "hd-showdown", "data-testid": "reveal", hidden: true });
  const signalText = (sig) => tr("signals", { up: sig?.up ?? 0, down: sig?.down ?? 0 });

  function eventText(e, viewer) {
    switch (e.kind) {
      case "deal": return tr("ev_deal", { n: e.deal_no + 1, name: name(e.first) });
      case "reshuffle": return tr("ev_reshuffle", { n: e.stock });
      case "locked": return e.card && e.seat === viewer ? tr("ev_locked_own", { card: cardText(e.card) }) : tr("ev_locked", { name: name(e.seat) });
      case "betting": return tr("ev_betting", { name: name(e.first) });
      case "reveal": return tr("ev_reveal", { a: `${name(0)} ${cardText(e.locked[0])}`, b: `${name(1)} ${cardText(e.locked[1])}` }) + " " + winText(e);
      default: return sharedEventText(b, e) ?? e.kind;
    }
  }
  function winText(d) {
    return d.winner === null || d.winner === undefined ? tr("reveal_tie", { pot: d.pot }) : tr("reveal_win", { name: name(d.winner), pot: d.pot });
  }

  function draw(f, view, legal) {
    renderStatus(f, view, legal);
    const evs = view.last_events || [];
    const lastEv = [...evs].reverse().find((e) => ["action", "locked", "reveal"].includes(e.kind)) || evs[evs.length - 1];
    b.setLast(lastEv ? eventText(lastEv, f.seat) : null);
    renderSeats(f, view);
    renderTable(view);
    renderMine(f, view, legal);
    controlsApi = showBets(b, controls, f, view, legal, betMemory, view.phase === "betting");
    renderReveal(view);
    showStandings(b, view);
    fillLog(b.log, tr("history"), evs.map((e) => eventText(e, f.seat)).reverse());
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
    } else text = betTurnText(b, view, legal);
    b.setStatus(text, legal.length > 0);
    b.status.dataset.waiting = view.phase === "lock" && me !== null && view.locked[me] && !view.locked.every(Boolean) ? "1" : "";
  }

  function renderSeats(f, view) {
    b.seatsRow.replaceChildren();
    const order = seatsAfter(2, f.seat ?? 0);
    for (const s of order) {
      const sig = view.signals?.[s];
      b.seatsRow.append(b.seatBox(s, (view.to_act || []).includes(s), "",
        el("span", { class: "op-signals cg-badge", "data-testid": `signals-${s}`, "aria-label": tr("signals_label", { up: sig?.up ?? 0, down: sig?.down ?? 0 }), text: signalText(sig) }),
        ...stackAndBet(b, s, view),
        s === view.first && view.phase !== "over" ? el("span", { class: "cg-badge", text: tr("first") }) : null,
        view.phase === "lock" ? el("span", { class: `cg-badge${view.locked[s] ? " is-strong" : ""}`, "data-testid": `lock-state-${s}`, text: view.locked[s] ? tr("locked") : tr("choosing") }) : null));
    }
  }

  function renderTable(view) {
    b.table.replaceChildren(el("div", { class: "cg-table-info" },
      el("span", { text: tr("deal_no", { n: view.deal_no + 1 }) }),
      el("span", { class: "cg-mult", "data-testid": "pot", text: tr("pot", { n: view.pot }) }),
      el("span", { text: tr("ante", { n: view.ante }) }),
      el("span", { text: tr("stock", { n: view.stock_count }) }),
      el("span", { text: tr("discards", { n: (view.discards || []).length }) })));
  }

  function renderMine(f, view, legal) {
    mine.hidden = f.seat === null || !view.hand || b.gated;
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
      el("p", { class: "cg-result-main", "data-testid": "reveal-winner", text: `${d.winner !== null && d.winner !== undefined ? "★ " : "= "}${winText(d)}${twoAce ? ` ${tr("two_beats_ace")}` : ""}` })].filter(Boolean));
  }

  function key(k, e, f, legal) {
    const view = f.msg.view;
    if (view.phase === "lock" && /^[12]$/.test(k) && legal.some((a) => a.kind === "lock")) {
      const c = view.hand?.[Number(k) - 1];
      const a = c && legal.find((x) => x.kind === "lock" && parseCard(x.card).code === parseCard(c).code);
      if (a) sender.send(a, f.seat);
      return true;
    }
    return view.phase === "betting" && betKeys(b, k, f, legal, controlsApi);
  }

  return b.start({ middle: [mine, controls], after: [reveal], draw, key });
}

// ---- the record: a move in words for the replay's move list (kit/record.js) ----
const RECORD_WORDS = {
  en: { rec_lock: "{name} locks {card}" },
  de: { rec_lock: "{name} sperrt {card}" },
  zh: { rec_lock: "{name} 锁定 {card}" },
};

/** "Ada locks ♥7", "Bo bets 5", "Ada calls 5". */
export const describeAction = describer(RECORD_WORDS, (a, c) => (a.kind === "lock" ? c.tr("rec_lock", { name: c.who, card: c.card(a.card) }) : betText(a, c)));
