// Bridge board, at a compass table as on BBO (kit/table.js): your hand at the bottom in one row
// by suit, partner across, the opponents left and right, every seat's place with its name, clock
// (the match page's, moved in), compass direction, vulnerability and cards left; the dummy's hand
// at the dummy's own seat once shown (the declarer plays from it); in the centre the auction (the
// columns W N E S) and the bidding box (only legal calls enabled) during the auction, then the trick
// with each card on its player's side and the last trick; the contract, declarer, tricks won per
// side and vulnerability as one line; the declarer's claim (a number of the remaining tricks) and
// the defenders' answer to it (accept / reject, with the declarer's hand shown to them), and the
// score breakdown at the end with every hand shown.
// Interface: see the comment block at the top of ../js/live-client.js.
// View and actions: docs/games/bridge.md.
import { el, fill } from "../kit/dom.js";
import { cardSvg, cardName, cardLabel, cardText, cardBacks, parseCard, SUIT_SYMBOL, CARD_WORDS } from "../kit/cards.js";
import { makeTranslator, mergeWords } from "../kit/i18n.js";
import { cardBoard, fillLog } from "../kit/card-board.js";
import { describer } from "../kit/record.js";
import { compassTable, seatName, turnMarker } from "../kit/table.js";

const STRAINS = ["C", "D", "H", "S", "NT"];
const SUIT_ORDER = ["S", "H", "D", "C"];
// The auction's columns, as bridge prints them: West, North, East, South (seats 1, 2, 3, 0).
const COLUMNS = [1, 2, 3, 0];

