"""The layers of docs/architecture.md, read from the source: who may import whom.

Every ``import`` and ``from … import`` is read with :mod:`ast` — at module level, inside functions
and under ``if TYPE_CHECKING`` alike — so an import moved into a function to dodge a cycle still
counts.  Live is the core and imports none of the apps around it; those apps add behaviour through
hooks they register in their ``AppConfig.ready``.  Separately, the imports that run when a module is
loaded (module level, outside ``TYPE_CHECKING``) must form no cycle among the project's modules.
An import inside a function is allowed only where Django's loading forces it (an ``AppConfig.ready``
importing modules that use models; the Celery app, which ``config`` loads before the settings), and
then it says so in a comment on its line or the line above.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCE_ROOTS = (ROOT / "platform", ROOT)
"""Where the top-level packages live (pyproject: ``where = [".", "platform"]``)."""

SITE_APPS = (
    "accounts",
    "lobby",
    "matchmaking",
    "ratings",
    "tournaments",
    "chat",
    "operations",
    "demo",
    "challenges",
)
"""The apps around the core (docs/architecture.md, "Layers")."""

PACKAGES = ("config", "live", "games", *SITE_APPS)


@dataclass(frozen=True)
class Import:
    importer: str
    target: str
    """The imported name, absolute (``live.services.enqueue``, ``django.db``)."""
    line: int
    at_load: bool
    """Runs when the importer is loaded: module level, not in a function or ``TYPE_CHECKING``."""
    in_function: bool = False
    """Inside a function (or a method): runs when that is first called."""
    reason: str = ""
    """The comment on the import's first line, or on a comment-only line right above it."""

    def __str__(self) -> str:
        return f"{self.importer}:{self.line} imports {self.target}"


def _modules() -> dict[str, tuple[Path, bool]]:
    """Every module of the project's packages: dotted name → (file, is a package)."""
    found: dict[str, tuple[Path, bool]] = {}
    for base in SOURCE_ROOTS:
        for package in PACKAGES:
            folder = base / package
            if not (folder / "__init__.py").is_file():
                continue
            for path in folder.rglob("*.py"):
                parts = list(path.relative_to(base).with_suffix("").parts)
                is_package = parts[-1] == "__init__"
                if is_package:
                    parts.pop()
                found[".".join(parts)] = (path, is_package)
    return found


MODULES = _modules()


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _absolute(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


_NOT_A_REASON = re.compile(r"noqa(:\s*[A-Z]+[0-9]+(,\s*[A-Z]+[0-9]+)*)?|type:\s*ignore(\[[^]]*\])?")
"""Linter directives: a comment made only of these says nothing about why."""


def _comments(source: str) -> dict[int, str]:
    """Line number → the text of the comment on that line (read with :mod:`tokenize`, so a ``#``
    inside a string is no comment); a comment of linter directives alone is left out."""
    found: dict[int, str] = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            text = token.string.lstrip("#").strip()
            if any(c.isalnum() for c in _NOT_A_REASON.sub("", text)):
                found[token.start[0]] = text
    return found


def _reason(lines: list[str], comments: dict[int, str], line: int) -> str:
    """The comment on ``line`` itself, else the one on the line above if that line is only a
    comment (a comment after another statement speaks for that statement)."""
    if line in comments:
        return comments[line]
    above = lines[line - 2].strip() if line >= 2 else ""
    return comments.get(line - 1, "") if above.startswith("#") else ""


def imports_of(module: str) -> Iterator[Import]:
    path, is_package = MODULES[module]
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, filename=str(path))
    lines = source.splitlines()
    comments = _comments(source)

    def visit(node: ast.AST, at_load: bool, in_function: bool) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            function = isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            loads = at_load and not function
            inside = in_function or function
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for inner in child.body:
                    yield from visit_one(inner, False, inside)
                for inner in child.orelse:
                    yield from visit_one(inner, loads, inside)
                continue
            yield from visit_one(child, loads, inside)

    def visit_one(node: ast.AST, at_load: bool, in_function: bool) -> Iterator[Import]:
        if isinstance(node, ast.Import | ast.ImportFrom):
            reason = _reason(lines, comments, node.lineno)
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(module, alias.name, node.lineno, at_load, in_function, reason)
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(module, is_package, node)
            for alias in node.names:
                # ``from live import services`` imports the module live.services.
                submodule = f"{source}.{alias.name}"
                target = submodule if submodule in MODULES else source
                yield Import(module, target, node.lineno, at_load, in_function, reason)
        yield from visit(node, at_load, in_function)

    yield from visit(tree, True, False)


ALL_IMPORTS = [imp for module in sorted(MODULES) for imp in imports_of(module)]


def _top(name: str) -> str:
    return name.partition(".")[0]


