"""Many live tables at once against the real process: members who click their DM prompts at a human pace,
and what they saw. Shared by bench/bench_load.py (issue 36's load bench) and tests/e2e/test_load_kill9.py.

A Crowd hooks the fake Discord before it starts (every REST request is stamped with its time and status;
every message version is seen as it lands), opens its tables through slash commands and lobby clicks (as
members would), then lets each member play: a member whose DM shows a prompt thinks U(5, 20) s / pace, then
clicks one of the offered controls at random, and waits for the next prompt. What is measured:
- answers: each click's time until the bot's interaction callback reached the fake (Discord allows 3 s);
- due prompts: a member with no live prompt whose DM gets one: the time since the newest move answered at
  their table (the move that made them due, or a later one at a table where several move at once);
- board staleness: each acknowledged move's time until the table's next board message landed. A board
  planned before the move's commit and sent after its answer (sends queue behind the rate limits) is
  counted as showing it, so this is a lower bound by up to one board send;
- moves acknowledged (the clicked DM was updated by the answer, and not as an older message): checked at the
  end against the interaction ids stored in the database's action log (lost moves).
"""
from __future__ import annotations

import asyncio
import random
import sqlite3
import time
from collections import Counter
from dataclasses import dataclass, field

from bot import render
from bot.service import TableService
from bot.storage import Storage
from present import fmt
from present.base import Name
from tests.e2e.fake_discord.actions import UserActions
from tests.e2e.fake_discord.interactions import NotAnswered
from tests.e2e.fake_discord.model import FakeChannel, FakeUser, Interaction
from tests.support.components import action_components, components_of, text_of

# (game, humans, bots): cycled over the tables, so every game is played, with and without bots.
MIX = (("raven", 2, 2), ("nevermore", 3, 0), ("deadlies", 2, 1), ("everrain", 2, 0), ("blackrose", 2, 1),
       ("raven", 4, 0), ("nevermore", 2, 1), ("deadlies", 3, 0), ("everrain", 3, 0), ("blackrose", 3, 0))
THINK = (5.0, 20.0)     # seconds a member takes per decision at pace 1 (issue 36: a decision every 5–20 s)
ANSWER_WAIT = 30.0      # a click not answered by then is counted unanswered (Discord gives up after 3 s)
SUPERSEDED = "↓ An older message"  # the answer to a click on an older DM message: no move was made


def is_global(path: str) -> bool:
    """Whether a request counts against Discord's global limit: interaction callbacks and the interaction
    webhooks (followups, edits of the answer) do not."""
    return not path.startswith(("interactions/", "webhooks/"))


@dataclass(eq=False)
class Seat:
    user: FakeUser
    table: "Tabled"
    key: str | None = None          # the prompt key of the live DM prompt (None: nothing to do)
    clicking: bool = False
    idle_since: float = 0.0
    wake: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass(eq=False)
class Tabled:
    channel: FakeChannel
    game: str
    bots: int
    seats: list[Seat] = field(default_factory=list)
    last_move: float = 0.0
    unshown: list[float] = field(default_factory=list)  # answer times of moves no board has shown yet
    started: bool = False


@dataclass
class Click:
    sent: float
    latency: float | None     # None: not answered within ANSWER_WAIT
    rec: Interaction
    moved: bool               # acknowledged as a move


