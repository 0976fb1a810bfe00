"""The Everrain's words that live in data/everrain/ (present/datawords.py gathers every game's): decks,
Acts, crew, skills and card titles (glossary); every card text, option name, outcome and condition, each
also as the log tells it of the captain (texts)."""
from __future__ import annotations

from functools import lru_cache

from present.datawords import data_toml

EVERRAIN_DECK = "everrain: deck"
EVERRAIN_ACT = "everrain: Act"
EVERRAIN_ROLE = "everrain: crew role"
EVERRAIN_CREW = "everrain: crew member"
EVERRAIN_TITLE = "everrain: card title"
EVERRAIN_SKILL = "everrain: skill"
EVERRAIN_TEXT = "everrain: card text"


def glossary() -> list[tuple[str, str, str, bool]]:
    out: list[tuple[str, str, str, bool]] = []
    add = lambda ctx, word, note, same=False: out.append((ctx, word, note, same))  # noqa: E731
    setup = data_toml("everrain/setup.toml")
    for name in setup["deck_names"].values():
        add(EVERRAIN_DECK, name, "a deck (card type) of each Act")
    for name in setup["act_names"]:
        add(EVERRAIN_ACT, name, "an Act's name")
    for c in data_toml("everrain/crew.toml")["crew"]:
        add(EVERRAIN_ROLE, c["role"], "a crew member's trade")
        add(EVERRAIN_CREW, c["name"], "a crew member: a proper name, kept as printed", True)
    for skill in ("Island", "Port"):
        add(EVERRAIN_SKILL, skill, "a crew skill: Island (ashore and in the wild), Port (people and ships)")
    for card in _cards():
        add(EVERRAIN_TITLE, card["title"], f"the title of {card['_where']}")
    return out


def texts() -> list[tuple[str, str, str, bool]]:
    return [(EVERRAIN_TEXT, words, note, False) for words, note in _texts()]


@lru_cache(maxsize=1)
def _cards() -> tuple[dict, ...]:
    cards = []
    for act in (1, 2, 3):
        raw = data_toml(f"everrain/act{act}.toml")
        for deck in data_toml("everrain/setup.toml")["deck_types"]:
            cards += [{**c, "_where": f"an Act {act} {deck} card"} for c in raw[deck]]
    cards += [{**s, "_where": f"Story card +{s['number']}+"} for s in data_toml("everrain/stories.toml")["story"]]
    return tuple(cards)


def _texts() -> list[tuple[str, str]]:
    """(text, note) for every card text, option name, outcome and condition, each also as the log tells it
    of the captain (present/everrain/voice.py: "{captain} marks the place on their chart")."""
    from engine.everrain.cards import outcomes
    from present.everrain.voice import told_msgid

    out: list[tuple[str, str]] = [("Nothing comes of it.", "an outcome with no text of its own")]

    def both(words: str, note: str, named: bool = False) -> None:
        out.append((words, note))
        out.append((told_msgid(words, named), note + ", told in the log ({captain}: the captain's name)"))

    for card in _cards():
        where = card["_where"]
        both(card["text"], f"{where}: its text")
        if "fail" in card:
            both(card["fail"], f"{where}: its condition is not met")
        for i, option in enumerate(card.get("options", ())):
            out.append((option["name"], f"{where}: option {i + 1}'s name, on a button"))
            out.append((told_msgid(option["name"], True), f"{where}: option {i + 1}'s name, after "
                        "'{captain} chooses' in the log (they/their: the captain)"))
        for outcome in outcomes(card):
            both(outcome["text"], f"{where}: an outcome")
    seen: dict[str, str] = {}
    for words, note in out:
        seen.setdefault(words, note)
    return list(seen.items())
