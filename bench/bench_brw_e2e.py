"""Issue 33's "Done means" on the real process: whole three-human Black Rose Wars games, the real bot process
against the fake Discord (tests/e2e), three quick humans (each answers at once) playing from their DMs.

    python bench/bench_brw_e2e.py [games] [--policy random|bot|ask|all] [--seed N]

Policies: "random" clicks uniformly among the controls the DM prompt offers (a menu is one control, then a
uniform pick in it; never a take-back nor a standing-order setting: tests/e2e/brw_players.py); "bot" clicks
the component that makes engine/blackrose/bot.py's choice (the bundle its steps make, as
bench/bench_clicks.py maps it, else the action's button or menu option); "ask" is "random" that always
arms a Trap or Protection "ask me" where offered (a player who wants to react: windows open). A move the
host plays by itself (a forced move, bench_clicks.forced) is left to the host; one it leaves for 6 s is
clicked (counted). Printed per game: play time (first hand DM to game over, wall clock), time the board
showed a reaction window's waiting line (My hand pressed by every human in each window is part of it),
windows opened, empty reaction prompts seen on any path (DMs, My hand, every click's answer), stale live
buttons (quiet moments where a player had more than one DM message with move buttons; most at once),
clicks per human per Game Turn (a button 1, a menu 2; Game Turns: the engine's turn at the end, as
bench_clicks counts them).
"""
from __future__ import annotations

import asyncio
import json
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_clicks import _bundle_of, forced  # noqa: E402
from cogs.table.games import policy  # noqa: E402
from engine import GAMES  # noqa: E402
from engine.bots import bot_choice  # noqa: E402
from present import fmt, presenter  # noqa: E402
from tests.e2e.brw_players import Table, asking_choice, random_choice  # noqa: E402
from tests.e2e.fake_discord import BotProcess, FakeDiscord  # noqa: E402
from tests.support.components import action_components  # noqa: E402

ROOKERY = [sys.executable, "-m", "bot", "run"]
GAME = GAMES["blackrose"]
UNMAPPED = [0]  # bot choices no offered component makes (then a random control is clicked)


def offered(comps: list[dict], kind: str, n: int) -> tuple[dict, str | None] | None:
    """The component (and select value) that sends choice n of a kind: "a" a legal action, "b" a bundle."""
    for c in comps:
        head, _, last = c["custom_id"].rpartition(":")
        if c["type"] == 2 and head.startswith(f"rk:{kind}:") and last == str(n):
            return c, None
        if c["type"] == 3 and c["custom_id"].startswith(f"rk:{'s' if kind == 'a' else 'b'}:") \
                and str(n) in [o["value"] for o in c["options"]]:
            return c, str(n)
    return None


def bot_policy(rng: random.Random, message: dict, state, seat: str, names: dict):
    """The component that makes the bot's choice: the bundle its steps make, else its button or menu option,
    else the first bundle starting with it."""
    view, legal = state.view(seat), state.pending()[seat]
    action = bot_choice(GAME, view, legal, rng)
    cog = policy("blackrose")
    with fmt.fitting(cog.budget):
        found = cog.bundles(presenter("blackrose"), view, legal, names)
    comps = action_components(message)
    bundle = _bundle_of(GAME, state, seat, action, found[0], random.Random(rng.random())) if found else None
    first = next((k for k, b in enumerate(found[0]) if b.steps and b.steps[0] == action), None) if found else None
    pick = (bundle is not None and offered(comps, "b", bundle)) or offered(comps, "a", legal.index(action)) \
        or (first is not None and offered(comps, "b", first))
    if pick:
        return pick
    UNMAPPED[0] += 1
    return random_choice(rng, message, state, seat, names)


POLICIES = {"random": random_choice, "bot": bot_policy, "ask": asking_choice}


def host_plays(state, seat: str, legal: list[dict]) -> bool:
    return forced(state, seat, legal, set(GAME.traits.undo))


async def one_game(seed: int, chooser: str) -> dict:
    fake = await FakeDiscord().start()
    with tempfile.TemporaryDirectory() as tmp:
        db_path = str(Path(tmp) / "rookery.sqlite3")
        env = {**fake.env(), "ROOKERY_DB": db_path, "ROOKERY_GUILD_ID": str(fake.guild_id),
               "ROOKERY_TIMER_POLL": "1"}
        bot = BotProcess(ROOKERY, env=env, cwd=str(ROOT), fake=fake)
        try:
            await bot.start()
            await fake.wait_ready()
            table = await Table.start(fake, db_path, seed,
                                      choose=POLICIES[chooser], skip=host_plays)
            began = time.monotonic()
            while await table.step():
                if table.figures.steps > 3000:
                    break
            ended = time.monotonic()
            await fake.wait_quiet(300)
            table.check_live()
            f = table.figures
            return {"play": ended - began, "window": table.recorder.window_seconds(ended), "windows": len(f.windows),
                    "empty": len(table.recorder.empty), "empty_seen": table.recorder.empty[:3],
                    "stale_steps": f.stale_steps, "most_live": f.most_live, "turns": f.turn, "over": f.over,
                    "clicks": sum(f.clicks.values()), "interactions": sum(f.interactions.values()),
                    "per_human": {k: v for k, v in f.clicks.items()}, "refused": f.refused[:3],
                    "my_hand": f.my_hand_checks, "forced_clicked": f.forced_clicked,
                    "traceback": "Traceback" in bot.output()}
        finally:
            await bot.kill()
            await fake.stop()


def main() -> None:
    args = sys.argv[1:]
    games = int(args[0]) if args and args[0].isdigit() else 2
    which = args[args.index("--policy") + 1] if "--policy" in args else "random"
    first = int(args[args.index("--seed") + 1]) if "--seed" in args else 1
    for chooser in (tuple(POLICIES) if which == "all" else (which,)):
        for seed in range(first, first + games):
            UNMAPPED[0] = 0
            r = asyncio.run(one_game(seed, chooser))
            per_turn = r["clicks"] / 3 / max(r["turns"], 1)
            print(f"{chooser} seed {seed}: play {r['play']:.0f} s, board waiting for reactions {r['window']:.1f} s "
                  f"({100 * r['window'] / max(r['play'], 1e-9):.1f}%), windows {r['windows']}, "
                  f"empty reaction prompts {r['empty']}, stale live buttons {r['stale_steps']} steps "
                  f"(most at once {r['most_live']}), Game Turns {r['turns']}, finished {r['over']}, "
                  f"clicks per human per Game Turn {per_turn:.1f} ({r['interactions']} interactions, "
                  f"{r['clicks']} clicks: {r['per_human']}), My hand presses {r['my_hand']}, "
                  f"lone moves clicked {r['forced_clicked']}, "
                  f"bot choices not offered {UNMAPPED[0]}, refused {r['refused']}, traceback {r['traceback']}")
            if r["empty_seen"]:
                print("   empty prompts:", json.dumps(r["empty_seen"])[:600])


if __name__ == "__main__":
    main()