class Crowd:
    def __init__(self, fake, rng: random.Random, pace: float = 1.0) -> None:
        """Build before `await fake.start()`: the request stamps wrap the REST handler the server mounts."""
        self.fake, self.rng, self.pace = fake, rng, pace
        self.tables: list[Tabled] = []
        self.by_user: dict[int, Seat] = {}
        self.by_channel: dict[int, Tabled] = {}
        self.requests: list[tuple[float, str, str, int]] = []  # (arrival, method, path, status)
        self.limited: list[tuple[float, str]] = []            # (arrival, X-RateLimit-Scope) of each 429
        self.clicks: list[Click] = []
        self.due: list[tuple[float, float]] = []              # (landed, seconds since the move)
        self.stale: list[tuple[float, float]] = []            # (board landed, seconds since the move)
        self.refusals: Counter[str] = Counter()               # first line of each answer that made no move
        self.renewed = 0                                      # games opened again at a table whose game ended
        self.renew_failed: list[str] = []
        self.running = False
        self.hold = False                                     # members wait (e.g. while the bot restarts)
        self.answer_wait = ANSWER_WAIT
        self._tasks: list[asyncio.Task] = []
        self.quiet_actions = UserActions(fake.world, fake.app, fake.store, fake.desk,
                                         connected=lambda: fake.connected, settle=_no_wait, fail=fake._fail)
        rest, store = fake.rest, fake.store
        handle, create, edit = rest.handle, store.create, store.edit

        async def stamped(request):
            arrived = time.monotonic()
            response = await handle(request)
            self.requests.append((arrived, request.method, request.match_info["tail"], response.status))
            if response.status == 429:
                self.limited.append((arrived, response.headers.get("X-RateLimit-Scope") or "?"))
            return response

        async def created(channel, body, files=None, **kw):
            msg = await create(channel, body, files, **kw)
            self._landed(msg)
            return msg

        async def edited(msg, body, files=None):
            out = await edit(msg, body, files)
            self._landed(msg)
            return out
        rest.handle, store.create, store.edit = stamped, created, edited

    # ---------------------------------------------------------------- set-up
    async def seat_tables(self, count: int, first: int = 0) -> None:
        """Channels and members for `count` tables (MIX cycled), not opened yet."""
        for number in range(first, first + count):
            game, humans, bots = MIX[number % len(MIX)]
            channel = await self.fake.add_channel(f"t{number}-{game}")
            table = Tabled(channel, game, bots)
            for i in range(humans):
                seat = Seat(await self.fake.add_user(f"m{number}x{i}", admin=i == 0), table)
                table.seats.append(seat)
                self.by_user[seat.user.id] = seat
            self.tables.append(table)
            self.by_channel[channel.id] = table

    async def open_tables(self, at_once: int = 8) -> None:
        """Every table opened as members do it: /game new, Join, Add bot, Start (a few tables at a time, so
        the set-up is quick without piling up interactions)."""
        gate = asyncio.Semaphore(at_once)

        async def one(table: Tabled) -> None:
            async with gate:
                await self.open_table(table)
        await asyncio.gather(*(one(t) for t in self.tables if not t.started))

    async def open_table(self, table: Tabled) -> None:
        act, fake = self.quiet_actions, self.fake
        host, *others = table.seats
        new = await act.slash(host.user, table.channel, "game", subcommand="new",
                              options={"game": table.game, "timer": 3600}, timeout=60)
        lobby = new.original
        for seat in others:
            await act.click(seat.user, lobby, await self._button(lobby, "Join"), timeout=60)
        for _ in range(table.bots):
            await act.click(host.user, lobby, await self._button(lobby, "Add bot"), timeout=60)
        await act.click(host.user, lobby, await self._button(lobby, "Start"), timeout=60)
        table.started = True

    async def _button(self, message: dict, label: str, within: float = 30.0) -> dict:
        """The button, once the message shows it: a busy bot may answer with a deferral and edit it in later."""
        deadline = time.monotonic() + within
        while True:
            try:
                return self.fake.find_button(message, label=label)
            except AssertionError:
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.05)

    # ---------------------------------------------------------------- what lands
    def _landed(self, msg: dict) -> None:
        now = time.monotonic()
        channel = self.fake.world.channels.get(int(msg["channel_id"]))
        if channel is None:
            return
        if channel.type == 1:
            seat = self.by_user.get(channel.recipient.id)
            if seat is not None:
                self._dm_landed(seat, now)
        elif any((c.get("custom_id") or "").startswith("rk:h:") for c in components_of(msg)):
            table = self.by_channel.get(channel.id)
            if table is not None and table.unshown:
                self.stale += [(now, now - t) for t in table.unshown]
                table.unshown = []

    def live_prompt(self, seat: Seat) -> tuple[dict, list[dict], str] | None:
        """The newest DM message with move controls (older ones are shrunk to a line once a newer is sent)."""
        dm = self.fake.world.dm_by_user.get(seat.user.id)
        by_id = self.fake.store.by_id
        for mid in reversed(dm.message_ids[-30:] if dm else ()):
            msg = by_id.get(mid)
            comps = action_components(msg) if msg else []
            if comps:
                return msg, comps, comps[0]["custom_id"].split(":")[4]
        return None

    def _dm_landed(self, seat: Seat, now: float) -> None:
        found = self.live_prompt(seat)
        key = found[2] if found else None
        if key == seat.key:
            return
        was, seat.key = seat.key, key
        if key is None:
            seat.idle_since = now
            return
        if was is None and not seat.clicking and self.running and seat.table.last_move:
            self.due.append((now, now - max(seat.table.last_move, seat.idle_since)))
        seat.wake.set()

    # ---------------------------------------------------------------- playing
    def start(self, db_path: str | None = None) -> None:
        """Members play; given the database, a table whose game ended opens a new one (as its members would),
        so the number of live tables holds through a long run."""
        self.running = True
        for seat in self.by_user.values():
            if self.live_prompt(seat) is not None:
                seat.wake.set()
            self._tasks.append(asyncio.create_task(self._play(seat)))
        if db_path is not None:
            self._tasks.append(asyncio.create_task(self._renew(db_path)))

    async def _renew(self, db_path: str) -> None:
        reopening: set[int] = set()

        async def reopen(table: Tabled) -> None:
            try:
                table.last_move = 0.0
                await self.open_table(table)
                table.last_move = time.monotonic()  # the prompts of the new game count from its Start
                self.renewed += 1
            except Exception as exc:  # noqa: BLE001  (the bot may be down: a kill under test)
                self.renew_failed.append(repr(exc)[:200])
            finally:
                reopening.discard(table.channel.id)
        while self.running:
            await asyncio.sleep(3)
            with sqlite3.connect(db_path) as db:
                live = {r[0] for r in db.execute("SELECT channel_id FROM games WHERE status IN ('active', 'lobby', "
                                                  "'paused')")}
            for table in self.tables:
                if table.started and table.channel.id not in live and table.channel.id not in reopening \
                        and self.fake.connected and self.running:
                    reopening.add(table.channel.id)
                    self._tasks.append(asyncio.create_task(reopen(table)))

    async def stop(self) -> None:
        """No new clicks; the ones in flight are waited for (a stopped crowd's figures are final)."""
        self.running = False
        for seat in self.by_user.values():
            seat.wake.set()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks = []

    def think(self) -> float:
        return self.rng.uniform(*THINK) / self.pace

    async def _play(self, seat: Seat) -> None:
        while self.running:
            await seat.wake.wait()
            seat.wake.clear()
            if not self.running:
                return
            await asyncio.sleep(self.think())
            found = self.live_prompt(seat)
            if not self.running or found is None:
                continue
            if not self.fake.connected or self.hold:  # the bot is down (a kill under test): try again later
                await asyncio.sleep(0.5)
                seat.wake.set()
                continue
            await self.click(seat, *found)

    async def click(self, seat: Seat, message: dict, comps: list[dict], key: str) -> Click:
        comp = self.rng.choice(comps)
        if comp["type"] == 2:
            data = {"custom_id": comp["custom_id"], "component_type": 2, "id": comp.get("id")}
        else:
            options = [o["value"] for o in comp["options"]]
            count = max(1, comp.get("min_values", 1))
            data = {"custom_id": comp["custom_id"], "component_type": 3,
                    "values": self.rng.sample(options, min(count, len(options))), "id": comp.get("id")}
        dm = self.fake.world.channels[int(message["channel_id"])]
        seat.clicking = True
        sent = time.monotonic()
        try:
            rec = await self.fake.desk.send(3, seat.user, dm, data, message, self.answer_wait)
            latency = rec.reached
        except NotAnswered as e:
            rec, latency = e.rec, None
        finally:
            seat.clicking = False
        done = time.monotonic()
        moved = latency is not None and _moved(rec)
        if moved:
            seat.table.last_move = done
            seat.table.unshown.append(done)
        click = Click(sent, latency, rec, moved)
        if latency is not None and not moved and rec.callbacks:
            lines = text_of(rec.callbacks[0]["data"]).split("\n")
            why = next((x for x in lines if "Here is where things stand" in x), lines[0])  # a refusal's note
            self.refusals[why[:90]] += 1
        self.clicks.append(click)
        found = self.live_prompt(seat)
        seat.key = found[2] if found else None
        if seat.key is None:
            seat.idle_since = done
        elif moved or seat.key != key:
            seat.wake.set()  # its next step came with the answer, or a newer prompt landed meanwhile
        else:
            # Refused, and the DM still shows the prompt the table has moved past (its update is on its way):
            # a person reads the refusal and waits for the new prompt (the hook wakes them when it lands),
            # trying again at human pace if none comes. Clicking again at once would flood the bot.
            asyncio.get_running_loop().call_later(self.rng.uniform(*THINK), seat.wake.set)
        return click

    # ---------------------------------------------------------------- checking
    def acknowledged_ids(self) -> set[int]:
        """Moves the bot told the member it made: answered by updating the clicked DM (7), or deferred (6)
        and then edited through the interaction's webhook."""
        edited = self._edited()
        return {c.rec.id for c in self.clicks if c.moved and (c.rec.callback_type == 7 or c.rec.token in edited)}

    def _edited(self) -> set[str]:
        """Interaction tokens whose deferred answer became a move's: an edit of the clicked message that is not
        the one line an older DM message becomes (a refusal comes as a follow-up, not an edit)."""
        if getattr(self, "_edited_at", -1) != len(self.fake.calls):
            self._edited_tokens = {path.split("/")[3] for method, path, body in self.fake.calls
                                   if method == "PATCH" and path.startswith("/webhooks/")
                                   and not text_of(body or {}).startswith(SUPERSEDED)}
            self._edited_at = len(self.fake.calls)
        return self._edited_tokens

    def deferred_edits(self, token: str) -> list[str]:
        """The first line of each edit of a deferred answer (what a lost move's member was shown)."""
        return [text_of(body or {}).split("\n")[0][:80] for method, path, body in self.fake.calls
                if method == "PATCH" and path.startswith("/webhooks/") and path.split("/")[3] == token]


