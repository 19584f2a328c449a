"""``make screenshots``: the first screen of every board, on a phone (390×844) and on a desktop
(1280×800), as docs/screenshots/<slug>-phone.png and <slug>-desktop.png.

It starts an embedded stack the way the browser tests do (tests/support/stack.py, in a folder of
its own that it removes), signs a new player up for each picture (no other match's notice above
the board), starts a match against the AI and photographs the screen once the board shows the
hand: what the player sees without scrolling.  Debian's Chromium through Playwright, at device
scale 1, so that the pictures stay small enough to commit."""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
# Run as a script: tests/ and the checkout instead of this folder, whose browser.py would hide the
# tests' browser package.
sys.path[0:1] = [str(TESTS), str(TESTS.parent)]

from browser.conftest import WAIT_MS, start_ai_match  # noqa: E402
from browser.test_first_screen import FIRST_SCREEN, SIZES, STYLED  # noqa: E402

from support.browser import ARGS, CHROMIUM, sign_up  # noqa: E402
from support.stack import build_stack, unique  # noqa: E402

OUT = TESTS.parent / "docs" / "screenshots"
SETTLE_MS = 1500
"""After the hand shows: time for the page's fonts and the clocks' first tick, not for the AI."""


def shrink(path: Path) -> None:
    """Down to 256 colours, which a page of flat colours hardly shows and which takes the file to
    about half its size; left as Chromium wrote it where Pillow is not installed."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as image:
        fewer = image.convert("RGB").quantize(colors=256, dither=Image.Dither.NONE)
    fewer.save(path, optimize=True)


def main() -> int:
    from playwright.sync_api import sync_playwright

    from games.registry import all_games

    OUT.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="gp-screenshots-"))
    stack = build_stack(folder / "stack", "embedded")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            for slug in sorted(all_games()):
                hand, _ = FIRST_SCREEN[slug]
                for size, options in SIZES.items():
                    context = browser.new_context(**options, device_scale_factor=1)
                    page = context.new_page()
                    sign_up(page, stack.base_url, unique("player"))
                    start_ai_match(page, slug)
                    page.get_by_test_id("board").locator(hand).first.wait_for(
                        state="visible", timeout=WAIT_MS
                    )
                    page.wait_for_function(STYLED, timeout=WAIT_MS)
                    page.wait_for_timeout(SETTLE_MS)
                    target = OUT / f"{slug}-{size}.png"
                    page.screenshot(path=str(target))
                    shrink(target)
                    size_kib = target.stat().st_size // 1024
                    print(f"{target.relative_to(TESTS.parent)}: {size_kib} KiB")
                    context.close()
            browser.close()
    finally:
        stack.stop()
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
