"""Nevermore's words that live in data/nevermore/ (present/datawords.py gathers every game's): the suits
and Magick card names (glossary), the Magick texts and timings (texts)."""
from __future__ import annotations

from present.datawords import data_json

NEVERMORE_SUIT = "nevermore: suit"
NEVERMORE_MAGICK = "nevermore: Magick card"
NEVERMORE_TEXT = "nevermore: Magick text"


def glossary() -> list[tuple[str, str, str, bool]]:
    out = [(NEVERMORE_SUIT, s["name"], "a suit of the main deck (also the name of its Resolution token)", False)
           for s in data_json("nevermore/main.json")["suits"]]
    out += [(NEVERMORE_MAGICK, c["name"], f"a {c['deck'].title()} Magick card", False)
            for c in data_json("nevermore/magick.json")["cards"]]
    return out


def texts() -> list[tuple[str, str, str, bool]]:
    magick = data_json("nevermore/magick.json")
    out = [(NEVERMORE_TEXT, t, "when a Magick card may be played", False) for t in magick["timings"].values()]
    for c in magick["cards"]:
        out.append((NEVERMORE_TEXT, c["text"], f"{c['name']}: its effect", False))
        if "raven" in c:
            out.append((NEVERMORE_TEXT, c["raven"]["text"], f"{c['name']}: its effect for a player who is a Raven",
                        False))
    return out
