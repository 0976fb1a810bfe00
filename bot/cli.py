"""The `rookery` command: `rookery run` starts the bot; `rookery play GAME` opens a terminal table."""
from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="rookery", description="Rookery: tabletop games on Discord.")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="run the Discord bot (token from DISCORD_TOKEN)")
    play = sub.add_parser("play", help="play a game in this terminal against bots")
    play.add_argument("game", help="raven, nevermore, deadlies or everrain")
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    play.add_argument("--auto", action="store_true", help="pick the first legal choice every time (demo)")
    args = parser.parse_args(argv)
    if args.command == "play":
        from bot import terminal

        sys.exit(terminal.main(args.game, args.players, args.seed, args.set, args.auto))
    from bot.app import run

    run()
