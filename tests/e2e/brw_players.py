"""Three quick humans playing Black Rose Wars from their DMs against the real process (the fake Discord), and
what they saw: shared by tests/e2e/test_blackrose_pace_e2e.py and bench/bench_brw_e2e.py (issue 33's
"Done means", measured on the real process).

Recorder watches every message the fake serves (channel, DM, ephemeral, a click's answer: they all go
through its MessageStore) and keeps, with the time, the board's waiting line and any empty reaction prompt.
Table drives the game: at each quiet moment it reads the table's row (state, seats) from the database, checks
that no player has more than one DM message with move buttons, and one human whose current DM prompt is
the live one clicks it, as `choose` picks (random_choice: uniformly among the offered controls).
"""
from __future__ import annotations

import asyncio
import hashlib
import json
import random
import sqlite3
import time
from dataclasses import dataclass, field
from typing import Callable

from engine import GAMES
from tests.e2e.fake_discord.components import EPHEMERAL
from tests.support.components import action_components, components_of, text_of

WINDOW_LINES = ("decide whether their armed spell fires", "Waiting for reactions…")
EMPTY_LINES = ("Nothing of yours can be triggered", "Nothing to trigger")
PASS_LABEL = "Let it pass"
NEVER = {"unready", "ask_me"}  # a take-back and a standing-order setting: never clicked (bench_clicks' policy)


def empty_reaction_prompt(message: dict) -> bool:
    """A reaction prompt offering nothing to trigger: the 'nothing of yours' wording, or only a pass."""
    labels = [c.get("label") or "" for c in action_components(message)]
    return any(line in text_of(message) for line in EMPTY_LINES) or (
        bool(labels) and all(label.startswith(PASS_LABEL) for label in labels))


class Recorder:
    """Every version of every message the fake stores, as it is made or edited (hooks the fake's store)."""

    def __init__(self, fake) -> None:
        self.fake = fake
        self.board: list[tuple[float, bool]] = []   # (time, the board shows a reaction window's waiting line)
        self.empty: list[tuple[str, str]] = []      # (where, text) of every empty reaction prompt seen
        self.versions = 0
        store = fake.store
        create, edit = store.create, store.edit

        async def created(channel, body, files=None, **kw):
            msg = await create(channel, body, files, **kw)
            self.seen(msg)
            return msg

        async def edited(msg, body, files=None):
            out = await edit(msg, body, files)
            self.seen(msg)
            return out
        store.create, store.edit = created, edited

    def seen(self, msg: dict) -> None:
        self.versions += 1
        channel = self.fake.world.channels.get(int(msg["channel_id"]))
        where = "ephemeral" if msg["flags"] & EPHEMERAL else "DM" if channel and channel.type == 1 else "channel"
        if any((c.get("custom_id") or "").startswith("rk:h:") for c in components_of(msg)):  # the board
            text = text_of(msg)
            self.board.append((time.monotonic(), any(line in text for line in WINDOW_LINES)))
        if empty_reaction_prompt(msg):
            self.empty.append((where, text_of(msg)[:300]))

    def window_seconds(self, until: float) -> float:
        """How long the board showed a reaction window's waiting line, up to `until`."""
        total = 0.0
        for (t, window), (t_next, _) in zip(self.board, self.board[1:] + [(until, False)]):
            total += max(0.0, min(t_next, until) - t) if window else 0.0
        return total


def table_row(db_path: str) -> dict | None:
    with sqlite3.connect(db_path) as db:
        db.row_factory = sqlite3.Row
        row = db.execute("SELECT status, seats, state, version FROM games ORDER BY id DESC LIMIT 1").fetchone()
    return dict(row) if row else None


def prompt_key(seat: dict, legal: list[dict]) -> str:
    """The host's fingerprint of a seat's prompt (bot/table.py Frame.prompt_key)."""
    digest = hashlib.blake2s(json.dumps(legal, sort_keys=True).encode(), digest_size=4).hexdigest()
    return f"{seat['moves']}.{digest}"


