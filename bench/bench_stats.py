"""Stats, leaderboards and history with 100,000 finished games stored, beside a same-run baseline.

    python bench/bench_stats.py [games] [rounds]

One server holds every game (the worst case: nothing is narrowed by guild), 4 seats a game drawn from
2,000 members, five game keys. The tables are filled with bulk SQL (the summary rows exactly as
bot/records.py writes them); the queries are the service's own (HistoryService). The baseline is a bare
`SELECT COUNT(*) FROM finished_games` on the same connection (handed to its thread like every query): the
cheapest question about the same data.
The target is 100 ms per answer. Also: recording one finished game (summary + ratings through OpenSkill),
and the start-up catch-up scan over 100,000 finished games with nothing left to record.
Rounds alternate each query with the baseline so that machine noise hits both; medians are printed.
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.records import HistoryService  # noqa: E402
from bot.storage import Storage  # noqa: E402
from bot import ratings  # noqa: E402

GUILD = 42
KEYS = ("raven", "nevermore", "deadlies", "everrain", "blackrose")
MEMBERS = 2000
HEAVY = 7  # this member is in ~1 game in 10: the slowest member to answer for


def fill(conn, games: int) -> None:
    """Bulk rows, on the store's connection thread (store._on_thread): sqlite3 is used on its own thread only."""
    rng = random.Random(1)
    conn.execute("BEGIN")
    t0 = 1_700_000_000.0
    game_rows, seat_rows, results = [], [], {}
    for game_id in range(1, games + 1):
        key = KEYS[game_id % len(KEYS)]
        users = rng.sample(range(1, MEMBERS + 1), 4)
        if game_id % 10 == 0 and HEAVY not in users:
            users[0] = HEAVY
        ended = game_id % 25 == 0
        winner = None if ended else rng.randrange(4)
        finished = t0 + game_id * 600
        seats = [{"name": f"member{u}", "user": u, "score": None if ended else rng.randrange(50),
                  "won": i == winner} for i, u in enumerate(users)]
        game_rows.append((game_id, GUILD, key, int(ended), int(not ended), finished - 1800, finished,
                          rng.randrange(40, 400), json.dumps(seats)))
        for i, u in enumerate(users):
            seat_rows.append((game_id, GUILD, u, key, int(ended), int(i == winner), finished))
            if not ended:
                results.setdefault((key, u), 0)
                results[(key, u)] += 1
        # games rows too (small), so the start-up catch-up scan runs over a realistic games table
        conn.execute("INSERT INTO games (id, guild_id, channel_id, game_key, status, host_id, options,"
                     " turn_seconds, seed, seats, state, version, created_at, updated_at) VALUES"
                     " (?, ?, ?, ?, ?, 1, '{}', 300, 1, '[]', '{}', 1, ?, ?)",
                     (game_id, GUILD, game_id, key, "ended" if ended else "over", finished, finished))
    conn.executemany("INSERT INTO finished_games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", game_rows)
    conn.executemany("INSERT INTO finished_seats VALUES (?, ?, ?, ?, ?, ?, ?)", seat_rows)
    mu0, sigma0, _ = ratings.initial()
    conn.executemany(
        "INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(GUILD, key, u, f"member{u}", mu, sigma, mu - 3 * sigma, n)
         for (key, u), n in results.items()
         for mu, sigma in [(mu0 + rng.gauss(0, 4), sigma0 / (1 + n ** 0.5))]])
    conn.execute("COMMIT")
    conn.execute("ANALYZE")


async def timed(call, rounds: int) -> float:
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        await call()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


async def main(games: int, rounds: int) -> None:
    folder = tempfile.mkdtemp(prefix="bench_stats_")
    store = await Storage.open(os.path.join(folder, "bench.sqlite3"))
    history = HistoryService(store)
    start = time.perf_counter()
    await store._on_thread(fill, store._raw, games)
    print(f"{games:,} finished games, {games * 4:,} member results, one server: filled in "
          f"{time.perf_counter() - start:.1f} s")
    db = history.db
    baseline = lambda: store.db.execute_fetchall("SELECT COUNT(*) FROM finished_games")  # noqa: E731
    cases = [
        ("stats, a member in ~10% of games", lambda: history.stats(GUILD, HEAVY)),
        ("stats, a typical member", lambda: history.stats(GUILD, 1234)),
        ("stats, one game (with rating)", lambda: history.stats(GUILD, HEAVY, "raven")),
        ("leaderboard page 1", lambda: history.leaderboard(GUILD, "raven", 1)),
        ("leaderboard page 30", lambda: history.leaderboard(GUILD, "raven", 30)),
        ("history page 1 (server)", lambda: history.history(GUILD)),
        ("history page 1 (one game)", lambda: history.history(GUILD, "deadlies")),
        ("history page 1 (a member)", lambda: history.history(GUILD, None, HEAVY)),
        ("history page 100 (server)", lambda: history.history(GUILD, page=100)),
        ("catch-up scan at start-up", lambda: db.unrecorded()),
    ]
    print(f"{'query':<36}{'median ms':>10}{'baseline ms':>13}   (baseline: bare SELECT COUNT(*); target 100 ms)")
    for name, call in cases:
        mine, base = [], []
        for _ in range(rounds):
            mine.append(await timed(call, 1))
            base.append(await timed(baseline, 1))
        print(f"{name:<36}{statistics.median(mine):>10.2f}{statistics.median(base):>13.2f}")
    # Recording a finished game: the summary rows and four OpenSkill updates, in one transaction.
    samples = []
    for n in range(rounds):
        game_id = games + 1 + n
        seats = [{"seat": f"p{i}", "user_id": u, "name": f"member{u}"} for i, u in enumerate((HEAVY, 11, 12, None), 1)]
        state = _Over({"p1": 10, "p2": 7, "p3": 7, "p4": 1})
        start = time.perf_counter()
        await history.record(game_id, GUILD, "raven", "over", seats, state, 120, time.time())
        samples.append((time.perf_counter() - start) * 1000)
    base = [await timed(baseline, 1) for _ in range(rounds)]
    print(f"{'record one finished game (+ratings)':<36}{statistics.median(samples):>10.2f}"
          f"{statistics.median(base):>13.2f}")
    await store.close()


class _Over:
    def __init__(self, scores: dict) -> None:
        self.scores = scores

    def result(self) -> dict:
        top = max(self.scores.values())
        return {"scores": self.scores, "winners": [s for s, v in self.scores.items() if v == top]}


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000,
                     int(sys.argv[2]) if len(sys.argv) > 2 else 15))
