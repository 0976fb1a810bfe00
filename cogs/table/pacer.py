"""How the publisher shares one bot token's global budget (Discord: 50 requests a second in all; the answer
to an interaction is exempt and never comes through here) between every table, so that under any demand
the messages someone waits for go first, nothing is dropped, and 429s stay rare.

What waits is not a message but a wish: "table T has something to send in lane L". There is one entry per
(table, lane) at most, so the queue is bounded by the number of tables, whatever the demand. The lanes,
most urgent first:

  DUE      the prompt of a seat that just became due (a new DM, its ping, a mention for a seat with DMs
           closed, the hand DM of any seat now pending) and the game's result message (once per game, and
           what every player of that table waits for: it does not wait behind boards);
  DM       the other DMs: hand edits of seats not due, private notices;
  CHANNEL  the board and the other channel messages (public notices);
  TIDY     shrinking a seat's older DM messages to one line: deferrable without limit.

When a request may go (the token bucket below has a token), the pacer grants a turn: among the tables
whose publisher is waiting for one, the oldest entry of the most urgent lane. "Oldest" is when the wish
was made: a table served goes to the back of its lane, so tables take turns (round robin) and a busy
table cannot starve a quiet one. An entry of the DM or CHANNEL lane that has waited long ages one lane up
per `AGING` seconds, so boards still move under sustained overload; TIDY never ages.

The table's publisher then builds, from the table's newest state, only that lane's messages, draws their
pictures and sends those that differ from what Discord shows: a board that waited while the table moved
ten times is built, drawn and sent once, in its newest form (cogs/table/publisher.py).

Pacing is a token bucket (GCRA: each request reserves the next free instant) at `rate` a second, allowing
`burst` at once, so in any second at most rate + burst requests leave. The turn's first request is
reserved when the turn is granted (given back if the lane had nothing to send); its other requests wait
for their own instants. A global 429 pauses the bucket for its retry_after. Per-route buckets (one
channel's messages, DM channel creation) are discord.py's: it reads X-RateLimit-* from every answer and
waits before a request whose bucket is empty (discord/http.py, Ratelimit), so they are not tracked here.
"""
from __future__ import annotations

import asyncio
import logging
import math
import time
from collections import OrderedDict
from typing import Awaitable, Callable

log = logging.getLogger("rookery.pacer")

DUE, DM, CHANNEL, TIDY = LANES = range(4)
LANE_NAMES = ("due", "dm", "channel", "tidy")
AGING = {DM: 5.0, CHANNEL: 5.0}   # seconds of waiting that move an entry one lane up (TIDY: never)
DISCORD_GLOBAL_RATE = 50.0        # requests a second per bot token (interaction answers excluded)


def process_budget(global_rate: float, shard_count: int) -> tuple[float, int]:
    """This process's (rate, burst) out of the token's `global_rate` when `shard_count` processes share it.

    Each process gets an equal share (global_rate / shard_count: Discord spreads servers evenly over
    shards, and there is no cheaper way to agree than not to need to). Its burst is a tenth of a second of
    its share, at least one request; its rate is its share less that burst, so that in any one second the
    processes together stay within the total even if all of them burst at once."""
    share = global_rate / max(1, shard_count)
    burst = max(1, math.floor(share * 0.1))
    return max(share - burst, share * 0.5), burst


