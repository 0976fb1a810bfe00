"""Persistent components. Every custom_id carries what is needed to act after a restart (DynamicItem),
so buttons on old messages keep working; the handlers live in cogs.shared.host.

custom_id formats (<= 100 chars):
  rk:a:<game>:<seat>:<prompt>:<index>   one legal action (button)
  rk:s:<game>:<seat>:<prompt>:<chunk>   a select of legal actions; values are action indexes
  rk:b:<game>:<seat>:<prompt>:<n>       bundle n: several steps of one decision in one click (button or
                                        a select whose values are bundle numbers)
  rk:p:<game>:<seat>:<prompt>:<page>    "More…": show that page of a prompt with more choices than one message holds
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
BUTTONS_MAX = 20      # up to this many actions become buttons (4 rows of 5): one click instead of a select's two
BUTTON_LABEL_MAX = 40 # ...when their labels are short (cards); long labels read better in a select menu
SELECT_SIZE = 25      # Discord's limit of options per select
SELECTS_MAX = 4       # leaves one row free
PAGE_SIZE = (SELECTS_MAX - 1) * SELECT_SIZE  # past 100 choices: three selects a page, the 4th row turns pages


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
                 placeholder: str = "Choose…", count: tuple[int, int] = (1, 1)):
        # count: (min, max) values. Past 1 it is a multi-select: the chosen actions are the steps of one
        # decision (cards of a bid), applied together or not at all.
        super().__init__(discord.ui.Select(custom_id=f"rk:s:{game}:{seat}:{prompt}:{chunk}",
                                           options=options or [discord.SelectOption(label="…")],
                                           placeholder=placeholder[:150], min_values=count[0],
                                           max_values=count[1]))
        self.game, self.seat, self.prompt = game, seat, prompt

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        g = match.groupdict()
        return cls(int(g["game"]), g["seat"], g["prompt"], int(g["chunk"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        host = _host(interaction)
        values = _values(interaction)[:SELECT_SIZE]
        index = _index(values)
        more = [_index([v]) for v in values[1:]]
        await host.safely(interaction, host.on_action(interaction, self.game, self.seat, self.prompt, index, more))


class BundleButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"rk:b:{GAME}:(?P<seat>p\d{{1,2}}):{PROMPT}:(?P<n>\d{{1,2}})"):
    """A whole multi-step choice (the presenter's bundle n, recomputed from the live view on click)."""

    def __init__(self, game: int, seat: str, prompt: str, n: int, label: str = "…"):
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.primary,
                                           custom_id=f"rk:b:{game}:{seat}:{prompt}:{n}"))
        self.game, self.seat, self.prompt, self.n = game, seat, prompt, n

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        g = match.groupdict()
        return cls(int(g["game"]), g["seat"], g["prompt"], int(g["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        host = _host(interaction)
        await host.safely(interaction, host.on_bundle(interaction, self.game, self.seat, self.prompt, self.n))


class BundleSelect(discord.ui.DynamicItem[discord.ui.Select], template=rf"rk:b:{GAME}:(?P<seat>p\d{{1,2}}):{PROMPT}:s"):
    """More bundles than buttons hold (or long labels): one menu, each value a bundle number."""

    def __init__(self, game: int, seat: str, prompt: str, options: list[discord.SelectOption] | None = None,
                 placeholder: str = "Choose…"):
        super().__init__(discord.ui.Select(custom_id=f"rk:b:{game}:{seat}:{prompt}:s", placeholder=placeholder[:150],
                                           options=options or [discord.SelectOption(label="…")]))
        self.game, self.seat, self.prompt = game, seat, prompt

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        g = match.groupdict()
        return cls(int(g["game"]), g["seat"], g["prompt"])

    async def callback(self, interaction: discord.Interaction) -> None:
        host = _host(interaction)
        n = _index(_values(interaction))
        await host.safely(interaction, host.on_bundle(interaction, self.game, self.seat, self.prompt, n))


class PageButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"rk:p:{GAME}:(?P<seat>p\d{{1,2}}):{PROMPT}:(?P<page>\d{{1,3}})"):
    """Turns a long prompt's page: no option is ever dropped, however many the rules allow."""

    def __init__(self, game: int, seat: str, prompt: str, page: int, label: str = "More…"):
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.secondary,
                                           custom_id=f"rk:p:{game}:{seat}:{prompt}:{page}"))
        self.game, self.seat, self.prompt, self.page = game, seat, prompt, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        g = match.groupdict()
        return cls(int(g["game"]), g["seat"], g["prompt"], int(g["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        host = _host(interaction)
        await host.safely(interaction, host.on_page(interaction, self.game, self.seat, self.prompt, self.page))


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"rk:h:{GAME}"):
    def __init__(self, game: int):
        super().__init__(discord.ui.Button(label="My hand", emoji="🃏", style=discord.ButtonStyle.success,
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
                                           placeholder=(placeholder or name)[:150]))  # Discord refuses a longer placeholder
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


DYNAMIC_ITEMS = (ActionButton, ActionSelect, BundleButton, BundleSelect, PageButton, HandButton, LogButton,
                 LobbyButton, OptionSelect, EndButton)


def handled(custom_id: str) -> bool:
    """Whether one of our persistent items answers this custom_id (else it is forged or out of date)."""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS)


def as_buttons(labels: list[str]) -> bool:
    """A handful of choices, or up to 20 short ones (a hand of cards), are buttons."""
    return len(labels) <= 5 or (len(labels) <= BUTTONS_MAX and max(map(len, labels)) <= BUTTON_LABEL_MAX)


def pages(count: int) -> int:
    """How many pages a prompt of `count` choices needs (1 up to 100 choices: four selects)."""
    return 1 if count <= SELECTS_MAX * SELECT_SIZE else -(-count // PAGE_SIZE)


def actions_view(game_id: int, seat: str, prompt: str, labels: list[str], placeholder: str,
                 order: list[int] | None = None, page: int = 0,
                 together: tuple[list[int], int, int] | None = None,
                 bundled: tuple[list[str], list[int]] | None = None) -> discord.ui.View | None:
    """Buttons for a few choices, select menus for many, pages of three selects and a "More…" button past
    100. Index i always means legal action i, whatever `order` (the display order of the indexes, e.g.
    cards as the hand shows them) or the page puts where.

    `bundled`: (bundle labels, indexes of the legal actions still offered beside them): the bundles as
    buttons (or one menu), then those actions as smaller buttons (or menus)."""
    if not labels:
        return None
    order = list(range(len(labels))) if order is None else order
    view = discord.ui.View(timeout=None)
    if bundled is not None:
        names, rest = bundled
        if as_buttons(names):  # at most 4 rows of buttons: the 5th is left for what else is on offer
            for n, name in enumerate(names):
                view.add_item(BundleButton(game_id, seat, prompt, n, name))
        else:
            view.add_item(BundleSelect(game_id, seat, prompt, [
                discord.SelectOption(label=name[:100], value=str(n)) for n, name in enumerate(names)], placeholder))
        rest = [i for i in order if i in rest]
        if len(rest) <= 5:
            for i in rest:
                view.add_item(ActionButton(game_id, seat, prompt, i, labels[i], discord.ButtonStyle.secondary))
        elif rest:  # the host offers bundles only when the rest fits one menu
            view.add_item(ActionSelect(game_id, seat, prompt, 0, [
                discord.SelectOption(label=labels[i][:100], value=str(i)) for i in rest], placeholder))
        return view
    if together is not None:  # (indexes, min, max): one multi-select for them, the other actions as usual
        indexes, low, high = together
        options = [discord.SelectOption(label=labels[i][:100], value=str(i)) for i in order if i in indexes]
        view.add_item(ActionSelect(game_id, seat, prompt, 9, options, f"{placeholder} (choose {low})"
                                   if low == high else f"{placeholder} (up to {high} at once)", (low, high)))
        rest = [i for i in order if i not in indexes]
        if len(rest) <= 5:
            for i in rest:
                view.add_item(ActionButton(game_id, seat, prompt, i, labels[i], discord.ButtonStyle.secondary))
        else:
            for chunk in range(min(SELECTS_MAX - 1, -(-len(rest) // SELECT_SIZE))):
                part = rest[chunk * SELECT_SIZE:(chunk + 1) * SELECT_SIZE]
                view.add_item(ActionSelect(game_id, seat, prompt, chunk, [
                    discord.SelectOption(label=labels[i][:100], value=str(i)) for i in part], placeholder))
        return view
    if as_buttons(labels):
        for i in order:
            view.add_item(ActionButton(game_id, seat, prompt, i, labels[i]))
        return view
    total = pages(len(labels))
    page = page % total
    first = page * PAGE_SIZE if total > 1 else 0
    shown = order[first:first + (PAGE_SIZE if total > 1 else SELECTS_MAX * SELECT_SIZE)]
    for chunk in range(-(-len(shown) // SELECT_SIZE)):
        part = shown[chunk * SELECT_SIZE:(chunk + 1) * SELECT_SIZE]
        options = [discord.SelectOption(label=labels[i][:100], value=str(i)) for i in part]
        start = first + chunk * SELECT_SIZE
        suffix = f" ({start + 1}–{start + len(options)} of {len(labels)})" if len(labels) > SELECT_SIZE else ""
        view.add_item(ActionSelect(game_id, seat, prompt, chunk, options, placeholder + suffix))
    if total > 1:
        view.add_item(PageButton(game_id, seat, prompt, (page + 1) % total,
                                 f"More… (page {(page + 1) % total + 1} of {total})"))
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
    for name, placeholder, choices, current in selects[:SELECTS_MAX]:
        options = [discord.SelectOption(label=label[:100], value=str(value), default=value == current)
                   for label, value in choices[:SELECT_SIZE]]
        view.add_item(OptionSelect(game_id, name, options, placeholder))
    return view
