// Tractor (Sheng Ji) board, at the compass table the four-seat boards share (kit/table.js, as
// Bridge): the viewer's place at the bottom, the partner across, the opponents left and right
// (play goes round counter-clockwise, kit/seats.js; a spectator sees seat 0 at the bottom).  Each
// place holds the match page's player card (name, turn, clock: seatPlace below), the badges
// (partner / opponent, dealer, attacking / defending, the declared cards) and the card count with
// small backs; the centre holds the info line (deal, level, trump, both teams' levels, the
// attackers' points), the declaration bar while bidding, the kitty, the current trick with each
// play on its player's side (the winning one marked) and the last trick.  The hand, sorted with
// the trumps grouped last, and the controls (declare, pass, bury 8 and confirm, play, hint,
// continue) lie under the table; the count of each deal after it.
// Interface: see the comment block at the top of ../js/live-client.js.
// View and actions: docs/games/tractor.md. A follow and the burial go to the server one card per
// action: the board sends the chosen cards one after the other (each as its state arrives).
import { el, fill } from "../kit/dom.js";
import { cardRow, cardBacks, cardsText, cardSvg, cardLabel, parseCard, SUIT_SYMBOL } from "../kit/cards.js";
import { cardBoard, fillLog } from "../kit/card-board.js";
import { compassTable, placeName } from "../kit/table.js";
import { describer } from "../kit/record.js";

const RANK_NAMES = { 11: "J", 12: "Q", 13: "K", 14: "A" };
const rankName = (n) => RANK_NAMES[n] || String(n);
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

