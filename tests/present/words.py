"""Rules tests that check what a player reads ask the game's presenter, the way the platform does (the
engine has no words): a view as board or hand text, an action's label, an event's log line."""
from __future__ import annotations

from present import fmt, presenter


def render(game, view: dict, names: dict | None = None) -> str:
    """The board (a spectator's view) or the hand (a seat's view) as plain text."""
    p = presenter(game.key)
    doc = p.board(view, names or {}) if view.get("seat") is None else p.hand(view, names or {})
    return fmt.plain(doc)


def label(game, action: dict, view: dict, names: dict | None = None) -> str:
    return presenter(game.key).label(action, view, names or {})


def describe(game, event: dict, names: dict | None = None) -> str:
    said = presenter(game.key).describe(event, names or {})
    return fmt.plain_line(said) if said else ""
