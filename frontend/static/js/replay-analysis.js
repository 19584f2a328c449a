// The analysis part of the replay page (templates/live/replay.html, issue #32): asks for the
// match's analysis once (POST, idempotent), shows a progress indicator while the job on the
// server's `analysis` queue runs (polling GET), then what the game's analysis says. Bridge: the
// double-dummy table, par, and a mark on each card in the move list that cost its side tricks
// double-dummy (as lichess marks mistakes). Every other game (a result of kind "moments",
// games/moments.py): the moments list — the people's decisions the computer rates lowest against
// its own choice, each a button that steps the replay to that move — labelled as the computer's
// view from play-outs, and a mark on each of those moves in the move list.
import { makeTranslator } from "../kit/i18n.js";
import { recordCard } from "../kit/record.js";

const WORDS = {
  en: {
    working: "Analysing… (the computer works through every position)",
    unavailable: "Analysis is not available for this game (or this match) yet.",
    failed: "The analysis failed.",
    refused: "The analysis cannot be shown: {detail}",
    table: "Double-dummy tricks",
    declarer: "Declarer",
    par: "Par: {contracts}, {score} for North–South",
    par_none: "Par: passed out, 0",
    by: "{contract} by {seat}",
    costly: "Cards that cost tricks: {n} (marked in the move list)",
    costly_none: "Every card played was double-dummy correct.",
    cost: "cost {n} trick(s) double-dummy",
    moments_note: "The computer's view: play-outs from the real deal by the computer.",
    moments: "Moments: the decisions the computer rates lowest against its own choice",
    moments_none: "No decision lost much against the computer's choice.",
    moment: "Move {n} — played: {played}; the computer prefers: {suggested}. Expected score {before} → {after} (with the computer's move: {best})",
    judged: "Decisions of people judged: {judged} of {of}; estimates from {playouts} play-outs each.",
    moment_mark: "A moment: the computer prefers another move",
    seat_0: "S", seat_1: "W", seat_2: "N", seat_3: "E",
    strain_NT: "NT", strain_S: "♠", strain_H: "♥", strain_D: "♦", strain_C: "♣",
  },
  de: {
    working: "Analyse läuft … (der Computer rechnet jede Stellung durch)",
    unavailable: "Für dieses Spiel (oder diese Partie) gibt es noch keine Analyse.",
    failed: "Die Analyse ist fehlgeschlagen.",
    refused: "Die Analyse kann nicht gezeigt werden: {detail}",
    table: "Stiche mit offenen Karten (Double Dummy)",
    declarer: "Alleinspieler",
    par: "Par: {contracts}, {score} für Nord–Süd",
    par_none: "Par: eingepasst, 0",
    by: "{contract} von {seat}",
    costly: "Karten, die Stiche gekostet haben: {n} (in der Zugliste markiert)",
    costly_none: "Jede gespielte Karte war mit offenen Karten richtig.",
    cost: "kostete {n} Stich(e) mit offenen Karten",
    moments_note: "Die Sicht des Computers: Ausspielungen vom echten Blatt an, gespielt vom Computer.",
    moments: "Momente: die Entscheidungen, die der Computer gegenüber seiner eigenen Wahl am schlechtesten bewertet",
    moments_none: "Keine Entscheidung hat gegenüber der Wahl des Computers viel verloren.",
    moment: "Zug {n} — gespielt: {played}; der Computer zieht vor: {suggested}. Erwartetes Ergebnis {before} → {after} (mit dem Zug des Computers: {best})",
    judged: "Bewertete Entscheidungen von Menschen: {judged} von {of}; Schätzungen aus je {playouts} Ausspielungen.",
    moment_mark: "Ein Moment: der Computer zieht einen anderen Zug vor",
    seat_0: "S", seat_1: "W", seat_2: "N", seat_3: "O",
    strain_NT: "SA", strain_S: "♠", strain_H: "♥", strain_D: "♦", strain_C: "♣",
  },
  zh: {
    working: "分析中……（电脑正在计算每个局面）",
    unavailable: "此游戏（或此比赛）暂不提供分析。",
    failed: "分析失败。",
    refused: "无法显示分析：{detail}",
    table: "明手墩数（双明手）",
    declarer: "庄家",
    par: "标准定约：{contracts}，南北 {score}",
    par_none: "标准定约：全部不叫，0",
    by: "{seat} 做 {contract}",
    costly: "损失墩数的出牌：{n} 张（已在着法列表中标出）",
    costly_none: "每张出牌在双明手下都是正确的。",
    cost: "双明手下损失 {n} 墩",
    moments_note: "电脑的看法：由电脑从真实牌局出发模拟打完。",
    moments: "关键时刻：电脑认为与其自身选择相比最差的决定",
    moments_none: "与电脑的选择相比，没有哪个决定损失很大。",
    moment: "第 {n} 步 — 实际：{played}；电脑更倾向于：{suggested}。预期得分 {before} → {after}（按电脑的走法：{best}）",
    judged: "已评估的真人决定：{of} 个中的 {judged} 个；每次估计基于 {playouts} 次模拟。",
    moment_mark: "关键时刻：电脑更倾向于另一种走法",
    seat_0: "南", seat_1: "西", seat_2: "北", seat_3: "东",
    strain_NT: "无将", strain_S: "♠", strain_H: "♥", strain_D: "♦", strain_C: "♣",
  },
};

