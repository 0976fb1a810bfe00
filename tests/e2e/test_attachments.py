"""Attachments end to end: the fake Discord takes discord.py's multipart uploads (payload_json + files[n]),
and the real Rookery process posts the Black Rose Wars board picture and replaces it after a move."""
import asyncio
import json
import sys

import aiohttp
import pytest

from tests.support.components import walk
from tests.support.components import text_of
from tests.e2e.test_rookery_e2e import pending_prompt

pytestmark = pytest.mark.e2e
ROOKERY = [sys.executable, "-m", "bot", "run"]
PNG = b"\x89PNG\r\n\x1a\n"


def board(fake, channel) -> dict:
    """The public board: the bot's channel message that carries the picture."""
    (message,) = [m for m in fake.messages(channel) if m["attachments"]]
    return message


async def move(fake, user) -> None:
    """One move: the first choice on the user's DM prompt."""
    found = None
    for _ in range(50):
        found = pending_prompt(fake, [user])
        if found:
            break
        await asyncio.sleep(0.05)
    assert found, "no prompt: the game looks stuck"
    user, message, comp = found
    if comp["type"] == 2:
        result = await fake.click(user, message, comp)
    else:
        result = await fake.select(user, message, comp, [comp["options"][0]["value"]])
    # 6: the table was busy (its publisher still sending, e.g. paced by Discord's rate limits), so the bot
    # acknowledged at once and answers with an edit (cogs/table/answer.py defer_if_busy).
    assert result.callback_type in (6, 7), f"move not accepted: {result.texts}"
    await fake.wait_quiet(ms=300)


async def test_multipart_upload_checks(fake_discord):
    fake = fake_discord
    channel = await fake.add_channel("uploads")
    url = f"{fake.api_base}/channels/{channel.id}/messages"
    headers = {"Authorization": f"Bot {fake.token}"}

    def form(part_name: str, data: bytes) -> aiohttp.FormData:
        body = aiohttp.FormData()
        body.add_field("payload_json", json.dumps({"content": "hi", "attachments": [{"id": 0, "filename": "a.png"}]}),
                       content_type="application/json")
        body.add_field(part_name, data, filename="upload.bin", content_type="image/png")
        return body

    async with aiohttp.ClientSession() as http:
        async with http.post(url, data=form("files[0]", PNG + b"x"), headers=headers) as r:
            assert r.status == 200
            sent = await r.json()
        async with http.post(url, data=form("picture", PNG), headers=headers) as r:
            assert r.status == 400 and (await r.json())["code"] == 50035
        async with http.post(url, data=form("files[0]", bytes(10 * 1024 * 1024 + 1)), headers=headers) as r:
            assert r.status == 413 and (await r.json())["code"] == 40005
    (attachment,) = sent["attachments"]
    assert attachment["filename"] == "a.png", "the name comes from payload_json's attachments entry"
    assert attachment["size"] == len(PNG) + 1 and fake.uploads[attachment["id"]] == PNG + b"x"
    assert [text_of(m) for m in fake.messages(channel)] == ["hi"], "refused uploads post nothing"


async def test_real_process_posts_and_replaces_the_board_picture(fake_discord, start_bot, tmp_path):
    fake = fake_discord
    alice = await fake.add_user("alice", admin=True)
    games = await fake.add_channel("games")
    env = {"ROOKERY_DB": str(tmp_path / "rookery.sqlite3"), "ROOKERY_GUILD_ID": str(fake.guild_id),
           "ROOKERY_TIMER_POLL": "0"}
    bot = await start_bot(ROOKERY, env=env)
    await fake.wait_ready()

    new = await fake.slash(alice, games, "game", subcommand="new", options={"game": "blackrose"})
    lobby = new.original
    await fake.click(alice, lobby, fake.find_button(lobby, label="Add bot"))
    await fake.click(alice, lobby, fake.find_button(lobby, label="Start"))
    await fake.wait_quiet()

    await fake.wait_until(lambda: any(m["attachments"] for m in fake.messages(games)), what="the board")
    first = board(fake, games)
    (picture,) = first["attachments"]
    data = fake.uploads[picture["id"]]
    assert picture["filename"] == "board.png" and data.startswith(PNG) and len(data) < 500_000
    gallery = [item["media"]["url"] for c in walk(first["components"]) for item in c.get("items", [])]
    assert gallery in (["attachment://board.png"], [picture.get("url")]), "the board's gallery shows its picture"
    assert "Black Rose Wars" in text_of(first), "the text summary stays beside the picture"

    for _ in range(40):                      # moves through DM components until the picture changes
        await move(fake, alice)
        now = board(fake, games)
        if now["attachments"][0]["id"] != picture["id"]:
            break
    else:
        raise AssertionError("the board picture never changed")
    assert now["id"] == first["id"], "the board message was edited, not posted again"
    (replaced,) = now["attachments"]
    assert replaced["filename"] == "board.png" and fake.uploads[replaced["id"]] != data
    assert fake.uploads[replaced["id"]].startswith(PNG) and replaced["size"] < 500_000
    edits = [c for c in fake.calls if c[0] == "PATCH" and c[1].endswith(f"/messages/{first['id']}")]
    assert any("attachments" in (body or {}) for _, _, body in edits), "the edit was a multipart upload"

    # An interaction callback with a file (multipart too): once the log has lines, the board's Log button
    # answers with them as a text file.
    for _ in range(60):
        if "› " in text_of(board(fake, games)):
            break
        await move(fake, alice)
    log = await fake.click(alice, now, fake.find_button(now, label="Log"))
    assert log.callback_type == 4 and log.ephemeral
    (text_file,) = log.original["attachments"]
    assert text_file["filename"].endswith("-log.txt") and fake.uploads[text_file["id"]].strip()
    assert text_file["size"] == len(fake.uploads[text_file["id"]])
    assert fake.unknown_routes == [] and not [e for e in fake.errors if e["status"] >= 500]
    assert "Traceback" not in bot.output()
