"""The watch page's live side: who watches which table, and the frame each of them gets after every change.

The publisher calls `changed(table)` at each of its passes (cogs/table/publisher.py), once the board's
picture is drawn: after the commit, so a watcher never sees a move before it is on disk, and after any hold
(a held reaction window must look as if it lasted its whole time: the page learns no more, and no sooner,
than the channel). A page that connects during a hold gets the last frame released. A table nobody
watches costs a dict lookup. A watched one gets one push task, which builds the table's newest frame
once (present/web/frames.py through face.py, the public view only, in the server's language) and sends the same bytes to
every watcher. Changes made while a push is under way are sent together in one more pass.

A frame's picture (a lossy WebP data URL) goes to a socket only the first time it sees that picture: the
page keeps pictures by key, and most moves change the text, not the picture. So each version is encoded
twice at most (with and without the picture), never once per watcher.
"""
from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from typing import Awaitable, Callable

from aiohttp import web

from bot import render
from bot.service import TableService
from bot.table import Frame, Table
from bot.web.face import public_frame, warm_picture
from bot.web.publiclog import PublicLog
from present.i18n import reading

log = logging.getLogger("rookery.web")


@dataclass
class Watcher:
    socket: web.WebSocketResponse
    pictures: set[str] = field(default_factory=set)  # picture keys this page already has
    sending: asyncio.Lock = field(default_factory=asyncio.Lock)  # a push and a catch-up: one frame at a time


@dataclass(frozen=True)
class Built:
    """One version's frame, encoded: `full` with its picture, `lean` without the picture's bytes."""

    key: tuple
    version: int
    picture: str | None
    full: str
    lean: str

    def for_watcher(self, watcher: Watcher) -> str:
        if self.picture is None or self.picture in watcher.pictures:
            return self.lean
        watcher.pictures.add(self.picture)
        return self.full


class Watchers:
    def __init__(self, service: TableService, log_of: PublicLog, language: Callable[[int], Awaitable[str]],
                 held: Callable[[Table], bool] = lambda table: False) -> None:
        self.service = service
        self.held = held                     # the publisher keeps the table's messages back for now
        self.log = log_of
        self.language = language             # a server's board language (the page reads what the channel reads)
        self.sockets: dict[int, list[Watcher]] = {}
        self._tables: dict[int, Table] = {}  # a watched table as last changed (a finished one leaves the service)
        self._built: dict[int, Built] = {}
        self._tasks: dict[int, asyncio.Task] = {}
        self._again: set[int] = set()
        self._locks: dict[int, asyncio.Lock] = {}
        self.frames_built = 0                # for the tests: built once per version, not per watcher

    # ---- the publisher's hook (no awaiting here)
    def changed(self, table: Table) -> None:
        if not self.sockets.get(table.id):
            return
        self._tables[table.id] = table
        task = self._tasks.get(table.id)
        if task is not None and not task.done():
            self._again.add(table.id)
            return
        self._tasks[table.id] = asyncio.get_running_loop().create_task(self._push(table.id),
                                                                        name=f"rookery-watch-{table.id}")

    async def _push(self, table_id: int) -> None:
        try:
            while True:
                self._again.discard(table_id)
                built = await self.current(table_id)
                if built is not None:
                    await asyncio.gather(*(self._send(w, built.for_watcher(w))
                                           for w in list(self.sockets.get(table_id, ()))))
                if table_id not in self._again:
                    return
        except Exception:  # one table's bad pass must not stop its later ones (the next change starts anew)
            log.exception("pushing table %s to its watchers failed", table_id)

    # ---- the sockets
    async def join(self, table_id: int, watcher: Watcher) -> None:
        self.sockets.setdefault(table_id, []).append(watcher)
        if table_id not in self._built and (table := await self.table(table_id)) is not None \
                and not self.held(table):
            await self.current(table_id)  # what the page is caught up with, should a hold start meanwhile

    def leave(self, table_id: int, watcher: Watcher) -> None:
        watchers = self.sockets.get(table_id, [])
        if watcher in watchers:
            watchers.remove(watcher)
        if not watchers:
            self.sockets.pop(table_id, None)
            self._tables.pop(table_id, None)
            self._built.pop(table_id, None)
            self._locks.pop(table_id, None)
            self.log.forget(table_id)

    def count(self, table_id: int) -> int:
        return len(self.sockets.get(table_id, ()))

    async def catch_up(self, table_id: int, watcher: Watcher, seen: int) -> None:
        """A page said which version it has (after a reconnect): it gets the newest frame if it is behind."""
        table = await self.table(table_id)
        if table is not None and self.held(table):
            built = self._built.get(table_id)  # what the channel shows until the hold ends
        else:
            built = await self.current(table_id)
        if built is not None and built.version != seen:
            await self._send(watcher, built.for_watcher(watcher))

    async def close_all(self, table_id: int, code: int, reason: str) -> None:
        for watcher in list(self.sockets.get(table_id, ())):
            await watcher.socket.close(code=code, message=reason.encode()[:120])

    @staticmethod
    async def _send(watcher: Watcher, text: str) -> None:
        async with watcher.sending:
            if not watcher.socket.closed:
                try:
                    await watcher.socket.send_str(text)
                except (ConnectionError, RuntimeError):  # the page went away meanwhile: its handler cleans up
                    pass

    # ---- frames
    async def table(self, table_id: int) -> Table | None:
        """The live table, or a finished one as last seen or loaded (kept while watched: one load, one frame)."""
        found = self.service.tables.get(table_id) or self._tables.get(table_id)
        if found is None:
            found = await self.service.get(table_id)
            if found is not None and table_id in self.sockets:  # the first load wins (pages arriving together)
                found = self._tables.setdefault(table_id, found)
        return found

    async def current(self, table_id: int) -> Built | None:
        """The table's newest frame, built once per version (None while it is still a lobby): one build at a
        time per table, so pages arriving together wait for the same frame."""
        lock = self._locks.setdefault(table_id, asyncio.Lock())
        async with lock:
            return await self._current(table_id)

    async def _current(self, table_id: int) -> Built | None:
        table = await self.table(table_id)
        if table is None or table.state is None:
            return None
        lang = await self.language(table.guild_id)
        lines = await self.log.lines(table, lang)
        frame = table.frame()  # after the awaits: the newest version
        built = self._built.get(table_id)
        if built is not None and built.key == (frame.key, lang):
            return built
        await self._draw(table, frame, lang)
        with reading(lang):
            data = public_frame(table, lines, frame)  # the public view: never a seat's
        self.frames_built += 1
        picture = data["picture"]
        full = json.dumps({"kind": "frame", "frame": data}, ensure_ascii=False, separators=(",", ":"))
        if picture is not None:
            data = {**data, "picture": {"key": picture["key"]}}
        lean = json.dumps({"kind": "frame", "frame": data}, ensure_ascii=False, separators=(",", ":"))
        built = Built((frame.key, lang), table.version, picture and picture["key"], full, lean)
        if table_id in self.sockets:
            self._built[table_id] = built
        return built

    @staticmethod
    async def _draw(table: Table, frame: Frame, lang: str) -> None:
        """Draw the board picture and encode it for the page on a worker thread (Pillow gives up the GIL), from
        the public view built here on the loop; frames.build then finds both in their caches."""
        if not table.game.traits.pictures:
            return
        frame.view(None)

        def draw() -> None:
            with reading(lang):
                found = render.board_picture(table, frame)
                if found:
                    warm_picture(*found)
        await asyncio.to_thread(draw)
