"""Nevermore on Discord (simcord): a whole game through DMs, drafting and suit commits included."""
from tests.support.components import text_of
from tests.support.driver import Driver
from tests.present.board_pictures import PictureWatch, pause_keeps_the_picture


async def test_whole_nevermore_game_with_dms(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("nevermore")
    ann, ben = (guild.add_member(env.create_user(n)) for n in ("ann", "ben"))
    await ann.slash(channel, "game new", game="nevermore")
    lobby = channel.last_message
    await ben.click(lobby, label="Join")
    await ann.click(lobby, label="Add bot")
    await ann.click(lobby, label="Start")
    table = env.bot.service.in_channel(channel.id)
    dm = text_of(ann.user.dm_channel.last_message)
    assert "Nevermore" in dm and "Test Guild" in dm
    # take-backs are offered but a person rarely uses them: prefer moving forward
    driver = Driver(env, channel, {ann.id: ann, ben.id: ben}, seed=4,
                    prefer=lambda label: not label.startswith("Take back"))
    watch = PictureWatch()
    watch.check(channel, table)
    await pause_keeps_the_picture(ann, channel, env, watch)
    while not table.state.over:
        await driver.step()
        watch.check(channel, table)
        assert driver.moves < 4000, "the game should end"
    assert driver.clicked["rk:b"] >= 3, "each pass of the draft was one click on its DM"
    assert "Game over" in text_of(channel.history()[-1])
    assert watch.uploads >= 10 and watch.kept >= 2 and watch.swaps >= 10
    assert await env.bot.service.replay(table.id) == table.state.to_json()
