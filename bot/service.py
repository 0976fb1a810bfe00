"""The game host, free of Discord: tables (one live game per channel), seats, moves, bots and timers.

Cogs and the terminal call this layer with plain ids and facts (an Actor for who asks); it decides, runs
the engine, and writes every accepted action to storage before returning, so a crash can lose nothing a
player was told about. What it turns down is a typed Refusal (bot/errors.py), raised before anything
changes. Lobby and moderation policy is in bot/seating.py (LobbyService, this class's base).
"""
from __future__ import annotations

import random
import time
from contextlib import asynccontextmanager
from typing import Callable

from engine import IllegalAction
from engine.bots import choose, timeout_choice

from bot import errors
from bot.seating import LobbyService
from bot.storage import LIVE, Storage
from bot.storage.heap import bulk_load
from bot.table import Actor, Outcome, Seat, Step, Table

__all__ = ["Actor", "Outcome", "Seat", "Step", "Table", "TableService"]

SHORT_TIMER = 20       # seconds for reaction windows (quick play-or-pass answers); every other prompt gets the turn timer
AWAY_AFTER = 2         # timeouts in a row after which a seat is marked away (its own next move brings it back)
MAX_BOT_STEPS = 5000   # a safety net: bot seats never loop forever


class TableService(LobbyService):
    def __init__(self, store: Storage, clock: Callable[[], float] = time.time) -> None:
        super().__init__(store)
        self.clock = clock
        self.bot_rng = random.Random()
        self.loggable = lambda table, event: True  # set by the host: whether an event makes a log line

    # ---- loading
    async def restore(self) -> list[Table]:
        """Load every live game (after a restart): their buttons and timers work again from here. A game this
        process does not run waits in `unserved`, untouched (no timer, no publish), refused when asked."""
        self.tables, self.unserved = {}, {}
        with bulk_load():  # thousands of games: the cyclic GC would rescan them over and over as they load
            for row in await self.store.live_games():
                table = self.from_row(row)
                if table is not None:
                    (self.tables if self.serves(table.game_key) else self.unserved)[row["id"]] = table
        return list(self.tables.values())

    @asynccontextmanager
    async def locked(self, table: Table, *statuses: str):
        """Hold the table's lock for one whole change (check, commit, what to publish); with `statuses`, the
        table must be in one of them once the lock is held (a change queued before it may have ended it)."""
        async with table.lock:
            if statuses:
                self.require(table, *statuses)
            yield table

    # ---- play
    def prompt_key(self, table: Table, seat_id: str) -> str:
        return table.frame().prompt_key(seat_id)

    def choice(self, table: Table, seat_id: str, prompt: str, pick) -> dict | list[dict]:
        """What a click on a prompt names: `pick(table, seat, legal)` turns it into an action (or a list of
        steps, all or none), or None when it names nothing on offer. Raises OutOfDate for an older prompt."""
        legal = table.pending().get(seat_id, [])
        action = pick(table, seat_id, legal) if legal and prompt == self.prompt_key(table, seat_id) else None
        if action is None:
            raise errors.OutOfDate()
        return action

    async def act(
        self, table: Table, seat_id: str, action: dict | list[dict], *, source: str = "player",
        interaction_id: int | None = None, automatic: bool = False,
    ) -> Outcome:
        """Apply one action for a seat, persist it, then let bot seats move. Caller holds table.lock.
        A list of actions (the steps of one decision chosen at once, e.g. a multi-select of cards) is
        all-or-nothing: tried on a copy first, so an illegal step leaves the game untouched."""
        self.require(table, "active")
        waiting = set(table.pending())
        chosen = action if isinstance(action, list) else [action]
        try:
            if len(chosen) > 1:
                trial = table.game.load(table.state.to_json())
                for one in chosen:
                    trial.act(seat_id, one)  # raises IllegalAction before anything real changed
            # A single action raises IllegalAction with the state untouched, as every engine promises.
            steps = [Step(seat_id, one, table.apply(seat_id, one), source) for one in chosen]
        except IllegalAction as exc:
            raise errors.RuleRefusal(exc) from None
        # A move the host made for them (`automatic`: a lone card, a pass in a held window) does not show
        # that an away player is back.
        if source == "player" and not automatic:
            _back(table.seat(seat_id))
        # The bots' replies go in the same transaction as the move that prompted them: one commit per click.
        steps += self._bot_moves(table)
        try:
            await self._commit(table, steps, interaction_id)
        except BaseException:
            await self._reload(table)
            raise
        return self._outcome(table, steps, waiting)

    async def _reload(self, table: Table) -> None:
        """The write failed: reload the last committed state so memory never runs ahead of the disk. The same
        Table object stays registered: its lock is the one every waiting click holds or awaits."""
        fresh = self.from_row(await self.store.get_game(table.id))
        table.state, table.version, table.seats = fresh.state, fresh.version, fresh.seats
        table.timers, table.logs, table.status = fresh.timers, fresh.logs, fresh.status
        if table.status in LIVE:
            self.tables[table.id] = table

    def _outcome(self, table: Table, steps: list[Step], waiting: set[str]) -> Outcome:
        turns = {s for s in table.pending() if s not in waiting and not table.seat(s).is_bot}
        return Outcome(steps, turns, table.status == "over")

    async def run_bots(self, table: Table) -> Outcome:
        """Let bot seats move until a human must act, and commit those moves together."""
        waiting = set(table.pending())
        steps = self._bot_moves(table)
        if steps:
            await self._commit(table, steps, None)
        return self._outcome(table, steps, waiting)

    def _bot_moves(self, table: Table) -> list[Step]:
        """Play every bot move due now, in memory only; the caller commits them (before anyone is told)."""
        steps: list[Step] = []
        for seat in table.seats:
            if seat.user_id is None:
                break
        else:  # all human: nothing to play (table.pending() would build a Frame the commit soon outdates)
            return steps
        for _ in range(MAX_BOT_STEPS):
            pending = table.pending()
            bot_seats = [s for s in pending if table.seat(s).is_bot]
            if not bot_seats:
                break
            for seat_id in bot_seats:
                legal = table.pending().get(seat_id)  # this version's Frame: the next round reads it too
                if not legal:
                    continue
                action = choose(table.game, table.state.view(seat_id), legal, self.bot_rng)
                steps.append(Step(seat_id, action, table.apply(seat_id, action), "bot"))
        return steps

    async def _commit(self, table: Table, steps: list[Step], interaction_id: int | None) -> None:
        first = table.version
        for step in steps:
            table.seat(step.seat).moves += 1
            table.version += 1
            self._log(table, step.events)
        if table.state.over:
            table.status = "over"
            self.tables.pop(table.id, None)
        self._sync_timers(table)
        entries = [(s.seat, s.action, s.source, interaction_id if i == 0 else None) for i, s in enumerate(steps)]
        await self.store.record_actions(table.id, entries, first, **self._progress(table))
        if table.status == "over" and self.history is not None:
            await self.history.game_over(table)  # after the commit: the summary never runs ahead of the log

    def _log(self, table: Table, events: list[dict]) -> None:
        """Keep the last loggable events as data: each reader's presenter words them in their language."""
        for event in events:
            if self.loggable(table, event):
                table.log(event.get("to"), event)

    # ---- timers
    def _sync_timers(self, table: Table, now: float | None = None) -> None:
        """One deadline per human seat that must act; kept while that seat's prompt is unchanged.
        Only reaction windows are short; a seat that timed out before still gets the full turn timer, so an
        absent player is never rushed through a string of 20 s prompts."""
        now = self.clock() if now is None else now
        pending = table.pending() if table.status == "active" else {}
        # A reaction window is declared by the public decision fact (traits.reactions says a game has them);
        # a held window lasts exactly its `hold`, and the seats it answers for get no timer at all.
        # Only a game with reactions reads it: building the public view just for this would add a view per
        # click to every commit of the others.
        decision = (table.frame().decision() or {}) if pending and table.game.traits.reactions else {}
        short = bool(decision.get("quick"))
        hold = decision.get("hold")
        unasked = table.frame().unasked() if hold else set()
        timers: dict[str, dict] = {}
        for seat_id in pending:
            seat = table.seat(seat_id)
            if seat.is_bot or seat_id in unasked:
                continue
            old = table.timers.get(seat_id)
            if old and old["moves"] == seat.moves:
                timers[seat_id] = old
                continue
            seconds = hold or (min(SHORT_TIMER, table.turn_seconds) if short else table.turn_seconds)
            # The reminder comes at half time whatever the length: 10 s before a reaction window closes.
            timers[seat_id] = {"due": now + seconds, "moves": seat.moves, "reminded": False, "seconds": seconds}
        table.timers = timers

    def due(self, now: float) -> list[tuple[Table, str, str]]:
        """(table, seat, "remind" | "expire") for every timer that needs attention at `now`."""
        out = []
        for table in list(self.tables.values()):
            if table.status != "active":
                continue
            for seat_id, timer in table.timers.items():
                if kind := attention(timer, now):
                    out.append((table, seat_id, kind))
        return out

    async def mark_reminded(self, table: Table, seat_id: str) -> None:
        table.timers[seat_id]["reminded"] = True
        await self.store.update_game(table.id, timers=table.timers)

    async def expire(self, table: Table, seat_id: str) -> Outcome:
        """The seat ran out of time: it takes the game's timeout choice (pass, stop, keep or decline; a card
        only when the rules force one, the least valuable). A decision built in steps (picking cards one by
        one) is finished in one go. Caller holds table.lock. After AWAY_AFTER timeouts in a row the seat is
        marked away, and the log says so (publicly only where the public waiting line names the seat)."""
        timer = table.timers.get(seat_id)
        legal = table.pending().get(seat_id)
        if not timer or not legal or self.clock() < timer["due"]:
            return Outcome()
        waiting = set(table.pending())
        seat = table.seat(seat_id)
        seat.timeouts += 1
        if seat.timeouts >= AWAY_AFTER and not seat.away:
            seat.away = True
            # A timeout in a hidden reaction window would tell the table who held a reaction card.
            public = table.frame().publicly_awaited(seat_id)
            table.log(None if public else seat_id, {"type": "_away", "seat": seat_id})
        steps: list[Step] = []
        for _ in range(MAX_BOT_STEPS):
            action = timeout_choice(table.game, table.view(seat_id), legal)
            steps += (await self.act(table, seat_id, action, source="timer")).steps
            legal = table.pending().get(seat_id)
            going_on = legal and _is_step(table.game, action) and any(_is_step(table.game, a) for a in legal)
            if table.status != "active" or not going_on:
                break  # the decision is complete; whatever this seat must decide next gets its own timer
        return self._outcome(table, steps, waiting)

    # ---- moderation that touches play
    async def pause(self, table: Table, actor: Actor) -> None:
        self.require_moderator(table, actor)
        self.require(table, "active")
        table.status = "paused"
        table.timers = {}
        await self.save(table)

    async def resume(self, table: Table, actor: Actor) -> Outcome:
        self.require_moderator(table, actor)
        self.require(table, "paused")
        table.status = "active"
        self._sync_timers(table)
        await self.save(table)
        return await self.run_bots(table)

    async def start(self, table: Table, actor: Actor | None = None) -> Outcome:
        """Deal the game (the host, or a moderator, once enough players sit), then let bots move."""
        self.check_start(table, actor)
        for number, seat in enumerate(table.seats, start=1):
            seat.seat = f"p{number}"
        table.state = table.game.new([s.seat for s in table.seats], table.seed, table.options)
        table.status = "active"
        table.logs = {"log": []}
        self._sync_timers(table)
        await self.save(table)
        return await self.run_bots(table)

    async def replace(self, table: Table, actor: Actor, user_id: int, new_user: tuple[int, str] | None) -> Seat:
        seat = await super().replace(table, actor, user_id, new_user)
        if table.status != "lobby":  # the old player's timer goes with their prompts
            self._sync_timers(table)
            await self.save(table)
        return seat

    # ---- audit
    async def replay(self, game_id: int) -> dict:
        """Rebuild a game from its seed and action log (the stored state must equal this)."""
        row = await self.store.get_game(game_id)
        game = self.game_of(row)
        state = game.new([s["seat"] for s in row["seats"]], row["seed"], row["options"])
        for entry in await self.store.actions(game_id):
            state.act(entry["seat"], entry["action"])
        return state.to_json()


def _back(seat: Seat) -> None:
    """A seat's own move: it is not away any more, and its timeouts start counting from zero again."""
    seat.timeouts, seat.away = 0, False


def _is_step(game, action: dict) -> bool:
    """Part of a decision built in steps: the flow kernel's "step" flag, or a type the game calls partial
    (a card picked into a choice: Traits.partial)."""
    return bool(action.get("step")) or action.get("type") in game.traits.partial


def attention(timer: dict, now: float) -> str | None:
    """What a turn timer needs at `now`: "expire", "remind" (at half time, once) or nothing."""
    if now >= timer["due"]:
        return "expire"
    if not timer["reminded"] and now >= timer["due"] - timer["seconds"] / 2:
        return "remind"
    return None
