"""The game host, free of Discord: tables (one live game per channel), seats, actions, bots and timers.

Cogs call this layer with plain ids and names; it validates, runs the engine, and writes every accepted
action to SQLite before returning, so a crash can lose nothing that a player was told about.
"""
from __future__ import annotations

import asyncio
import hashlib
import json
import random
import secrets
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable

from engine import GAMES, IllegalAction
from engine.bots import PARTIAL_TYPES, choose, timeout_choice
from engine.core import Game, State, check_seats, resolve_options

from bot.storage import LIVE, Storage
from bot.storage.heap import bulk_load

LOG_KEEP = 30          # recent log lines kept per game (public and private together)
SHORT_TIMER = 20       # seconds for reaction windows (quick play-or-pass answers); every other prompt gets the turn timer
AWAY_AFTER = 2         # timeouts in a row after which a seat is marked away (its own next move brings it back)
TIMER_CHOICES = (30, 60, 120, 300, 600, 1800, 3600, 86400)
DEFAULT_TURN_SECONDS = 300
MAX_BOT_STEPS = 5000   # a safety net: bot seats never loop forever


@dataclass
class Seat:
    seat: str                  # engine seat id, "p1".."p6"
    user_id: int | None        # None: a bot plays this seat
    name: str
    moves: int = 0             # actions this seat has taken; makes older prompts stale
    dm_channel_id: int | None = None
    dm_message_id: int | None = None
    dm_closed: bool = False
    shown: str = ""            # hash of what the hand DM shows: after a restart a right message isn't edited
    picture: str = ""          # key of the hand picture on that DM ("" none): uploaded again only when it changes
    timeouts: int = 0          # timeouts in a row; a move of its own resets it
    away: bool = False         # timed out AWAY_AFTER times in a row; the table was told

    @property
    def is_bot(self) -> bool:
        return self.user_id is None


@dataclass
class Table:
    id: int
    guild_id: int
    channel_id: int
    game_key: str
    status: str
    host_id: int
    options: dict
    turn_seconds: int
    seed: int
    seats: list[Seat]
    state: State | None = None
    version: int = 0
    board_message_id: int | None = None
    board_posted_at: float | None = None
    timers: dict = field(default_factory=dict)
    logs: dict = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False, compare=False)

    @property
    def game(self) -> Game:
        return GAMES[self.game_key]

    @property
    def names(self) -> dict[str, str]:
        return {s.seat: s.name for s in self.seats}

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def seat(self, seat_id: str) -> Seat:
        return next(s for s in self.seats if s.seat == seat_id)

    def lines_for(self, reader: str | None, count: int = 8) -> list[str]:
        """The last log lines this reader may read (public ones and their own private ones)."""
        lines = [line for to, line in self.logs.get("lines", []) if to is None or to == reader]
        return lines[-count:]

    def pending(self) -> dict[str, list[dict]]:
        return self.state.pending() if self.state is not None and self.status == "active" else {}


@dataclass
class Step:
    """One accepted action, for the cog to announce."""

    seat: str
    action: dict
    events: list[dict]
    source: str