def controls(message: dict, legal: list[dict]) -> list[tuple[dict, list[str] | None]]:
    """The move controls of a prompt as (component, select values it may send or None for a button),
    without a take-back or a setting."""
    out: list[tuple[dict, list[str] | None]] = []
    for comp in action_components(message):
        cid = comp["custom_id"]
        if cid.startswith("rk:a:"):
            n = int(cid.rsplit(":", 1)[1])
            if n < len(legal) and legal[n]["type"] not in NEVER:
                out.append((comp, None))
        elif comp["type"] == 3:
            values = [o["value"] for o in comp["options"]]
            if cid.startswith("rk:s:"):
                values = [v for v in values if int(v) < len(legal) and legal[int(v)]["type"] not in NEVER]
            if values:
                out.append((comp, values))
        else:
            out.append((comp, None))
    return out


def random_choice(rng: random.Random, message: dict, state, seat: str, names: dict) -> tuple[dict, str | None]:
    """Uniformly among the controls (a menu is one control, then a uniform pick inside it)."""
    legal = state.pending()[seat]
    comp, values = rng.choice(controls(message, legal) or [(c, None) for c in action_components(message)])
    return comp, (rng.choice(values) if values else None)


ASK_ME = "ask me"  # the words of an "Arm X — ask me (its condition is shown)" choice


def asking_choice(rng: random.Random, message: dict, state, seat: str, names: dict) -> tuple[dict, str | None]:
    """random_choice, but a Trap or Protection is always armed "ask me" when that is offered, and an armed
    spell's window is answered at random: the player who wants to react, so that windows open."""
    for comp, values in controls(message, state.pending()[seat]):
        if comp["type"] == 2 and ASK_ME in (comp.get("label") or ""):
            return comp, None
        asking = [o["value"] for o in comp.get("options") or ()
                  if ASK_ME in o["label"] and o["value"] in (values or ())]
        if asking:
            return comp, rng.choice(asking)
    return random_choice(rng, message, state, seat, names)


@dataclass
class Figures:
    clicks: dict[str, int] = field(default_factory=dict)        # user name -> clicks (a menu costs 2)
    interactions: dict[str, int] = field(default_factory=dict)  # user name -> interactions sent
    windows: set = field(default_factory=set)                    # reaction decisions' ids seen
    stale_steps: int = 0                                          # quiet moments with > 1 live DM for someone
    most_live: int = 0                                            # most live DM messages one player had at once
    refused: list[str] = field(default_factory=list)              # answers that were not a move accepted
    my_hand_checks: int = 0
    hands_at: int = -1                                            # the move count at the last My hand presses
    forced_clicked: int = 0                                       # lone moves the host left to the player
    turn: int = 0
    over: bool = False
    steps: int = 0


