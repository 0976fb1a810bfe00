"""Black Rose Wars' cards for `/game card`: every spell (both sides, or a Room Trap's two colours), Room,
Event, Mage, Evocation and Quest, in the words present/blackrose/card_text.py writes them from the data.

Keys are "<kind>:<id>" ("spell:fireball", "room:oracle", "evocation:andromeda"): a spell and the Evocation
it summons share an id and a name. `card()` also takes the ids the engine's views carry: a spell's copy
("fireball.2"), a room, Event, Quest or Mage id."""
from __future__ import annotations

from engine.blackrose import cards as C
from present.base import Doc, Strong, line
from present.blackrose import card_text as T
from present.blackrose import words as W
from present.cards import card_doc
from present.datawords import term
from present.i18n import tr, trl

WORD = "blackrose: word"  # the glossary's context of the game's key words ("Room", "Event", ...)
KINDS = {  # kind -> (its cards, its name, its one-line text, its title's mark), in the order entries list them
    "spell": (C.SPELLS, W.card_name, None, "✨"),
    "room": (C.ROOMS, W.room_kind_name, T.room_text, "🏛️"),
    "event": (C.EVENTS, W.event_name, T.event_text, "🌑"),
    "quest": (C.QUESTS, W.quest_name, T.quest_text, "🎯"),
    "mage": (C.MAGES, W.mage_name, T.mage_text, "🧙"),
    "evocation": (C.EVOS, W.evo_kind_name, T.evo_text, "👹"),
}


def _kind_word(kind: str) -> str:
    return {"room": lambda: term(WORD, "Room"), "event": lambda: term(WORD, "Event"),
            "quest": lambda: term(WORD, "Quest"), "evocation": lambda: term(WORD, "Evocation"),
            "mage": lambda: tr("Mage"), "spell": lambda: tr("spell")}[kind]()


def entries() -> list[tuple[str, str]]:
    """Every card by name; a name two cards share (a spell and its Evocation) says the second one's kind."""
    out, seen = [], set()
    for kind, (cards, name, _text, _mark) in KINDS.items():
        for i in cards:
            said = name(i)
            if said in seen:
                said = f"{said} ({_kind_word(kind)})"
            seen.add(said)
            out.append((f"{kind}:{i}", said))
    return out


def card(key: str) -> Doc | None:
    kind, _, i = key.rpartition(":")
    if not kind:
        kind, i = _kind_of(i)
    if kind not in KINDS or i not in KINDS[kind][0]:
        return None
    cards, name, text, mark = KINDS[kind]
    title = f"{mark} {name(i)}"
    lines = _spell(i) if kind == "spell" else [line(text(i))]
    return card_doc(title, lines, "blackrose", cards[i]["name"])


def _kind_of(i: str) -> tuple[str, str]:
    """(kind, id) of an id as a view carries it: a spell's copy ("fireball.2"), else the first kind that has
    the id (a spell before the Evocation it summons)."""
    spell = i.split(".", 1)[0]
    if spell in C.SPELLS:
        return "spell", spell
    return next(((k, i) for k, (cards, *_rest) in KINDS.items() if i in cards), ("", i))


def _spell(sid: str) -> list:
    card = f"{sid}.1"
    school = C.SPELLS[sid].get("school", "")
    kind = T.spell_school(card) if school in ("forgotten", "custom") else tr("{school} spell", school=W.school(school))
    out = [line(kind)]
    for side, _d in T.sides_of(card):
        said = W.side_name(side).capitalize() if side in ("s", "r") else tr("In a {colour} room", colour=W.colour(side))
        out.append(trl("{side}: {text}", side=Strong(said), text=T.side_text(card, side)))
    note = T.instability_note(card)
    if note:
        out.append(line(note))
    return out
