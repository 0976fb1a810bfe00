"""Makes tests/data/history_schema_v1.sqlite: a database as Rookery's first schema (58893b1, user_version 1)
left it, before the history tables existed, holding toy games in every state. The migration test opens a
copy of it. Run once from the repository root: .venv/bin/python tests/data/make_history_schema_v1.py

Guild 111: #1 and #2 finished, #3 ended mid-game, #4 still active, #5 a lobby. Guild 222: #6 finished, with
member 1001 (who also plays in guild 111). Members: 1001 ann, 1002 ben; seats without a user are bots.
"""
from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import tests.support.toygame  # noqa: E402,F401  registers "toy"
from engine import GAMES  # noqa: E402

OUT = Path(__file__).with_name("history_schema_v1.sqlite")


def first_schema() -> str:
    """The schema exactly as the first storage module (commit 58893b1) created it."""
    source = subprocess.run(["git", "show", "58893b1:bot/storage.py"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    namespace: dict = {}
    exec(source.split("LIVE = ")[0].replace("import aiosqlite", ""), namespace)
    return namespace["MIGRATIONS"][0]


def play(seats: list[str], seed: int, moves: int | None) -> tuple[dict, list[tuple[str, dict]]]:
    """A toy game where every seat takes its first legal action, stopped after `moves` if given."""
    state = GAMES["toy"].new(seats, seed, {"rounds": 2})
    log = []
    while not state.over and (moves is None or len(log) < moves):
        seat, legal = next(iter(state.pending().items()))
        state.act(seat, legal[0])
        log.append((seat, legal[0]))
    return state.to_json(), log


def main() -> None:
    OUT.unlink(missing_ok=True)
    db = sqlite3.connect(OUT)
    for statement in filter(str.strip, first_schema().split(";")):
        db.execute(statement)
    db.execute("PRAGMA user_version=1")
    people = {"ann": 1001, "ben": 1002}
    games = [  # (guild, channel, status, [names; "Bot" is a bot], seed, moves or None for a whole game)
        (111, 11, "over", ["ann", "ben", "Bot 1"], 5, None),
        (111, 12, "over", ["ben", "ann"], 6, None),
        (111, 13, "ended", ["ann", "ben"], 7, 3),
        (111, 14, "active", ["ann", "ben"], 8, 1),
        (111, 15, "lobby", ["ann"], 9, 0),
        (222, 21, "over", ["ann", "Bot 1"], 10, None),
    ]
    now = 1_700_000_000.0
    for number, (guild, channel, status, names, seed, moves) in enumerate(games, start=1):
        seat_ids = [f"p{i}" for i in range(1, len(names) + 1)]
        seats = [{"seat": s if status != "lobby" else "", "user_id": people.get(n), "name": n, "moves": 0,
                  "dm_channel_id": None, "dm_message_id": None, "dm_closed": False} for s, n in zip(seat_ids, names)]
        state, log = play(seat_ids, seed, moves) if status != "lobby" else (None, [])
        for seat, _ in log:
            seats[seat_ids.index(seat)]["moves"] += 1
        started = now + number * 3600
        db.execute(
            "INSERT INTO games (id, guild_id, channel_id, game_key, status, host_id, options, turn_seconds, seed,"
            " seats, state, version, timers, logs, created_at, updated_at) VALUES"
            " (?, ?, ?, 'toy', ?, 1001, ?, 300, ?, ?, ?, ?, '{}', '{}', ?, ?)",
            (number, guild, channel, status, json.dumps({"rounds": 2}), seed, json.dumps(seats),
             json.dumps(state) if state is not None else None, len(log), started - 60, started + 60 * len(log)))
        db.executemany("INSERT INTO actions (game_id, seq, seat, action, source, at) VALUES (?, ?, ?, ?, ?, ?)",
                       [(number, seq, seat, json.dumps(action), "bot" if people.get(names[seat_ids.index(seat)])
                         is None else "player", started + 60 * seq) for seq, (seat, action) in enumerate(log)])
    db.commit()
    db.close()
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes, made {time.strftime('%Y-%m-%d')})")


if __name__ == "__main__":
    main()
