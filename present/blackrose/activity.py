"""Black Rose Wars in the Activity (issue 35; present/web/targets.py): the Lodge and the Mage Sheet as the
interface. Built from one reader's view only: the Lodge from its public facts, the Mage Sheet and the
spells' targets from the seat's own (a spectator gets the Lodge and nothing private).

What a click means follows the chat's own steps (engine/blackrose/action.py, casting.py; present/blackrose/
choices.py words each one), so the Activity offers nothing chat does not, and every legal action stays
reachable from the list of choices:
- **A room** is where an action goes or aims: a step (move there), an activation, a spell's target room
  (`target`, or a cast that aims as it is cast), an Evocation's move, a discard-to-move's room, a pick of a
  room. An action aimed at a model (an attack, a spell on a mage or an Evocation, a pick of one) aims at the room it
  stands in, and at the model itself there (its token on the map: "model"); a move that also activates the
  room it reaches is the room's activation token ("activate").
- **A spell** on the Mage Sheet is what an action does with it: ready it (Preparation, with its side),
  cast or arm it (a ready slot), discard it (to move, or in the Black Rose Room), remove it (Study), and
  trigger an armed Trap or Protection when a reaction window asks its owner ("ask me"): the window
  appears in place, on the armed spell. A cast that also names a room (aimed as it is cast) is a spell
  click then a room click, as a player reads the spell and then the map.
Several actions on one place (a spell cast at one mage in two modes) are listed where clicked, by their
chat labels.

`interactive()` returns {"targets", "cards", "lodge"}; lodge = {"rooms", "cells", "sheet", "casting"}.
Hex positions are the board picture's (present/blackrose/picture.py): axial (q, r) from engine/blackrose/
board.py, pointy-top, and x, y in hex sizes from the Black Rose Room's centre."""
from __future__ import annotations

import math

from engine.blackrose import board as B
from engine.blackrose import cards as C
from present.blackrose import card_text as T
from present.blackrose import choices as CH
from present.blackrose import words as W
from present.blackrose.picture import cell_hex
from present.i18n import tr

# Actions whose `card` is a spell of the seat (hand, sheet or studied cards): clicking that spell does it.
SPELL_CARD_ACTIONS = ("ready", "remove", "discard", "react")
# Actions naming a slot of the seat's Mage Sheet: clicking the spell in that slot does it.
SLOT_ACTIONS = ("cast", "discard_spell", "discard_move")
# Actions naming a model (key): they aim at the room it stands in.
MODEL_KEYS = {"attack": "target", "cast": "model", "target": "model", "evoke": "target"}
ROOM_KEYS = ("to", "room")  # an action's room, by the engine's own keys


def xy(q: int, r: int) -> tuple[float, float]:
    """A hex's centre in hex sizes (centre to corner) from the Black Rose Room, as picture.hex_xy lays it."""
    return round(math.sqrt(3) * (q + r / 2), 3), round(1.5 * r, 3)


def held_spells(view: dict) -> set[str]:
    """Every spell card the seat holds in its own view: hand, Mage Sheet, the cards it is studying."""
    out = {c for c in view.get("hand") or () if isinstance(c, str)}
    out |= {sl["card"] for sl in view.get("my_slots") or () if isinstance(sl.get("card"), str)}
    out |= {c for c in (view.get("choice") or {}).get("look") or () if isinstance(c, str)}
    return out


def _slot_card(view: dict, i) -> str | None:
    mine = view.get("my_slots") or []
    return mine[i].get("card") if isinstance(i, int) and 0 <= i < len(mine) else None


def _model_room(view: dict, m) -> str | None:
    at = CH.where(view, m) if isinstance(m, str) else None
    return at if at in B.HEX else None


def target_of(action: dict, view: dict, held: set[str]) -> dict:
    """What one legal action names on the Lodge or the Mage Sheet ({} when it names neither): "spell",
    "room", and finer places in the room: "model" (the mage or Evocation it aims at, which stands there)
    and "activate" (a move that activates the room it reaches, the room's activation token)."""
    kind, out = action.get("type"), {}
    card = action.get("card")
    if kind in SPELL_CARD_ACTIONS and card in held:
        out["spell"] = card
    elif kind in SLOT_ACTIONS and _slot_card(view, action.get("slot")) in held:
        out["spell"] = _slot_card(view, action["slot"])
    room = next((action[k] for k in ROOM_KEYS if isinstance(action.get(k), str)), None)
    model = action.get(MODEL_KEYS[kind]) if kind in MODEL_KEYS else action.get("target") if kind == "step" else None
    if kind == "pick" or (kind == "react" and "value" in action):  # a pick's value: a room, a spell, a model
        value = action.get("value")
        room = value if isinstance(value, str) and value in B.HEX else None
        if isinstance(value, str) and value in held:
            out["spell"] = value
        model = value if _model_room(view, value) and value not in B.HEX else None
    at = _model_room(view, model)
    if at and kind != "step":
        room = room or at
    if room in B.HEX and room in (view.get("layout") or {}):
        out["room"] = room
        if at == room:
            out["model"] = model
        if action.get("then") == "activate":
            out["activate"] = True
    return out


