"""What a seat's Activity view can click besides its list of choices (issue 35): the game's own things.

`interactive(game_key, view, legal, names)` returns, for one seat's view and its legal actions:
    {"targets": [ {…} per legal action, aligned with `legal` ],  # what each action names: {"card": id},
                                                                  # {"room": code}, {"spell": id}, or {}
     "cards": [ {"id": str, "label": str} ] | None,               # the seat's hand as cards, in hand order
     "lodge": {…} | None}                                          # Black Rose Wars: the Lodge to click on
Per-game rules live in each game's present/<game>/activity.py; this module only dispatches. A game without
one yet gives no targets: its choices are still all offered as a list.
"""
from __future__ import annotations

import importlib
from typing import Any


def interactive(game_key: str, view: dict, legal: list[dict], names: dict[str, str]) -> dict[str, Any]:
    try:
        module = importlib.import_module(f"present.{game_key}.activity")
    except ModuleNotFoundError:
        return {"targets": [{} for _ in legal], "cards": None, "lodge": None}
    return module.interactive(view, legal, names)