const DICT = {
  en: {
    board: "Bridge table",
    dir_0: "South", dir_1: "West", dir_2: "North", dir_3: "East",
    dir_short_0: "S", dir_short_1: "W", dir_short_2: "N", dir_short_3: "E",
    nt: "NT",
    pass: "Pass", double: "Double", redouble: "Redouble",
    call_pass: "Pass", call_double: "X", call_redouble: "XX",
    vul: "vulnerable", not_vul: "not vulnerable",
    vul_none: "Nobody vulnerable", vul_ns: "North–South vulnerable", vul_ew: "East–West vulnerable", vul_both: "Both vulnerable",
    declarer: "declarer", dummy: "dummy",
    contract: "Contract: {contract} by {name}, {target} tricks needed",
    no_contract: "Auction in progress",
    tricks_won: "Tricks: North–South {ns}, East–West {ew}",
    auction: "Auction",
    bidding_box: "Bidding box",
    your_hand: "Your hand",
    dummy_hand: "Dummy ({name})",
    cards_left: "{n} cards",
    trick: "Trick on the table",
    last_trick: "Last trick (won by {name})",
    show_last: "Show the last trick",
    hide_last: "Back to the current trick",
    no_trick: "No card played yet.",
    your_call: "Your call: choose a bid, pass, double or redouble.",
    other_call: "{name} to call.",
    your_lead: "Your turn: lead a card.",
    your_play: "Your turn: play a card (follow suit if you can).",
    your_dummy: "Your turn: play a card from the dummy.",
    other_play: "{name} to play.",
    other_dummy: "{name} plays from the dummy.",
    over: "The deal is over.",
    passed_out: "Passed out: no score for either side.",
    ev_call: "{name}: {call}",
    ev_card: "{name} played {card}",
    ev_trick: "Trick {n}: {cards} → {name}",
    pending_level: "Level {n}: now press C, D, H, S or N.",
    result_title: "Score",
    result_made: "{contract} by {name}: made with {tricks} tricks",
    result_over: "{contract} by {name}: made with {tricks} tricks (+{n})",
    result_down: "{contract} by {name}: down {n} ({tricks} tricks)",
    item_contract: "Contract tricks ({count})",
    item_game: "Game bonus",
    item_part_score: "Part-score bonus",
    item_small_slam: "Small slam bonus",
    item_grand_slam: "Grand slam bonus",
    item_doubled_made: "Doubled contract made",
    item_redoubled_made: "Redoubled contract made",
    item_overtricks: "Overtricks ({count})",
    item_undertricks: "Undertricks ({count})",
    total_declarer: "Total for the declaring side: {n}",
    side_scores: "North–South {ns} · East–West {ew}",
    all_hands: "The four hands",
    history: "Auction and play",
    claim: "Claim",
    claim_label: "Claim tricks",
    claim_count: "Tricks for your side (of {n} remaining)",
    claim_help: "Play stops and the defenders see your hand: the claim stands if both accept; if either rejects, play continues.",
    claim_accepted: "Claim accepted: {n} tricks",
    claim_rejected: "Claim rejected by {name} — play continues",
    claim_by: "{name} claims {n} of {r} tricks",
    claim_title: "Declarer claims {n} of the remaining {r} tricks",
    claim_hand: "Declarer's hand ({name})",
    claim_shown: "Declarer's hand ({name}), shown with the claim",
    claim_accept: "Accept",
    claim_reject: "Reject",
    claim_answer: "Answer the claim: accept or reject.",
    claim_answer_help: "Accept if the declarer's side takes that many tricks however you defend; reject to play on.",
    claim_waiting: "Waiting for the defenders to answer your claim of {n} tricks.",
    claim_partner: "You accepted; waiting for your partner's answer.",
    claim_others: "{name} claims {n} of {r} tricks; the defenders are answering.",
    claimed: "Claimed: {n} of the last {r} tricks to the declarer",
    table_label: "The table: your hand at the bottom, partner across",
    place: "{name} ({dir})",
    keys: "Keys: in the auction 1–7 then C/D/H/S/N bids, P passes, X doubles, R redoubles, Esc clears; in the play Tab or ←/→ move between playable cards, Enter plays, C goes to the claim (the declarer's, or the defenders' Accept / Reject); L shows the last trick; ? rules.",
  },
  de: {
    board: "Bridgetisch",
    dir_0: "Süd", dir_1: "West", dir_2: "Nord", dir_3: "Ost",
    dir_short_0: "S", dir_short_1: "W", dir_short_2: "N", dir_short_3: "O",
    nt: "SA",
    pass: "Passe", double: "Kontra", redouble: "Rekontra",
    call_pass: "Passe", call_double: "X", call_redouble: "XX",
    vul: "in Gefahr", not_vul: "nicht in Gefahr",
    vul_none: "Niemand in Gefahr", vul_ns: "Nord–Süd in Gefahr", vul_ew: "Ost–West in Gefahr", vul_both: "Alle in Gefahr",
    declarer: "Alleinspieler", dummy: "Dummy",
    contract: "Kontrakt: {contract} von {name}, {target} Stiche nötig",
    no_contract: "Die Reizung läuft",
    tricks_won: "Stiche: Nord–Süd {ns}, Ost–West {ew}",
    auction: "Reizung",
    bidding_box: "Bietbox",
    your_hand: "Deine Hand",
    dummy_hand: "Dummy ({name})",
    cards_left: "{n} Karten",
    trick: "Stich auf dem Tisch",
    last_trick: "Letzter Stich (gewonnen von {name})",
    show_last: "Letzten Stich zeigen",
    hide_last: "Zurück zum laufenden Stich",
    no_trick: "Noch keine Karte gespielt.",
    your_call: "Du bist dran: biete, passe, kontriere oder rekontriere.",
    other_call: "{name} ist mit Bieten dran.",
    your_lead: "Du bist dran: spiele eine Karte aus.",
    your_play: "Du bist dran: spiele eine Karte (Farbe bedienen, wenn du kannst).",
    your_dummy: "Du bist dran: spiele eine Karte vom Dummy.",
    other_play: "{name} ist am Zug.",
    other_dummy: "{name} spielt vom Dummy.",
    over: "Das Spiel ist beendet.",
    passed_out: "Alle haben gepasst: keine Punkte für beide Seiten.",
    ev_call: "{name}: {call}",
    ev_card: "{name} spielte {card}",
    ev_trick: "Stich {n}: {cards} → {name}",
    pending_level: "Stufe {n}: jetzt C, D, H, S oder N drücken.",
    result_title: "Abrechnung",
    result_made: "{contract} von {name}: erfüllt mit {tricks} Stichen",
    result_over: "{contract} von {name}: erfüllt mit {tricks} Stichen (+{n})",
    result_down: "{contract} von {name}: {n} down ({tricks} Stiche)",
    item_contract: "Kontraktstiche ({count})",
    item_game: "Partieprämie",
    item_part_score: "Teilpartieprämie",
    item_small_slam: "Kleinschlemm-Prämie",
    item_grand_slam: "Großschlemm-Prämie",
    item_doubled_made: "Kontrierter Kontrakt erfüllt",
    item_redoubled_made: "Rekontrierter Kontrakt erfüllt",
    item_overtricks: "Überstiche ({count})",
    item_undertricks: "Unterstiche ({count})",
    total_declarer: "Summe für die Alleinspielerseite: {n}",
    side_scores: "Nord–Süd {ns} · Ost–West {ew}",
    all_hands: "Die vier Hände",
    history: "Reizung und Spiel",
    claim: "Beanspruchen",
    claim_label: "Stiche beanspruchen",
    claim_count: "Stiche für deine Seite (von {n} verbleibenden)",
    claim_help: "Das Spiel hält an und die Gegenspieler sehen deine Hand: Der Anspruch gilt, wenn beide annehmen; lehnt einer ab, wird weitergespielt.",
    claim_accepted: "Anspruch angenommen: {n} Stiche",
    claim_rejected: "Anspruch abgelehnt von {name} — es wird weitergespielt",
    claim_by: "{name} beansprucht {n} von {r} Stichen",
    claim_title: "Der Alleinspieler beansprucht {n} der verbleibenden {r} Stiche",
    claim_hand: "Hand des Alleinspielers ({name})",
    claim_shown: "Hand des Alleinspielers ({name}), beim Anspruch gezeigt",
    claim_accept: "Annehmen",
    claim_reject: "Ablehnen",
    claim_answer: "Beantworte den Anspruch: annehmen oder ablehnen.",
    claim_answer_help: "Nimm an, wenn die Alleinspielerseite so viele Stiche bei jeder Verteidigung macht; lehne ab, um weiterzuspielen.",
    claim_waiting: "Warte auf die Antwort der Gegenspieler auf deinen Anspruch von {n} Stichen.",
    claim_partner: "Du hast angenommen; warte auf die Antwort deines Partners.",
    claim_others: "{name} beansprucht {n} von {r} Stichen; die Gegenspieler antworten.",
    claimed: "Beansprucht: {n} der letzten {r} Stiche für den Alleinspieler",
    table_label: "Der Tisch: deine Hand unten, dein Partner gegenüber",
    place: "{name} ({dir})",
    keys: "Tasten: in der Reizung 1–7 und dann C/D/H/S/N bietet, P passt, X kontriert, R rekontriert, Esc verwirft; im Spiel wechseln Tab oder ←/→ zwischen spielbaren Karten, Enter spielt, C führt zum Anspruch (Beanspruchen für den Alleinspieler, Annehmen / Ablehnen für die Gegenspieler); L zeigt den letzten Stich; ? Regeln.",
  },
  zh: {
    board: "桥牌牌桌",
    dir_0: "南", dir_1: "西", dir_2: "北", dir_3: "东",
    dir_short_0: "南", dir_short_1: "西", dir_short_2: "北", dir_short_3: "东",
    nt: "NT",
    pass: "不叫", double: "加倍", redouble: "再加倍",
    call_pass: "不叫", call_double: "X", call_redouble: "XX",
    vul: "有局", not_vul: "无局",
    vul_none: "双方无局", vul_ns: "南北有局", vul_ew: "东西有局", vul_both: "双方有局",
    declarer: "庄家", dummy: "明手",
    contract: "定约：{name} 做 {contract}，需要 {target} 墩",
    no_contract: "叫牌进行中",
    tricks_won: "墩数：南北 {ns}，东西 {ew}",
    auction: "叫牌",
    bidding_box: "叫牌盒",
    your_hand: "你的手牌",
    dummy_hand: "明手（{name}）",
    cards_left: "{n} 张",
    trick: "桌上的这一墩",
    last_trick: "上一墩（{name} 赢得）",
    show_last: "查看上一墩",
    hide_last: "回到当前这一墩",
    no_trick: "还没有出牌。",
    your_call: "轮到你叫牌：选择叫品、不叫、加倍或再加倍。",
    other_call: "等待 {name} 叫牌。",
    your_lead: "轮到你：首攻一张牌。",
    your_play: "轮到你：出一张牌（有同花色必须跟）。",
    your_dummy: "轮到你：从明手出一张牌。",
    other_play: "等待 {name} 出牌。",
    other_dummy: "{name} 从明手出牌。",
    over: "本副牌结束。",
    passed_out: "四家不叫：双方都不计分。",
    ev_call: "{name}：{call}",
    ev_card: "{name} 出 {card}",
    ev_trick: "第 {n} 墩：{cards} → {name}",
    pending_level: "阶数 {n}：现在按 C、D、H、S 或 N。",
    result_title: "计分",
    result_made: "{name} 做 {contract}：完成，{tricks} 墩",
    result_over: "{name} 做 {contract}：完成，{tricks} 墩（超 {n}）",
    result_down: "{name} 做 {contract}：宕 {n}（{tricks} 墩）",
    item_contract: "定约墩分（{count}）",
    item_game: "成局奖分",
    item_part_score: "部分定约奖分",
    item_small_slam: "小满贯奖分",
    item_grand_slam: "大满贯奖分",
    item_doubled_made: "加倍定约完成",
    item_redoubled_made: "再加倍定约完成",
    item_overtricks: "超墩（{count}）",
    item_undertricks: "宕墩（{count}）",
    total_declarer: "庄家方合计：{n}",
    side_scores: "南北 {ns} · 东西 {ew}",
    all_hands: "四家手牌",
    history: "叫牌与打牌",
    claim: "摊牌",
    claim_label: "摊牌声明墩数",
    claim_count: "你方的墩数（剩余 {n} 墩中）",
    claim_help: "打牌暂停，防守方会看到你的手牌：双方都接受则摊牌成立；任何一方拒绝则继续打牌。",
    claim_accepted: "摊牌被接受：{n} 墩",
    claim_rejected: "{name} 拒绝摊牌——继续打牌",
    claim_by: "{name} 摊牌声明 {r} 墩中的 {n} 墩",
    claim_title: "庄家摊牌声明剩余 {r} 墩中的 {n} 墩",
    claim_hand: "庄家的手牌（{name}）",
    claim_shown: "庄家的手牌（{name}），随摊牌亮出",
    claim_accept: "接受",
    claim_reject: "拒绝",
    claim_answer: "回应摊牌：接受或拒绝。",
    claim_answer_help: "如果无论你如何防守庄家方都能拿到这些墩，就接受；拒绝则继续打牌。",
    claim_waiting: "等待防守方回应你声明的 {n} 墩。",
    claim_partner: "你已接受；等待同伴回应。",
    claim_others: "{name} 摊牌声明 {r} 墩中的 {n} 墩；防守方正在回应。",
    claimed: "已摊牌：最后 {r} 墩中 {n} 墩归庄家",
    table_label: "牌桌：你的手牌在下方，同伴在对面",
    place: "{name}（{dir}）",
    keys: "按键：叫牌时按 1–7 再按 C/D/H/S/N 叫牌，P 不叫，X 加倍，R 再加倍，Esc 清除；打牌时 Tab 或 ←/→ 在可出的牌间移动，Enter 出牌，C 转到摊牌（庄家的摊牌，或防守方的接受 / 拒绝）；L 查看上一墩；? 规则。",
  },
};

