"""Black Rose Wars card and board data (data/blackrose/), indexed once at import.

Card instances have ids "<spell>.<copy>" (e.g. "fireball.2"); the spell's definition is SPELLS[spell]."""
from __future__ import annotations

from engine.data import load

SPELLS: dict[str, dict] = {c["id"]: c for c in load("blackrose/spells.json")["cards"]}
ROOMS: dict[str, dict] = {r["id"]: r for r in load("blackrose/rooms.json")["rooms"]}
EVOS: dict[str, dict] = {e["id"]: e for e in load("blackrose/evocations.json")["evocations"]}
MAGES: dict[str, dict] = {m["id"]: m for m in load("blackrose/mages.json")["mages"]}
GRIMOIRES: dict[str, list[list[str]]] = load("blackrose/grimoires.json")["grimoires"]
LODGE: dict = load("blackrose/lodge.json")
QUESTS: dict[str, dict] = load("blackrose/quests.json")["quests"]
EVENTS: dict[str, dict] = load("blackrose/events.json")["events"]

SCHOOLS = ("destruction", "divination", "illusion", "necromancy", "transmutation", "conspiracy")
COLOURS = ("red", "yellow", "blue", "grey", "green", "purple")
SCHOOL_COLOUR = dict(zip(SCHOOLS, ("red", "yellow", "blue", "grey", "green", "purple")))
COPIES = 3
WIN_PP = 30
MOON_AT = {2: 6, 3: 18}
MAX_QUESTS = 2
MAX_EVOS = 3
TROPHIES_PER_MAGE = 10
DEFEAT_PP = (4, 2, 1)
QUEST_PP = (6, 3, 1)
TROPHY_PP = (4, 2, 1)


_SPELL_OF: dict[str, dict] = {}


# Ops that ask the owner something as a Trap or Protection fires (rules.fire_choice).
_FIRE_CHOICE_OPS = {"push", "pass_damage", "draw_quest"}


def _asks_when_fired(sp: dict) -> bool:
    sides = list(sp["room_trap"].values()) if "room_trap" in sp else [sp["s"], sp["r"]]
    for d in sides:
        if d["type"] in ("trap", "protection"):
            for ops in [d["ops"], *d.get("modes", {}).values()]:
                if any(o["op"] in _FIRE_CHOICE_OPS for o in ops):
                    return True
    return False


# Spells whose firing may ask their owner a question: while one is armed an action is applied from a
# snapshot (BlackRoseState._apply), so that the question can pause it.
FIRE_CHOICES: frozenset[str] = frozenset(sid for sid, sp in SPELLS.items() if _asks_when_fired(sp))
FIRE_CHOICE_CARDS: frozenset[str] = frozenset(f"{sid}.{k}" for sid in FIRE_CHOICES for k in range(1, COPIES + 1))


def spell_of(card: str) -> dict:
    """The spell a card instance ("fireball.2") is a copy of (memoised: this is on every hot path)."""
    sp = _SPELL_OF.get(card)
    if sp is None:
        sp = _SPELL_OF[card] = SPELLS[card.split(".", 1)[0]]
    return sp


_SIDE_OF: dict[tuple[str, str], dict] = {}


def side_of(card: str, side: str) -> dict:
    """One side's definition; a Room Trap readied face down ("s") is armed for both its colours. Memoised
    (this is on every hot path too): the same definition every time, which nothing may change."""
    d = _SIDE_OF.get((card, side))
    if d is None:
        d = _SIDE_OF[card, side] = _side_def(spell_of(card), side)
    return d


def _side_def(sp: dict, side: str) -> dict:
    if "room_trap" in sp:
        if side in sp["room_trap"]:
            return sp["room_trap"][side]
        first = next(iter(sp["room_trap"].values()))
        return {"type": "trap", "target": "room", "range": None, "element": first["element"], "ops": []}
    return sp[side]


_ONLY_COLOUR: dict[int, tuple[dict, str | None]] = {}


def only_colour(side: dict) -> str | None:
    """The one room colour a side may be aimed at (Shadow Step moves only to a room of its colour), or None
    (memoised per side: every turn works out which spells can be aimed where)."""
    hit = _ONLY_COLOUR.get(id(side))
    if hit is None or hit[0] is not side:  # the side is kept with its entry, so its id cannot be reused
        colour = next((o["colour"] for o in side["ops"] if o["op"] == "move_self" and o.get("colour")), None)
        hit = _ONLY_COLOUR[id(side)] = (side, colour)
    return hit[1]


def is_room_trap(card: str) -> bool:
    return "room_trap" in spell_of(card)


_SCHOOL_CARDS: dict[str, tuple[str, ...]] = {
    school: tuple(f"{sid}.{k}" for sid, sp in SPELLS.items() if sp["school"] == school for k in range(1, COPIES + 1))
    for school in SCHOOLS}


def school_cards(school: str) -> list[str]:
    return list(_SCHOOL_CARDS[school])


FORGOTTEN = [sid + ".1" for sid, sp in SPELLS.items() if sp["school"] == "forgotten"]


def custom_cards(mage: str) -> list[str]:
    cid = MAGES[mage]["custom"]
    return [f"{cid}.{k}" for k in range(1, COPIES + 1)]


def quest_deck(moon: int) -> list[str]:
    return sorted(q for q, d in QUESTS.items() if d["moon"] == moon)


def event_deck(moon: int) -> list[str]:
    return sorted(e for e, d in EVENTS.items() if d["moon"] == moon)
