"""Time on a table: the two loops. One reminds idle players and times them out (deadlines are the
service's, stored with the game, so a restart keeps them); the other plays forced moves and closes held
reaction windows when they are due (schedule.py decides those). Every change goes out through Changes.
"""
from __future__ import annotations

import asyncio
import logging

from bot import render
from bot.service import TableService
from bot.table import Table
from cogs.table.changes import Changes
from cogs.table.publisher import Notice, Publisher
from cogs.table.schedule import Schedule, Window
from present.i18n import tr

log = logging.getLogger("rookery.host")
FORCED_POLL = 0.5        # seconds between checks for forced moves that are due


class Timers:
    def __init__(self, service: TableService, publisher: Publisher, schedule: Schedule, changes: Changes) -> None:
        self.service = service
        self.publisher = publisher
        self.schedule = schedule
        self.changes = changes
        self._last_close: float | None = None                  # the last close_windows pass (paused windows wait)
        self._tasks: list[asyncio.Task] = []

    # ---- turn timers
    async def tick(self, now: float | None = None) -> None:
        """Remind idle players, and let a bot move for those whose time ran out."""
        now = self.service.clock() if now is None else now
        for due in self.service.due(now):
            table, seat_id, kind = due.table, due.seat, due.kind
            async with self.service.locked(table):
                if table.status != "active" or seat_id not in table.timers:
                    continue
                if table.timers[seat_id].attention(now) != kind:
                    continue  # due() looked before the lock: the seat has moved since, and has a new timer
                # Naming a seat the public waiting line doesn't name (a hidden reaction window) would tell
                # everyone that seat holds something to react with: such notices go to the seat alone.
                public = table.frame().publicly_awaited(seat_id)
                if kind == "remind":
                    left = max(0, int(table.timers[seat_id].due - now))
                    moves = table.seat(seat_id).moves
                    await self.service.mark_reminded(table, seat_id)
                    still = lambda t, s=seat_id, m=moves: _still(t, s, m)  # noqa: E731
                    self.publisher.publish(table, notice=Notice(None if public else seat_id, _reminder(seat_id, left),
                                                                still))
                    continue
                outcome = await self.service.expire(table, seat_id)
                if outcome:
                    self.publisher.publish(table, notice=Notice(None if public else seat_id,
                                                                _timed_out(seat_id, public)))
                    await self.changes.publish(table, outcome)

    def start(self, poll_seconds: float) -> None:
        async def loop(every: float, work, what: str) -> None:
            while True:
                await asyncio.sleep(every)
                try:
                    await work()
                except Exception:  # a failed pass must not stop later ones
                    log.exception("%s failed", what)

        if poll_seconds > 0 and not self._tasks:
            self._tasks = [asyncio.create_task(loop(poll_seconds, self.tick, "timer tick"), name="rookery-timers"),
                           asyncio.create_task(loop(FORCED_POLL, self.play_forced, "forced moves"),
                                               name="rookery-forced-moves")]

    def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        self._tasks = []

    # ---- forced moves and held windows that are due (schedule.py decides them)
    async def close_windows(self, now: float) -> int:
        """Close every held window whose time is up: the seats it answers for let it pass, and a seat that
        was asked and did not answer takes its timeout choice. Returns how many windows closed."""
        closed = 0
        since, self._last_close = self._last_close, now
        windows = self.schedule.windows
        for table_id, window in list(windows.items()):
            table = self.service.tables.get(table_id)
            if table is not None and table.status != "active":
                # Paused: the window's time stops too, so it reopens with what it had left. Closing it during
                # the pause would end it at once on resume when nobody could react, and not when someone
                # could: that difference would tell the table that someone holds a reaction.
                paused = max(0.0, now - (since if since is not None else now))
                windows[table_id] = Window(window.id, window.closes + paused)
                continue
            if table is None or window.closes > now:
                if table is None:
                    windows.pop(table_id, None)
                continue
            try:
                closed += await self._close(table, window)
            except Exception:  # one table's failure must not stop the others' windows or forced moves
                log.exception("closing the held window of table %s failed", table_id)
        return closed

    async def _close(self, table: Table, window: Window) -> int:
        async with self.service.locked(table):
            if self.schedule.windows.get(table.id) != window:
                return 0
            frame = table.frame()
            if (frame.decision() or {}).get("id") != window.id:
                return 0
            outcome = None
            for seat_id in sorted(frame.unasked()):
                outcome = await self.service.act(table, seat_id, table.pending()[seat_id][0], automatic=True)
                if (table.frame().decision() or {}).get("id") != window.id:
                    break
            for seat_id in list(table.pending()):
                if (table.frame().decision() or {}).get("id") != window.id:
                    break
                outcome = await self.service.expire(table, seat_id) or outcome
            await self.changes.publish(table, outcome)
            return 1

    async def play_forced(self, now: float | None = None) -> int:
        """Play every forced move that is due, and close held windows whose time is up; returns how many
        forced moves were played."""
        now = self.service.clock() if now is None else now
        await self.close_windows(now)
        self.publisher.release(now)
        played = 0
        forced_moves = self.schedule.forced
        for table_id, forced in list(forced_moves.items()):
            table = self.service.tables.get(table_id)
            seat_id = forced.seat
            if forced.due > now or table is None:
                if table is None:
                    forced_moves.pop(table_id, None)
                continue
            try:
                async with self.service.locked(table):
                    if forced_moves.get(table_id) != forced:
                        continue  # rescheduled meanwhile
                    del forced_moves[table_id]
                    legal = table.pending().get(seat_id, [])
                    if (table.status != "active" or len(legal) != 1
                            or self.service.prompt_key(table, seat_id) != forced.prompt):
                        continue  # the player clicked it first, or the game moved on
                    # Source "player": the move was the player's alone to make, and it is theirs in the log.
                    outcome = await self.service.act(table, seat_id, legal[0], automatic=True)
                    played += 1
                    await self.changes.publish(table, outcome)
            except Exception:
                log.exception("the forced move of %s in table %s failed", seat_id, table_id)
        return played


def _still(table: Table, seat_id: str, moves: int) -> bool:
    """A reminder is still worth sending while the seat's prompt is the one it was about."""
    return table.status == "active" and seat_id in table.pending() and table.seat(seat_id).moves == moves


def _reminder(seat_id: str, left: int):
    def build(table: Table) -> str:
        seat = table.seat(seat_id)
        return tr("⏰ <@{user}>, it's your move in **{game}** (table #{id}). In {time} a bot will move for you.",
                  user=seat.user_id, game=table.game.title, id=table.id, time=render.minutes(left))
    return build


def _timed_out(seat_id: str, public: bool):
    def build(table: Table) -> str:
        if public:
            from discord.utils import escape_markdown
            return tr("⌛ **{name}** ran out of time, so a bot made a legal move for them.",
                      name=escape_markdown(table.seat(seat_id).name))
        return tr("⌛ Your time ran out, so the safest legal choice was made for you in **{game}**.",
                  game=table.game.title)
    return build