def _project_module(name: str) -> str | None:
    """The project module an imported name loads (its longest known prefix), or None."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in MODULES:
            return candidate
    return None


# --- who may import whom -------------------------------------------------------------------------

FORBIDDEN: dict[str, tuple[str, ...]] = {
    # The core: it knows no app around it.
    "live": SITE_APPS,
    # Ratings are about results; tournaments and the queue use them, not the other way round.
    "ratings": ("tournaments", "matchmaking"),
    "chat": ("tournaments",),
    # Pure rules engines: no framework, no I/O, nothing of the site.
    "games": (
        "django",
        "channels",
        "celery",
        "rest_framework",
        "config",
        "live",
        *SITE_APPS,
    ),
}

ALLOWED_EXCEPTIONS: dict[tuple[str, str], str] = {
    # (importing module, imported top-level package) → why it is tolerated for now.
    # None today: chat learns that a tournament room exists through a check tournaments
    # registers in its AppConfig.ready.
}


def _violations(imports: list[Import]) -> list[str]:
    out = []
    for imp in imports:
        banned = FORBIDDEN.get(_top(imp.importer), ())
        target_top = _top(imp.target)
        if target_top in banned and (imp.importer, target_top) not in ALLOWED_EXCEPTIONS:
            out.append(str(imp))
    return out


def test_the_source_is_found() -> None:
    assert {"live.services.enqueue", "ratings.services", "games.core", "chat.consumers"} <= set(
        MODULES
    )
    assert any(imp.importer == "ratings.apps" and not imp.at_load for imp in ALL_IMPORTS)


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_no_import_crosses_a_layer(package: str) -> None:
    mine = [imp for imp in ALL_IMPORTS if _top(imp.importer) == package]
    assert _violations(mine) == []


def test_every_allowed_exception_is_still_needed() -> None:
    """An exception nobody needs any more goes, so it cannot hide a new import."""
    used = {(imp.importer, _top(imp.target)) for imp in ALL_IMPORTS}
    assert set(ALLOWED_EXCEPTIONS) <= used


def _probe_imports(tmp_path: Path, source: str) -> list[Import]:
    """The imports the checks read in ``source``, as if it were a module of live."""
    probe = tmp_path / "probe.py"
    probe.write_text(source)
    MODULES["live.probe"] = (probe, False)
    try:
        return list(imports_of("live.probe"))
    finally:
        del MODULES["live.probe"]


def test_a_forbidden_import_inside_a_function_is_caught(tmp_path: Path) -> None:
    """The check reads imports in functions and under TYPE_CHECKING too (the dodges it exists
    to catch), and relative ones."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from ratings.models import Rating\n"
        "def f():\n"
        "    from lobby.rematch import rematch_status\n"
        "from ..chat import services\n"
    )
    found = _probe_imports(tmp_path, source)
    assert len(_violations(found)) == 3
    assert [imp.at_load for imp in found if imp.target.startswith(("ratings", "lobby"))] == [
        False,
        False,
    ]


# --- imports inside functions say why ----------------------------------------------------------


def test_every_import_inside_a_function_says_why() -> None:
    """Issue #30: an import goes inside a function only where Django's loading forces it, and a
    comment on its line (or the line above) names what forces it; anything else goes to the top."""
    bare = sorted({str(imp) for imp in ALL_IMPORTS if imp.in_function and not imp.reason})
    assert bare == []


def test_a_bare_import_inside_a_function_is_caught(tmp_path: Path) -> None:
    """A ``#`` inside a string, a lone ``noqa`` and a comment after another statement are no
    reasons; module-level imports need none."""
    source = (
        "import os\n"
        "def f():\n"
        "    # the registry is not ready at import time\n"
        "    from live import services\n"
        "    from live import models  # loads models: only in ready()\n"
        "    x = '# not a comment'; from live import timebase\n"
        "    from . import tasks  # noqa: F401\n"
        "    y = 1  # about y\n"
        "    from live import embargo\n"
        "    class Inner:\n"
        "        def g(self):\n"
        "            from live import providers\n"
    )
    found = _probe_imports(tmp_path, source)
    bare = [imp.target for imp in found if imp.in_function and not imp.reason]
    assert bare == ["live.timebase", "live.tasks", "live.embargo", "live.providers"]
    assert [imp.reason for imp in found[:3]] == [
        "",
        "the registry is not ready at import time",
        "loads models: only in ready()",
    ]
    assert not found[0].in_function


# --- no cycles among the modules as they load ---------------------------------------------------

ALLOWED_CYCLES: dict[frozenset[str], str] = {
    # frozenset of the modules of one strongly connected component → why it is tolerated.
}


def _load_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    for imp in ALL_IMPORTS:
        target = _project_module(imp.target)
        if imp.at_load and target is not None and target != imp.importer:
            graph[imp.importer].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            step = next(successors, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(frozenset(component))
    return found


def test_no_import_cycle_between_modules() -> None:
    found = cycles(_load_graph())
    assert [sorted(c) for c in found if c not in ALLOWED_CYCLES] == []


def test_every_allowed_cycle_is_still_there() -> None:
    found = set(cycles(_load_graph()))
    assert set(ALLOWED_CYCLES) <= found


def test_the_cycle_check_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset("abc")]
    assert cycles({"a": {"b"}, "b": set()}) == []
