from tests.support.components import text_of
from tests.support.driver import Driver


async def test_toy_game_to_the_end_with_closed_dms(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    users = [guild.add_member(env.create_user(n)) for n in ("ann", "ben", "cat")]
    dm = users[2].user.dm_channel
    env.inject_error(method="POST", path=f"/channels/{dm.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    await users[0].slash(channel, "game new", game="toy")
    lobby = channel.last_message
    for u in users[1:]:
        await u.click(lobby, label="Join")
    await users[0].click(lobby, label="Start")
    assert any("can't send you direct messages" in text_of(m) for m in channel.history())
    table = env.bot.service.in_channel(channel.id)
    driver = Driver(env, channel, {u.id: u for u in users})
    await driver.play_until(lambda t: t.state.over)
    assert "Game over" in text_of(channel.last_message)
