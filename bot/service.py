"""The game host, free of Discord: tables (one live game per channel), seats, moves, bots and timers.

Cogs and the terminal call this layer with plain ids and facts (an Actor for who asks); it decides, runs
the engine, and writes every accepted action to storage before returning, so a crash can lose nothing a
player was told about. What it turns down is a typed Refusal (bot/errors.py), raised before anything
changes. Lobby and moderation policy is its own object, bot/seating.py's Seating, built on this one.

Its collaborators come in through the constructor (bot/app.py passes them): `history` is told of finished
games and of seats changing hands, `loggable` says which events make a log line (present.LogFilter), and
`bundles` names the presenter's whole choices for a seat (bot/render.bundle_steps), which a click may pick.
"""
from __future__ import annotations

import random
import time
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, Callable

from engine import GAMES, IllegalAction
from engine.bots import bot_choice, timeout_choice
from engine.core import Game

from bot import errors
from bot.seating import REFUSED_IN, check_start, require_moderator
from bot.storage import LIVE, DuplicateInteraction, Storage
from bot.storage.base import StaleGame
from bot.storage.heap import bulk_load
from bot.stored import STORED_COLUMNS, StoredTable, Tables
from bot.table import Actor, Due, Outcome, Pick, Seat, Step, Table, Timer, timers_to_json

if TYPE_CHECKING:
    from bot.records import HistoryService

__all__ = ["Actor", "Outcome", "Pick", "Seat", "Step", "Table", "TableService"]

SHORT_TIMER = 20       # seconds for reaction windows (quick play-or-pass answers); every other prompt gets the turn timer
AWAY_AFTER = 2         # timeouts in a row after which a seat is marked away (its own next move brings it back)
MAX_BOT_STEPS = 5000   # a safety net: bot seats never loop forever


