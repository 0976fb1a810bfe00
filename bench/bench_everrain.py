"""Benchmark for The Everrain: `python bench/bench_everrain.py` prints mean microseconds per act(),
to_json(), load() and view(), and whole random games per second (3 players, length 12)."""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GAMES  # noqa: E402

GAME = GAMES["everrain"]
SEATS = ["p1", "p2", "p3"]


def random_game(seed: int):
    state = GAME.new(SEATS, seed, {"length": 12})
    rng = random.Random(seed)
    while not state.over:
        seat, legal = next(iter(state.pending().items()))
        state.act(seat, rng.choice(legal))
    return state


def main() -> None:
    acts = 0
    t_act = t_json = t_load = t_view = 0.0
    n_json = n_view = 0
    for seed in range(300):
        state = GAME.new(SEATS, seed, {"length": 12})
        rng = random.Random(seed)
        while not state.over:
            seat, legal = next(iter(state.pending().items()))
            action = rng.choice(legal)
            t0 = time.perf_counter()
            data = state.to_json()
            t1 = time.perf_counter()
            GAME.load(data)
            t2 = time.perf_counter()
            for reader in (None, *SEATS):
                state.view(reader)
            t3 = time.perf_counter()
            state.act(seat, action)
            t4 = time.perf_counter()
            t_json += t1 - t0
            t_load += t2 - t1
            t_view += t3 - t2
            t_act += t4 - t3
            acts += 1
            n_json += 1
            n_view += 1 + len(SEATS)
    start = time.perf_counter()
    games = 0
    while time.perf_counter() - start < 3.0:
        random_game(10_000 + games)
        games += 1
    elapsed = time.perf_counter() - start
    print(f"The Everrain, {len(SEATS)} players, length 12")
    print(f"act():      {t_act / acts * 1e6:8.1f} us  (mean over {acts} actions)")
    print(f"to_json():  {t_json / n_json * 1e6:8.1f} us")
    print(f"load():     {t_load / n_json * 1e6:8.1f} us")
    print(f"view():     {t_view / n_view * 1e6:8.1f} us")
    print(f"games/sec:  {games / elapsed:8.1f}  (whole random games, no checks)")


if __name__ == "__main__":
    main()
