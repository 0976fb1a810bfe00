"""The real Rookery process against the fake Discord: after a whole game, each player's DMs hold at most one
message with move buttons, and every older one reads as one line (issue 32, "DMs fill up")."""
import asyncio
import sqlite3

import pytest

from tests.e2e.test_rookery_e2e import ROOKERY, pending_prompt
from tests.support.components import action_components, text_of
from tests.e2e.fake_discord import RateLimits

# Players here click as fast as the bot answers (several moves a second in one channel): Discord's global
# bucket, per-channel buckets ten times larger (NOTES-rl-fake.md: at this pace Discord's own 5 edits per 5 s
# per channel hold every move for ~1 s and the test takes four times as long).
pytestmark = [pytest.mark.e2e, pytest.mark.rate_limits(RateLimits.machine_speed())]


def status(db_path: str) -> str:
    with sqlite3.connect(db_path) as db:
        return db.execute("SELECT status FROM games").fetchone()[0]


async def test_a_whole_raven_game_leaves_at_most_one_live_dm_message_per_player(fake_discord, start_bot, tmp_path):
    fake = fake_discord
    alice = await fake.add_user("alice", admin=True)
    bob = await fake.add_user("bob")
    games = await fake.add_channel("games")
    db_path = str(tmp_path / "rookery.sqlite3")
    env = {"ROOKERY_DB": db_path, "ROOKERY_GUILD_ID": str(fake.guild_id), "ROOKERY_TIMER_POLL": "0"}
    bot = await start_bot(ROOKERY, env=env)
    await fake.wait_ready()
    new = await fake.slash(alice, games, "game", subcommand="new",
                           options={"game": "raven", "settings": "length=short"})
    lobby = new.original
    await fake.click(bob, lobby, fake.find_button(lobby, label="Join"))
    await fake.click(alice, lobby, fake.find_button(lobby, label="Add bot"))
    await fake.click(alice, lobby, fake.find_button(lobby, label="Start"))
    await fake.wait_until(lambda: fake.dm_messages(alice) and fake.dm_messages(bob), what="both humans' hand DMs")
    moves = 0
    while status(db_path) == "active":
        assert moves < 400, "the game did not finish"
        await fake.wait_quiet()
        found = pending_prompt(fake, [alice, bob])
        if found is None:
            await asyncio.sleep(0.05)
            continue
        user, message, comp = found
        if comp["type"] == 2:
            result = await fake.click(user, message, comp)
        else:
            result = await fake.select(user, message, comp, [comp["options"][0]["value"]])
        assert result.callback_type in (6, 7), f"move not accepted: {result.texts}"
        moves += 1
    await fake.wait_quiet(300)
    for user in (alice, bob):
        dms = fake.dm_messages(user)
        live = [m for m in dms if action_components(m)]
        assert len(live) <= 1, f"{user.name}: {len(live)} DM messages still carry move buttons"
        older = [text_of(m) for m in dms[:-1]]
        assert len(dms) > 2 and all("\n" not in t.strip() for t in older), older[:2]
        assert not any(m.get("attachments") for m in dms[:-1]), "an older message still shows its picture"
    assert "Traceback" not in bot.output()