class TableService:
    def __init__(self, store: Storage, clock: Callable[[], float] = time.time, *,
                 history: HistoryService | None = None,
                 loggable: Callable[[Table, dict], bool] = lambda table, event: True,
                 bundles: Callable[[Table, str], list[list[dict]]] = lambda table, seat_id: []) -> None:
        self.store = store
        self.clock = clock
        self.history = history      # told of finished games and handovers (None: nothing is recorded)
        self.loggable = loggable    # whether an event makes a log line
        self.bundles = bundles      # a seat's whole choices, each its steps: what a bundle click names
        self.tables: Tables = Tables()  # live tables by id, indexed by channel (bot/stored.py)
        # The games this process runs (each game's cog adds its own: cogs/table/games.py); None: every game.
        # A live table of any other game waits in `unserved`, its row untouched, and is refused when asked.
        self.serving: set[str] | None = None
        self.unserved: Tables = Tables()
        self.bot_rng = random.Random()

    # ---- loading and saving
    @staticmethod
    def game_of(row: dict) -> Game:
        return GAMES[row["game_key"]]

    def from_row(self, row: dict | None) -> Table | None:
        """A stored game as a Table (None for a game this build no longer has)."""
        if row is None or row["game_key"] not in GAMES:
            return None
        table = StoredTable.from_row(row)  # the one reading of a row's columns (bot/stored.py) ...
        for name in STORED_COLUMNS:          # ... decoded now: a game asked for by id is about to be used
            getattr(table, name)
        return table

    async def restore(self) -> list[Table]:
        """Load every live game (after a restart): their buttons and timers work again from here. A game this
        process does not run waits in `unserved`, untouched (no timer, no publish), refused when asked.

        Each comes back as a StoredTable (bot/stored.py): its JSON columns are decoded when first read, so
        100,000 live games restore in less time than decoding their rows would take, and a game nobody
        touches never costs its decoded state."""
        self.tables.clear()  # the same dict: Seating and the cogs hold it too
        self.unserved.clear()
        with bulk_load():  # thousands of games: the cyclic GC would rescan them over and over as they load
            async for rows in self.store.live_game_batches():
                for row in rows:
                    if row["game_key"] in GAMES:  # (a game this build no longer has stays in storage)
                        table = StoredTable.from_row(row)
                        (self.tables if self.serves(table.game_key) else self.unserved)[table.id] = table
        return list(self.tables.values())

    async def get(self, game_id: int) -> Table | None:
        if game_id in self.tables:
            return self.tables[game_id]
        return self.unserved.get(game_id) or self.from_row(await self.store.get_game(game_id))

    def in_channel(self, channel_id: int) -> Table | None:
        return self.tables.in_channel(channel_id)

    def unserved_in(self, channel_id: int) -> Table | None:
        return self.unserved.in_channel(channel_id)

    def here(self, channel_id: int) -> Table:
        table = self.in_channel(channel_id)
        if table is None:
            self.require_served(self.unserved_in(channel_id))
            raise errors.NoGameHere()
        return table

    # ---- the games this process runs
    def serves(self, game_key: str) -> bool:
        return self.serving is None or game_key in self.serving

    def serve(self, game_key: str) -> None:
        """Run this game from now on (its cog loaded): any of its tables kept aside come back into play."""
        if self.serving is not None:
            self.serving.add(game_key)
        for table in [t for t in self.unserved.values() if t.game_key == game_key]:
            self.tables[table.id] = self.unserved.pop(table.id)

    def shelve(self, game_key: str) -> None:
        """Stop running this game (its cog unloaded): its tables are kept aside, untouched."""
        self.serving = set(GAMES) if self.serving is None else self.serving
        self.serving.discard(game_key)
        for table in [t for t in self.tables.values() if t.game_key == game_key]:
            self.unserved[table.id] = self.tables.pop(table.id)

    def require_served(self, table: Table | None) -> None:
        """Refuse anything asked of a table whose game this process does not run (None: nothing to check)."""
        if table is not None and not self.serves(table.game_key):
            raise errors.GameNotServed(game=table.game.title)

    async def save(self, table: Table, **extra: Any) -> None:
        await self.store.update_game(table.id, **self._fields(table), **extra)

    def _fields(self, table: Table) -> dict:
        return {
            **self._progress(table), "host_id": table.host_id, "options": table.options,
            "turn_seconds": table.turn_seconds, "seed": table.seed,
            "board_message_id": table.board_message_id, "board_posted_at": table.board_posted_at,
            "board_shown": table.board_shown, "board_picture": table.board_picture,
        }

    @staticmethod
    def _progress(table: Table) -> dict:
        """What an action can change: all a commit rewrites (every byte is encoded and written per click).
        The values share the table's own dicts and lists, uncopied: both storages encode them before they
        await anything, so nothing can change them first. A state may offer json_view(), its to_json()
        without the copies. Timers are stored as JSON (a few small dicts, made here)."""
        state = table.state
        return {
            "status": table.status, "seats": [vars(s) for s in table.seats],
            "state": None if state is None else getattr(state, "json_view", state.to_json)(),
            "version": table.version, "timers": timers_to_json(table.timers), "logs": table.logs,
        }

    async def save_messages(self, table: Table) -> None:
        """Remember board and hand message ids (not game progress, which act() saves)."""
        await self.store.update_game(
            table.id, seats=seat_records(table), board_message_id=table.board_message_id,
            board_posted_at=table.board_posted_at, board_shown=table.board_shown, board_picture=table.board_picture,
            # An old DM still to shrink is work left: never stored as all out (a restart must shrink it).
            published_version=None if any(s.superseded for s in table.seats) else table.published_version,
        )

    async def save_published(self, table: Table) -> None:
        """Remember that every message of this version is out (the publisher, once it has nothing left)."""
        await self.store.update_game(table.id, published_version=table.published_version)

    def require(self, table: Table, *statuses: str) -> None:
        if table.status not in statuses:
            raise REFUSED_IN.get(table.status, errors.GameOver)()

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

    @staticmethod
    def require_holder(table: Table, seat_id: str, user_id: int) -> None:
        """Only the member who holds a seat acts for it (a kick may have changed hands since the click)."""
        seat = table.seat(seat_id)
        if seat.user_id != user_id:
            raise errors.NotYourChoices(owner=f"**{seat.name}**")

    def require_prompt(self, table: Table, seat_id: str, prompt: str) -> None:
        """The click was made on the seat's current prompt (else OutOfDate: it has moved on)."""
        if prompt != self.prompt_key(table, seat_id) or not table.frame().prompted(seat_id):
            raise errors.OutOfDate()  # (a held window's unasked seat has nothing to click either)

    def picked(self, table: Table, seat_id: str, pick: Pick) -> dict | list[dict]:
        """The action a click names on the current prompt (a list: steps, all or none); OutOfDate if it
        names nothing on offer."""
        if pick.bundle is not None:
            bundles = self.bundles(table, seat_id)
            if not 0 <= pick.bundle < len(bundles):
                raise errors.OutOfDate()
            return list(bundles[pick.bundle])
        legal = table.pending().get(seat_id, [])
        indexes = pick.indexes
        if not indexes or len(set(indexes)) != len(indexes) or not all(0 <= i < len(legal) for i in indexes):
            raise errors.OutOfDate()
        return [legal[i] for i in indexes] if len(indexes) > 1 else legal[indexes[0]]

    async def click(self, table: Table, seat_id: str, user_id: int, prompt: str, pick: Pick,
                    interaction_id: int | None = None) -> Outcome:
        """One click on a seat's prompt, whole: the clicker must hold the seat, the prompt must be the current
        one, and what it names must be on offer; then the move, the bots' replies and one commit. Caller holds
        table.lock. Refusals: NotYourChoices and AlreadyHandled (the click was not this member's, or was
        already applied); any other (OutOfDate, RuleRefusal, RaceLost, ...) means the seat's current choices
        are worth showing with it."""
        self.require_holder(table, seat_id, user_id)
        self.require(table, "active")
        self.require_prompt(table, seat_id, prompt)
        action = self.picked(table, seat_id, pick)
        try:
            return await self.act(table, seat_id, action, interaction_id=interaction_id)
        except DuplicateInteraction:
            raise errors.AlreadyHandled() from None
        except StaleGame:  # another shard's move landed first; act() reloaded the stored game
            raise errors.RaceLost() from None

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
                trial = table.game.load(table.started.to_json())
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
        assert fresh is not None, "a registered table's game is stored and known to this build"
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
                action = bot_choice(table.game, table.started.view(seat_id), legal, self.bot_rng)
                steps.append(Step(seat_id, action, table.apply(seat_id, action), "bot"))
        return steps

    async def _commit(self, table: Table, steps: list[Step], interaction_id: int | None) -> None:
        first = table.version
        for step in steps:
            table.seat(step.seat).moves += 1
            table.version += 1
            self._log(table, step.events)
        if table.started.over:
            table.status = "over"
            self.tables.pop(table.id, None)
        self._sync_timers(table)
        entries = [(s.seat, s.action, s.source, interaction_id if i == 0 else None) for i, s in enumerate(steps)]
        await self.store.record_actions(table.id, entries, first, **self._progress(table))
        if table.status == "over":
            await self.recorded(table)  # after the commit: the summary never runs ahead of the log

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
        timers: dict[str, Timer] = {}
        for seat_id in pending:
            seat = table.seat(seat_id)
            if seat.is_bot or seat_id in unasked:
                continue
            old = table.timers.get(seat_id)
            if old and old.moves == seat.moves:
                timers[seat_id] = old
                continue
            seconds = hold or (min(SHORT_TIMER, table.turn_seconds) if short else table.turn_seconds)
            # The reminder comes at half time whatever the length: 10 s before a reaction window closes.
            timers[seat_id] = Timer(now + seconds, seat.moves, False, seconds)
        table.timers = timers

    def due(self, now: float) -> list[Due]:
        """Every timer that needs attention at `now` (a reminder or an expiry)."""
        out = []
        for table in list(self.tables.values()):
            if table.status != "active":
                continue
            for seat_id, timer in table.timers.items():
                if kind := timer.attention(now):
                    out.append(Due(table, seat_id, kind))
        return out

    async def mark_reminded(self, table: Table, seat_id: str) -> None:
        table.timers[seat_id].reminded = True
        await self.store.update_game(table.id, timers=timers_to_json(table.timers))

    async def retime(self, table: Table) -> None:
        """A seat changed hands during play: its old player's timer goes with their prompts."""
        if table.status != "lobby":
            self._sync_timers(table)
            await self.save(table)

    async def expire(self, table: Table, seat_id: str) -> Outcome:
        """The seat ran out of time: it takes the game's timeout choice (pass, stop, keep or decline; a card
        only when the rules force one, the least valuable). A decision built in steps (picking cards one by
        one) is finished in one go. Caller holds table.lock. After AWAY_AFTER timeouts in a row the seat is
        marked away, and the log says so (publicly only where the public waiting line names the seat)."""
        timer = table.timers.get(seat_id)
        legal = table.pending().get(seat_id)
        if not timer or not legal or self.clock() < timer.due:
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
            legal = table.pending().get(seat_id) or []
            going_on = legal and _is_step(table.game, action) and any(_is_step(table.game, a) for a in legal)
            if table.status != "active" or not going_on:
                break  # the decision is complete; whatever this seat must decide next gets its own timer
        return self._outcome(table, steps, waiting)

    # ---- moderation that touches play
    async def pause(self, table: Table, actor: Actor) -> None:
        require_moderator(table, actor)
        self.require(table, "active")
        table.status = "paused"
        table.timers = {}
        await self.save(table)

    async def resume(self, table: Table, actor: Actor) -> Outcome:
        require_moderator(table, actor)
        self.require(table, "paused")
        table.status = "active"
        self._sync_timers(table)
        await self.save(table)
        return await self.run_bots(table)

    async def start(self, table: Table, actor: Actor | None = None) -> Outcome:
        """Deal the game (the host, or a moderator, once enough players sit), then let bots move."""
        check_start(table, actor)
        for number, seat in enumerate(table.seats, start=1):
            seat.seat = f"p{number}"
        table.state = table.game.new([s.seat for s in table.seats], table.seed, table.options)
        table.status = "active"
        table.logs = {"log": []}
        self._sync_timers(table)
        await self.save(table)
        return await self.run_bots(table)

    # ---- what the history hears (after the commit, under the table's lock)
    async def recorded(self, table: Table) -> None:
        """The game is over or was ended: its summary goes into the server's history."""
        if self.history is not None:
            await self.history.game_over(table)

    async def handing_over(self, table: Table, seat: Seat) -> None:
        """A seat is about to change hands: the history notes who held it, and for how long."""
        if self.history is not None:
            await self.history.seat_handed_over(table, seat)

    # ---- audit
    async def replay(self, game_id: int) -> dict:
        """Rebuild a game from its seed and action log (the stored state must equal this)."""
        row = await self.store.get_game(game_id)
        if row is None:
            raise KeyError(f"no stored game {game_id}")
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


def seat_records(table: Table) -> list[dict]:
    # Seats hold only plain values: a shallow copy is all that asdict()'s deep copy did, at a tenth of the cost.
    return [dict(vars(s)) for s in table.seats]
