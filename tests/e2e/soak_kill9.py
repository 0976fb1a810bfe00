"""Kill -9 soak: the real Rookery process against the fake Discord, killed at random moments (issue 8 §2).

Four live games in four channels (two humans and bots each). Each round plays a few moves, then SIGKILLs the
bot: while it is quiet, while clicks are in flight (between commit and publish), or right after Start. After
each kill it checks that every acknowledged move is on disk; after each restart, that every player who must
act has current buttons within a few seconds and every board names the right players.

    .venv/bin/python tests/e2e/soak_kill9.py --restarts 100 [--game toy|raven|...] [--seed 1]
    .venv/bin/python tests/e2e/soak_kill9.py --concurrent 20      # 4 games, one click each at once, 20 rounds

The toy game (tests/support/toygame.py) keeps the figures about the platform; --game raven runs a real game.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import sqlite3
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import tests.support.toygame  # noqa: E402,F401  the soak process computes prompts for the toy game too
from tests.e2e.fake_discord import BotProcess, FakeDiscord  # noqa: E402
from tests.e2e.load_players import not_current  # noqa: E402
from tests.support.components import iter_components  # noqa: E402

TOYBOT = [sys.executable, str(REPO / "tests" / "support" / "toybot.py")]
ROOKERY = [sys.executable, "-m", "bot", "run"]
ACTION_PREFIXES = ("rk:a:", "rk:s:")


@dataclass
class Figures:
    restarts: int = 0
    acknowledged: int = 0
    lost: int = 0
    stale_prompts: int = 0          # players who must act without current buttons, checked after each restart
    boards_wrong: int = 0
    restarts_with_stale: int = 0
    kills: dict = field(default_factory=lambda: {"quiet": 0, "in_flight": 0, "after_start": 0})
    seconds_to_current: list = field(default_factory=list)
    traceback_lines: int = 0
    messages_fixed: int = 0         # board and hand messages the bot's republish had to fix (from its log)
    # What the kill left behind, before the restart: without the republish these would stay wrong.
    stale_at_kill: int = 0
    boards_wrong_at_kill: int = 0
    kills_leaving_stale: int = 0
    # Tables a kill left wrong whose row nonetheless says every message of its version is out: the restart's
    # republish (which skips those) would leave them wrong.
    wrong_but_stored_published: int = 0

    def report(self) -> str:
        waits = sorted(self.seconds_to_current) or [0.0]
        return (f"restarts {self.restarts} (kills: {self.kills}) · acknowledged actions {self.acknowledged} · "
                f"lost {self.lost} · stale prompts after restart {self.stale_prompts} "
                f"(in {self.restarts_with_stale} restarts) · boards wrong {self.boards_wrong} · "
                f"time to current buttons median {waits[len(waits) // 2]:.2f}s max {waits[-1]:.2f}s · "
                f"messages fixed by republish {self.messages_fixed} · tracebacks {self.traceback_lines}\n"
                f"  left by the kills, before restart: stale prompts {self.stale_at_kill}, boards wrong "
                f"{self.boards_wrong_at_kill}, in {self.kills_leaving_stale} of {sum(self.kills.values())} kills; "
                f"of those stored as published {self.wrong_but_stored_published}")


class Soak:
    def __init__(self, fake: FakeDiscord, db_path: str, game: str, rng: random.Random, humans: int = 2,
                 bots: int = 1) -> None:
        self.fake, self.db_path, self.game, self.rng = fake, db_path, game, rng
        self.humans, self.bots = humans, bots
        self.channels: list = []
        self.players: dict[int, list] = {}  # channel id -> its human FakeUsers
        self.acked: set[int] = set()         # interaction ids the bot acknowledged as applied moves
        self.bot: BotProcess | None = None

    async def setup(self, tables: int) -> None:
        for number in range(tables):
            channel = await self.fake.add_channel(f"games-{number}")
            self.channels.append(channel)
            self.players[channel.id] = [await self.fake.add_user(f"p{number}-{i}", admin=i == 0)
                                        for i in range(self.humans)]
        argv = TOYBOT if self.game == "toy" else ROOKERY
        env = {**self.fake.env(), "ROOKERY_DB": self.db_path, "ROOKERY_GUILD_ID": str(self.fake.guild_id),
               "ROOKERY_TIMER_POLL": "0"}
        self.bot = BotProcess(argv, env=env, cwd=str(REPO), fake=self.fake)
        await self.bot.start()
        await self.fake.wait_ready(timeout=60)

    # ---- reading the database (the bot writes it; WAL lets us read beside it)
    def db(self, sql: str, params=()) -> list:
        with sqlite3.connect(self.db_path) as db:
            return db.execute(sql, params).fetchall()

    def latest(self, channel) -> tuple[int, str, int | None] | None:
        rows = self.db("SELECT id, status, board_message_id FROM games WHERE channel_id = ? ORDER BY id DESC"
                       " LIMIT 1", (channel.id,))
        return rows[0] if rows else None

    def on_disk(self) -> set[int]:
        return {r[0] for r in self.db("SELECT interaction_id FROM actions WHERE interaction_id IS NOT NULL")}

    # ---- playing
    def prompt(self, channel):
        """(user, message, component) of a human in this channel whose hand shows choices, else None."""
        users = list(self.players[channel.id])
        self.rng.shuffle(users)
        for user in users:
            dms = self.fake.dm_messages(user)
            if dms:
                for comp in iter_components(dms[-1]["components"]):
                    if comp.get("custom_id", "").startswith(ACTION_PREFIXES):
                        return user, dms[-1], comp
        return None

    async def fire(self, user, message, comp, timeout: float = 10.0):
        """Send one click (or select) as Discord would; returns the interaction record, answered or not."""
        if comp["type"] == 2:
            data = {"custom_id": comp["custom_id"], "component_type": 2, "id": comp.get("id")}
        else:
            value = self.rng.choice(comp["options"])["value"]
            data = {"custom_id": comp["custom_id"], "component_type": 3, "values": [value], "id": comp.get("id")}
        channel = self.fake.channels[int(message["channel_id"])]
        before = set(self.fake.interactions)
        try:
            await self.fake.actions.interact(3, user, channel, data, self.fake.message(message), timeout)
        except AssertionError:
            pass  # killed before it answered: not acknowledged
        return next(r for i, r in self.fake.interactions.items() if i not in before and r.data is data)

    def acknowledged(self, rec) -> bool:
        """The bot told the player the move was made: the clicked message was updated (7), or deferred (6)
        and then edited, with no private refusal."""
        if rec.callback_type == 7:
            return not rec.ephemeral
        if rec.callback_type == 6 and not rec.followups:
            return any(m == "PATCH" and rec.token in p for m, p, _ in self.fake.calls)
        return False

    async def move(self, channel, timeout: float = 10.0) -> bool:
        found = self.prompt(channel)
        if found is None:
            return False
        rec = await self.fire(*found, timeout=timeout)
        if self.acknowledged(rec):
            self.acked.add(rec.id)
        return True

    async def ensure_games(self) -> list:
        """Every channel gets a running game (a new one where the last finished); returns the lobbies whose
        Start is still to be clicked."""
        lobbies = []
        for channel in self.channels:
            latest = self.latest(channel)
            if latest and latest[1] == "active":
                continue
            host, *others = self.players[channel.id]
            if latest is None or latest[1] not in ("lobby",):
                new = await self.fake.slash(host, channel, "game", subcommand="new", options={"game": self.game})
                lobby = new.original
                for user in others:
                    await self.fake.click(user, lobby, self.fake.find_button(lobby, label="Join"))
                for _ in range(self.bots):
                    await self.fake.click(host, lobby, self.fake.find_button(lobby, label="Add bot"))
            else:
                lobby = self.fake.message(latest[2])
            lobbies.append((host, lobby))
        return lobbies

    async def start(self, host, lobby) -> None:
        try:
            start = self.fake.find_button(lobby, label="Start")
        except AssertionError:
            return
        await self.fake.actions.interact(3, host, self.fake.channels[int(lobby["channel_id"])],
                                         {"custom_id": start["custom_id"], "component_type": 2, "id": start.get("id")},
                                         self.fake.message(lobby), 10.0)

    # ---- checking
    async def check_current(self, figures: Figures, within: float = 5.0) -> None:
        """After a restart: wait until every human who must act has current buttons and every board names
        the right players; count whatever is still wrong after `within` seconds."""
        started = time.monotonic()
        while True:
            stale, boards = await self.wrong_now()
            if not stale and not boards:
                figures.seconds_to_current.append(time.monotonic() - started)
                return
            if time.monotonic() - started > within:
                figures.stale_prompts += len(stale)
                figures.boards_wrong += len(boards)
                figures.restarts_with_stale += bool(stale)
                print(f"  still wrong after {within}s: stale {stale} boards {boards}", flush=True)
                return
            await asyncio.sleep(0.1)

    async def wrong_now(self) -> tuple[list, list]:
        """Stale prompts and wrong boards now (load_players.not_current: bundle buttons count as a prompt's)."""
        return await not_current(self.fake, self.db_path)

    def stored_published(self, table_ids: set[int]) -> int:
        """How many of these tables' rows say their messages are all out (published_version = version)."""
        rows = self.db("SELECT id FROM games WHERE published_version = version") if table_ids else []
        return len({r[0] for r in rows} & table_ids)

    async def restart(self) -> None:
        await self.bot.start()
        await self.fake.wait_ready(timeout=60)


def tracebacks(output: str, keep: int = 3) -> str:
    """The first few tracebacks in the bot's log, each with the line that introduced it."""
    lines, out = output.splitlines(), []
    for i, line in enumerate(lines):
        if line.startswith("Traceback") and len(out) < keep:
            end = next((j for j in range(i + 1, len(lines)) if not lines[j].startswith((" ", "Traceback"))), i)
            out.append("\n".join(lines[max(0, i - 1):end + 1]))
    return "\n---\n".join(out)


async def soak(restarts: int, game: str = "toy", seed: int = 1, tables: int = 4, db_dir: str | None = None,
               verbose: bool = True) -> Figures:
    rng = random.Random(seed)
    figures = Figures()
    fake = await FakeDiscord().start()
    tmp = tempfile.TemporaryDirectory(dir=db_dir)
    run = Soak(fake, str(Path(tmp.name) / "soak.sqlite3"), game, rng, bots=1 if game == "toy" else 2)
    try:
        await run.setup(tables)
        for number in range(restarts):
            lobbies = await run.ensure_games()
            mode = rng.choice(["quiet", "in_flight", "in_flight"]) if not lobbies else "after_start"
            for host, lobby in lobbies[1:]:
                await run.start(host, lobby)
            if mode == "after_start":
                host, lobby = lobbies[0]
                task = asyncio.create_task(run.start(host, lobby))
                await asyncio.sleep(rng.uniform(0, 0.08))
            else:
                for _ in range(rng.randint(0, 6)):
                    await run.move(rng.choice(run.channels))
                if mode == "in_flight":
                    clicks = [asyncio.create_task(run.move(c, timeout=3)) for c in run.channels if rng.random() < .7]
                    await asyncio.sleep(rng.uniform(0, 0.06))
                else:
                    await fake.wait_quiet()
            await run.bot.kill()
            figures.kills[mode] += 1
            if mode == "after_start":
                await asyncio.gather(task, return_exceptions=True)
            elif mode == "in_flight":
                await asyncio.gather(*clicks, return_exceptions=True)
            lost = run.acked - run.on_disk()
            figures.lost += len(lost)
            run.acked -= lost
            stale, boards = await run.wrong_now()
            figures.stale_at_kill += len(stale)
            figures.boards_wrong_at_kill += len(boards)
            figures.kills_leaving_stale += bool(stale or boards)
            figures.wrong_but_stored_published += run.stored_published({t for t, _ in stale} | set(boards))
            await run.restart()
            figures.restarts += 1
            await run.check_current(figures)
            if verbose and (number + 1) % 10 == 0:
                figures.acknowledged = len(run.acked)
                print(f"[{number + 1}/{restarts}] {figures.report()}", flush=True)
        figures.acknowledged = len(run.acked)
        figures.lost += len(run.acked - run.on_disk())
        output = run.bot.output()
        figures.traceback_lines = output.count("Traceback")
        figures.messages_fixed = sum(int(m) for m in re.findall(r"behind, (\d+) message\(s\) fixed", output))
        if verbose and figures.traceback_lines:
            print(tracebacks(output), flush=True)
        return figures
    finally:
        if run.bot is not None:
            await run.bot.kill()
            Path(run.bot.log_path).unlink(missing_ok=True)
        await fake.stop()
        tmp.cleanup()


async def concurrent(rounds: int, game: str = "toy", seed: int = 1, tables: int = 4) -> dict:
    """Four games, one click in each at the same moment, `rounds` times: how many applied, how many lost."""
    rng = random.Random(seed)
    fake = await FakeDiscord().start()
    tmp = tempfile.TemporaryDirectory()
    run = Soak(fake, str(Path(tmp.name) / "concurrent.sqlite3"), game, rng, bots=1 if game == "toy" else 2)
    sent = answered = 0
    try:
        await run.setup(tables)
        for _ in range(rounds):
            for host, lobby in await run.ensure_games():
                await run.start(host, lobby)
            await fake.wait_quiet()
            found = [run.prompt(c) for c in run.channels]
            found = [f for f in found if f]
            recs = await asyncio.gather(*(run.fire(*f, timeout=5) for f in found))
            sent += len(recs)
            answered += sum(1 for r in recs if r.callbacks)
            run.acked |= {r.id for r in recs if run.acknowledged(r)}
            await fake.wait_quiet()
        applied = len(run.acked & run.on_disk())
        return {"clicks": sent, "answered": answered, "acknowledged": len(run.acked), "applied": applied,
                "lost": sent - applied, "tracebacks": run.bot.output().count("Traceback")}
    finally:
        if run.bot is not None:
            await run.bot.kill()
            Path(run.bot.log_path).unlink(missing_ok=True)
        await fake.stop()
        tmp.cleanup()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--restarts", type=int, default=100)
    parser.add_argument("--concurrent", type=int, default=0, metavar="ROUNDS")
    parser.add_argument("--game", default="toy")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.monotonic()
    if args.concurrent:
        result = asyncio.run(concurrent(args.concurrent, args.game, args.seed))
        print(f"concurrent clicks ({args.game}, 4 games × {args.concurrent} rounds): {result}")
    else:
        figures = asyncio.run(soak(args.restarts, args.game, args.seed))
        print(f"kill -9 soak ({args.game}, 4 games): {figures.report()}")
    print(f"took {time.monotonic() - started:.0f}s")


if __name__ == "__main__":
    main()
