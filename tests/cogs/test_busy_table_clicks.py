"""Clicks that arrive while a table is busy are acknowledged at once and still applied (issue 8 §2)."""
import asyncio

from tests.support.components import action_components
from tests.cogs.test_republish_after_restart import lobby


async def test_a_click_on_a_busy_table_is_deferred_then_applied(simcord_env):
    env = simcord_env
    channel, (ann, ben) = await lobby(env, ("ann", "ben"))
    await ann.click(channel.last_message, label="Start")
    table = env.bot.service.in_channel(channel.id)
    dm = ann.user.dm_channel.last_message
    comp = action_components(dm)[0]
    version = table.version

    await table.lock.acquire()  # another change to this table is still publishing
    click = asyncio.create_task(ann.user.click(dm, custom_id=comp["custom_id"]))
    for _ in range(20):
        await asyncio.sleep(0)
    assert table.version == version, "nothing is applied while the table is busy"
    assert not click.done(), "the click waits for the table"
    table.lock.release()
    result = await click

    assert result.deferred, "acknowledged before waiting, so Discord's 3 s can't run out"
    assert not result.ephemeral and table.version == version + 1
    assert action_components(ann.user.dm_channel.last_message) == [], "the clicked hand shows the move made"
