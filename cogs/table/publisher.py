"""The one send path of a table's messages: the public board, each seat's hand DM, turn pings, the result.

One publisher task per table is the only sender of its messages. A change (a click's Outcome, a timer, a
moderator) only queues a request, under the table's lock and without the network, and tells the pacer
(pacer.py) in which lanes the table may have something to send: due prompts, other DMs, the channel, tidying.
The task then, for each turn the pacer grants it (one lane, when the token's global budget allows):
1. draws that lane's pictures on a worker thread, then under the lock builds that lane's messages once from
   the table's newest Frame (messages.py: one view per reader, one board per language) and keeps only those
   whose hash differs from what the message shows now; a lane with nothing to send gives its request back;
2. without the lock, sends them, each at its instant in the budget;
3. under the lock again, records what landed and stores it in one write.
Changes made while a lane waits are sent in its one turn, in their newest form: a board that waited while
the table moved ten times is drawn and sent once. The watch page is told of each new version at once.

When Discord says no, the game goes on: nothing here touches the game's state. A message that failed is
sent again from the newest state, with backoff (1, 2, 4, 8 s, then every 10 s) until it lands or a newer
one replaces it; a 403 on the channel waits for the bot's permissions to change (the Host cog kicks the
table's publisher on the channel or role update, and a slow retry covers a missed event); a deleted board
is posted again; a 429 is waited out by discord.py (a global one pauses the pacer too), and if it still
surfaces, by the retry delay. Each failure is one log line, without a traceback.
"""
from __future__ import annotations

import asyncio
import logging
import time
from typing import AbstractSet, Callable

import discord

from bot import render
from bot.service import TableService
from bot.table import Outcome, Seat, Table
from cogs.table.games import policy
from cogs.table.layout import layout
from cogs.table.jobs import Failed, Job, Notice, Request, keep  # noqa: F401  (Notice: timers.py imports it here)
from cogs.table.messages import UNKNOWN_FILES, Messages
from cogs.table.pacer import CHANNEL, DM, DUE, TIDY, GlobalLimitWatch, Pacer
from cogs.table.settings import MemberSettings
from present.i18n import reading, tr

log = logging.getLogger("rookery.publish")
BOARD_MAX_AGE = 50 * 60      # Discord rate-limits edits of messages older than an hour: repost before that
BACKOFF = (1, 2, 4, 8, 10)   # seconds before each retry of a failed publish (the last repeats)
FORMAT = "v2:"               # prefix of stored message hashes: an older message is replaced, not edited


def _member(seat: Seat) -> int:
    """The member holding a seat that gets DMs (hands, pings, private notices never go to a bot's seat)."""
    assert seat.user_id is not None, "only a member's seat gets DMs"
    return seat.user_id