class Table:
    """A started three-human Black Rose Wars table and its quick players."""

    def __init__(self, fake, db_path: str, users: list, games_channel, seed: int,
                 choose: Callable = random_choice, skip: Callable | None = None, my_hand_every: int = 0) -> None:
        self.fake, self.db_path, self.users, self.channel = fake, db_path, users, games_channel
        self.rng = random.Random(seed)
        self.choose, self.skip = choose, skip  # skip(state, seat, legal): a move the host plays itself
        self.my_hand_every = my_hand_every  # every that many moves, every human presses My hand too
        self.game = GAMES["blackrose"]
        self.figures = Figures()
        self.recorder = Recorder(fake)

    @classmethod
    async def start(cls, fake, db_path: str, seed: int, **kw) -> "Table":
        users = [await fake.add_user("ann", admin=True), await fake.add_user("ben"), await fake.add_user("cat")]
        games = await fake.add_channel("games")
        table = cls(fake, db_path, users, games, seed, **kw)
        lobby = (await fake.slash(users[0], games, "game", subcommand="new", options={"game": "blackrose"})).original
        for user in users[1:]:
            await fake.click(user, lobby, fake.find_button(lobby, label="Join"))
        await fake.click(users[0], lobby, fake.find_button(lobby, label="Start"))
        await fake.wait_until(lambda: all(fake.dm_messages(u) for u in users), what="the humans' hand DMs")
        return table

    def live(self, user) -> list[dict]:
        return [m for m in self.fake.dm_messages(user) if action_components(m)]

    def check_live(self) -> None:
        most = max(len(self.live(u)) for u in self.users)
        self.figures.most_live = max(self.figures.most_live, most)
        self.figures.stale_steps += most > 1

    async def my_hands(self) -> None:
        """Every human presses My hand on the board (the path an unasked seat takes during a window)."""
        boards = [m for m in self.fake.messages(self.channel)
                  if any((c.get("custom_id") or "").startswith("rk:h:") for c in components_of(m))]
        if not boards:
            return
        hand = next(c for c in components_of(boards[-1]) if c["custom_id"].startswith("rk:h:"))
        for user in self.users:
            await self.fake.click(user, boards[-1], hand)
            self.figures.my_hand_checks += 1

    async def step(self, stuck_after: float = 60.0) -> bool:
        """One quick human's click (False once the game is over). Waits for the host where nobody can
        click (a forced move playing itself)."""
        fake, f = self.fake, self.figures
        waited_since = time.monotonic()
        while True:
            await fake.wait_quiet()
            self.check_live()
            row = table_row(self.db_path)
            if row is None or row["status"] != "active" or not row["state"]:
                f.over = row is not None and row["status"] in ("over", "ended")
                return False
            state = self.game.load(json.loads(row["state"]))
            f.turn = max(f.turn, state.to_json().get("turn", 0))
            if state.over:
                f.over = True
                return False
            decision = state.view(None).get("decision") or {}
            window = decision.get("about") == "reactions" and decision.get("id") not in f.windows
            if window:
                f.windows.add(decision.get("id"))
            if window or (self.my_hand_every and f.steps % self.my_hand_every == 0 and f.steps != f.hands_at):
                f.hands_at = f.steps
                await self.my_hands()
            seats = {s["seat"]: s for s in json.loads(row["seats"])}
            names = {s: seat["name"] for s, seat in seats.items()}
            ready, forced = [], []
            for user in self.users:
                seat = next(s for s in seats.values() if s["user_id"] == user.id)
                legal = state.pending().get(seat["seat"])
                live = self.live(user)
                if not legal or not live:
                    continue
                key = action_components(live[-1])[0]["custom_id"].split(":")[4]
                if key != prompt_key(seat, legal):
                    continue  # the DM still shows an older prompt: its new one is on the way
                held = self.skip is not None and self.skip(state, seat["seat"], legal)
                (forced if held else ready).append((user, live[-1], seat["seat"]))
            if not ready and forced and time.monotonic() - waited_since > 6.0:
                ready = forced  # the host did not play it: the player does
                f.forced_clicked += 1
            if ready:
                break
            if time.monotonic() - waited_since > stuck_after:
                raise AssertionError(f"no human could move for {stuck_after}s at version {row['version']}")
            await asyncio.sleep(0.1)
        user, message, seat_id = self.rng.choice(ready)
        comp, value = self.choose(self.rng, message, state, seat_id, names)
        if value is None:
            result = await fake.click(user, message, comp)
        else:
            result = await fake.select(user, message, comp, [value])
        f.clicks[user.name] = f.clicks.get(user.name, 0) + (2 if comp["type"] == 3 else 1)
        f.interactions[user.name] = f.interactions.get(user.name, 0) + 1
        f.steps += 1
        if result.callback_type not in (6, 7):
            f.refused.append(" | ".join(result.texts)[:200])
        return True
