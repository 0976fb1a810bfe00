"""Tables before and around play: loading, lobbies, seats, settings, and who may do what.

The policy lives here, not in the cogs: who may open a table (the server's /game config), who may start,
end, pause, kick or change settings (the host, or a moderator: Manage Channels or Manage Server), what a
lobby accepts. Every refusal is a typed bot.errors.Refusal raised before anything changes.
"""
from __future__ import annotations

import secrets
from dataclasses import asdict
from typing import Any

from engine import GAMES
from engine.core import Game, resolve_options

from bot import errors
from bot import storage
from bot.storage import GuildConfig, Storage
from bot.table import Actor, Seat, Table

TIMER_CHOICES = (30, 60, 120, 300, 600, 1800, 3600, 86400)
DEFAULT_TURN_SECONDS = 300
_REFUSED_IN = {"lobby": errors.NotStarted, "active": errors.AlreadyStarted, "paused": errors.Paused}


class LobbyService:
    def __init__(self, store: Storage) -> None:
        self.store = store
        self.tables: dict[int, Table] = {}
        # The games this process runs (each game's cog adds its own: cogs/table/games.py); None: every game.
        # A live table of any other game waits in `unserved`, its row untouched, and is refused when asked.
        self.serving: set[str] | None = None
        self.unserved: dict[int, Table] = {}
        self.history = None  # bot.records.HistoryService when the bot runs: told of finished games and handovers

    # ---- loading and saving
    @staticmethod
    def game_of(row: dict) -> Game:
        return GAMES[row["game_key"]]

    def from_row(self, row: dict) -> Table | None:
        """A stored game as a Table (None for a game this build no longer has)."""
        if row is None or row["game_key"] not in GAMES:
            return None
        table = Table(
            id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"], game_key=row["game_key"],
            status=row["status"], host_id=row["host_id"], options=row["options"],
            turn_seconds=row["turn_seconds"], seed=row["seed"], seats=[Seat(**s) for s in row["seats"]],
            version=row["version"], board_message_id=row["board_message_id"],
            board_posted_at=row["board_posted_at"], timers=row["timers"], logs=_upgraded(row["logs"]),
            board_shown=row.get("board_shown") or "", board_picture=row.get("board_picture") or "",
        )
        if row["state"] is not None:
            table.state = table.game.load(row["state"])
        return table

    async def get(self, game_id: int) -> Table | None:
        if game_id in self.tables:
            return self.tables[game_id]
        return self.unserved.get(game_id) or self.from_row(await self.store.get_game(game_id))

    def in_channel(self, channel_id: int) -> Table | None:
        return next((t for t in self.tables.values() if t.channel_id == channel_id), None)

    def here(self, channel_id: int) -> Table:
        table = self.in_channel(channel_id)
        if table is None:
            self.require_served(next((t for t in self.unserved.values() if t.channel_id == channel_id), None))
            raise errors.NoGameHere()
        return table

    # ---- the games this process runs
    def serves(self, game_key: str) -> bool:
        return self.serving is None or game_key in self.serving

    def serve(self, game_key: str) -> None:
        """Run this game from now on (its cog loaded): any of its tables kept aside come back into play."""
        if self.serving is not None:
            self.serving.add(game_key)
        for table in [t for t in self.unserved.values() if t.game_key == game_key]:
            self.tables[table.id] = self.unserved.pop(table.id)

    def shelve(self, game_key: str) -> None:
        """Stop running this game (its cog unloaded): its tables are kept aside, untouched."""
        self.serving = set(GAMES) if self.serving is None else self.serving
        self.serving.discard(game_key)
        for table in [t for t in self.tables.values() if t.game_key == game_key]:
            self.unserved[table.id] = self.tables.pop(table.id)

    def require_served(self, table: Table | None) -> None:
        """Refuse anything asked of a table whose game this process does not run (None: nothing to check)."""
        if table is not None and not self.serves(table.game_key):
            raise errors.GameNotServed(game=table.game.title)

    async def save(self, table: Table, **extra: Any) -> None:
        await self.store.update_game(table.id, **self._fields(table), **extra)

    def _fields(self, table: Table) -> dict:
        return {
            **self._progress(table), "host_id": table.host_id, "options": table.options,
            "turn_seconds": table.turn_seconds, "seed": table.seed,
            "board_message_id": table.board_message_id, "board_posted_at": table.board_posted_at,
            "board_shown": table.board_shown, "board_picture": table.board_picture,
        }

    @staticmethod
    def _progress(table: Table) -> dict:
        """What an action can change: all a commit rewrites (every byte is encoded and written per click).
        The values share the table's own dicts and lists, uncopied: both storages encode them before they
        await anything, so nothing can change them first. A state may offer json_view(), its to_json()
        without the copies."""
        state = table.state
        return {
            "status": table.status, "seats": [vars(s) for s in table.seats],
            "state": None if state is None else getattr(state, "json_view", state.to_json)(),
            "version": table.version, "timers": table.timers, "logs": table.logs,
        }

    async def save_messages(self, table: Table) -> None:
        """Remember board and hand message ids (not game progress, which act() saves)."""
        await self.store.update_game(
            table.id, seats=seat_records(table), board_message_id=table.board_message_id,
            board_posted_at=table.board_posted_at, board_shown=table.board_shown, board_picture=table.board_picture,
        )

    # ---- the policy
    def require(self, table: Table, *statuses: str) -> None:
        if table.status not in statuses:
            raise _REFUSED_IN.get(table.status, errors.GameOver)()

    @staticmethod
    def is_moderator(table: Table, actor: Actor) -> bool:
        return actor.user_id == table.host_id or actor.manage_channels or actor.manage_guild

    def require_moderator(self, table: Table, actor: Actor) -> None:
        if not self.is_moderator(table, actor):
            raise errors.ModeratorOnly()

    @staticmethod
    def require_host(table: Table, actor: Actor) -> None:
        if actor.user_id != table.host_id:
            raise errors.HostOnly()

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
        self.require_served(next((t for t in self.unserved.values() if t.channel_id == channel_id), None))
        if self.in_channel(channel_id) or await self.store.live_game_in(channel_id):
            raise errors.ChannelTaken()

    # ---- lobbies
    async def create_lobby(
        self, guild_id: int | None, channel_id: int, actor: Actor, game_key: str,
        settings: str | dict | None = None, turn_seconds: int | None = None,
    ) -> Table:
        game = known_game(game_key)
        if not self.serves(game_key):
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
        table = self.from_row({**row, "id": game_id, "version": 0, "board_message_id": None,
                               "board_posted_at": None})
        self.tables[game_id] = table
        return table

    async def join(self, table: Table, user_id: int, name: str) -> None:
        self.require(table, "lobby")
        if table.seat_of(user_id):
            raise errors.AlreadySeated()
        if len(table.seats) >= table.game.max_players:
            raise errors.TableFull(n=table.game.max_players)
        table.seats.append(Seat("", user_id, name))
        await self.save(table)

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
                await self.save(table)
                self.tables.pop(table.id, None)
                return "closed"
            if table.host_id == user_id:
                table.host_id = humans[0].user_id
            await self.save(table)
            return "left"
        self.require(table, "active", "paused")
        if self.history is not None:
            await self.history.seat_handed_over(table, seat)
        seat.user_id = None
        seat.name = f"{seat.name} (bot)"
        seat.dm_channel_id = seat.dm_message_id = None
        seat.moves += 1  # as in replace(): the leaver's prompts go stale
        table.touch()  # the board names the seat afresh ("(bot)")
        await self.save(table)
        return "botted"

    async def add_bot(self, table: Table, actor: Actor | None = None) -> Seat:
        if actor is not None:
            self.require_host(table, actor)
        self.require(table, "lobby")
        if len(table.seats) >= table.game.max_players:
            raise errors.TableFull(n=table.game.max_players)
        number = sum(1 for s in table.seats if s.is_bot) + 1
        seat = Seat("", None, f"Bot {number}")
        table.seats.append(seat)
        await self.save(table)
        return seat

    async def set_option(self, table: Table, name: str, value: Any, actor: Actor | None = None) -> None:
        if actor is not None:
            self.require_host(table, actor)
        self.require(table, "lobby")
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
        await self.save(table)

    def check_start(self, table: Table, actor: Actor | None) -> None:
        if actor is not None:
            self.require_moderator(table, actor)
        self.require(table, "lobby")
        if len(table.seats) < table.game.min_players:
            raise errors.TooFewPlayers(game=table.game.title, n=table.game.min_players)
        check_players(table.game, len(table.seats))

    async def end(self, table: Table, actor: Actor | None = None) -> None:
        if actor is not None:
            self.require_moderator(table, actor)
        if table.status not in ("lobby", "active", "paused"):
            raise errors.GameOver()
        table.status = "ended"
        table.timers = {}
        await self.save(table)
        self.tables.pop(table.id, None)
        if self.history is not None and table.state is not None:
            await self.history.game_over(table)

    async def replace(self, table: Table, actor: Actor, user_id: int, new_user: tuple[int, str] | None) -> Seat:
        """A moderator takes a member's seat away: a bot, or another member, plays it from now on."""
        self.require_moderator(table, actor)
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
            await self.save(table)
            return seat
        self.require(table, "active", "paused")
        if self.history is not None:
            await self.history.seat_handed_over(table, seat)  # before it changes: who held it, for how long
        if new_user is not None:
            seat.user_id, seat.name = new_user
        else:
            seat.user_id, seat.name = None, f"{seat.name} (bot)"
        seat.dm_channel_id = seat.dm_message_id = None
        seat.dm_closed = False
        seat.moves += 1  # the old player's prompts go stale
        table.touch()
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


def seat_records(table: Table) -> list[dict]:
    # Seats hold only plain values: a shallow copy is all that asdict()'s deep copy did, at a tenth of the cost.
    return [dict(vars(s)) for s in table.seats]


def _upgraded(logs: dict) -> dict:
    """Games saved before log lines were kept as events hold English text: keep it readable as is."""
    if logs and "lines" in logs and "log" not in logs:
        logs = {**logs, "log": [[to, {"type": "_text", "text": text}] for to, text in logs["lines"]]}
        logs.pop("lines")
    return logs
