"""Raven speed: `python bench/bench_raven.py [games_per_count]` prints mean microseconds per act(),
to_json(), load() and view() (over every step of random games), and whole random games per second."""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GAMES  # noqa: E402

GAME = GAMES["raven"]


def bench(n: int, games: int) -> dict[str, float]:
    seats = [f"p{i}" for i in range(1, n + 1)]
    clock = time.perf_counter
    totals = {"act": 0.0, "to_json": 0.0, "load": 0.0, "view": 0.0}
    counts = dict.fromkeys(totals, 0)
    plain = 0.0
    for g in range(games):
        options = {"length": ("standard", "short")[g % 2], "theme": ("raven", "prophecy")[g // 2 % 2]}
        rng = random.Random(g)
        # Whole games with nothing but pending() + act(): the games-per-second figure.
        t = clock()
        st = GAME.new(seats, g, options)
        while not st.over:
            pend = st.pending()
            seat = rng.choice(list(pend))
            st.act(seat, rng.choice(pend[seat]))
        plain += clock() - t
        # The same kind of game again, timing each call separately.
        st = GAME.new(seats, g, options)
        while not st.over:
            t = clock()
            data = st.to_json()
            totals["to_json"] += clock() - t
            t = clock()
            GAME.load(data)
            totals["load"] += clock() - t
            t = clock()
            for reader in (None, *seats):
                st.view(reader)
            totals["view"] += clock() - t
            counts["view"] += n
            pend = st.pending()
            seat = rng.choice(list(pend))
            action = rng.choice(pend[seat])
            t = clock()
            st.act(seat, action)
            totals["act"] += clock() - t
            for k in ("act", "to_json", "load"):
                counts[k] += 1
            counts["view"] += 1
    out = {k: totals[k] / counts[k] * 1e6 for k in totals}
    out["games/s"] = games / plain
    out["steps/game"] = counts["act"] / games
    return out


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    print(f"Raven engine benchmark ({games} random games per player count, all option mixes)")
    print(f"{'players':>7} {'act us':>8} {'to_json us':>10} {'load us':>8} {'view us':>8} {'games/s':>8} "
          f"{'steps/game':>10}")
    for n in range(2, 7):
        r = bench(n, games)
        print(f"{n:>7} {r['act']:>8.1f} {r['to_json']:>10.1f} {r['load']:>8.1f} {r['view']:>8.1f} "
              f"{r['games/s']:>8.1f} {r['steps/game']:>10.0f}")


if __name__ == "__main__":
    main()
