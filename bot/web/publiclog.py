"""A watched table's whole public log, for the watch page: every line the public may read since the first move.

The table's row keeps only the last lines (bot/table.py `Table.log`), so the log is rebuilt as
render.full_log does: the game replayed from its seed and stored actions, keeping the events addressed to
everyone. Here the replay is kept and advanced by the new actions only, so a move costs its own events, not
the whole game again. Only the public's lines: nothing addressed to a seat is ever kept.
"""
from __future__ import annotations

import asyncio

from bot.render import describe
from bot.storage import Storage
from bot.table import Table
from engine.core import State
from present import fmt
from present.i18n import reading


class Replayed:
    """One table's replay: the engine state after `seen` stored actions, and the public events so far."""

    def __init__(self, table: Table) -> None:
        self.state: State = table.game.new([s.seat for s in table.seats], table.seed, table.options)
        self.seen = 0
        self.events: list[dict] = []
        self.lines: dict[str, list[str]] = {}  # language -> the events' lines, as far as written
        self.lock = asyncio.Lock()

    def advance(self, actions: list[dict]) -> None:
        for entry in actions:
            self.events += [e for e in self.state.act(entry["seat"], entry["action"]) if e.get("to") is None]
        self.seen += len(actions)


class PublicLog:
    def __init__(self, store: Storage) -> None:
        self.store = store
        self._tables: dict[int, Replayed] = {}

    async def lines(self, table: Table, lang: str) -> list[str]:
        """The public log of the table as far as it is stored, in `lang`, as plain text lines."""
        replayed = self._tables.get(table.id)
        if replayed is None:
            replayed = self._tables[table.id] = Replayed(table)
        async with replayed.lock:
            if replayed.seen < table.version:
                actions = await self.store.actions(table.id)
                # A long game's first catch-up replays hundreds of moves: off the event loop (the replay's
                # state is this object's own; nothing else reads it).
                await asyncio.to_thread(replayed.advance, actions[replayed.seen:])
            written = replayed.lines.setdefault(lang, [])
            if len(written) < len(replayed.events):
                with reading(lang):
                    for event in replayed.events[len(written):]:
                        said = describe(table, event)
                        written.append(fmt.plain_line(said) if said else "")
            return [line for line in written if line]

    def forget(self, table_id: int) -> None:
        self._tables.pop(table_id, None)
