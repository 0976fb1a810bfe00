"""The Everrain engine speed: python bench/bench_everrain.py [games]

Random whole voyages (1-5 players, length 12): mean microseconds per act(), to_json(), load() and view(),
and whole random games per second (engine only, no conformance checks)."""
import sys

from engine_timing import report, time_engine

from engine import GAMES

if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    report("The Everrain (1-5 players, length 12)",
           time_engine(GAMES["everrain"], [1, 2, 3, 4, 5], games, {"length": 12}, sample=1))
