"""The board's Open table button (issue 35, "Launching it"): with ROOKERY_ACTIVITY on, the public board
carries it, and a click is answered with Discord's LAUNCH_ACTIVITY callback (type 12); off, the board has
no such button, and an older board's button is refused privately, as is one on a finished game. The global
command sync keeps Discord's Entry Point command (bot/entry_point.py).

simcord knows no callback type 12, so `launches` teaches its callback route that one: the body must be
exactly {"type": 12} (tests/simcord_hook.py has already checked it against Discord's spec), and the launch
is recorded."""
from __future__ import annotations

import dataclasses

import pytest
from simcord.http import router

from bot.entry_point import as_request, entry_points
from cogs.table.components import ActivityButton
from tests.cogs.test_pings import table_of
from tests.support.components import components_of, text_of

CALLBACK = ["interactions", "{interaction_id}", "{token}", "callback"]


@pytest.fixture
def launches():
    """Every type-12 callback simcord receives: (interaction id, user id, channel id)."""
    seen: list[tuple[int, int, int]] = []
    routes = router._ROUTES["POST"]
    at = next(i for i, (template, _) in enumerate(routes) if template == CALLBACK)
    original = routes[at][1]

    def callback(ctx):
        body = ctx.body()
        if body.get("type") != 12:
            return original(ctx)
        assert body == {"type": 12}, body
        record = ctx.backend.interactions.get(ctx.int_arg("interaction_id"))
        assert record is not None and not record.responded
        record.pong()  # marks it answered, with no message: what a launch leaves in the channel
        seen.append((record.id, record.user_id, record.channel_id))
        return {"interaction": {"id": str(record.id), "type": record.type, "activity_instance_id": "i-1"},
                "resource": {"type": 12, "activity_instance": {"id": "i-1"}}}

    routes[at] = (CALLBACK, callback)
    yield seen
    routes[at] = (CALLBACK, original)


@pytest.fixture
def simcord_bot(make_bot, request):
    bot = make_bot()
    if "without_activities" not in request.node.name:
        bot.settings = dataclasses.replace(bot.settings, activity=True)
    return bot


def board_of(channel, table):
    return next(m for m in reversed(channel.history()) if m.id == table.board_message_id)


def labels(message) -> list[str]:
    return [c.get("label") for c in components_of(message)]


async def test_open_table_launches_the_activity_for_any_member(simcord_env, launches):
    env = simcord_env
    channel, members, table = await table_of(env)
    board = board_of(channel, table)
    assert "Open table" in labels(board)
    button = next(c for c in components_of(board) if c.get("label") == "Open table")
    assert button["custom_id"] == ActivityButton.id_of(table.id) == f"rk:v:{table.id}"
    version, before = table.version, len(channel.history())
    await members[1].click(board, label="Open table")
    assert launches == [(launches[0][0], members[1].user.id, channel.id)]
    assert len(channel.history()) == before, "a launch posts nothing in the channel"
    assert table.version == version, "opening the Activity changes nothing at the table"
    # a spectator too: the Activity shows them the public view
    spectator = channel.guild.add_member(env.create_user("eve"))
    await spectator.click(board_of(channel, table), label="Open table")
    assert [user for _, user, _ in launches] == [members[1].user.id, spectator.user.id]


async def test_open_table_survives_a_restart_of_the_item(simcord_env, launches):
    """The Host rebuilds the item from its custom_id alone (no view is stored for it)."""
    env = simcord_env
    channel, members, table = await table_of(env)
    store = env.bot._connection._view_store
    assert not any(key[1] == ActivityButton.id_of(table.id) for items in store._views.values() for key in items)
    await members[0].click(board_of(channel, table), custom_id=ActivityButton.id_of(table.id))
    assert len(launches) == 1


async def test_a_finished_game_refuses_open_table(simcord_env, launches):
    env = simcord_env
    channel, members, table = await table_of(env)
    board = board_of(channel, table)
    # The game is over but its board not edited yet (the edit waits on Discord): the button is still there.
    table.status = "over"
    result = await members[1].click(board, label="Open table")
    assert result.ephemeral and "This game is over." in text_of(result.response), text_of(result.response)
    assert launches == []
    table.status = "active"
    asked = await members[0].slash(channel, "game end")
    await members[0].click(asked.response, label="Yes, end the game")
    await env.bot.services.publisher.settled()
    assert "Open table" not in labels(board_of(channel, table)), "a finished board has no buttons"


async def test_activities_turned_off_refuse_an_old_button(simcord_env, launches):
    env = simcord_env
    channel, members, table = await table_of(env)
    board = board_of(channel, table)
    env.bot.services.messages.activity = False  # as after a restart with ROOKERY_ACTIVITY unset
    result = await members[1].click(board, label="Open table")
    assert result.ephemeral and "Activity is turned off" in text_of(result.response), text_of(result.response)
    assert launches == []


async def test_without_activities_the_board_has_no_open_table(simcord_env, launches):
    env = simcord_env
    channel, members, table = await table_of(env)
    board = board_of(channel, table)
    assert "My hand" in labels(board) and "Open table" not in labels(board)
    assert not any(c["custom_id"].startswith("rk:v:") for c in components_of(board) if c.get("custom_id"))


async def test_a_launch_discord_refuses_gets_a_private_answer(simcord_env):
    """Without the `launches` route simcord refuses type 12, as Discord does for an application without
    Activities: the member is told so, privately, and nothing changes."""
    env = simcord_env
    channel, members, table = await table_of(env)
    version = table.version
    result = await members[1].click(board_of(channel, table), label="Open table")
    assert result.ephemeral and "would not open the Activity" in text_of(result.response), text_of(result.response)
    assert table.version == version


async def test_the_sync_sends_ours_and_what_an_entry_point_becomes(simcord_env):
    """simcord's application has no Entry Point: the sync sends ours alone. What an Entry Point Discord
    lists becomes in a request is checked here (the e2e test syncs against one)."""
    env = simcord_env
    put = [r for r in env.backend.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert put and all(c.get("type", 1) != 4 for c in put[-1].json)
    listed = {"id": "9", "application_id": "7", "version": "8", "default_member_permissions": "0", "type": 4,
              "name": "launch", "description": "", "handler": 2, "contexts": [0, 1, 2], "name_localized": "x"}
    assert entry_points([listed, {"type": 1, "name": "game"}]) == [as_request(listed)]
    assert as_request(listed) == {"id": "9", "default_member_permissions": 0, "type": 4, "name": "launch",
                                  "description": "", "handler": 2, "contexts": [0, 1, 2]}


async def test_turned_on_a_running_board_gets_open_table_at_its_next_change_without_activities(
        simcord_env, make_bot, launches):
    """Started without ROOKERY_ACTIVITY, restarted with it: a restart republishes only tables whose messages
    were behind (published_version), so a board that was current gets the button at its latest at its next
    change, here /game status; and it launches."""
    env = simcord_env
    channel, members, table = await table_of(env)
    assert "Open table" not in labels(board_of(channel, table))
    bot = make_bot()
    bot.settings = dataclasses.replace(bot.settings, activity=True)
    await env.restart_bot(bot)
    await env.bot.services.republish.done.wait()
    await env.settle()
    await members[0].slash(channel, "game status")
    await env.settle()
    table = env.bot.service.in_channel(channel.id)
    board = board_of(channel, table)
    assert "Open table" in labels(board)
    await members[2].click(board, label="Open table")
    assert [user for _, user, _ in launches] == [members[2].user.id]
