// Spectacular Bid board: the line of play as SVG dominoes, the hand, balances as 5-point chips, the
// opening auction, round settlement, Start/Continue, and the pass-and-play hand-over.
// Interface: see the comment block at the top of ../js/live-client.js.
// View and actions: docs/games/spectacular_bid.md (the engine's own description).

const SVGNS = "http://www.w3.org/2000/svg";
const U = 44; // the short side of a tile in the line's SVG units; a tile is 2U × U
const GAP = 3;
const END_ORDER = ["W", "E", "N", "S"];
const END_KEY = { origin: 1, W: 1, E: 2, N: 3, S: 4 };

const DICT = {
  en: {
    board: "Spectacular Bid table",
    line: "Line of play",
    line_empty: "No tile on the table yet.",
    your_hand: "Your tiles",
    hand_of: "Tiles of {name}",
    hidden_tiles: "{name} holds {n} hidden tiles",
    boneyard: "Boneyard: {n}",
    boneyard_label: "{n} tiles left in the boneyard",
    count: "Count: {n}",
    count_scores: "Count: {n} (scores)",
    points: "{n} points",
    chips_label: "{name}: {n} points, {chips} chips of 5",
    you: "you",
    jockey: "jockey",
    round: "Round {n}",
    draw: "Draw",
    ready_start: "Start",
    ready_continue: "Continue",
    waiting_ready: "Waiting for {name} to press {word}.",
    you_ready: "You are ready.",
    start_title: "A new match",
    start_text: "Each player starts with 150 points (30 chips of 5). Empty your opponent's balance or clock to win.",
    play_tile: "Play {tile}",
    tile_label: "Tile {a}–{b}",
    tile_playable: "playable",
    tile_selected: "selected",
    tile_not_playable: "does not fit",
    end_name_W: "west",
    end_name_E: "east",
    end_name_N: "north",
    end_name_S: "south",
    end_name_origin: "the middle",
    end_letter_W: "W",
    end_letter_E: "E",
    end_letter_N: "N",
    end_letter_S: "S",
    end_letter_origin: "",
    place_at: "Place {tile} at the {end} end",
    place_origin: "Open with {tile}",
    open_end: "{end} end shows {pips}, counts {counts}",
    pick_end: "Choose where {tile} goes: press {keys} or click a marked end.",
    pick_tile: "Pick a tile (arrow keys or Tab, then Enter), then an end (1–4).",
    your_turn_play: "Your turn: play a tile.",
    your_turn_open_rank: "Your turn: open with {tile} (the highest double, else the highest tile).",
    your_turn_open_any: "Your turn: open with any tile.",
    your_turn_draw: "Your turn: no tile fits. Draw (D).",
    your_turn_drawn_fits: "Your drawn tile fits: play it.",
    your_turn_bid: "Your turn in the auction.",
    other_turn_play: "{name} to play.",
    other_turn_bid: "{name} to speak in the auction.",
    turn_ready: "Press {word} (R) when you are ready.",
    round_over: "Round over.",
    match_over: "Match over.",
    last: "Last:",
    nothing_yet: "Nothing has happened yet.",
    ev_ready: "{name} is ready.",
    ev_revealed: "{name} revealed their tiles.",
    ev_waived: "{name} waived: the jockey opens for free.",
    ev_bid: "{name} bids {amount}.",
    ev_raise: "{name} raises to {amount}.",
    ev_accepted: "{name} accepted {bidder}'s bid of {amount}; {bidder} pays {paid} and opens.",
    ev_placed: "{name} placed {tile} {where}; count {count}.",
    ev_placed_score: "{name} placed {tile} {where}; count {count} scores {score}.",
    ev_where: "at the {end} end",
    ev_where_origin: "to open",
    ev_drew: "{name} drew a tile ({n} left).",
    ev_drew_plain: "{name} drew a tile.",
    ev_drew_tile: "{name} drew {tile} ({n} left).",
    ev_passed: "{name} cannot play and passes.",
    ev_round_over_domino: "{name} went out and becomes the jockey.",
    ev_round_over_blocked: "The round is blocked.",
    ev_match_over: "{name} wins the match.",
    ev_paid: "{from} pays {to} {amount}.",
    ev_dealt: "Round {round} dealt.",
    ev_other: "{kind}",
    log: "Round log",
    auction: "Auction for the opening",
    auction_open: "{name} went out last round and is the jockey: the other player speaks first.",
    auction_none: "No bid yet.",
    auction_standing: "Standing bid: {amount} by {name}.",
    auction_history: "Bids so far",
    waive: "Waive",
    waive_hint: "The jockey opens for free.",
    bid: "Bid",
    raise: "Raise to (new total)",
    raise_button: "Raise",
    to_act: "to act",
    ready_yes: "ready",
    ready_no: "not yet",
    accept: "Accept",
    accept_hint: "{name} pays you {paid} and opens with any tile.",
    amount: "Amount",
    min_max: "Minimum {min}, maximum {max} (multiples of 5).",
    cost_you: "If accepted you pay {cost}.",
    discount_you: "You are the jockey: your own accepted bid costs 15 less (down to 0). A bid of 20 costs you 5.",
    discount_other: "{name} is the jockey: their own accepted bid costs them 15 less (down to 0).",
    cannot_bid: "You cannot afford the minimum bid: waive.",
    cannot_raise: "You cannot afford the minimum raise: accept.",
    waiting_auction: "Waiting for {name} in the auction.",
    summary: "Round {n} settled",
    summary_domino: "{name} went out (domino) and is the jockey for the next round: an opening auction follows.",
    summary_blocked: "Blocked: both passed. Pips: {a} – {b}.",
    summary_blocked_win: "The lighter hand of {name} wins {paid} points.",
    summary_blocked_tie: "Equal pip totals: nothing is paid.",
    summary_bankrupt: "A balance reached 0.",
    summary_balances: "Balances: {a} – {b}.",
    summary_next_rank: "The next round opens by tile rank.",
    result_title: "Match over",
    result_winner: "{name} wins the match.",
    result_you_win: "You win the match!",
    result_you_lose: "{name} wins the match.",
    handover_title: "Hand-over",
    handover_text: "Pass the device to {name}. {name}: press Reveal when only you can see the screen.",
    handover_button: "Reveal {name}'s tiles",
    keys: "Keys: arrows/Tab pick a tile, Enter selects, 1–4 choose an end, D draws, R starts/continues, ? rules.",
    spectating: "You are watching.",
    seat: "Seat {n}",
  },
  de: {
    board: "Spectacular-Bid-Tisch",
    line: "Spielkette",
    line_empty: "Noch liegt kein Stein auf dem Tisch.",
    your_hand: "Deine Steine",
    hand_of: "Steine von {name}",
    hidden_tiles: "{name} hält {n} verdeckte Steine",
    boneyard: "Talon: {n}",
    boneyard_label: "{n} Steine im Talon",
    count: "Summe: {n}",
    count_scores: "Summe: {n} (wertet)",
    points: "{n} Punkte",
    chips_label: "{name}: {n} Punkte, {chips} Chips zu 5",
    you: "du",
    jockey: "Jockey",
    round: "Runde {n}",
    draw: "Ziehen",
    ready_start: "Start",
    ready_continue: "Weiter",
    waiting_ready: "Warte darauf, dass {name} {word} drückt.",
    you_ready: "Du bist bereit.",
    start_title: "Eine neue Partie",
    start_text: "Jeder beginnt mit 150 Punkten (30 Chips zu 5). Wer Guthaben oder Uhr des Gegners aufbraucht, gewinnt.",
    play_tile: "{tile} spielen",
    tile_label: "Stein {a}–{b}",
    tile_playable: "spielbar",
    tile_selected: "ausgewählt",
    tile_not_playable: "passt nicht",
    end_name_W: "westliche",
    end_name_E: "östliche",
    end_name_N: "nördliche",
    end_name_S: "südliche",
    end_name_origin: "Mitte",
    end_letter_W: "W",
    end_letter_E: "O",
    end_letter_N: "N",
    end_letter_S: "S",
    end_letter_origin: "",
    place_at: "{tile} an das {end} Ende legen",
    place_origin: "Mit {tile} eröffnen",
    open_end: "Offenes Ende {end}: zeigt {pips}, zählt {counts}",
    pick_end: "Wohin mit {tile}? Drücke {keys} oder klicke ein markiertes Ende.",
    pick_tile: "Wähle einen Stein (Pfeiltasten oder Tab, dann Enter), dann ein Ende (1–4).",
    your_turn_play: "Du bist am Zug: lege einen Stein.",
    your_turn_open_rank: "Du bist am Zug: eröffne mit {tile} (höchster Doppelstein, sonst höchster Stein).",
    your_turn_open_any: "Du bist am Zug: eröffne mit einem beliebigen Stein.",
    your_turn_draw: "Du bist am Zug: kein Stein passt. Ziehe (D).",
    your_turn_drawn_fits: "Der gezogene Stein passt: spiele ihn.",
    your_turn_bid: "Du bist in der Auktion dran.",
    other_turn_play: "{name} ist am Zug.",
    other_turn_bid: "{name} ist in der Auktion dran.",
    turn_ready: "Drücke {word} (R), wenn du bereit bist.",
    round_over: "Runde beendet.",
    match_over: "Partie beendet.",
    last: "Zuletzt:",
    nothing_yet: "Noch ist nichts geschehen.",
    ev_ready: "{name} ist bereit.",
    ev_revealed: "{name} hat die eigenen Steine aufgedeckt.",
    ev_waived: "{name} verzichtet: der Jockey eröffnet kostenlos.",
    ev_bid: "{name} bietet {amount}.",
    ev_raise: "{name} erhöht auf {amount}.",
    ev_accepted: "{name} nimmt das Gebot von {bidder} über {amount} an; {bidder} zahlt {paid} und eröffnet.",
    ev_placed: "{name} legt {tile} {where}; Summe {count}.",
    ev_placed_score: "{name} legt {tile} {where}; Summe {count} wertet {score}.",
    ev_where: "an das {end} Ende",
    ev_where_origin: "zur Eröffnung",
    ev_drew: "{name} zieht einen Stein ({n} übrig).",
    ev_drew_plain: "{name} zieht einen Stein.",
    ev_drew_tile: "{name} zieht {tile} ({n} übrig).",
    ev_passed: "{name} kann nicht legen und passt.",
    ev_round_over_domino: "{name} hat ausgespielt und wird Jockey.",
    ev_round_over_blocked: "Die Runde ist blockiert.",
    ev_match_over: "{name} gewinnt die Partie.",
    ev_paid: "{from} zahlt {to} {amount}.",
    ev_dealt: "Runde {round} ist verteilt.",
    ev_other: "{kind}",
    log: "Rundenprotokoll",
    auction: "Auktion um die Eröffnung",
    auction_open: "{name} hat zuletzt ausgespielt und ist Jockey: der andere Spieler spricht zuerst.",
    auction_none: "Noch kein Gebot.",
    auction_standing: "Stehendes Gebot: {amount} von {name}.",
    auction_history: "Bisherige Gebote",
    waive: "Verzichten",
    waive_hint: "Der Jockey eröffnet kostenlos.",
    bid: "Bieten",
    raise: "Erhöhen auf (neue Summe)",
    raise_button: "Erhöhen",
    to_act: "am Zug",
    ready_yes: "bereit",
    ready_no: "noch nicht",
    accept: "Annehmen",
    accept_hint: "{name} zahlt dir {paid} und eröffnet mit einem beliebigen Stein.",
    amount: "Betrag",
    min_max: "Mindestens {min}, höchstens {max} (Vielfache von 5).",
    cost_you: "Bei Annahme zahlst du {cost}.",
    discount_you: "Du bist Jockey: dein eigenes angenommenes Gebot kostet 15 weniger (bis 0). Ein Gebot von 20 kostet dich 5.",
    discount_other: "{name} ist Jockey: das eigene angenommene Gebot kostet 15 weniger (bis 0).",
    cannot_bid: "Du kannst das Mindestgebot nicht bezahlen: verzichte.",
    cannot_raise: "Du kannst die Mindesterhöhung nicht bezahlen: nimm an.",
    waiting_auction: "Warte auf {name} in der Auktion.",
    summary: "Abrechnung Runde {n}",
    summary_domino: "{name} hat ausgespielt und ist Jockey der nächsten Runde: es folgt eine Eröffnungsauktion.",
    summary_blocked: "Blockiert: beide haben gepasst. Augen: {a} – {b}.",
    summary_blocked_win: "Die leichtere Hand von {name} gewinnt {paid} Punkte.",
    summary_blocked_tie: "Gleiche Augensummen: es wird nichts gezahlt.",
    summary_bankrupt: "Ein Guthaben hat 0 erreicht.",
    summary_balances: "Guthaben: {a} – {b}.",
    summary_next_rank: "Die nächste Runde wird nach Steinrang eröffnet.",
    result_title: "Partie beendet",
    result_winner: "{name} gewinnt die Partie.",
    result_you_win: "Du gewinnst die Partie!",
    result_you_lose: "{name} gewinnt die Partie.",
    handover_title: "Gerätewechsel",
    handover_text: "Gib das Gerät an {name} weiter. {name}: drücke Aufdecken, wenn nur du den Bildschirm siehst.",
    handover_button: "Steine von {name} aufdecken",
    keys: "Tasten: Pfeile/Tab wählen einen Stein, Enter wählt aus, 1–4 wählen ein Ende, D zieht, R startet/geht weiter, ? Regeln.",
    spectating: "Du schaust zu.",
    seat: "Platz {n}",
  },
};

