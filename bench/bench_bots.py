"""Bot strength and speed (issue 12 §5): each game's bot against random seats and against today's bot
(bench/baselines/, kept verbatim), with the baseline bot's own figures from the same run beside them.

Win share: games won by the measured seat (a shared win counts its share), over games played; the measured
bot sits in every seat in turn. "fair" is what an equal player would get (1 / seats).
Move time: the measured bot's own decision time per move (mean, 99th percentile, max).

    .venv/bin/python bench/bench_bots.py [games per line, default 200] [game ...]
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.baselines import blackrose as old_blackrose  # noqa: E402
from bench.baselines import deadlies as old_deadlies  # noqa: E402
from bench.baselines import everrain as old_everrain  # noqa: E402
from bench.baselines import nevermore as old_nevermore  # noqa: E402
from bench.baselines import raven as old_raven  # noqa: E402
from engine import GAMES  # noqa: E402
from engine.bots import bot_choice as new_choose  # noqa: E402

BASELINE = {"raven": old_raven.choose, "nevermore": old_nevermore.choose, "deadlies": old_deadlies.choose,
            "everrain": old_everrain.choose, "blackrose": old_blackrose.choose}
# (seats, options) per game: the heads-up or smallest table the game allows, and a common bigger one.
TABLES = {"raven": [(2, {}), (4, {})], "nevermore": [(3, {}), (4, {})], "deadlies": [(3, {}), (4, {})],
          "everrain": [(2, {}), (3, {})], "blackrose": [(2, {}), (3, {}), (4, {})]}

SPLIT = ("nevermore", "deadlies")  # at least 3 seats: heads up means the table split evenly


def _random(view, legal, rng):
    return rng.choice(legal)


def play(key: str, seats: int, options: dict, seed: int, me: str | set[str], mine, others,
         times: list[float]) -> float:
    """One game; returns the measured seat's (or seats') share of the win."""
    mine_seats = {me} if isinstance(me, str) else me
    game = GAMES[key]
    ids = [f"p{i}" for i in range(1, seats + 1)]
    state = game.new(ids, seed, options)
    rng = random.Random(seed)
    for _ in range(100000):
        if state.over:
            break
        pending = state.pending()
        seat = sorted(pending)[rng.randrange(len(pending))]
        legal = pending[seat]
        view = state.view(seat)
        if seat in mine_seats:
            start = time.perf_counter()
            action = mine(view, legal, rng)
            times.append(time.perf_counter() - start)
        else:
            action = others(view, legal, rng)
        state.act(seat, action)
    winners = state.result()["winners"]  # none when the Black Rose wins: every mage loses
    return sum(w in mine_seats for w in winners) / len(winners) if winners else 0.0


def measure(key: str, seats: int, options: dict, games: int, mine, others) -> tuple[float, list[float]]:
    times: list[float] = []
    won = sum(play(key, seats, options, seed, f"p{seed % seats + 1}", mine, others, times)
              for seed in range(games))
    return won / games, times


def split(key: str, games: int, mine, others) -> tuple[float, list[float]]:
    """Heads up for a game that needs 3+ seats: 4 seats split evenly, the measured bot in p1 and p3 on even
    seeds, p2 and p4 on odd ones (so neither side always deals or passes first); its side's share of the
    wins, where an equal bot gets 50%."""
    times: list[float] = []
    won = sum(play(key, 4, {}, seed, {"p1", "p3"} if seed % 2 == 0 else {"p2", "p4"}, mine, others, times)
              for seed in range(games))
    return won / games, times


def _fmt_times(times: list[float]) -> str:
    if not times:
        return "no moves"
    times = sorted(times)
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    return f"move mean {1000 * sum(times) / len(times):.2f} ms, p99 {1000 * p99:.2f} ms, max {1000 * times[-1]:.1f} ms"


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    keys = sys.argv[2:] or list(TABLES)
    for key in keys:
        game = GAMES[key]
        new = lambda view, legal, rng, g=game: new_choose(g, view, legal, rng)  # noqa: E731
        old = BASELINE[key]
        for seats, options in TABLES[key]:
            fair = 1 / seats
            base_rand, _ = measure(key, seats, options, games, old, _random)
            new_rand, t_rand = measure(key, seats, options, games, new, _random)
            new_old, t_old = measure(key, seats, options, games, new, old)
            print(f"{game.title}, {seats} seats, {games} games (fair share {fair:.0%}):")
            print(f"  vs random seats:  new bot {new_rand:.1%}   (today's bot, same run: {base_rand:.1%})")
            print(f"  vs today's bots:  new bot {new_old:.1%}   (an equal player: {fair:.1%})")
            print(f"  {_fmt_times(t_rand + t_old)}", flush=True)
        if key in SPLIT:
            half, _ = split(key, games, new, old)
            print(f"{game.title}, heads up (4 seats, 2 new bots v 2 of today's bots), {games} games: "
                  f"new side {half:.1%}   (an equal bot: 50.0%)", flush=True)
        if key == "everrain":
            new_reads, new_turns = stories_read(games, new)
            old_reads, _ = stories_read(games, old)
            print(f"The Everrain, 3 seats, {games} games: {new_reads:.2f} Story cards read per game with the new "
                  f"bot ({old_reads:.2f} with today's bot, same run), {new_turns:.1f} turns per seat", flush=True)


def stories_read(games: int, policy) -> tuple[float, float]:
    """The Everrain, 3 seats, default length: Story cards read and turns per seat, per game."""
    game = GAMES["everrain"]
    reads = turns = 0
    for seed in range(games):
        state = game.new(["p1", "p2", "p3"], seed, {"length": 12})
        rng = random.Random(seed)
        while not state.over:
            seat, legal = next(iter(state.pending().items()))
            for event in state.act(seat, policy(state.view(seat), legal, rng)):
                reads += event["type"] == "story"
                turns += event["type"] == "turn"
    return reads / games, (turns + games) / games / 3


if __name__ == "__main__":
    main()
