"""Time on a table: turn reminders and timeouts, and forced moves (a lone move with nothing to decide and
nothing to hide plays itself after a moment, so the table can read what led to it).

Deadlines are the service's (stored with the game, so a restart keeps them); this runs the two loops that
act on them and on forced moves, and hands every change to the host's one publish path.
"""
from __future__ import annotations

import asyncio
import logging

from bot import render
from bot.table import Table
from bot.service import attention
from cogs.table.publisher import always
from present.i18n import tr

log = logging.getLogger("rookery.host")
FORCED_DELAY = 2.0       # seconds before a forced move plays itself: the table reads what led to it first
FORCED_POLL = 0.5        # seconds between checks for forced moves that are due


class Timers:
    def __init__(self, host) -> None:
        self.host = host
        self.service = host.service
        self.forced_delay = FORCED_DELAY
        self._forced: dict[int, tuple[str, str, float]] = {}  # table id -> (seat, prompt key, when it plays)
        self._windows: dict[int, tuple[str, float]] = {}      # table id -> (held window's id, when it closes)
        self._last_close: float | None = None                  # the last close_windows pass (paused windows wait)
        self._tasks: list[asyncio.Task] = []

    # ---- turn timers
    async def tick(self, now: float | None = None) -> None:
        """Remind idle players, and let a bot move for those whose time ran out."""
        now = self.service.clock() if now is None else now
        for table, seat_id, kind in self.service.due(now):
            async with self.service.locked(table):
                if table.status != "active" or seat_id not in table.timers:
                    continue
                if attention(table.timers[seat_id], now) != kind:
                    continue  # due() looked before the lock: the seat has moved since, and has a new timer
                # Naming a seat the public waiting line doesn't name (a hidden reaction window) would tell
                # everyone that seat holds something to react with: such notices go to the seat alone.
                public = table.frame().publicly_awaited(seat_id)
                if kind == "remind":
                    left = max(0, int(table.timers[seat_id]["due"] - now))
                    moves = table.seat(seat_id).moves
                    await self.service.mark_reminded(table, seat_id)
                    self.host.publisher.publish(table, notice=(None if public else seat_id,
                                                               _reminder(seat_id, left),
                                                               lambda t, s=seat_id, m=moves: _still(t, s, m)))
                    continue
                outcome = await self.service.expire(table, seat_id)
                if outcome:
                    self.host.publisher.publish(table, notice=(None if public else seat_id,
                                                               _timed_out(seat_id, public), always))
                    await self.host.changed(table, outcome)

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

    # ---- forced moves
    def forced_move(self, table: Table, autoplay: set[int] = frozenset()) -> tuple[str, str] | None:
        """(seat, prompt key) of a human seat whose only legal move is one the public may see it make now:
        nothing to decide and nothing to hide. In a window the public decision doesn't name (a hidden
        reaction), an instant move would tell everyone the seat had no choice, so it waits for the player.
        So does a lone move that names a card or a target ("follow suit with your only Sword"): that it was
        the only one depends on the hand, and a move made exactly forced_delay later would say so, unless
        the decision says it is `obvious` to everyone (the seat's last card), or the member chose
        `/game autoplay on` (their own call: the timing may tell the table they had no other card)."""
        if table.status != "active" or table.state is None:
            return None
        frame = table.frame()
        decision = frame.decision()
        if decision is None:  # a game without the fact (a test's toy): every prompt is left to its player
            return None
        undo = set(table.game.traits.undo)
        for seat_id, legal in frame.pending().items():
            seat = table.seat(seat_id)
            if (len(legal) == 1 and (legal[0].keys() == {"type"} or decision.get("obvious")
                                     or seat.user_id in autoplay)
                    and legal[0]["type"] not in undo
                    and not seat.is_bot
                    and seat_id in decision.get("seats", ())):
                return seat_id, frame.prompt_key(seat_id)
        return None

    def schedule(self, table: Table, forced: tuple[str, str] | None) -> None:
        """Play the forced move forced_delay after the table sees it (after a held window's pause), from the
        forced-move loop. Nothing is stored for it: after a restart the republish schedules it again, and a
        click that gets there first makes the scheduled move a no-op (its prompt key no longer matches)."""
        if forced is None:
            self._forced.pop(table.id, None)
        elif self._forced.get(table.id, ())[:2] != forced:
            shown = max(self.service.clock(), self.host.publisher.held_until(table))
            self._forced[table.id] = (*forced, shown + self.forced_delay)

    # ---- held windows (a decision with `hold`: see engine.core.decision and data/blackrose/rules.md)
    def watch_window(self, table: Table) -> None:
        """After a change (caller holds the lock): a held window that closed before its time keeps the table's
        messages back until then, so the public cannot tell an early answer (someone could react) from none;
        a held window that just opened is timed from when the public sees it."""
        decision = table.frame().decision() or {} if table.state is not None else {}
        now = self.service.clock()
        current = self._windows.get(table.id)
        if current is not None and current[0] != decision.get("id"):  # that window is over
            del self._windows[table.id]
            if now < current[1]:
                self.host.publisher.hold(table, current[1])
        if decision.get("hold") and table.id not in self._windows:
            shown = max(now, self.host.publisher.held_until(table))  # it opens when published
            self._windows[table.id] = (decision.get("id"), shown + decision["hold"])

    async def close_windows(self, now: float) -> int:
        """Close every held window whose time is up: the seats it answers for let it pass, and a seat that
        was asked and did not answer takes its timeout choice. Returns how many windows closed."""
        closed = 0
        since, self._last_close = self._last_close, now
        for table_id, (window, due) in list(self._windows.items()):
            table = self.service.tables.get(table_id)
            if table is not None and table.status != "active":
                # Paused: the window's time stops too, so it reopens with what it had left. Closing it during
                # the pause would end it at once on resume when nobody could react, and not when someone
                # could: that difference would tell the table that someone holds a reaction.
                self._windows[table_id] = (window, due + max(0.0, now - (since if since is not None else now)))
                continue
            if table is None or due > now:
                if table is None:
                    self._windows.pop(table_id, None)
                continue
            try:
                closed += await self._close(table, window, due)
            except Exception:  # one table's failure must not stop the others' windows or forced moves
                log.exception("closing the held window of table %s failed", table_id)
        return closed

    async def _close(self, table: Table, window: str, due: float) -> int:
        async with self.service.locked(table):
            if self._windows.get(table.id) != (window, due):
                return 0
            frame = table.frame()
            if (frame.decision() or {}).get("id") != window:
                return 0
            outcome = None
            for seat_id in sorted(frame.unasked()):
                outcome = await self.service.act(table, seat_id, table.pending()[seat_id][0], automatic=True)
                if (table.frame().decision() or {}).get("id") != window:
                    break
            for seat_id in list(table.pending()):
                if (table.frame().decision() or {}).get("id") != window:
                    break
                outcome = await self.service.expire(table, seat_id) or outcome
            await self.host.changed(table, outcome)
            return 1

    async def play_forced(self, now: float | None = None) -> int:
        """Play every forced move that is due, and close held windows whose time is up; returns how many
        forced moves were played."""
        now = self.service.clock() if now is None else now
        await self.close_windows(now)
        self.host.publisher.release(now)
        played = 0
        for table_id, (seat_id, prompt, due) in list(self._forced.items()):
            table = self.service.tables.get(table_id)
            if due > now or table is None:
                if table is None:
                    self._forced.pop(table_id, None)
                continue
            try:
                async with self.service.locked(table):
                    if self._forced.get(table_id) != (seat_id, prompt, due):
                        continue  # rescheduled meanwhile
                    del self._forced[table_id]
                    legal = table.pending().get(seat_id, [])
                    if (table.status != "active" or len(legal) != 1
                            or self.service.prompt_key(table, seat_id) != prompt):
                        continue  # the player clicked it first, or the game moved on
                    # Source "player": the move was the player's alone to make, and it is theirs in the log.
                    outcome = await self.service.act(table, seat_id, legal[0], automatic=True)
                    played += 1
                    await self.host.changed(table, outcome)
            except Exception:
                log.exception("the forced move of %s in table %s failed", seat_id, table_id)
        return played

    async def reschedule_forced(self, guild_id: int, user_id: int) -> None:
        """After a member's /game autoplay: schedule (or drop) a lone card of theirs that waits right now."""
        members = await self.host.settings.autoplay_on(guild_id)
        for table in list(self.service.tables.values()):
            if table.guild_id == guild_id and any(s.user_id == user_id for s in table.seats):
                async with self.service.locked(table):
                    self.schedule(table, self.forced_move(table, members))


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
