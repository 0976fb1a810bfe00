"""Launching the Activity (issue 35, "Launching it"), the real Rookery process against the fake Discord.

With Activities on for the application (FakeDiscord(activities=True): Discord made its Entry Point command)
and ROOKERY_ACTIVITY=1:
- the bot starts and syncs its global commands, and the Entry Point is still there, the same command, beside
  ours (a bulk overwrite without it is refused: Discord's 50240, asserted against the fake), also after a
  restart;
- the public board carries Open table; a member's click is answered with LAUNCH_ACTIVITY (type 12) and puts
  them in the channel's Activity instance, which the next member joins.
Without ROOKERY_ACTIVITY the board has no Open table. With ROOKERY_ACTIVITY but Activities off at Discord
(the operator forgot the Developer Portal), Discord refuses the launch and the member is told so privately.
"""
import socket
import sys

import aiohttp
import pytest

from tests.e2e.fake_discord import FakeDiscord
from tests.support.components import iter_components

pytestmark = pytest.mark.e2e
ROOKERY = [sys.executable, "-m", "bot", "run"]
ENTRY_POINT = 4


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
async def fake_discord(request):
    """The application has Activities on, unless the test's name says "discord_off"."""
    fake = await FakeDiscord(activities="discord_off" not in request.node.name).start()
    try:
        yield fake
    finally:
        await fake.stop()
    assert fake.unknown_routes == [], f"requests to routes Discord does not have: {fake.unknown_routes}"


def activity_env(db_path: str, on: bool = True) -> dict:
    """The bot's settings. With the Activity on, the web settings and the client secret it goes with (the
    Activity's page and sign-in are served by the web server, issue 35 point 1)."""
    env = {"ROOKERY_DB": db_path, "ROOKERY_TIMER_POLL": "0"}
    if on:
        port = free_port()
        env.update(ROOKERY_ACTIVITY="1", ROOKERY_WEB_PORT=str(port), ROOKERY_WEB_URL=f"http://127.0.0.1:{port}",
                   ROOKERY_WEB_HOST="127.0.0.1", DISCORD_CLIENT_SECRET="e2e-client-secret")
    return env


def entry_point(fake) -> dict:
    (found,) = [c for c in fake.global_commands if c.get("type") == ENTRY_POINT]
    return found


async def started_raven(fake, alice, bob, channel) -> dict:
    """A Raven game (alice, bob and two bots) in the channel; returns its public board."""
    lobby = (await fake.slash(alice, channel, "game", subcommand="new", options={"game": "raven"})).original
    await fake.click(bob, lobby, fake.find_button(lobby, label="Join"))
    await fake.click(alice, lobby, fake.find_button(lobby, label="Add bot"))
    await fake.click(alice, lobby, fake.find_button(lobby, label="Add bot"))
    await fake.click(alice, lobby, fake.find_button(lobby, label="Start"))
    await fake.wait_until(lambda: board_of(fake, channel) is not None, what="the public board")
    await fake.wait_quiet()
    return board_of(fake, channel)


def board_of(fake, channel) -> dict | None:
    return next((m for m in reversed(fake.messages(channel))
                 if any(c.get("custom_id", "").startswith("rk:h:") for c in iter_components(m.get("components")))),
                None)


def open_table(board: dict) -> dict | None:
    return next((c for c in iter_components(board.get("components"))
                 if c.get("custom_id", "").startswith("rk:v:")), None)


async def bulk_overwrite(fake, body: list[dict]) -> tuple[int, dict]:
    """PUT /applications/{id}/commands as any client would send it."""
    async with aiohttp.ClientSession() as session:
        async with session.put(f"{fake.api_base}/applications/{fake.app_id}/commands", json=body,
                               headers={"Authorization": f"Bot {fake.token}"}) as response:
            return response.status, await response.json()