const POLL_MS = 2000;
const STRAIN_ROWS = ["NT", "S", "H", "D", "C"];
const SEAT_COLUMNS = [2, 0, 3, 1]; // N S E W

function csrfToken() {
  try {
    return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
  } catch {
    return "";
  }
}

function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

function contractText(c, tr) {
  const doubled = ["", "X", "XX"][c.doubled] || "";
  const contract = `${c.level}${tr(`strain_${c.strain}`)}${doubled}`;
  return tr("by", { contract, seat: tr(`seat_${c.declarer}`) });
}

function tableNode(result, tr) {
  const head = el("tr", {}, [el("th", { scope: "col", textContent: tr("declarer") }), ...SEAT_COLUMNS.map((s) => el("th", { scope: "col", textContent: tr(`seat_${s}`) }))]);
  const rows = STRAIN_ROWS.map((strain) =>
    el("tr", {}, [el("th", { scope: "row", textContent: tr(`strain_${strain}`) }), ...SEAT_COLUMNS.map((s) => el("td", { textContent: String(result.table[strain][s]) }))]),
  );
  const table = el("table", { className: "analysis-table" }, [el("caption", { textContent: tr("table") }), el("thead", {}, [head]), el("tbody", {}, rows)]);
  table.dataset.testid = "analysis-table";
  return table;
}

/** Mark the move list's card plays (in order: the i-th play is result.cards[i]) that cost tricks. */
function markMoves(movesEl, cards, tr) {
  const plays = [...movesEl.querySelectorAll("[data-testid=replay-move][data-action=play]")];
  cards.forEach((card, i) => {
    const button = plays[i];
    if (!button || card.cost <= 0) return;
    const mark = el("span", { className: "analysis-mark", textContent: "?".repeat(Math.min(card.cost, 2)) });
    const why = tr("cost", { n: card.cost });
    mark.title = why;
    mark.setAttribute("aria-label", why);
    button.classList.add("is-costly");
    button.dataset.cost = String(card.cost);
    button.append(" ", mark);
  });
}

function showResult(body, result, movesEl, tr) {
  const par = result.par.contracts.length
    ? tr("par", { contracts: result.par.contracts.map((c) => contractText(c, tr)).join(", "), score: result.par.score > 0 ? `+${result.par.score}` : String(result.par.score) })
    : tr("par_none");
  const costly = result.cards.filter((c) => c.cost > 0);
  const list = costly.map((c) => el("li", { textContent: `${recordCard(c.card, tr)} (${tr(`seat_${c.seat}`)}): ${tr("cost", { n: c.cost })}` }));
  const parNode = el("p", { textContent: par });
  parNode.dataset.testid = "analysis-par";
  const summary = el("p", { textContent: costly.length ? tr("costly", { n: costly.length }) : tr("costly_none") });
  summary.dataset.testid = "analysis-costly";
  body.replaceChildren(tableNode(result, tr), parNode, summary, ...(list.length ? [el("ul", {}, list)] : []));
  markMoves(movesEl, result.cards, tr);
}

const percent = (x) => (x === null || x === undefined ? "?" : `${Math.round(Number(x) * 100)} %`);

