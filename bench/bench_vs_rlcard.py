"""Engine speed beside RLCard's UNO: python bench/bench_vs_rlcard.py [seconds_per_engine]

Random playouts through each engine's contract (pending() + act(), a uniformly random legal action of a
random waiting seat, 3-6 players in turn; the Everrain 1-5, Black Rose Wars 2-4) and RLCard's UNO
environment (reset() + step() with a uniformly random legal action, its default 2 players) in the same
run, each for about the same wall time. Prints actions per second and the ratio to UNO. The run is cut
into rounds and every round times UNO and each engine in turn, so load drifting on a shared machine moves
the baseline and the engines alike.

RLCard is a bench-only dependency (`.venv/bin/pip install rlcard`); without it this says so and exits 0.
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GAMES  # noqa: E402

SEAT_COUNTS = {"raven": (3, 4, 5, 6), "nevermore": (3, 4, 5, 6), "deadlies": (3, 4, 5, 6),
               "everrain": (1, 2, 3, 4, 5), "blackrose": (2, 3, 4)}


def uno_playouts(seconds: float, rng: random.Random, env) -> tuple[int, float]:
    actions, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            actions += 1
    return actions, time.perf_counter() - started


def engine_playouts(key: str, seconds: float, first_seed: int) -> tuple[int, float, int]:
    game, counts = GAMES[key], SEAT_COUNTS[key]
    actions, g, started = 0, first_seed, time.perf_counter()
    while time.perf_counter() - started < seconds:
        seats = [f"p{i}" for i in range(1, counts[g % len(counts)] + 1)]
        rng = random.Random(g)
        state = game.new(seats, g, None)
        while not state.over:
            pending = state.pending()
            seat = rng.choice(sorted(pending))
            state.act(seat, rng.choice(pending[seat]))
            actions += 1
        g += 1
    return actions, time.perf_counter() - started, g


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    try:
        import rlcard  # noqa: PLC0415 (bench-only, optional)
    except ImportError:
        print("rlcard is not installed, so there is no UNO baseline to compare with; "
              "install it with `.venv/bin/pip install rlcard` (bench only). Nothing measured.")
        return
    env, rng = rlcard.make("uno", config={"seed": 0}), random.Random(0)
    rounds = 5
    totals = {key: [0, 0.0] for key in ("uno", *SEAT_COUNTS)}
    seeds = dict.fromkeys(SEAT_COUNTS, 0)
    for _ in range(rounds):
        a, t = uno_playouts(seconds / rounds, rng, env)
        totals["uno"][0] += a
        totals["uno"][1] += t
        for key in SEAT_COUNTS:
            a, t, seeds[key] = engine_playouts(key, seconds / rounds, seeds[key])
            totals[key][0] += a
            totals[key][1] += t
    uno = totals["uno"][0] / totals["uno"][1]
    print(f"random playouts, about {seconds:g} s each in {rounds} interleaved rounds")
    print(f"  {'RLCard UNO (baseline)':24} {uno:10.0f} actions/s  1.00x")
    for key in SEAT_COUNTS:
        rate = totals[key][0] / totals[key][1]
        print(f"  {GAMES[key].title:24} {rate:10.0f} actions/s  {rate / uno:.2f}x  ({seeds[key]} games)")


if __name__ == "__main__":
    main()
