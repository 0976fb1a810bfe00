"""The games this process runs, each brought to Discord by a cog of its own (cogs/<game>.py, a `GameCog`).

A game's cog is the extension that serves it and the home of its Discord-only policy: the accent colour
of its messages, whether a seat's hand picture goes in its DM, how its choices become buttons, menus or
one multi-select within Discord's limits (bot.render.ChoicePolicy: the `budget`, `bundles`, `multiselect`),
and any command of its own. The shared machinery (messages.py, components.py, the lobby, /game rules and
/game card) asks `policy(key)` for it; presenters keep only the words.

Operators choose the games (ROOKERY_GAMES, bot/config.py): `load` loads only those extensions, and each
adds its game to what the table service serves (bot/service.py `serving`). /game new offers exactly the
games loaded; a live table of any other game is kept as it is, and answered as unavailable.
"""
from __future__ import annotations

import dataclasses
import importlib
import logging
from typing import TYPE_CHECKING, ClassVar, cast

from discord import app_commands
from discord.ext import commands

from bot.render import ChoicePolicy
from cogs.table.group import join_game_group, leave_game_group
from engine import GAMES

if TYPE_CHECKING:  # bot/app.py imports this module
    from bot.app import Rookery
    from bot.service import TableService

log = logging.getLogger("rookery")
EXTENSIONS: dict[str, str] = {}  # game key -> its cog's extension, where that is not cogs.<key> (a test's game)
_COGS: dict[str, type["GameCog"]] = {}  # game key -> its cog, as each cogs/<game>.py defines it
_POLICIES: dict[str, "GameCog"] = {}  # game key -> its policy: the cog loaded, else one made without a bot


def extension(key: str) -> str:
    return EXTENSIONS.get(key, f"cogs.{key}")


class GameCog(ChoicePolicy, commands.Cog):
    """One game on Discord. A subclass names its game (`key`) and sets its policy; the defaults are the
    shared ones (ChoicePolicy's budget and bundles, no multi-select)."""

    key: ClassVar[str] = ""
    colour: ClassVar[int] = 0x5865F2  # the accent colour of the game's messages, 0xRRGGBB
    # Whether a seat's picture (drawn from its own view) goes on its hand DM. Only where that picture shows
    # the seat's own things: one that also shows the table (a trick, a pile) would edit every DM on every
    # move. Otherwise the seat's picture comes with **My hand**.
    dm_picture: ClassVar[bool] = False

    def __init__(self, bot: commands.Bot | None = None) -> None:
        self.bot = bot  # None: the policy alone (`policy`), for a game this process may not run
        self._added: list[app_commands.Command] = []

    @classmethod
    def game_commands(cls) -> list[app_commands.Command]:
        """The game's own commands, which join the /game group while its cog is loaded (and which the
        catalog tool lists for translation: cogs/table/translator.py)."""
        return []

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if cls.key:  # (discord.py runs an extension's module afresh each time it loads it: the newest counts)
            _COGS[cls.key] = cls
            _POLICIES.pop(cls.key, None)

    async def cog_load(self) -> None:
        assert self.bot is not None, "only a cog made with its bot is loaded"
        _POLICIES[self.key] = self
        _service(self.bot).serve(self.key)
        self._added = join_game_group(self.bot, self.game_commands())
        offer_games(self.bot)

    async def cog_unload(self) -> None:
        assert self.bot is not None, "only a cog made with its bot is loaded"
        if _POLICIES.get(self.key) is self:
            del _POLICIES[self.key]
        _service(self.bot).shelve(self.key)
        leave_game_group(self.bot, self._added)
        offer_games(self.bot)


def policy(key: str) -> GameCog:
    """The game's Discord policy: its cog's, whether or not this process runs it (/game rules and /game card
    show every game in its colour); the shared defaults for a game without a cog."""
    found = _POLICIES.get(key)
    if found is None:
        if key not in _COGS:
            name = extension(key)
            try:
                importlib.import_module(name)
            except ModuleNotFoundError as exc:
                if exc.name != name:
                    raise
        found = _POLICIES[key] = _COGS.get(key, GameCog)()
    return found


def _service(bot: commands.Bot) -> TableService:
    """The bot's table service: Rookery.setup_hook sets it before any game cog loads."""
    service = cast("Rookery", bot).service
    assert service is not None, "game cogs load after the services are built"
    return service


def running(bot: commands.Bot) -> list[str]:
    """The games this bot runs (their cogs are loaded, or loading: each adds its game as it loads), in
    engine.GAMES's order."""
    return [key for key in GAMES if _service(bot).serves(key)]


async def load(bot: commands.Bot, keys: tuple[str, ...]) -> None:
    """Load these games' cogs (the app, after the shared cogs): from here the service serves only them."""
    _service(bot).serving = set()
    for key in keys:
        try:
            await bot.load_extension(extension(key))
        except commands.ExtensionNotFound:
            log.warning("game %s has no cog (%s); it is not offered", key, extension(key))


def offer_games(bot: commands.Bot) -> None:
    """/game new offers exactly the games loaded. The choices are replaced on this bot's own copy of the
    command (a copy of the parameter, not the parameter the Lobby class shares with every bot)."""
    group = bot.tree.get_command("game")
    new = group.get_command("new") if isinstance(group, app_commands.Group) else None
    if not isinstance(new, app_commands.Command):  # None before Lobby joined the group
        return
    choices: list[app_commands.Choice[str | int | float]] = [
        app_commands.Choice(name=GAMES[key].title, value=key) for key in running(bot)]
    new._params["game"] = dataclasses.replace(new._params["game"], choices=choices)  # discord.py has no setter
