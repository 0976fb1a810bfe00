"""Every lobby setting is settable with clicks and shown with its help text (simcord)."""
from __future__ import annotations

import discord

from discord.utils import escape_markdown

from engine import GAMES
from tests.cogs.test_moderation import lobby_with
from tests.support.components import text_of, walk


def option_selects(message) -> dict[str, dict]:
    """custom_id's last part -> the select's dict, for every lobby option select on the message."""
    out = {}
    for c in walk(message.components):
        c = c if isinstance(c, dict) else c.to_dict()
        if (c.get("custom_id") or "").startswith("rk:o:"):
            out[c["custom_id"].rsplit(":", 1)[1]] = c
    return out


async def test_blackrose_every_option_and_the_timer_are_clickable(simcord_env):
    _, channel, (ann, ben), lobby = await lobby_with(simcord_env, "ann", "ben", game="blackrose")
    assert sum(1 for c in walk(lobby.components) if getattr(c, 'type', None) == discord.ComponentType.action_row) <= 5
    selects = option_selects(lobby)
    assert set(selects) == {"overkill", "overload", "for_the_crown", "_more"}
    more = selects["_more"]
    values = {o["value"] for o in more["options"]}
    assert {"extra_turns=True", "extra_turns=False", "turn_seconds=60", "turn_seconds=86400"} <= values
    # (the values would not fit a phone's menu: the lobby's Options line says each, "extra turns: **off**")
    assert more["placeholder"] == "more settings" and "extra turns: **off**" in text_of(lobby)
    for name, opt in GAMES["blackrose"].options.items():  # each option with its help text, in the message
        assert f"{name.replace('_', ' ')}: **" in text_of(lobby) and escape_markdown(opt.help) in text_of(lobby)

    refused = await ben.select(lobby, ["extra_turns=True"], custom_id=more["custom_id"])
    assert refused.ephemeral and "Only the host" in text_of(refused.response)
    table = simcord_env.bot.service.in_channel(channel.id)
    assert table.options["extra_turns"] is False

    await ann.select(lobby, ["extra_turns=True"], custom_id=more["custom_id"])
    assert table.options["extra_turns"] is True
    lobby = channel.last_message
    assert "extra turns: **on**" in text_of(lobby)
    await ann.select(lobby, ["turn_seconds=60"], custom_id=option_selects(lobby)["_more"]["custom_id"])
    assert table.turn_seconds == 60
    lobby = channel.last_message
    assert "turn timer: **1 min**" in text_of(lobby) and "extra turns: **on**" in text_of(lobby)
    await ann.select(lobby, ["True"], custom_id=option_selects(lobby)["overkill"]["custom_id"])
    assert table.options["overkill"] is True and table.options["extra_turns"] is True



async def test_deadlies_three_options_and_timer_each_get_their_own_select(simcord_env):
    _, channel, (ann, ben), lobby = await lobby_with(simcord_env, "ann", "ben", game="deadlies")
    selects = option_selects(lobby)
    assert set(selects) == {"sixth_player", "first_player", "turn_limit", "turn_seconds"}
    for name, opt in GAMES["deadlies"].options.items():
        assert f"{name.replace('_', ' ')}: **" in text_of(lobby) and escape_markdown(opt.help) in text_of(lobby)
    await ann.select(lobby, ["60"], custom_id=selects["turn_limit"]["custom_id"])
    table = simcord_env.bot.service.in_channel(channel.id)
    assert table.options["turn_limit"] == 60
    await ann.select(channel.last_message, ["300"], custom_id=selects["turn_seconds"]["custom_id"])
    assert table.turn_seconds == 300 and "turn timer: **5 min**" in text_of(channel.last_message)
