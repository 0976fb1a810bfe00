"""Nevermore engine speed: python bench/bench_nevermore.py [games]

Random whole games (3-6 players): mean microseconds per act(), to_json(), load() and view(), and whole
random games per second (engine only, no conformance checks). Then random-playout actions per second
beside a same-run baseline, RLCard's UNO (when rlcard is installed; bench_vs_rlcard.py has all five games).
"""
import random
import sys

from bench_vs_rlcard import engine_playouts, uno_playouts
from engine_timing import report, time_engine

from engine import GAMES

if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    report("Nevermore (3-6 players)", time_engine(GAMES["nevermore"], [3, 4, 5, 6], games))
    try:
        import rlcard
    except ImportError:
        print("  (rlcard not installed: no UNO baseline; `.venv/bin/pip install rlcard` to compare)")
        raise SystemExit(0)
    env, rng = rlcard.make("uno", config={"seed": 0}), random.Random(0)
    uno_a = uno_t = nm_a = nm_t = 0.0
    seed = 0
    for _ in range(3):  # interleaved, so load on a shared machine moves both alike
        a, t = uno_playouts(0.5, rng, env)
        uno_a, uno_t = uno_a + a, uno_t + t
        a, t, seed = engine_playouts("nevermore", 0.5, seed)
        nm_a, nm_t = nm_a + a, nm_t + t
    uno, nm = uno_a / uno_t, nm_a / nm_t
    print(f"  random playout actions/s: Nevermore {nm:.0f}, RLCard UNO {uno:.0f} (same run): {nm / uno:.2f}x")
