"""Whole seeded games rendered as a reader reads them, in one language: every board, hand, label, bundle,
prompt, waiting line, log line (presenter.describe), result and picture text. Shared by the catalog tests
(tests/present/test_i18n_games.py) and usable by any test that wants "everything a user read" in a language.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

import engine
from present import draw as D
from present import fmt, presenter
from present.base import offered_bundles
from present.i18n import reading

NAMES = {"p1": "Ann", "p2": "Ben", "p3": "Cat", "p4": "Dov", "p5": "Eve", "p6": "Fay"}
# (players, seed, options) of the seeded whole game played for a game, where the default (as many players
# as the game takes, seed 1, its default settings) is not the one wanted.
SETUPS = {"raven": (4, 3, {"length": "short"}), "nevermore": (4, 5, None), "deadlies": (4, 2, None),
          "everrain": (4, 4, {"length": 16})}
# Games walked by their own tests instead: a whole Black Rose Wars game takes about 40 s a language
# (test_blackrose_text.py and test_blackrose_board.py read its texts in the pseudo-locale).
WALKED_ELSEWHERE = {"blackrose"}


def card_games() -> dict[str, tuple[int, int, dict | None]]:
    """Every registered game (tests/engine/registry.py: the toy game too) but those walked elsewhere, with the
    seeded game played for it."""
    from tests.engine.registry import keys

    return {key: SETUPS.get(key, (engine.GAMES[key].max_players, 1, None))
            for key in keys() if key not in WALKED_ELSEWHERE}


CARD_GAMES = card_games()
PICTURE_EVERY = 15  # pictures are drawn every this many moves (and at the end), for every reader


@dataclass
class Read:
    """What readers read in one game, in one language."""

    texts: list = field(default_factory=list)      # (where, text): text is a str, a Line or a Doc
    labels: list = field(default_factory=list)     # (where, label)
    prompts: list = field(default_factory=list)    # (where, prompt)
    drawn: list = field(default_factory=list)      # D.measured rows: (text, size asked, size used, width, box,
    #                                                picture width)
    moves: int = 0
    ended: bool = False  # the game was played to its end (not stopped at the move limit)


def play(key: str, code: str, players: int, seed: int, options: dict | None, limit: int = 4000,
         names: dict[str, str] | None = None) -> Read:
    """Play one seeded game to its end (random legal moves, the first pending seat acting) and collect,
    rendered in `code`, what its readers were shown along the way: after every move the board, and the hand
    of every seat that must act and of the first seat (so a seat that only watches is read too). The players
    are named from NAMES unless `names` says otherwise."""
    game, p = engine.GAMES[key], presenter(key)
    seats = [f"p{i + 1}" for i in range(players)]
    names = {s: (names or NAMES)[s] for s in seats}
    state, rng = game.new(seats, seed, options), random.Random(seed)
    out = Read()
    D.measured, D._recent = out.drawn, {}
    try:
        with reading(code):
            while not state.over and out.moves < limit:
                _read(out, p, state, seats, names, pictures=out.moves % PICTURE_EVERY == 0)
                pending = state.pending()
                seat = sorted(pending)[0]
                action = rng.choice(pending[seat])
                for event in state.act(seat, action):
                    said = p.describe(event, names)
                    if said:
                        out.texts.append((f"log {event.get('type')}", said))
                out.moves += 1
            _read(out, p, state, seats, names, pictures=True)
            out.ended = state.over
            result = state.result()
            out.texts.append(("result", p.result(state.view(None), result, names)))
    finally:
        D.measured = None
    return out


def _read(out: Read, p, state, seats: list[str], names: dict, pictures: bool) -> None:
    public = state.view(None)
    out.texts.append(("board", p.board(public, names)))
    waiting = p.waiting(public, names)
    if waiting:
        out.texts.append(("waiting", waiting))
    if pictures:
        p.picture(public, names)
    pending = state.pending() if not state.over else {}
    for seat in seats:
        if seat not in pending and seat != seats[0]:  # the seats that act, and one that watches
            continue
        view = state.view(seat)
        out.texts.append((f"hand {seat}", p.hand(view, names)))
        if pictures:
            p.picture(view, names)
        legal = pending.get(seat)
        if not legal:
            continue
        out.prompts.append((f"prompt {seat}", p.prompt(view)))
        for action in legal:
            out.labels.append((f"label {action.get('type')}", p.label(action, view, names)))
        offered = offered_bundles(p, view, legal)
        for bundle in (offered[0] if offered else ()):
            out.labels.append(("bundle", bundle.label))


def plain(text) -> str:
    """A text as the terminal shows it (Docs, Lines and strings alike), for messages in failures."""
    from present.base import Doc

    if isinstance(text, Doc):
        return fmt.plain(text)
    if isinstance(text, str):
        return text
    return fmt.plain_line(text)
