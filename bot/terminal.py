"""`rookery play`: a table in the terminal against bot seats, with the same engine, service and text
as on Discord (an in-memory database stands in for the real one)."""
from __future__ import annotations

import asyncio
import re
import sys
from typing import Callable, TextIO

from bot import render
from bot.storage import Storage
from bot.tables import DEFAULT_TURN_SECONDS, TableService
from engine import GAMES, IllegalAction

ME = 1  # the human's user id; bots have none


def plain(text: str) -> str:
    """Discord markdown to plain terminal text."""
    return re.sub(r"\*\*(.+?)\*\*|\*(.+?)\*", lambda m: m.group(1) or m.group(2), text)


async def play(game_key: str, players: int, seed: int | None, options: dict, auto: bool,
               read: Callable[[], str] = input, out: TextIO = sys.stdout) -> dict:
    store = await Storage.open(":memory:")
    service = TableService(store)
    table = await service.create_lobby(0, 0, ME, "Player 1", game_key, options, DEFAULT_TURN_SECONDS)
    if seed is not None:
        table.seed = seed
        service.bot_rng.seed(seed)  # the same seed and the same answers replay the same game
    for _ in range(players - 1):
        await service.add_bot(table)
    await service.start(table)
    while not table.state.over:
        legal = table.pending().get("p1")
        if not legal:  # only bots are left to move (cannot happen while a human is seated; a guard)
            break
        print(plain(render.hand_text(table, "p1")), file=out)
        view = table.state.view("p1")
        for i, action in enumerate(legal, start=1):
            print(f"  {i:>2}. {table.game.label(action, view, table.names)}", file=out)
        choice = 0 if auto else _ask(read, len(legal), out)
        if choice is None:
            print("Bye!", file=out)
            break
        try:
            await service.act(table, "p1", legal[choice])
        except IllegalAction as exc:  # cannot happen for listed actions, but say so kindly if it does
            print(f"🚫 {exc}", file=out)
        print("-" * 60, file=out)
    if table.state.over:
        print(plain(render.board_text(table)), file=out)
    result = table.state.result()
    await store.close()
    return result


def _ask(read: Callable[[], str], count: int, out: TextIO) -> int | None:
    while True:
        try:
            answer = read().strip().lower()
        except EOFError:
            return None
        if answer in ("q", "quit", "exit"):
            return None
        if answer.isdigit() and 1 <= int(answer) <= count:
            return int(answer) - 1
        print(f"Type a number from 1 to {count} (or q to quit).", file=out)


def main(game_key: str, players: int, seed: int | None, settings: list[str], auto: bool) -> int:
    game = GAMES.get(game_key)
    if game is None:
        print(f"Unknown game {game_key!r}. Games: {', '.join(GAMES)}", file=sys.stderr)
        return 2
    options = {}
    for item in settings:
        name, _, value = item.partition("=")
        option = game.options.get(name)
        options[name] = next((c for c in option.choices if str(c) == value), value) if option else value
    try:
        asyncio.run(play(game_key, players, seed, options, auto))
    except IllegalAction as exc:
        print(f"🚫 {exc}", file=sys.stderr)
        return 2
    return 0
