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

from dataclasses import dataclass, field
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


@runtime_checkable
class Game(Protocol):
    key: str
    title: str
    min_players: int
    max_players: int
    options: dict[str, Option]
    rules: str  # Markdown rules summary, including every ruling where the rulebook is open

    def new(self, seats: list[str], seed: int, options: dict | None = None) -> State: ...

    def load(self, data: dict) -> State: ...

    def render(self, view: View, names: dict[str, str]) -> str:
        """Text for a view: the public board for a spectator view, board + private hand for a seat."""

    def label(self, action: Action, view: View, names: dict[str, str] | None = None) -> str:
        """A short (<= 80 chars) label for one legal action, as the seat whose view it is sees it.
        `names` (seat -> display name) lets a label name another player ("Attack Ann")."""

    def describe(self, event: Event, names: dict[str, str]) -> str:
        """One plain-words log line for an event; '' for events not worth a line."""


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


@dataclass
class Names:
    """Display names by seat, with a fallback so a missing name never breaks rendering."""

    by_seat: dict[str, str] = field(default_factory=dict)

    def __call__(self, seat: str | None) -> str:
        return "everyone" if seat is None else self.by_seat.get(seat, seat)
