"""Screenshots of what a phone shows (issue 32): for each game, its board in the channel and a player's DM
prompt at the same moment of a seeded whole game (tests/support/phone_games.py), laid out as Discord's mobile
app at 400 CSS px in Chromium (tests/support/phone.py), one PNG per game in the directory given; and the
figures the phone checks measure (tests/support/phone_checks.py) over every message of each game.

    .venv/bin/python bench/phone_screenshots.py /work/wt/_shots/before [game ...]

Run it on two commits to get a before/after pair per game.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import simcord_hook  # noqa: E402
from tests.support import phone  # noqa: E402
from tests.support import phone_checks as check  # noqa: E402
from tests.support.browser import PHONE, chromium_path, why_no_browser  # noqa: E402
from tests.support.phone_games import SETUPS, Shown, play  # noqa: E402


def moment(shown: list[Shown]) -> list[Shown]:
    """The DM prompt halfway through the game (one with a picture where a game sends one), and the board
    as it was then."""
    prompts = [s for s in shown if s.where.startswith("DM") and s.prompts]
    prompts = [s for s in prompts if s.pictures] or prompts
    prompt = prompts[len(prompts) // 2]
    boards = [s for s in shown if "board.png" in s.pictures and s.step <= prompt.step]
    return [boards[-1], prompt] if boards else [prompt]


def figures(laid) -> str:
    sizes = check.picture_sizes(laid)
    def reach(board: bool) -> float:   # the picture's top to its message's end, at most
        return max((box["reach"] for _, seen in laid for box in seen["pictures"]
                    if (box["name"] == "board.png") == board), default=0)

    counts = {name: len(fn(laid)) for name, fn in (("fits", check.fits), ("labels", check.labels),
                                                    ("uncut", check.uncut))}
    smallest = f"{min(sizes)[0]:.1f} px ({min(sizes)[1]!r})" if sizes else "no picture"
    return (f"{len(laid)} messages; smallest picture text {smallest}; picture top to message end at most "
            f"{reach(True):.0f} px (board), {reach(False):.0f} px (hand); problems: "
            + ", ".join(f"{k} {v}" for k, v in counts.items()))


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    if reason := why_no_browser():
        sys.exit(reason)
    from playwright.sync_api import sync_playwright

    simcord_hook.install()  # as in the tests: every request checked against Discord's specification
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    chosen = sys.argv[2:] or list(SETUPS)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), headless=True,
                                     args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_context(viewport=PHONE, device_scale_factor=1).new_page()
        for game in chosen:
            shown = play(game).shown
            phone.show(page, shown)
            print(f"{game}: {figures(list(zip(shown, phone.measure(page))))}")
            phone.show(page, moment(shown), sheets=False)
            page.screenshot(path=str(out / f"{game}.png"), full_page=True)
        browser.close()
    print(f"screenshots in {out}/")


if __name__ == "__main__":
    main()