const DICT = {
  en: {
    board: "Tractor table",
    table_label: "The table: you at the bottom, your partner across, the opponents left and right",
    deal_no: "Deal {n}",
    level: "Level {rank}",
    trump: "Trump: {suit}",
    trump_nt: "No trump",
    trump_open: "Trump: not declared yet",
    trump_hint: "trumps: jokers, every {rank}{suit}",
    trump_hint_suit: ", and all {suit}",
    teams: "Levels",
    team_us: "Your team {rank}",
    team_them: "Opponents {rank}",
    team_ns: "Seats 1 & 3: {rank}",
    team_ew: "Seats 2 & 4: {rank}",
    dealer: "Dealer",
    partner: "Partner",
    opponent: "Opponent",
    defending: "defending",
    attacking: "attacking",
    attackers_points: "Attackers' points: {n} (80 take over)",
    points_team: "Points won: {a} / {b}",
    cards_left: { one: "{n} card", other: "{n} cards" },
    declaration: "Declaration",
    declared_by: "{name}: {cards} ({what})",
    no_declaration: "No declaration yet.",
    overcall_with: "Can overcall now: {list}.",
    overcall_nothing: "Nothing can overcall now.",
    str_single: "one level card",
    str_pair: "a level pair",
    str_black_jokers: "two black jokers",
    str_red_jokers: "two red jokers",
    bids: "Bidding",
    bid_pass: "{name} passes",
    kitty: "Kitty",
    kitty_hidden: "8 cards face down",
    kitty_buried: "buried: {n} of 8",
    kitty_taken: "From the kitty",
    kitty_turned: "Turned up",
    trick: "Current trick",
    trick_lead: "{name} leads.",
    winning: "winning",
    last_trick: "Last trick ({name} won {n} points)",
    your_hand: "Your cards",
    your_turn_bid: "Your turn: declare trump or pass.",
    your_turn_bid_pass: "Your turn: nothing you hold can overcall. Pass.",
    your_turn_bury: "Your turn: choose {n} cards to bury in the kitty, then confirm.",
    your_turn_lead: "Your turn: lead a single, a pair or a tractor.",
    your_turn_follow: "Your turn: give {n} more card(s) to the {shape} led ({suit}).",
    other_bid: "{name} is declaring.",
    other_bury: "{name} is burying the kitty.",
    other_play: "{name} to play.",
    deal_over: "The deal is over: press Continue for the next one.",
    over: "The match is over.",
    declare_btn: "Declare {cards}",
    pass: "Pass",
    play: "Play",
    bury: "Bury {k}/{n}",
    hint: "Hint",
    clear: "Clear",
    continue: "Continue",
    sel_none_lead: "Select a single, a pair or a tractor (▲ marks cards that can be led) or press H.",
    sel_lead_ok: "Ready to lead {cards}.",
    sel_lead_bad: "The selected cards are not a single, a pair or a tractor of one suit.",
    sel_none_follow: "Select the cards to give (▲ marks the cards you may give next) or press H.",
    sel_follow_ok: "Ready to give {cards}.",
    sel_follow_bad: "Give only cards marked ▲, at most {n}.",
    sel_bury: "Selected {k} of {n}.",
    sending: "Sending your cards…",
    queue_stopped: "The rest of your selection is not allowed now: choose again.",
    shape_single: "single",
    shape_pair: "pair",
    shape_tractor: "tractor of {n} pairs",
    suit_T: "trumps",
    ev_deal: "Deal {n} dealt at level {rank}.",
    ev_declare: "{name} declares {cards}.",
    ev_pass: "{name} passes.",
    ev_trump: "Trump is {suit}; {name} deals.",
    ev_kitty_turned: "Nobody declared: the kitty is turned up ({cards}); trump {suit}.",
    ev_kitty_taken: "{name} takes the kitty.",
    ev_bury: "{name} buries a card ({n}/8).",
    ev_lead: "{name} leads the first trick.",
    ev_play: "{name}: {cards}",
    ev_trick: "{name} wins the trick ({n} points).",
    ev_deal_over: "Deal over: the attackers have {n} points.",
    ev_ready: "{name} is ready.",
    ev_match_over: "The match is over.",
    result_title: "Deal {n}: the count",
    result_trump: "Level {rank}, trump {suit}, dealt by {name}.",
    result_points: "Attackers' points in tricks: {n}.",
    result_bonus: "Kitty: {k} points × {m} for the last trick = {b}.",
    result_no_bonus: "Kitty: {k} points (no bonus: the attackers did not win the last trick).",
    result_total: "Attackers' total: {n}.",
    result_hold: "The defenders hold and go up {n} level(s).",
    result_take: "The attackers take over.",
    result_take_up: "The attackers take over and go up {n} level(s).",
    result_levels: "Levels now: {us}.",
    result_next: "{name} deals next.",
    result_won: "A team went beyond the Ace and wins the match.",
    keys: "Keys: ←/→ move in the hand, Space selects, Enter or P plays (B buries), H hint, Esc clears, X or 0 passes, 1–9 declare, C continues, ? rules.",
  },
  de: {
    board: "Traktor-Tisch",
    table_label: "Der Tisch: du unten, dein Partner gegenüber, die Gegner links und rechts",
    deal_no: "Spiel {n}",
    level: "Stufe {rank}",
    trump: "Trumpf: {suit}",
    trump_nt: "Kein Trumpf",
    trump_open: "Trumpf: noch nicht erklärt",
    trump_hint: "Trümpfe: Joker, jede {rank}{suit}",
    trump_hint_suit: " und alle {suit}",
    teams: "Stufen",
    team_us: "Dein Team {rank}",
    team_them: "Gegner {rank}",
    team_ns: "Plätze 1 & 3: {rank}",
    team_ew: "Plätze 2 & 4: {rank}",
    dealer: "Geber",
    partner: "Partner",
    opponent: "Gegner",
    defending: "verteidigt",
    attacking: "greift an",
    attackers_points: "Punkte der Angreifer: {n} (ab 80 übernehmen sie)",
    points_team: "Gewonnene Punkte: {a} / {b}",
    cards_left: { one: "{n} Karte", other: "{n} Karten" },
    declaration: "Ansage",
    declared_by: "{name}: {cards} ({what})",
    no_declaration: "Noch keine Ansage.",
    overcall_with: "Überbieten kann jetzt: {list}.",
    overcall_nothing: "Nichts kann jetzt überbieten.",
    str_single: "eine Stufenkarte",
    str_pair: "ein Stufenpaar",
    str_black_jokers: "zwei schwarze Joker",
    str_red_jokers: "zwei rote Joker",
    bids: "Ansagen",
    bid_pass: "{name} passt",
    kitty: "Katze",
    kitty_hidden: "8 Karten verdeckt",
    kitty_buried: "vergraben: {n} von 8",
    kitty_taken: "Aus der Katze",
    kitty_turned: "Aufgedeckt",
    trick: "Aktueller Stich",
    trick_lead: "{name} spielt aus.",
    winning: "gewinnt",
    last_trick: "Letzter Stich ({name} gewann {n} Punkte)",
    your_hand: "Deine Karten",
    your_turn_bid: "Du bist dran: Trumpf ansagen oder passen.",
    your_turn_bid_pass: "Du bist dran: du kannst nicht überbieten. Passe.",
    your_turn_bury: "Du bist dran: wähle {n} Karten für die Katze und bestätige.",
    your_turn_lead: "Du bist dran: spiele eine Einzelkarte, ein Paar oder einen Traktor aus.",
    your_turn_follow: "Du bist dran: gib noch {n} Karte(n) zu {shape} ({suit}).",
    other_bid: "{name} sagt an.",
    other_bury: "{name} vergräbt die Katze.",
    other_play: "{name} ist am Zug.",
    deal_over: "Das Spiel ist beendet: Weiter drücken für das nächste.",
    over: "Die Partie ist beendet.",
    declare_btn: "Ansagen: {cards}",
    pass: "Passen",
    play: "Spielen",
    bury: "Vergraben {k}/{n}",
    hint: "Tipp",
    clear: "Abwählen",
    continue: "Weiter",
    sel_none_lead: "Wähle eine Einzelkarte, ein Paar oder einen Traktor (▲ markiert ausspielbare Karten) oder drücke H.",
    sel_lead_ok: "Bereit zum Ausspielen: {cards}.",
    sel_lead_bad: "Die gewählten Karten sind keine Einzelkarte, kein Paar und kein Traktor einer Farbe.",
    sel_none_follow: "Wähle die Karten, die du gibst (▲ markiert die jetzt erlaubten) oder drücke H.",
    sel_follow_ok: "Bereit: {cards}.",
    sel_follow_bad: "Gib nur mit ▲ markierte Karten, höchstens {n}.",
    sel_bury: "{k} von {n} gewählt.",
    sending: "Deine Karten werden gesendet…",
    queue_stopped: "Der Rest deiner Auswahl ist jetzt nicht erlaubt: wähle neu.",
    shape_single: "der Einzelkarte",
    shape_pair: "dem Paar",
    shape_tractor: "dem Traktor aus {n} Paaren",
    suit_T: "Trumpf",
    ev_deal: "Spiel {n} auf Stufe {rank} ausgeteilt.",
    ev_declare: "{name} sagt {cards} an.",
    ev_pass: "{name} passt.",
    ev_trump: "Trumpf ist {suit}; {name} gibt.",
    ev_kitty_turned: "Niemand hat angesagt: die Katze wird aufgedeckt ({cards}); Trumpf {suit}.",
    ev_kitty_taken: "{name} nimmt die Katze.",
    ev_bury: "{name} vergräbt eine Karte ({n}/8).",
    ev_lead: "{name} spielt den ersten Stich aus.",
    ev_play: "{name}: {cards}",
    ev_trick: "{name} gewinnt den Stich ({n} Punkte).",
    ev_deal_over: "Spiel beendet: die Angreifer haben {n} Punkte.",
    ev_ready: "{name} ist bereit.",
    ev_match_over: "Die Partie ist beendet.",
    result_title: "Spiel {n}: die Abrechnung",
    result_trump: "Stufe {rank}, Trumpf {suit}, gegeben von {name}.",
    result_points: "Punkte der Angreifer aus Stichen: {n}.",
    result_bonus: "Katze: {k} Punkte × {m} für den letzten Stich = {b}.",
    result_no_bonus: "Katze: {k} Punkte (kein Bonus: die Angreifer haben den letzten Stich nicht gewonnen).",
    result_total: "Angreifer gesamt: {n}.",
    result_hold: "Die Verteidiger halten und steigen {n} Stufe(n).",
    result_take: "Die Angreifer übernehmen.",
    result_take_up: "Die Angreifer übernehmen und steigen {n} Stufe(n).",
    result_levels: "Stufen jetzt: {us}.",
    result_next: "{name} gibt als Nächstes.",
    result_won: "Ein Team ist über das Ass hinaus gestiegen und gewinnt die Partie.",
    keys: "Tasten: ←/→ in der Hand, Leertaste wählt, Enter oder P spielt (B vergräbt), H Tipp, Esc abwählen, X oder 0 passt, 1–9 ansagen, C weiter, ? Regeln.",
  },
  zh: {
    board: "拖拉机牌桌",
    table_label: "牌桌：你在下方，对家在对面，对手在左右两边",
    deal_no: "第 {n} 局",
    level: "打 {rank}",
    trump: "主牌：{suit}",
    trump_nt: "无主",
    trump_open: "主牌：尚未亮主",
    trump_hint: "主牌：大小王、所有 {rank}{suit}",
    trump_hint_suit: "，以及所有{suit}",
    teams: "级数",
    team_us: "你方 {rank}",
    team_them: "对方 {rank}",
    team_ns: "座位 1 和 3：{rank}",
    team_ew: "座位 2 和 4：{rank}",
    dealer: "庄家",
    partner: "对家",
    opponent: "对手",
    defending: "坐庄",
    attacking: "抓分",
    attackers_points: "闲家得分：{n}（80 分上台）",
    points_team: "得分：{a} / {b}",
    cards_left: { other: "{n} 张" },
    declaration: "亮主",
    declared_by: "{name}：{cards}（{what}）",
    no_declaration: "还没有人亮主。",
    overcall_with: "现在可以反主：{list}。",
    overcall_nothing: "现在无法反主。",
    str_single: "一张级牌",
    str_pair: "一对级牌",
    str_black_jokers: "一对小王",
    str_red_jokers: "一对大王",
    bids: "亮主",
    bid_pass: "{name} 不亮",
    kitty: "底牌",
    kitty_hidden: "8 张扣着的底牌",
    kitty_buried: "已扣底：{n}/8",
    kitty_taken: "从底牌中拿到",
    kitty_turned: "翻底",
    trick: "本轮",
    trick_lead: "{name} 首出。",
    winning: "最大",
    last_trick: "上一轮（{name} 得 {n} 分）",
    your_hand: "你的手牌",
    your_turn_bid: "轮到你：亮主或不亮。",
    your_turn_bid_pass: "轮到你：你的牌无法反主。请选择不亮。",
    your_turn_bury: "轮到你：选 {n} 张牌扣底，然后确认。",
    your_turn_lead: "轮到你：出单张、对子或拖拉机。",
    your_turn_follow: "轮到你：再跟 {n} 张牌到首出的{shape}（{suit}）。",
    other_bid: "{name} 正在亮主。",
    other_bury: "{name} 正在扣底。",
    other_play: "等待 {name} 出牌。",
    deal_over: "本局结束：按“继续”开始下一局。",
    over: "比赛结束。",
    declare_btn: "亮 {cards}",
    pass: "不亮",
    play: "出牌",
    bury: "扣底 {k}/{n}",
    hint: "提示",
    clear: "清除",
    continue: "继续",
    sel_none_lead: "选一张单张、一对或一组拖拉机（▲ 标出可以首出的牌），或按 H。",
    sel_lead_ok: "可以首出 {cards}。",
    sel_lead_bad: "所选的牌不是同一门花色的单张、对子或拖拉机。",
    sel_none_follow: "选出要跟的牌（▲ 标出下一张可以跟的牌），或按 H。",
    sel_follow_ok: "可以跟出 {cards}。",
    sel_follow_bad: "只能跟标有 ▲ 的牌，最多 {n} 张。",
    sel_bury: "已选 {k}/{n}。",
    sending: "正在出牌…",
    queue_stopped: "你选的其余牌现在不能出：请重新选择。",
    shape_single: "单张",
    shape_pair: "对子",
    shape_tractor: "{n} 对的拖拉机",
    suit_T: "主牌",
    ev_deal: "第 {n} 局发牌，打 {rank}。",
    ev_declare: "{name} 亮 {cards}。",
    ev_pass: "{name} 不亮。",
    ev_trump: "主牌是{suit}；{name} 坐庄。",
    ev_kitty_turned: "无人亮主：翻开底牌（{cards}）；主牌{suit}。",
    ev_kitty_taken: "{name} 拿底牌。",
    ev_bury: "{name} 扣了一张底牌（{n}/8）。",
    ev_lead: "{name} 首出第一轮。",
    ev_play: "{name}：{cards}",
    ev_trick: "{name} 赢得这一轮（{n} 分）。",
    ev_deal_over: "本局结束：闲家得 {n} 分。",
    ev_ready: "{name} 已准备。",
    ev_match_over: "比赛结束。",
    result_title: "第 {n} 局：计分",
    result_trump: "打 {rank}，主牌{suit}，{name} 坐庄。",
    result_points: "闲家在各轮中得分：{n}。",
    result_bonus: "抠底：底牌 {k} 分 × {m}（最后一轮）= {b}。",
    result_no_bonus: "底牌：{k} 分（不加分：闲家没有赢得最后一轮）。",
    result_total: "闲家总分：{n}。",
    result_hold: "庄家守住，升 {n} 级。",
    result_take: "闲家上台。",
    result_take_up: "闲家上台并升 {n} 级。",
    result_levels: "当前级数：{us}。",
    result_next: "下一局由 {name} 坐庄。",
    result_won: "有一队打过 A，赢得比赛。",
    keys: "按键：←/→ 在手牌中移动，空格选牌，Enter 或 P 出牌（B 扣底），H 提示，Esc 清除，X 或 0 不亮，1–9 亮主，C 继续，? 规则。",
  },
};

