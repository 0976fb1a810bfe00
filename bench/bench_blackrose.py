"""Black Rose Wars engine speed: python bench/bench_blackrose.py [games]

Random whole games (2-4 players) through pending() + act(), with the other card games timed in the same
run as the baseline: the target (issue 21) is at least a third of Raven's actions per second. The games are
cut into rounds, each timing Black Rose Wars and then the others, so load drifting on a shared machine
moves the baseline and Black Rose Wars alike. Also prints mean microseconds per act(), to_json(), load()
and view()."""
import sys
import time

from engine_timing import report, time_engine

from engine import GAMES


def pending_act_rate(game, seat_counts, seeds) -> tuple[int, float]:
    """(actions, seconds) of a random playout loop (pending() + a random choice + act()) over `seeds`."""
    import random

    n = 0
    t0 = time.perf_counter()
    for g in seeds:
        rng = random.Random(g)
        st = game.new([f"p{i}" for i in range(1, seat_counts[g % len(seat_counts)] + 1)], g)
        while not st.over:
            p = st.pending()
            s = rng.choice(sorted(p))
            st.act(s, rng.choice(p[s]))
            n += 1
    return n, time.perf_counter() - t0


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    report("Black Rose Wars (2-4 players)", time_engine(GAMES["blackrose"], [2, 3, 4], games))
    plan = {"blackrose": [2, 3, 4], "raven": [3, 4, 5, 6], "nevermore": [3, 4, 5, 6], "deadlies": [3, 4, 5, 6]}
    share = {"blackrose": games, "raven": games, "nevermore": max(10, games // 5), "deadlies": games}
    rounds = 5
    totals = {key: [0, 0.0] for key in plan}
    for k in range(rounds):
        for key, counts in plan.items():
            per = max(1, share[key] // rounds)
            n, t = pending_act_rate(GAMES[key], counts, range(k * per, (k + 1) * per))
            totals[key][0] += n
            totals[key][1] += t
    rates = {key: n / t for key, (n, t) in totals.items()}
    print(f"Random playouts through pending() + act(), actions per second ({rounds} interleaved rounds):")
    for key, rate in rates.items():
        goal = " (target >= 0.33)" if key == "raven" else ""
        ratio = "" if key == "blackrose" else f"   blackrose / {key} = {rates['blackrose'] / rate:.3f}{goal}"
        print(f"  {key:10} {rate:10.0f}{ratio}")
