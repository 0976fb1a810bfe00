"""`rookery play`: a table in the terminal against bot seats, with the same engine, service and presenters
as on Discord (an in-memory database stands in for the real one). Text is the presenters' Docs printed
through present.fmt.plain: no Markdown to strip."""
from __future__ import annotations

import asyncio
import sys
from typing import Callable, TextIO

from bot import render
from bot.errors import Refusal
from bot.seating import DEFAULT_TURN_SECONDS, Seating, check_players, known_game, parse_settings, valid_options
from bot.storage import Storage
from bot.service import Actor, TableService
from engine import GAMES
from present import fmt
from present.i18n import LANGUAGES, PSEUDO_LOCALES, reading, tr

ME = 1  # the human's user id; bots have none
BAD_USAGE = 2


async def play(game_key: str, players: int, seed: int | None, options: dict, auto: bool,
               read: Callable[[], str] = input, out: TextIO = sys.stdout) -> dict:
    game = GAMES[game_key]
    store = await Storage.open(":memory:")
    try:  # the database thread must be closed whatever happens, or the process never exits
        service = TableService(store)
        seating = Seating(service)
        table = await seating.create_lobby(0, 0, Actor(ME, "Player 1"), game_key, options, DEFAULT_TURN_SECONDS)
        if seed is not None:
            table.seed = seed
            service.bot_rng.seed(seed)  # the same seed and the same answers replay the same game
        for _ in range(players - 1):
            await seating.add_bot(table)
        await service.start(table)
        while not table.started.over:
            legal = table.pending().get("p1")
            if not legal:  # only bots are left to move (cannot happen while a human is seated; a guard)
                break
            print(fmt.plain(render.hand_doc(table, "p1")), file=out)
            # The same choices as the Discord prompt: whole bundles (a pass, a play) first, then the rest.
            c = render.choices(table, "p1")
            assert c is not None, "p1 has legal actions, so a prompt"
            choices: list[tuple[str, dict | list[dict]]] = (
                [(b.label, list(b.steps)) for b in c.bundles] + [(c.labels[i], legal[i]) for i in c.rest or []]
                       if c.bundles is not None else [(c.labels[i], legal[i]) for i in c.order])
            for i, (label, _) in enumerate(choices, start=1):
                print(f"  {i:>2}. {label}", file=out)
            moves = [action for _, action in choices]
            choice = _auto(game, moves) if auto else _ask(read, len(moves), out)
            if choice is None:
                print(tr("Bye!"), file=out)
                break
            await service.act(table, "p1", moves[choice])
            print("-" * 60, file=out)
        if table.started.over:
            print(fmt.plain(render.board_doc(table)), file=out)
            print(fmt.plain(render.result_doc(table)), file=out)
        return table.started.result()
    finally:
        await store.close()


def _auto(game, moves: list[dict | list[dict]]) -> int:
    """The first choice that moves the game on: never a take-back (the game declares those), which would
    be picked and undone forever. A bundle (a list of steps) always moves it on."""
    undo = game.traits.undo
    return next((i for i, a in enumerate(moves) if isinstance(a, list) or a.get("type") not in undo), 0)


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
        print(tr("Type a number from 1 to {count} (or q to quit).", count=count), file=out)


def main(game_key: str, players: int, seed: int | None, settings: list[str], auto: bool, lang: str = "en") -> int:
    """Exit 0 after a game, 2 for bad arguments (said on stderr before anything starts), 130 on Ctrl-C."""
    if lang not in LANGUAGES and lang not in PSEUDO_LOCALES:
        print(f"Unknown language {lang!r}. Languages: {', '.join(LANGUAGES)}", file=sys.stderr)
        return BAD_USAGE
    with reading(lang):
        try:
            game = known_game(game_key)
            options = valid_options(game, parse_settings(" ".join(settings), game))
            check_players(game, players)
        except Refusal as exc:
            print(exc.message(), file=sys.stderr)
            return BAD_USAGE
        try:
            asyncio.run(play(game_key, players, seed, options, auto))
        except Refusal as exc:
            print(exc.message(), file=sys.stderr)
            return BAD_USAGE
        except KeyboardInterrupt:
            print("\n" + tr("Bye!"), file=sys.stderr)
            return 130
    return 0
