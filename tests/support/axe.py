"""axe-core's accessibility audit in a Playwright page, for the browser tests (issue #31 item 7).

axe-core comes from npm (``frontend/package.json``'s devDependencies, installed by ``make js``);
this module runs its ``axe.min.js`` in the page as it is and returns what it finds.  The site's
Content-Security-Policy allows no inline script, so the source is not added as a ``<script>`` tag
(``page.add_script_tag(content=…)`` would be refused): it is evaluated through Playwright, which
goes through the browser's debugging protocol, and the policy does not apply to that.  So the
audit needs no ``bypass_csp`` context, and the page is audited under the very policy players get.

Only ``serious`` and ``critical`` findings count (axe's two highest impacts): those are what
stop someone from using the page (text below the contrast minimum, a control without a name, a
form field without a label); ``moderate`` and ``minor`` ones are advice."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

AXE_JS = (
    Path(__file__).resolve().parents[2] / "frontend" / "node_modules" / "axe-core" / "axe.min.js"
)
BLOCKING = ("serious", "critical")

RUN = """async (only) => {
  const result = await window.axe.run(document, {
    resultTypes: ["violations"],
    runOnly: {type: "tag", values: only},
  });
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    helpUrl: v.helpUrl,
    nodes: v.nodes.map((n) => ({
      target: n.target.join(" "),
      html: n.html.slice(0, 240),
      impact: n.impact,
      summary: (n.failureSummary || "").replace(/\\s+/g, " ").trim(),
    })),
  }));
}"""

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
"""What is checked: WCAG 2.0–2.2 levels A and AA, and axe's best practices (landmarks, one
``h1``, headings in order, unique landmark names)."""


@cache
def axe_source() -> str:
    """``axe.min.js`` from ``frontend/node_modules`` (read once per test process)."""
    if not AXE_JS.exists():
        raise FileNotFoundError(f"{AXE_JS} is missing: run `make js` (npm ci in frontend/)")
    return AXE_JS.read_text(encoding="utf-8")


def audit(page: Any) -> list[dict[str, Any]]:
    """Every serious or critical violation axe-core finds on ``page`` as it is now, each with the
    elements it found (a CSS selector, the start of the element's HTML and what to fix)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # An expression, not a function: the whole file runs as a script would and sets window.axe.
        page.evaluate(axe_source() + "\n;void 0")
    found = page.evaluate(RUN, TAGS)
    return [v for v in found if v["impact"] in BLOCKING]


def report(where: str, violations: list[dict[str, Any]]) -> str:
    """``violations`` as lines a person can act on: rule, impact, help, and each element."""
    lines = [f"{where}: {len(violations)} serious/critical accessibility violation(s)"]
    for v in violations:
        lines.append(f"  [{v['impact']}] {v['id']}: {v['help']} ({v['helpUrl']})")
        for node in v["nodes"][:8]:
            lines.append(f"      at {node['target']}: {node['html']}")
            if node["summary"]:
                lines.append(f"         {node['summary'][:400]}")
        if len(v["nodes"]) > 8:
            lines.append(f"      … and {len(v['nodes']) - 8} more")
    return "\n".join(lines)