// ── small helpers ───────────────────────────────────────────────────────────────────────────────
function translator(lang) {
  const table = DICT[lang] || DICT.en;
  return (key, vars = {}) =>
    String(table[key] ?? DICT.en[key] ?? key).replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c) node.append(c);
  return node;
}

const tileKey = (t) => `${Math.max(t[0], t[1])}-${Math.min(t[0], t[1])}`;
const tileText = (t) => `[${t[0]}|${t[1]}]`;

// Pip positions inside one square half (0..1 × 0..1).
const PIPS = {
  0: [],
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.27, 0.22], [0.27, 0.5], [0.27, 0.78], [0.73, 0.22], [0.73, 0.5], [0.73, 0.78]],
};

/**
 * One domino as an SVG group at (x, y), w × h (w > h: horizontal, first half left; else vertical,
 * first half on top). For horizontal tiles the six-pattern is turned so its rows run along the tile.
 */
function dominoShape(first, second, x, y, w, h, cls = "") {
  const horizontal = w > h;
  const s = horizontal ? h : w;
  const g = svg("g", { class: `domino ${cls}`.trim() });
  g.append(svg("rect", { x: x + 1, y: y + 1, width: w - 2, height: h - 2, rx: s * 0.14, class: "domino-body" }));
  if (horizontal) g.append(svg("line", { x1: x + s, y1: y + s * 0.16, x2: x + s, y2: y + h - s * 0.16, class: "domino-bar" }));
  else g.append(svg("line", { x1: x + w * 0.16, y1: y + s, x2: x + w - w * 0.16, y2: y + s, class: "domino-bar" }));
  const halves = horizontal ? [[x, y, first], [x + s, y, second]] : [[x, y, first], [x, y + s, second]];
  for (const [hx, hy, n] of halves) {
    for (const [px, py] of PIPS[n] || []) {
      const [u, v] = horizontal ? [py, px] : [px, py];
      g.append(svg("circle", { cx: hx + u * s, cy: hy + v * s, r: s * 0.085, class: "pip" }));
    }
  }
  return g;
}

