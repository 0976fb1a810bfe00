"""Discord REST calls per action, through simcord: Raven with 4 humans, Black Rose Wars with 3.

    python bench/bench_rest_calls.py [clicks]

Random human clicks play up to `clicks` moves (forced moves play themselves). Every request the bot makes
is counted by kind: the answer to each click (the clicked DM edited through the interaction), the board
edit, new DMs (a turn's ping holds its prompt), DM edits, anything else (user look-ups, message fetches).
Printed beside two floors measured in the same run: one answer per click plus one board edit per action,
which any design sends, since every click must be answered and every action changes the public board; and
that plus one message for each player a click makes due (a seat that must now act and did not before: its
DM must get the new prompt, as a new message that pings or an edit), unless Rookery stopped telling the
next player it is their turn. Rows: pings on (the default) and every member's `/game notify off`.
"""
from __future__ import annotations

import asyncio
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from simtable import sim_table  # noqa: E402


def kind(request, board_channel: int) -> str:
    if request.path.endswith("/callback"):
        return "answer"
    if request.path.startswith(f"/channels/{board_channel}/"):
        return "board" if request.method == "PATCH" else "channel post"
    if request.path.startswith("/channels/"):
        return "new DM" if request.method == "POST" else "DM edit"
    return f"{request.method} {request.path.split('/')[1]}"


async def run(game: str, humans: int, clicks: int, pings: bool) -> tuple[int, int, int, Counter]:
    """(actions, clicks, players a click made due, requests by kind)."""
    async with sim_table(game, humans, pings=pings) as sim:
        mark, version = len(sim.env.http_requests), sim.table.version

        def due() -> set[str]:
            return {s for s in sim.table.pending() if not sim.table.seat(s).is_bot}

        told, waiting = [0], [due()]

        def after(seat_id: str, _mark: int) -> None:
            now = due()
            told[0] += len(now - waiting[0] - {seat_id})  # the clicker's next step comes in its answer
            waiting[0] = now

        made = await sim.clicks(clicks, after=after)
        kinds = Counter(kind(r, sim.channel.id) for r in sim.env.http_requests[mark:])
        return sim.table.version - version, made, told[0], kinds


async def main(clicks: int) -> None:
    print(f"Discord REST calls per action ({clicks} clicks a run)")
    print(f"{'run':<30} {'per action':>10} {'floor':>6} {'+ turns':>8}   by kind (per action)")
    for game, humans in (("raven", 4), ("blackrose", 3)):
        for pings in (True, False):
            actions, made, told, kinds = await run(game, humans, clicks, pings)
            floor = (made + actions) / actions
            parts = ", ".join(f"{k} {v / actions:.2f}" for k, v in kinds.most_common())
            name = f"{game} ({humans} humans){'' if pings else ', pings off'}"
            print(f"{name:<30} {sum(kinds.values()) / actions:>10.2f} {floor:>6.2f} {floor + told / actions:>8.2f}"
                  f"   {parts}")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 150))
