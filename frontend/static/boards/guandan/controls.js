// What the player does on the Guandan board, all through the one hand: select cards and play them
// (choosing the reading when the selection reads more than one way), pass, take a hint; give a
// card back after a tribute (select it, confirm); press Continue after a deal. With their keys.
import { el } from "../../kit/dom.js";
import { cardText } from "../../kit/cards.js";
import { createHand } from "../../kit/hand.js";
import { isWild, isLevelCard, preparePlays, rankNumber, readingsOf, readingWithWilds, signature, sortHand, strength } from "./cards.js";

/** The mode the legal actions put the board in: "play", "return", "continue" or "none". */
export function modeOf(legal) {
  if (legal.some((a) => a.kind === "continue")) return "continue";
  if (legal.some((a) => a.kind === "return")) return "return";
  if (legal.some((a) => a.kind === "play" || a.kind === "pass")) return "play";
  return "none";
}

const faceOf = (card) => String(card).replace(/'+$/, "");

export function createControls(b) {
  const { tr, sender } = b;
  let ctx = null; // {f, view, legal, mode, plays, returns}
  let chosen = null; // the reading picked by the player (an index into readings())
  const controls = el("div", { class: "cg-controls gd-controls", "data-testid": "controls" });
  const dialog = el("div", { class: "gd-dialog", "data-testid": "return-dialog", role: "group", "aria-label": tr("tribute_title"), hidden: true });
  const hand = createHand({
    tr,
    label: tr("your_hand"),
    onChange: () => {
      chosen = null;
      decorate();
      render();
    },
    onEnter: () => confirm(),
    matches: (sel, p) => !!ctx && signature(sel, ctx.view.level) === signature(p, ctx.view.level),
  });
  const handWrap = el("div", { class: "cg-hand-wrap" }, hand.element);

  const readings = () => (ctx?.mode === "play" ? readingsOf(hand.selection(), ctx.plays, ctx.view.level) : []);
  function reading() {
    const found = readings();
    if (found.length === 1) return found[0];
    return chosen !== null && chosen < found.length ? found[chosen] : null;
  }
  function selectedReturn() {
    const sel = hand.selection();
    if (ctx?.mode !== "return" || sel.length !== 1) return null;
    return ctx.returns.some((a) => faceOf(a.card) === faceOf(sel[0])) ? sel[0] : null;
  }

  // Wildcards and level cards are marked in the hand (the kit draws the cards; this adds Guandan's
  // marks after each of its renders), and a small gap opens before the level cards and the jokers.
  function decorate() {
    if (!ctx) return;
    const level = ctx.view.level;
    let levelSeen = false;
    let jokerSeen = false;
    for (const btn of hand.element.querySelectorAll(".hand-card")) {
      const code = btn.dataset.card;
      const wild = isWild(code, level);
      const joker = code === "BJ" || code === "RJ";
      btn.classList.toggle("gd-wild", wild);
      btn.classList.toggle("gd-level", isLevelCard(code, level));
      const startsLevel = (wild || isLevelCard(code, level)) && !levelSeen;
      const startsJokers = joker && !jokerSeen;
      btn.parentElement?.classList.toggle("gd-group-start", startsLevel || startsJokers);
      levelSeen ||= wild || isLevelCard(code, level);
      jokerSeen ||= joker;
      if (wild && !btn.querySelector(".gd-wild-tag")) {
        // First in the button and in its name ("wild, 2 of hearts, …"), so that the name holds
        // the button's visible words in their order (WCAG 2.5.3); the space keeps them apart.
        btn.prepend(el("span", { class: "gd-wild-tag", "aria-hidden": "true", text: `${tr("wild_tag")} ` }));
        btn.setAttribute("aria-label", `${tr("wild_tag")}, ${btn.getAttribute("aria-label")}`);
      }
    }
  }

  function button(testid, text, keys, onclick, { primary = false, disabled = false } = {}) {
    return el("button", { type: "button", class: `button${primary ? " primary big" : ""}`, "data-testid": testid, "aria-keyshortcuts": keys, disabled, text, onclick });
  }

  function renderPlay() {
    const { legal, view } = ctx;
    const sel = hand.selection();
    const found = readings();
    const pick = reading();
    const canPass = legal.some((a) => a.kind === "pass");
    const anyPlay = ctx.plays.length > 0;
    let note;
    if (!sel.length) note = anyPlay ? tr("selection_none") : "";
    else if (!found.length) note = tr("selection_bad");
    else if (found.length === 1) note = tr("selection_one", { reading: readingWithWilds(tr, pick.combo, pick.rank, sel, view.level) });
    else if (pick) note = tr("selection_chosen", { reading: readingWithWilds(tr, pick.combo, pick.rank, sel, view.level) });
    else note = tr("selection_many", { n: Math.min(found.length, 9) });
    controls.append(
      button("play-button", `${tr("play")} (P)`, "Enter P", playSelected, { primary: true, disabled: !pick }),
      button("pass-button", `${tr("pass")} (X)`, "X", pass, { disabled: !canPass }),
      button("hint-button", `${tr("hint")} (H)`, "H", hint, { disabled: !anyPlay }),
      button("clear-button", `${tr("clear")} (Esc)`, "Escape", () => hand.clear(), { disabled: !sel.length }),
      el("p", { class: "cg-sel-note", "data-testid": "selection-note", role: "status", text: note }),
    );
    if (found.length > 1) {
      const group = el("div", { class: "gd-readings", role: "radiogroup", "aria-label": tr("readings"), "data-testid": "readings" });
      found.forEach((r, i) => {
        const on = pick === r;
        group.append(el("button", {
          type: "button", role: "radio", class: `button gd-reading${on ? " is-chosen" : ""}`, "aria-checked": String(on),
          "data-testid": `reading-${i}`, "aria-keyshortcuts": i < 9 ? String(i + 1) : null,
          text: tr("reading_key", { i: i + 1, reading: readingWithWilds(tr, r.combo, r.rank, sel, view.level) }),
          onclick: () => choose(i),
        }));
      });
      controls.append(group);
    }
  }

  function renderReturn() {
    const { view, f } = ctx;
    const payment = (view.tribute?.payments || []).find((p) => p.receiver === f.seat && p.returned === null);
    const payer = payment ? b.name(payment.payer) : "?";
    const card = selectedReturn();
    const sel = hand.selection();
    dialog.hidden = false;
    dialog.replaceChildren(
      el("h3", { text: tr("tribute_title") }),
      el("p", { text: tr("tribute_you", { payer, card: payment ? cardText(payment.card) : "?" }) }),
      el("p", { class: "gd-dialog-note", role: "status", "data-testid": "return-note", text: card ? tr("return_selected", { card: cardText(card) }) : sel.length ? tr("return_bad") : tr("return_pick") }),
      el("div", { class: "cg-controls" },
        button("return-button", `${tr("return_button")} (Enter)`, "Enter R", confirm, { primary: true, disabled: !card }),
        button("suggest-button", `${tr("suggest")} (H)`, "H", hint),
        button("clear-button", `${tr("clear")} (Esc)`, "Escape", () => hand.clear(), { disabled: !sel.length })),
    );
  }

  function render() {
    controls.replaceChildren();
    dialog.hidden = true;
    if (!ctx || b.gated) return;
    controls.hidden = ctx.mode === "none" || ctx.mode === "return";
    if (ctx.mode === "play") renderPlay();
    else if (ctx.mode === "return") renderReturn();
    else if (ctx.mode === "continue") controls.append(button("continue-button", `${tr("continue")} (C)`, "C Enter", next, { primary: true }));
  }

  function playSelected() {
    const pick = reading();
    if (!ctx || !pick) return;
    sender.send({ kind: "play", cards: hand.selection(), combo: pick.combo, rank: pick.rank }, ctx.f.seat);
  }
  function pass() {
    if (ctx?.legal.some((a) => a.kind === "pass")) sender.send({ kind: "pass" }, ctx.f.seat);
  }
  function next() {
    if (ctx?.mode === "continue") sender.send({ kind: "continue" }, ctx.f.seat);
  }
  function confirm() {
    if (ctx?.mode === "play") playSelected();
    else if (ctx?.mode === "return") {
      const card = selectedReturn();
      if (card) sender.send({ kind: "return", card }, ctx.f.seat);
    } else next();
  }
  function hint() {
    hand.hint();
    hand.focus();
  }
  function choose(i) {
    if (i >= readings().length) return;
    chosen = i;
    render();
  }

  /** Draws a state: the hand (active when the player may play or give back) and the controls. */
  function draw(f, view, legal) {
    const mode = b.gated ? "none" : modeOf(legal);
    const { plays, hints } = preparePlays(legal, view.level);
    // The weakest cards first: Suggest offers them in this order.
    const returns = legal.filter((a) => a.kind === "return").sort((x, y) => strength(rankNumber(x.card), view.level) - strength(rankNumber(y.card), view.level));
    ctx = { f, view, legal, mode, plays, returns };
    const handPlays = mode === "play" ? hints : mode === "return" ? returns.map((a) => [a.card]) : [];
    hand.update({ cards: sortHand(view.hand || [], view.level), plays: handPlays, active: handPlays.length > 0, key: `${f.seat}:${f.msg.seq}` });
    handWrap.hidden = !view.hand || b.gated;
    if (!hand.selection().length) chosen = null;
    decorate();
    render();
  }

  /** A key while the viewer may act (lower case); true when it was used. */
  function keys(k) {
    if (!ctx) return false;
    if (ctx.mode === "continue") {
      if (k !== "c" && k !== "enter") return false;
      next();
      return true;
    }
    if (ctx.mode === "return") {
      if (k === "enter" || k === "p" || k === "r") confirm();
      else if (k === "h") hint();
      else if (k === "escape" && hand.selection().length) hand.clear();
      else return false;
      return true;
    }
    if (ctx.mode !== "play") return false;
    if (k === "x") pass();
    else if (k === "p" || k === "enter") playSelected();
    else if (k === "h") hint();
    else if (k === "escape" && hand.selection().length) hand.clear();
    else if (/^[1-9]$/.test(k) && readings().length > 1) choose(Number(k) - 1);
    else return false;
    return true;
  }

  return { controls, dialog, handWrap, draw, keys };
}
