"""Clicks a whole game costs its human players, through the host's component model (issue 12 §2).

    python bench/bench_clicks.py [games]

Every seat plays the game's own bot moves (engine/bots.choose), and each decision is priced the way the
Discord prompt offers it: buttons cost 1 click (before: up to 5 choices; now: also up to 20 short labels,
such as a hand of cards), select menus 2 (open, pick), and a choice on page k of a prompt past 100
options costs k "More…" clicks first. "before" is the
host as it was (every prompt clicked, options past 100 unreachable); "now" lets forced moves play
themselves (one legal move, naming no card or target, not an undo, and the public decision names the
seat: Host._forced_move's rule)
and prices a decision the presenter composes (`compose`: a Raven bid) as one multi-select where its cards
would be select menus: open it, tick its k cards, close it (k + 2 clicks) instead of k selects (2k).
Printed per game: decisions and clicks per player, before and now, in the same run.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cogs.shared.components import PAGE_SIZE, as_buttons, pages  # noqa: E402
from engine import GAMES  # noqa: E402
from engine.bots import choose  # noqa: E402
from present import presenter  # noqa: E402

GAMES_SEATS = (("raven", 4), ("nevermore", 4), ("deadlies", 4), ("everrain", 3))


def price(legal: list[dict], chosen: int, labels: list[str] | None) -> int:
    """Clicks for choosing legal[chosen] (engine order; pages of 75). `labels`: priced on today's layout,
    where up to 20 short labels are buttons; None: as before, where only up to 5 choices were buttons."""
    if len(legal) <= 5 or (labels is not None and as_buttons(labels)):
        return 1
    turns = chosen // PAGE_SIZE if pages(len(legal)) > 1 else 0
    return 2 + turns


def forced(state, seat: str, legal: list[dict], undo: set[str]) -> bool:
    decision = state.view(None).get("decision") or {}
    return (len(legal) == 1 and legal[0].keys() == {"type"} and legal[0]["type"] not in undo
            and seat in decision.get("seats", ()))


def play(key: str, players: int, seed: int) -> tuple[int, int, int]:
    """(decisions, clicks before, clicks now) over all seats of one game."""
    game = GAMES[key]
    seats = [f"p{i}" for i in range(1, players + 1)]
    state = game.new(seats, seed, None)
    rng = random.Random(seed)
    undo = set(game.traits.undo)
    shown = presenter(key)
    names = {s: s for s in seats}
    compose = getattr(shown, "compose", None)
    free: dict[str, int] = {}  # seat -> steps still covered by the multi-select it already sent
    decisions = before = now = 0
    for _ in range(20000):
        if state.over:
            break
        pending = state.pending()
        seat = rng.choice(sorted(pending))
        legal = pending[seat]
        action = choose(game, state.view(seat), legal, rng)
        chosen = legal.index(action) if action in legal else 0
        view = state.view(seat)
        labels = [shown.label(a, view, names) for a in legal]
        cost = price(legal, chosen, labels)
        decisions += 1
        before += price(legal, chosen, None)
        grouped = compose(view, legal) if compose and not as_buttons(labels) else None
        if forced(state, seat, legal, undo):
            pass
        elif free.get(seat) and grouped and action["type"] == grouped[0]:
            free[seat] -= 1
        elif grouped and action["type"] == grouped[0] and grouped[2] > 1:
            now += grouped[2] + 2
            free[seat] = grouped[2] - 1
        else:
            now += cost
        state.act(seat, action)
    return decisions, before, now


def main(games: int) -> None:
    print(f"{'game':<10} {'seats':>5} {'decisions/player':>17} {'clicks/player before':>21} {'now':>6} {'now/before':>11}")
    for key, players in GAMES_SEATS:
        if key not in GAMES:
            continue
        totals = [0, 0, 0]
        for seed in range(games):
            for i, value in enumerate(play(key, players, seed)):
                totals[i] += value
        d, b, n = (t / games / players for t in totals)
        print(f"{key:<10} {players:>5} {d:>17.1f} {b:>21.1f} {n:>6.1f} {n / b:>11.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