function loadCss() {
  if (document.querySelector("link[data-board-css=tractor]")) return;
  document.head.append(el("link", { rel: "stylesheet", href: new URL("./tractor.css", import.meta.url).href, "data-board-css": "tractor" }));
}

/** Is `code` a trump in this view's deal? (jokers, the level rank, the trump suit) */
function isTrump(code, view) {
  const p = parseCard(code);
  if (p.joker) return true;
  if (p.rank === rankName(view.level)) return true;
  return !!view.trump && view.trump !== "NT" && p.suit === view.trump;
}

const sameCards = (a, b) => a.length === b.length && [...a].sort().join(" ") === [...b].sort().join(" ");

export function mount(root, options) {
  loadCss();
  const b = cardBoard(root, options, { dict: DICT, cls: "tr" });
  const { tr, name, sender } = b;
  // The table turns so that the seat shown is at the bottom (a spectator: seat 0); the match
  // page moves each player card into its seat's place (seatPlace, at the end of mount).
  const table = compassTable({ seats: 4, label: tr("table_label"), placeLabel: (s) => name(s) });
  b.table.replaceChildren(table.element);
  b.seatsRow.hidden = true; // the seats sit at the table
  const info = el("div", { class: "tr-info", "data-testid": "tr-info" });
  const controls = el("div", { class: "cg-controls", "data-testid": "controls" });
  const handBox = el("div", { class: "cg-hand-wrap tr-hand-wrap" });
  let selected = new Set(); // card codes with their pack mark (unique in a hand)
  let handKey = null;
  let focusCode = null;
  let queue = []; // cards chosen to go one after the other (a follow, the burial)
  let sentSeq = -1;
  let note = "";
  let drawn = { f: null, view: null, legal: [] };
  const opened = { last: false, kitty: false }; // the centre's folds the player keeps open

  const suitText = (s) => (s === "NT" ? tr("trump_nt") : s === "T" ? tr("suit_T") : `${SUIT_SYMBOL[s]} ${tr(`suit_${s}`)}`);
  const team = (s) => s % 2;

  function mode(view, legal) {
    if (!legal.length) return "wait";
    if (view.phase === "bid") return "bid";
    if (view.phase === "bury") return "bury";
    if (view.phase === "deal_over") return "continue";
    if (view.phase === "play") return view.trick.length && view.lead ? "follow" : "lead";
    return "wait";
  }
  const singleCodes = (legal, kind) => new Set(legal.filter((a) => a.kind === kind).map((a) => (kind === "bury" ? a.card : a.cards[0])));
  const leadPlays = (legal) => legal.filter((a) => a.kind === "play").map((a) => a.cards);
  function given(view, seat) {
    const mine = view.trick.find((p) => p.seat === seat);
    return mine ? mine.cards.length : 0;
  }
  function need(view, m, seat) {
    if (m === "bury") return 8 - (view.buried || 0);
    if (m === "follow") return view.lead.size - given(view, seat);
    return 0;
  }

  // ---- sending ------------------------------------------------------------------------------
  function sendNext(f, view, legal) {
    const m = mode(view, legal);
    if (!queue.length) return;
    if (m !== "bury" && m !== "follow") {
      if (m !== "wait") queue = [];
      return;
    }
    if (f.msg.seq === sentSeq) return;
    const ok = singleCodes(legal, m === "bury" ? "bury" : "play");
    const next = queue.find((c) => ok.has(c));
    if (next === undefined) {
      queue = [];
      note = tr("queue_stopped");
      return;
    }
    queue = queue.filter((c) => c !== next);
    sentSeq = f.msg.seq;
    sender.send(m === "bury" ? { kind: "bury", card: next } : { kind: "play", cards: [next] }, f.seat);
  }

  function confirm() {
    const { f, view, legal } = drawn;
    if (!f) return;
    const m = mode(view, legal);
    const sel = [...selected];
    if (m === "lead") {
      const play = leadPlays(legal).find((p) => sameCards(p, sel));
      if (play) sender.send({ kind: "play", cards: play }, f.seat);
      return;
    }
    if ((m === "bury" && sel.length === need(view, m, f.seat)) || (m === "follow" && followOk(sel, view, legal, f.seat))) {
      queue = orderLike(view.hand, sel);
      selected = new Set();
      note = tr("sending");
      sendNext(f, view, legal);
      draw(f, view, legal);
    }
  }
  const orderLike = (hand, cards) => hand.filter((c) => cards.includes(c));
  function followOk(sel, view, legal, seat) {
    const ok = singleCodes(legal, "play");
    return sel.length >= 1 && sel.length <= need(view, "follow", seat) && sel.some((c) => ok.has(c));
  }

  function hint() {
    const { f, view, legal } = drawn;
    const m = mode(view, legal);
    if (m === "lead") {
      const plays = leadPlays(legal);
      const at = plays.findIndex((p) => sameCards(p, [...selected]));
      selected = new Set(plays[(at + 1) % plays.length]);
    } else if (m === "follow") {
      const ok = [...singleCodes(legal, "play")];
      const next = ok.find((c) => !selected.has(c));
      selected = new Set(next === undefined ? [] : [next]);
    } else if (m === "bury") {
      const n = need(view, m, f.seat);
      // the lowest side cards without points first, then side cards with points, trumps last
      const points = (c) => ["5", "10", "K"].includes(parseCard(c).rank);
      const low = (c) => RANKS.indexOf(parseCard(c).rank);
      const side = view.hand.filter((c) => !isTrump(c, view)).sort((x, y) => low(x) - low(y));
      const order = [...side.filter((c) => !points(c)), ...side.filter(points), ...view.hand.filter((c) => isTrump(c, view))];
      selected = new Set(order.slice(0, n));
    } else return;
    draw(f, view, legal);
  }

  // ---- the hand -----------------------------------------------------------------------------
  function toggle(code) {
    const { f, view, legal } = drawn;
    const m = mode(view, legal);
    if (!["lead", "follow", "bury"].includes(m) || queue.length) return;
    if (selected.has(code)) selected.delete(code);
    else selected.add(code);
    focusCode = code;
    note = "";
    draw(f, view, legal);
  }

  function renderHand(f, view, legal, m) {
    const hand = view.hand || [];
    const playable = m === "lead" ? new Set(leadPlays(legal).flat()) : m === "follow" ? singleCodes(legal, "play") : m === "bury" ? new Set(hand) : new Set();
    const taken = new Set(view.taken && f.seat === view.dealer ? view.taken : []);
    const active = playable.size > 0 && !queue.length;
    const hadFocus = handBox.contains(document.activeElement);
    const list = el("ul", { class: "hand-cards", "aria-label": tr("your_hand"), "data-testid": "hand" });
    const seen = new Map();
    let prevTrump = null;
    hand.forEach((code, i) => {
      const base = parseCard(code).code;
      const n = (seen.get(base) || 0) + 1;
      seen.set(base, n);
      const trump = isTrump(code, view);
      const isSel = selected.has(code);
      const ok = active && playable.has(code);
      const state = isSel ? tr("card_selected") : active ? (ok ? tr("card_playable") : tr("card_not_playable")) : "";
      const btn = el("button", {
        type: "button",
        class: `hand-card${isSel ? " is-selected" : ""}${ok ? " is-playable" : ""}${active && !ok ? " is-dim" : ""}${trump ? " is-trump" : ""}${taken.has(code) ? " is-taken" : ""}`,
        "data-testid": n === 1 ? `card-${base}` : `card-${base}-${n}`,
        "data-card": code,
        "aria-pressed": String(isSel),
        "aria-label": cardLabel(code, tr) + (state ? `, ${state}` : ""),
        tabindex: (focusCode ?? hand[0]) === code ? "0" : "-1",
        onclick: () => toggle(code),
        onkeydown: (e) => handKeys(e, i),
      }, cardSvg(code), el("span", { class: "hand-tag", "aria-hidden": "true", text: isSel ? "✓" : ok ? "▲" : "" }));
      list.append(el("li", { class: trump && prevTrump === false ? "tr-trump-start" : null }, btn));
      prevTrump = trump;
    });
    if (!hand.includes(focusCode) && list.querySelector("button")) list.querySelector("button").tabIndex = 0;
    handBox.replaceChildren(list);
    handBox.hidden = !view.hand || b.gated;
    if (hadFocus) list.querySelector(`button[data-card="${CSS.escape(focusCode ?? "")}"]`)?.focus({ preventScroll: true });
  }

  function handKeys(e, i) {
    const buttons = [...handBox.querySelectorAll("button")];
    let j = null;
    if (e.key === "ArrowLeft" || e.key === "ArrowUp") j = Math.max(0, i - 1);
    else if (e.key === "ArrowRight" || e.key === "ArrowDown") j = Math.min(buttons.length - 1, i + 1);
    else if (e.key === "Home") j = 0;
    else if (e.key === "End") j = buttons.length - 1;
    else if (e.key === " ") {
      e.preventDefault();
      toggle(buttons[i].dataset.card);
      return;
    } else if (e.key === "Enter") {
      e.preventDefault();
      confirm();
      return;
    }
    if (j === null) return;
    e.preventDefault();
    buttons[i].tabIndex = -1;
    buttons[j].tabIndex = 0;
    focusCode = buttons[j].dataset.card;
    buttons[j].focus();
  }

  // ---- the parts ----------------------------------------------------------------------------
  function renderInfo(f, view) {
    const me = f.seat;
    const rank = rankName(view.level);
    const trumpText = view.trump === null ? tr("trump_open") : view.trump === "NT" ? tr("trump_nt") : tr("trump", { suit: suitText(view.trump) });
    const hintText = view.trump === null ? "" : tr("trump_hint", { rank, suit: "" }) + (view.trump && view.trump !== "NT" ? tr("trump_hint_suit", { suit: `${SUIT_SYMBOL[view.trump]}` }) : "");
    const levels = view.levels || [2, 2];
    const teamsText = me === null || me === undefined
      ? [tr("team_ns", { rank: rankName(levels[0]) }), tr("team_ew", { rank: rankName(levels[1]) })]
      : [tr("team_us", { rank: rankName(levels[team(me)]) }), tr("team_them", { rank: rankName(levels[1 - team(me)]) })];
    const atk = view.attackers;
    fill(info,
      el("span", { text: tr("deal_no", { n: (view.deal_no ?? 0) + 1 }) }),
      el("span", { class: "tr-level", "data-testid": "tr-level", text: tr("level", { rank }) }),
      el("span", { class: "tr-trump", "data-testid": "tr-trump", title: hintText, text: trumpText }),
      el("span", { "data-testid": "tr-levels", text: `${tr("teams")}: ${teamsText.join(" · ")}` }),
      atk === null || atk === undefined ? null : el("span", { class: "tr-points", "data-testid": "tr-points", text: tr("attackers_points", { n: view.points[atk] }) }),
      hintText ? el("span", { class: "tr-trump-hint muted", text: hintText }) : null,
    );
  }

  // Every seat's place: its name (the page's player card stands in for it), the badges, the
  // cards left and, for the other seats, their backs (a phone shows the count only, and in the
  // three strips of the other seats no partner / opponent and side badges: where a strip stands
  // says the one, the dealer's crown the other).
  function renderPlaces(f, view) {
    const mine = f.seat !== null && f.seat !== undefined;
    table.setMe(mine ? f.seat : null);
    table.setActing(view.to_act || []);
    for (let s = 0; s < 4; s++) {
      const place = table.place(s);
      const role = !mine || s === f.seat ? null : team(s) === team(f.seat) ? "partner" : "opponent";
      const decl = (view.bids || []).filter((x) => x.seat === s && x.cards).pop();
      const side = view.attackers === null || view.attackers === undefined ? null : team(s) === view.attackers ? "attacking" : "defending";
      const acting = (view.to_act || []).includes(s);
      const n = view.hand_counts?.[s] ?? 0;
      place.element.classList.toggle("is-dealer", s === view.dealer);
      fill(place.head,
        ...placeName(b, s, acting),
        role ? el("span", { class: `cg-badge tr-${role}`, text: tr(role) }) : null,
        s === view.dealer ? el("span", { class: "cg-badge is-landlord", "data-testid": `dealer-${s}`, title: tr("dealer") }, "♛ ", el("span", { class: "tr-badge-word", text: tr("dealer") })) : null,
        side ? el("span", { class: `cg-badge tr-side tr-side-${side}`, text: tr(side) }) : null,
        decl ? el("span", { class: "cg-badge is-strong", text: cardsText(decl.cards) }) : null);
      fill(place.body, el("span", { class: "tr-count" },
        el("span", { class: "cg-count", "data-testid": `count-${s}`, text: tr("cards_left", { n }) }),
        s === f.seat || !n ? null : cardBacks(n, tr, { max: 12 })));
    }
  }

  // The centre: the info line, the declaration bar while bidding, the kitty, the trick, the last
  // trick.
  // The kitty and the last trick share a row under the trick (the first screen).
  // On a phone the kitty row gives way to the trick while playing; the dealer can still look at
  // the cards they buried (only the dealer's view holds them), folded like the last trick.
  function renderCentre(f, view) {
    const parts = [info];
    if (view.phase === "bid") parts.push(declarationBar(view));
    if (view.phase === "play") parts.push(trickBox(f, view));
    const foot = el("div", { class: "tr-centre-foot" }, kittyRow(f, view));
    const last = (view.tricks || [])[view.tricks?.length - 1];
    if (last && view.phase !== "bid") {
      const label = tr("last_trick", { name: name(last.winner), n: last.points });
      foot.append(folded("last", { class: "tr-last-trick", "data-testid": "last-trick" }, label,
        el("div", { class: "tr-plays" }, ...last.plays.map((p) => el("div", { class: "tr-play" }, el("span", { text: name(p.seat) }), cardRow(p.cards, tr, { cls: "is-small" }))))));
    }
    if (view.phase === "play" && view.kitty?.length) {
      foot.append(folded("kitty", { class: "tr-kitty-peek", "data-testid": "kitty-peek" }, tr("kitty"),
        cardRow(view.kitty, tr, { cls: "is-small", label: tr("kitty"), testid: "kitty-peek-cards" })));
    }
    parts.push(foot);
    table.centre.replaceChildren(...parts);
  }

  // A fold the player opened stays open when the next state redraws the centre (every card
  // played redraws it).
  function folded(key, attrs, summary, ...body) {
    const box = el("details", { ...attrs, open: opened[key] }, el("summary", { text: summary }), ...body);
    box.addEventListener("toggle", () => { opened[key] = box.open; });
    return box;
  }

  function declarationBar(view) {
    const d = view.declaration;
    const list = (view.overcall_with || []).map((s) => tr(`str_${s}`));
    return el("div", { class: "tr-declaration", "data-testid": "declaration-bar" },
      el("p", { class: "cg-play-label", "data-testid": "declaration", text: `${tr("declaration")}: ${d ? tr("declared_by", { name: name(d.seat), cards: cardsText(d.cards), what: d.suit === "NT" ? tr("trump_nt") : suitText(d.suit) }) : tr("no_declaration")}` }),
      el("p", { "data-testid": "overcall-with", text: list.length ? tr("overcall_with", { list: list.join(", ") }) : tr("overcall_nothing") }),
      el("ol", { class: "cg-bids" }, ...(view.bids || []).map((x) => el("li", { text: x.cards ? tr("ev_declare", { name: name(x.seat), cards: cardsText(x.cards) }) : tr("bid_pass", { name: name(x.seat) }) }))));
  }

  function kittyRow(f, view) {
    const row = el("div", { class: "cg-bottom", "data-testid": "kitty" }, el("span", { class: "cg-label", text: `${tr("kitty")}:` }));
    if (view.kitty && view.kitty.length) row.append(cardRow(view.kitty, tr, { cls: "is-small", label: tr("kitty"), testid: "kitty-cards" }));
    else row.append(el("span", { class: "card-backs", role: "img", "aria-label": tr("kitty_hidden") }, ...cardBacks(8, tr).children));
    if (view.phase === "bury" || view.phase === "play") row.append(el("span", { text: tr("kitty_buried", { n: view.buried || 0 }) }));
    if (view.taken && view.phase === "bury") row.append(el("span", { class: "cg-label", text: `${tr("kitty_taken")}:` }), cardRow(view.taken, tr, { cls: "is-small", testid: "kitty-taken" }));
    if (view.turned) row.append(el("span", { class: "cg-label", text: `${tr("kitty_turned")}:` }), cardRow(view.turned, tr, { cls: "is-small", testid: "kitty-turned" }));
    return row;
  }

  // The trick in the centre, each seat's play on its side of it (next to its place), the winning
  // play marked; who leads while it is empty.
  function trickBox(f, view) {
    const box = el("div", { class: "tr-trick", role: "group", "data-testid": "trick", "aria-label": tr("trick") });
    for (let seat = 0; seat < 4; seat++) {
      const side = table.sideOf(seat);
      const play = view.trick.find((p) => p.seat === seat);
      const win = view.winning === seat && !!play;
      box.append(el("div", { class: `tr-spot is-${side}${win ? " is-winning" : ""}${play ? "" : " is-empty"}`, "data-testid": `trick-${seat}`, "data-side": side },
        el("span", { class: "visually-hidden", text: name(seat) }),
        play ? cardRow(play.cards, tr, { cls: "is-small", label: name(seat) }) : null,
        win ? el("span", { class: "tr-spot-win" }, "★", el("span", { class: "tr-spot-win-word", text: ` ${tr("winning")}` })) : null));
    }
    if (!view.trick.length && view.phase === "play") box.append(el("p", { class: "tr-trick-note", text: tr("trick_lead", { name: name(view.turn) }) }));
    return box;
  }

  function renderControls(f, view, legal, m) {
    controls.replaceChildren();
    controls.hidden = !legal.length;
    if (!legal.length) return;
    const sel = [...selected];
    if (m === "bid") {
      const seenText = new Set();
      let n = 0;
      for (const a of legal.filter((x) => x.kind === "declare")) {
        const text = cardsText(a.cards);
        if (seenText.has(text)) continue;
        seenText.add(text);
        n += 1;
        controls.append(el("button", { type: "button", class: "button primary", "data-testid": `declare-${n}`, "data-cards": a.cards.join(" "), "aria-keyshortcuts": String(n), text: `${tr("declare_btn", { cards: text })} (${n})`, onclick: () => sender.send(a, f.seat) }));
      }
      controls.append(el("button", { type: "button", class: "button", "data-testid": "pass-button", "aria-keyshortcuts": "X 0", text: `${tr("pass")} (X)`, onclick: () => sender.send({ kind: "pass" }, f.seat) }));
      return;
    }
    if (m === "continue") {
      controls.append(el("button", { type: "button", class: "button primary big", "data-testid": "continue-button", "aria-keyshortcuts": "C", text: `${tr("continue")} (C)`, onclick: () => sender.send({ kind: "continue" }, f.seat) }));
      return;
    }
    let ready = false;
    let text = "";
    if (m === "lead") {
      ready = leadPlays(legal).some((p) => sameCards(p, sel));
      text = ready ? tr("sel_lead_ok", { cards: cardsText(sel) }) : sel.length ? tr("sel_lead_bad") : tr("sel_none_lead");
    } else if (m === "follow") {
      const n = need(view, m, f.seat);
      ready = followOk(sel, view, legal, f.seat);
      text = ready ? tr("sel_follow_ok", { cards: cardsText(sel) }) : sel.length ? tr("sel_follow_bad", { n }) : tr("sel_none_follow");
    } else if (m === "bury") {
      const n = need(view, m, f.seat);
      ready = sel.length === n;
      text = tr("sel_bury", { k: sel.length, n });
    }
    if (queue.length) {
      ready = false;
      text = tr("sending");
    }
    const label = m === "bury" ? `${tr("bury", { k: sel.length, n: need(view, m, f.seat) })} (B)` : `${tr("play")} (P)`;
    controls.append(
      el("button", { type: "button", class: "button primary big", "data-testid": m === "bury" ? "bury-button" : "play-button", "aria-keyshortcuts": m === "bury" ? "Enter B" : "Enter P", disabled: !ready, text: label, onclick: confirm }),
      el("button", { type: "button", class: "button", "data-testid": "hint-button", "aria-keyshortcuts": "H", disabled: !!queue.length, text: `${tr("hint")} (H)`, onclick: hint }),
      el("button", { type: "button", class: "button", "data-testid": "clear-button", "aria-keyshortcuts": "Escape", disabled: !sel.length, text: `${tr("clear")} (Esc)`, onclick: () => {
        selected = new Set();
        draw(f, view, legal);
      } }),
      el("p", { class: `cg-sel-note${!note && !sel.length && m !== "bury" ? " is-help" : ""}`, "data-testid": "selection-note", role: "status", text: note || text }),
    );
  }

  function renderStatus(f, view, legal, m) {
    const mine = legal.length > 0;
    const actor = view.to_act?.[0];
    let text;
    if (view.phase === "over") text = tr("over");
    else if (m === "bid") text = legal.some((a) => a.kind === "declare") ? tr("your_turn_bid") : tr("your_turn_bid_pass");
    else if (m === "bury") text = tr("your_turn_bury", { n: need(view, m, f.seat) });
    else if (m === "lead") text = tr("your_turn_lead");
    else if (m === "follow") {
      const l = view.lead;
      const shape = l.kind === "tractor" ? tr("shape_tractor", { n: l.pairs }) : tr(`shape_${l.kind}`);
      text = tr("your_turn_follow", { n: need(view, m, f.seat), shape, suit: suitText(l.suit) });
    } else if (view.phase === "deal_over") text = tr("deal_over");
    else if (view.phase === "bid") text = tr("other_bid", { name: name(actor) });
    else if (view.phase === "bury") text = tr("other_bury", { name: name(actor) });
    else text = tr("other_play", { name: name(actor) });
    b.setStatus(text, mine);
  }

  function renderResult(f, view) {
    const r = view.previous;
    const show = (view.phase === "deal_over" || view.phase === "over") && r;
    b.result.hidden = !show;
    if (!show) return;
    const mult = r.bonus && r.kitty_points ? r.bonus / r.kitty_points : 0;
    const outcome = r.promoted !== r.attackers ? tr("result_hold", { n: r.promotion }) : r.promotion ? tr("result_take_up", { n: r.promotion }) : tr("result_take");
    const levels = f.seat === null || f.seat === undefined
      ? `${tr("team_ns", { rank: rankName(r.levels[0]) })} · ${tr("team_ew", { rank: rankName(r.levels[1]) })}`
      : `${tr("team_us", { rank: rankName(r.levels[team(f.seat)]) })} · ${tr("team_them", { rank: rankName(r.levels[1 - team(f.seat)]) })}`;
    b.result.replaceChildren(...[
      el("h3", { text: tr("result_title", { n: r.deal_no + 1 }) }),
      el("p", { text: tr("result_trump", { rank: rankName(r.level), suit: suitText(r.trump), name: name(r.dealer) }) }),
      el("p", { text: tr("result_points", { n: r.points[r.attackers] }) }),
      el("p", { text: r.bonus ? tr("result_bonus", { k: r.kitty_points, m: mult, b: r.bonus }) : tr("result_no_bonus", { k: r.kitty_points }) }),
      view.kitty ? cardRow(view.kitty, tr, { cls: "is-small", label: tr("kitty"), testid: "result-kitty" }) : null,
      el("p", { class: "cg-result-main", "data-testid": "result-total", text: `${tr("result_total", { n: r.total })} ${outcome}` }),
      el("p", { "data-testid": "result-levels", text: tr("result_levels", { us: levels }) }),
      r.match_won ? el("p", { class: "cg-result-main", text: tr("result_won") }) : el("p", { text: tr("result_next", { name: name(r.next_dealer) }) }),
    ].filter(Boolean));
  }

  function eventText(e) {
    switch (e.kind) {
      case "deal": return tr("ev_deal", { n: (e.deal_no ?? 0) + 1, rank: rankName(e.level) });
      case "declare": return tr("ev_declare", { name: name(e.seat), cards: cardsText(e.cards) });
      case "pass": return tr("ev_pass", { name: name(e.seat) });
      case "trump": return tr("ev_trump", { suit: suitText(e.trump), name: name(e.dealer) });
      case "kitty_turned": return tr("ev_kitty_turned", { cards: cardsText(e.cards), suit: suitText(e.trump) });
      case "kitty_taken": return tr("ev_kitty_taken", { name: name(e.seat) });
      case "bury": return tr("ev_bury", { name: name(e.seat), n: e.count });
      case "lead": return tr("ev_lead", { name: name(e.seat) });
      case "play": return tr("ev_play", { name: name(e.seat), cards: cardsText(e.cards) });
      case "trick": return tr("ev_trick", { name: name(e.winner), n: e.points });
      case "deal_over": return tr("ev_deal_over", { n: e.total });
      case "ready": return tr("ev_ready", { name: name(e.seat) });
      case "match_over": return tr("ev_match_over");
      default: return e.kind;
    }
  }

  function draw(f, view, legal) {
    drawn = { f, view, legal };
    const m = mode(view, legal);
    const key = `${f.seat}:${view.deal_no}:${view.phase}:${(view.hand || []).join(",")}`;
    if (key !== handKey) {
      handKey = key;
      const hand = new Set(view.hand || []);
      selected = new Set([...selected].filter((c) => hand.has(c) && (m === "bury" || m === "follow" || m === "lead")));
      if (m !== "bury" && m !== "follow") selected = new Set();
    }
    if (!["lead", "follow", "bury"].includes(m)) selected = new Set();
    if (m !== "follow" && m !== "bury" && m !== "wait") queue = [];
    if (!queue.length && note === tr("sending")) note = "";
    sendNext(f, view, legal);
    renderInfo(f, view);
    renderPlaces(f, view);
    renderCentre(f, view);
    renderStatus(f, view, legal, m);
    renderControls(f, view, legal, m);
    renderHand(f, view, legal, m);
    renderResult(f, view);
    const evs = view.last_events || [];
    b.setLast(evs.length ? eventText(evs[evs.length - 1]) : null);
    fillLog(b.log, tr("log"), evs.map(eventText).reverse());
  }

  function key(k, e, f, legal) {
    const view = f.msg.view;
    const m = mode(view, legal);
    if (m === "bid") {
      if (k === "x" || k === "0") {
        sender.send({ kind: "pass" }, f.seat);
        return true;
      }
      if (/^[1-9]$/.test(k)) {
        controls.querySelector(`[data-testid=declare-${k}]`)?.click();
        return true;
      }
      return false;
    }
    if (m === "continue") {
      if (k === "c" || k === "enter") {
        sender.send({ kind: "continue" }, f.seat);
        return true;
      }
      return false;
    }
    if (k === "h") hint();
    else if (k === "escape") {
      selected = new Set();
      draw(f, view, legal);
    } else if (k === "enter" || k === "p" || (m === "bury" && k === "b")) confirm();
    else return false;
    return true;
  }

  const board = b.start({ middle: [controls, handBox], draw, key });
  // The match page's player cards (name, turn, clock) go to the seats' places (live-client.js).
  board.seatPlace = (seat) => table.place(seat)?.holder || null;
  return board;
}