class Publisher:
    def __init__(self, bot, service: TableService, settings: MemberSettings, messages: Messages,
                 result_rows: Callable[[Table], list] = lambda table: [], pacer: Pacer | None = None) -> None:
        self.bot = bot
        self.pacer = pacer or Pacer()    # whose turn it is to send, under the token's global budget
        self._global_watch = GlobalLimitWatch(self.pacer)  # discord.py's own global 429s pause it too
        self.service = service
        self.settings = settings
        self.messages = messages
        self.result_rows = result_rows   # the rows under a result message: the Rematch button (cogs/history.py)
        self._requests: dict[int, Request] = {}
        self._tasks: dict[int, asyncio.Task] = {}
        self._failures: dict[int, int] = {}          # table id -> failed passes in a row
        self._retries: dict[int, asyncio.TimerHandle] = {}
        self._pending: dict[int, Request] = {}       # table id -> what failed, for the next pass
        # table id -> (when its messages may go out again, the table): the table is kept, since a game that
        # ends during a hold has left service.tables and its result must still go out
        self._held: dict[int, tuple[float, Table]] = {}
        self.blocked: set[int] = set()               # tables whose channel answered 403
        self.watchers: list[Callable[[Table], None]] = []  # told of each new version (bot/web/)
        self._told: dict[int, tuple] = {}            # table id -> the version the watchers were last told of
        self._asked: dict[int, int] = {}             # table id -> its version when last asked to publish

    # ---- queueing (caller holds the table's lock)
    def publish(self, table: Table, outcome: Outcome | None = None, *, answered: dict[str, str] | None = None,
                repost: bool = False, notice: Notice | None = None, pings: AbstractSet[str] = frozenset()) -> None:
        request = self._requests.setdefault(table.id, Request())
        self._asked[table.id] = table.version
        if table.id in self._pending:  # what failed earlier goes out with this change
            request.merge(self._pending.pop(table.id))
        request.result |= bool(outcome and outcome.over)
        request.pings |= set(pings)
        request.answered.update(answered or {})
        request.repost |= repost
        if notice is not None:
            request.notices.append(notice)
        self._want(table)
        self._kick(table)

    def _want(self, table: Table, lanes=(DUE, DM, CHANNEL)) -> None:
        """The table may have something to send in these lanes (what exactly is worked out at its turn)."""
        if any(seat.superseded for seat in table.seats):
            lanes = (*lanes, TIDY)
        self.pacer.want(table.id, lanes)

    def _kick(self, table: Table) -> None:
        task = self._tasks.get(table.id)
        if task is None or task.done():
            self._tasks[table.id] = asyncio.create_task(self._run(table), name=f"rookery-publish-{table.id}")

    def hold(self, table: Table, until: float) -> None:
        """Keep this table's messages back until `until` (service clock): a held reaction window closed early
        and must look, to everyone, as if it lasted its whole time. What changes meanwhile goes out then."""
        self._held[table.id] = (max(until, self._held.get(table.id, (0.0,))[0]), table)
        self._want(table)
        delay = max(0.0, until - self.service.clock())
        asyncio.get_running_loop().call_later(delay, self._kick, table)

    def release(self, now: float) -> None:
        """Send what was kept back for every table whose hold is over (the forced-move loop calls this too,
        so a hold ends on time even if its timer fired early)."""
        for table_id, (until, table) in list(self._held.items()):
            if until <= now:
                del self._held[table_id]
                if self.pacer.wants(table_id):
                    self._kick(table)

    def held_until(self, table: Table) -> float:
        until = self._held.get(table.id, (0.0,))[0]
        if until and until <= self.service.clock():
            del self._held[table.id]
            return 0.0
        return until

    def retry_now(self, table_ids) -> None:
        """The channel may accept us again (a permission changed): try the blocked tables at once."""
        for table_id in list(table_ids):
            table = self.service.tables.get(table_id)
            if table is not None and table_id in self.blocked:
                self._retry(table)

    async def settled(self, table: Table | None = None) -> int:
        """Wait until the publisher of `table` (or of every table) has nothing left to send; returns the
        Discord requests those passes made. Tests and the after-restart republish wait here."""
        sent = 0
        while True:  # a pass may hand over to a new task (a request queued as the last one ended)
            tasks = [self._tasks.get(table.id)] if table is not None else list(self._tasks.values())
            tasks = [t for t in tasks if t is not None and not t.done()]
            if not tasks:
                return sent
            for task in tasks:
                sent += await asyncio.shield(task)

    def stop(self) -> None:
        for task in self._tasks.values():
            task.cancel()
        for handle in self._retries.values():
            handle.cancel()
        self.pacer.stop()
        self._global_watch.remove()

    # ---- the task
    async def _run(self, table: Table) -> int:
        """While the table has something to send: wait for its turn (pacer.py), then send that lane's
        messages. One task per table, so its passes never overlap."""
        sent = 0
        try:
            while self.held_until(table) == 0.0 and self.pacer.wants(table.id):
                self._tell_watchers(table)
                lane = await self.pacer.turn(table.id)
                if self.held_until(table):  # a hold began while it waited: its turn comes when the hold ends
                    self.pacer.give_back()
                    self.pacer.want(table.id, (lane,))
                    break
                sent += await self._pass(table, lane)
            if not self.pacer.wants(table.id) and not self.held_until(table):
                await self._all_out(table)
        except asyncio.CancelledError:
            raise
        except Exception:  # a bug in one pass must not stop later ones: the next change starts a new task
            log.exception("publishing table %s failed", table.id)
        finally:
            if self._tasks.get(table.id) is asyncio.current_task():
                self._tasks.pop(table.id, None)
                if self.pacer.wants(table.id) and not self.held_until(table):  # wished for after the last look
                    self._kick(table)  # (a held table is kicked again when its hold ends: hold(), release())
                elif table.id not in self.service.tables:
                    self._told.pop(table.id, None)  # a finished game: forget it
                    self._asked.pop(table.id, None)
        return sent

    async def _all_out(self, table: Table) -> None:
        """Every lane has sent, nothing failed or waits, no old DM is left to shrink: store that the version
        last asked for is out, so a restart need not look at this table (Republish, cogs/table/host.py)."""
        asked = self._asked.get(table.id)
        if asked is None or table.published_version == asked:
            return
        async with table.lock:
            if (self.pacer.wants(table.id) or table.id in self._pending or table.id in self._requests
                    or any(seat.superseded for seat in table.seats)):
                return  # something came up meanwhile: the pass that sends it tries again
            table.published_version = asked
            await self.service.save_published(table)

    def _tell_watchers(self, table: Table) -> None:
        """The watch page learns of each new version at once (after any hold: never sooner than the
        channel would have), whatever the channel's budget; it draws its own pictures."""
        version = (table.version, table.status)
        if self.watchers and self._told.get(table.id) != version:
            self._told[table.id] = version
            for changed in self.watchers:
                changed(table)

    async def _pass(self, table: Table, lane: int) -> int:
        """One turn: build the lane's messages from the newest state (drawing only their pictures), send
        those that changed, record what landed. Returns the Discord requests that landed."""
        request = self._requests.pop(table.id, None) or Request()
        if table.id in self._pending:
            request.merge(self._pending.pop(table.id))
        await self.messages.draw_ahead(table, board=lane == CHANNEL,
                                       hands=_due if lane == DUE else _not_due if lane == DM else None)
        async with table.lock:
            jobs, taken, rest = await self._plan(table, request, lane)
            queued = self._requests.pop(table.id, None)  # asked for while this pass looked: after the rest
            rest = queued.merge_into(rest) if queued is not None else rest
            if not rest.empty:
                self._requests[table.id] = rest
        if not jobs:
            self.pacer.give_back()
            if taken.answered:
                async with table.lock:
                    await self.service.save_messages(table)
            return 0
        # The turn reserved the first request; the others wait for their own instants (in order).
        results = await asyncio.gather(*(self._paced(table, job, first=i == 0) for i, job in enumerate(jobs)))
        sent = sum(1 for r in results if r is not None and not isinstance(r, Failed))
        async with table.lock:
            failed = await self._record(table, taken, jobs, results)
        if failed:
            self._schedule_retry(table, failed)
        else:
            self._failures.pop(table.id, None)
            if table.id in self.blocked and any(job.kind in CHANNEL_KINDS for job in jobs):
                self.blocked.discard(table.id)
                log.info("table %s: the channel accepts our messages again", table.id)
        return sent

    async def _paced(self, table: Table, job: Job, first: bool):
        if not first:
            await self.pacer.spend()
        result = await self._send(table, job)
        if isinstance(result, Failed):
            pause = _global_retry_after(result.exc)
            if pause:
                self.pacer.pause(pause)
        return result

    def _raced_with_answer(self, table: Table, seat: Seat, edited: bool) -> None:
        """A click's own answer edited this seat's DM while this pass's message for it was in flight (the
        pass sends without the lock): which of the two Discord applied last is unknown. So the answer's
        hash is not trusted: the next pass compares the live message with the newest state and, if this
        pass edited the same message, edits it again. (The answered message, if this pass sent a new one,
        was superseded above and is shrunk.)"""
        queued = self._requests.get(table.id)
        if queued is not None and queued.answered.pop(seat.seat, None) is not None and edited:
            seat.shown = ""

    def _schedule_retry(self, table: Table, failed: Request) -> None:
        """Keep what failed for another pass, which rebuilds from the newest state: after a backoff, or for
        a channel that refused us (403), when its permissions change (retry_now) or the table changes."""
        self._pending[table.id] = failed.merge_into(self._pending.get(table.id))
        old = self._retries.pop(table.id, None)
        if old is not None:
            old.cancel()
        if table.id in self.blocked:
            return
        attempt = self._failures[table.id] = self._failures.get(table.id, 0) + 1
        delay = BACKOFF[min(attempt, len(BACKOFF)) - 1]
        self._retries[table.id] = asyncio.get_running_loop().call_later(delay, self._retry, table)

    def _retry(self, table: Table) -> None:
        self._retries.pop(table.id, None)
        self._want(table)
        self._kick(table)

    # ---- 1. what must be sent (under the lock)
    async def _plan(self, table: Table, request: Request, lane: int) -> tuple[list[Job], Request, Request]:
        """The jobs of this lane (pacer.py) that must be sent, built from the newest state; and the request
        split in two: what this lane took (to keep it if a job fails) and the rest, for the other lanes. A
        DM a click's own answer already brought up to date is recorded here (request.answered), and stored
        with the pass's other records."""
        taken, rest = Request(), Request()
        if table.state is None:
            return [], taken, rest
        frame = table.frame()
        jobs: list[Job] = []
        live = table.status in ("active", "paused")
        board_lang = await self.settings.guild_lang(table.guild_id)
        pending = frame.pending()
        if lane == DUE:
            taken.result, taken.pings = request.result, request.pings
            if request.result and table.state.over:  # what every player waits for: not behind boards
                with reading(board_lang):
                    doc = render.result_doc(table, frame)
                    jobs.append(Job("result", message=layout(doc, colour=policy(table.game_key).colour,
                                                             rows=self.result_rows(table))))
        else:
            rest.result, rest.pings = request.result, request.pings
        if lane == CHANNEL:
            taken.repost = request.repost
            board = self.messages.board_message(table, frame, board_lang)
            fresh = table.board_posted_at is not None and time.time() - table.board_posted_at < BOARD_MAX_AGE
            if not table.board_message_id or not fresh or request.repost or not table.board_shown.startswith(FORMAT):
                jobs.append(Job("board", message=board, new=True))
            elif table.board_shown != FORMAT + board.shown:
                jobs.append(Job("board", message=board, target=table.board_message_id))
        else:
            rest.repost = request.repost
        if lane in (DUE, DM):
            jobs += await self._plan_hands(table, frame, request, taken, rest, due=lane == DUE)
        else:
            rest.answered = request.answered
        if lane == TIDY:
            for seat in table.seats:  # an older DM message (or a former holder's) still shows buttons: shrink it
                lang = self.settings.member_lang(seat.user_id) if seat.user_id is not None else board_lang
                jobs += [Job("shrink", seat.seat, self.messages.superseded_message(table, lang), target=message_id,
                             channel=channel_id) for channel_id, message_id in seat.superseded]
        mentions = [s for s in table.seats if s.seat in request.pings and s.seat in pending and s.dm_closed
                    and not s.is_bot and frame.publicly_awaited(s.seat)]
        if lane == DUE and mentions and live:  # no DM to ping: a mention, where the public may know
            with reading(board_lang):
                who = " ".join(f"<@{s.user_id}>" for s in mentions)
                jobs.append(Job("mention", text=tr("🔔 {who}: your move in **{game}** (table #{id}) — press "
                                                   "**My hand** on the board.", who=who, game=table.game.title,
                                                   id=table.id)))
        for notice in request.notices:
            if (CHANNEL if notice.seat is None else DM) != lane:
                rest.notices.append(notice)
            elif notice.wanted(table):
                seat_id = notice.seat
                lang = board_lang if seat_id is None else self.settings.member_lang(table.seat(seat_id).user_id)
                with reading(lang):
                    jobs.append(Job("notice", seat_id, text=notice.build(table), notice=notice))
        return jobs, taken, rest

    async def _plan_hands(self, table: Table, frame, request: Request, taken: Request, rest: Request,
                          due: bool) -> list[Job]:
        """The hand DMs of the seats now due (`due`), or of the others."""
        jobs: list[Job] = []
        pending = frame.pending()
        await self.settings.load_members(s.user_id for s in table.seats)
        unasked = frame.unasked()  # a held window answers for them: their DM is not touched
        for seat in table.seats:
            if seat.seat in request.answered and (seat.seat in pending) != due:
                rest.answered[seat.seat] = request.answered[seat.seat]  # its lane plans it
                continue
            if seat.seat in request.answered:
                taken.answered[seat.seat] = request.answered[seat.seat]
            if seat.is_bot or seat.dm_closed or seat.seat in unasked or (seat.seat in pending) != due:
                continue
            message = self.messages.hand_message(table, seat.seat, frame, private=True)
            ping = seat.seat in request.pings and seat.seat in pending  # the turn is still theirs
            if request.answered.get(seat.seat) == message.shown:
                # The click's own answer shows this very prompt on the message they clicked: they are looking
                # at it. A ping would post it a second time, both with live buttons (issue 33): none is sent.
                seat.shown, seat.picture = FORMAT + message.shown, message.picture_key
                continue
            if ping or not seat.dm_message_id or not seat.shown.startswith(FORMAT):
                jobs.append(Job("ping" if ping else "hand", seat.seat, message, new=True, user=seat.user_id))
            elif seat.shown != FORMAT + message.shown:
                jobs.append(Job("hand", seat.seat, message, target=seat.dm_message_id, user=seat.user_id))
        return jobs

    # ---- 2. sending (without the lock)
    async def channel(self, table: Table):
        return self.messages.cached_channel(table) or await self.bot.fetch_channel(table.channel_id)

    async def dm_channel(self, user_id: int, known: int | None = None):
        """The member's DM channel, by id: opened once per member and stored (no user lookup per DM)."""
        channel_id = known or self.settings.cached(user_id).dm_channel_id
        if channel_id is None:
            channel = await self.bot.create_dm(discord.Object(user_id))
            channel_id = channel.id
            await self.settings.save_dm_channel(user_id, channel_id)
        return self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    async def _send(self, table: Table, job: Job):
        """Send one job; returns the new message, "edited", "gone", "closed", "sent", or a Failed."""
        try:
            if job.kind == "board":
                channel = await self.channel(table)
                if not job.new:
                    try:
                        await channel.get_partial_message(job.target).edit(
                            **job.built.edit_kwargs(table.board_picture))
                        return "edited"
                    except discord.NotFound:
                        pass  # deleted: post it again
                return await channel.send(**job.built.send_kwargs())
            if job.kind in ("hand", "ping"):
                seat = table.seat(job.seat_id)
                dm = await self.dm_channel(_member(seat), seat.dm_channel_id)
                if not job.new:
                    try:
                        await dm.get_partial_message(job.target).edit(**job.built.edit_kwargs(seat.picture))
                        return "edited"
                    except discord.NotFound:
                        pass
                return await dm.send(**job.built.send_kwargs())
            if job.kind == "shrink":
                dm = self.bot.get_partial_messageable(job.channel, type=discord.ChannelType.private)
                try:
                    await dm.get_partial_message(job.target).edit(**job.built.edit_kwargs(UNKNOWN_FILES))
                except (discord.NotFound, discord.Forbidden):
                    return "gone"  # deleted, or the member closed their DMs: nothing left to click
                return "edited"
            if job.kind == "result":
                return await (await self.channel(table)).send(**job.built.send_kwargs())
            if job.kind == "mention" or (job.kind == "notice" and job.seat is None):
                await (await self.channel(table)).send(job.text)
                return "sent"
            seat = table.seat(job.seat_id)  # a private notice: the seat's DM, or nothing with DMs closed
            if seat.dm_closed or seat.is_bot:
                return "sent"
            await (await self.dm_channel(_member(seat), seat.dm_channel_id)).send(job.text)
            return "sent"
        except discord.Forbidden as exc:
            if job.seat is not None and job.kind in ("hand", "ping", "notice"):
                return "closed"  # Discord won't let us DM this member (50007, or another refusal)
            return Failed(job, exc)
        except (discord.HTTPException, discord.RateLimited) as exc:
            return Failed(job, exc)
        except Exception as exc:  # a bug building or sending one message must not keep the others stale
            log.exception("sending the %s message of table %s failed", job.kind, table.id)
            return Failed(job, exc, logged=True)

    # ---- 3. recording (under the lock)
    async def _record(self, table: Table, request: Request, jobs: list[Job], results: list) -> Request | None:
        """Remember what landed and store it (one write); returns what failed, to send again."""
        failed = Request()
        changed = False
        for job, result in zip(jobs, results):
            if isinstance(result, Failed):
                if isinstance(result.exc, discord.Forbidden):
                    if table.id in self.blocked:
                        result.logged = True  # said once when the channel first refused us
                    self.blocked.add(table.id)
                result.report(table)
                if result.retry:
                    keep(failed, job, request)
                elif job.kind == "shrink":  # Discord will never take it (e.g. a message of an older format)
                    table.seat(job.seat_id).shrunk(job.target)
                    changed = True
                continue
            if job.kind == "board":
                if not isinstance(result, str):  # a new board message
                    table.board_message_id, table.board_posted_at = result.id, time.time()
                table.board_shown, table.board_picture = FORMAT + job.built.shown, job.built.picture_key
                changed = True
            elif job.kind == "shrink":
                table.seat(job.seat_id).shrunk(job.target)
                changed = True
            elif job.kind in ("hand", "ping"):
                seat = table.seat(job.seat_id)
                # Sent without the lock: if the seat changed hands meanwhile (a kick with a replacement),
                # the old member's DM ids must not become the new holder's, or the new hand would go there.
                if seat.user_id != job.user or (not job.new and seat.dm_message_id != job.target):
                    if not isinstance(result, str):  # a new message the old holder must not play from
                        seat.superseded = [*seat.superseded, [result.channel.id, result.id]]
                        changed = True
                    self._want(table, (DUE, DM))
                    continue
                if result == "closed":
                    seat.dm_closed = True
                    # Not said in the channel while the seat is asked in secret (a hidden reaction window): the
                    # failed DM would tell everyone it was asked. Its next public turn brings a mention instead.
                    frame = table.frame()
                    if seat.seat not in frame.pending() or frame.publicly_awaited(seat.seat):
                        self.publish(table, notice=Notice(None, _dms_closed(_member(seat))))
                else:
                    if not isinstance(result, str):  # a new DM message: the one before it is shrunk next pass
                        if seat.dm_message_id not in (None, result.id):
                            seat.supersede()
                            self.pacer.want(table.id, (TIDY,))
                        seat.dm_channel_id, seat.dm_message_id = result.channel.id, result.id
                    seat.shown, seat.picture = FORMAT + job.built.shown, job.built.picture_key
                    self._raced_with_answer(table, seat, edited=job.target is not None and not job.new)
                changed = True
        if changed:
            table.published_version = None  # publishing under way: a crash before it ends leaves it to a restart
        if changed or request.answered:
            await self.service.save_messages(table)
        return failed if (failed.pings or failed.notices or failed.result or failed.repost
                          or any(isinstance(r, Failed) and r.retry for r in results)) else None


CHANNEL_KINDS = ("board", "result", "mention")  # and a notice without a seat: what a 403 on the channel stops


def _global_retry_after(exc: Exception) -> float:
    """How long a 429 that reached us (discord.py gave up waiting it out) asks everything to wait, if it
    was the global limit (a route's own 429 concerns only that route, which discord.py tracks)."""
    if isinstance(exc, discord.HTTPException) and exc.status == 429:
        headers = getattr(exc.response, "headers", {}) or {}
        if str(headers.get("X-RateLimit-Global", "")).lower() == "true":
            try:
                return float(headers.get("Retry-After", 1.0))
            except ValueError:
                return 1.0
    return 0.0


def _due(frame, seat_id: str) -> bool:
    return seat_id in frame.pending()


def _not_due(frame, seat_id: str) -> bool:
    return seat_id not in frame.pending()


def _dms_closed(user_id: int):
    def build(table: Table) -> str:
        return tr("📪 <@{user}>, I can't send you direct messages. Use the **My hand** button on the board to see "
                  "your cards and play — it answers only you.", user=user_id)
    return build

