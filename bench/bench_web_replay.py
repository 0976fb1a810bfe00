"""The replay page's size and speed: python bench/bench_web_replay.py [game ...] [--screenshot]

For each game (default: all five) a whole game played by the bots is exported and turned into its page, as
`/game replay` does: prints the actions, the build time, the file's size against its limit (issue 34: 1 MB a
card game, 5 MB Black Rose Wars), how much of it is pictures, at how many steps a picture is drawn, and how long
the page takes in headless Chromium from opening the file to showing its first step and then its last (needs
Playwright and chromium, as the tests' browser). --screenshot saves docs/pictures/replay.png (Black Rose Wars,
desktop) and docs/pictures/replay-phone.png (Raven, 400 px wide), taken by that browser.
"""
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from present.i18n import reading  # noqa: E402
from present.web import replay  # noqa: E402
from present.web.page import unpack  # noqa: E402
from tests.present.test_web_replay import export, inline_data  # noqa: E402
from tests.support.browser import chromium_path, why_no_browser  # noqa: E402

SETUPS = {"raven": (4, 3, {"length": "short"}), "nevermore": (4, 5, None), "deadlies": (4, 2, None),
          "everrain": (4, 4, {"length": 16}), "blackrose": (3, 1, None)}


def opening(html_path: Path, width: int = 1280, shot: Path | None = None) -> tuple[float, float]:
    """Seconds from navigation to the first step shown, and then to the last step's picture drawn."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), headless=True,
                                     args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": width, "height": 900 if width > 500 else 860})
        t0 = time.perf_counter()
        page.goto(html_path.as_uri())
        page.wait_for_function("() => document.getElementById('rookery').dataset.picture === '0'", timeout=60000)
        first = time.perf_counter() - t0
        t1 = time.perf_counter()
        page.keyboard.press("End")
        page.wait_for_function("() => { const r = document.getElementById('rookery');"
                               " return r.dataset.picture === r.dataset.step; }", timeout=60000)
        last = time.perf_counter() - t1
        if shot:
            page.keyboard.press("Home")
            for _ in range(3):  # a Game Turn (or hand) into the game
                page.keyboard.press("PageDown")
            for _ in range(12):
                page.keyboard.press("ArrowRight")
            page.wait_for_function("() => { const r = document.getElementById('rookery');"
                                   " return r.dataset.picture === r.dataset.step; }", timeout=60000)
            page.screenshot(path=str(shot), full_page=False)
        browser.close()
    return first, last


def main(argv: list[str]) -> None:
    shots = "--screenshot" in argv
    keys = [a for a in argv if not a.startswith("--")] or list(SETUPS)
    out = Path(tempfile.mkdtemp(prefix="rookery-replay-"))
    for key in keys:
        players, seed, options = SETUPS[key]
        data = export(key, players, seed, options, None)
        t0 = time.perf_counter()
        with reading("en"):
            html = replay.html(data)
        built = time.perf_counter() - t0
        packed = unpack(inline_data(html.decode()))
        pictures = sum(map(len, packed["images"]))
        limit = replay.SIZE_LIMIT.get(key, replay.CARD_GAME_LIMIT)
        path = out / f"{key}.html"
        path.write_bytes(html)
        line = (f"{key:10} {len(data['actions']):5} actions  build {built:6.1f} s  {len(html) / 1e6:5.2f} MB "
                f"(limit {limit / 1e6:.0f} MB; pictures {pictures / 1e6:.2f} MB, drawn at "
                f"{len(packed['shown']) - len(packed['stale'])} of {len(packed['shown'])} steps)")
        if not why_no_browser():
            shot = None
            if shots and key in ("blackrose", "raven"):
                shot = ROOT / "docs" / "pictures" / ("replay.png" if key == "blackrose" else "replay-phone.png")
            first, last = opening(path, 1280 if key == "blackrose" else 400, shot)
            line += f"  opens in {first:.2f} s, last step {last:.2f} s"
        print(line, flush=True)
    print(f"pages in {out}")


if __name__ == "__main__":
    main(sys.argv[1:])
