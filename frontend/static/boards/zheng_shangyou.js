// Zheng Shangyou board: the play to beat and who played it, the other players' card counts, bomb
// bonuses, a sorted multi-select hand with legal-play hints (Play / Pass / Hint; pass only when
// nothing beats the table), and the settlement worked out at the end.
// Interface: see the comment block at the top of ../js/live-client.js.
// View and actions: docs/games/zheng_shangyou.md.
import { el } from "../kit/dom.js";
import { describer, playText } from "../kit/record.js";
import { parseCard } from "../kit/cards.js";
import { sameRanks } from "../kit/hand.js";
import { cardBoard } from "../kit/card-board.js";
import { sheddingDict, sharedEventText, playComboName, playControls, playTurnText, seatsAround, tableBadges, cardCount, seatBacks, tablePlayNodes, resultRows, resultYou } from "../kit/shedding.js";

const DICT = {
  en: {
    board: "Zheng Shangyou table",
    never_played: "has not played yet",
    bomb_bonus: "bomb bonus {n}",
    table_empty: "{name} leads: any shape.",
    table_first: "{name} leads; the first play must include the 3♥.",
    your_turn_first: "Your turn: lead a play that includes the 3♥.",
    your_turn_lead: "Your turn: lead any shape.",
    your_turn_follow: "Your turn: you must beat {combo} (a bomb counts).",
    other_turn: "{name} to play.",
    selection_3h: "The first play must include the 3♥.",
    ev_deal: "Cards dealt; {name} holds the 3♥ and leads.",
    ev_bomb_bonus: "{name} earns a bomb bonus of {n}.",
    result_winner: "{name} went out first and collects every penalty.",
    result_pen: "{name} pays {total}: {parts}",
    pen_cards: "{n} card(s) left",
    pen_cards_doubled: "{n} card(s) left × 2 (never played) = {p}",
    pen_spade_two: "2♠ in hand 10",
    pen_bombs: "{n} unplayed bomb(s) × 10 = {p}",
    result_bonus: "Bomb bonuses: {list}",
    result_scores: "Scores (settlement + bomb bonus):",
    keys: "Keys: ←/→ move in the hand, Space selects, Enter or P plays, H hint, X pass, Esc clears, ? rules.",
    kind_ace_bomb: "the three-Ace bomb", kind_heavenly_bomb: "the heavenly bomb",
  },
  de: {
    board: "Zheng-Shangyou-Tisch",
    never_played: "hat noch nicht gespielt",
    bomb_bonus: "Bombenbonus {n}",
    table_empty: "{name} spielt aus: jede Form.",
    table_first: "{name} spielt aus; der erste Zug muss die Herz 3 enthalten.",
    your_turn_first: "Du bist dran: spiele mit der Herz 3 aus.",
    your_turn_lead: "Du bist dran: spiele eine beliebige Form aus.",
    your_turn_follow: "Du bist dran: du musst {combo} schlagen (auch mit einer Bombe).",
    other_turn: "{name} ist am Zug.",
    selection_3h: "Der erste Zug muss die Herz 3 enthalten.",
    ev_deal: "Karten gegeben; {name} hat die Herz 3 und spielt aus.",
    ev_bomb_bonus: "{name} erhält einen Bombenbonus von {n}.",
    result_winner: "{name} ist zuerst fertig und erhält alle Strafpunkte.",
    result_pen: "{name} zahlt {total}: {parts}",
    pen_cards: "{n} Restkarte(n)",
    pen_cards_doubled: "{n} Restkarte(n) × 2 (nie gespielt) = {p}",
    pen_spade_two: "Pik 2 auf der Hand 10",
    pen_bombs: "{n} ungespielte Bombe(n) × 10 = {p}",
    result_bonus: "Bombenboni: {list}",
    result_scores: "Ergebnis (Abrechnung + Bombenbonus):",
    keys: "Tasten: ←/→ in der Hand, Leertaste wählt, Enter oder P spielt, H Tipp, X passen, Esc abwählen, ? Regeln.",
    kind_ace_bomb: "die Drei-Asse-Bombe", kind_heavenly_bomb: "die Himmelsbombe",
  },
  zh: {
    board: "争上游牌桌",
    never_played: "还没出过牌",
    bomb_bonus: "炸弹奖励 {n}",
    table_empty: "{name} 先出：任意牌型。",
    table_first: "{name} 先出；第一手必须包含红桃3（3♥）。",
    your_turn_first: "轮到你：先出一手包含 3♥ 的牌。",
    your_turn_lead: "轮到你：出任意牌型。",
    your_turn_follow: "轮到你：必须压过{combo}（炸弹也可以）。",
    other_turn: "等待 {name} 出牌。",
    selection_3h: "第一手必须包含 3♥。",
    ev_deal: "发牌完毕；{name} 持有 3♥，先出。",
    ev_bomb_bonus: "{name} 获得炸弹奖励 {n}。",
    result_winner: "{name} 先出完牌，收取全部罚分。",
    result_pen: "{name} 付 {total}：{parts}",
    pen_cards: "剩 {n} 张牌",
    pen_cards_doubled: "剩 {n} 张牌 × 2（一张未出）= {p}",
    pen_spade_two: "手中有 2♠：10",
    pen_bombs: "{n} 个未出的炸弹 × 10 = {p}",
    result_bonus: "炸弹奖励：{list}",
    result_scores: "得分（结算 + 炸弹奖励）：",
    keys: "按键：←/→ 在手牌中移动，空格选牌，Enter 或 P 出牌，H 提示，X 不要，Esc 清除，? 规则。",
    kind_ace_bomb: "三个 A 炸弹", kind_heavenly_bomb: "天炸",
  },
};

