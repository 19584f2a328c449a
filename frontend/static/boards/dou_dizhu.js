// Dou Dizhu board: bidding, the landlord's bottom cards, the multiplier, the combination to beat and
// who played it, the other players' card counts, a sorted multi-select hand with legal-play hints
// (Play / Pass / Hint), and the settlement worked out at the end.
// Interface: see the comment block at the top of ../js/live-client.js.
// View and actions: docs/games/dou_dizhu.md.
import { el } from "../kit/dom.js";
import { describer, playText } from "../kit/record.js";
import { mergeWords } from "../kit/i18n.js";
import { cardRow, cardBacks, cardsText } from "../kit/cards.js";
import { cardBoard } from "../kit/card-board.js";
import { sheddingDict, sharedEventText, playComboName, playControls, playTurnText, seatsAround, tableBadges, cardCount, seatBacks, tablePlayNodes, resultRows, resultYou } from "../kit/shedding.js";

const DICT = {
  en: {
    board: "Dou Dizhu table",
    landlord: "Landlord",
    peasant: "Peasant",
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
    deal_no: "Deal {n}",
    phase_bidding: "Bidding",
    phase_play: "Play",
    phase_over: "Deal over",
    your_turn_bid: "Your turn: bid higher than {high} or pass.",
    your_turn_bid_first: "Your turn: bid 1, 2 or 3, or pass.",
    your_turn_lead: "Your turn: lead any combination.",
    your_turn_follow: "Your turn: beat {combo} or pass.",
    other_turn_bid: "{name} is bidding.",
    other_turn_play: "{name} to play.",
    bid_n: "Bid {n}",
    no_bid: "No bid",
    ev_deal: "Deal {n} dealt; {name} bids first.",
    ev_bid: "{name} bids {v}.",
    ev_bid_pass: "{name} does not bid.",
    ev_redeal: "Nobody bid: the cards are dealt again (deal {n}).",
    ev_landlord: "{name} is the landlord (bid {bid}) and takes {cards}.",
    result_landlord_wins: "{name} (landlord) went out first: the landlord wins.",
    result_peasants_win: "{name} went out first: the peasants win.",
    result_mult: "Multiplier: 2^({bombs} bombs + {rockets} rockets){spring} = ×{m}",
    result_spring: " × 2 (spring)",
    result_reverse_spring: " × 2 (reverse spring)",
    result_unit: "Unit: bid {bid} × {m} = {unit}. Each peasant wins or loses {unit}, the landlord twice that ({two}).",
    keys: "Keys: ←/→ move in the hand, Space selects, Enter or P plays, H hint, X pass, Esc clears, 1–3 bid, 0 no bid, ? rules.",
    kind_triple_single: "a triple with a single",
    kind_triple_pair: "a triple with a pair",
    kind_plane: "a plane of {n} triples", kind_plane_singles: "a plane of {n} with singles", kind_plane_pairs: "a plane of {n} with pairs",
    kind_four_two_singles: "four with two singles", kind_four_two_pairs: "four with two pairs", kind_rocket: "the rocket",
  },
  de: {
    board: "Dou-Dizhu-Tisch",
    landlord: "Grundherr",
    peasant: "Bauer",
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
    deal_no: "Spiel {n}",
    phase_bidding: "Reizen",
    phase_play: "Spiel",
    phase_over: "Spiel beendet",
    your_turn_bid: "Du bist dran: biete mehr als {high} oder passe.",
    your_turn_bid_first: "Du bist dran: biete 1, 2 oder 3 oder passe.",
    your_turn_lead: "Du bist dran: spiele eine beliebige Kombination aus.",
    your_turn_follow: "Du bist dran: schlage {combo} oder passe.",
    other_turn_bid: "{name} reizt.",
    other_turn_play: "{name} ist am Zug.",
    bid_n: "{n} bieten",
    no_bid: "Kein Gebot",
    ev_deal: "Spiel {n} ausgeteilt; {name} reizt zuerst.",
    ev_bid: "{name} bietet {v}.",
    ev_bid_pass: "{name} bietet nicht.",
    ev_redeal: "Niemand hat geboten: neu geben (Spiel {n}).",
    ev_landlord: "{name} ist Grundherr (Gebot {bid}) und nimmt {cards}.",
    result_landlord_wins: "{name} (Grundherr) ist zuerst fertig: der Grundherr gewinnt.",
    result_peasants_win: "{name} ist zuerst fertig: die Bauern gewinnen.",
    result_mult: "Multiplikator: 2^({bombs} Bomben + {rockets} Raketen){spring} = ×{m}",
    result_spring: " × 2 (Frühling)",
    result_reverse_spring: " × 2 (umgekehrter Frühling)",
    result_unit: "Einheit: Gebot {bid} × {m} = {unit}. Jeder Bauer gewinnt oder verliert {unit}, der Grundherr das Doppelte ({two}).",
    keys: "Tasten: ←/→ in der Hand, Leertaste wählt, Enter oder P spielt, H Tipp, X passen, Esc abwählen, 1–3 bieten, 0 kein Gebot, ? Regeln.",
    kind_triple_single: "einen Drilling mit Einzelkarte",
    kind_triple_pair: "einen Drilling mit Paar",
    kind_plane: "ein Flugzeug aus {n} Drillingen", kind_plane_singles: "ein Flugzeug aus {n} mit Einzelkarten", kind_plane_pairs: "ein Flugzeug aus {n} mit Paaren",
    kind_four_two_singles: "vier mit zwei Einzelkarten", kind_four_two_pairs: "vier mit zwei Paaren", kind_rocket: "die Rakete",
  },
  zh: {
    board: "斗地主牌桌",
    landlord: "地主",
    peasant: "农民",
    bid_label: "叫分",
    bid_none: "未叫",
    bid_pass: "不叫",
    bid_value: "叫 {v} 分",
    multiplier: "倍数 ×{m}",
    multiplier_detail: "炸弹 {b}，王炸 {r}",
    stake: "底分：叫 {bid} 分 × {m} = {unit}",
    bottom: "底牌",
    bottom_hidden: "3 张底牌（地主拿牌前扣着）",
    table_empty: "{name} 先出：任意牌型。",
    deal_no: "第 {n} 局",
    phase_bidding: "叫地主",
    phase_play: "出牌",
    phase_over: "本局结束",
    your_turn_bid: "轮到你：叫高于 {high} 分，或不叫。",
    your_turn_bid_first: "轮到你：叫 1、2 或 3 分，或不叫。",
    your_turn_lead: "轮到你：出任意牌型。",
    your_turn_follow: "轮到你：压过{combo}，或不要。",
    other_turn_bid: "{name} 正在叫分。",
    other_turn_play: "等待 {name} 出牌。",
    bid_n: "叫 {n} 分",
    no_bid: "不叫",
    ev_deal: "第 {n} 局发牌；{name} 先叫。",
    ev_bid: "{name} 叫 {v} 分。",
    ev_bid_pass: "{name} 不叫。",
    ev_redeal: "无人叫分：重新发牌（第 {n} 局）。",
    ev_landlord: "{name} 当地主（叫 {bid} 分），拿走底牌 {cards}。",
    result_landlord_wins: "{name}（地主）先出完：地主胜。",
    result_peasants_win: "{name} 先出完：农民胜。",
    result_mult: "倍数：2^（{bombs} 个炸弹 + {rockets} 个王炸）{spring} = ×{m}",
    result_spring: " × 2（春天）",
    result_reverse_spring: " × 2（反春）",
    result_unit: "每份：叫 {bid} 分 × {m} = {unit}。每个农民输赢 {unit}，地主加倍（{two}）。",
    keys: "按键：←/→ 在手牌中移动，空格选牌，Enter 或 P 出牌，H 提示，X 不要，Esc 清除，1–3 叫分，0 不叫，? 规则。",
    kind_triple_single: "三带一",
    kind_triple_pair: "三带二",
    kind_plane: "{n} 连飞机", kind_plane_singles: "{n} 连飞机带单", kind_plane_pairs: "{n} 连飞机带对",
    kind_four_two_singles: "四带二", kind_four_two_pairs: "四带两对", kind_rocket: "王炸",
  },
};

