"""Shared timing loop for the engine benchmarks: random whole games through the contract.

Every step times act(); every `sample`-th step also times to_json(), load() and one view() per reader.
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import Game  # noqa: E402


def time_engine(game: Game, seat_counts: list[int], games: int, options: dict | None = None,
                sample: int = 10) -> dict[str, float]:
    act = json = load = view = 0.0
    n_act = n_sampled = n_views = 0
    started = time.perf_counter()
    for g in range(games):
        seats = [f"p{i}" for i in range(1, seat_counts[g % len(seat_counts)] + 1)]
        rng = random.Random(g)
        state = game.new(seats, g, options)
        while not state.over:
            pending = state.pending()
            seat = rng.choice(sorted(pending))
            action = rng.choice(pending[seat])
            t0 = time.perf_counter()
            state.act(seat, action)
            act += time.perf_counter() - t0
            n_act += 1
            if n_act % sample == 0:
                t0 = time.perf_counter()
                data = state.to_json()
                t1 = time.perf_counter()
                game.load(data)
                t2 = time.perf_counter()
                for reader in (None, *seats):
                    state.view(reader)
                t3 = time.perf_counter()
                json, load, view = json + t1 - t0, load + t2 - t1, view + t3 - t2
                n_sampled += 1
                n_views += 1 + len(seats)
    total = time.perf_counter() - started
    return {"games": games, "actions": n_act, "act_us": act / n_act * 1e6,
            "to_json_us": json / max(n_sampled, 1) * 1e6, "load_us": load / max(n_sampled, 1) * 1e6,
            "view_us": view / max(n_views, 1) * 1e6, "games_per_s": games / total}


def report(title: str, f: dict[str, float]) -> None:
    print(f"{title}: {f['games']} random games, {f['actions']} actions "
          f"({f['actions'] / f['games']:.0f} per game)")
    print(f"  act()      {f['act_us']:8.1f} us")
    print(f"  to_json()  {f['to_json_us']:8.1f} us")
    print(f"  load()     {f['load_us']:8.1f} us")
    print(f"  view()     {f['view_us']:8.1f} us  (per reader)")
    print(f"  whole random games per second (timing included): {f['games_per_s']:.1f}")