const has3H = (cards) => cards.some((c) => parseCard(c).code === "3H");

export function mount(root, options) {
  const b = cardBoard(root, options, { dict: sheddingDict(DICT), cls: "zs" });
  const { tr, name } = b;
  let firstPlay = false;
  // On the first play the selection must hold the 3♥ itself, not just a 3.
  const play = playControls(b, {
    matches: (sel, p) => sameRanks(sel, p) && (!firstPlay || has3H(sel)),
    passPrimary: true,
    whyBad: (sel) => (firstPlay && !has3H(sel) ? tr("selection_3h") : null),
  });

  function eventText(e) {
    switch (e.kind) {
      case "deal": return tr("ev_deal", { name: name(e.leader) });
      case "pass": return tr("ev_pass", { name: name(e.seat) });
      case "bomb_bonus": return tr("ev_bomb_bonus", { name: name(e.seat), n: e.points });
      default: return sharedEventText(b, e) ?? e.kind;
    }
  }

  function draw(f, view, legal) {
    firstPlay = !!view.first_play;
    play.draw(f, view, legal, { eventText, parts: [renderStatus, renderSeats, renderTable, renderResult] });
  }

  function renderStatus(f, view, legal) {
    let text;
    if (view.phase === "over" || !view.to_act?.length) text = tr("over");
    else if (legal.length) text = playTurnText(b, view, legal, view.first_play ? "your_turn_first" : "your_turn_lead");
    else text = tr("other_turn", { name: name(view.to_act[0]) });
    b.setStatus(text, legal.length > 0);
  }

  function renderSeats(f, view) {
    const { order, passed } = seatsAround(f, view);
    b.seatsRow.replaceChildren(...order.map((s) => {
      const bonus = view.bomb_bonus?.[s] || 0;
      return b.seatBox(s, (view.to_act || []).includes(s), "",
        ...tableBadges(b, s, view, passed),
        cardCount(b, s, view),
        bonus ? el("span", { class: "cg-badge is-landlord", text: tr("bomb_bonus", { n: bonus > 0 ? `+${bonus}` : bonus }) }) : null,
        view.has_played && !view.has_played[s] && view.phase === "play" ? el("span", { class: "cg-badge", text: tr("never_played") }) : null,
        seatBacks(b, f, s, view, 16));
    }));
  }

  function renderTable(f, view) {
    b.table.replaceChildren(el("div", { class: "cg-play", "data-testid": "table-play" }, ...tablePlayNodes(b, view, view.first_play ? "table_first" : "table_empty")));
  }

  function renderResult(f, view) {
    const r = view.result;
    b.result.hidden = !r;
    if (!r) return;
    const pens = (r.penalties || []).filter((p) => p.seat !== r.winner && p.total).map((p) => {
      const parts = [];
      if (p.cards_left) parts.push(p.never_played ? tr("pen_cards_doubled", { n: p.cards_left, p: p.card_points }) : tr("pen_cards", { n: p.cards_left }));
      if (p.spade_two) parts.push(tr("pen_spade_two"));
      if (p.bomb_points) parts.push(tr("pen_bombs", { n: p.bomb_points / 10, p: p.bomb_points }));
      return el("li", { "data-testid": `penalty-${p.seat}`, text: tr("result_pen", { name: name(p.seat), total: p.total, parts: parts.join(" + ") }) });
    });
    const bonus = (r.bomb_bonus || []).map((x, s) => (x ? `${name(s)} ${x > 0 ? "+" : ""}${x}` : null)).filter(Boolean);
    const rows = resultRows(b, r, (score, s) => s === r.winner, () => " · ");
    b.result.replaceChildren(...[
      el("h3", { text: tr("result_title") }),
      el("p", { class: "cg-result-main", text: tr("result_winner", { name: name(r.winner) }) }),
      resultYou(b, f, r, (mine) => mine >= 0),
      pens.length ? el("ul", {}, ...pens) : null,
      bonus.length ? el("p", { text: tr("result_bonus", { list: bonus.join(", ") }) }) : null,
      el("p", { text: tr("result_scores") }),
      el("ul", { class: "cg-result-list" }, ...rows),
    ].filter(Boolean));
  }

  return b.start({ middle: [play.controls, play.handWrap], draw, key: (k, e, f, legal) => play.keys(k, f, legal, true) });
}

// ---- the record: a move in words for the replay's move list (kit/record.js) ----

/** "Ada plays a pair: ♥3 ♠3", "Bo passes" (the kit's shared words say both). */
export const describeAction = describer(sheddingDict(DICT), (a, c) => (a.kind === "play" ? playText(a, c, playComboName) : null));