async def not_current(fake, db_path: str) -> tuple[list, list]:
    """What does not show the stored state now: (table id, seat) of every human who must act and whose live
    DM message lacks buttons for their current prompt, and every live table whose board does not name the
    players it waits for (tests/e2e/soak_kill9.py's check, with bundle buttons counted as a prompt's)."""
    store = await Storage.open(db_path)
    try:
        service = TableService(store)
        tables = [t for t in await service.restore() if t.status == "active"]
    finally:
        await store.close()
    stale, boards = [], []
    for table in tables:
        for seat_id in table.pending():
            seat = table.seat(seat_id)
            if seat.is_bot or not table.frame().prompted(seat_id):
                continue
            want = service.prompt_key(table, seat_id)
            message = fake.store.by_id.get(seat.dm_message_id or 0)
            keys = {c["custom_id"].split(":")[4] for c in action_components(message)} if message else set()
            if want not in keys:
                stale.append((table.id, seat_id))
        board = fake.store.by_id.get(table.board_message_id or 0)
        shown = text_of(board) if board else ""
        names = [table.seat(s).name for s in table.pending()]
        if board is None or not all(fmt.md_line((Name(n),)) in shown for n in names) \
                or fmt.md_line(render.waiting(table)).split("**")[0] not in shown:
            boards.append(table.id)
    return stale, boards


def stored_interactions(db_path: str) -> set[int]:
    with sqlite3.connect(db_path) as db:
        return {r[0] for r in db.execute("SELECT interaction_id FROM actions WHERE interaction_id IS NOT NULL")}


def _moved(rec: Interaction) -> bool:
    if rec.callback_type == 6:
        return True  # deferred: counted if its edit landed (Crowd.acknowledged_ids)
    answer = rec.callbacks[0]["data"]  # as answered (the message itself may have been edited since)
    return rec.callback_type == 7 and not rec.ephemeral and not text_of(answer).startswith(SUPERSEDED)


async def _no_wait() -> None:
    return None
