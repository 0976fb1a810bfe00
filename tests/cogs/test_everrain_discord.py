"""The Everrain on Discord (simcord): a whole voyage from /game new to the final Glory, through DMs, with
the board's picture checked after every move."""
from tests.support.components import text_of
from tests.support.driver import Driver
from tests.present.board_pictures import PictureWatch, pause_keeps_the_picture, play_watching


async def test_whole_everrain_voyage(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("voyage")
    ann, ben = (guild.add_member(env.create_user(n)) for n in ("ann", "ben"))
    await ann.slash(channel, "game new", game="everrain", settings="length=8")
    lobby = channel.last_message
    await ben.click(lobby, label="Join")
    await ann.click(lobby, label="Add bot")
    await ann.click(lobby, label="Start")
    table = env.bot.service.in_channel(channel.id)
    assert table.options["length"] == 8
    driver = Driver(env, channel, {ann.id: ann, ben.id: ben}, seed=3)
    stories_seen = False
    watch = PictureWatch()
    watch.check(channel, table)
    await pause_keeps_the_picture(ann, channel, env, watch)
    await play_watching(driver, lambda t: t.version >= 12, watch)
    # The whole log so far, privately, as a file (and the recent lines in the answer)
    board = next(m for m in reversed(channel.history()) if m.id == table.board_message_id)
    log = await ben.click(board, label="Log")
    assert log.ephemeral and "Log of table" in text_of(log.response)
    assert [a.filename for a in log.response.attachments] == [f"table-{table.id}-log.txt"]
    await play_watching(driver, lambda t: t.state.over, watch)
    assert watch.uploads >= 5 and watch.kept >= 2
    for message in channel.history():
        stories_seen |= "Story" in text_of(message) or "story" in text_of(message)
    final = text_of(channel.history()[-1])
    assert "Game over" in final and "Winner" in final
    assert stories_seen
    assert await env.bot.service.replay(table.id) == table.state.to_json()
    # each player's DM hand message names the server, channel and game
    dm = text_of(ann.user.dm_channel.last_message)
    assert "Test Guild" in dm and "voyage" in dm
