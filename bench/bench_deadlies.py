"""Benchmark The Deadlies engine: python bench/bench_deadlies.py [games]

Prints mean microseconds per act(), to_json(), load() and view(), and whole random games per second
(random legal moves, default options, 3–6 players in turn).
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GAMES  # noqa: E402

GAME = GAMES["deadlies"]


def random_game(seed: int, n: int) -> tuple[int, float]:
    """Play one whole random game; return (actions, seconds spent in act)."""
    rng = random.Random(seed)
    state = GAME.new([f"p{i}" for i in range(1, n + 1)], seed)
    acts, spent = 0, 0.0
    while not state.over:
        pending = state.pending()
        seat = rng.choice(sorted(pending))
        action = rng.choice(pending[seat])
        t = time.perf_counter()
        state.act(seat, action)
        spent += time.perf_counter() - t
        acts += 1
    return acts, spent


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    start = time.perf_counter()
    total_acts, act_time = 0, 0.0
    for seed in range(games):
        a, t = random_game(seed, 3 + seed % 4)
        total_acts += a
        act_time += t
    elapsed = time.perf_counter() - start

    # Serialisation and views, measured on states sampled from one mid-sized game.
    rng = random.Random(1)
    state = GAME.new(["p1", "p2", "p3", "p4"], 1)
    samples = []
    while not state.over and len(samples) < 300:
        pending = state.pending()
        seat = rng.choice(sorted(pending))
        state.act(seat, rng.choice(pending[seat]))
        samples.append(state.to_json())
    loaded = [GAME.load(d) for d in samples]
    reps = 20

    def per_call(fn) -> float:
        t = time.perf_counter()
        for _ in range(reps):
            for x in loaded:
                fn(x)
        return (time.perf_counter() - t) / (reps * len(loaded)) * 1e6

    to_json_us = per_call(lambda s: s.to_json())
    t = time.perf_counter()
    for _ in range(reps):
        for d in samples:
            GAME.load(d)
    load_us = (time.perf_counter() - t) / (reps * len(samples)) * 1e6
    def cold(seat):  # the first view after an action builds the shared public part
        def fn(s):
            s._public = None
            return s.view(seat)
        return fn

    view_us = per_call(cold("p1"))
    public_us = per_call(cold(None))
    warm_us = per_call(lambda s: s.view("p2"))

    print(f"The Deadlies: {games} random games, {total_acts} actions ({total_acts / games:.0f} per game)")
    print(f"  act()        {act_time / total_acts * 1e6:8.1f} µs")
    print(f"  to_json()    {to_json_us:8.1f} µs")
    print(f"  load()       {load_us:8.1f} µs")
    print(f"  view(seat)   {view_us:8.1f} µs  (first view after an action)")
    print(f"  view(None)   {public_us:8.1f} µs  (first view after an action)")
    print(f"  view(other)  {warm_us:8.1f} µs  (further views of the same state)")
    print(f"  whole random games per second: {games / elapsed:.1f}")


if __name__ == "__main__":
    main()
