"""The Deadlies on Discord (simcord): a whole game through DMs, with a Lust resolved by two members."""
from tests.support.components import text_of
from tests.support.driver import Driver
from tests.present.board_pictures import PictureWatch

LUST_WORDS = ("We both may discard", "Secretly discard", "as Lust partner")


async def test_whole_deadlies_game_with_a_secret_lust(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("sins")
    members = [guild.add_member(env.create_user(n)) for n in ("ann", "ben", "cat")]
    await members[0].slash(channel, "game new", game="deadlies", settings="turn_limit=100")
    lobby = channel.last_message
    for m in members[1:]:
        await m.click(lobby, label="Join")
    table = env.bot.service.in_channel(channel.id)
    table.seed = 11
    await members[0].click(lobby, label="Start")
    driver = Driver(env, channel, {m.id: m for m in members}, seed=5,
                    prefer=lambda label: label.startswith(LUST_WORDS))
    secret_choosers, revealed = set(), False
    watch = PictureWatch()
    while not table.state.over:
        seat, result, label = await driver.step()
        watch.check(channel, table)
        if label.startswith("Secretly discard"):
            secret_choosers.add(seat)
            # until both are in, nobody else's message names the chosen card
            board = next(m for m in reversed(channel.history()) if m.id == table.board_message_id)
            revealed |= "Revealed together" in text_of(board)
        if driver.moves > 3000:
            break
    assert revealed and len(secret_choosers) >= 2, "a Lust with two secret discards was played and revealed"
    assert "Game over" in text_of(channel.history()[-1])
    assert watch.uploads >= 10 and watch.swaps >= 10
    assert await env.bot.service.replay(table.id) == table.state.to_json()
