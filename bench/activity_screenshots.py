"""The README's pictures of the Activity (issue 35): Raven and Black Rose Wars as a seated player sees them in
Discord, at desktop (1280 px) and phone (400 px) width, into docs/pictures/activity/*.png.

Everything real but Discord: the bot's Activity server (bot/web/activity/) over a real TableService, signed in
against the e2e fake Discord, the page framed by the stand-in Discord client (tests/support/activity_client.py)
in headless Chromium. A few moves are played first so the pictures show a game under way. Rerun after the
page, the Lodge (lodge.js) or the presenters change:

    .venv/bin/python bench/activity_screenshots.py [--out docs/pictures/activity]
"""
from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.table import Actor  # noqa: E402
from tests.support.activity_client import StandInDiscord, User  # noqa: E402
from tests.support.browser import DESKTOP  # noqa: E402
from tests.web.activity_support import close_activity, make_activity  # noqa: E402

PHONE_TALL = {"width": 400, "height": 1100}   # a phone's width; tall enough to show the hand and the board
SIZES = {"desktop": DESKTOP, "phone": PHONE_TALL}


async def advance(act, table, moves: int, keep_seat: str = "p1") -> None:
    """Plays `moves` legal moves (the first offered), stopping early once it is `keep_seat`'s turn after them."""
    for n in range(moves * 3):
        pending = table.pending()
        if not pending or (n >= moves and keep_seat in pending):
            return
        seat, legal = next(iter(pending.items()))
        async with table.lock:
            outcome = await act.service.act(table, seat, legal[0])
        await act.door.door().publish(table, outcome)


async def shoot(out: Path, game: str, moves: int, tmp: Path) -> None:
    import discord
    old = discord.http.Route.BASE
    act = await make_activity(tmp, f"{game}.sqlite3")
    try:
        users = [await act.fake.add_user(n) for n in ("Ann", "Ben", "Cat")[: 3 if game == "raven" else 2]]
        channel = await act.fake.add_channel("games")
        table = await act.seating.create_lobby(act.fake.guild_id, channel.id, Actor(users[0].id, users[0].name),
                                               game, None, 300)
        for user in users[1:]:
            await act.seating.join(table, user.id, user.name)
        await act.service.start(table)
        await advance(act, table, moves)
        print(f"{game}: version {table.version}, waiting: {sorted(table.pending())}")
        base = str(act.client.make_url("")).rstrip("/")
        by_id = {str(u.id): u for u in users}
        async with StandInDiscord(str(act.fake.app_id), lambda uid: act.fake.authorize(by_id[uid]), tmp) as stand_in:
            for size, viewport in SIZES.items():
                instance = act.fake.enter_activity(users[0], channel)
                page = await stand_in.open(User(str(users[0].id), users[0].name), base, instance_id=instance,
                                           channel_id=str(channel.id), guild_id=str(act.fake.guild_id),
                                           viewport=viewport, platform="desktop" if size == "desktop" else "mobile")
                await page.live()
                await page.wait_for("r => r.dataset.view === 'p1' && (!document.getElementById('lodge').hidden"
                                    " || (!document.getElementById('picture').hidden"
                                    " && document.getElementById('picture').complete))")
                await asyncio.sleep(0.5)  # fonts and the picture's decode
                path = out / f"{game}-{size}.png"
                await page.page.screenshot(path=str(path))
                print(f"wrote {path}")
                await page.context.close()
    finally:
        await close_activity(act)
        discord.http.Route.BASE = old


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "pictures" / "activity"))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        await shoot(out, "raven", 9, Path(tmp))
        await shoot(out, "blackrose", 6, Path(tmp))


if __name__ == "__main__":
    asyncio.run(main())
