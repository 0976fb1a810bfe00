"""A cog per game (issue 31): each game comes to Discord through its own cog (cogs/<game>.py), which holds
its Discord-only policy (colour, DM picture, choice budget, multi-select, its own commands). Operators
choose the games (ROOKERY_GAMES): /game new offers exactly those, and a stored table of any other game is
kept as it is and answered as unavailable, never lost."""
from __future__ import annotations

import pytest

from bot import errors
from bot.config import Settings
from engine import GAMES, PACKAGES
from present import presenter
from tests.support.components import action_components, text_of
from tests.support.driver import Driver, started_table
from tests.cogs.test_command_payload import synced_commands

NAMES = ("ann", "ben", "cat")
UNAVAILABLE = "doesn't run Black Rose Wars right now"


def running(make_bot, db_path, *games: str):
    """A bot that runs only these games (as ROOKERY_GAMES=... would), on the tests' database."""
    bot = make_bot()
    bot.settings = Settings(db_path=db_path, timer_poll=0, games=games or None)
    return bot


async def restart(env, bot) -> int:
    """Restart on `bot`; returns where the new process's requests begin."""
    since = len(env.http_requests)
    await env.restart_bot(bot)
    await env.bot.services.republish.done.wait()
    await env.settle()
    return since


def subcommand(commands: list[dict], name: str) -> dict | None:
    return next((s for s in commands[0]["options"] if s["name"] == name), None)


def choice_values(command: dict, option: str) -> list[str]:
    return [c["value"] for o in command["options"] if o["name"] == option for c in o.get("choices", [])]


def board_of(channel, table):
    return next(m for m in channel.history() if m.id == table.board_message_id)


def hand_dm(member, table):
    seat = table.seat_of(member.id)
    return next(m for m in member.user.dm_channel.history() if m.id == seat.dm_message_id)


async def test_a_raven_only_process_offers_raven_and_keeps_a_black_rose_table_untouched(
        simcord_env, make_bot, db_path):
    env = simcord_env
    channel, members, table = await started_table(env, "blackrose", NAMES)
    await env.bot.services.publisher.settled()
    ann = members[0]
    dm, board = hand_dm(ann, table), board_of(channel, table)
    before = await env.bot.service.store.get_game(table.id)

    since = await restart(env, running(make_bot, db_path, "raven"))
    commands = synced_commands([(e.method, e.path, e.json) for e in env.http_requests[since:]])
    assert choice_values(subcommand(commands, "new"), "game") == ["raven"], "/game new offers the games loaded"
    assert choice_values(subcommand(commands, "rules"), "game") == list(GAMES), "/game rules keeps every game"
    assert subcommand(commands, "room") is None, "Black Rose Wars' own command goes with its cog"
    assert env.bot.service.in_channel(channel.id) is None and table.id in env.bot.service.unserved
    assert not [e for e in env.http_requests[since:] if "/messages" in e.path], "its messages are left alone"

    # Its buttons and the channel's commands answer privately that the game is not run here.
    said = [await ann.click(board, label="My hand"), await ann.slash(channel, "game hand"),
            await ann.slash(channel, "game status"), await ann.slash(channel, "game new", game="raven")]
    action = action_components(dm)[0]
    if action["type"] == 2:
        said.append(await ann.user.click(dm, custom_id=action["custom_id"]))
    else:
        said.append(await ann.user.select(dm, [action["options"][0]["value"]], custom_id=action["custom_id"]))
    for result in said:
        assert result.ephemeral and UNAVAILABLE in text_of(result.response), text_of(result.response)
    await env.settle()
    assert await env.bot.service.store.get_game(table.id) == before, "the row is untouched"

    # Run it again: the same table is back, with its buttons working.
    await restart(env, running(make_bot, db_path))
    back = env.bot.service.in_channel(channel.id)
    assert back is not None and back.id == table.id and back.version == before["version"]
    answer = await ann.click(board_of(channel, back), label="My hand")
    assert answer.ephemeral and UNAVAILABLE not in text_of(answer.response)
    assert "your seat" in text_of(answer.response)