function loadBridgeCss() {
  if (document.querySelector("link[data-board-css=bridge]")) return;
  document.head.append(el("link", { rel: "stylesheet", href: new URL("./bridge.css", import.meta.url).href, "data-board-css": "bridge" }));
}

const vulnerable = (vul, seat) => vul === "both" || (vul === "ns" && seat % 2 === 0) || (vul === "ew" && seat % 2 === 1);
const sameAction = (a, b) => JSON.stringify(a) === JSON.stringify(b);

export function mount(root, options) {
  loadBridgeCss();
  const b = cardBoard(root, options, { dict: DICT, cls: "br" });
  const { tr, name } = b;
  const dir = (s) => tr(`dir_${s}`);
  // The table turns so that the seat shown is at the bottom; a spectator sees South there.  Play
  // goes clockwise (South, West, North, East): the next seat sits on the left.
  const table = compassTable({ seats: 4, clockwise: true, spectatorSeat: 0, label: tr("table_label"), placeLabel: (s) => tr("place", { name: name(s), dir: dir(s) }) });
  const info = el("div", { class: "cg-table-info br-info" });
  b.table.replaceChildren(info, table.element);
  b.seatsRow.hidden = true; // the seats sit at the table
  const biddingBox = el("div", { class: "br-bidding", "data-testid": "bidding-box", hidden: true });
  const auctionBox = el("div", { class: "br-auction", "data-testid": "auction" });
  const afterTable = el("div", { class: "br-after" }); // the auction once the play has begun
  const scoreBox = el("div", { class: "br-score", "data-testid": "score-breakdown", hidden: true });
  const claimBox = el("div", { class: "br-claim", "data-testid": "claim-box", role: "group", hidden: true });
  const answerBox = el("div", { class: "br-claim br-claim-answer", "data-testid": "claim-answer", role: "group", hidden: true });
  const claimNote = el("p", { class: "br-claim-note", "data-testid": "claim-outcome", role: "status", "aria-live": "polite", hidden: true });
  let claimCount = null; // the number picked for the claim, kept across redraws of the same trick
  let claimOutcome = null; // the last claim's outcome: {position, accepted, text}
  let showLast = false;
  let pendingLevel = null;
  let current = null; // {f, view, legal} of the last draw, for the keys

  const who = (s) => `${name(s)} (${dir(s)})`;
  const strainText = (s) => (s === "NT" ? tr("nt") : SUIT_SYMBOL[s]);
  const callText = (c) => (c.call === "bid" ? `${c.level}${strainText(c.strain)}` : tr(c.call));
  const contractText = (c) => `${c.level}${strainText(c.strain)}${c.doubled === 2 ? " XX" : c.doubled === 1 ? " X" : ""}`;
  const send = (f, action) => b.sender.send(action, f.seat);

  function draw(f, view, legal) {
    current = { f, view, legal };
    renderStatus(f, view, legal);
    b.setLast(lastText(view));
    table.setMe(view.seat ?? (f.seat === null || f.seat === undefined ? null : f.seat));
    renderBidding(f, view, legal);
    renderAuction(view);
    renderTable(view);
    renderAnswer(f, view, legal);
    renderPlaces(f, view, legal);
    renderClaim(f, view, legal);
    renderScore(view);
    fillLog(b.log, tr("history"), historyLines(view));
  }

  function renderStatus(f, view, legal) {
    let text;
    const turn = view.turn;
    if (view.phase === "over") text = view.result?.passed_out ? tr("passed_out") : tr("over");
    else if (view.phase === "auction") text = legal.length ? tr("your_call") : tr("other_call", { name: who(turn) });
    else if (view.claim) text = claimStatus(f, view, legal);
    else if (legal.length) {
      if (turn !== f.seat) text = tr("your_dummy");
      else text = view.trick.length ? tr("your_play") : tr("your_lead");
    } else if (view.contract && turn === view.contract.dummy) text = tr("other_dummy", { name: who(view.contract.declarer) });
    else text = tr("other_play", { name: who(turn) });
    if (pendingLevel && view.phase === "auction" && legal.length) text += ` ${tr("pending_level", { n: pendingLevel })}`;
    b.setStatus(text, legal.length > 0);
    renderClaimNote(f, view);
  }

  // While a claim is pending: who still has to do what.
  function claimStatus(f, view, legal) {
    const c = view.claim;
    if (legal.some((a) => a.kind === "accept_claim")) return tr("claim_answer");
    if (f.seat === c.seat) return tr("claim_waiting", { n: c.tricks });
    if (c.accepted.includes(f.seat)) return tr("claim_partner");
    return tr("claim_others", { name: who(c.seat), n: c.tricks, r: c.remaining });
  }

  // The outcome of a claim, from the events that just happened (a rejection is only an event).
  // Kept until the next card is played, so a redraw for anything else does not wipe it.
  function renderClaimNote(f, view) {
    const ev = (f.msg?.events || []).find((e) => e.kind === "claim_accepted" || e.kind === "claim_rejected");
    const position = `${view.tricks.length}:${view.trick.length}`;
    if (ev) {
      const by = tr("claim_by", { name: who(ev.seat), n: ev.tricks, r: ev.remaining });
      const outcome = ev.kind === "claim_accepted" ? tr("claim_accepted", { n: ev.tricks }) : tr("claim_rejected", { name: who(ev.by) });
      claimOutcome = { position, accepted: ev.kind === "claim_accepted", text: `${by}. ${outcome}` };
    }
    const shown = claimOutcome && (claimOutcome.position === position || view.phase === "over") && !view.claim;
    claimNote.hidden = !shown;
    if (!shown) return;
    claimNote.className = `br-claim-note ${claimOutcome.accepted ? "is-accepted" : "is-refused"}`;
    claimNote.textContent = claimOutcome.text;
  }

  // The declarer's claim: a number of the remaining tricks (default all of them) and a button.
  function renderClaim(f, view, legal) {
    const offered = legal.find((a) => a.kind === "claim");
    const active = view.phase === "play" && offered && f.seat !== null && !b.gated;
    claimBox.hidden = !active;
    if (!active) {
      claimCount = null;
      return;
    }
    const remaining = offered.tricks;
    if (claimCount === null || claimCount > remaining) claimCount = remaining;
    const picker = el("select", { id: "br-claim-count", class: "br-claim-count", "data-testid": "claim-count", "aria-describedby": "br-claim-help", onchange: (e) => { claimCount = Number(e.target.value); } });
    for (let n = remaining; n >= 0; n--) {
      const option = el("option", { value: String(n), text: String(n) });
      if (n === claimCount) option.selected = true;
      picker.append(option);
    }
    const button = el("button", { type: "button", class: "button br-claim-button", "data-testid": "claim-button", text: tr("claim"),
      onclick: () => send(f, { kind: "claim", tricks: Number(picker.value) }) });
    claimBox.setAttribute("aria-label", tr("claim_label"));
    claimBox.replaceChildren(el("h3", { class: "cg-label", text: tr("claim_label") }),
      el("label", { for: "br-claim-count", text: tr("claim_count", { n: remaining }) }), picker, button,
      el("p", { id: "br-claim-help", class: "muted br-claim-help", text: tr("claim_help") }));
  }

  // A defender's answer to the pending claim: the claim, the declarer's hand, Accept / Reject.
  function renderAnswer(f, view, legal) {
    const c = view.claim;
    const active = view.phase === "play" && c && legal.some((a) => a.kind === "accept_claim") && !b.gated;
    answerBox.hidden = !active;
    if (!active) return;
    const title = tr("claim_title", { n: c.tricks, r: c.remaining });
    const button = (kind, text) => el("button", { type: "button", class: `button br-claim-${kind === "accept_claim" ? "accept" : "reject"}`, "data-testid": kind === "accept_claim" ? "claim-accept" : "claim-reject",
      "aria-describedby": "br-claim-answer-help", text, onclick: () => send(f, { kind }) });
    answerBox.setAttribute("aria-label", title);
    fill(answerBox, el("h3", { class: "cg-label", "data-testid": "claim-title", text: title }),
      view.declarer_hand ? handRow(view.declarer_hand, { testPrefix: "claim-card-", onPlay: () => {}, label: tr("claim_hand", { name: who(c.seat) }) }) : null,
      el("div", { class: "br-call-row" }, button("accept_claim", tr("claim_accept")), button("reject_claim", tr("claim_reject"))),
      el("p", { id: "br-claim-answer-help", class: "muted br-claim-help", text: tr("claim_answer_help") }));
  }

  function lastText(view) {
    const trickCards = view.trick.length ? view.trick : view.tricks.at(-1)?.cards || [];
    if (view.phase !== "auction" && trickCards.length) {
      const e = trickCards.at(-1);
      return tr("ev_card", { name: who(e.seat), card: cardText(e.card) });
    }
    const c = view.auction.at(-1);
    return c ? tr("ev_call", { name: who(c.seat), call: callText(c) }) : null;
  }

  function historyLines(view) {
    const lines = view.auction.map((c) => tr("ev_call", { name: who(c.seat), call: callText(c) }));
    view.tricks.forEach((t, i) => {
      lines.push(tr("ev_trick", { n: i + 1, cards: t.cards.map((c) => `${tr(`dir_short_${c.seat}`)} ${cardText(c.card)}`).join(", "), name: dir(t.winner) }));
    });
    return lines.reverse();
  }

  // The line over the table: contract and declarer, tricks won per side, vulnerability.  The
  // centre: the auction and the bidding box while the auction lasts, then the trick; the auction
  // moves under the table for the play.
  function renderTable(view) {
    const c = view.contract;
    fill(info,
      el("span", { "data-testid": "contract", text: c ? tr("contract", { contract: contractText(c), name: who(c.declarer), target: c.target }) : tr("no_contract") }),
      el("span", { "data-testid": "tricks-won", text: tr("tricks_won", { ns: view.tricks_won[0], ew: view.tricks_won[1] }) }),
      el("span", { class: "br-vul-line", text: tr(`vul_${view.vulnerability}`) }));
    if (view.phase === "auction") {
      table.centre.replaceChildren(el("div", { class: "br-centre-auction" }, auctionBox, biddingBox));
      afterTable.replaceChildren();
    } else {
      table.centre.replaceChildren(trickArea(view));
      afterTable.replaceChildren(auctionBox);
    }
  }

  // Every seat's place: its name and badges, and its cards: the hand shown (yours at the bottom,
  // the dummy's at the dummy's seat, the declarer's with a claim) or the backs left.
  function renderPlaces(f, view, legal) {
    const c = view.contract;
    const me = view.seat ?? null;
    const playing = view.phase === "play" && legal.length > 0 && !b.gated;
    const playable = playing ? legal.filter((a) => a.kind === "play").map((a) => a.card) : [];
    const fromDummy = playing && view.turn !== f.seat;
    const play = (card) => {
      const action = { kind: "play", card: parseCard(card).code };
      if (legal.some((a) => sameAction(a, action))) send(f, action);
    };
    table.setActing(view.to_act || []);
    for (let s = 0; s < 4; s++) {
      const place = table.place(s);
      const vul = vulnerable(view.vulnerability, s);
      const acting = (view.to_act || []).includes(s);
      fill(place.head,
        seatName(b, s),
        el("span", { class: "cg-badge br-dir", text: dir(s) }),
        el("span", { class: `cg-badge ${vul ? "br-vul" : "br-notvul"}`, "data-testid": `vul-${s}`, text: vul ? tr("vul") : tr("not_vul") }),
        c && c.declarer === s ? el("span", { class: "cg-badge is-landlord", text: tr("declarer") }) : null,
        c && c.dummy === s ? el("span", { class: "cg-badge", text: tr("dummy") }) : null,
        turnMarker(b, acting));
      place.element.classList.toggle("br-seat-vul", vul);
      const side = table.sideOf(s);
      const layout = side === "left" || side === "right" ? "lines" : "row";
      let shown = null;
      if (s === me && view.hand && !b.gated) {
        shown = handBox("my-hand", tr("your_hand"), handRow(view.hand, { layout, playable: fromDummy ? [] : playable, testPrefix: "card-", onPlay: play, label: tr("your_hand") }));
      } else if (c && s === c.dummy && view.dummy_hand) {
        const label = tr("dummy_hand", { name: who(c.dummy) });
        shown = handBox("dummy", label, handRow(view.dummy_hand, { layout, playable: fromDummy ? playable : [], testPrefix: "dummy-card-", onPlay: play, label }));
      } else if (c && s === c.declarer && view.declarer_hand && answerBox.hidden && !b.gated) {
        const label = tr("claim_shown", { name: who(c.declarer) });
        shown = handBox("declarer-hand", label, handRow(view.declarer_hand, { layout, testPrefix: "declarer-card-", onPlay: () => {}, label }));
      }
      table.setOpen(s, shown && s !== me);
      const n = view.hand_counts[s];
      fill(place.body, shown || (view.phase === "over" || !n
        ? el("span", { class: "muted br-count", text: tr("cards_left", { n }) })
        : el("span", { class: "br-count" }, cardBacks(n, tr), el("span", { class: "br-count-text", text: tr("cards_left", { n }) }))));
    }
  }

  function handBox(testid, label, row) {
    return el("div", { class: "br-hand-box", "data-testid": testid, title: label }, row);
  }

  function trickArea(view) {
    const last = view.tricks.at(-1);
    const showingLast = (showLast || !view.trick.length) && last;
    const cards = showingLast ? last.cards : view.trick;
    const place = (s) => table.sideOf(s);
    const grid = el("div", { class: "br-trick", role: "group", "aria-label": tr("trick"), "data-testid": "trick" });
    for (const e of cards) {
      grid.append(el("div", { class: `br-trick-card is-${place(e.seat)}`, "data-testid": `trick-${e.seat}`, "data-side": place(e.seat) },
        cardSvg(e.card, { label: `${dir(e.seat)}: ${cardName(e.card, tr)}` }), el("span", { class: "br-trick-who", text: dir(e.seat) })));
    }
    if (!cards.length) grid.append(el("p", { class: "br-trick-empty", text: tr("no_trick") }));
    const caption = showingLast ? el("p", { class: "br-trick-caption", "data-testid": "last-trick", text: tr("last_trick", { name: who(last.winner) }) }) : null;
    const toggle = last && view.trick.length ? el("button", { type: "button", class: "button", "data-testid": "last-trick-button", "aria-pressed": String(showLast), text: showLast ? tr("hide_last") : tr("show_last"), onclick: () => toggleLast() }) : null;
    return el("div", { class: "br-trick-wrap" }, grid, caption, toggle);
  }

  function toggleLast() {
    showLast = !showLast;
    if (current) draw(current.f, current.view, current.legal);
  }

  function renderBidding(f, view, legal) {
    const active = view.phase === "auction" && f.seat !== null && !b.gated;
    biddingBox.hidden = !active;
    if (!active) return;
    const legalSet = new Set(legal.map((a) => JSON.stringify(a)));
    const button = (action, text, testid, label) => el("button", {
      type: "button", class: `button br-call${action.kind === "bid" ? ` is-${action.strain}` : ""}`, "data-testid": testid, disabled: !legalSet.has(JSON.stringify(action)),
      "aria-label": label || text, text, onclick: () => send(f, action),
    });
    const grid = el("div", { class: "br-bid-grid", role: "group", "aria-label": tr("bidding_box") });
    for (let level = 1; level <= 7; level++) {
      for (const s of STRAINS) {
        const text = `${level}${strainText(s)}`;
        grid.append(button({ kind: "bid", level, strain: s }, text, `call-${level}${s}`, s === "NT" ? text : `${level} ${tr(`suit_${s}`)}`));
      }
    }
    const others = el("div", { class: "br-call-row" },
      button({ kind: "pass" }, tr("pass"), "call-pass"),
      button({ kind: "double" }, tr("double"), "call-double"),
      button({ kind: "redouble" }, tr("redouble"), "call-redouble"));
    biddingBox.replaceChildren(el("h3", { class: "cg-label", text: tr("bidding_box") }), grid, others);
  }

  // The auction in the columns West, North, East, South, as bridge writes it: the first call under
  // the dealer, the columns before the dealer's left empty.
  function renderAuction(view) {
    const head = el("tr", {}, ...COLUMNS.map((s) => el("th", { scope: "col", class: vulnerable(view.vulnerability, s) ? "br-vul-text" : "", abbr: dir(s), text: tr(`dir_short_${s}`), title: dir(s) })));
    const rows = [];
    const skip = view.auction.length ? COLUMNS.indexOf(view.auction[0].seat) : 0;
    const cells = [...Array(skip).fill(null), ...view.auction];
    for (let i = 0; i < Math.max(cells.length, 1); i += 4) {
      rows.push(el("tr", {}, ...COLUMNS.map((_, k) => {
        const c = cells[i + k];
        if (!c) return el("td", { class: "muted", text: c === null ? "–" : "" });
        const n = i + k - skip;
        return el("td", { "data-testid": `auction-${n}`, class: c.call === "bid" && ["D", "H"].includes(c.strain) ? "is-red" : "", text: callText(c) });
      })));
    }
    auctionBox.replaceChildren(el("table", { class: "br-auction-table" }, el("caption", { class: "cg-label", text: tr("auction") }), el("thead", {}, head), el("tbody", {}, ...rows)));
  }

  // A hand by suit (spades, hearts, diamonds, clubs), each suit after its symbol: layout "row"
  // puts the suits in one row (a hand at the top or the bottom of the table, as BBO does),
  // "lines" one suit a line (a hand at the left or right, and the lists under the table).
  function handRow(cards, { playable = [], testPrefix, onPlay, label, layout = "lines" }) {
    const playSet = new Set(playable);
    const box = el("div", { class: `br-hand is-${layout}`, role: "group", "aria-label": label });
    for (const suit of SUIT_ORDER) {
      const inSuit = cards.filter((c) => parseCard(c).suit === suit);
      if (!inSuit.length && layout === "row") continue;
      const line = el("div", { class: "br-suit-line" }, el("span", { class: `br-suit-sym${["D", "H"].includes(suit) ? " is-red" : ""}`, "aria-hidden": "true", text: SUIT_SYMBOL[suit] }));
      if (!inSuit.length) line.append(el("span", { class: "muted", text: "—" }));
      for (const c of inSuit) {
        const code = parseCard(c).code;
        const can = playSet.has(code);
        line.append(el("button", {
          type: "button", class: `hand-card br-card${can ? " is-playable" : playable.length ? " is-dim" : ""}`, "data-testid": `${testPrefix}${code}`,
          "data-card": code, disabled: !can, "aria-label": cardLabel(c, tr), onclick: () => onPlay(c),
          onkeydown: (e) => moveFocus(e, box),
        }, cardSvg(c)));
      }
      box.append(line);
    }
    return box;
  }

  function moveFocus(e, box) {
    if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(e.key)) return;
    const buttons = [...box.querySelectorAll("button:not([disabled])")];
    const i = buttons.indexOf(e.target);
    if (i < 0) return;
    e.preventDefault();
    const step = e.key === "ArrowLeft" || e.key === "ArrowUp" ? -1 : 1;
    buttons[(i + step + buttons.length) % buttons.length].focus();
  }

  function renderScore(view) {
    const r = view.result;
    scoreBox.hidden = !r;
    if (!r) return;
    const parts = [el("h3", { text: tr("result_title") })];
    if (r.passed_out) parts.push(el("p", { class: "cg-result-main", text: tr("passed_out") }));
    else {
      const c = r.contract;
      const s = r.score;
      const args = { contract: contractText(c), name: who(c.declarer), tricks: s.tricks, n: Math.abs(s.difference) };
      const headline = !s.made ? tr("result_down", args) : s.difference ? tr("result_over", args) : tr("result_made", args);
      parts.push(el("p", { class: "cg-result-main", "data-testid": "score-headline", text: headline }));
      const table = el("table", { class: "br-score-table" });
      for (const item of s.items) {
        table.append(el("tr", { "data-testid": `score-item-${item.item}` }, el("th", { scope: "row", text: tr(`item_${item.item}`, { count: item.count }) }), el("td", { text: String(item.points) })));
      }
      if (r.claimed) parts.push(el("p", { "data-testid": "score-claimed", text: tr("claimed", { n: r.claimed.tricks, r: r.claimed.remaining }) }));
      parts.push(table, el("p", { text: tr("total_declarer", { n: s.total }) }));
    }
    parts.push(el("p", { class: "cg-result-you", "data-testid": "side-scores", text: tr("side_scores", { ns: r.scores.ns, ew: r.scores.ew }) }));
    if (view.deal) {
      const all = el("div", { class: "br-all-hands", "data-testid": "all-hands" });
      view.deal.forEach((cards, s) => all.append(el("div", {}, el("strong", { text: who(s) }), handRow(cards, { testPrefix: `deal-${s}-`, onPlay: () => {}, label: who(s) }))));
      parts.push(el("h4", { text: tr("all_hands") }), all);
    }
    scoreBox.replaceChildren(...parts);
  }

  function key(k, e, f, legal) {
    const view = current?.view;
    if (!view) return false;
    if (k === "l") {
      toggleLast();
      return true;
    }
    if (view.phase === "play" && k === "c" && !claimBox.hidden) {
      claimBox.querySelector("select")?.focus();
      return true;
    }
    if (view.phase === "play" && k === "c" && !answerBox.hidden) {
      answerBox.querySelector("[data-testid=claim-accept]")?.focus();
      return true;
    }
    if (view.phase !== "auction") return false;
    const sendIf = (action) => {
      if (!legal.some((a) => sameAction(a, action))) return false;
      pendingLevel = null;
      send(f, action);
      return true;
    };
    if (k >= "1" && k <= "7") {
      pendingLevel = Number(k);
      draw(current.f, current.view, current.legal);
      return true;
    }
    if (k === "escape") {
      pendingLevel = null;
      draw(current.f, current.view, current.legal);
      return true;
    }
    const strain = { c: "C", d: "D", h: "H", s: "S", n: "NT" }[k];
    if (strain && pendingLevel) return sendIf({ kind: "bid", level: pendingLevel, strain });
    if (k === "p") return sendIf({ kind: "pass" });
    if (k === "x") return sendIf({ kind: "double" }) || sendIf({ kind: "redouble" });
    if (k === "r") return sendIf({ kind: "redouble" });
    return false;
  }

  const board = b.start({ middle: [claimNote, answerBox, claimBox, afterTable], after: [scoreBox], draw, key });
  // The match page's player cards (name, turn, clock) go to the seats' places (live-client.js).
  board.seatPlace = (seat) => table.place(seat)?.holder || null;
  return board;
}

