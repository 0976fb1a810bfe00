"""Black Rose Wars engine speed: python bench/bench_blackrose.py [games]

Random whole games (2-4 players) through pending() + act(), with the other card games timed in the same
run as the baseline: the target is at least a third of their actions per second. Also prints mean
microseconds per act(), to_json(), load() and view()."""
import sys
import time

from engine_timing import report, time_engine

from engine import GAMES


def pending_act_rate(game, seat_counts, games) -> float:
    """Actions per second of a random playout loop (pending() + a random choice + act())."""
    import random

    n = 0
    t0 = time.perf_counter()
    for g in range(games):
        rng = random.Random(g)
        st = game.new([f"p{i}" for i in range(1, seat_counts[g % len(seat_counts)] + 1)], g)
        while not st.over:
            p = st.pending()
            s = rng.choice(sorted(p))
            st.act(s, rng.choice(p[s]))
            n += 1
    return n / (time.perf_counter() - t0)


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    report("Black Rose Wars (2-4 players)", time_engine(GAMES["blackrose"], [2, 3, 4], games))
    rates = {
        "blackrose": pending_act_rate(GAMES["blackrose"], [2, 3, 4], games),
        "nevermore": pending_act_rate(GAMES["nevermore"], [3, 4, 5, 6], max(10, games // 5)),
        "deadlies": pending_act_rate(GAMES["deadlies"], [3, 4, 5, 6], games),
    }
    print("Random playouts through pending() + act(), actions per second (same run):")
    for key, rate in rates.items():
        ratio = "" if key == "blackrose" else f"   blackrose / {key} = {rates['blackrose'] / rate:.2f} (target >= 0.33)"
        print(f"  {key:10} {rate:10.0f}{ratio}")