/** A tile drawn alone (hand, hidden tiles), vertical, in its own small SVG. */
function tileSvg(t, { hidden = false, label = null } = {}) {
  const s = svg("svg", { viewBox: "0 0 50 100", class: "tile-svg", "aria-hidden": label ? null : "true", role: label ? "img" : null, "aria-label": label });
  if (hidden) {
    s.append(svg("rect", { x: 1, y: 1, width: 48, height: 98, rx: 7, class: "domino-back" }));
    s.append(svg("rect", { x: 8, y: 8, width: 34, height: 84, rx: 4, class: "domino-back-inner" }));
  } else {
    s.append(dominoShape(t[0], t[1], 0, 0, 50, 100));
  }
  return s;
}

/**
 * Where every tile of the line goes. Origin centred at (0,0); W/E run horizontally, N/S vertically from
 * the spinner. Doubles lie crosswise. When the row (W arm + origin + E arm + their open-end slots)
 * would be wider than budget (SVG units), each arm gets its share (a short arm leaves its unused
 * share to the other) and an arm that would run past its share turns a corner: E continues downwards, W upwards, in a column beside its last tile (only on
 * a non-double, and only two tiles past a spinner in that arm, so the spinner's own N/S arms and the
 * turned columns never meet). Returns tiles [{first, second, x, y, w, h}] and a slot per open end.
 */
function layoutLine(line, budget = Infinity) {
  const L = 2 * U;
  const tiles = [];
  const slots = {};
  if (!line || !line.origin) {
    slots.origin = { x: -U, y: -U / 2, w: L, h: U };
    return { tiles, slots };
  }
  const [oa, ob] = line.origin;
  const originDouble = oa === ob;
  let west = oa;
  let east = ob;
  const arms = line.arms || {};
  if (!originDouble) {
    if (arms.W?.length && arms.W[0][0] !== oa && arms.W[0][0] === ob) [west, east] = [ob, oa];
    else if (!arms.W?.length && arms.E?.length && arms.E[0][0] === oa) [west, east] = [ob, oa];
  }
  const ow = originDouble ? U : L;
  const oh = originDouble ? L : U;
  tiles.push({ first: west, second: east, x: -ow / 2, y: -oh / 2, w: ow, h: oh, origin: true });
  const sp = line.spinner;
  const centres = { W: [], E: [] };
  // How far each arm reaches from the centre when laid straight, its open-end slot included.
  const straight = (name) => (arms[name] || []).reduce((d, [a, b]) => d + (a === b ? U : L) + GAP, ow / 2 + GAP) + L;
  const half = budget / 2;
  const limit = {
    E: Math.max(half, budget - Math.min(straight("W"), half)),
    W: Math.max(half, budget - Math.min(straight("E"), half)),
  };

  // One main arm; dir = +1 (E: right, then down) or -1 (W: left, then up).
  function mainArm(name, dir) {
    const list = arms[name] || [];
    const minTurn = sp && sp.arm === name ? sp.index + 2 : 1;
    let cursor = ow / 2 + GAP; // distance of the row's open edge from the centre
    let turned = false;
    let colX = 0; // the turned column's centre x
    let colCursor = 0; // the turned column's open edge (distance from the row's centre line)
    list.forEach(([inner, outer], i) => {
      const dbl = inner === outer;
      if (!turned && !dbl && i >= minTurn && cursor + L + L > limit[name]) {
        turned = true;
        colX = dir * (cursor + U / 2);
        colCursor = -U / 2; // the first turned tile sits beside the row's last tile
      }
      if (!turned) {
        const w = dbl ? U : L;
        const h = dbl ? L : U;
        const x = dir > 0 ? cursor : -cursor - w;
        tiles.push(dir > 0 ? { first: inner, second: outer, x, y: -h / 2, w, h } : { first: outer, second: inner, x, y: -h / 2, w, h });
        centres[name].push(dir * (cursor + w / 2));
        cursor += w + GAP;
      } else {
        const w = dbl ? L : U;
        const h = dbl ? U : L;
        // E goes down (inner on top), W goes up (inner at the bottom).
        const y = dir > 0 ? colCursor : -colCursor - h;
        tiles.push(dir > 0 ? { first: inner, second: outer, x: colX - w / 2, y, w, h } : { first: outer, second: inner, x: colX - w / 2, y, w, h });
        colCursor += h + GAP;
      }
    });
    if (!turned) slots[name] = { x: dir > 0 ? cursor : -cursor - L, y: -U / 2, w: L, h: U };
    else slots[name] = { x: colX - U / 2, y: dir > 0 ? colCursor : -colCursor - L, w: U, h: L };
  }
  mainArm("E", 1);
  mainArm("W", -1);

  // The spinner's side arms.
  let sx = 0;
  if (sp && sp.arm !== "origin") sx = centres[sp.arm]?.[sp.index] ?? 0;
  let cursor = -L / 2 - GAP;
  for (const [inner, outer] of arms.N || []) {
    const dbl = inner === outer;
    const w = dbl ? L : U;
    const h = dbl ? U : L;
    tiles.push({ first: outer, second: inner, x: sx - w / 2, y: cursor - h, w, h });
    cursor -= h + GAP;
  }
  slots.N = { x: sx - U / 2, y: cursor - L, w: U, h: L };
  cursor = L / 2 + GAP;
  for (const [inner, outer] of arms.S || []) {
    const dbl = inner === outer;
    const w = dbl ? L : U;
    const h = dbl ? U : L;
    tiles.push({ first: inner, second: outer, x: sx - w / 2, y: cursor, w, h });
    cursor += h + GAP;
  }
  slots.S = { x: sx - U / 2, y: cursor, w: U, h: L };
  return { tiles, slots };
}

