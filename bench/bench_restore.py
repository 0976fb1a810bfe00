"""Restoring every live game in a fresh process, beside a bare SELECT + json.loads of the same rows.

    python bench/bench_restore.py [games] [rounds]      (default 100,000 games, 1 round)

Builds a database of `games` live tables: a few dozen real mid-game rows of the five games (two humans and
two bots each, saved by the service after 3 to 30 moves), copied with executemany, each copy its own id,
server, channel, host and turn deadlines. Then, each in a new process and alternating, it times and takes
the peak RSS (ru_maxrss) of:
  * bare:    sqlite3 fetching the live rows and json.loads of their JSON columns (every row kept); and the
             same with the cyclic GC off (its full passes over millions of decoded objects make the plain
             bare load grow faster than the rows: this is the floor of decoding them at all);
  * rookery: what the bot process does at start-up to bring live games back: Storage.open,
             TableService.restore, heap.tune_for, the first timer pass (TableService.due) and the lookup of
             table of LOOKUPS channels (TableService.in_channel), as slash commands do.
Also, on a sample: what the after-restart republish costs per table whose messages are already current
(the table decoded, its board and hands built, pictures included, nothing sent), and the time and peak RSS
once every table is decoded, as the republish left them before published_version; and what it does now
(republish-now): only the tables behind their published_version are touched (one in BEHIND_EVERY here).
Prints both side by side (goal: restore <= 1.2x the bare load's time, in <= 1 GB).
"""
from __future__ import annotations

import asyncio
import os
import random
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

JSON_COLUMNS = ("options", "seats", "state", "timers", "logs")
LIVE_SQL = "status IN ('lobby', 'active', 'paused')"
KINDS = ("raven", "nevermore", "deadlies", "everrain", "blackrose")
SAMPLES_PER_GAME = 8
REPUBLISH_SAMPLE = 200
BEHIND_EVERY = 100  # one table in this many committed a move whose messages a crash kept from going out
LOOKUPS = 1000  # TableService.in_channel calls (each slash command in a channel makes one)