async def test_a_game_left_out_cannot_be_opened_even_by_a_forged_choice(simcord_env, make_bot, db_path):
    env = simcord_env
    await restart(env, running(make_bot, db_path, "raven", "nevermore"))
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    opened = await ann.slash(channel, "game new", game="nevermore")
    assert not opened.ephemeral and "Nevermore" in text_of(opened.response)
    service = env.bot.service
    assert service.serving == {"raven", "nevermore"}
    with pytest.raises(errors.GameNotServed) as refused:  # Seating refuses what the menu would not offer
        await env.bot.services.seating.create_lobby(guild.id, guild.create_text_channel("more").id, None, "deadlies")
    assert "doesn't run The Deadlies" in refused.value.message()


@pytest.mark.parametrize("raw, games", [("", None), ("raven", ("raven",)),
                                        (" Raven , blackrose,raven", ("raven", "blackrose"))])
def test_rookery_games_is_read(raw, games):
    settings = Settings.from_env({"DISCORD_TOKEN": "t", "ROOKERY_GAMES": raw})
    assert settings.games == games
    assert settings.game_keys == (games or tuple(GAMES))


async def test_game_room_tells_what_a_room_does_and_who_stands_in_it(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    lounge = guild.create_text_channel("lounge")
    ann = guild.add_member(env.create_user("reader"))
    offered = await ann.autocomplete(lounge, "game room", "room", "forg")
    assert [c["value"] for c in offered] == ["forge"], offered
    rules = await ann.slash(lounge, "game room", room="forge")
    assert rules.ephemeral and "Forge" in text_of(rules.response) and "Move up to 1 room" in text_of(rules.response)
    unknown = await ann.slash(lounge, "game room", room="nowhere")
    assert unknown.ephemeral and "I know no Room called" in text_of(unknown.response)

    channel, members, table = await started_table(env, "blackrose", NAMES)
    labels = {c["value"] for c in await members[0].autocomplete(channel, "game room", "room", "")}
    assert labels and labels <= set(table.frame().view(None)["layout"]), "at a table: the board's rooms"
    driver = Driver(env, channel, {m.id: m for m in members}, seed=3)
    for _ in range(80):
        public = table.frame().view(None)
        placed = {s: at for s, at in public["pos"].items() if at in public["layout"]}
        if placed:
            break
        await driver.step()
    assert placed, "a mage entered the Lodge"
    seat, at = next(iter(placed.items()))
    shown = await members[1].slash(channel, "game room", room=at)
    text = text_of(shown.response)
    assert shown.ephemeral and f"{at} " in text and "Here:" in text and table.seat(seat).name in text
    assert any(w in text for w in ("instability", "destroyed")), text


async def test_the_policy_is_read_from_the_game_cogs(simcord_env, monkeypatch):
    assert not any(hasattr(presenter(k), name) for k in PACKAGES
                   for name in ("colour", "hand_picture_in_dm", "compose")), "presenters keep only the words"
    env = simcord_env
    raven = type(env.bot.get_cog("Raven"))  # the class of the cog the bot loaded (cogs/raven.py)
    monkeypatch.setattr(raven, "colour", 0x123456)
    monkeypatch.setattr(raven, "dm_picture", True)  # Raven keeps its picture out of DMs; here it goes in
    channel, members, table = await started_table(env, "raven", NAMES)
    await env.bot.services.publisher.settled()
    await env.settle()
    sent = [e.json for e in env.http_requests if e.method in ("POST", "PATCH") and e.json
            and str(channel.id) in e.path and e.json.get("components")]
    assert sent and all(body["components"][0]["accent_color"] == 0x123456 for body in sent)
    assert all(hand_dm(m, table).attachments for m in members), "the cog put the hand picture in the DM"
