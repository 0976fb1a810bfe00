"""The common contract every game implements, and the small shared pieces behind it.

A game is plain data plus functions (boardgame.io style): a Game object describes the game and builds
States; a State is mutated only through `act`, which either applies one legal action completely or
raises IllegalAction and leaves everything exactly as it was.

Events are dicts with a "to" key: None for everyone, or the one seat allowed to read it. Views are dicts
built for one reader (seat, or None for a spectator). Everything a player ever reads, in Discord or in
the terminal, is rendered from a view or from an event addressed to them, so hidden information cannot
leak by construction.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

Action = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]


class IllegalAction(ValueError):
    """An action the rules forbid right now. The message is shown to the player as is."""


@dataclass(frozen=True)
class Option:
    """One setting a game offers in /game new. `choices` lists every allowed value."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    help: str = ""


@runtime_checkable
class State(Protocol):
    over: bool

    def pending(self) -> dict[str, list[Action]]:
        """Every seat that must decide now, each with its complete list of legal actions."""

    def act(self, seat: str, action: Action) -> list[Event]:
        """Apply one legal action; raise IllegalAction (state untouched) otherwise."""

    def view(self, seat: str | None) -> View:
        """What `seat` may see; None is a spectator."""

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data; Game.load(to_json()) gives an identical state."""

    def result(self) -> dict[str, Any]:
        """{"scores": {seat: number}, "winners": [seat, ...]} (meaningful once over)."""


@dataclass(frozen=True)
class Traits:
    """What the platform needs to know about a game, declared once instead of probed for.

    simultaneous: several seats may decide at the same time (drafting, secret choices), so the host shows
      every waiting seat its prompt at once and never assumes one current player;
    reactions: the game opens quick reaction windows (play-or-pass answers); the view's decision fact then
      says {"quick": True} and the host gives those a short timer;
    pictures: present/<key>/picture.py draws the board, so the host attaches a picture;
    undo: action types that take back part of a choice being built (a picked card): offered to people,
      never chosen by an automatic driver, which would otherwise pick and take back forever;
    partial: action types that only build up one decision (picking cards, or a Raven bid, one at a time),
      besides actions flagged "step" (engine/flow.py): a timeout finishes the decision in one go rather than
      costing the table one full timer per card."""

    simultaneous: bool = False
    reactions: bool = False
    pictures: bool = False
    undo: tuple[str, ...] = ()
    partial: tuple[str, ...] = ()


def decision(about: str, seats: list[str], **facts: Any) -> dict[str, Any]:
    """The `decision` fact every view carries: what the table is deciding now and which seats the public
    may be told it waits for. `seats` must come from public facts only: for a window whose possible
    actors depend on hidden cards (who holds a reaction card, who has a real choice) it is [] and
    `about` says what is awaited ("reactions"), so the waiting line names nobody. `obvious=True` says the
    public can already tell what the named seat will play (its last card in hand): where that is its
    only legal move, a host may make it for the player without telling anyone anything that matters.
    `hold=H` marks a window whose public face must not depend on who can answer: the host keeps it open
    exactly H seconds whether or not anyone answers earlier, asks only the seats with a real choice, and
    answers "let it pass" itself for the seats whose only legal move that is."""
    return {"about": about, "seats": list(seats), **facts}


@runtime_checkable
class Game(Protocol):
    """Rules only. The words, Markdown, pictures and limits live in present/<key>/ (a Presenter); the rules
    summary players read is data/<key>/rules.md (present/rules.py)."""

    key: str
    title: str
    min_players: int
    max_players: int
    options: dict[str, Option]
    traits: Traits

    def new(self, seats: list[str], seed: int, options: dict | None = None) -> State: ...

    def load(self, data: dict) -> State: ...


def resolve_options(game: Game, given: dict | None) -> dict[str, Any]:
    """Fill defaults and validate; raise IllegalAction with a friendly message on a bad value."""
    given = dict(given or {})
    out: dict[str, Any] = {}
    for name, opt in game.options.items():
        value = given.pop(name, opt.default)
        if value not in opt.choices:
            allowed = ", ".join(str(c) for c in opt.choices)
            raise IllegalAction(f"{game.title}: '{name}' must be one of {allowed} (got {value!r}).")
        out[name] = value
    if given:
        raise IllegalAction(f"{game.title} has no option named {', '.join(sorted(given))}.")
    return out


def check_seats(game: Game, seats: list[str]) -> None:
    if not game.min_players <= len(seats) <= game.max_players:
        raise IllegalAction(
            f"{game.title} needs {game.min_players}–{game.max_players} players (got {len(seats)})."
        )
    if len(set(seats)) != len(seats):
        raise IllegalAction("Seat names must be unique.")


def find_legal(pending: dict[str, list[Action]], seat: str, action: Action) -> Action:
    """The shared legality gate: the action must be one of the seat's pending actions."""
    legal = pending.get(seat)
    if not legal:
        raise IllegalAction("It isn't your turn to act.")
    if action not in legal:
        raise IllegalAction("That move isn't allowed right now.")
    return action