// ---- the record: a move in words, the auction as a table, the deal as a diagram (js/replay.js) ----

const RECORD_WORDS = {
  en: {
    rec_who: "{name} ({dir})",
    rec_bid: "{name} bids {call}",
    rec_pass: "{name} passes",
    rec_double: "{name} doubles",
    rec_redouble: "{name} redoubles",
    rec_play: "{name} plays {card}",
    rec_play_dummy: "{name} plays {card} from the dummy ({dir})",
    rec_trick: "{side} win the trick",
    rec_claim: { one: "{name} claims {n} more trick", other: "{name} claims {n} more tricks" },
    rec_accept_claim: "{name} accepts the claim",
    rec_reject_claim: "{name} rejects the claim",
    side_ns: "North–South", side_ew: "East–West",
    rec_deal: "The deal",
    rec_deal_caption: "The four hands as dealt",
    rec_auction: "The auction",
    rec_dealer: "dealer",
  },
  de: {
    rec_who: "{name} ({dir})",
    rec_bid: "{name} bietet {call}",
    rec_pass: "{name} passt",
    rec_double: "{name} kontriert",
    rec_redouble: "{name} rekontriert",
    rec_play: "{name} spielt {card}",
    rec_play_dummy: "{name} spielt {card} vom Dummy ({dir})",
    rec_trick: "{side} gewinnen den Stich",
    rec_claim: { one: "{name} beansprucht {n} weiteren Stich", other: "{name} beansprucht {n} weitere Stiche" },
    rec_accept_claim: "{name} nimmt den Anspruch an",
    rec_reject_claim: "{name} lehnt den Anspruch ab",
    side_ns: "Nord–Süd", side_ew: "Ost–West",
    rec_deal: "Die Verteilung",
    rec_deal_caption: "Die vier Hände, wie sie gegeben wurden",
    rec_auction: "Die Reizung",
    rec_dealer: "Teiler",
  },
  zh: {
    rec_who: "{name}（{dir}）",
    rec_bid: "{name} 叫 {call}",
    rec_pass: "{name} 不叫",
    rec_double: "{name} 加倍",
    rec_redouble: "{name} 再加倍",
    rec_play: "{name} 出 {card}",
    rec_play_dummy: "{name} 从明手（{dir}）出 {card}",
    rec_trick: "{side} 赢得这一墩",
    rec_claim: { other: "{name} 摊牌声明还能拿 {n} 墩" },
    rec_accept_claim: "{name} 接受摊牌",
    rec_reject_claim: "{name} 拒绝摊牌",
    side_ns: "南北", side_ew: "东西",
    rec_deal: "牌局",
    rec_deal_caption: "发牌时的四家手牌",
    rec_auction: "叫牌过程",
    rec_dealer: "发牌人",
  },
};
const WORDS = mergeWords(DICT, RECORD_WORDS);

