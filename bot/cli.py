"""The `rookery` command: `rookery run` starts the bot; `rookery play GAME [--lang de]` opens a terminal table;
`rookery replay FILE` re-runs an exported game; `rookery forget-guild ID` deletes a server's data;
`rookery migrate-db --from sqlite:///PATH --to postgresql://…` copies a SQLite database into PostgreSQL."""
from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> None:
    from engine import GAMES
    from present.i18n import LANGUAGES

    parser = argparse.ArgumentParser(prog="rookery", description="Rookery: tabletop games on Discord.")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="run the Discord bot (token from DISCORD_TOKEN)")
    play = sub.add_parser("play", help="play a game in this terminal against bots")
    play.add_argument("game", help=", ".join(GAMES))
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    play.add_argument("--auto", action="store_true", help="pick the first legal choice every time (demo)")
    play.add_argument("--lang", default="en", help="the language to play in: " + ", ".join(LANGUAGES))
    replay = sub.add_parser("replay", help="re-run an exported game (/game replay) and print it move by move")
    replay.add_argument("file", help="the .json file the bot attached")
    replay.add_argument("--html", metavar="OUT", default=None,
                        help="also write the game as one self-contained web page (opens offline in a browser)")
    replay.add_argument("--lang", default="en", help="the web page's language: " + ", ".join(LANGUAGES))
    forget = sub.add_parser("forget-guild", help="delete a server's finished games, history, stats and ratings")
    forget.add_argument("guild_id", type=int, help="the server's id (Discord: right-click the server, Copy ID)")
    forget.add_argument("--db", default=None, help="the database (default: $ROOKERY_DB or rookery.sqlite3)")
    move = sub.add_parser("migrate-db", help="copy a SQLite database into PostgreSQL (counts checked at the end)")
    move.add_argument("--from", dest="source", required=True, metavar="sqlite:///PATH")
    move.add_argument("--to", dest="target", required=True, metavar="postgresql://…")
    args = parser.parse_args(argv)
    if args.command == "migrate-db":
        from bot.storage import migrate_db

        sys.exit(migrate_db.main(args.source, args.target))
    if args.command == "replay":
        from bot import replay as replay_file

        sys.exit(replay_file.main(args.file, html=args.html, lang=args.lang))
    if args.command == "forget-guild":
        from bot import records

        sys.exit(records.forget_guild_main(args.guild_id, args.db))
    if args.command == "play":
        from bot import terminal

        sys.exit(terminal.main(args.game, args.players, args.seed, args.set, args.auto, args.lang))
    from bot.app import run

    run()
