"""After a restart the host brings every live game's messages up to date (issue 8 §2).

A crash between a commit and its messages is simulated by committing through the service directly (the
Discord side never hears of it), then restarting the bot on the same database.
"""
from bot import render
from tests.bot.driver import action_components


async def lobby(env, names=("ann", "ben", "cat")):
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(n)) for n in names]
    await members[0].slash(channel, "game new", game="toy")
    for m in members[1:]:
        await m.click(channel.last_message, label="Join")
    return channel, members


def prompt_of(message) -> set[str]:
    """The prompt keys ("<moves>.<hash>") of the action components on a message."""
    return {c["custom_id"].split(":")[4] for c in action_components(message)}


async def restart(env, make_bot):
    await env.restart_bot(make_bot())
    await env.bot.host.republished.wait()
    await env.settle()


def edits(env, since: int) -> list[str]:
    return [e.path for e in env.http_requests[since:] if e.method == "PATCH"]


async def test_crash_right_after_start_gives_everyone_a_hand_and_a_board(simcord_env, make_bot):
    env = simcord_env
    channel, members = await lobby(env)
    table = env.bot.service.in_channel(channel.id)
    async with table.lock:
        await env.bot.service.start(table)   # committed; the bot "dies" before any message goes out
    assert all(m.user.dm_channel is None or m.user.dm_channel.last_message is None for m in members)

    await restart(env, make_bot)
    table = env.bot.service.in_channel(channel.id)
    for member in members:
        seat = table.seat_of(member.id)
        dm = member.user.dm_channel.last_message
        assert prompt_of(dm) == {env.bot.service.prompt_key(table, seat.seat)}, f"{member.user.name} has buttons"
    board = next(m for m in channel.history() if m.id == table.board_message_id)
    assert "Waiting for" in board.content and "Join" not in str(board.components)


async def test_crash_between_commit_and_publish_is_repaired_and_right_messages_are_left_alone(
        simcord_env, make_bot):
    env = simcord_env
    channel, members = await lobby(env)
    await members[0].click(channel.last_message, label="Start")
    service = env.bot.service
    table = service.in_channel(channel.id)
    ann, ben, cat = (table.seat_of(m.id).seat for m in members)
    stale_board = next(m for m in channel.history() if m.id == table.board_message_id).content
    untouched = members[2].user.dm_channel.last_message.content

    # Ann and Ben pick without the Discord side hearing of it: their DMs still offer the old choices.
    async with table.lock:
        for seat in (ann, ben):
            await service.act(table, seat, table.pending()[seat][0])
    old_prompts = {m.id: prompt_of(m.user.dm_channel.last_message) for m in members}

    mark = len(env.http_requests)
    await restart(env, make_bot)
    table = env.bot.service.in_channel(channel.id)
    for member in members:
        seat = table.seat_of(member.id).seat
        dm = member.user.dm_channel.last_message
        want = {env.bot.service.prompt_key(table, seat)} if seat in table.pending() else set()
        assert prompt_of(dm) == want, f"{member.user.name}'s DM matches the stored state"
    assert prompt_of(members[0].user.dm_channel.last_message) == set() != old_prompts[members[0].id]
    board = next(m for m in channel.history() if m.id == table.board_message_id)
    assert board.content != stale_board and render.waiting_line(table) in board.content
    # Cat's hand text names no new fact for her: only her message would change if the log did.
    dm_edits = [p for p in edits(env, mark) if str(members[2].user.dm_channel.id) in p]
    assert (members[2].user.dm_channel.last_message.content == untouched) == (dm_edits == [])

    # A second restart finds every message right: not one edit, not one new message.
    mark = len(env.http_requests)
    await restart(env, make_bot)
    hands = [str(m.user.dm_channel.id) for m in members]
    assert [p for p in edits(env, mark) if any(h in p for h in hands)] == [], "right hands are not edited"
    assert not [e for e in env.http_requests[mark:] if e.method == "POST" and "/messages" in e.path]


async def test_republished_buttons_work(simcord_env, make_bot):
    env = simcord_env
    channel, members = await lobby(env, ("ann", "ben"))
    await members[0].click(channel.last_message, label="Start")
    service = env.bot.service
    table = service.in_channel(channel.id)
    seat = table.seat_of(members[0].id).seat
    async with table.lock:
        await service.act(table, seat, table.pending()[seat][0])
    await restart(env, make_bot)
    table = env.bot.service.in_channel(channel.id)
    ben = members[1]
    dm = ben.user.dm_channel.last_message
    comp = action_components(dm)[0]
    version = table.version
    result = await ben.user.click(dm, custom_id=comp["custom_id"])
    assert not result.ephemeral and table.version > version
