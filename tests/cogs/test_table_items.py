"""The table's own items (cogs/table/components.py TABLE_ITEMS) are run by the Host from on_interaction, not
by discord.py: discord.py keeps nothing per table message for them (no stored view, no dynamic item pattern),
a click runs its move, and the item's own check still refuses a member who no longer holds the seat."""
from cogs.table.components import TABLE_ITEMS, table_item
from tests.support.components import action_components, text_of
from tests.support.driver import Driver, started_table


def _view_store(env):
    return env.bot._connection._view_store


async def test_table_items_are_run_by_the_host_alone(simcord_env):
    env = simcord_env
    channel, members, table = await started_table(env, "raven")
    driver = Driver(env, channel, {m.id: m for m in members}, seed=3)
    for _ in range(6):
        version = table.version
        seat_id, result, _ = await driver.step()
        assert not result.ephemeral and table.version > version, text_of(result.response)

    store = _view_store(env)
    ours = {item.custom_id_pattern.pattern for item in TABLE_ITEMS}
    assert not ours & {p.pattern for p in store._dynamic_items}, "discord.py would answer these clicks too"
    stored = [key for items in store._views.values() for key in items]
    assert not any(table_item(custom_id) for _, custom_id in stored), stored

    # A member kicked from their seat keeps no button to press: their old DM becomes one line.
    seat = next(table.seat(s) for s in table.pending() if table.seat(s).user_id != members[0].id)
    kicked = next(m for m in members if m.id == seat.user_id)
    dm = kicked.user.dm_channel.last_message
    assert action_components(dm)
    await members[0].slash(channel, "game kick", member=kicked)
    await env.bot.services.publisher.settled()
    old = next(m for m in kicked.user.dm_channel.history() if m.id == dm.id)
    assert not action_components(old) and "older message" in text_of(old)
