"""Black Rose Wars' game terms, each through present/i18n.py: names from the data (spells, rooms, Events,
Quests, Mages, Evocations) go through `trp("blackrose", name)` so one glossary can translate them, and the
fixed terms (colours, elements, schools, spell types and targets) each have their own message."""
from __future__ import annotations

from engine.blackrose import cards as C
from present.i18n import tr, trp


def name(text: str) -> str:
    """A name printed on a card, tile or sheet (a glossary may translate it; proper names stay)."""
    return trp("blackrose", text)


def card_name(card: str) -> str:
    return name(C.spell_of(card)["name"])


def room_kind_name(rid: str) -> str:
    return name(C.ROOMS[rid]["name"]) if rid in C.ROOMS else rid


def evo_kind_name(kind: str) -> str:
    return name(C.EVOS[kind]["name"]) if kind in C.EVOS else kind


def mage_name(mage: str) -> str:
    return name(C.MAGES[mage]["name"]) if mage in C.MAGES else mage


def event_name(e: str) -> str:
    return name(C.EVENTS[e]["name"]) if e in C.EVENTS else e


def quest_name(q: str) -> str:
    return name(C.QUESTS[q]["name"]) if q in C.QUESTS else q


_COLOUR = {
    "red": lambda: trp("blackrose colour", "red"), "yellow": lambda: trp("blackrose colour", "yellow"),
    "blue": lambda: trp("blackrose colour", "blue"), "grey": lambda: trp("blackrose colour", "grey"),
    "green": lambda: trp("blackrose colour", "green"), "purple": lambda: trp("blackrose colour", "purple"),
    "black": lambda: trp("blackrose colour", "black"),
}
_ELEMENT = {
    "air": lambda: trp("blackrose element", "Air"), "earth": lambda: trp("blackrose element", "Earth"),
    "fire": lambda: trp("blackrose element", "Fire"), "water": lambda: trp("blackrose element", "Water"),
    "magic": lambda: trp("blackrose element", "Magic"), "sacred": lambda: trp("blackrose element", "Sacred"),
    "profane": lambda: trp("blackrose element", "Profane"), "any": lambda: trp("blackrose element", "Any element"),
}
_SCHOOL = {
    "destruction": lambda: trp("blackrose school", "Destruction"),
    "divination": lambda: trp("blackrose school", "Divination"),
    "illusion": lambda: trp("blackrose school", "Illusion"),
    "necromancy": lambda: trp("blackrose school", "Necromancy"),
    "transmutation": lambda: trp("blackrose school", "Transmutation"),
    "conspiracy": lambda: trp("blackrose school", "Conspiracy"),
    "forgotten": lambda: trp("blackrose school", "Forgotten Spell"),
    "custom": lambda: trp("blackrose school", "Custom Spell"),
}
_TYPE = {
    "combat": lambda: trp("blackrose type", "Combat"), "contingency": lambda: trp("blackrose type", "Contingency"),
    "protection": lambda: trp("blackrose type", "Protection"), "trap": lambda: trp("blackrose type", "Trap"),
}
_ARCHETYPE = {
    "demon": lambda: trp("blackrose archetype", "Demon"), "undead": lambda: trp("blackrose archetype", "Undead"),
    "construct": lambda: trp("blackrose archetype", "Construct"), "altar": lambda: trp("blackrose archetype", "Altar"),
    "mutation": lambda: trp("blackrose archetype", "Mutation"), "beast": lambda: trp("blackrose archetype", "Beast"),
}


def _look(table: dict, key: str) -> str:
    found = table.get(key)
    return found() if found else str(key).replace("_", " ")


def colour(c: str) -> str:
    return _look(_COLOUR, c)


def element(e: str) -> str:
    return _look(_ELEMENT, e)


def school(s: str) -> str:
    return _look(_SCHOOL, s)


def spell_type(t: str) -> str:
    return _look(_TYPE, t)


def archetype(a: str) -> str:
    return _look(_ARCHETYPE, a)


def moon(n: int) -> str:
    return {1: "I", 2: "II", 3: "III"}.get(n, str(n))


def side_name(side: str) -> str:
    """A spell side ("s"/"r"), or a Room Trap's colour."""
    if side == "s":
        return trp("blackrose: spell side", "straight")  # not The Deadlies' run of cards
    if side == "r":
        return trp("blackrose: spell side", "reverse")
    return tr("{colour} room", colour=colour(side))


def slot_name(slot) -> str:
    return tr("Quick spell") if slot == "q" else tr("Standard spell {n}", n=slot)