/** A call in the record's writing: "2♥", "3NT" / "3SA", "Pass", "X", "XX". */
function recordCall(a, tr) {
  if (a.kind === "bid") return `${a.level}${a.strain === "NT" ? tr("nt") : SUIT_SYMBOL[a.strain]}`;
  return tr(`call_${a.kind}`);
}

/** A move of the log in words, e.g. "Ada (South) bids 2♥", "Bo (West) plays ♠6". */
export const describeAction = describer(WORDS, (a, c) => {
  const { tr } = c;
  const who = (s) => tr("rec_who", { name: c.name(s), dir: tr(`dir_${s}`) });
  const name = who(c.seat);
  switch (a.kind) {
    case "bid": return tr("rec_bid", { name, call: recordCall(a, tr) });
    case "pass": case "double": case "redouble": case "accept_claim": case "reject_claim":
      return tr(`rec_${a.kind}`, { name });
    case "claim": return tr("rec_claim", { name, n: a.tricks });
    case "play": {
      const played = c.events.find((e) => e.kind === "play");
      const trick = c.events.find((e) => e.kind === "trick");
      const text = played && played.seat !== c.seat
        ? tr("rec_play_dummy", { name, card: c.card(a.card), dir: tr(`dir_${played.seat}`) })
        : tr("rec_play", { name, card: c.card(a.card) });
      return trick ? `${text} · ${tr("rec_trick", { side: tr(trick.winner % 2 === 0 ? "side_ns" : "side_ew") })}` : text;
    }
    default: return null;
  }
});

