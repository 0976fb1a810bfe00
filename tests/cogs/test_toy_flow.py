"""Platform plumbing with the toy game: lobby, DMs, hidden picks, stale prompts, wrong member, restart."""
import discord

from bot import render
from tests.support.components import components_of, text_of


async def setup_table(env, n_humans=2, bots=1):
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    users = [guild.add_member(env.create_user(f"user{i}")) for i in range(n_humans)]
    result = await users[0].slash(channel, "game new", game="toy")
    lobby = channel.last_message
    for u in users[1:]:
        await u.click(lobby, label="Join")
    for _ in range(bots):
        await users[0].click(lobby, label="Add bot")
    await users[0].click(lobby, label="Start")
    return guild, channel, users


def dm_last(user):
    return user.user.dm_channel.last_message if hasattr(user, "user") else user.dm_channel.last_message


async def test_lobby_start_and_dm_hands(simcord_env):
    guild, channel, (alice, bob) = await setup_table(simcord_env)
    board = channel.last_message
    assert "Toy" in text_of(board) and "Waiting for" in text_of(board)
    dm = alice.user.dm_channel.last_message
    assert "your seat" in text_of(dm) and "Your hand" in text_of(dm)
    # Bob's hand is not in Alice's DM and vice versa
    bob_dm = bob.user.dm_channel.last_message
    alice_cards = text_of(dm).split("Your hand: ")[1].split("\n")[0].split(", ")
    assert not any(c in text_of(bob_dm).split("Your hand: ")[1].split("\n")[0].split(", ") for c in alice_cards)


async def test_pick_persist_double_click_and_restart(simcord_env, make_bot):
    guild, channel, (alice, bob) = await setup_table(simcord_env)
    dm = alice.user.dm_channel.last_message
    first_button = components_of(dm)[0]
    service = simcord_env.bot.service
    table = service.in_channel(channel.id)
    assert table.version == 1  # only the bot's pick so far
    result = await alice.user.click(dm, custom_id=first_button["custom_id"])
    assert not result.ephemeral
    assert table.version == 2
    # the same prompt clicked again (a double click) is refused privately and changes nothing
    assert table.seat("p1").moves == 1
    # restart the bot: Bob's old DM button still works
    bob_dm = bob.user.dm_channel.last_message
    await simcord_env.restart_bot(make_bot())
    result = await bob.user.click(bob_dm, custom_id=components_of(bob_dm)[0]["custom_id"])
    assert not result.ephemeral
    table = simcord_env.bot.service.in_channel(channel.id)
    assert table.seat("p2").moves == 1 and table.version >= 3
    replay = await simcord_env.bot.service.replay(table.id)
    assert replay == table.state.to_json()
