"""The Black Rose Wars board in words: the mages (player, mage, seat number as on the picture, PP, damage,
where they stand, their Evocations), the Black Rose, the Events, and the Lodge room by room, all from
board_facts.py (the picture draws the same facts)."""
from __future__ import annotations

from engine.blackrose import board as B
from present.base import Code, Line, Name, line
from present.blackrose import board_facts as F
from present.blackrose import card_text as T
from present.blackrose import choices as CH
from present.blackrose import log as L
from present.blackrose import words as W
from present.i18n import join, tr, trp

# The hex rows of the Lodge, top to bottom (axial r = -2..2), for the text map.
ROWS = tuple(tuple(B.LABEL[(q, r)] for q in range(-2, 3) if (q, r) in B.LABEL) for r in range(-2, 3))
SLOT_STATE = {"ready": lambda: tr("ready"), "armed": lambda: tr("armed"), "used": lambda: tr("used"),
              "lost": lambda: tr("lost")}


def _name(names: dict, s) -> Name:
    return Name((names or {}).get(s, s))


def info_lines(view: dict, names: dict) -> list[Line]:
    f = F.facts(view)
    crown = view.get("crown")
    head = L.say("Game turn {turn} · Moon {moon} · Crown: {who}", turn=f["turn"], moon=W.moon(f["moon"]),
                 who=_name(names, crown) if crown else trp("blackrose: no Crown holder", "nobody"))
    out = [head]
    for i, e in enumerate(f["events"], 1):
        if e:
            out.append(line(tr("Event {n}: {event} — {effect}", n=i, event=W.event_name(e), effect=T.event_effect(e))))
    return out


def mage_lines(view: dict, names: dict) -> list[Line]:
    f = F.facts(view)
    out = []
    for s in f["seats"]:
        seat = s["seat"]
        dmg = sum(k for _, k in s["dmg"])
        where = tr("in their Cell") if s["at"] == "cell" else tr("in {room}", room=CH.room_name(view, s["at"]))
        slots = ", ".join(tr("{slot} {state}", slot=_slot_short(sl["slot"]), state=SLOT_STATE.get(sl["state"],
                                                                                              lambda: sl["state"])())
                          for sl in (view.get("slots") or {}).get(seat, ()))
        mage = W.mage_name(s["mage"]) if s["mage"] else tr("no Mage yet")
        pp = tr("{n} PP (final)", n=s["pp"]) if f["final"] else tr("{n} PP", n=s["pp"])
        out.append(L.say("{who} ({mage}, seat {n}) — {pp} · damage {dmg}/{health} · {where}", who=_name(names, seat),
                         mage=mage, n=s["n"], pp=pp, dmg=dmg, health=s["health"], where=where))
        detail = [tr("hand {n}", n=(view.get("hand_n") or {}).get(seat, 0)),
                  tr("Quests {active} active, {done} done", active=(view.get("quests_n") or {}).get(seat, 0),
                     done=len((view.get("done_quests") or {}).get(seat, ()))),
                  tr("Physical Actions {n}", n=(view.get("phys") or {}).get(seat, 0))]
        if slots:
            detail.append(tr("spells: {slots}", slots=slots))
        evos = [e for e in f["evos"] if e["owner"] == s["n"]]
        if evos:
            detail.append(tr("Evocations: {list}", list=join([evo_short(view, e) for e in evos])))
        out.append(line("  " + " · ".join(detail)))
    rose = tr("{n} PP (final)", n=f["rose_pp"]) if f["final"] else tr("{n} PP", n=f["rose_pp"])
    out.append(L.say("The Black Rose — {pp}", pp=rose))
    return out


def evo_short(view: dict, e: dict) -> str:
    """"Landsknecht (v1) in B3 Garden, 1 of 3 damage"."""
    return tr("{evo} ({id}) in {room}, {dmg} of {health} damage", evo=W.evo_kind_name(e["kind"]), id=e["id"],
              room=CH.room_name(view, e["at"]), dmg=e["dmg"], health=e["health"])


def _slot_short(slot) -> str:
    return tr("Quick") if slot == "q" else str(slot)


def lodge_map() -> str:
    """The hex rows, each hex 6 characters wide and every other row shifted by half a hex."""
    return "\n".join((" " * (5 - len(row)) * 3 + "   ".join(f"{lab:>3}" for lab in row)).rstrip() for row in ROWS)


MAP_WIDTH = max(map(len, lodge_map().split("\n")))


def lodge_lines(view: dict, names: dict) -> list[Line]:
    """The Lodge as rows of room labels (centre row widest) in a code block, so they stay in their columns
    in any font (MAP_WIDTH characters: a phone shows them on one line), then one line per room with what is
    in it."""
    out = [line(Code(lodge_map()))]
    f = F.facts(view)
    for room in sorted(f["rooms"], key=lambda r: B.ROOM_LABELS.index(r["label"])):
        lab = room["label"]
        bits = [tr("{label} {room} ({colour})", label=lab, room=W.room_kind_name(room["room"]),
                   colour=W.colour(room["colour"]))]
        if room["destroyed"]:
            bits.append(tr("destroyed"))
        else:
            bits.append(tr("instability {n}/{max}", n=len(room["inst"]), max=room["slots"]))
            if room["token"] == "used":
                bits.append(tr("activated"))
        here = CH.models_in(view, lab)
        text = " · ".join(bits)
        if here:
            text = tr("{room} — {models}", room=text, models=join([CH.model_name(view, m, names) for m in here]))
        out.append(line(text))
    for s in view.get("seats") or ():
        if (view.get("pos") or {}).get(s) == "cell":
            exits = (view.get("cells") or {}).get(s) or ()
            out.append(L.say("{who} is in their Cell (it opens onto {exits})", who=_name(names, s),
                             exits=join(list(exits))))
    return out
