"""Nevermore engine speed: python bench/bench_nevermore.py [games]

Random whole games (3-6 players): mean microseconds per act(), to_json(), load() and view(), and whole
random games per second (engine only, no conformance checks)."""
import sys

from engine_timing import report, time_engine

from engine import GAMES

if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    report("Nevermore (3-6 players)", time_engine(GAMES["nevermore"], [3, 4, 5, 6], games))