class Bucket:
    """A token bucket kept as GCRA: `tat` is the instant the next request would be due at the rate; up to
    `burst` requests may be ahead of it. Every request reserves its instant, so they go out in order."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float]) -> None:
        self.interval = 1.0 / rate
        self.tolerance = (burst - 1) * self.interval
        self.clock = clock
        self.tat = float("-inf")   # nothing sent yet: the whole burst is free

    def delay(self) -> float:
        """How long before one more request may go."""
        return max(0.0, self.tat - self.tolerance - self.clock())

    def reserve(self) -> float:
        """Reserve the next request; returns how long to wait before sending it."""
        now = self.clock()
        wait = max(0.0, self.tat - self.tolerance - now)
        self.tat = max(self.tat, now) + self.interval
        return wait

    def give_back(self) -> None:
        """A reserved request was not needed."""
        self.tat = max(self.clock(), self.tat - self.interval)

    def pause(self, seconds: float) -> None:
        """Send nothing for `seconds` (Discord said the global limit was hit)."""
        self.tat = max(self.tat, self.clock() + seconds + self.tolerance)


class Pacer:
    def __init__(self, rate: float = DISCORD_GLOBAL_RATE * 0.9, burst: int = 5,
                 clock: Callable[[], float] | None = None,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        # Real time, not the loop's: a test harness may run the loop on a virtual clock (simcord), while
        # Discord's budget is counted in real seconds (tests of the pacer give a fake clock and sleep).
        clock = clock or time.perf_counter  # (simcord virtualizes time.monotonic, not this)
        self.bucket = Bucket(rate, burst, clock)
        self.clock, self.sleep = clock, sleep
        self._lanes: list[OrderedDict[int, float]] = [OrderedDict() for _ in LANES]  # table id -> since when
        self._waiting: dict[int, asyncio.Future] = {}   # tables whose publisher waits for a turn
        self._task: asyncio.Task | None = None
        self.granted = [0] * len(LANES)                 # turns granted per lane (tests, logs)

    # ---- wishes
    def want(self, table_id: int, lanes=(DUE, DM, CHANNEL)) -> None:
        """Table `table_id` may have something to send in these lanes (an entry that already waits keeps
        its place: what it sends is built when its turn comes)."""
        now = self.clock()
        for lane in lanes:
            self._lanes[lane].setdefault(table_id, now)
        self._poke()

    def wants(self, table_id: int) -> bool:
        return any(table_id in lane for lane in self._lanes)

    def queued(self) -> int:
        """Entries waiting, all lanes together (at most 4 per table)."""
        return sum(len(lane) for lane in self._lanes)

    # ---- turns
    async def turn(self, table_id: int) -> int:
        """Wait until this table may send; returns the lane it may send in. One request is reserved for it:
        `spend()` for each further one, `give_back()` if the lane had nothing to send."""
        future = asyncio.get_running_loop().create_future()
        self._waiting[table_id] = future
        if (self._task is None or self._task.done()) and self.bucket.delay() == 0:
            chosen = self.pick(everyone=True)  # no dispatcher at work, room in the budget, and the next turn
            # is ours even counting the tables not waiting yet: take it now
            if chosen is not None and chosen[0] == table_id:
                del self._waiting[table_id]
                return self._grant(*chosen)
        self._poke()
        try:
            return await future
        finally:
            if self._waiting.get(table_id) is future:
                del self._waiting[table_id]

    async def spend(self) -> None:
        """Wait for the instant of one more request of a granted turn."""
        wait = self.bucket.reserve()
        if wait > 0:
            await self.sleep(wait)

    def give_back(self) -> None:
        self.bucket.give_back()
        self._poke()

    def pause(self, seconds: float) -> None:
        log.warning("global rate limit hit: the publisher pauses %.2f s", seconds)
        self.bucket.pause(seconds)

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def _poke(self) -> None:
        """Make sure the dispatcher runs while some table waits for a turn (it ends when none does)."""
        if (self._task is None or self._task.done()) and self._waiting:
            self._task = asyncio.get_running_loop().create_task(self._dispatch(), name="rookery-pacer")

    def pick(self, everyone: bool = False) -> tuple[int, int] | None:
        """The (table, lane) whose turn is next: the oldest waiting entry of the most urgent lane, counting
        an old DM or CHANNEL entry as more urgent (AGING). Only tables whose publisher waits are eligible
        (one that is sending keeps its place)."""
        now = self.clock()
        best: tuple[float, float, int, int] | None = None
        for lane in LANES:
            for table_id, since in self._lanes[lane].items():
                future = self._waiting.get(table_id)
                if not everyone and (future is None or future.done()):
                    continue
                rank = float(lane if lane not in AGING else max(DUE, lane - (now - since) // AGING[lane]))
                key = (rank, since, lane, table_id)  # aged: by age among the due
                if best is None or key < best:
                    best = key
                break  # the first eligible entry is its lane's oldest
        return (best[3], best[2]) if best else None

    def _grant(self, table_id: int, lane: int) -> int:
        del self._lanes[lane][table_id]
        self.bucket.reserve()
        self.granted[lane] += 1
        return lane

    async def _dispatch(self) -> None:
        while (chosen := self.pick()) is not None:
            wait = self.bucket.delay()
            if wait > 0:
                await self.sleep(wait)  # then look again: a more urgent wish may have come meanwhile
                continue
            table_id, lane = chosen
            self._waiting.pop(table_id).set_result(self._grant(table_id, lane))
            await asyncio.sleep(0)  # let the granted publisher run up to its next await


class GlobalLimitWatch(logging.Filter):
    """discord.py waits out a global 429 itself: it logs "Global rate limit has been hit. Retrying in %.2f
    seconds." and holds every request until then (discord/http.py, HTTPClient.request). This hears that
    line on the "discord.http" logger and pauses the pacer for as long, so the turns granted meanwhile do
    not pile up behind discord.py's lock (the line itself is let through)."""

    PREFIX = "Global rate limit has been hit"

    def __init__(self, pacer: Pacer, logger: str = "discord.http") -> None:
        super().__init__()
        self.pacer = pacer
        self.logger = logging.getLogger(logger)
        self.logger.addFilter(self)

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args if isinstance(record.args, tuple) else ()
        if isinstance(record.msg, str) and record.msg.startswith(self.PREFIX) and args:
            try:
                self.pacer.pause(float(str(args[0])))
            except ValueError:
                pass
        return True

    def remove(self) -> None:
        self.logger.removeFilter(self)
