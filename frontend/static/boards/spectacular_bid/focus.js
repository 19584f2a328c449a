// Which of the user's seats Spectacular Bid shows now, and whether its hand may be shown. Pass and
// play follows the engine's hand-over (view.hand_over: a seat must reveal, or a seat is shown);
// without it the board hands over locally (b.localShown) before an acting seat's tiles show.

/**
 * Returns {seat, msg, showHand, handover}: handover is {seat, engine} while the hand-over panel
 * must ask to pass the device (engine: the reveal is an action of the game), else null.
 */
export function focusOf(b) {
  const { mySeats, stateBySeat } = b;
  if (!mySeats.length) return { seat: null, msg: stateBySeat.spectator, showHand: false, handover: null };
  if (mySeats.length === 1) {
    const seat = mySeats[0];
    return { seat, msg: stateBySeat[seat], showHand: true, handover: null };
  }
  const msgs = mySeats.map((s) => stateBySeat[s]).filter(Boolean);
  if (!msgs.length) return { seat: mySeats[0], msg: null, showHand: false, handover: null };
  const view = msgs[0].view;
  const hand = view.hand_over;
  if (hand) {
    if (hand.reveal_for !== null && hand.reveal_for !== undefined && mySeats.includes(hand.reveal_for)) {
      return { seat: hand.reveal_for, msg: stateBySeat[hand.reveal_for], showHand: false, handover: { seat: hand.reveal_for, engine: true } };
    }
    if (hand.shown !== null && hand.shown !== undefined && stateBySeat[hand.shown]) {
      return { seat: hand.shown, msg: stateBySeat[hand.shown], showHand: true, handover: null };
    }
  }
  const actor = msgs.find((m) => m.legal?.length && (m.view.to_act || []).includes(m.seat))?.seat ?? null;
  if (view.phase !== "play" && view.phase !== "auction") {
    b.localShown = null;
    const seat = actor ?? mySeats[0];
    return { seat, msg: stateBySeat[seat], showHand: false, handover: null };
  }
  const seat = actor ?? b.localShown ?? mySeats[0];
  if (hand) return { seat, msg: stateBySeat[seat], showHand: false, handover: null };
  if (actor !== null && b.localShown !== actor) {
    return { seat: actor, msg: stateBySeat[actor], showHand: false, handover: { seat: actor, engine: false } };
  }
  return { seat, msg: stateBySeat[seat], showHand: b.localShown === seat, handover: null };
}
