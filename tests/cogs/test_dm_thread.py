"""A player's DMs read as one thread (issue 32, "DMs fill up"): whole games of every game on simcord.

At every moment each player has at most one DM message with move buttons (the live one); every older one
reads as one line, without its picture. A click on an older message that still shows buttons (its shrink
not landed yet) plays nothing: its answer shrinks it. Which message is live is stored: after a restart the
older messages still don't come back to life.
"""
from __future__ import annotations

import discord
import pytest

from tests.cogs.test_languages import WHOLE, seat_members
from tests.cogs.test_pings import pick, table_of
from tests.cogs.test_toy_flow import dm_last
from tests.support.components import action_components, text_of
from tests.support.driver import Driver


def live_and_older(member, table):
    """(DM messages with move buttons, older messages that are more than one line or show a picture)."""
    seat = table.seat_of(member.id)
    messages = member.user.dm_channel.history()
    live = [m for m in messages if action_components(m)]
    live_id = seat.dm_message_id if seat else None
    long_older = [m for m in messages if m.id != live_id and ("\n" in text_of(m).strip() or m.attachments)]
    return live, long_older


def check_thread(members, table) -> None:
    for member in members:
        live, long_older = live_and_older(member, table)
        assert len(live) <= 1, f"{member.user.name} has {len(live)} DM messages with move buttons"
        seat = table.seat_of(member.id)
        assert not long_older, (f"{member.user.name}'s older DM reads:\n{text_of(long_older[0])}"
                                f"\n(live {seat and seat.dm_message_id}, queued {getattr(seat, 'superseded', None)})")


@pytest.mark.parametrize("game", sorted(WHOLE))
async def test_a_whole_game_leaves_one_live_dm_per_player_and_older_ones_as_one_line(simcord_env, game):
    env = simcord_env
    humans, settings = WHOLE[game]
    humans = max(humans, 2)  # pings (new messages) need a second human to hand the turn back
    guild, channel, members, table = await seat_members(env, game, humans, settings, ["en"] * humans, "en")
    checks = 0

    async def after_each_step() -> None:
        nonlocal checks
        await env.bot.services.publisher.settled()
        await env.settle()
        check_thread(members, table)
        checks += 1

    driver = Driver(env, channel, {m.id: m for m in members}, seed=3)
    for _ in range(3000):  # as test_languages.play_whole, checking the threads after every step
        await env.bot.services.timers.play_forced(env.bot.service.clock() + 60)
        await after_each_step()
        if table.status != "active":
            break
        if any(not table.seat(s).is_bot for s in table.pending()):
            await driver.step()
    await after_each_step()
    assert table.status == "over" and checks > 10
    assert max(len(m.user.dm_channel.history()) for m in members) > 2, "the game sent several DM messages"


async def test_a_click_on_an_older_dm_message_plays_nothing_and_shrinks_it(simcord_env, make_bot):
    """The toy game: ann's hand DM is made older by hand (as if a newer one had been sent and its shrink
    had not landed), with a restart in between: its click plays nothing and its answer is the one line."""
    env = simcord_env
    channel, members, table = await table_of(env)
    ann = members[0]
    old = dm_last(ann)
    assert action_components(old)
    seat = table.seat_of(ann.id)
    seat.dm_message_id += 1000  # the live message is now another one (stored below, as a pass would)
    await env.bot.service.save_messages(table)
    await env.restart_bot(make_bot())
    await env.bot.services.republish.done.wait()
    await env.bot.services.publisher.settled()
    table = env.bot.service.in_channel(channel.id)
    version = table.version
    result = await pick(ann)
    assert table.version == version, "an older message's button played nothing"
    shrunk = text_of(result.message if hasattr(result, "message") and result.message else dm_last(ann))
    assert "older message" in shrunk and "\n" not in shrunk.strip()
    assert not action_components(next(m for m in ann.user.dm_channel.history() if m.id == old.id))


async def test_a_click_answer_racing_a_new_dm_leaves_one_live_message(simcord_env):
    """The race of issue 33: a publish pass sends a seat a new DM (without the table's lock) while that
    seat's click answer edits its current one. Both then showed live buttons; now the answered one is
    shrunk and the new one brought up to date."""
    env = simcord_env
    channel, members, table = await table_of(env)
    publisher = env.bot.services.publisher
    ann = members[0]
    seat = table.seat_of(ann.id)
    sent = publisher._send
    raced = []

    async def send_then_click(table_, job):
        if job.kind in ("hand", "ping") and job.seat == seat.seat and not raced:
            raced.append(job)
            job.new, job.kind = True, "ping"  # this pass posts ann a new message: her old one is still live
            await pick(ann)                    # …and she clicks it meanwhile: its answer edits it
        return await sent(table_, job)

    publisher._send = send_then_click
    table.touch()
    publisher.publish(table, pings={seat.seat})
    await publisher.settled()
    await env.settle()
    publisher._send = sent
    await publisher.settled()
    await env.settle()
    assert raced
    check_thread(members, table)
    live, _ = live_and_older(ann, table)
    assert all(m.id == seat.dm_message_id for m in live)


async def test_which_messages_wait_to_be_shrunk_is_stored_and_a_restart_shrinks_them(simcord_env, make_bot):
    """A crash after a new DM was recorded but before the older one was shrunk: after the restart, the
    republish shrinks it (the list is stored with the seat), and the live message keeps its buttons."""
    env = simcord_env
    channel, members, table = await table_of(env)
    ann = members[0]
    old = dm_last(ann)
    assert action_components(old)
    seat = table.seat_of(ann.id)
    dm = env.bot.get_partial_messageable(seat.dm_channel_id, type=discord.ChannelType.private)
    stand_in = env.bot.services.messages.superseded_message(table, "en")  # for the prompt posted before the crash
    newer = await dm.send(**stand_in.send_kwargs())
    seat.superseded = [[seat.dm_channel_id, seat.dm_message_id]]
    seat.dm_message_id, seat.shown = newer.id, "v2:older"  # not what it shows: the republish edits it
    await env.bot.service.save_messages(table)
    await env.restart_bot(make_bot())
    await env.bot.services.republish.done.wait()
    await env.bot.services.publisher.settled()
    await env.settle()
    table = env.bot.service.in_channel(channel.id)
    shrunk = next(m for m in ann.user.dm_channel.history() if m.id == old.id)
    assert not action_components(shrunk) and "older message" in text_of(shrunk)
    assert table.seat_of(ann.id).superseded == []
    assert [m.id for m in ann.user.dm_channel.history() if action_components(m)] == [newer.id]


async def test_a_click_whose_own_answer_shows_the_new_turn_is_not_pinged_with_a_second_copy(simcord_env):
    """Issue 33: a click's answer edited the clicked DM into the new prompt and the same change's ping sent
    that prompt again as a new message: two live copies of one version. The answer is the prompt: no ping."""
    env = simcord_env
    channel, members, table = await table_of(env)
    ann = members[0]
    seat = table.seat_of(ann.id)
    publisher, messages = env.bot.services.publisher, env.bot.services.messages
    shown = messages.hand_message(table, seat.seat, private=True).shown
    mark = len(env.http_requests)
    async with table.lock:  # as a click does: its answer showed this prompt, and the change names a new turn
        publisher.publish(table, answered={seat.seat: shown}, pings={seat.seat})
    await publisher.settled()
    await env.settle()
    path = f"/channels/{ann.user.dm_channel.id}/messages"
    assert not [r for r in env.http_requests[mark:] if r.method == "POST" and r.path == path]
    check_thread(members, table)
