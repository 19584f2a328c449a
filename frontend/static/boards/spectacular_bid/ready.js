// Start / Continue: which of the user's seats may press it, and pass and play, where one press
// readies both seats one after the other (each command names the seq it was built on, so the
// second waits for the state that follows the first).

export function createReady(b) {
  let queued = []; // seats still to be readied after the first (pass and play)
  let sentAt = -1; // the seq the first of those readies was built on

  /** The user's seats that may press Start / Continue now. */
  function seats() {
    return b.mySeats.filter((s) => (b.stateBySeat[s]?.legal || []).some((a) => a.kind === "ready"));
  }

  function send() {
    const [first, ...rest] = seats();
    if (first === undefined) return;
    sentAt = b.stateBySeat[first]?.seq ?? -1;
    b.send({ kind: "ready" }, first);
    queued = rest;
  }

  /** After each state: ready the next queued seat once the first ready has been applied. */
  function flush() {
    if (!queued.length) return;
    const seat = queued[0];
    const legal = b.stateBySeat[seat]?.legal || [];
    const seqs = b.mySeats.map((s) => b.stateBySeat[s]?.seq ?? -1);
    if (legal.some((a) => a.kind === "ready") && seqs.every((q) => q === seqs[0]) && seqs[0] > sentAt) {
      queued.shift();
      b.send({ kind: "ready" }, seat);
    } else if (!legal.some((a) => a.kind === "ready")) queued.shift();
  }

  return { seats, send, flush };
}
