"""Black Rose Wars' cards for `/game card`: every spell (both sides, or a Room Trap's two colours), Room,
Event, Mage, Evocation and Quest, in the words present/blackrose/card_text.py writes them from the data.

Keys are "<kind>:<id>" ("spell:fireball", "room:oracle", "evocation:andromeda"): a spell and the Evocation
it summons share an id and a name. `card()` also takes the ids the engine's views carry: a spell's copy
("fireball.2"), a room, Event, Quest or Mage id."""
from __future__ import annotations

from engine.blackrose import board as B
from engine.blackrose import cards as C
from present.base import Doc, Section, Strong, line
from present.blackrose import board_facts as F
from present.blackrose import card_text as T
from present.blackrose import choices as CH
from present.blackrose import words as W
from present.cards import card_doc
from present.datawords import term
from present.i18n import join, tr, trl

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


# ---- /game room (cogs/blackrose.py): a Room's rules, and at a table what stands in it now
def rooms(view: dict | None = None) -> list[tuple[str, str]]:
    """(value, name) of every room one may ask about: at a table (its public view), the board's rooms by
    label ("A3", "A3 Forge"); else every kind of Room by id."""
    if view is None:
        return [(rid, W.room_kind_name(rid)) for rid in C.ROOMS]
    return [(room["label"], CH.room_name(view, room["label"])) for room in
            sorted(F.facts(view)["rooms"], key=lambda r: B.ROOM_LABELS.index(r["label"]))]


def room(value: str, view: dict | None = None, names: dict[str, str] | None = None) -> Doc | None:
    """A Room asked about by value (see `rooms`) or as typed (a label, a name): at a table, the board's room
    with what it does, its state and who stands in it, all from the public view; else the Room's card."""
    found = _room_value(value, view)
    if found is None:
        return None
    if view is None:
        return card(f"room:{found}")
    here = next(r for r in F.facts(view)["rooms"] if r["label"] == found)
    state = [tr("destroyed")] if here["destroyed"] else \
        [tr("instability {n}/{max}", n=len(here["inst"]), max=here["slots"])] + \
        ([tr("activated")] if here["token"] == "used" else [])
    models = [CH.model_name(view, m, names or {}) for m in CH.models_in(view, found)]
    lines = [line(T.room_text(here["room"])), line(" · ".join(state)),
             trl("Here: {models}", models=join(models)) if models else line(tr("Nobody stands here."))]
    return Doc(f"🏛️ {CH.room_name(view, found)}", [Section("", lines)])


def _room_value(value: str, view: dict | None) -> str | None:
    """The value of the room meant: an exact value, else the first whose name starts with (or holds) what
    was typed, case aside."""
    known = rooms(view)
    typed = value.strip().casefold()
    for test in (lambda v, n: v.casefold() == typed, lambda v, n: n.casefold().startswith(typed),
                 lambda v, n: typed in n.casefold()):
        found = next((v for v, n in known if typed and test(v, n)), None)
        if found is not None:
            return found
    return None
