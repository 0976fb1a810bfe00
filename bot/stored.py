"""Live tables restored from storage, each column decoded only when something first reads it.

A process that restarts with 100,000 live games must not decode 100,000 engine states (seconds of CPU and
gigabytes of small objects) before it can answer anyone: most of those games wait for a player who comes
back later, or never. A StoredTable is an ordinary Table (bot/table.py) whose plain columns (id, channel,
status, version, ...) are set at once, and whose JSON columns (options, seats, state, timers, logs) stay the
stored text until first read. Reading one decodes it then, once, and from there it is a plain attribute:
the descriptors here are non-data ones, so the instance's own value wins and a table in play costs nothing
more. Whatever touches a table (a click, a timer, the publisher, the watch page) therefore sees it whole.

`Tables` is the service's dict of tables with a by-channel index kept beside it, so finding a channel's table
(every slash command in a channel asks) does not walk every table.
"""
from __future__ import annotations

import asyncio
import sys
from typing import Any, Callable, Iterable

import orjson

from engine import GAMES

from bot.table import Seat, Table, timers_from_json, upgraded_logs

STORED_COLUMNS = ("options", "seats", "state", "timers", "logs")


class _Decoded:
    """A Table field kept as its stored JSON text until first read, then decoded into the instance."""

    def __init__(self, build: Callable[["StoredTable", Any], Any]) -> None:
        self.build = build   # (table, decoded JSON) -> the field's value

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, table: "StoredTable | None", owner: type | None = None) -> Any:
        if table is None:
            return self
        stored = table._stored
        raw = stored.get(self.name)
        value = self.build(table, orjson.loads(raw) if isinstance(raw, (str, bytes)) else raw)
        table.__dict__[self.name] = value   # from now on an ordinary attribute
        stored.pop(self.name, None)         # (only once it decoded: a failure leaves the text to read again)
        return value


class _Made:
    """A Table field made on first read (a table nobody touches needs no lock)."""

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, table: "StoredTable | None", owner: type | None = None) -> Any:
        if table is None:
            return self
        value = table.__dict__[self.name] = self.make()
        return value


class StoredTable(Table):
    """A live table as restored: see the module docstring. Built by from_row(), never by Table's __init__."""

    _stored: dict[str, Any]  # column -> its stored text (or value), until the field is first read

    options = _Decoded(lambda table, raw: raw)
    seats = _Decoded(lambda table, raw: [Seat(**s) for s in raw])
    state = _Decoded(lambda table, raw: None if raw is None else GAMES[table.game_key].load(raw))
    timers = _Decoded(lambda table, raw: timers_from_json(raw))
    logs = _Decoded(lambda table, raw: upgraded_logs(raw))
    lock = _Made(asyncio.Lock)

    @classmethod
    def from_row(cls, row: dict) -> "StoredTable":
        """A table from a stored row whose JSON columns may still be text (or already decoded: either works)."""
        table = cls.__new__(cls)
        intern = sys.intern  # 100,000 rows say "active" and a few game keys: one string each, not 100,000
        table.__dict__.update(
            id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
            game_key=intern(row["game_key"]), status=intern(row["status"]), host_id=row["host_id"],
            turn_seconds=row["turn_seconds"], seed=row["seed"], version=row["version"],
            board_message_id=row["board_message_id"], board_posted_at=row["board_posted_at"],
            board_shown=row.get("board_shown") or "", board_picture=row.get("board_picture") or "",
            published_version=row.get("published_version"),
            _stored={name: row[name] for name in STORED_COLUMNS},
        )
        return table


class Tables(dict):
    """Tables by id (a plain dict to every reader), with each channel's tables indexed as they come and go.

    A channel holds one live table (storage's one_live_game_per_channel); for a moment two may share it (a
    finished game not yet dropped while a new lobby opens), so the index keeps a list, oldest first, as a
    walk over the dict in insertion order would find them."""

    def __init__(self, tables: Iterable[tuple[int, Table]] = ()) -> None:
        super().__init__()
        self.by_channel: dict[int, list[Table]] = {}
        self.update(tables)

    def in_channel(self, channel_id: int) -> Table | None:
        found = self.by_channel.get(channel_id)
        return found[0] if found else None

    def _unindex(self, table: Table) -> None:
        found = self.by_channel.get(table.channel_id)
        if found is not None:
            found[:] = [t for t in found if t is not table]
            if not found:
                del self.by_channel[table.channel_id]

    def __setitem__(self, game_id: int, table: Table) -> None:
        old = self.get(game_id)
        if old is table:
            return
        if old is not None:
            self._unindex(old)
        super().__setitem__(game_id, table)
        self.by_channel.setdefault(table.channel_id, []).append(table)

    def __delitem__(self, game_id: int) -> None:
        table = self[game_id]
        super().__delitem__(game_id)
        self._unindex(table)

    _missing = object()

    def pop(self, game_id: int, default: Any = _missing) -> Any:
        if game_id in self:
            table = super().pop(game_id)
            self._unindex(table)
            return table
        if default is Tables._missing:
            raise KeyError(game_id)
        return default

    def popitem(self) -> tuple[int, Table]:
        game_id, table = super().popitem()
        self._unindex(table)
        return game_id, table

    def setdefault(self, game_id: int, table: Table) -> Table:  # type: ignore[override]
        if game_id not in self:
            self[game_id] = table
        return self[game_id]

    def update(self, *args: Any, **kwargs: Any) -> None:
        for game_id, table in dict(*args, **kwargs).items():
            self[game_id] = table

    def clear(self) -> None:
        super().clear()
        self.by_channel.clear()
