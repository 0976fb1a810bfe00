"""The presentation layer: one Presenter per game (present/<key>/presenter.py, exposing PRESENTER) turns
views and events into Docs, and present.fmt turns Docs into Discord Markdown, embeds or terminal text.

Adding a game's presentation touches only present/<key>/: presenter() finds it by the game's key."""
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


__all__ = ["PRESENTERS", "Presenter", "presenter"]
