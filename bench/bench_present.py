"""Presentation cost per update: building the board and one hand Doc from views, and formatting them as
Discord Markdown, as an embed and as plain text, for every game. Printed beside a same-run baseline: the
cost of the views themselves (state.view), which every update pays anyway.

    .venv/bin/python bench/bench_present.py [games per game key, default 3]
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GAMES  # noqa: E402
from cogs.table.games import policy  # noqa: E402
from present import fmt, presenter  # noqa: E402

SETUPS = {"raven": (4, {"length": "short"}), "nevermore": (4, {}), "deadlies": (4, {"turn_limit": 25}),
          "everrain": (3, {"length": 8})}


def bench(key: str, games: int) -> dict[str, float]:
    players, options = SETUPS[key]
    p, game = presenter(key), GAMES[key]
    names = {f"p{i}": f"Player number {i}" for i in range(1, players + 1)}
    views = docs = markdown = embed = plain = 0.0
    updates = 0
    for g in range(games):
        state, rng = game.new(list(names), g, options), random.Random(g)
        undo = game.traits.undo
        while not state.over:
            seat = rng.choice(sorted(state.pending()))
            legal = [a for a in state.pending()[seat] if a["type"] not in undo] or state.pending()[seat]
            state.act(seat, rng.choice(legal))
            t0 = time.perf_counter()
            public, mine = state.view(None), state.view("p1")
            t1 = time.perf_counter()
            board, hand = p.board(public, names), p.hand(mine, names)
            t2 = time.perf_counter()
            fmt.markdown(board), fmt.markdown(hand)
            t3 = time.perf_counter()
            fmt.embed(board, policy(key).colour)
            t4 = time.perf_counter()
            fmt.plain(board), fmt.plain(hand)
            t5 = time.perf_counter()
            views, docs, markdown, embed, plain = (views + t1 - t0, docs + t2 - t1, markdown + t3 - t2,
                                                   embed + t4 - t3, plain + t5 - t4)
            updates += 1
    us = 1e6 / updates
    return {"updates": updates, "views": views * us, "docs": docs * us, "markdown": markdown * us,
            "embed": embed * us, "plain": plain * us}


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    print(f"{'game':<10} {'updates':>7}  µs per update: {'views (baseline)':>16} {'2 Docs':>8} "
          f"{'2 Markdown':>10} {'embed':>7} {'2 plain':>8}")
    for key in SETUPS:
        r = bench(key, games)
        print(f"{key:<10} {r['updates']:>7}  {'':>14}{r['views']:>16.1f} {r['docs']:>8.1f} {r['markdown']:>10.1f} "
              f"{r['embed']:>7.1f} {r['plain']:>8.1f}")


if __name__ == "__main__":
    main()
