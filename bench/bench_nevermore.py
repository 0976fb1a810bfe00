"""Nevermore engine speed: python bench/bench_nevermore.py

Plays random whole games (3-6 players) and reports mean microseconds per act(), to_json(), load() and
view(), and whole random games per second (engine only, no conformance checks)."""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GAMES  # noqa: E402

GAME = GAMES["nevermore"]


def main(games: int = 200) -> None:
    t_act = t_json = t_load = t_view = 0.0
    n_act = n_other = 0
    started = time.perf_counter()
    for g in range(games):
        n = 3 + g % 4
        seats = [f"p{i}" for i in range(1, n + 1)]
        rng = random.Random(g)
        st = GAME.new(seats, g)
        while not st.over:
            pend = st.pending()
            seat = rng.choice(sorted(pend))
            action = rng.choice(pend[seat])
            t0 = time.perf_counter()
            st.act(seat, action)
            t_act += time.perf_counter() - t0
            n_act += 1
            if n_act % 10 == 0:  # sample the others
                t0 = time.perf_counter()
                data = st.to_json()
                t1 = time.perf_counter()
                GAME.load(data)
                t2 = time.perf_counter()
                st.view(seat)
                t3 = time.perf_counter()
                t_json += t1 - t0
                t_load += t2 - t1
                t_view += t3 - t2
                n_other += 1
    total = time.perf_counter() - started
    print(f"games: {games} (3-6 players), actions: {n_act} ({n_act / games:.0f} per game)")
    print(f"act():     {t_act / n_act * 1e6:8.1f} us")
    print(f"to_json(): {t_json / n_other * 1e6:8.1f} us")
    print(f"load():    {t_load / n_other * 1e6:8.1f} us")
    print(f"view():    {t_view / n_other * 1e6:8.1f} us")
    print(f"whole random games per second: {games / total:.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
