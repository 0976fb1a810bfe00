"""Tables before and around play: lobbies, seats, settings, and who may do what.

The policy lives here, not in the cogs: who may open a table (the server's /game config), who may start,
end, pause, kick or change settings (the host, or a moderator: Manage Channels or Manage Server), what a
lobby accepts. Every refusal is a typed bot.errors.Refusal raised before anything changes. Seating is its
own object (bot/app.py builds it on the TableService, whose tables, storage and timers it uses); the
moderator checks are plain functions, which the service's pause, resume and start call too.
"""
from __future__ import annotations

import secrets
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from engine import GAMES
from engine.core import Game, resolve_options

from bot import errors
from bot import storage
from bot.storage import GuildConfig, Storage
from bot.table import Actor, Seat, Table

if TYPE_CHECKING:
    from bot.service import TableService

TIMER_CHOICES = (30, 60, 120, 300, 600, 1800, 3600, 86400)
DEFAULT_TURN_SECONDS = 300
REFUSED_IN = {"lobby": errors.NotStarted, "active": errors.AlreadyStarted, "paused": errors.Paused}


def is_moderator(table: Table, actor: Actor) -> bool:
    return actor.user_id == table.host_id or actor.manage_channels or actor.manage_guild


def require_moderator(table: Table, actor: Actor) -> None:
    if not is_moderator(table, actor):
        raise errors.ModeratorOnly()


def require_host(table: Table, actor: Actor) -> None:
    if actor.user_id != table.host_id:
        raise errors.HostOnly()


def check_start(table: Table, actor: Actor | None) -> None:
    """Whether this table may be dealt now (by this actor: the host or a moderator; None: the bot itself)."""
    if actor is not None:
        require_moderator(table, actor)
    if table.status != "lobby":
        raise REFUSED_IN.get(table.status, errors.GameOver)()
    if len(table.seats) < table.game.min_players:
        raise errors.TooFewPlayers(game=table.game.title, n=table.game.min_players)
    check_players(table.game, len(table.seats))


