"""The presentation layer: one Presenter per game (present/<key>/presenter.py, exposing PRESENTER) turns
views and events into Docs, and present.fmt turns Docs into Discord Markdown, embeds or terminal text.

Adding a game's presentation touches only present/<key>/: presenter() finds it by the game's key."""
from __future__ import annotations

import importlib

from present.base import BasePresenter, Doc, Line, Presenter, Section, line
from present.i18n import tr

PRESENTERS: dict[str, Presenter] = {}


def presenter(key: str) -> Presenter:
    """The presenter for a game key, imported on first use; a game without one (a platform test's toy game,
    a game still being built) gets PlainTextPresenter over its own render/label/describe."""
    found = PRESENTERS.get(key)
    if found is None:
        try:
            found = importlib.import_module(f"present.{key}.presenter").PRESENTER
        except ModuleNotFoundError as exc:
            if exc.name not in (f"present.{key}", f"present.{key}.presenter"):
                raise
            from engine import GAMES

            found = PlainTextPresenter(GAMES[key])
        PRESENTERS[key] = found
    return found


class PlainTextPresenter(BasePresenter):
    """For a game with no present/<key>/: its own plain-text render, labels and log lines. It has no
    decision fact to read, so its waiting line names nobody (it cannot know what is public)."""

    def __init__(self, game) -> None:
        self.game, self.key, self.title = game, game.key, game.title

    def _doc(self, view, names) -> Doc:
        body = self.game.render(view, names)
        return Doc(f"{self.emoji} {self.title}", [Section("", [line(t) for t in body.splitlines()])])

    def board(self, view, names) -> Doc:
        doc = self._doc(view, names)
        doc.footer = self.waiting(view, names) or ()
        return doc

    def hand(self, view, names) -> Doc:
        return self._doc(view, names)

    def label(self, action, view, names) -> str:
        return self.game.label(action, view, names)

    def describe(self, event, names) -> Line | None:
        text = self.game.describe(event, names)
        return line(text) if text else None

    def waiting(self, view, names) -> Line | None:
        return line(tr("Waiting for players."))


__all__ = ["PRESENTERS", "Presenter", "presenter"]
