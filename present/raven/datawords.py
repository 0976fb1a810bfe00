"""Raven's words that live in data/raven/ (present/datawords.py gathers every game's): theme titles, suits
and specialists, each under the glossary context its presenter looks it up with."""
from __future__ import annotations

from present.datawords import data_json

RAVEN_THEME = "raven: theme"
RAVEN_SUIT = "raven: suit"                # plural, as a suit is named: "Shields"
RAVEN_SUIT_ONE = "raven: one card of a suit"  # "a Shield" in a bid's values
RAVEN_SPECIALIST = "raven: specialist"


def glossary() -> list[tuple[str, str, str, bool]]:
    out: list[tuple[str, str, str, bool]] = []
    for key, t in data_json("raven/themes.json").items():
        if key.startswith("_"):
            continue
        out.append((RAVEN_THEME, t["title"], f"the {key} theme's title (a deck's look; the game is still Raven)",
                    False))
        for suit in t["suits"].values():
            out.append((RAVEN_SUIT, suit["name"], "a suit's name (plural)", False))
            out.append((RAVEN_SUIT_ONE, suit["one"], "one card of the suit, in a bid's values: 'Shield 0, Sword 1'",
                        False))
        for sp in t["specialists"].values():
            out.append((RAVEN_SPECIALIST, sp["name"], "a specialist card", False))
    return out
