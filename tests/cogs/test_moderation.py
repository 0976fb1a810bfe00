"""Moderation, settings and timers through Discord (simcord), with the toy game for speed."""
import discord

from engine.data import load
from tests.support.components import action_components, components_of, text_of


async def lobby_with(env, *names, game="toy", **options):
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(n)) for n in names]
    await members[0].slash(channel, "game new", game=game, **options)
    lobby = channel.last_message
    for m in members[1:]:
        await m.click(lobby, label="Join")
    return guild, channel, members, lobby


async def test_second_game_in_a_channel_is_refused_privately(simcord_env):
    guild, channel, (ann, ben), _ = await lobby_with(simcord_env, "ann", "ben")
    again = await ben.slash(channel, "game new", game="toy")
    assert again.ephemeral and "already has a game" in text_of(again.response)


async def test_bad_settings_get_a_friendly_private_answer(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    result = await ann.slash(channel, "game new", game="toy", settings="rounds=9")
    assert result.ephemeral and "rounds" in text_of(result.response) and "1, 2, 3" in text_of(result.response)
    assert simcord_env.bot.service.in_channel(channel.id) is None


async def test_lobby_option_select_only_for_host(simcord_env):
    _, channel, (ann, ben), lobby = await lobby_with(simcord_env, "ann", "ben")
    custom_id = next(c["custom_id"] for c in components_of(lobby)
                     if c["custom_id"].startswith("rk:o:") and c["custom_id"].endswith(":rounds"))
    refused = await ben.select(lobby, ["1"], custom_id=custom_id)
    assert refused.ephemeral and "Only the host" in text_of(refused.response)
    await ann.select(lobby, ["1"], custom_id=custom_id)
    table = simcord_env.bot.service.in_channel(channel.id)
    assert table.options["rounds"] == 1
    assert "rounds: **1**" in text_of(channel.last_message)


async def test_pause_resume_end_and_kick(simcord_env):
    env = simcord_env
    guild, channel, (ann, ben, cat), lobby = await lobby_with(env, "ann", "ben", "cat")
    await ann.click(lobby, label="Start")
    table = env.bot.service.in_channel(channel.id)

    denied = await ben.slash(channel, "game pause")
    assert denied.ephemeral and "Only the host" in text_of(denied.response)
    await ann.slash(channel, "game pause")
    assert table.status == "paused"
    dm = ben.user.dm_channel.last_message
    assert "Paused" in text_of(dm) and action_components(dm) == []  # no choices offered while paused
    hand = await ben.slash(channel, "game hand")
    assert hand.ephemeral and action_components(hand.response) == []
    await ann.slash(channel, "game resume")
    assert table.status == "active" and action_components(ben.user.dm_channel.last_message)

    # a moderator hands Cat's seat to a bot: the bot moves for her and her old DM loses its buttons (one line)
    cat_dm = cat.user.dm_channel.last_message
    assert action_components(cat_dm)
    await ann.slash(channel, "game kick", member=cat)
    assert table.seat("p3").is_bot and table.seat("p3").moves >= 1
    await env.bot.services.publisher.settled()
    old = next(m for m in cat.user.dm_channel.history() if m.id == cat_dm.id)
    assert not action_components(old) and "older message" in text_of(old)

    # ending asks for confirmation first
    ask = await ann.slash(channel, "game end")
    assert ask.ephemeral and table.status == "active"
    await ann.click(ask.response, label="Yes, end the game")
    assert table.status == "ended"
    assert "ended" in text_of(channel.last_message)
    assert env.bot.service.in_channel(channel.id) is None


async def test_manage_channels_member_may_end_a_game(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    ann = guild.add_member(env.create_user("ann"))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    await ann.slash(channel, "game new", game="toy")
    ask = await mod.slash(channel, "game end")
    await mod.click(ask.response, label="Yes, end the game")
    assert env.bot.service.in_channel(channel.id) is None


async def test_config_limits_who_and_where(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    games = guild.create_text_channel("games")
    chat = guild.create_text_channel("chat")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    hosts = guild.create_role("Hosts")
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    host = guild.add_member(env.create_user("host"), roles=[hosts])
    pleb = guild.add_member(env.create_user("pleb"))
    denied = await pleb.slash(games, "game config", timer=60)
    assert denied.ephemeral and "Manage Server" in text_of(denied.response)
    saved = await admin.slash(games, "game config", starter_role=hosts, add_channel=games, timer=60)
    assert saved.ephemeral and "1 min" in text_of(saved.response)
    assert "/game forget" in text_of(saved.response)  # says how to delete the server's history
    wrong_place = await host.slash(chat, "game new", game="toy")
    assert wrong_place.ephemeral and "only in" in text_of(wrong_place.response)
    no_role = await pleb.slash(games, "game new", game="toy")
    assert no_role.ephemeral and "role" in text_of(no_role.response)
    ok = await host.slash(games, "game new", game="toy")
    assert not ok.ephemeral
    assert env.bot.service.in_channel(games.id).turn_seconds == 60


async def test_turn_timer_reminds_then_a_bot_moves(simcord_env):
    env = simcord_env
    guild, channel, (ann, ben), lobby = await lobby_with(env, "ann", "ben", timer=60)
    await ann.click(lobby, label="Start")
    service = env.bot.service
    table = service.in_channel(channel.id)
    now = [service.clock()]
    service.clock = lambda: now[0]
    now[0] += 31
    await env.bot.services.timers.tick()
    await env.bot.services.publisher.settled()  # the paced publisher's lanes may take several turns
    await env.settle()
    reminders = [text_of(m) for m in channel.history() if text_of(m).startswith("⏰")]
    assert len(reminders) == 2 and all("a bot will move for you" in r for r in reminders)
    now[0] += 30
    await env.bot.services.timers.tick()
    await env.bot.services.publisher.settled()
    await env.settle()
    assert any("ran out of time" in text_of(m) for m in channel.history())
    assert table.seat("p1").moves == 1 and table.seat("p2").moves == 1
    sources = {r["source"] for r in await service.store.actions(table.id)}
    assert sources == {"timer"}


async def test_status_hand_and_rules(simcord_env):
    env = simcord_env
    guild, channel, (ann, ben), lobby = await lobby_with(env, "ann", "ben")
    await ann.click(lobby, label="Start")
    table = env.bot.service.in_channel(channel.id)
    old_board = table.board_message_id
    await ben.slash(channel, "game status")
    assert table.board_message_id != old_board and channel.last_message.id == table.board_message_id
    hand = await ben.slash(channel, "game hand")
    assert hand.ephemeral and "your seat: **ben**" in text_of(hand.response) and action_components(hand.response)
    rules = await ben.slash(channel, "game rules", game="raven")
    assert rules.ephemeral and not rules.followups, "the rules are one message, with pages"
    page, texts = rules.response, [text_of(rules.response)]
    while nxt := next((c for c in components_of(page) if c.get("label") == "▶"), None):
        turned = await ben.click(page, custom_id=nxt["custom_id"])
        page = turned.response
        texts.append(text_of(page))
    assert len(texts) > 1 and "page 1 of" in texts[0] and any("Rulings" in t or "ruling" in t.lower() for t in texts)
    whole = "\n".join(texts)
    assert all(line in whole for line in load("raven/rules.md").splitlines() if line.strip()), "no line is lost"


async def test_a_setting_changed_on_an_older_lobby_message_is_answered(simcord_env):
    """After /game status posts the lobby again, the old message's menus still work and are answered (the new
    message changes; the click must not show "This interaction failed")."""
    _, channel, (ann, ben), old = await lobby_with(simcord_env, "ann", "ben")
    await ann.slash(channel, "game status")
    table = simcord_env.bot.service.in_channel(channel.id)
    assert table.board_message_id != old.id, "the lobby was posted again"
    custom_id = next(c["custom_id"] for c in components_of(old)
                     if c["custom_id"].startswith("rk:o:") and c["custom_id"].endswith(":rounds"))
    result = await ann.select(old, ["1"], custom_id=custom_id)
    assert result.acknowledged, "the click was answered"
    assert table.options["rounds"] == 1
    assert channel.last_message.id == table.board_message_id and "rounds: **1**" in text_of(channel.last_message)


async def test_a_click_that_waited_while_its_seat_changed_hands_shows_nothing_of_the_seat(simcord_env):
    """The component's check runs before the click waits for the table's lock: a kick with a replacement that
    lands meanwhile must not let the old member's click act for the seat or show them its hand."""
    import asyncio

    env = simcord_env
    guild, channel, (ann, ben, cat), lobby = await lobby_with(env, "ann", "ben", "cat")
    await ann.click(lobby, label="Start")
    table = env.bot.service.in_channel(channel.id)
    seat_id, member = next((s, m) for s, m in (("p1", ann), ("p2", ben), ("p3", cat)) if s in table.pending())
    dm = member.user.dm_channel.last_message
    version = table.version
    async with table.lock:
        click = asyncio.create_task(member.user.click(dm, custom_id=action_components(dm)[0]["custom_id"]))
        await asyncio.sleep(0.05)
        table.seat(seat_id).user_id = 4242  # replaced while the click waited
    result = await click
    (answer,) = result.followups  # the click was deferred while it waited for the lock
    assert answer.ephemeral and "belong to" in text_of(answer)
    assert "Here is where things stand" not in text_of(answer), "no hand of the seat"
    assert table.version == version, "nothing was played for the seat"


async def test_clicks_and_commands_that_wait_for_a_busy_table_are_acknowledged_at_once(simcord_env):
    """Another change holds the table's lock (it may be waiting on Discord): a Join click and a /game hand are
    acknowledged before they wait, so Discord's 3 s cannot run out; the hand then still comes privately."""
    import asyncio

    env = simcord_env
    guild, channel, (ann, ben), lobby = await lobby_with(env, "ann", "ben")
    cat = guild.add_member(env.create_user("cat"))
    table = env.bot.service.in_channel(channel.id)
    async with table.lock:
        join = asyncio.create_task(cat.click(lobby, label="Join"))
        await asyncio.sleep(0.3)
        assert "p3" not in [s.seat for s in table.seats], "it waits for the lock"
    result = await join
    assert result.deferred and any(s.name == "cat" for s in table.seats)
    await ann.click(lobby, label="Start")
    table = env.bot.service.in_channel(channel.id)
    mark = len(env.http_requests)
    async with table.lock:
        hand = asyncio.create_task(ben.slash(channel, "game hand"))
        await asyncio.sleep(0.3)
    result = await hand
    callbacks = [r.json for r in env.http_requests[mark:] if r.path.endswith("/callback")]
    assert [c["type"] for c in callbacks] == [5] and callbacks[0]["data"]["flags"] & 64, "a private 'thinking…'"
    assert result.ephemeral and "Your hand" in text_of(result.response)


async def test_leaving_a_running_game_shows_the_bot_on_the_board_at_once(simcord_env):
    from tests.support.driver import started_table

    env = simcord_env
    channel, members, table = await started_table(env, "raven")
    await env.bot.services.publisher.settled()
    # one who is not to move now: no bot move follows, so only the leave itself can change the board
    seat_id, leaver = next((s.seat, m) for s, m in zip(table.seats, members) if s.seat not in table.pending())
    version = table.version
    await leaver.slash(channel, "game leave")
    await env.bot.services.publisher.settled()
    await env.settle()
    assert table.seat(seat_id).is_bot and table.version == version
    board = next(m for m in reversed(channel.history()) if m.id == table.board_message_id)
    assert f"{leaver.user.name} (bot)" in text_of(board), "the board names the bot straight away"


async def test_a_kick_in_the_lobby_says_what_it_did(simcord_env):
    env = simcord_env
    guild, channel, (ann, ben, cat), lobby = await lobby_with(env, "ann", "ben", "cat")
    dan = guild.add_member(env.create_user("dan"))
    table = env.bot.service.in_channel(channel.id)
    swapped = await ann.slash(channel, "game kick", member=ben, replacement=dan)
    assert "played by dan" in text_of(swapped.response)
    assert [s.name for s in table.seats] == ["ann", "dan", "cat"], "dan took ben's place"
    freed = await ann.slash(channel, "game kick", member=cat)
    assert "no longer has a seat" in text_of(freed.response) and "bot" not in text_of(freed.response)
    assert [s.name for s in table.seats] == ["ann", "dan"]