const RANK_ORDER = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];

/**
 * The deal for the replay page: the auction as a table (W N E S) and the four hands as dealt in
 * compass layout. deal.moves: the log's moves of this deal ({seat, action}); deal.hands: the
 * hands at its start by seat (null when not known); lang, name(seat). Null when there is nothing
 * to show.
 */
export function describeDeal(deal) {
  const tr = recordTranslator(deal.lang);
  const name = deal.name || ((s) => tr(`dir_${s}`));
  const calls = (deal.moves || []).filter((m) => ["bid", "pass", "double", "redouble"].includes(m.action?.kind));
  const hands = deal.hands || [];
  const haveHands = [0, 1, 2, 3].every((s) => Array.isArray(hands[s]) && hands[s].length);
  if (!calls.length && !haveHands) return null;
  const box = el("section", { class: "br-record", "data-testid": "record-deal", "aria-label": tr("rec_deal") });
  if (haveHands) box.append(dealDiagram(hands, tr, name));
  if (calls.length) box.append(auctionTable(calls, tr));
  return box;
}

const recordTranslators = new Map();
function recordTranslator(lang) {
  const key = lang || "en";
  if (!recordTranslators.has(key)) recordTranslators.set(key, makeTranslator(mergeWords(CARD_WORDS, WORDS), key));
  return recordTranslators.get(key);
}