class TableService:
    def __init__(self, store: Storage, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self.tables: dict[int, Table] = {}
        self.bot_rng = random.Random()
        self.history = None  # bot.history.HistoryService when the bot runs: told of finished games and handovers

    # ---- loading
    def _table(self, row: dict) -> Table:
        seats = [Seat(**s) for s in row["seats"]]
        table = Table(
            id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"], game_key=row["game_key"],
            status=row["status"], host_id=row["host_id"], options=row["options"],
            turn_seconds=row["turn_seconds"], seed=row["seed"], seats=seats, version=row["version"],
            board_message_id=row["board_message_id"], board_posted_at=row["board_posted_at"],
            timers=row["timers"], logs=row["logs"],
        )
        if row["state"] is not None:
            table.state = table.game.load(row["state"])
        return table

    async def restore(self) -> list[Table]:
        """Load every live game (after a restart): their buttons and timers work again from here."""
        self.tables = {}
        with bulk_load():  # thousands of games: the cyclic GC would rescan them over and over as they load
            for row in await self.store.live_games():
                if row["game_key"] in GAMES:
                    self.tables[row["id"]] = self._table(row)
        return list(self.tables.values())

    async def get(self, game_id: int) -> Table | None:
        if game_id in self.tables:
            return self.tables[game_id]
        row = await self.store.get_game(game_id)
        return None if row is None or row["game_key"] not in GAMES else self._table(row)

    def in_channel(self, channel_id: int) -> Table | None:
        return next((t for t in self.tables.values() if t.channel_id == channel_id), None)

    async def _save(self, table: Table, **extra: Any) -> None:
        await self.store.update_game(table.id, **self._fields(table), **extra)

    def _fields(self, table: Table) -> dict:
        return {
            "status": table.status, "host_id": table.host_id, "options": table.options,
            "turn_seconds": table.turn_seconds, "seed": table.seed, "seats": _seat_records(table),
            "state": table.state.to_json() if table.state is not None else None, "version": table.version,
            "board_message_id": table.board_message_id, "board_posted_at": table.board_posted_at,
            "timers": table.timers, "logs": table.logs,
        }

    async def save_messages(self, table: Table) -> None:
        """Remember board and hand message ids (not game progress, which act() saves)."""
        await self.store.update_game(
            table.id, seats=_seat_records(table),
            board_message_id=table.board_message_id, board_posted_at=table.board_posted_at,
        )

    # ---- lobby
    async def create_lobby(
        self, guild_id: int, channel_id: int, host_id: int, host_name: str, game_key: str,
        options: dict | None, turn_seconds: int,
    ) -> Table:
        game = GAMES.get(game_key)
        if game is None:
            raise IllegalAction(f"I don't know a game called '{game_key}'.")
        if self.in_channel(channel_id) or await self.store.live_game_in(channel_id):
            raise IllegalAction("This channel already has a game. Finish or end it first (`/game end`).")
        if turn_seconds not in TIMER_CHOICES:
            raise IllegalAction("That turn timer isn't one of the offered lengths.")
        opts = resolve_options(game, options)
        row = dict(
            guild_id=guild_id, channel_id=channel_id, game_key=game_key, status="lobby", host_id=host_id,
            options=opts, turn_seconds=turn_seconds, seed=secrets.randbelow(2**62),
            seats=[asdict(Seat("", host_id, host_name))], state=None, timers={}, logs={},
        )
        game_id = await self.store.create_game(**row)
        table = self._table({**row, "id": game_id, "version": 0, "board_message_id": None,
                             "board_posted_at": None})
        self.tables[game_id] = table
        return table

    def _require(self, table: Table, *statuses: str) -> None:
        if table.status not in statuses:
            raise IllegalAction({
                "lobby": "The game hasn't started yet.",
                "active": "The game has already started.",
                "paused": "The game is paused. A moderator or the host can `/game resume` it.",
            }.get(table.status, "This game is over."))

    async def join(self, table: Table, user_id: int, name: str) -> None:
        self._require(table, "lobby")
        if table.seat_of(user_id):
            raise IllegalAction("You're already seated at this table.")
        if len(table.seats) >= table.game.max_players:
            raise IllegalAction(f"The table is full ({table.game.max_players} players).")
        table.seats.append(Seat("", user_id, name))
        await self._save(table)

    async def leave(self, table: Table, user_id: int) -> str:
        """In the lobby the seat goes away; in a running game a bot takes it over. Returns what happened."""
        seat = table.seat_of(user_id)
        if seat is None:
            raise IllegalAction("You don't have a seat at this table.")
        if table.status == "lobby":
            table.seats.remove(seat)
            humans = [s for s in table.seats if not s.is_bot]
            if not humans:
                table.status = "ended"
                await self._save(table)
                self.tables.pop(table.id, None)
                return "closed"
            if table.host_id == user_id:
                table.host_id = humans[0].user_id
            await self._save(table)
            return "left"
        self._require(table, "active", "paused")
        if self.history is not None:
            await self.history.seat_handed_over(table, seat)
        seat.user_id = None
        seat.name = f"{seat.name} (bot)"
        await self._save(table)
        return "botted"

    async def add_bot(self, table: Table) -> Seat:
        self._require(table, "lobby")
        if len(table.seats) >= table.game.max_players:
            raise IllegalAction(f"The table is full ({table.game.max_players} players).")
        number = sum(1 for s in table.seats if s.is_bot) + 1
        seat = Seat("", None, f"Bot {number}")
        table.seats.append(seat)
        await self._save(table)
        return seat

    async def set_option(self, table: Table, name: str, value: Any) -> None:
        self._require(table, "lobby")
        if name == "turn_seconds":
            if int(value) not in TIMER_CHOICES:
                raise IllegalAction("That turn timer isn't one of the offered lengths.")
            table.turn_seconds = int(value)
        else:
            table.options = resolve_options(table.game, {**table.options, name: value})
        await self._save(table)

    async def start(self, table: Table) -> list[Step]:
        self._require(table, "lobby")
        for number, seat in enumerate(table.seats, start=1):
            seat.seat = f"p{number}"
        check_seats(table.game, [s.seat for s in table.seats])
        table.state = table.game.new([s.seat for s in table.seats], table.seed, table.options)
        table.status = "active"
        table.logs = {"lines": []}
        self._sync_timers(table)
        await self._save(table)
        return await self.run_bots(table)

    # ---- play
    def prompt_key(self, table: Table, seat_id: str) -> str:
        """A short fingerprint of a seat's current prompt: its move count and its legal actions."""
        legal = table.pending().get(seat_id, [])
        return f"{table.seat(seat_id).moves}.{_fingerprint(legal)}"

    async def act(
        self, table: Table, seat_id: str, action: dict | list[dict], *, source: str = "player",
        interaction_id: int | None = None,
    ) -> list[Step]:
        """Apply one action for a seat, persist it, then let bot seats move. Caller holds table.lock.
        A list of actions (the steps of one decision chosen at once, e.g. a multi-select of cards) is
        all-or-nothing: tried on a copy first, so an illegal step leaves the game untouched."""
        self._require(table, "active")
        chosen = action if isinstance(action, list) else [action]
        if len(chosen) > 1:
            trial = table.game.load(table.state.to_json())
            for one in chosen:
                trial.act(seat_id, one)  # raises IllegalAction before anything real changed
        # A single action raises IllegalAction with the state untouched, as every engine promises.
        steps = [Step(seat_id, one, table.state.act(seat_id, one), source) for one in chosen]
        if source == "player":
            _back(table.seat(seat_id))
        # The bots' replies go in the same transaction as the move that prompted them: one commit per click.
        steps += self._bot_moves(table)
        try:
            await self._commit(table, steps, interaction_id)
        except BaseException:
            # The write failed: reload the last committed state so memory never runs ahead of the disk.
            # The same Table object stays registered: its lock is the one every waiting click holds or awaits.
            fresh = self._table(await self.store.get_game(table.id))
            table.state, table.version, table.seats = fresh.state, fresh.version, fresh.seats
            table.timers, table.logs, table.status = fresh.timers, fresh.logs, fresh.status
            if table.status in LIVE:
                self.tables[table.id] = table
            raise
        return steps

    async def run_bots(self, table: Table) -> list[Step]:
        """Let bot seats move until a human must act, and commit those moves together."""
        steps = self._bot_moves(table)
        if steps:
            await self._commit(table, steps, None)
        return steps

    def _bot_moves(self, table: Table) -> list[Step]:
        """Play every bot move due now, in memory only; the caller commits them (before anyone is told)."""
        steps: list[Step] = []
        for _ in range(MAX_BOT_STEPS):
            pending = table.pending()
            bot_seats = [s for s in pending if table.seat(s).is_bot]
            if not bot_seats:
                break
            for seat_id in bot_seats:
                legal = table.state.pending().get(seat_id)
                if not legal:
                    continue
                action = choose(table.game, table.state.view(seat_id), legal, self.bot_rng)
                steps.append(Step(seat_id, action, table.state.act(seat_id, action), "bot"))
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
        fields = self._fields(table)
        # Only what an action can change is rewritten: every byte here is encoded and written per click.
        progress = {k: fields[k] for k in ("status", "seats", "state", "version", "timers", "logs")}
        await self.store.record_actions(table.id, entries, first, **progress)
        if table.status == "over" and self.history is not None:
            await self.history.game_over(table)  # after the commit: the summary never runs ahead of the log

    def _log(self, table: Table, events: list[dict]) -> None:
        lines = table.logs.setdefault("lines", [])
        names = table.names
        for event in events:
            text = table.game.describe(event, names)
            if text:
                lines.append([event.get("to"), text])
        del lines[:-LOG_KEEP]

    # ---- timers
    def _sync_timers(self, table: Table, now: float | None = None) -> None:
        """One deadline per human seat that must act; kept while that seat's prompt is unchanged.
        Only reaction windows (the game's short_timer()) are short; a seat that timed out before still
        gets the full turn timer, so an absent player is never rushed through a string of 20 s prompts."""
        now = self.clock() if now is None else now
        pending = table.pending() if table.status == "active" else {}
        # A reaction window is declared by the public decision fact (traits.reactions says a game has them).
        short = bool(pending and table.game.traits.reactions
                     and table.state.view(None).get("decision", {}).get("quick"))
        timers: dict[str, dict] = {}
        for seat_id in pending:
            seat = table.seat(seat_id)
            if seat.is_bot:
                continue
            old = table.timers.get(seat_id)
            if old and old["moves"] == seat.moves:
                timers[seat_id] = old
                continue
            seconds = min(SHORT_TIMER, table.turn_seconds) if short else table.turn_seconds
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
                if now >= timer["due"]:
                    out.append((table, seat_id, "expire"))
                elif not timer["reminded"] and now >= timer["due"] - timer["seconds"] / 2:
                    out.append((table, seat_id, "remind"))
        return out

    async def mark_reminded(self, table: Table, seat_id: str) -> None:
        table.timers[seat_id]["reminded"] = True
        await self.store.update_game(table.id, timers=table.timers)

    async def expire(self, table: Table, seat_id: str) -> list[Step]:
        """The seat ran out of time: it takes the game's timeout choice (pass, stop, keep or decline; a card
        only when the rules force one, the least valuable). A decision built in steps (picking cards one by
        one) is finished in one go. Caller holds table.lock. After AWAY_AFTER timeouts in a row the seat is
        marked away and a public log line says so; `newly_away` tells the host to post it once."""
        timer = table.timers.get(seat_id)
        legal = table.pending().get(seat_id)
        if not timer or not legal or self.clock() < timer["due"]:
            return []
        seat = table.seat(seat_id)
        seat.timeouts += 1
        if seat.timeouts >= AWAY_AFTER and not seat.away:
            seat.away = True
            # Said publicly only when the public waiting line names this seat: a timeout in a hidden
            # reaction window would otherwise tell the table who held a reaction card.
            public = seat_id in table.state.view(None).get("decision", {}).get("seats", ())
            lines = table.logs.setdefault("lines", [])
            lines.append([None if public else seat_id,
                          f"💤 {seat.name} seems to be away: timeouts keep passing for them until they "
                          f"make a move themselves."])
            del lines[:-LOG_KEEP]
        steps: list[Step] = []
        for _ in range(MAX_BOT_STEPS):
            action = timeout_choice(table.game, table.state.view(seat_id), legal)
            steps += await self.act(table, seat_id, action, source="timer")
            legal = table.pending().get(seat_id)
            if table.status != "active" or not legal or not (_is_step(action) and any(map(_is_step, legal))):
                break  # the decision is complete; whatever this seat must decide next gets its own timer
        return steps

    def newly_away(self, table: Table, seat_id: str) -> bool:
        """True right after the expire() that marked this seat away: the host posts one line then."""
        seat = table.seat(seat_id)
        return seat.away and seat.timeouts == AWAY_AFTER

    # ---- moderation
    async def pause(self, table: Table) -> None:
        self._require(table, "active")
        table.status = "paused"
        table.timers = {}
        await self._save(table)

    async def resume(self, table: Table) -> list[Step]:
        self._require(table, "paused")
        table.status = "active"
        self._sync_timers(table)
        await self._save(table)
        return await self.run_bots(table)

    async def end(self, table: Table) -> None:
        if table.status not in ("lobby", "active", "paused"):
            raise IllegalAction("This game is already over.")
        table.status = "ended"
        table.timers = {}
        await self._save(table)
        self.tables.pop(table.id, None)
        if self.history is not None and table.state is not None:
            await self.history.game_over(table)

    async def replace(self, table: Table, user_id: int, new_user: tuple[int, str] | None) -> Seat:
        """A moderator takes a member's seat away: a bot, or another member, plays it from now on."""
        seat = table.seat_of(user_id)
        if seat is None:
            raise IllegalAction("That member has no seat at this table.")
        if table.status == "lobby":
            table.seats.remove(seat)
            await self._save(table)
            return seat
        self._require(table, "active", "paused")
        if new_user is not None and table.seat_of(new_user[0]):
            raise IllegalAction("The replacement already has a seat at this table.")
        if self.history is not None:
            await self.history.seat_handed_over(table, seat)  # before it changes: who held it, for how long
        if new_user is not None:
            seat.user_id, seat.name = new_user
        else:
            seat.user_id, seat.name = None, f"{seat.name} (bot)"
        seat.dm_channel_id = seat.dm_message_id = None
        seat.dm_closed = False
        seat.moves += 1  # the old player's prompts go stale
        self._sync_timers(table)
        await self._save(table)
        return seat

    # ---- audit
    async def replay(self, game_id: int) -> dict:
        """Rebuild a game from its seed and action log (the stored state must equal this)."""
        row = await self.store.get_game(game_id)
        game = GAMES[row["game_key"]]
        seat_ids = [s["seat"] for s in row["seats"]]
        state = game.new(seat_ids, row["seed"], row["options"])
        for entry in await self.store.actions(game_id):
            state.act(entry["seat"], entry["action"])
        return state.to_json()


def _back(seat: Seat) -> None:
    """A seat's own move: it is not away any more, and its timeouts start counting from zero again."""
    seat.timeouts, seat.away = 0, False


def _seat_records(table: Table) -> list[dict]:
    # Seats hold only plain values: a shallow copy is all that asdict()'s deep copy did, at a tenth of the cost.
    return [dict(vars(s)) for s in table.seats]


def _is_step(action: dict) -> bool:
    """Part of a decision built in steps: the flow kernel's "step" flag, or a card picked into a choice."""
    return bool(action.get("step")) or action.get("type") in PARTIAL_TYPES


def _fingerprint(legal: list[dict]) -> str:
    return hashlib.blake2s(json.dumps(legal, sort_keys=True).encode(), digest_size=4).hexdigest()
