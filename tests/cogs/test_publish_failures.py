"""When Discord says no, the game goes on (issue 19 §5): every failed publish is sent again until it lands,
from the newest state; a 403 on the channel waits for a permission change; a deleted board is posted again;
nothing in the database is lost or rolled back; each failure is one log line without a traceback."""
from __future__ import annotations

import logging

import discord

from tests.support.components import action_components, built_text, text_of
from tests.support.driver import Driver, started_table


async def settle(env) -> None:
    """Let every queued event run, then every publish they started, then simcord deliver."""
    await env.settle()
    await env.bot.services.publisher.settled()
    await env.settle()


def board_of(channel, table):
    return next(m for m in reversed(channel.history()) if m.id == table.board_message_id)


def current(env, table) -> str:
    return built_text(env.bot.services.messages.board_message(table, table.frame(), "en"))


def one_line_each(caplog, count: int) -> None:
    failures = [r for r in caplog.records if r.name == "rookery.publish" and "failed" in r.getMessage()]
    assert len(failures) == count, [r.getMessage() for r in failures]
    assert all(r.exc_info is None and "Traceback" not in r.getMessage() for r in failures), "no traceback"


def board_patches(env, channel, since: int) -> int:
    return sum(1 for r in env.http_requests[since:] if r.method == "PATCH" and r.path.startswith(f"/channels/{channel.id}/"))


async def test_a_board_edit_answered_503_repairs_itself_without_anyone_moving(simcord_env, caplog):
    env = simcord_env
    caplog.set_level(logging.WARNING)
    channel, members, table = await started_table(env, "raven")
    driver = Driver(env, channel, {m.id: m for m in members}, seed=2)
    await settle(env)
    env.inject_error(method="PATCH", path=f"/channels/{channel.id}/messages/*", status=503, times=1)
    mark = len(env.http_requests)
    await driver.step()  # the one move: nobody moves after it
    version = table.version
    await env.advance_time(2)  # the retry's backoff (simcord's clock; its settle runs due timers too)
    await settle(env)
    assert board_patches(env, channel, mark) == 2, "the refused edit, then one retry"
    assert text_of(board_of(channel, table)) == current(env, table), "the board repaired itself"
    one_line_each(caplog, 1)
    assert table.version == version, "nothing was rolled back or replayed"
    assert [r["seq"] for r in await env.bot.service.store.actions(table.id)] == list(range(version))


async def test_a_turn_ping_answered_503_is_sent_again(simcord_env):
    env = simcord_env
    channel, members, table = await started_table(env, "raven")
    driver = Driver(env, channel, {m.id: m for m in members}, seed=4)
    await settle(env)
    dm_paths = {f"/channels/{m.user.dm_channel.id}/messages": m for m in members}
    for _ in range(40):  # until a move hands the turn to someone whose new DM (the ping) is refused
        for path in dm_paths:
            env.inject_error(method="POST", path=path, status=503, times=1)
        mark = len(env.http_requests)
        await driver.step()
        await settle(env)
        refused = [r for r in env.http_requests[mark:] if r.method == "POST" and r.path in dm_paths]
        env.backend.faults.clear()
        if refused:
            break
    else:
        raise AssertionError("no move handed a turn over")
    member = dm_paths[refused[0].path]
    seat = table.seat_of(member.id).seat
    await env.advance_time(2)
    await settle(env)
    sends = [r for r in env.http_requests[mark:] if r.method == "POST" and r.path == refused[0].path]
    assert len(sends) == 2, "the refused ping was sent again, once"
    if seat in table.pending():
        key = env.bot.service.prompt_key(table, seat)
        dm = member.user.dm_channel.last_message
        assert any(c["custom_id"].split(":")[4] == key for c in action_components(dm)), "the ping holds the prompt"


