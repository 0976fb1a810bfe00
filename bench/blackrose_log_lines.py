"""Which kinds of Black Rose Wars event make a log line: plays seeded games (random legal moves and the
game's own bot, 3 and 4 seats), collects every event the engine emits and asks the presenter for its line.

    .venv/bin/python bench/blackrose_log_lines.py [games]

Prints, per event kind, public or private (addressed to one seat), how often it was seen and how often it
got a line; then the totals. Kinds never seen in these games are not listed.
"""
from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.blackrose import GAME  # noqa: E402
from present.blackrose.presenter import PRESENTER  # noqa: E402
from engine.blackrose import bot as brw_bot


def events_of(seed: int, players: int, bots: bool, limit: int = 4000):
    seats = [f"p{i + 1}" for i in range(players)]
    st = GAME.new(seats, seed, None)
    rng = random.Random(seed)
    for _ in range(limit):
        if st.over:
            return
        pend = st.pending()
        seat = sorted(pend)[0]
        legal = pend[seat]
        act = brw_bot.bot_choice(st.view(seat), legal, rng) if bots else rng.choice(legal)
        yield from st.act(seat, act)


def coverage(games: int = 40):
    names = {f"p{i}": n for i, n in enumerate(("", "Ann", "Ben", "Cat", "Dan")) if i}
    seen, said = Counter(), Counter()
    for g in range(games):
        for ev in events_of(1000 + g, 3 + g % 2, bots=g % 2 == 0):
            kind = (ev["type"], "private" if ev.get("to") else "public")
            seen[kind] += 1
            if PRESENTER.describe(ev, names):
                said[kind] += 1
    return seen, said


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    seen, said = coverage(games)
    for audience in ("public", "private"):
        kinds = sorted(k for k in seen if k[1] == audience)
        lined = [k for k in kinds if said[k]]
        print(f"{audience}: {len(lined)} of {len(kinds)} kinds get a line")
        for k in kinds:
            print(f"  {k[0]:<18} seen {seen[k]:>6}  with a line {said[k]:>6}")


if __name__ == "__main__":
    main()