// ---- the record: a move in words for the replay's move list (kit/record.js) ----
const RECORD_WORDS = {
  en: {
    rec_declare: "{name} declares {cards}: trump {suit}", rec_declare_nt: "{name} declares {cards}: no trump",
    rec_bury: "{name} buries {card} in the kitty", rec_lead: "{name} leads {cards}", rec_follow: "{name} plays {cards}",
    rec_trick: { one: "{name} wins the trick ({n} point)", other: "{name} wins the trick ({n} points)" },
  },
  de: {
    rec_declare: "{name} sagt {cards} an: Trumpf {suit}", rec_declare_nt: "{name} sagt {cards} an: kein Trumpf",
    rec_bury: "{name} vergräbt {card} in der Katze", rec_lead: "{name} spielt {cards} aus", rec_follow: "{name} spielt {cards}",
    rec_trick: { one: "{name} gewinnt den Stich ({n} Punkt)", other: "{name} gewinnt den Stich ({n} Punkte)" },
  },
  zh: {
    rec_declare: "{name} 亮 {cards}：主牌{suit}", rec_declare_nt: "{name} 亮 {cards}：无主",
    rec_bury: "{name} 把 {card} 扣底", rec_lead: "{name} 首出 {cards}", rec_follow: "{name} 跟出 {cards}",
    rec_trick: { other: "{name} 赢得这一轮（{n} 分）" },
  },
};

/** "Ada declares ♥5: trump hearts", "Bo buries ♠3 in the kitty", "Cy leads ♠Q ♠Q", "Di plays ♦9". */
export const describeAction = describer(RECORD_WORDS, (a, c) => {
  const { tr } = c;
  if (a.kind === "declare") {
    const p = parseCard(a.cards[0]);
    if (p.joker) return tr("rec_declare_nt", { name: c.who, cards: c.cards(a.cards) });
    return tr("rec_declare", { name: c.who, cards: c.cards(a.cards), suit: tr(`suit_${p.suit}`) });
  }
  if (a.kind === "bury") return tr("rec_bury", { name: c.who, card: c.card(a.card) });
  if (a.kind !== "play") return null;
  const lead = c.events.some((e) => e.kind === "play" && e.shape);
  const text = tr(lead ? "rec_lead" : "rec_follow", { name: c.who, cards: c.cards(a.cards) });
  const trick = c.events.find((e) => e.kind === "trick");
  return trick ? `${text} · ${tr("rec_trick", { name: c.name(trick.winner), n: trick.points })}` : text;
});
