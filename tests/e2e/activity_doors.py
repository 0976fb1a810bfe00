"""Shared by the Activity's end-to-end tests that start from Discord's own door (issue 35's "Done means"):
the bot's settings with the Activity on, and a member who presses Open table on the board and then opens the
Activity in the stand-in Discord client for the instance that launch put them in (never a made-up one).
"""
from __future__ import annotations

import json

from engine import GAMES
from tests.e2e.brw_players import prompt_key, table_row
from tests.e2e.fake_discord.oauth import CLIENT_SECRET
from tests.e2e.test_activity_launch_e2e import board_of, open_table
from tests.e2e.test_watch_live import free_port
from tests.support.activity_client import User
from tests.support.components import action_components


def activity_env(fake, db_path: str) -> tuple[dict, str]:
    """The bot's environment with ROOKERY_ACTIVITY=1 and the fake's client secret, and its web root."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    return ({"ROOKERY_DB": db_path, "ROOKERY_GUILD_ID": str(fake.guild_id), "ROOKERY_TIMER_POLL": "0",
             "ROOKERY_WEB_PORT": str(port), "ROOKERY_WEB_URL": base, "ROOKERY_WEB_HOST": "127.0.0.1",
             "ROOKERY_ACTIVITY": "1", "DISCORD_CLIENT_SECRET": CLIENT_SECRET}, base)


async def launched(fake, discord, user, channel, base: str, locale: str = "en-US"):
    """`user` presses Open table on the channel's board (LAUNCH_ACTIVITY, type 12) and their Discord opens the
    Activity in the instance the launch put them in. Returns (the live page, the instance id)."""
    board = board_of(fake, channel)
    assert board is not None, "no board to press Open table on"
    button = open_table(board)
    assert button is not None and button["label"] == "Open table"
    result = await fake.click(user, board, button)
    assert result.callback_type == 12 and result.original is None, result.texts
    instance_id = result.callbacks[0]["activity_instance"]
    instance = fake.world.activities.by_id[instance_id]
    assert instance.channel_id == channel.id and user.id in instance.users
    page = await discord.open(User(str(user.id), user.name, locale), base, instance_id=instance_id,
                              channel_id=str(channel.id), guild_id=str(fake.guild_id))
    await page.live()
    return page, instance_id


def frames(page) -> list[dict]:
    return [m["frame"] for m in page.received if m.get("kind") == "frame"]


def live_dm_prompt(fake, db_path: str, game_key: str, user) -> tuple[dict, dict] | None:
    """(message, first move control) of `user`'s DM prompt when it is the live one: their seat is asked now
    and the DM's buttons carry the host's fingerprint of that very prompt (so a click is never stale by the
    time it is sent, and the test need not wait for the bot to go quiet between moves)."""
    row = table_row(db_path)
    if row is None or row["status"] != "active" or not row["state"]:
        return None
    game = json.loads(row["state"])
    seats = {s["user_id"]: s for s in json.loads(row["seats"])}
    seat = seats.get(user.id)
    state = GAMES[game_key].load(game) if seat else None
    legal = state.pending().get(seat["seat"]) if state is not None else None
    if not legal:
        return None
    for message in reversed(fake.dm_messages(user)):
        controls = action_components(message)  # moves, menus and chat's bundles (rk:a:/rk:s:/rk:b:…)
        if controls:
            return (message, controls[0]) if controls[0]["custom_id"].split(":")[4] == prompt_key(seat, legal) \
                else None
    return None


async def dm_move(fake, user, message: dict, control: dict) -> bool:
    """Click a DM prompt's first move (a menu: its first option). True when the bot took it. Without waiting for
    the bot to go quiet (settle=False): live_dm_prompt() already checks the prompt clicked is the live one, and
    the fake's rate limits keep the bot's edits queued long after the move is applied."""
    if control["type"] == 2:
        result = await fake.click(user, message, control, settle=False)
    else:
        result = await fake.select(user, message, control, [control["options"][0]["value"]], settle=False)
    return result.callback_type in (6, 7)
