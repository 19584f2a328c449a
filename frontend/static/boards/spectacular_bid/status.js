// Spectacular Bid's lines of text: the status (whose turn, what to do), the last action and the round log.
import { el } from "../../kit/dom.js";
import { END_KEY, tileText } from "./tiles.js";
import { eventText } from "./events.js";

const tileOfKey = (k) => tileText(k.split("-").map(Number));

/** The status line of the focused seat f (see focus.js). */
export function renderStatus(b, status, f, view, legal, placesByTile) {
  const { tr, mySeats, nameOf } = b;
  const kinds = new Set(legal.map((a) => a.kind));
  const toAct = view.to_act || [];
  let text;
  if (view.phase === "over" || ["finished", "aborted"].includes(b.lastState?.match?.status)) text = tr("match_over");
  else if (f.handover) text = tr("handover_text", { name: nameOf(f.handover.seat) });
  else if (view.phase === "start" || view.phase === "settlement") text = readyText(b, view, kinds, toAct);
  else if (view.phase === "auction") text = kinds.size ? tr("your_turn_bid") : tr("other_turn_bid", { name: nameOf(toAct[0]) });
  else if (kinds.has("draw")) text = tr("your_turn_draw");
  else if (kinds.has("place")) text = placeText(b, view, placesByTile);
  else if (toAct.length) text = tr("other_turn_play", { name: nameOf(toAct[0]) });
  else text = "";
  if (!mySeats.length) text = `${tr("spectating")} ${text}`;
  status.textContent = text;
  status.classList.toggle("is-your-turn", legal.length > 0 && !f.handover);
  status.dataset.turn = legal.length > 0 ? "you" : "other";
}

// Start / Continue: press it, wait for the other player, or the round is over.
function readyText(b, view, kinds, toAct) {
  const { tr, mySeats, nameOf } = b;
  const other = toAct.find((s) => !mySeats.includes(s));
  const word = tr(view.phase === "start" ? "ready_start" : "ready_continue");
  if (kinds.has("ready")) return tr("turn_ready", { word });
  if (other !== undefined) return tr("waiting_ready", { name: nameOf(other), word });
  return view.phase === "settlement" ? tr("round_over") : tr("you_ready");
}

// The viewer may place a tile: open, play the drawn tile or any tile; then where the selected one goes.
function placeText(b, view, placesByTile) {
  const { tr } = b;
  let text;
  if (!view.line?.origin) {
    const only = [...placesByTile.keys()];
    text = view.opener_rule === "rank" && only.length === 1
      ? tr("your_turn_open_rank", { tile: tileOfKey(only[0]) })
      : tr("your_turn_open_any");
  } else if (view.continuing) text = tr("your_turn_drawn_fits");
  else text = tr("your_turn_play");
  if (b.selected) {
    const ends = placesByTile.get(b.selected) || [];
    text += " " + tr("pick_end", { tile: tileOfKey(b.selected), keys: ends.map((e) => END_KEY[e]).sort().join(", ") });
  }
  return text;
}

/** The last-action line. */
export function renderLast(b, last, view, msg) {
  const { tr } = b;
  // An update's own events cover everything since the previous state (several quick actions);
  // a snapshot only has the view's record of the last action.
  let events = msg.reason === "update" && msg.events?.length ? msg.events : view.last_events || [];
  // "Ready" and "revealed" say little about the game: then repeat the round's last real move.
  events = events.filter((e) => e.kind !== "ready" && e.kind !== "revealed");
  if (!events.length && view.round_log?.length) events = [view.round_log[view.round_log.length - 1]];
  last.replaceChildren(
    el("strong", { text: tr("last") }),
    " ",
    el("span", { text: events.length ? events.map((e) => eventText(b, e)).join(" ") : tr("nothing_yet") }),
  );
}

/** The round log (the last 40 events) in its <details>. */
export function renderLog(b, log, view) {
  const entries = view.round_log || [];
  log.replaceChildren(el("summary", { text: `${b.tr("log")} (${entries.length})` }),
    el("ol", {}, ...entries.slice(-40).map((e) => el("li", { text: eventText(b, e) }))));
}
