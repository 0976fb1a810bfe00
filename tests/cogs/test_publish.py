"""A cheaper publish path (issue 14): a DM holds the seat's private part and prompt, not the public board and
log that change on every move, so a DM whose private content did not change is not touched at all."""
import asyncio
from types import SimpleNamespace

from cogs.table.messages import Messages
from tests.support.components import built_text, text_of
from tests.support.driver import Driver, started_table


def private_part(table, seat_id):
    """What a seat's DM is about: its own cards and bid, and whether (and what) it must choose now."""
    view = table.state.view(seat_id)
    return (view.get("hand"), view.get("my_bid"), table.pending().get(seat_id))


async def test_a_dm_whose_private_content_is_unchanged_is_not_edited(simcord_env):
    env = simcord_env
    channel, members, table = await started_table(env, "raven")
    driver = Driver(env, channel, {m.id: m for m in members}, seed=5)
    dm_path = {table.seat_of(m.id).seat: f"/channels/{m.user.dm_channel.id}/messages" for m in members}

    untouched_checked = board_edits = 0
    for _ in range(60):
        before = {s.seat: private_part(table, s.seat) for s in table.seats}
        mark = len(env.http_requests)
        actor, _, _ = await driver.step()
        requests = env.http_requests[mark:]
        board_edits += any(r.method == "PATCH" and r.path.endswith(f"/messages/{table.board_message_id}")
                           for r in requests)
        for seat in table.seats:
            if seat.seat == actor or private_part(table, seat.seat) != before[seat.seat]:
                continue
            touched = [r for r in requests if r.path.startswith(dm_path[seat.seat])]
            assert touched == [], f"{seat.seat}'s DM was sent again though nothing of theirs changed"
            untouched_checked += 1
    assert board_edits >= 50, "the public board still follows every move"
    assert untouched_checked >= 60, "the game gave enough moves where other seats' DMs had nothing new"


async def test_moves_made_while_a_board_edit_is_in_flight_cost_one_more_edit_and_never_wait_for_it(simcord_env):
    """The table's publisher sends without the lock; commits made meanwhile are published together after it."""
    env = simcord_env
    channel, members, table = await started_table(env, "raven")
    services, service = env.bot.services, env.bot.service
    await services.publisher.settled()

    gate, edits, real_send = asyncio.Event(), [], services.publisher._send

    async def held_send(where, job):
        if job.kind == "board":
            edits.append(job.message.shown)
            await gate.wait()  # the network is slow: this board edit is in flight until the gate opens
        return await real_send(where, job)

    async def move() -> None:
        async with table.lock:
            seat_id, legal = next(iter(table.pending().items()))
            await services.changes.publish(table, await service.act(table, seat_id, legal[0]))

    services.publisher._send = held_send
    try:
        await asyncio.wait_for(move(), 5)  # publishing under the lock would wait for the gate here
        for _ in range(500):  # the pass draws the board picture on a worker thread first
            if edits:
                break
            await asyncio.sleep(0.01)
        assert len(edits) == 1 and not table.lock.locked(), "the edit is sent with the lock released"
        await move()
        await move()  # two commits while the first edit is still in flight
        assert len(edits) == 1, "nothing for this table is sent beside the edit in flight"
        gate.set()
        await services.publisher.settled()
    finally:
        services.publisher._send = real_send
    await env.settle()
    board_now = services.messages.board_message(table, table.frame(), "en")
    assert len(edits) == 2, "the two later moves cost one board edit together"
    assert edits[-1] == board_now.shown
    board = next(m for m in channel.history() if m.id == table.board_message_id)
    assert text_of(board) == built_text(board_now), "the board ends up current"
    for member in members:
        seat = table.seat_of(member.id)
        hand = services.messages.hand_message(table, seat.seat, private=True)
        assert text_of(member.user.dm_channel.last_message) == built_text(hand), f"{seat.seat}'s hand ends up current"


def test_the_tables_channel_is_found_in_its_own_server_without_walking_every_server():
    """Client.get_channel looks through every server the bot is in; every click's DM names the table's
    channel, so the publisher asks the table's own server first (a thread too), and falls back only when
    that server is not cached."""
    channel = SimpleNamespace(name="games", guild=SimpleNamespace(name="Guild"))
    guild = SimpleNamespace(get_channel_or_thread=lambda channel_id: channel if channel_id == 5 else None)

    def every_server(channel_id):
        raise AssertionError("Client.get_channel walked every server")

    bot = SimpleNamespace(get_guild=lambda guild_id: guild if guild_id == 1 else None, get_channel=every_server)
    messages = Messages(bot, settings=None)
    assert messages.cached_channel(SimpleNamespace(guild_id=1, channel_id=5)) is channel
    assert messages.where(SimpleNamespace(guild_id=1, channel_id=5)) == "in Guild › #games"
    bot.get_channel = lambda channel_id: channel  # a server not in the cache: the old lookup still answers
    assert messages.cached_channel(SimpleNamespace(guild_id=2, channel_id=5)) is channel