export function mount(root, options) {
  const b = cardBoard(root, options, { dict: sheddingDict(DICT), cls: "dd" });
  const { tr, name, sender } = b;
  const play = playControls(b, { before: bidControls });

  function eventText(e) {
    switch (e.kind) {
      case "deal": return tr("ev_deal", { n: (e.deal_no ?? 0) + 1, name: name(e.first_bidder) });
      case "bid": return tr("ev_bid", { name: name(e.seat), v: e.value });
      case "pass": return e.value === 0 ? tr("ev_bid_pass", { name: name(e.seat) }) : tr("ev_pass", { name: name(e.seat) });
      case "redeal": return tr("ev_redeal", { n: (e.deal_no ?? 0) + 1 });
      case "landlord": return tr("ev_landlord", { name: name(e.seat), bid: e.bid, cards: cardsText(e.bottom) });
      default: return sharedEventText(b, e) ?? e.kind;
    }
  }

  const draw = (f, view, legal) => play.draw(f, view, legal, { canPlay: view.phase === "play", eventText, parts: [renderStatus, renderSeats, renderTable, renderResult] });

  function renderStatus(f, view, legal) {
    let text;
    const mine = legal.length > 0;
    if (view.phase === "over" || !view.to_act?.length) text = tr("over");
    else if (mine && view.phase === "bidding") text = view.bidding.high_bid ? tr("your_turn_bid", { high: view.bidding.high_bid }) : tr("your_turn_bid_first");
    else if (mine) text = playTurnText(b, view, legal, "your_turn_lead");
    else text = tr(view.phase === "bidding" ? "other_turn_bid" : "other_turn_play", { name: name(view.to_act?.[0]) });
    b.setStatus(text, mine);
  }

  function renderSeats(f, view) {
    const { order, passed } = seatsAround(f, view);
    const history = view.bidding?.history || [];
    b.seatsRow.replaceChildren(...order.map((s) => {
      const role = view.landlord === null || view.landlord === undefined ? null : s === view.landlord ? "landlord" : "peasant";
      const bids = history.filter((h) => h.seat === s);
      const lastBid = bids.length ? bids[bids.length - 1].value : null;
      return b.seatBox(s, (view.to_act || []).includes(s), role === "landlord" ? " is-landlord" : "",
        role ? el("span", { class: `cg-badge is-${role}`, text: role === "landlord" ? `♛ ${tr("landlord")}` : `⚒ ${tr("peasant")}` }) : null,
        view.phase === "bidding" && lastBid !== null ? el("span", { class: "cg-badge", text: lastBid === 0 ? tr("bid_pass") : tr("bid_value", { v: lastBid }) }) : null,
        ...tableBadges(b, s, view, passed),
        cardCount(b, s, view),
        seatBacks(b, f, s, view, 20));
    }));
  }

  function renderTable(f, view) {
    const info = el("div", { class: "cg-table-info" });
    info.append(el("span", { text: tr("deal_no", { n: (view.deal_no ?? 0) + 1 }) }));
    if (view.bid) info.append(el("span", { "data-testid": "bid", text: `${tr("bid_label")} ${view.bid}` }));
    info.append(el("span", { class: "cg-mult", "data-testid": "multiplier", text: `${tr("multiplier", { m: view.multiplier })} (${tr("multiplier_detail", { b: view.bombs, r: view.rockets })})` }));
    if (view.bid) info.append(el("span", { text: tr("stake", { bid: view.bid, m: view.multiplier, unit: view.bid * view.multiplier }) }));
    const bottom = el("div", { class: "cg-bottom", "data-testid": "bottom-cards" }, el("span", { class: "cg-label", text: `${tr("bottom")}:` }));
    if (view.bottom) bottom.append(cardRow(view.bottom, tr, { cls: "is-small", label: tr("bottom") }));
    else bottom.append(el("span", { class: "card-backs", role: "img", "aria-label": tr("bottom_hidden") }, ...cardBacks(3, tr).children));
    const playBox = el("div", { class: "cg-play", "data-testid": "table-play" });
    if (view.phase === "bidding") {
      const hist = view.bidding?.history || [];
      playBox.append(el("p", { class: "cg-play-label", text: view.bidding?.high_bid ? `${tr("bid_label")}: ${view.bidding.high_bid} (${name(view.bidding.high_bidder)})` : `${tr("bid_label")}: ${tr("bid_none")}` }),
        el("ol", { class: "cg-bids" }, ...hist.map((h) => el("li", { text: h.value ? tr("ev_bid", { name: name(h.seat), v: h.value }) : tr("ev_bid_pass", { name: name(h.seat) }) }))));
    } else playBox.append(...tablePlayNodes(b, view, "table_empty"));
    b.table.replaceChildren(info, bottom, playBox);
  }

  // While bidding the controls are "no bid" and the bids 1–3 (instead of the play controls).
  function bidControls(controls, f, view, legal) {
    if (view.phase !== "bidding") return false;
    controls.append(el("button", { type: "button", class: "button", "data-testid": "pass-button", "aria-keyshortcuts": "0 X", text: `${tr("no_bid")} (0)`, disabled: !legal.some((a) => a.kind === "pass"), onclick: () => sender.send({ kind: "pass" }, f.seat) }));
    for (const v of [1, 2, 3]) {
      const ok = legal.some((a) => a.kind === "bid" && a.value === v);
      controls.append(el("button", { type: "button", class: `button${ok ? " primary" : ""}`, "data-testid": `bid-${v}`, "aria-keyshortcuts": String(v), disabled: !ok, text: `${tr("bid_n", { n: v })} (${v})`, onclick: () => sender.send({ kind: "bid", value: v }, f.seat) }));
    }
    return true;
  }

  function renderResult(f, view) {
    const r = view.result;
    b.result.hidden = !r;
    if (!r) return;
    const landlordWins = r.winning_side === "landlord";
    const spring = r.spring ? tr("result_spring") : r.reverse_spring ? tr("result_reverse_spring") : "";
    const rows = resultRows(b, r, (score) => score > 0, (s) => ` · ${s === r.landlord ? tr("landlord") : tr("peasant")} · `);
    b.result.replaceChildren(...[
      el("h3", { text: tr("result_title") }),
      el("p", { class: "cg-result-main", text: tr(landlordWins ? "result_landlord_wins" : "result_peasants_win", { name: name(r.winner) }) }),
      resultYou(b, f, r, (mine) => mine > 0),
      el("p", { text: tr("result_mult", { bombs: r.bombs, rockets: r.rockets, spring, m: r.multiplier }) }),
      el("p", { text: tr("result_unit", { bid: r.bid, m: r.multiplier, unit: r.unit, two: 2 * r.unit }) }),
      el("ul", { class: "cg-result-list" }, ...rows),
    ].filter(Boolean));
  }

  function key(k, e, f, legal) {
    const view = f.msg.view;
    if (view.phase === "bidding" && /^[0-3]$/.test(k)) {
      const v = Number(k);
      const a = v === 0 ? legal.find((x) => x.kind === "pass") : legal.find((x) => x.kind === "bid" && x.value === v);
      if (a) sender.send(a, f.seat);
      return true;
    }
    return play.keys(k, f, legal, view.phase === "play");
  }

  return b.start({ middle: [play.controls, play.handWrap], draw, key });
}

