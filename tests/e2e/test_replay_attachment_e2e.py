"""Issue 34's "Done means", end to end: a member of the fake Discord finishes a game on the real process, asks
`/game replay`, takes the page from the attachment Discord holds, and opens it offline in a real browser: every
step is there, and after the end any seat's view can be picked."""
import asyncio
import sqlite3

import pytest

from tests.e2e.test_rookery_e2e import ROOKERY, pending_prompt
from tests.web.browser_page import page  # noqa: F401  (the async browser page fixture)
from tests.e2e.fake_discord import RateLimits

# Players here click as fast as the bot answers (several moves a second in one channel): Discord's global
# bucket, per-channel buckets ten times larger (NOTES-rl-fake.md: at this pace Discord's own 5 edits per 5 s
# per channel hold every move for ~1 s and the test takes four times as long).
pytestmark = [pytest.mark.e2e, pytest.mark.rate_limits(RateLimits.machine_speed())]


def row(db_path: str) -> tuple[int, str, int]:
    with sqlite3.connect(db_path) as db:
        return db.execute("SELECT id, status, version FROM games").fetchone()


async def test_a_finished_game_opens_from_its_replay_attachment(fake_discord, start_bot, tmp_path, page):  # noqa: F811
    fake = fake_discord
    alice = await fake.add_user("alice", admin=True)
    games = await fake.add_channel("games")
    db_path = str(tmp_path / "rookery.sqlite3")
    env = {"ROOKERY_DB": db_path, "ROOKERY_GUILD_ID": str(fake.guild_id), "ROOKERY_TIMER_POLL": "0"}
    bot = await start_bot(ROOKERY, env=env)
    await fake.wait_ready()
    new = await fake.slash(alice, games, "game", subcommand="new", options={"game": "raven", "settings": "length=short"})
    lobby = new.original
    await fake.click(alice, lobby, fake.find_button(lobby, label="Add bot"))
    await fake.click(alice, lobby, fake.find_button(lobby, label="Start"))
    await fake.wait_until(lambda: fake.dm_messages(alice), what="alice's hand DM")
    for _ in range(400):
        if row(db_path)[1] != "active":
            break
        await fake.wait_quiet()
        found = pending_prompt(fake, [alice])
        if found is None:
            await asyncio.sleep(0.05)
            continue
        user, message, comp = found
        if comp["type"] == 2:
            await fake.click(user, message, comp)
        else:
            await fake.select(user, message, comp, [comp["options"][0]["value"]])
    game_id, status, version = row(db_path)
    assert status == "over", "the game did not finish"

    asked = await fake.slash(alice, games, "game", subcommand="replay", options={"game_id": game_id})

    def with_files() -> list[dict]:  # the page is built off the loop after a defer: the files come in a later edit
        return [m for m in [asked.original, *asked.followups] if m and m.get("attachments")]

    await fake.wait_until(lambda: bool(with_files()), what="the replay's files", timeout=180)
    sent = with_files()
    assert sent, f"no attachment: {asked.texts}"
    names = {a["filename"]: a["id"] for a in sent[-1]["attachments"]}
    assert set(names) == {f"rookery-raven-{game_id}.html", f"rookery-raven-{game_id}.json"}
    html = fake.uploads[names[f"rookery-raven-{game_id}.html"]]
    path = tmp_path / "replay.html"
    path.write_bytes(html)

    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    await page.goto(path.as_uri())
    await page.wait_for_function("document.getElementById('rookery').dataset.steps !== '0'", timeout=30_000)
    root = "document.getElementById('rookery')"
    assert int(await page.evaluate(f"{root}.dataset.steps")) == version + 1  # the start, then every move
    await page.keyboard.press("End")
    assert int(await page.evaluate(f"{root}.dataset.step")) == version
    views = await page.evaluate("[...document.querySelectorAll('#view option')].map(o => o.value)")
    assert "public" in views and len(views) == 3, views  # the public view and both seats', the game being over
    assert "alice" in await page.evaluate("document.body.innerText")
    assert str(alice.id) not in html.decode(), "a Discord id in the page"
    assert requests == [path.as_uri()], "the page asked the network for something"
    assert "Traceback" not in bot.output()
