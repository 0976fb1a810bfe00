"""A table's data: its seats, its game, what one change did (Outcome), and what one version shows (Frame).

No Discord, no storage calls: TableService (bot/service.py) changes tables, the Discord side and the
terminal read them. A Frame is one table at one version read once: each reader's engine view, the pending
prompts and their keys are computed at most once however many messages, timers and labels ask.
"""
from __future__ import annotations

import asyncio
import hashlib
import json
from dataclasses import dataclass, field

from engine import GAMES
from engine.core import Action, Event, Game, State, View

LOG_SHOWN = 8   # log lines a board or hand shows (bot/render.py); the whole log is rebuilt from the actions
LOG_KEEP = 30   # at most this many recent loggable events are kept in the game's row


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
    # [channel id, message id] of this seat's older DM messages not yet shrunk to one line: stored, so that
    # after a restart too none of them keeps its whole hand or its buttons (cogs/table/publisher.py)
    superseded: list[list[int]] = field(default_factory=list)

    @property
    def is_bot(self) -> bool:
        return self.user_id is None

    def supersede(self) -> None:
        """The seat's DM message stops being the live one (a newer one was sent, or the seat changed hands):
        it is queued to be shrunk, and the next hand goes out as a new message."""
        if self.dm_message_id is not None and self.dm_channel_id is not None:
            # a new list, not append(): a stored row may share the old one
            self.superseded = [*self.superseded, [self.dm_channel_id, self.dm_message_id]]
        self.dm_channel_id = self.dm_message_id = None

    def shrunk(self, message_id: int | None) -> None:
        """That older DM message is one line now (or can never be made so): nothing left to do for it."""
        self.superseded = [m for m in self.superseded if m[1] != message_id]


@dataclass(frozen=True)
class Actor:
    """Who asks, as the policy needs it: plain facts the Discord edge reads off an interaction."""

    user_id: int
    name: str
    manage_channels: bool = False
    manage_guild: bool = False
    role_ids: frozenset[int] = frozenset()


@dataclass
class Step:
    """One accepted action."""

    seat: str
    action: dict
    events: list[dict]
    source: str                # "player", "bot" or "timer"


@dataclass
class Timer:
    """A human seat's deadline for its current prompt (stored with the game as JSON: to_json/from_json)."""

    due: float                 # when it expires (service clock)
    moves: int                 # the seat's move count it was set for: a newer prompt gets a new timer
    reminded: bool = False     # the half-time reminder went out
    seconds: float = 0         # its whole length (the reminder comes at half of it)

    def to_json(self) -> dict:
        return {"due": self.due, "moves": self.moves, "reminded": self.reminded, "seconds": self.seconds}

    @classmethod
    def from_json(cls, data: dict) -> "Timer":
        # Lenient with older rows: a timer without "moves" or "seconds" still loads (and is replaced as soon
        # as its seat's prompt changes).
        return cls(data["due"], data.get("moves", 0), bool(data.get("reminded")), data.get("seconds", 0))

    def attention(self, now: float) -> str | None:
        """What it needs at `now`: "expire", "remind" (at half time, once) or nothing."""
        if now >= self.due:
            return "expire"
        if not self.reminded and now >= self.due - self.seconds / 2:
            return "remind"
        return None


def timers_from_json(data: dict | None) -> dict[str, "Timer"]:
    return {seat: Timer.from_json(timer) for seat, timer in (data or {}).items()}


def timers_to_json(timers: dict[str, "Timer"]) -> dict[str, dict]:
    return {seat: timer.to_json() for seat, timer in timers.items()}


def upgraded_logs(logs: dict) -> dict:
    """Games saved before log lines were kept as events hold English text: keep it readable as is."""
    if logs and "lines" in logs and "log" not in logs:
        logs = {**logs, "log": [[to, {"type": "_text", "text": text}] for to, text in logs["lines"]]}
        logs.pop("lines")
    return logs


@dataclass(frozen=True)
class Due:
    """A timer that needs attention now: TableService.due() lists them for the timer loop."""

    table: "Table"
    seat: str
    kind: str                  # "remind" or "expire"


@dataclass(frozen=True)
class Pick:
    """What a click on a prompt names: legal actions by index (several: the steps of one decision, taken
    together or not at all), or the presenter's whole choice number `bundle` (steps that only become legal
    one after another, so they cannot be named by today's indexes)."""

    indexes: tuple[int, ...] = ()
    bundle: int | None = None


@dataclass
class Outcome:
    """What one change did, for the publisher and the click's own answer: the steps (the click's and the
    bots' replies), the seats that must act now and did not before (a new turn each: a ping), and whether
    the game just ended. Every hand is rebuilt from its own view at publish; these say what is NEW."""

    steps: list[Step] = field(default_factory=list)
    turns: set[str] = field(default_factory=set)
    over: bool = False

    def __bool__(self) -> bool:
        return bool(self.steps)

    def __iter__(self):  # the steps, for callers that only count or replay them
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)