function chipsSvg(points, label) {
  const chips = Math.round(points / 5);
  const perStack = 10;
  const stacks = Math.max(1, Math.ceil(chips / perStack));
  const W = 30;
  const height = 12 + perStack * 4 + 6;
  const s = svg("svg", { viewBox: `0 0 ${stacks * W + 4} ${height}`, class: "chips-svg", role: "img", "aria-label": label });
  for (let i = 0; i < chips; i++) {
    const stack = Math.floor(i / perStack);
    const level = i % perStack;
    const cx = 2 + stack * W + W / 2;
    const cy = height - 8 - level * 4;
    s.append(svg("ellipse", { cx, cy: cy + 2, rx: 13, ry: 5, class: "chip-edge" }));
    s.append(svg("ellipse", { cx, cy, rx: 13, ry: 5, class: "chip-top" }));
  }
  return s;
}

// ── the board ───────────────────────────────────────────────────────────────────────────────────
export function mount(root, { client, seats = [], lang = "en" }) {
  const tr = translator(lang);
  if (!document.querySelector("link[data-board-css=spectacular_bid]")) {
    document.head.append(el("link", { rel: "stylesheet", href: new URL("./spectacular_bid.css", import.meta.url).href, "data-board-css": "spectacular_bid" }));
  }
  const mySeats = seats.map(Number);
  let stateBySeat = {};
  let lastState = null;
  let selected = null; // tile key
  let localShown = null; // pass-and-play without the engine's hand-over: the seat shown locally
  let focusKey = null;
  let autoPicked = null; // the seq at which the only playable tile was picked up automatically
  let queuedReady = []; // seats still to be readied after the first (pass and play)
  let readySentAt = -1; // the seq the first of those readies was built on
  let tableArgs = null; // the last renderTable() arguments, for redrawing on a resize
  let tableWidth = 0;

  root.classList.add("sb");
  root.setAttribute("aria-label", tr("board"));
  const status = el("div", { class: "sb-status", "data-testid": "sb-status", role: "status", "aria-live": "polite" });
  const last = el("div", { class: "sb-last", "data-testid": "sb-last-action" });
  const opponentRow = el("div", { class: "sb-seat-row sb-opponent", "data-testid": "sb-opponent" });
  const tableArea = el("div", { class: "sb-table", "data-testid": "sb-table" });
  const panel = el("div", { class: "sb-panel", "data-testid": "sb-panel" });
  const meRow = el("div", { class: "sb-seat-row sb-me", "data-testid": "sb-me" });
  const handArea = el("div", { class: "sb-hand-area", "data-testid": "sb-hand-area" });
  const log = el("details", { class: "sb-log", "data-testid": "sb-log" });
  const keys = el("p", { class: "sb-keys muted", text: tr("keys"), hidden: !mySeats.length });
  root.replaceChildren(status, last, opponentRow, tableArea, panel, meRow, handArea, log, keys);

  const names = () => lastState?.match?.seats || [];
  const nameOf = (seat) => {
    if (seat === null || seat === undefined) return "?";
    const s = names().find((x) => x.seat === seat);
    return s?.name || tr("seat", { n: Number(seat) + 1 });
  };

  /** Which of the user's seats the board shows now, and whether its hand may be shown. */
  function focus() {
    if (!mySeats.length) return { seat: null, msg: stateBySeat.spectator, showHand: false, handover: null };
    if (mySeats.length === 1) {
      const seat = mySeats[0];
      return { seat, msg: stateBySeat[seat], showHand: true, handover: null };
    }
    const msgs = mySeats.map((s) => stateBySeat[s]).filter(Boolean);
    if (!msgs.length) return { seat: mySeats[0], msg: null, showHand: false, handover: null };
    const view = msgs[0].view;
    const phase = view.phase;
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
    if (phase !== "play" && phase !== "auction") {
      localShown = null;
      const seat = actor ?? mySeats[0];
      return { seat, msg: stateBySeat[seat], showHand: false, handover: null };
    }
    const seat = actor ?? localShown ?? mySeats[0];
    if (hand) return { seat, msg: stateBySeat[seat], showHand: false, handover: null };
    if (actor !== null && localShown !== actor) {
      return { seat: actor, msg: stateBySeat[actor], showHand: false, handover: { seat: actor, engine: false } };
    }
    return { seat, msg: stateBySeat[seat], showHand: localShown === seat, handover: null };
  }

  // One command per state: a double click or a repeated key would otherwise send a second command
  // built on the same seq, which the server rejects as stale. The next state (or a short wait after
  // an error) frees the board again.
  let busyUntil = 0;
  function send(action, seat) {
    if (Date.now() < busyUntil) return;
    busyUntil = Date.now() + 1500;
    client.send(action, mySeats.length > 1 ? seat : undefined);
  }

  // ── event text ─────────────────────────────────────────────────────────────────────────────
  function endName(end) {
    return tr(`end_name_${end}`);
  }
  function eventText(e) {
    const name = nameOf(e.seat);
    switch (e.kind) {
      case "ready":
      case "revealed":
      case "waived":
      case "passed":
        return tr(`ev_${e.kind}`, { name });
      case "bid":
      case "raise":
        return tr(`ev_${e.kind}`, { name, amount: e.amount });
      case "accepted":
        return tr("ev_accepted", { name, bidder: nameOf(e.bidder), amount: e.amount, paid: e.paid });
      case "placed": {
        const where = e.end === "origin" ? tr("ev_where_origin") : tr("ev_where", { end: endName(e.end) });
        return tr(e.score ? "ev_placed_score" : "ev_placed", { name, tile: tileText(e.tile), where, count: e.count, score: e.score });
      }
      case "drew":
        if (e.boneyard === undefined) return tr("ev_drew_plain", { name });
        return e.tile ? tr("ev_drew_tile", { name, tile: tileText(e.tile), n: e.boneyard }) : tr("ev_drew", { name, n: e.boneyard });
      case "round_over":
        return e.reason === "domino" ? tr("ev_round_over_domino", { name: nameOf(e.winner) }) : tr("ev_round_over_blocked");
      case "match_over":
        return tr("ev_match_over", { name: nameOf(e.winner) });
      case "paid":
        return tr("ev_paid", { from: nameOf(e.from), to: nameOf(e.to), amount: e.amount });
      case "dealt":
        return tr("ev_dealt", { round: e.round });
      default:
        return tr("ev_other", { kind: e.kind });
    }
  }

  // ── rendering ──────────────────────────────────────────────────────────────────────────────
  function render() {
    const f = focus();
    if (!f.msg) return;
    const matchOver = ["finished", "aborted"].includes(lastState?.match?.status);
    const view = matchOver ? { ...f.msg.view, to_act: [] } : f.msg.view;
    if (matchOver) f.handover = null;
    const legal = f.handover || matchOver ? [] : f.msg.legal || [];
    const myTurn = mySeats.length > 0 && legal.length > 0;
    const places = legal.filter((a) => a.kind === "place");
    const placesByTile = new Map();
    for (const a of places) {
      const k = tileKey(a.tile);
      if (!placesByTile.has(k)) placesByTile.set(k, []);
      placesByTile.get(k).push(a.end);
    }
    if (selected && !placesByTile.has(selected)) selected = null;
    // Exactly one tile fits (a drawn tile, a rank opening): pick it up once per state, so Escape still
    // puts it down again.
    if (!selected && placesByTile.size === 1 && autoPicked !== f.msg.seq) {
      autoPicked = f.msg.seq;
      selected = [...placesByTile.keys()][0];
    }

    const bottom = f.seat ?? 0;
    const top = 1 - bottom;
    root.dataset.phase = view.phase;

    renderStatus(f, view, legal, placesByTile);
    renderLast(view, f.msg);
    renderSeatRow(opponentRow, top, view, f, false);
    tableArgs = [view, placesByTile, f];
    renderTable(...tableArgs);
    renderPanel(f, view, legal);
    renderSeatRow(meRow, bottom, view, f, true);
    renderHand(f, view, legal, placesByTile, myTurn && legal.some((a) => a.kind === "place" || a.kind === "draw"));
    renderLog(view);
    restoreFocus();
  }

  function renderStatus(f, view, legal, placesByTile) {
    let text;
    const kinds = new Set(legal.map((a) => a.kind));
    const toAct = view.to_act || [];
    const other = toAct.find((s) => !mySeats.includes(s));
    if (view.phase === "over" || ["finished", "aborted"].includes(lastState?.match?.status)) text = tr("match_over");
    else if (f.handover) text = tr("handover_text", { name: nameOf(f.handover.seat) });
    else if (view.phase === "start" || view.phase === "settlement") {
      const word = tr(view.phase === "start" ? "ready_start" : "ready_continue");
      if (kinds.has("ready")) text = tr("turn_ready", { word });
      else if (other !== undefined) text = tr("waiting_ready", { name: nameOf(other), word });
      else text = view.phase === "settlement" ? tr("round_over") : tr("you_ready");
    } else if (view.phase === "auction") {
      if (kinds.size) text = tr("your_turn_bid");
      else text = tr("other_turn_bid", { name: nameOf(toAct[0]) });
    } else if (kinds.has("draw")) text = tr("your_turn_draw");
    else if (kinds.has("place")) {
      if (!view.line?.origin) {
        const only = [...placesByTile.keys()];
        text = view.opener_rule === "rank" && only.length === 1
          ? tr("your_turn_open_rank", { tile: tileText(only[0].split("-").map(Number)) })
          : tr("your_turn_open_any");
      } else if (view.continuing) text = tr("your_turn_drawn_fits");
      else text = tr("your_turn_play");
      if (selected) {
        const ends = placesByTile.get(selected) || [];
        text += " " + tr("pick_end", { tile: tileText(selected.split("-").map(Number)), keys: ends.map((e) => END_KEY[e]).sort().join(", ") });
      }
    } else if (toAct.length) text = tr("other_turn_play", { name: nameOf(toAct[0]) });
    else text = "";
    if (!mySeats.length) text = `${tr("spectating")} ${text}`;
    status.textContent = text;
    status.classList.toggle("is-your-turn", legal.length > 0 && !f.handover);
    status.dataset.turn = legal.length > 0 ? "you" : "other";
  }

  function renderLast(view, msg) {
    // An update's own events cover everything since the previous state (several quick actions);
    // a snapshot only has the view's record of the last action.
    let events = msg.reason === "update" && msg.events?.length ? msg.events : view.last_events || [];
    // "Ready" and "revealed" say little about the game: then repeat the round's last real move.
    events = events.filter((e) => e.kind !== "ready" && e.kind !== "revealed");
    if (!events.length && view.round_log?.length) events = [view.round_log[view.round_log.length - 1]];
    last.replaceChildren(
      el("strong", { text: tr("last") }),
      " ",
      el("span", { text: events.length ? events.map(eventText).join(" ") : tr("nothing_yet") }),
    );
  }

  function renderSeatRow(row, seat, view, f, isBottom) {
    const balance = view.balances?.[seat] ?? 0;
    const mine = mySeats.includes(seat);
    const acting = (view.to_act || []).includes(seat) && view.phase !== "start" && view.phase !== "settlement";
    const label = `${nameOf(seat)}${mine && mySeats.length === 1 ? ` (${tr("you")})` : ""}`;
    const children = [
      el("div", { class: "sb-seat-name" },
        el("strong", { text: label }),
        view.jockey === seat ? el("span", { class: "badge sb-jockey", "data-testid": `sb-jockey-${seat}`, text: `★ ${tr("jockey")}` }) : null,
        acting ? el("span", { class: "sb-acting", "data-testid": `sb-acting-${seat}`, text: `▶ ${tr("to_act")}` }) : null,
      ),
      el("div", { class: "sb-balance", "data-testid": `sb-balance-${seat}` },
        chipsSvg(balance, tr("chips_label", { name: nameOf(seat), n: balance, chips: Math.round(balance / 5) })),
        el("span", { class: "sb-balance-figure", text: tr("points", { n: balance }) }),
      ),
    ];
    if (!isBottom || !f.showHand) {
      const n = view.hand_counts?.[seat] ?? 0;
      const backs = el("div", { class: "sb-backs", role: "img", "aria-label": tr("hidden_tiles", { name: nameOf(seat), n }), "data-testid": `sb-hidden-${seat}` });
      for (let i = 0; i < n; i++) backs.append(tileSvg(null, { hidden: true }));
      children.push(backs);
    }
    row.replaceChildren(...children);
    row.classList.toggle("is-acting", acting);
    row.dataset.seat = seat;
  }

  function renderTable(view, placesByTile, f) {
    const line = view.line;
    // Aim for tiles 48 px wide on a desktop, 40 px on a tablet and 32 px on a phone; long arms turn
    // a corner instead of shrinking the tiles.
    const avail = tableArea.clientWidth || root.clientWidth || 1000;
    tableWidth = avail;
    const pxPerUnit = (avail < 560 ? 32 : avail < 900 ? 40 : 48) / U;
    const budget = Math.max(9 * U, avail / pxPerUnit - 2 * 14);
    const { tiles, slots } = layoutLine(line, budget);
    const selectedEnds = selected ? placesByTile.get(selected) || [] : [];
    const openEnds = view.open_ends || [];

    let minX = -3 * U, maxX = 3 * U, minY = -1.5 * U, maxY = 1.5 * U;
    const grow = (r) => {
      minX = Math.min(minX, r.x); maxX = Math.max(maxX, r.x + r.w);
      minY = Math.min(minY, r.y); maxY = Math.max(maxY, r.y + r.h);
    };
    tiles.forEach(grow);
    for (const oe of openEnds) if (slots[oe.end]) grow(slots[oe.end]);
    const pad = 14;
    minX -= pad; minY -= pad; maxX += pad; maxY += pad;
    const vw = maxX - minX;
    const vh = maxY - minY;

    const title = svg("title", {});
    title.textContent = tr("line");
    const drawing = svg("svg", {
      viewBox: `${minX} ${minY} ${vw} ${vh}`,
      class: "sb-line",
      role: "group",
      "aria-label": tr("line"),
      "data-testid": "sb-line",
      style: `width:${Math.round(vw * pxPerUnit)}px`,
    }, title);

    const placedLog = (view.round_log || []).filter((e) => e.kind === "placed");
    const lastPlaced = placedLog[placedLog.length - 1] || (view.last_events || []).find((e) => e.kind === "placed");
    for (const tl of tiles) {
      drawing.append(dominoShape(tl.first, tl.second, tl.x, tl.y, tl.w, tl.h, tl.origin ? "is-origin" : ""));
    }
    // Ring the most recent tile with a dashed outline (a shape, not just a colour).
    if (lastPlaced) {
      const k = tileKey(lastPlaced.tile);
      const tl = tiles.find((x) => tileKey([x.first, x.second]) === k);
      if (tl) {
        drawing.append(svg("rect", { x: tl.x - 4, y: tl.y - 4, width: tl.w + 8, height: tl.h + 8, rx: 9, class: "sb-last-ring" }));
      }
    }

    for (const oe of openEnds) {
      const r = slots[oe.end];
      if (!r) continue;
      const fits = selectedEnds.includes(oe.end);
      const g = svg("g", {
        class: `sb-slot${fits ? " is-legal" : ""}${selected && !fits ? " is-dim" : ""}`,
        "data-testid": `sb-end-${oe.end}`,
        "data-end": oe.end,
      });
      g.append(svg("rect", { x: r.x + 2, y: r.y + 2, width: r.w - 4, height: r.h - 4, rx: 8, class: "sb-slot-box" }));
      const cx = r.x + r.w / 2;
      const cy = r.y + r.h / 2;
      const letter = tr(`end_letter_${oe.end}`);
      const tileName = selected ? tileText(selected.split("-").map(Number)) : "";
      if (fits) {
        const txt = svg("text", { x: cx, y: cy, class: "sb-slot-key", "text-anchor": "middle", "dominant-baseline": "central" });
        txt.textContent = `${END_KEY[oe.end]}${letter ? " " + letter : ""}`;
        g.append(txt);
        g.setAttribute("role", "button");
        g.setAttribute("tabindex", "0");
        g.setAttribute("aria-label", oe.end === "origin" ? tr("place_origin", { tile: tileName }) : tr("place_at", { tile: tileName, end: endName(oe.end) }));
        g.dataset.focusKey = `end-${oe.end}`;
        const act = () => placeSelected(oe.end);
        g.addEventListener("click", act);
        g.addEventListener("keydown", (e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            act();
          }
        });
      } else if (oe.end !== "origin") {
        const txt = svg("text", { x: cx, y: cy, class: "sb-slot-info", "text-anchor": "middle", "dominant-baseline": "central" });
        txt.textContent = `${letter} ${oe.pips}`;
        g.append(txt);
        const t = svg("title", {});
        t.textContent = tr("open_end", { end: letter, pips: oe.pips, counts: oe.counts });
        g.append(t);
      }
      drawing.append(g);
    }

    const count = view.count ?? 0;
    const scores = count > 0 && count % 5 === 0;
    const info = el("div", { class: "sb-table-info" },
      el("span", { class: "sb-round", text: view.round ? tr("round", { n: view.round }) : "" }),
      el("span", { class: `sb-count${scores ? " scores" : ""}`, "data-testid": "sb-count", text: line?.origin ? tr(scores ? "count_scores" : "count", { n: count }) : tr("line_empty") }),
      el("span", { class: "sb-boneyard", "data-testid": "sb-boneyard", "aria-label": tr("boneyard_label", { n: view.boneyard ?? 0 }) },
        tileSvg(null, { hidden: true }), tr("boneyard", { n: view.boneyard ?? 0 })),
    );
    if (!line?.origin && !openEnds.length) {
      tableArea.replaceChildren(info);
      return;
    }
    const scroller = el("div", { class: "sb-line-scroll" }, drawing);
    tableArea.replaceChildren(info, scroller);
    // Keep the middle of the line in view when it is wider than the screen.
    requestAnimationFrame(() => {
      if (scroller.scrollWidth > scroller.clientWidth) {
        const originX = ((0 - minX) / vw) * scroller.scrollWidth;
        scroller.scrollLeft = Math.max(0, originX - scroller.clientWidth / 2);
      }
    });
  }

  function renderPanel(f, view, legal) {
    const parts = [];
    const kinds = new Set(legal.map((a) => a.kind));
    if (f.handover) {
      parts.push(el("div", { class: "sb-handover", "data-testid": "sb-handover" },
        el("h3", { text: tr("handover_title") }),
        el("p", { text: tr("handover_text", { name: nameOf(f.handover.seat) }) }),
        el("button", {
          type: "button", class: "button primary big", "data-testid": "reveal-button", "data-focus-key": "reveal",
          text: tr("handover_button", { name: nameOf(f.handover.seat) }),
          onclick: () => {
            if (f.handover.engine) send({ kind: "reveal" }, f.handover.seat);
            else {
              localShown = f.handover.seat;
              render();
            }
          },
        })));
    }
    if (view.phase === "start") {
      parts.push(el("div", { class: "sb-start", "data-testid": "sb-start" },
        el("h3", { text: tr("start_title") }),
        el("p", { text: tr("start_text") }),
        readyControls(view, "ready_start")));
    }
    if (view.phase === "auction" && !f.handover) parts.push(auctionPanel(f, view, legal, kinds));
    if (view.phase === "settlement" && view.round_summary) {
      parts.push(summaryPanel(view, view.round_summary, "ready_continue"));
    }
    if (view.phase === "over") parts.push(resultPanel(view));
    panel.replaceChildren(...parts);
    panel.hidden = parts.length === 0;
  }

  function readySeats() {
    return mySeats.filter((s) => (stateBySeat[s]?.legal || []).some((a) => a.kind === "ready"));
  }

  function readyControls(view, wordKey) {
    const word = tr(wordKey);
    const mine = readySeats();
    const box = el("div", { class: "sb-ready" });
    if (mine.length) {
      box.append(el("button", {
        type: "button", class: "button primary big", "data-testid": "ready-button", "data-focus-key": "ready",
        "aria-keyshortcuts": "R", text: `${word} (R)`, onclick: sendReady,
      }));
    }
    box.append(el("ul", { class: "sb-ready-list", "data-testid": "sb-ready-list" },
      ...(view.ready || []).map((r, seat) => el("li", { text: `${nameOf(seat)}: ${r ? "✓ " + tr("ready_yes") : "… " + tr("ready_no")}` }))));
    const waiting = (view.ready || []).map((r, s) => (!r ? s : null)).filter((s) => s !== null && !mySeats.includes(s));
    for (const s of waiting) box.append(el("p", { class: "muted", text: tr("waiting_ready", { name: nameOf(s), word }) }));
    if (!mine.length && mySeats.length && !waiting.length) box.append(el("p", { class: "muted", text: tr("you_ready") }));
    return box;
  }

  // Pass and play: one press readies both seats, one after the other (each command names the seq it
  // was built on, so the second waits for the state that follows the first).
  function sendReady() {
    const [first, ...rest] = readySeats();
    if (first === undefined) return;
    readySentAt = stateBySeat[first]?.seq ?? -1;
    send({ kind: "ready" }, first);
    queuedReady = rest;
  }
  function flushQueuedReady() {
    if (!queuedReady.length) return;
    const seat = queuedReady[0];
    const legal = stateBySeat[seat]?.legal || [];
    const seqs = mySeats.map((s) => stateBySeat[s]?.seq ?? -1);
    if (legal.some((a) => a.kind === "ready") && seqs.every((q) => q === seqs[0]) && seqs[0] > readySentAt) {
      queuedReady.shift();
      send({ kind: "ready" }, seat);
    } else if (!legal.some((a) => a.kind === "ready")) queuedReady.shift();
  }

  function auctionPanel(f, view, legal, kinds) {
    const a = view.auction || {};
    const discount = a.discount ?? 15;
    const box = el("section", { class: "sb-auction", "data-testid": "sb-auction", "aria-label": tr("auction") });
    box.append(el("h3", { text: tr("auction") }));
    if (view.jockey !== null && view.jockey !== undefined) box.append(el("p", { text: tr("auction_open", { name: nameOf(view.jockey) }) }));
    box.append(el("p", { class: "sb-standing", "data-testid": "sb-standing-bid", text: a.bid ? tr("auction_standing", { amount: a.bid.amount, name: nameOf(a.bid.seat) }) : tr("auction_none") }));
    if (a.history?.length) {
      box.append(el("ol", { class: "sb-history", "aria-label": tr("auction_history") },
        ...a.history.map((h) => el("li", { text: eventText({ ...h, kind: h.kind === "accept" ? "accepted" : h.kind, bidder: a.bid?.seat, paid: "" }) }))));
    }
    const me = f.seat;
    if (a.discount_seat !== null && a.discount_seat !== undefined) {
      box.append(el("p", { class: "sb-discount", "data-testid": "sb-discount",
        text: mySeats.includes(a.discount_seat) && a.discount_seat === me ? tr("discount_you") : tr("discount_other", { name: nameOf(a.discount_seat) }) }));
    }
    if (!kinds.size) {
      box.append(el("p", { class: "muted", text: tr("waiting_auction", { name: nameOf(a.speaker) }) }));
      return box;
    }
    const controls = el("div", { class: "sb-auction-controls" });
    const netCost = (amount) => (me === a.discount_seat ? Math.max(0, amount - discount) : amount);
    if (kinds.has("waive")) {
      controls.append(el("div", { class: "sb-control" },
        el("button", { type: "button", class: "button", "data-testid": "waive-button", "data-focus-key": "waive", text: tr("waive"), onclick: () => send({ kind: "waive" }, me) }),
        el("small", { class: "muted", text: tr("waive_hint") })));
    }
    if (kinds.has("accept") && a.bid) {
      controls.append(el("div", { class: "sb-control" },
        el("button", { type: "button", class: "button", "data-testid": "accept-button", "data-focus-key": "accept", text: `${tr("accept")} (${a.bid.amount})`, onclick: () => send({ kind: "accept" }, me) }),
        el("small", { class: "muted", text: tr("accept_hint", { name: nameOf(a.bid.seat), paid: a.bid.seat === a.discount_seat ? Math.max(0, a.bid.amount - discount) : a.bid.amount }) })));
    }
    const amountKind = kinds.has("bid") ? "bid" : kinds.has("raise") ? "raise" : null;
    if (amountKind) {
      const amounts = legal.filter((x) => x.kind === amountKind).map((x) => x.amount);
      const min = Math.min(...amounts);
      const max = Math.max(...amounts);
      const id = `sb-amount-${me}`;
      const cost = el("small", { class: "sb-cost", "data-testid": "sb-bid-cost" });
      const input = el("input", {
        id, type: "number", name: "amount", min, max, step: 5, value: min, inputmode: "numeric",
        "data-testid": "bid-amount", "data-focus-key": "amount", "aria-describedby": `${id}-range`,
      });
      const updateCost = () => {
        const v = Number(input.value);
        cost.textContent = Number.isFinite(v) ? tr("cost_you", { cost: netCost(v) }) : "";
      };
      input.addEventListener("input", updateCost);
      updateCost();
      const submit = () => {
        const v = Number(input.value);
        if (!amounts.includes(v)) {
          input.setCustomValidity(tr("min_max", { min, max }));
          input.reportValidity();
          return;
        }
        input.setCustomValidity("");
        send({ kind: amountKind, amount: v }, me);
      };
      input.addEventListener("keydown", (e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          submit();
        }
      });
      controls.append(el("div", { class: "sb-control sb-amount" },
        el("label", { for: id, text: tr(amountKind === "bid" ? "amount" : "raise") }),
        el("div", { class: "sb-amount-row" },
          el("button", { type: "button", class: "button small", "aria-label": "−5", text: "−5", onclick: () => { input.value = Math.max(min, Number(input.value) - 5); updateCost(); } }),
          input,
          el("button", { type: "button", class: "button small", "aria-label": "+5", text: "+5", onclick: () => { input.value = Math.min(max, Number(input.value) + 5); updateCost(); } }),
          el("button", { type: "button", class: "button primary", "data-testid": `${amountKind}-button`, "data-focus-key": "bid-submit", text: amountKind === "bid" ? tr("bid") : tr("raise_button"), onclick: submit }),
        ),
        el("small", { id: `${id}-range`, class: "muted", text: tr("min_max", { min, max }) }),
        cost));
    } else if (kinds.has("waive")) {
      controls.append(el("p", { class: "muted", text: tr("cannot_bid") }));
    } else if (kinds.has("accept")) {
      controls.append(el("p", { class: "muted", text: tr("cannot_raise") }));
    }
    box.append(controls);
    return box;
  }

  function summaryPanel(view, s, wordKey) {
    const box = el("section", { class: "sb-summary", "data-testid": "sb-round-summary", "aria-label": tr("summary", { n: s.round }) });
    box.append(el("h3", { text: tr("summary", { n: s.round }) }));
    if (s.reason === "domino") box.append(el("p", { text: tr("summary_domino", { name: nameOf(s.winner) }) }));
    else if (s.reason === "blocked") {
      const pips = s.pips || ["?", "?"];
      box.append(el("p", { text: tr("summary_blocked", { a: `${nameOf(0)} ${pips[0]}`, b: `${nameOf(1)} ${pips[1]}` }) }));
      box.append(el("p", { text: s.winner === null || s.winner === undefined ? tr("summary_blocked_tie") : tr("summary_blocked_win", { name: nameOf(s.winner), paid: s.paid }) }));
      box.append(el("p", { class: "muted", text: tr("summary_next_rank") }));
    } else if (s.reason === "bankrupt") box.append(el("p", { text: tr("summary_bankrupt") }));
    const bal = s.balances || view.balances || [0, 0];
    box.append(el("p", { class: "sb-summary-balances", text: tr("summary_balances", { a: `${nameOf(0)} ${bal[0]}`, b: `${nameOf(1)} ${bal[1]}` }) }));
    if (view.phase === "settlement") box.append(readyControls(view, wordKey));
    return box;
  }

  function resultPanel(view) {
    const r = view.result || {};
    const box = el("section", { class: "sb-result", "data-testid": "sb-result" });
    box.append(el("h3", { text: tr("result_title") }));
    const winner = r.winner;
    let text = "";
    if (winner !== null && winner !== undefined) {
      if (mySeats.length === 1) text = mySeats[0] === winner ? tr("result_you_win") : tr("result_you_lose", { name: nameOf(winner) });
      else text = tr("result_winner", { name: nameOf(winner) });
    }
    if (text) box.append(el("p", { class: "sb-result-text", text }));
    const bal = r.balances || view.balances || [0, 0];
    box.append(el("p", { text: tr("summary_balances", { a: `${nameOf(0)} ${bal[0]}`, b: `${nameOf(1)} ${bal[1]}` }) }));
    return box;
  }

  function renderHand(f, view, legal, placesByTile, myTurn) {
    if (!mySeats.length || !f.showHand || !Array.isArray(f.msg.view.hand)) {
      handArea.replaceChildren();
      handArea.hidden = true;
      return;
    }
    handArea.hidden = false;
    const hand = f.msg.view.hand;
    const canDraw = legal.some((a) => a.kind === "draw");
    const list = el("ul", { class: "sb-hand", "aria-label": tr("your_hand"), "data-testid": "sb-hand" });
    hand.forEach((t, i) => {
      const k = tileKey(t);
      const playable = placesByTile.has(k);
      const isSel = selected === k;
      const state = isSel ? tr("tile_selected") : playable ? tr("tile_playable") : myTurn ? tr("tile_not_playable") : "";
      const btn = el("button", {
        type: "button",
        class: `sb-tile${playable ? " is-playable" : ""}${isSel ? " is-selected" : ""}${myTurn && !playable ? " is-unplayable" : ""}`,
        "data-testid": `hand-tile-${k}`,
        "data-focus-key": `tile-${k}`,
        "data-index": i,
        "aria-pressed": playable ? String(isSel) : null,
        "aria-disabled": playable ? null : "true",
        "aria-label": `${tr("tile_label", { a: t[0], b: t[1] })}${state ? ", " + state : ""}`,
        onclick: () => clickTile(k, placesByTile),
      }, tileSvg(t), el("span", { class: "sb-tile-tag", "aria-hidden": "true", text: isSel ? "✓" : playable ? "▲" : "" }));
      btn.addEventListener("keydown", (e) => handKeys(e, list));
      list.append(el("li", {}, btn));
    });
    const actions = el("div", { class: "sb-hand-actions" });
    if (canDraw || view.phase === "play") {
      actions.append(el("button", {
        type: "button", class: `button${canDraw ? " primary" : ""}`, "data-testid": "draw-button", "data-focus-key": "draw",
        "aria-keyshortcuts": "D", disabled: !canDraw, text: `${tr("draw")} (D)`, onclick: () => canDraw && send({ kind: "draw" }, f.seat),
      }));
    }
    handArea.replaceChildren(el("h3", { class: "visually-hidden", text: tr("your_hand") }), list, actions);
  }

  function renderLog(view) {
    const entries = view.round_log || [];
    log.replaceChildren(el("summary", { text: `${tr("log")} (${entries.length})` }),
      el("ol", {}, ...entries.slice(-40).map((e) => el("li", { text: eventText(e) }))));
  }

  // ── interaction ────────────────────────────────────────────────────────────────────────────
  function clickTile(k, placesByTile) {
    if (!placesByTile.has(k)) return;
    if (selected === k) {
      // A second click (or Enter) on the picked tile plays it when only one end takes it.
      const ends = placesByTile.get(k);
      if (ends.length === 1) return placeSelected(ends[0]);
    } else selected = k;
    focusKey = `tile-${k}`;
    render();
  }

  function placeSelected(end) {
    const f = focus();
    if (!selected || !f.msg) return;
    const action = (f.msg.legal || []).find((a) => a.kind === "place" && tileKey(a.tile) === selected && a.end === end);
    if (!action) return;
    send({ kind: "place", tile: action.tile, end }, f.seat);
    selected = null;
    focusKey = "hand";
    render();
  }

  function handKeys(e, list) {
    if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(e.key)) return;
    const buttons = [...list.querySelectorAll("button")];
    const i = buttons.indexOf(e.currentTarget);
    let j = i;
    if (e.key === "ArrowLeft" || e.key === "ArrowUp") j = (i - 1 + buttons.length) % buttons.length;
    if (e.key === "ArrowRight" || e.key === "ArrowDown") j = (i + 1) % buttons.length;
    if (e.key === "Home") j = 0;
    if (e.key === "End") j = buttons.length - 1;
    e.preventDefault();
    buttons[j].focus();
  }

  function onKey(e) {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest?.("input, textarea, select, [contenteditable]")) return;
    if (!root.isConnected) return;
    const f = focus();
    if (!f.msg) return;
    const legal = f.handover ? [] : f.msg.legal || [];
    const key = e.key.toLowerCase();
    if (key === "d" && legal.some((a) => a.kind === "draw")) {
      e.preventDefault();
      send({ kind: "draw" }, f.seat);
    } else if (key === "r" && readySeats().length) {
      e.preventDefault();
      sendReady();
    } else if (/^[1-4]$/.test(key) && selected) {
      const n = Number(key);
      const end = Object.keys(END_KEY).find((name) => END_KEY[name] === n && (f.msg.legal || []).some((a) => a.kind === "place" && tileKey(a.tile) === selected && a.end === name));
      if (end) {
        e.preventDefault();
        placeSelected(end);
      }
    } else if (key === "escape" && selected) {
      selected = null;
      render();
    }
  }
  document.addEventListener("keydown", onKey);

  // A turned phone or a resized window changes where the arms should turn their corners.
  const resizeObserver = typeof ResizeObserver === "function"
    ? new ResizeObserver(() => {
      if (tableArgs && Math.abs(tableArea.clientWidth - tableWidth) > 24) renderTable(...tableArgs);
    })
    : null;
  resizeObserver?.observe(tableArea);

  function rememberFocus() {
    const a = document.activeElement;
    if (a && root.contains(a) && a.dataset?.focusKey) focusKey = a.dataset.focusKey;
  }
  function restoreFocus() {
    if (!focusKey) return;
    let target = root.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`);
    if (!target && (focusKey === "hand" || focusKey.startsWith("tile-") || focusKey.startsWith("end-"))) {
      target = root.querySelector(".sb-tile.is-playable") || root.querySelector(".sb-tile");
    }
    const active = document.activeElement;
    if (target && active !== target && (!active || active === document.body || !active.isConnected)) {
      target.focus({ preventScroll: true });
    }
  }
  root.addEventListener("focusin", (e) => {
    if (e.target.dataset?.focusKey) focusKey = e.target.dataset.focusKey;
  });
  root.addEventListener("focusout", (e) => {
    if (e.relatedTarget && !root.contains(e.relatedTarget)) focusKey = null;
  });

  return {
    update(newStateBySeat, newLastState) {
      rememberFocus();
      stateBySeat = newStateBySeat;
      lastState = newLastState;
      busyUntil = 0;
      render();
      flushQueuedReady();
    },
    destroy() {
      document.removeEventListener("keydown", onKey);
      resizeObserver?.disconnect();
      root.replaceChildren();
    },
  };
}
