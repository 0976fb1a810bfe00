"""Black Rose Wars' words that live in data/blackrose/ (present/datawords.py gathers every game's).

Its names (spells, Rooms, Mages, Evocations, Events, Quests) share one context, the one its presenter looks
them up with (present/blackrose/words.py): a spell and the Evocation it summons are one name, translated
once."""
from __future__ import annotations

from present.datawords import data_json

BLACKROSE_NAME = "blackrose"
BLACKROSE_SCHOOL = "blackrose: school"

# Evocations whose names describe them (translated), unlike the named ones (Malacoda, Andromeda: kept).
_DESCRIPTIVE_EVOCATIONS = {"Bone Knight", "Divine Altar", "Mutant Altar", "Abomination", "Cerberus",
                           "Infamy of Crete"}


def glossary() -> list[tuple[str, str, str, bool]]:
    out: list[tuple[str, str, str, bool]] = []
    add = lambda word, note, same=False: out.append((BLACKROSE_NAME, word, note, same))  # noqa: E731
    spells = data_json("blackrose/spells.json")["cards"]
    for c in spells:
        add(c["name"], f"a spell ({c['school']})")
    for r in data_json("blackrose/rooms.json")["rooms"]:
        add(r["name"], "a Room of the Lodge")
    for m in data_json("blackrose/mages.json")["mages"]:
        add(m["name"], "a Mage: a proper name, kept as printed", True)
    for e in data_json("blackrose/evocations.json")["evocations"]:
        named = e["name"] not in _DESCRIPTIVE_EVOCATIONS
        add(e["name"], f"an Evocation ({e['archetype']})" + (": a proper name, kept as printed" if named else ""),
            named)
    for e in data_json("blackrose/events.json")["events"].values():
        add(e["name"], "an Event card")
    for q in data_json("blackrose/quests.json")["quests"].values():
        add(q["name"], "a Quest card")
    for school in dict.fromkeys(c["school"] for c in spells):
        out.append((BLACKROSE_SCHOOL, school.title(), "a School of Magic", False))
    return out