class Seating:
    """Lobbies, seats and server settings: the policy before and around play, on the service's tables."""

    def __init__(self, service: "TableService") -> None:
        self.service = service
        self.store: Storage = service.store

    # ---- who may open a table where
    async def may_open(self, guild_id: int | None, channel_id: int, actor: Actor) -> GuildConfig:
        """Whether this member may open a table in this channel (the server's /game config); the config."""
        if guild_id is None:
            raise errors.ServerOnly()
        config = await self.store.guild_config(guild_id)
        if config.channel_ids and channel_id not in config.channel_ids:
            raise errors.ChannelNotAllowed(channels=", ".join(f"<#{c}>" for c in config.channel_ids))
        if config.starter_role_id and not actor.manage_guild and config.starter_role_id not in actor.role_ids:
            raise errors.StarterRoleOnly(role=f"<@&{config.starter_role_id}>")
        return config

    async def channel_free(self, channel_id: int) -> None:
        self.service.require_served(self.service.unserved_in(channel_id))
        if self.service.in_channel(channel_id) or await self.store.live_game_in(channel_id):
            raise errors.ChannelTaken()

    # ---- lobbies
    async def create_lobby(
        self, guild_id: int | None, channel_id: int, actor: Actor, game_key: str,
        settings: str | dict | None = None, turn_seconds: int | None = None,
    ) -> Table:
        game = known_game(game_key)
        if not self.service.serves(game_key):
            raise errors.GameNotServed(game=game.title)
        config = await self.may_open(guild_id, channel_id, actor)
        await self.channel_free(channel_id)
        turn_seconds = turn_seconds or config.turn_seconds or DEFAULT_TURN_SECONDS
        if turn_seconds not in TIMER_CHOICES:
            raise errors.BadTimer()
        options = valid_options(game, parse_settings(settings, game) if isinstance(settings, str) or
                                settings is None else settings)
        row = dict(
            guild_id=guild_id, channel_id=channel_id, game_key=game_key, status="lobby", host_id=actor.user_id,
            options=options, turn_seconds=turn_seconds, seed=secrets.randbelow(2**62),
            seats=[asdict(Seat("", actor.user_id, actor.name))], state=None, timers={}, logs={},
        )
        try:
            game_id = await self.store.create_game(**row)
        except storage.ChannelTaken:  # opened meanwhile (another process, or a /game new awaiting beside this)
            raise errors.ChannelTaken() from None
        table = self.service.from_row({**row, "id": game_id, "version": 0, "board_message_id": None,
                                       "board_posted_at": None})
        assert table is not None, "known_game() accepted the game"
        self.service.tables[game_id] = table
        return table

    async def join(self, table: Table, user_id: int, name: str) -> None:
        self.service.require(table, "lobby")
        if table.seat_of(user_id):
            raise errors.AlreadySeated()
        if len(table.seats) >= table.game.max_players:
            raise errors.TableFull(n=table.game.max_players)
        table.seats.append(Seat("", user_id, name))
        await self.service.save(table)

    async def leave(self, table: Table, user_id: int) -> str:
        """In the lobby the seat goes away ("left", or "closed" with nobody left); in a running game a bot
        takes it over ("botted")."""
        seat = table.seat_of(user_id)
        if seat is None:
            raise errors.NotSeated()
        if table.status == "lobby":
            table.seats.remove(seat)
            humans = [s for s in table.seats if not s.is_bot]
            if not humans:
                table.status = "ended"
                await self.service.save(table)
                self.service.tables.pop(table.id, None)
                return "closed"
            if table.host_id == user_id:
                new_host = humans[0].user_id
                assert new_host is not None, "a human seat has its member"
                table.host_id = new_host
            await self.service.save(table)
            return "left"
        self.service.require(table, "active", "paused")
        await self.service.handing_over(table, seat)
        seat.user_id = None
        seat.name = f"{seat.name} (bot)"
        seat.supersede()  # the old holder's DM message loses its buttons
        seat.moves += 1  # as in replace(): the leaver's prompts go stale
        table.touch()  # the board names the seat afresh ("(bot)")
        await self.service.save(table)
        return "botted"

    async def add_bot(self, table: Table, actor: Actor | None = None) -> Seat:
        if actor is not None:
            require_host(table, actor)
        self.service.require(table, "lobby")
        if len(table.seats) >= table.game.max_players:
            raise errors.TableFull(n=table.game.max_players)
        number = sum(1 for s in table.seats if s.is_bot) + 1
        seat = Seat("", None, f"Bot {number}")
        table.seats.append(seat)
        await self.service.save(table)
        return seat

    async def set_option(self, table: Table, name: str, value: Any, actor: Actor | None = None) -> None:
        if actor is not None:
            require_host(table, actor)
        self.service.require(table, "lobby")
        if name == "turn_seconds":
            if not str(value).isdecimal() or int(value) not in TIMER_CHOICES:
                raise errors.BadTimer()
            table.turn_seconds = int(value)
        else:
            option = table.game.options.get(name)
            if option is None:
                raise errors.UnknownSetting(game=table.game.title, name=name[:40])
            typed = next((c for c in option.choices if str(c) == str(value)), value)
            table.options = valid_options(table.game, {**table.options, name: typed})
        await self.service.save(table)

    async def end(self, table: Table, actor: Actor | None = None) -> None:
        if actor is not None:
            require_moderator(table, actor)
        if table.status not in ("lobby", "active", "paused"):
            raise errors.GameOver()
        table.status = "ended"
        table.timers = {}
        await self.service.save(table)
        self.service.tables.pop(table.id, None)
        if table.state is not None:
            await self.service.recorded(table)

    async def replace(self, table: Table, actor: Actor, user_id: int, new_user: tuple[int, str] | None) -> Seat:
        """A moderator takes a member's seat away: a bot, or another member, plays it from now on."""
        require_moderator(table, actor)
        seat = table.seat_of(user_id)
        if seat is None:
            raise errors.MemberNotSeated()
        if new_user is not None and table.seat_of(new_user[0]):
            raise errors.ReplacementSeated()
        if table.status == "lobby":  # before the start: the replacement takes the place, else it is freed
            if new_user is not None:
                seat.user_id, seat.name = new_user
            else:
                table.seats.remove(seat)
            await self.service.save(table)
            return seat
        self.service.require(table, "active", "paused")
        await self.service.handing_over(table, seat)  # before it changes: who held it, for how long
        if new_user is not None:
            seat.user_id, seat.name = new_user
        else:
            seat.user_id, seat.name = None, f"{seat.name} (bot)"
        seat.supersede()  # the old holder's DM message loses its buttons
        seat.dm_closed = False
        seat.moves += 1  # the old player's prompts go stale
        table.touch()
        await self.service.retime(table)  # the old player's timer goes with their prompts
        return seat

    # ---- server settings
    async def configure(self, guild_id: int | None, actor: Actor, *, starter_role: int | None = None,
                        everyone: bool | None = None, add_channel: int | None = None,
                        remove_channel: int | None = None, timer: int | None = None,
                        language: str | None = None) -> GuildConfig:
        if guild_id is None:
            raise errors.ServerOnly()
        if not actor.manage_guild:
            raise errors.ManageServerOnly()
        if timer is not None and timer not in TIMER_CHOICES:
            raise errors.BadTimer()
        config = await self.store.guild_config(guild_id)
        channels = list(config.channel_ids)
        if add_channel and add_channel not in channels:
            channels.append(add_channel)
        if remove_channel and remove_channel in channels:
            channels.remove(remove_channel)
        role = None if everyone else (starter_role or config.starter_role_id)
        config = GuildConfig(guild_id, role, tuple(channels), timer or config.turn_seconds,
                             language if language is not None else config.language)
        await self.store.save_guild_config(config)
        return config


# ---- plain helpers
def known_game(key: str) -> Game:
    game = GAMES.get(key)
    if game is None:
        raise errors.UnknownGame(name=str(key)[:40], known=", ".join(f"`{k}`" for k in GAMES))
    return game


def check_players(game: Game, n: int) -> None:
    if not game.min_players <= n <= game.max_players:
        raise errors.PlayerCount(game=game.title, least=game.min_players, most=game.max_players, n=n)


def parse_settings(text: str | None, game: Game) -> dict:
    """'length=short theme=prophecy' -> {'length': 'short', ...}, typed like the option's choices."""
    out: dict = {}
    for part in (text or "").replace(",", " ").split():
        name, sep, value = part.partition("=")
        if not sep:
            raise errors.SettingsSyntax(example=settings_example(game))
        option = game.options.get(name)
        out[name] = next((c for c in option.choices if str(c) == value), value) if option else value
    return out


def settings_example(game: Game) -> str:
    return " ".join(f"{n}={o.default}" for n, o in game.options.items()) or "—"


def valid_options(game: Game, given: dict | None) -> dict:
    """The game's options with defaults filled in; a typed refusal for an unknown name or a bad value."""
    given = dict(given or {})
    for name, value in given.items():
        option = game.options.get(name)
        if option is None:
            raise errors.UnknownSetting(game=game.title, name=str(name)[:40])
        if value not in option.choices:
            raise errors.BadSetting(game=game.title, name=name, allowed=", ".join(map(str, option.choices)))
    return resolve_options(game, given)

