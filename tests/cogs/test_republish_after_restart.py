"""After a restart the host brings every live game's messages up to date (issue 8 §2).

A crash between a commit and its messages is simulated by committing through the service directly (the
Discord side never hears of it), then restarting the bot on the same database.
"""
from tests.support.components import action_components, built_text, text_of


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


def board_text(services, table) -> str:
    """What the host would publish on this board now."""
    return built_text(services.messages.board_message(table, table.frame(), "en"))


async def restart(env, make_bot):
    await env.restart_bot(make_bot())
    await env.bot.services.republish.done.wait()
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
    assert "Waiting for" in text_of(board) and "Join" not in str(board.components)


async def test_crash_between_commit_and_publish_is_repaired_and_right_messages_are_left_alone(
        simcord_env, make_bot):
    env = simcord_env
    channel, members = await lobby(env)
    await members[0].click(channel.last_message, label="Start")
    service = env.bot.service
    table = service.in_channel(channel.id)
    stale_board = text_of(next(m for m in channel.history() if m.id == table.board_message_id))

    # Everyone picks without the Discord side hearing of it: the round is revealed and its winner must
    # press "Next round", but every message still shows the old picks.
    async with table.lock:
        for member in members:
            seat = table.seat_of(member.id).seat
            await service.act(table, seat, table.pending()[seat][0])
    (winner,) = table.pending()
    assert all(prompt_of(m.user.dm_channel.last_message) for m in members), "all hands are stale now"

    await restart(env, make_bot)
    table = env.bot.service.in_channel(channel.id)
    for member in members:
        seat = table.seat_of(member.id).seat
        want = {env.bot.service.prompt_key(table, seat)} if seat == winner else set()
        assert prompt_of(member.user.dm_channel.last_message) == want, f"{member.user.name}'s DM is current"
    board = next(m for m in channel.history() if m.id == table.board_message_id)
    assert text_of(board) != stale_board and text_of(board) == board_text(env.bot.services, table)

    # A second restart finds every message right: no hand is edited, nothing new is sent.
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


async def stored_row(env, table):
    return await env.bot.service.store.get_game(table.id)


async def test_a_restart_republishes_only_the_tables_behind_and_decodes_no_other(simcord_env, make_bot):
    env = simcord_env
    channels, players = [], []
    for _ in range(52):
        channel, members = await lobby(env, ("ann", "ben"))
        await members[0].click(channel.last_message, label="Start")
        channels.append(channel)
        players.append(members)
    await env.settle()
    service = env.bot.service
    tables = [service.in_channel(c.id) for c in channels]
    for table in tables:  # every table's messages went out, and storage says so
        row = await stored_row(env, table)
        assert row["published_version"] == row["version"] == table.version
    behind = tables[:2]
    for table in behind:  # committed; the bot "dies" before its messages go out
        async with table.lock:
            seat, legal = next(iter(table.pending().items()))
            await service.act(table, seat, legal[0])
        assert (await stored_row(env, table))["published_version"] < table.version

    mark = len(env.http_requests)
    await restart(env, make_bot)
    republish = env.bot.services.republish
    assert republish.touched == 2
    restored = env.bot.service.tables
    behind_ids = {t.id for t in behind}
    for table in restored.values():
        decoded = {"state", "seats"} & set(vars(table))
        assert bool(decoded) == (table.id in behind_ids), f"table {table.id} decoded {decoded}"
    sent_to = {e.path.split("/")[2] for e in env.http_requests[mark:] if e.path.startswith("/channels/")}
    theirs = {str(c.id) for c in channels[:2]} | {str(m.user.dm_channel.id) for ms in players[:2] for m in ms}
    assert sent_to and sent_to <= theirs, "only the messages of the tables behind are sent"
    for table in behind:  # and now they are current, and stored so
        table = restored[table.id]
        assert table.published_version == table.version
        assert (await stored_row(env, table))["published_version"] == table.version


async def test_a_crash_between_a_commit_and_its_publish_republishes_that_table(simcord_env, make_bot):
    env = simcord_env
    channel, members = await lobby(env, ("ann", "ben"))
    await members[0].click(channel.last_message, label="Start")
    await env.settle()
    service = env.bot.service
    table = service.in_channel(channel.id)
    assert (await stored_row(env, table))["published_version"] == table.version
    seat = table.seat_of(members[0].id).seat
    async with table.lock:  # committed (its row says so) but never published
        await service.act(table, seat, table.pending()[seat][0])
    row = await stored_row(env, table)
    assert row["version"] == table.version and row["published_version"] == table.version - 1

    await restart(env, make_bot)
    assert env.bot.services.republish.touched == 1
    table = env.bot.service.in_channel(channel.id)
    ben = members[1]
    seat = table.seat_of(ben.id).seat
    assert prompt_of(ben.user.dm_channel.last_message) == {env.bot.service.prompt_key(table, seat)}
    board = next(m for m in channel.history() if m.id == table.board_message_id)
    assert text_of(board) == board_text(env.bot.services, table)
    assert (await stored_row(env, table))["published_version"] == table.version


async def test_a_crash_while_publishing_leaves_the_table_to_the_restart(simcord_env, make_bot):
    """A pass that recorded a message stores the table as mid-publish (NULL) until every lane is done."""
    env = simcord_env
    channel, members = await lobby(env, ("ann", "ben"))
    await members[0].click(channel.last_message, label="Start")
    await env.settle()
    table = env.bot.service.in_channel(channel.id)
    async with table.lock:
        table.published_version = None
        await env.bot.service.save_messages(table)  # as _record stores it before the last lane is out
    assert (await stored_row(env, table))["published_version"] is None
    await restart(env, make_bot)
    assert env.bot.services.republish.touched == 1
    assert (await stored_row(env, table))["published_version"] == table.version