class Frame:
    """One table at one version: views, pending prompts and prompt keys, each computed once."""

    def __init__(self, table: "Table") -> None:
        self.table = table
        self.key = table.frame_key()
        self._views: dict[str | None, View] = {}
        self._pending: dict[str, list[Action]] | None = None
        self._prompts: dict[str, str] = {}
        self._memo: dict = {}

    def memo(self, key, build):
        """What `build()` gives for this version, built once (the Discord side keeps its messages here)."""
        if key not in self._memo:
            self._memo[key] = build()
        return self._memo[key]

    def view(self, reader: str | None) -> View:
        """The engine view for a seat (None: the public). Shared: callers must not change it."""
        found = self._views.get(reader)
        if found is None:
            found = self._views[reader] = self.table.started.view(reader)
        return found

    def pending(self) -> dict[str, list[Action]]:
        if self._pending is None:
            t = self.table
            self._pending = t.state.pending() if t.state is not None and t.status == "active" else {}
        return self._pending

    def decision(self) -> dict | None:
        """The public decision fact (what the table decides now, whom the public may be told it waits for)."""
        return self.view(None).get("decision") if self.table.state is not None else None

    def prompt_key(self, seat_id: str) -> str:
        """A short fingerprint of a seat's current prompt: its move count and its legal actions."""
        found = self._prompts.get(seat_id)
        if found is None:
            legal = self.pending().get(seat_id, [])
            digest = hashlib.blake2s(json.dumps(legal, sort_keys=True).encode(), digest_size=4).hexdigest()
            found = self._prompts[seat_id] = f"{self.table.seat(seat_id).moves}.{digest}"
        return found

    def unasked(self) -> set[str]:
        """Seats a held window answers for without asking them: in a decision with `hold` (a reaction
        window whose public face must not depend on who can react), a pending seat whose only legal move is
        to let it pass. Never prompted, pinged or timed; the host plays their pass when the window closes."""
        decision = self.decision() or {}
        if not decision.get("hold"):
            return set()
        return {s for s, legal in self.pending().items() if len(legal) == 1}

    def prompted(self, seat_id: str) -> list[Action]:
        """The moves the seat is asked to choose among: none for a seat a held window answers for (its lone
        pass is the host's to play when the window closes; offered, it would let the seat end the window
        early for everyone to see)."""
        legal = self.pending().get(seat_id, [])
        return [] if legal and seat_id in self.unasked() else legal

    def publicly_awaited(self, seat_id: str) -> bool:
        """Whether the public may read that the table waits for this seat: the decision fact names it (a
        game without the fact is taken as turn-based, where the waiting seat is public anyway)."""
        decision = self.decision()
        return decision is None or seat_id in decision.get("seats", ())


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
    board_shown: str = ""      # hash of what the board message shows ("" unknown: post a new one)
    board_picture: str = ""    # key of the picture on the board message ("" none)
    # The version whose messages are all out (every lane sent, nothing failed, no old DM left to shrink);
    # None: unknown or in the middle of publishing. After a restart only tables behind it are republished.
    published_version: int | None = None
    timers: dict[str, Timer] = field(default_factory=dict)  # seat -> its deadline
    logs: dict = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False, compare=False)
    changes: int = field(default=0, repr=False, compare=False)  # state changes in memory, for frame()
    _frame: Frame | None = field(default=None, repr=False, compare=False)

    @property
    def game(self) -> Game:
        return GAMES[self.game_key]

    @property
    def started(self) -> State:
        """The state of a started game (a lobby has none yet): for code that runs only once it started."""
        assert self.state is not None, f"table {self.id} has not started"
        return self.state

    @property
    def names(self) -> dict[str, str]:
        return {s.seat: s.name for s in self.seats}

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def seat(self, seat_id: str) -> Seat:
        for s in self.seats:  # a plain loop: a few times per click, and a third of next()'s cost
            if s.seat == seat_id:
                return s
        raise KeyError(f"table {self.id} has no seat {seat_id!r}")

    def frame_key(self) -> tuple:
        """What a Frame depends on: the state object, its version and in-memory changes, and the status. (A
        seat's move count changes only with the version, or with touch() when a seat changes hands.)"""
        return id(self.state), self.version, self.changes, self.status

    def frame(self) -> Frame:
        """This version's Frame (the same object until the table changes)."""
        if self._frame is None or self._frame.key != self.frame_key():
            self._frame = Frame(self)
        return self._frame

    def touch(self) -> None:
        """The state was changed from outside apply() (a test, a reload): read it afresh."""
        self.changes += 1

    def apply(self, seat_id: str, action: Action) -> list[Event]:
        """Apply one action to the state in memory (the service commits it)."""
        events = self.started.act(seat_id, action)
        self.changes += 1
        return events

    def pending(self) -> dict[str, list[Action]]:
        return self.frame().pending()

    def log(self, to: str | None, event: Event) -> None:
        """Add a loggable event to the recent log (`to`: the one seat that may read it, None for all), and
        keep only what some reader still sees: the tail from the LOG_SHOWN-th last public line (each seat
        reads the public lines too, so each has its last LOG_SHOWN there), never more than LOG_KEEP. Why so
        few: the log is written in the game's row on every click, and a row past one database page costs
        each commit more pages; older lines come back from the stored actions (render.full_log)."""
        log = self.logs.setdefault("log", [])
        log.append([to, event])
        public = keep = 0
        while keep < min(len(log), LOG_KEEP) and public < LOG_SHOWN:
            keep += 1
            public += log[-keep][0] is None
        del log[:-keep]

    def view(self, reader: str | None) -> View:
        return self.frame().view(reader)