// ---- the record: a move in words for the replay's move list (kit/record.js) ----
const RECORD_WORDS = {
  en: { rec_bid: "{name} bids {n}", rec_no_bid: "{name} does not bid", rec_landlord: "{name} is the landlord" },
  de: { rec_bid: "{name} bietet {n}", rec_no_bid: "{name} bietet nicht", rec_landlord: "{name} ist der Grundherr" },
  zh: { rec_bid: "{name} 叫 {n} 分", rec_no_bid: "{name} 不叫", rec_landlord: "{name} 当地主" },
};

/** "Ada bids 2", "Bo plays a pair: ♠3 ♥3", "Cy passes". */
export const describeAction = describer(mergeWords(sheddingDict(DICT), RECORD_WORDS), (a, c) => {
  const landlord = c.events.find((e) => e.kind === "landlord");
  const then = (text) => (landlord ? `${text} · ${c.tr("rec_landlord", { name: c.name(landlord.seat) })}` : text);
  if (a.kind === "bid") return then(c.tr("rec_bid", { name: c.who, n: a.value }));
  if (a.kind === "pass" && c.events.some((e) => e.kind === "pass" && "value" in e)) return then(c.tr("rec_no_bid", { name: c.who }));
  if (a.kind === "play") return playText(a, c, playComboName);
  return null;
});