function dealDiagram(hands, tr, name) {
  const hand = (s, place) => el("div", { class: `br-rec-hand is-${place}`, "data-testid": `record-hand-${s}` },
    el("strong", { text: tr("rec_who", { name: name(s), dir: tr(`dir_${s}`) }) }),
    ...SUIT_ORDER.map((suit) => {
      const ranks = hands[s].map((c) => parseCard(c)).filter((p) => p.suit === suit).map((p) => p.rank)
        .sort((x, y) => RANK_ORDER.indexOf(x) - RANK_ORDER.indexOf(y));
      return el("div", { class: `br-rec-suit${["D", "H"].includes(suit) ? " is-red" : " is-black"}` },
        el("span", { class: "br-rec-sym", text: SUIT_SYMBOL[suit], title: tr(`suit_${suit}`) }),
        el("span", { text: ranks.length ? ranks.join(" ") : "—" }));
    }));
  return el("figure", { class: "br-rec-diagram", "data-testid": "record-diagram" },
    el("figcaption", { class: "cg-label", text: tr("rec_deal_caption") }),
    el("div", { class: "br-rec-grid" }, hand(2, "north"), hand(1, "west"), el("div", { class: "br-rec-centre", "aria-hidden": "true" }, ...[2, 1, 3, 0].map((s) => el("span", { class: `is-${["south", "west", "north", "east"][s]}`, text: tr(`dir_short_${s}`) }))), hand(3, "east"), hand(0, "south")));
}

function auctionTable(calls, tr) {
  const dealer = calls[0].seat;
  const cells = Array(COLUMNS.indexOf(dealer)).fill(null).concat(calls);
  const rows = [];
  for (let i = 0; i < cells.length; i += 4) {
    rows.push(el("tr", {}, ...COLUMNS.map((_, k) => {
      const m = cells[i + k];
      if (m === undefined) return el("td");
      if (m === null) return el("td", { class: "muted", text: "–" });
      const red = m.action.kind === "bid" && ["D", "H"].includes(m.action.strain);
      return el("td", { class: red ? "is-red" : m.action.kind === "bid" ? "is-black" : "", text: recordCall(m.action, tr) });
    })));
  }
  return el("table", { class: "br-auction-table br-rec-auction", "data-testid": "record-auction" },
    el("caption", { class: "cg-label", text: tr("rec_auction") }),
    el("thead", {}, el("tr", {}, ...COLUMNS.map((s) => el("th", { scope: "col", abbr: tr(`dir_${s}`), text: tr(`dir_short_${s}`) + (s === dealer ? "*" : ""), title: s === dealer ? `${tr(`dir_${s}`)} (${tr("rec_dealer")})` : tr(`dir_${s}`) })))),
    el("tbody", {}, ...rows));
}