async def test_the_sync_keeps_the_entry_point_and_open_table_launches(fake_discord, start_bot, tmp_path):
    fake = fake_discord
    made = dict(entry_point(fake))  # Discord's, before the bot ever ran
    alice = await fake.add_user("alice", admin=True)
    bob = await fake.add_user("bob")
    carol = await fake.add_user("carol")  # not playing: she opens the table to watch
    games = await fake.add_channel("games")
    bot = await start_bot(ROOKERY, env=activity_env(str(tmp_path / "rookery.sqlite3")))
    await fake.wait_ready()

    # The sync: one global bulk overwrite, carrying the Entry Point back, accepted.
    puts = [body for method, path, body in fake.calls if method == "PUT" and path.endswith("/commands")]
    assert len(puts) == 1 and [c for c in puts[0] if c.get("type") == ENTRY_POINT][0]["id"] == made["id"]
    kept = entry_point(fake)
    assert {k: kept[k] for k in ("id", "name", "type", "handler")} == \
           {k: made[k] for k in ("id", "name", "type", "handler")} == {**{k: made[k] for k in ("id", "name")},
                                                                      "type": 4, "handler": 2}
    assert fake.app.command("game")[1] is False, "ours are global commands"
    assert not [e for e in fake.errors if e["path"].endswith("/commands")]
    # What tree.sync() alone would send (ours without the Entry Point) is refused, and changes nothing.
    ours = [{k: v for k, v in c.items() if k not in ("id", "application_id", "version")}
            for c in fake.global_commands if c.get("type") != ENTRY_POINT]
    status, answer = await bulk_overwrite(fake, ours)
    assert status == 400 and answer["code"] == 50240 and "Entry Point" in answer["message"]
    assert entry_point(fake)["id"] == made["id"] and fake.app.command("game")

    # Open table: a spectator starts the channel's Activity, a player joins it.
    board = await started_raven(fake, alice, bob, games)
    button = open_table(board)
    assert button is not None and button["label"] == "Open table"
    first = await fake.click(carol, board, button)
    assert first.callback_type == 12 and first.original is None, first.texts
    instance = fake.world.activities.in_channel(games.id)
    assert instance is not None and instance.users == [carol.id]
    assert first.callbacks[0]["activity_instance"] == instance.id
    second = await fake.click(bob, fake.message(board), open_table(fake.message(board)))
    assert second.callback_type == 12 and instance.users == [carol.id, bob.id]
    assert fake.world.activities.in_channel(games.id) is instance, "one instance per channel"

    # A restart syncs again: the Entry Point, sent back as listed, is still the same command.
    await bot.kill()
    await bot.start()
    await fake.wait_ready()
    puts = [body for method, path, body in fake.calls if method == "PUT" and path.endswith("/commands")]
    assert len(puts) == 3 and [c["id"] for c in puts[2] if c.get("type") == ENTRY_POINT] == [made["id"]]
    assert entry_point(fake)["id"] == made["id"] and fake.app.command("game")
    again = await fake.click(alice, fake.message(board), open_table(fake.message(board)))
    assert again.callback_type == 12 and alice.id in instance.users
    assert "Traceback" not in bot.output()


async def test_without_rookery_activity_the_board_has_no_open_table(fake_discord, start_bot, tmp_path):
    fake = fake_discord
    alice, bob = await fake.add_user("alice", admin=True), await fake.add_user("bob")
    games = await fake.add_channel("games")
    bot = await start_bot(ROOKERY, env=activity_env(str(tmp_path / "rookery.sqlite3"), on=False))
    await fake.wait_ready()
    # The Entry Point is kept whatever ROOKERY_ACTIVITY says: turning Activities on in the Portal made it.
    assert entry_point(fake) and fake.app.command("game")
    board = await started_raven(fake, alice, bob, games)
    assert open_table(board) is None
    assert "Traceback" not in bot.output()


async def test_a_launch_discord_refuses_is_answered_privately_discord_off(fake_discord, start_bot, tmp_path):
    """ROOKERY_ACTIVITY=1 but Activities off for the application: no Entry Point to keep, and Discord refuses
    the type-12 callback; the member is told why, privately, and the table is untouched."""
    fake = fake_discord
    alice, bob = await fake.add_user("alice", admin=True), await fake.add_user("bob")
    games = await fake.add_channel("games")
    bot = await start_bot(ROOKERY, env=activity_env(str(tmp_path / "rookery.sqlite3")))
    await fake.wait_ready()
    assert not [c for c in fake.global_commands if c.get("type") == ENTRY_POINT] and fake.app.command("game")
    board = await started_raven(fake, alice, bob, games)
    before = len(fake.messages(games))
    result = await fake.click(bob, board, open_table(board))
    refused = [e for e in fake.errors if e["path"].endswith("/callback")]
    assert len(refused) == 1 and refused[0]["status"] == 400
    assert result.callback_type == 4 and result.ephemeral
    assert "would not open the Activity" in result.texts[0], result.texts
    assert fake.world.activities.in_channel(games.id) is None and len(fake.messages(games)) == before
    assert "Traceback" not in bot.output()
