"""The Deadlies' words that live in data/deadlies/ (present/datawords.py gathers every game's): the sins
and special cards (glossary), what each does on top of a play (texts)."""
from __future__ import annotations

from present.datawords import data_json

DEADLIES_SIN = "deadlies: sin"
DEADLIES_CARD = "deadlies: card"
DEADLIES_TEXT = "deadlies: effect"


def glossary() -> list[tuple[str, str, str, bool]]:
    deadlies = data_json("deadlies/cards.json")
    out = [(DEADLIES_SIN, s["name"], "a sin: the suit of its cards, named with a number ('Wrath 3')", False)
           for s in deadlies["suits"]]
    out += [(DEADLIES_CARD, c["name"], "a special card", False)
            for c in deadlies["cards"] if not c["suit"] or c["suit"] == "all"]
    return out


def texts() -> list[tuple[str, str, str, bool]]:
    deadlies = data_json("deadlies/cards.json")
    out = [(DEADLIES_TEXT, s["effect"], f"{s['name']}: what a {s['name']} on top does", False)
           for s in deadlies["suits"]]
    out += [(DEADLIES_TEXT, s["effect"], f"{key}: what it does", False) for key, s in deadlies["specials"].items()]
    return out