async def sample_rows(path: str) -> list[dict]:
    """Real mid-game rows of every game, saved through the service (two humans, two bots each)."""
    from bot.seating import Seating
    from bot.service import TableService
    from bot.storage import Storage
    from bot.table import Actor

    store = await Storage.open(path)
    service = TableService(store)
    rng = random.Random(5)
    for n in range(SAMPLES_PER_GAME * len(KINDS)):
        kind = KINDS[n % len(KINDS)]
        table = await Seating(service).create_lobby(1, n, Actor(1, "Ada"), kind, None, 300)
        await Seating(service).join(table, 2, "Grace")
        while len(table.seats) < 4:
            await Seating(service).add_bot(table)
        await service.start(table)
        for _ in range(3 + 3 * (n // len(KINDS))):
            humans = [s for s, legal in table.pending().items() if legal and not table.seat(s).is_bot]
            if table.status != "active" or not humans:
                break
            seat = rng.choice(humans)
            await service.act(table, seat, rng.choice(table.pending()[seat]))
    await store.close()
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    rows = [dict(r) for r in conn.execute("SELECT * FROM games WHERE status = 'active'")]
    conn.close()
    return rows


def build(path: str, games: int) -> dict[str, int]:
    import json

    rows = asyncio.run(sample_rows(path))
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    conn.execute("DELETE FROM actions")
    conn.execute("DELETE FROM games")
    names = [n for n in rows[0] if n != "id"]
    insert = f"INSERT INTO games ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})"
    now, rng = time.time(), random.Random(7)

    def copies():
        for n in range(games):
            row = dict(rows[n % len(rows)])
            row["guild_id"], row["channel_id"], row["host_id"] = (1 + n // 20) << 22, 10**9 + n, 10**6 + n
            timers = json.loads(row["timers"])
            for timer in timers.values():  # deadlines spread over the next turn, a few already past
                timer["due"] = now + rng.uniform(-30, timer.get("seconds") or 300)
            row["timers"] = json.dumps(timers, separators=(",", ":"))
            yield [row[name] for name in names]

    conn.executemany(insert, copies())
    # Every other table's messages went out before the restart (the publisher stored published_version).
    conn.execute("UPDATE games SET published_version = CASE WHEN id % ? = 0 THEN version - 1 ELSE version END",
                 (BEHIND_EVERY,))
    conn.execute("COMMIT")
    conn.execute("VACUUM")
    mix = dict(conn.execute("SELECT game_key, count(*) FROM games GROUP BY game_key").fetchall())
    conn.close()
    return mix


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB


def child_rookery(path: str) -> tuple[float, str]:
    from bot.service import TableService
    from bot.storage import Storage, heap

    async def restore() -> tuple[float, str]:
        started = time.perf_counter()
        store = await Storage.open(path)
        service = TableService(store)
        tables = await service.restore()
        restored = time.perf_counter()
        heap.tune_for(len(tables))
        due = service.due(time.time())
        timers = time.perf_counter()
        asked = random.Random(1).sample(tables, min(LOOKUPS, len(tables)))
        assert all(service.in_channel(t.channel_id) is t for t in asked)
        ended = time.perf_counter()
        took, lookups = ended - started, ended - timers
        # Not part of the start-up, shown on its own: each tick of the timer loop walks every table again
        # (here at a moment when nothing is due: the walk alone).
        service.due(time.time() - 86_400)
        later_pass = time.perf_counter() - ended
        assert len(tables) == games_in(path)
        await store.close()
        return took, (f"restore {restored - started:.2f} s, tune + first timer pass {timers - restored:.2f} s "
                      f"({len(due):,} due), {len(asked):,} channels' lookups {lookups:.2f} s; "
                      f"each later timer pass (none due) {later_pass:.2f} s")

    return asyncio.run(restore())


def child_bare(path: str, collect: bool = True) -> tuple[float, str]:
    import gc
    import json

    if not collect:
        gc.disable()
    started = time.perf_counter()
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    rows = []
    for row in conn.execute(f"SELECT * FROM games WHERE {LIVE_SQL}"):
        out = dict(row)
        for key in JSON_COLUMNS:
            if out[key] is not None:
                out[key] = json.loads(out[key])
        rows.append(out)
    took = time.perf_counter() - started
    conn.close()
    return took, ""


def child_republish(path: str) -> tuple[float, str]:
    """What the after-restart republish does per table whose messages are current, on a sample: the table
    decoded and its board and DM hands built (the publisher's _plan), pictures drawn; nothing is sent."""
    from bot.service import TableService
    from bot.storage import Storage, heap
    from cogs.table.messages import Messages

    class Bot:  # discord.py's cache: no server known, as right after a restart
        @staticmethod
        def get_guild(guild_id):
            return None

        get_channel = get_guild

    class Settings:  # the member settings the messages read: everyone in English
        @staticmethod
        def member_lang(user_id):
            return "en-US"

    async def run() -> tuple[float, str]:
        store = await Storage.open(path)
        service = TableService(store)
        tables = await service.restore()
        heap.tune_for(len(tables))  # as the process does after its restore
        messages = Messages(Bot(), Settings())
        sample = random.Random(3).sample(tables, min(REPUBLISH_SAMPLE, len(tables)))
        started = time.perf_counter()
        for table in sample:
            frame = table.frame()
            messages.board_message(table, frame, "en-US")
            for seat in table.seats:
                if not seat.is_bot and seat.seat not in frame.unasked():
                    messages.hand_message(table, seat.seat, frame, private=True)
        per_table = (time.perf_counter() - started) / len(sample)
        started = time.perf_counter()
        for table in tables:  # what the republish leaves behind: every table decoded
            table.state, table.seats, table.logs, table.timers, table.options  # noqa: B018
        decoding = time.perf_counter() - started
        await store.close()
        return per_table, (f"{per_table * 1000:.1f} ms per table ({len(sample)} sampled); then every table "
                           f"decoded, as the republish leaves them: {decoding:.1f} s more, peak RSS {peak_mib():.0f} MiB")

    return asyncio.run(run())


def child_republish_now(path: str) -> tuple[float, str]:
    """What the after-restart republish does now: Republish.behind() over every restored table (two plain
    columns), then, for the tables behind only, what each pass builds (decoded, board and hands built,
    pictures drawn; nothing sent). Time and peak RSS of the whole process."""
    from bot.service import TableService
    from bot.storage import Storage, heap
    from cogs.table.host import Republish
    from cogs.table.messages import Messages

    class Bot:
        @staticmethod
        def get_guild(guild_id):
            return None

        get_channel = get_guild

    class Settings:
        @staticmethod
        def member_lang(user_id):
            return "en-US"

    async def run() -> tuple[float, str]:
        store = await Storage.open(path)
        service = TableService(store)
        tables = await service.restore()
        heap.tune_for(len(tables))
        rss_restored = peak_mib()
        messages = Messages(Bot(), Settings())
        started = time.perf_counter()
        behind = [t for t in tables if Republish.behind(t)]
        chosen = time.perf_counter() - started
        for table in behind:
            frame = table.frame()
            messages.board_message(table, frame, "en-US")
            for seat in table.seats:
                if not seat.is_bot and seat.seat not in frame.unasked():
                    messages.hand_message(table, seat.seat, frame, private=True)
        took = time.perf_counter() - started
        decoded = sum(1 for t in tables if "state" in vars(t))
        await store.close()
        return took, (f"{len(behind):,} of {len(tables):,} tables touched (choosing them {chosen * 1000:.0f} ms), "
                      f"{took:.2f} s in all, {decoded:,} tables decoded; peak RSS {peak_mib():.0f} MiB "
                      f"({rss_restored:.0f} MiB after the restore)")

    return asyncio.run(run())


def games_in(path: str) -> int:
    conn = sqlite3.connect(path)
    (count,) = conn.execute(f"SELECT count(*) FROM games WHERE {LIVE_SQL}").fetchone()
    conn.close()
    return count


def run_child(kind: str, path: str) -> tuple[float, float, str]:
    """(seconds, peak RSS MiB, detail) of one measurement in a new process."""
    out = subprocess.run([sys.executable, __file__, "--child", kind, path], capture_output=True, text=True,
                         cwd=ROOT)
    if out.returncode:
        raise SystemExit(f"the {kind} child failed:\n{out.stderr}")
    took, rss, detail = out.stdout.rstrip("\n").splitlines()[-1].split("\t")
    return float(took), float(rss), detail


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        kind, path = sys.argv[2], sys.argv[3]
        if kind != "bare":
            import engine  # noqa: F401  imports are not part of a restore: load every game module first
            import bot.service  # noqa: F401
            import cogs.table.messages  # noqa: F401
        took, detail = {"rookery": child_rookery, "bare": child_bare, "republish": child_republish,
                        "republish-now": child_republish_now,
                        "bare-gc-off": lambda p: child_bare(p, collect=False)}[kind](path)
        print(f"{took}\t{peak_mib()}\t{detail}")
        return
    args = sys.argv[1:]
    games = int(args[0]) if args else 100_000
    rounds = int(args[1]) if len(args) > 1 else 1
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "restore.sqlite3")
        mix = build(path, games)
        size = os.path.getsize(path)
        ours, theirs, floor = [], [], []
        for _ in range(rounds):
            ours.append(run_child("rookery", path))
            theirs.append(run_child("bare", path))
            floor.append(run_child("bare-gc-off", path))
        republish = run_child("republish", path)
        now = run_child("republish-now", path)
    mine, base, least = (statistics.median(m[0] for m in runs) for runs in (ours, theirs, floor))
    mine_rss, base_rss, least_rss = (max(m[1] for m in runs) for runs in (ours, theirs, floor))
    print(f"restore {games:,} live games in a fresh process ({size / games / 1024:.1f} KiB per row; "
          f"{', '.join(f'{k} {v:,}' for k, v in sorted(mix.items()))}), median of {rounds}:")
    print(f"  rookery start-up restore  {mine:6.2f} s  peak RSS {mine_rss:6.0f} MiB   ({ours[-1][2]})")
    print(f"  bare SELECT + json.loads  {base:6.2f} s  peak RSS {base_rss:6.0f} MiB")
    print(f"  bare, cyclic GC off       {least:6.2f} s  peak RSS {least_rss:6.0f} MiB")
    print(f"  ratio {mine / base:.2f}x, {mine / least:.2f}x of the GC-off floor (goal <= 1.2x, <= 1 GB)")
    print(f"  after-restart republish of a current table: {republish[2]}, "
          f"{republish[0] * games:,.0f} s of CPU for all {games:,}")
    print(f"  before published_version (every table looked at, as a database from before migration 7 is "
          f"once): {republish[0] * games:,.0f} s")
    print(f"  after-restart republish now, one table in {BEHIND_EVERY} behind: {now[2]}")


if __name__ == "__main__":
    main()
