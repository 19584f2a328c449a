"""The board modules as the platform finds them: static/boards/ holds one module per game and
nothing else (the platform offers a game for every boards/<slug>.js, so a shared helper there
would become a board), every module links (its imports resolve) and exports mount(), and the
kit's seat layout puts any number of seats round the table."""

from __future__ import annotations

import json
import subprocess

from .conftest import FRONTEND

STATIC = FRONTEND / "static"
BOARDS = STATIC / "boards"


def node_eval(node: str, script: str) -> object:
    """Runs an ES module script under Node (in frontend/static); returns what it printed (JSON)."""
    run = subprocess.run(
        [node, "--input-type=module", "-e", script],
        cwd=STATIC,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_boards_holds_only_a_module_per_game_its_css_its_picture_and_its_parts_folder() -> None:
    """A board's own files only (its module, CSS, the lobby card's SVG miniature, a parts
    folder): shared helpers belong in the kit outside ``boards/``."""
    modules = {p.stem for p in BOARDS.glob("*.js")}
    for path in BOARDS.iterdir():
        if path.is_dir():
            assert path.name in modules, f"{path.name}/ belongs to no board module"
        else:
            assert path.suffix in {".js", ".css", ".svg"}, path.name
            assert path.stem in modules, f"{path.name} belongs to no board module"


def test_every_board_module_is_a_registered_game() -> None:
    from games.registry import all_games

    assert {p.stem for p in BOARDS.glob("*.js")} <= set(all_games()), "a board without a game"


def test_every_board_module_links_and_exports_mount(node: str) -> None:
    names = sorted(p.name for p in BOARDS.glob("*.js"))
    script = (
        "const out = {};"
        f"for (const name of {json.dumps(names)}) {{"
        "  const mod = await import(`./boards/${name}`);"
        "  out[name] = typeof mod.mount;"
        "}"
        "console.log(JSON.stringify(out));"
    )
    assert node_eval(node, script) == {name: "function" for name in names}


def test_seat_layout_puts_me_at_the_bottom_and_every_seat_round_the_table(node: str) -> None:
    script = (
        'import { seatLayout, seatsAfter } from "./kit/seats.js";'
        "const out = {};"
        "for (const n of [2, 3, 4, 5, 6]) for (let me = 0; me < n; me++)"
        "  out[`${n}:${me}`] = { after: seatsAfter(n, me), layout: seatLayout(n, me) };"
        "out.spectator = seatsAfter(3, null);"
        "console.log(JSON.stringify(out));"
    )
    out = node_eval(node, script)
    assert isinstance(out, dict)
    # Three seats as the shedding boards have always drawn them: next, next but one, me.
    assert out["3:0"]["after"] == [1, 2, 0]
    assert out["3:2"]["after"] == [0, 1, 2]
    assert out["spectator"] == [1, 2, 0]
    assert out["2:1"]["after"] == [0, 1]
    for key, value in out.items():
        if key == "spectator":
            continue
        n, me = map(int, key.split(":"))
        layout = value["layout"]
        assert sorted(p["seat"] for p in layout) == list(range(n)), key  # nobody left out
        assert layout[-1] == {"seat": me, "angle": 270, "side": "bottom"}, key
        assert all(p["side"] != "bottom" for p in layout[:-1]), key
    sides = {n: [p["side"] for p in out[f"{n}:0"]["layout"]] for n in (2, 3, 4)}
    assert sides == {
        2: ["top", "bottom"],
        3: ["right", "left", "bottom"],
        4: ["right", "top", "left", "bottom"],
    }
    # Four seats: the partner (me + 2) sits opposite.
    assert [p["seat"] for p in out["4:1"]["layout"] if p["side"] == "top"] == [3]


def test_the_compass_table_turns_so_that_the_viewer_sits_at_the_bottom_partner_across(
    node: str,
) -> None:
    """kit/table.js: four seats at a compass table, the viewer at the bottom and the partner
    (me + 2) across; Bridge goes clockwise (West on South's left, East on the right), the Chinese
    games the other way round; a spectator sees the spectator seat (South) at the bottom."""
    script = (
        'import { compassSides } from "./kit/table.js";'
        "const out = {};"
        "for (const me of [0, 1, 2, 3, null]) {"
        "  out[`cw:${me}`] = compassSides(4, me, { clockwise: true });"
        "  out[`ccw:${me}`] = compassSides(4, me);"
        "}"
        "console.log(JSON.stringify(out));"
    )
    out = node_eval(node, script)
    assert isinstance(out, dict)
    # Bridge's seats: 0 South, 1 West, 2 North, 3 East.
    assert out["cw:0"] == {"0": "bottom", "1": "left", "2": "top", "3": "right"}
    assert out["cw:null"] == out["cw:0"]
    assert out["cw:1"] == {"1": "bottom", "2": "left", "3": "top", "0": "right"}
    assert out["ccw:0"] == {"0": "bottom", "1": "right", "2": "top", "3": "left"}
    for key, sides in out.items():
        me = key.split(":")[1]
        bottom = 0 if me == "null" else int(me)
        assert sorted(sides.values()) == ["bottom", "left", "right", "top"], key
        assert sides[str(bottom)] == "bottom", key
        assert sides[str((bottom + 2) % 4)] == "top", key