/**
 * The moments list of a "moments" result. `replay` gives the replay's move list (`moves`, the
 * index's), the words for a seat's action as the move list writes them, the player's name
 * included (`describe(action, seat, events)`; the suggestion has no events), and `go(step)`. Decision `index` i is the i-th move the engine applied: the i-th action (or stalled
 * Continue) of the move list, whose `step` the replay addresses.
 */
function showMoments(body, result, movesEl, replay, tr) {
  const applied = (replay?.moves ?? []).filter((m) => m.action && (m.kind === "action" || m.kind === "stall"));
  const byIndex = new Map(result.decisions.map((d) => [d.index, d]));
  const items = result.moments.map((i) => {
    const d = byIndex.get(i);
    const move = applied[i];
    const step = move ? move.step : null;
    const words = (action, events) => (replay?.describe ? replay.describe(action, d.seat, events) : JSON.stringify(action));
    const text = tr("moment", {
      n: step ?? i + 1,
      played: move ? words(move.action, move.events || []) : words(d.played, []),
      suggested: words(d.suggested, []),
      before: percent(d.before),
      after: percent(d.after),
      best: percent(d.best),
    });
    const button = el("button", { type: "button", className: "link-button", textContent: text });
    button.dataset.testid = "analysis-moment";
    if (step !== null) {
      button.dataset.step = String(step);
      button.addEventListener("click", () => replay.go(step));
      const listed = movesEl.querySelector(`[data-testid=replay-move][data-step="${step}"]`);
      if (listed && !listed.querySelector(".analysis-mark")) {
        const mark = el("span", { className: "analysis-mark", textContent: "?!" });
        mark.title = tr("moment_mark");
        mark.setAttribute("aria-label", tr("moment_mark"));
        listed.classList.add("is-moment");
        listed.append(" ", mark);
      }
    } else {
      button.disabled = true;
    }
    return el("li", {}, [button]);
  });
  const title = el("p", { textContent: items.length ? tr("moments") : tr("moments_none") });
  title.dataset.testid = "analysis-moments-title";
  const list = el("ol", { className: "analysis-moments" }, items);
  list.dataset.testid = "analysis-moments";
  const judged = el("p", { className: "analysis-note", textContent: tr("judged", { judged: result.judged, of: result.of, playouts: result.playouts }) });
  judged.dataset.testid = "analysis-judged";
  body.replaceChildren(title, ...(items.length ? [list] : []), judged);
}

/**
 * Start the analysis part of the page: `section` holds data-url (the API) and the note (hidden
 * until a result says which kind it is), `movesEl` the move list, `replay` what the moments list
 * needs of the replay (see showMoments).
 */
export function startAnalysis(section, { lang, movesEl, replay = null }) {
  const tr = makeTranslator(WORDS, lang);
  const body = section.querySelector("[data-testid=analysis-body]");
  const note = section.querySelector("[data-testid=analysis-note]");
  const url = section.dataset.url;
  const say = (text, testid) => {
    const p = el("p", { textContent: text });
    p.dataset.testid = testid;
    body.replaceChildren(p);
  };
  const working = () => {
    const bar = el("progress", { max: 1 });
    bar.removeAttribute("value"); // indeterminate: the job reports no fraction
    bar.dataset.testid = "analysis-progress";
    body.replaceChildren(bar, el("span", { textContent: ` ${tr("working")}` }));
  };
  const handle = async (response) => {
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      if (data.code === "not_available") return say(tr("unavailable"), "analysis-unavailable");
      return say(tr("refused", { detail: data.detail || String(response.status) }), "analysis-refused");
    }
    if (data.status === "done") {
      const moments = data.result?.kind === "moments";
      if (note) {
        if (moments) note.textContent = tr("moments_note");
        note.hidden = false;
      }
      return moments ? showMoments(body, data.result, movesEl, replay, tr) : showResult(body, data.result, movesEl, tr);
    }
    if (data.status === "failed") return say(tr("failed"), "analysis-failed");
    if (data.status === "unavailable") return say(tr("unavailable"), "analysis-unavailable");
    working();
    setTimeout(() => fetch(url, { headers: { Accept: "application/json" } }).then(handle).catch(() => say(tr("failed"), "analysis-failed")), POLL_MS);
    return undefined;
  };
  section.hidden = false;
  working();
  fetch(url, { method: "POST", headers: { Accept: "application/json", "X-CSRFToken": csrfToken() } })
    .then(handle)
    .catch(() => say(tr("failed"), "analysis-failed"));
}