def place_of(target: dict) -> tuple | None:
    """Where on the Lodge an action is clicked (present/web/activity/lodge.js): a model's token, a room's
    activation token, or the room itself, with the spell it aims (dragged there, or selected first); None
    for an action off the map. Actions with the same place are listed where clicked."""
    if "room" not in target:
        return None
    if "model" in target:
        return target.get("spell"), target["room"], "model", target["model"]
    return target.get("spell"), target["room"], "activate" if target.get("activate") else "room"


def _here(view: dict, lab: str, names: dict) -> list[dict]:
    """Who stands in a room (public): mages by player and mage, then Evocations."""
    mages = view.get("mage") or {}
    out = [{"seat": s, "id": s, "kind": "mage", "name": CH.seat_name(names, s),
            "mage": W.mage_name(mages.get(s, "")) if mages.get(s) else ""}
           for s in view.get("seats") or () if (view.get("pos") or {}).get(s) == lab]
    out += [{"seat": e.get("owner"), "kind": "evo", "id": e["id"], "name": CH.model_name(view, e["id"], names)}
            for e in view.get("evos") or () if e.get("at") == lab]
    return out


def _rooms(view: dict, names: dict, targets: list[dict]) -> list[dict]:
    gone, used = set(view.get("destroyed") or ()), set(view.get("activated") or ())
    out = []
    for lab in B.ROOM_LABELS:
        rid = (view.get("layout") or {}).get(lab)
        if rid not in C.ROOMS:
            continue
        q, r = B.HEX[lab]
        x, y = xy(q, r)
        out.append({"code": lab, "name": W.room_kind_name(rid), "colour": C.ROOMS[rid]["colour"],
                    "q": q, "r": r, "x": x, "y": y, "destroyed": lab in gone, "activated": lab in used,
                    "here": _here(view, lab, names),
                    "actions": [i for i, t in enumerate(targets) if t.get("room") == lab]})
    return out


def _cells(view: dict, names: dict) -> list[dict]:
    out = []
    for s in view.get("seats") or ():
        h = cell_hex((view.get("cells") or {}).get(s) or [])
        if h:
            x, y = xy(*h)
            out.append({"seat": s, "name": CH.seat_name(names, s), "q": h[0], "r": h[1], "x": x, "y": y,
                        "here": (view.get("pos") or {}).get(s) == "cell"})
    return out


def _spell(card: str, label: str, state: str, said: str, group: str, targets: list[dict], slot=None) -> dict:
    """One spell of the sheet: `group` as the hand picture titles it, `slot` as "Standard spell 1, armed"."""
    where = (tr("{slot}, {state}", slot=W.slot_name(slot), state=said) if said else W.slot_name(slot)) \
        if slot is not None else None
    return {"id": card, "label": label, "state": state, "state_label": said, "group": group, "slot": where,
            "actions": [i for i, t in enumerate(targets) if t.get("spell") == card]}


def _sheet(view: dict, targets: list[dict]) -> list[dict]:
    """The seat's spells as its hand picture groups them (hand_picture.py): studying, on the Mage Sheet
    (ready, armed, used, lost), readying now, in hand."""
    known = {c for c in held_spells(view) if c.split(".")[0] in C.SPELLS}
    said = {"ready": tr("ready"), "armed": tr("armed"), "used": tr("used"), "lost": tr("lost")}
    out = [_spell(c, W.card_name(c), "studied", tr("Studying"), tr("Studying"), targets)
           for c in (view.get("choice") or {}).get("look") or () if c in known]
    for sl in view.get("my_slots") or ():
        c = sl.get("card")
        if c in known:
            label = T.card_label(c, sl["side"]) if sl.get("side") else W.card_name(c)
            out.append(_spell(c, label, sl.get("state", ""), said.get(sl.get("state"), ""), tr("Ready"), targets,
                              sl.get("slot")))
    readying = CH.readying(view)
    out += [_spell(c, T.card_label(c, side), "readying", tr("Readying now"), tr("Readying now"), targets)
            for c, side in readying if c in known]
    out += [_spell(c, W.card_name(c), "hand", tr("In hand"), tr("In hand"), targets)
            for c in CH.held(view) if c in known]
    return out


def words() -> dict[str, str]:
    """The few words lodge.js shows of its own, in the reading language."""
    return {"cancel": tr("Cancel"), "aim": tr("Drag a spell onto a lit room or mage, or tap one then the other.")}


def interactive(view: dict, legal: list[dict], names: dict[str, str]) -> dict:
    mine = view.get("me") in (view.get("seats") or ()) and view.get("hand") is not None
    held = held_spells(view) if mine else set()
    targets = [target_of(a, view, held) for a in legal] if mine else [{} for _ in legal]
    choice = (view.get("choice") or {}) if mine else {}
    casting = choice.get("card") if choice.get("kind") == "cast" and choice.get("card") in held else None
    lodge = {"rooms": _rooms(view, names, targets), "cells": _cells(view, names), "words": words(),
             "sheet": _sheet(view, targets) if mine else None,
             "casting": {"id": casting, "label": T.card_label(casting, choice.get("side"))} if casting else None}
    cards = [{"id": c, "label": W.card_name(c)} for c in CH.held(view) if c.split(".")[0] in C.SPELLS] if mine \
        else None
    return {"targets": targets, "cards": cards, "lodge": lodge}