async def test_a_403_on_the_channel_waits_for_a_permission_change(simcord_env, caplog):
    env = simcord_env
    caplog.set_level(logging.WARNING)
    channel, members, table = await started_table(env, "raven")
    driver = Driver(env, channel, {m.id: m for m in members}, seed=6)
    await settle(env)
    env.inject_error(method="*", path=f"/channels/{channel.id}/messages*", status=403, code=50013,
                     message="Missing Permissions", times=None)
    mark = len(env.http_requests)
    await driver.step()
    await settle(env)
    assert table.id in env.bot.services.publisher.blocked
    tries = board_patches(env, channel, mark)
    await env.advance_time(60)
    await settle(env)
    assert board_patches(env, channel, mark) == tries, "a refused channel is not hammered while nothing changed"
    env.backend.faults.clear()  # a moderator gives the bot its permission back: Discord sends the update
    discord_channel = env.bot.get_channel(channel.id)
    env.bot.dispatch("guild_channel_update", discord_channel, discord_channel)
    await settle(env)
    assert text_of(board_of(channel, table)) == current(env, table), "the board caught up at once"
    assert table.id not in env.bot.services.publisher.blocked
    failures = [r for r in caplog.records if r.name == "rookery.publish"]
    assert failures and all(r.exc_info is None for r in failures)


async def test_a_deleted_board_is_posted_again_and_a_429_is_waited_out(simcord_env, caplog):
    env = simcord_env
    caplog.set_level(logging.WARNING)
    channel, members, table = await started_table(env, "raven")
    driver = Driver(env, channel, {m.id: m for m in members}, seed=8)
    await settle(env)
    old = table.board_message_id
    env.inject_error(method="PATCH", path=f"/channels/{channel.id}/messages/{old}", status=404, code=10008,
                     message="Unknown Message", times=None)
    await driver.step()
    await settle(env)
    assert table.board_message_id != old and text_of(board_of(channel, table)) == current(env, table)
    env.backend.faults.clear()
    env.inject_error(method="PATCH", path=f"/channels/{channel.id}/messages/*", status=429,
                     message="You are being rate limited.", times=1)
    mark = len(env.http_requests)
    await driver.step()
    await env.advance_time(5)
    await settle(env)
    assert board_patches(env, channel, mark) == 2, "no retry storm: one refused edit, one later try"
    assert text_of(board_of(channel, table)) == current(env, table)


async def test_a_click_whose_answer_gets_a_5xx_is_answered_on_the_second_try(simcord_env):
    env = simcord_env
    channel, members, table = await started_table(env, "raven")
    driver = Driver(env, channel, {m.id: m for m in members}, seed=9)
    await settle(env)
    env.inject_error(method="POST", path="/interactions/*/callback", status=503, times=1)
    version = table.version
    seat, result, _ = await driver.step()
    await settle(env)
    assert table.version > version and result.acknowledged, "the player got their answer"


async def test_a_hand_sent_before_its_seat_changed_hands_is_not_recorded_for_the_new_holder(simcord_env):
    """The publisher sends DMs without the table lock. If a kick with a replacement lands between the send and
    the record, the old member's DM ids must not be stored on the seat, or the new holder's hand would keep
    going to the kicked member's DMs."""
    from types import SimpleNamespace

    from cogs.table.layout import Message
    from cogs.table.parts import Parts
    from cogs.table.publisher import Job, Request

    env = simcord_env
    channel, members, table = await started_table(env, "raven")
    await settle(env)
    publisher = env.bot.services.publisher
    seat = next(s for s in table.seats if not s.is_bot)
    old_user, old_channel, old_message = seat.user_id, seat.dm_channel_id, seat.dm_message_id
    message = Message(view=Parts([]))
    sent = SimpleNamespace(id=987654321, channel=SimpleNamespace(id=123456789))
    seat.user_id, seat.dm_channel_id, seat.dm_message_id = 42, None, None  # replaced while the DM was out
    await publisher._record(table, Request(), [Job("hand", seat.seat, message, new=True, user=old_user)], [sent])
    assert (seat.dm_channel_id, seat.dm_message_id) == (None, None), "the kicked member's DM is not the seat's"
    # and the same job for the member who still holds the seat is recorded
    seat.user_id = old_user
    await publisher._record(table, Request(), [Job("hand", seat.seat, message, new=True, user=old_user)], [sent])
    assert (seat.dm_channel_id, seat.dm_message_id) == (123456789, 987654321)
    assert (old_channel, old_message) != (123456789, 987654321)
