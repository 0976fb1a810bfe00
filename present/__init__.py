"""The presentation layer: one Presenter per game (present/<key>/presenter.py, exposing PRESENTER) turns
views and events into Docs, and present.fmt turns Docs into Discord Markdown or terminal text.

Adding a game's presentation touches only present/<key>/: presenter() and part() find it by the game's key."""
from __future__ import annotations

import importlib

from present.base import Presenter

PRESENTERS: dict[str, Presenter] = {}


def presenter(key: str) -> Presenter:
    """The presenter for a game key, imported on first use (present/<key>/presenter.py's PRESENTER); a game
    defined elsewhere (a test's toy game) puts its own into PRESENTERS."""
    found = PRESENTERS.get(key)
    if found is None:
        found = PRESENTERS[key] = importlib.import_module(f"present.{key}.presenter").PRESENTER
    return found


# A game defined outside present/ (a test's toy game) puts its own parts here: PARTS[key]["catalog"] stands
# for present/<key>/catalog.py, PARTS[key]["datawords"] for present/<key>/datawords.py.
PARTS: dict[str, dict[str, object]] = {}


def part(key: str, name: str):
    """present/<key>/<name>.py (a game's catalog, datawords, ...), the part a game defined elsewhere put in
    PARTS, or None for a game without one."""
    if key in PARTS:
        return PARTS[key].get(name)
    try:
        return importlib.import_module(f"present.{key}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name not in (f"present.{key}", f"present.{key}.{name}"):
            raise  # a part that exists but breaks on import must say so
        return None


class LogFilter:
    """Whether an event makes a log line (its presenter's describe() is not None), asked once per game and
    event type. Each step of a click logs a few events, and wording each only to learn that it is worded
    cost about 6 µs a step, several times that after an idle gap, all before the click's answer. A presenter
    lists in `log_varies` the event types whose answer depends on more than the type (a Nevermore heal of 0
    is not worded); those are asked every time. tests/present/test_log_filter.py checks every other type
    over whole games of every game."""

    def __init__(self) -> None:
        self._known: dict[tuple[str, str], bool] = {}

    def __call__(self, key: str, event: dict, names: dict[str, str]) -> bool:
        kind = event.get("type")
        p = presenter(key)
        if kind in getattr(p, "log_varies", ()):
            return p.describe(event, names) is not None
        found = self._known.get((key, kind))
        if found is None:
            found = self._known[(key, kind)] = p.describe(event, names) is not None
        return found


__all__ = ["PARTS", "PRESENTERS", "LogFilter", "Presenter", "part", "presenter"]
