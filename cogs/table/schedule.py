"""What a table's next moments hold, without playing them: forced moves (a lone move with nothing to
decide and nothing to hide plays itself after a moment, so the table can read what led to it) and held
reaction windows (a window that closes early keeps the table's messages back until its full time).

This only decides and remembers; Timers (timers.py) plays what is due, and Changes (changes.py) asks here
after every change.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import AbstractSet

from bot.service import TableService
from bot.table import Table
from cogs.table.publisher import Publisher
from cogs.table.settings import MemberSettings

FORCED_DELAY = 2.0       # seconds before a forced move plays itself: the table reads what led to it first


@dataclass(frozen=True)
class Forced:
    """A forced move waiting to play itself: the seat, the prompt it is for, and when (service clock)."""

    seat: str
    prompt: str
    due: float


@dataclass(frozen=True)
class Window:
    """A held reaction window: the decision's id, and when it closes (service clock)."""

    id: str | None  # the decision's "id", where the engine gives one
    closes: float


class Schedule:
    def __init__(self, service: TableService, publisher: Publisher, settings: MemberSettings) -> None:
        self.service = service
        self.publisher = publisher
        self.settings = settings
        self.forced_delay = FORCED_DELAY
        self.forced: dict[int, Forced] = {}     # table id -> its forced move
        self.windows: dict[int, Window] = {}    # table id -> its held window

    # ---- forced moves
    def forced_move(self, table: Table, autoplay: AbstractSet[int] = frozenset()) -> tuple[str, str] | None:
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
        current = self.forced.get(table.id)
        if forced is None:
            self.forced.pop(table.id, None)
        elif current is None or (current.seat, current.prompt) != forced:
            shown = max(self.service.clock(), self.publisher.held_until(table))
            self.forced[table.id] = Forced(*forced, shown + self.forced_delay)

    async def reschedule_forced(self, guild_id: int, user_id: int) -> None:
        """After a member's /game autoplay: schedule (or drop) a lone card of theirs that waits right now."""
        members = await self.settings.autoplay_on(guild_id)
        for table in list(self.service.tables.values()):
            if table.guild_id == guild_id and any(s.user_id == user_id for s in table.seats):
                async with self.service.locked(table):
                    self.schedule(table, self.forced_move(table, members))

    # ---- held windows (a decision with `hold`: see engine.core.decision)
    def holding(self, table: Table, seat_id: str | None) -> bool:
        """Whether what the seat may ask for on its own (My hand, the Log) must wait for a held window's time:
        from the moment it opens until its full time is over, for every seat but one it still asks. Once an
        early answer closed it, the live state would tell the window ended early; a seat it answers for
        would see its lone pass. So they all read the same thing, open or kept back."""
        window = self.windows.get(table.id)
        if self.publisher.held_until(table):
            return True
        if window is None or self.service.clock() >= window.closes:
            return False
        return seat_id is None or not table.frame().prompted(seat_id)

    def watch_window(self, table: Table) -> None:
        """After a change (caller holds the lock): a held window that closed before its time keeps the table's
        messages back until then, so the public cannot tell an early answer (someone could react) from none;
        a held window that just opened is timed from when the public sees it."""
        decision = table.frame().decision() or {} if table.state is not None else {}
        now = self.service.clock()
        current = self.windows.get(table.id)
        if current is not None and current.id != decision.get("id"):  # that window is over
            del self.windows[table.id]
            if now < current.closes:
                self.publisher.hold(table, current.closes)
        if decision.get("hold") and table.id not in self.windows:
            shown = max(now, self.publisher.held_until(table))  # it opens when published
            self.windows[table.id] = Window(decision.get("id"), shown + decision["hold"])
