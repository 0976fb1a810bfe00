"""Persistent components. Every custom_id carries what is needed to act after a restart (DynamicItem),
so buttons on old messages keep working; the handlers live in cogs.shared.host.

custom_id formats (<= 100 chars):
  rk:a:<game>:<seat>:<prompt>:<index>   one legal action (button)
  rk:s:<game>:<seat>:<prompt>:<chunk>   a select of legal actions; values are action indexes
  rk:h:<game>                           "My hand" on the public board
  rk:g:<game>                           "Log" on the public board: the whole log, as the clicker may read it
  rk:l:<game>:<verb>                    lobby buttons (join, leave, bot, start)
  rk:o:<game>:<option>                  lobby option select
  rk:e:<game>                           confirm ending a game
<prompt> is "<moves>.<fingerprint>" of the seat's legal actions, so a click on an older prompt is caught.
<game> has at most 18 digits, so every id that reaches a query fits SQLite's 63-bit INTEGER; a forged or
older custom_id that fits no template is answered by the Host ("out of date"), never dropped silently.
"""
from __future__ import annotations

import re
from typing import Any

import discord

GAME = r"(?P<game>\d{1,18})"  # below 2**63: SQLite's INTEGER range
PROMPT = r"(?P<prompt>\d{1,9}\.[0-9a-f]{8})"
BUTTONS_MAX = 5       # up to this many actions become buttons; more become select menus
SELECT_SIZE = 25      # Discord's limit of options per select
SELECTS_MAX = 4       # leaves one row free


def _host(interaction: discord.Interaction):
    return interaction.client.host  # type: ignore[attr-defined]


def _index(values: list[str] | None) -> int:
    """A select value as an action index; anything forged (not 1–4 ASCII digits) becomes -1, "not offered"."""
    value = (values or [""])[0]
    return int(value) if re.fullmatch(r"[0-9]{1,4}", value) else -1


def _values(interaction: discord.Interaction) -> list[str]:
    values = (interaction.data or {}).get("values")
    return [str(v) for v in values] if isinstance(values, list) else []


class ActionButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"rk:a:{GAME}:(?P<seat>p\d{{1,2}}):{PROMPT}:(?P<index>\d{{1,4}})"):
    def __init__(self, game: int, seat: str, prompt: str, index: int, label: str = "…", style=discord.ButtonStyle.primary):
        super().__init__(discord.ui.Button(label=label[:80], style=style,
                                           custom_id=f"rk:a:{game}:{seat}:{prompt}:{index}"))
        self.game, self.seat, self.prompt, self.index = game, seat, prompt, index

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        g = match.groupdict()
        return cls(int(g["game"]), g["seat"], g["prompt"], int(g["index"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        host = _host(interaction)
        await host.safely(interaction, host.on_action(interaction, self.game, self.seat, self.prompt, self.index))


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select], template=rf"rk:s:{GAME}:(?P<seat>p\d{{1,2}}):{PROMPT}:(?P<chunk>\d)"):
    def __init__(self, game: int, seat: str, prompt: str, chunk: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str = "Choose…"):
        super().__init__(discord.ui.Select(custom_id=f"rk:s:{game}:{seat}:{prompt}:{chunk}",
                                           options=options or [discord.SelectOption(label="…")],
                                           placeholder=placeholder[:150]))
        self.game, self.seat, self.prompt = game, seat, prompt

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        g = match.groupdict()
        return cls(int(g["game"]), g["seat"], g["prompt"], int(g["chunk"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        host = _host(interaction)
        index = _index(_values(interaction))
        await host.safely(interaction, host.on_action(interaction, self.game, self.seat, self.prompt, index))


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"rk:h:{GAME}"):
    def __init__(self, game: int):
        super().__init__(discord.ui.Button(label="My hand", emoji="🂠", style=discord.ButtonStyle.success,
                                           custom_id=f"rk:h:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        host = _host(interaction)
        await host.safely(interaction, host.on_hand(interaction, self.game))


class LogButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"rk:g:{GAME}"):
    """The whole game's log as the clicking member may read it (rebuilt from the stored actions)."""

    def __init__(self, game: int):
        super().__init__(discord.ui.Button(label="Log", emoji="📜", style=discord.ButtonStyle.secondary,
                                           custom_id=f"rk:g:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        host = _host(interaction)
        await host.safely(interaction, host.on_log(interaction, self.game))


LOBBY_VERBS = {"join": ("Join", discord.ButtonStyle.success), "leave": ("Leave", discord.ButtonStyle.secondary),
               "bot": ("Add bot", discord.ButtonStyle.secondary), "start": ("Start", discord.ButtonStyle.primary)}


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"rk:l:{GAME}:(?P<verb>join|leave|bot|start)"):
    def __init__(self, game: int, verb: str):
        label, style = LOBBY_VERBS[verb]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"rk:l:{game}:{verb}", row=0))
        self.game, self.verb = game, verb

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        host = _host(interaction)
        await host.safely(interaction, host.on_lobby(interaction, self.game, self.verb))


class OptionSelect(discord.ui.DynamicItem[discord.ui.Select], template=rf"rk:o:{GAME}:(?P<name>\w{{1,40}})"):
    def __init__(self, game: int, name: str, options: list[discord.SelectOption] | None = None, placeholder: str = ""):
        super().__init__(discord.ui.Select(custom_id=f"rk:o:{game}:{name}",
                                           options=options or [discord.SelectOption(label="…")],
                                           placeholder=placeholder or name))
        self.game, self.name = game, name

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), match["name"])

    async def callback(self, interaction: discord.Interaction) -> None:
        host = _host(interaction)
        value = (_values(interaction) or [""])[0]
        await host.safely(interaction, host.on_option(interaction, self.game, self.name, value[:100]))


class EndButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"rk:e:{GAME}"):
    def __init__(self, game: int):
        super().__init__(discord.ui.Button(label="Yes, end the game", style=discord.ButtonStyle.danger,
                                           custom_id=f"rk:e:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        host = _host(interaction)
        await host.safely(interaction, host.on_end_confirmed(interaction, self.game))


DYNAMIC_ITEMS = (ActionButton, ActionSelect, HandButton, LogButton, LobbyButton, OptionSelect, EndButton)


def handled(custom_id: str) -> bool:
    """Whether one of our persistent items answers this custom_id (else it is forged or out of date)."""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS)


def actions_view(game_id: int, seat: str, prompt: str, labels: list[str], placeholder: str,
                 order: list[int] | None = None) -> discord.ui.View | None:
    """Buttons for a few choices, select menus for many. Index i always means legal action i, whatever
    `order` (the display order of the indexes, e.g. cards as the hand shows them) puts where."""
    if not labels:
        return None
    order = list(range(len(labels))) if order is None else order
    view = discord.ui.View(timeout=None)
    if len(labels) <= BUTTONS_MAX:
        for i in order:
            view.add_item(ActionButton(game_id, seat, prompt, i, labels[i]))
        return view
    for chunk in range(min(SELECTS_MAX, (len(labels) + SELECT_SIZE - 1) // SELECT_SIZE)):
        start = chunk * SELECT_SIZE
        options = [discord.SelectOption(label=labels[i][:100], value=str(i))
                   for i in order[start:start + SELECT_SIZE]]
        suffix = f" ({start + 1}–{start + len(options)})" if len(labels) > SELECT_SIZE else ""
        view.add_item(ActionSelect(game_id, seat, prompt, chunk, options, placeholder + suffix))
    return view


def board_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(game_id))
    view.add_item(LogButton(game_id))
    return view


def lobby_view(game_id: int, selects: list[tuple[str, str, list[tuple[str, Any]], Any]]) -> discord.ui.View:
    """Lobby buttons, then one select per option: (name, placeholder, [(label, value)], current)."""
    view = discord.ui.View(timeout=None)
    for verb in LOBBY_VERBS:
        view.add_item(LobbyButton(game_id, verb))
    for name, placeholder, choices, current in selects[:4]:
        options = [discord.SelectOption(label=label[:100], value=str(value), default=value == current)
                   for label, value in choices[:SELECT_SIZE]]
        view.add_item(OptionSelect(game_id, name, options, placeholder))
    return view
