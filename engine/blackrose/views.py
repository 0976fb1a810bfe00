"""What one reader may see. Public: the Lodge, models, damage, instability, Power Points, Events, face-up
discards, completed Quests, how many cards each mage holds and which slots are spent. Private to the seat:
its hand, its ready spells (card and side) and armed Traps/Protections, its active Quests, and the
choice it is making now (the cards it is studying, a pick). Never shown: any deck order, Grimoire order,
another seat's ready spells or Quests."""
from __future__ import annotations

from engine.blackrose import board as B
from engine.blackrose import cards as C
from engine.blackrose.rules import waits_for
from engine.core import decision

EVENT_MOD_KEYS = tuple(sorted({k for d in C.EVENTS.values() for k in d.get("mod", ())}))


def _slot_public(sl: dict, asks: dict[str, dict]) -> dict:
    out = {"slot": sl["slot"], "state": sl["state"]}
    if sl["state"] == "used" or sl.get("shown"):
        out.update(card=sl["card"], side=sl["side"])
    elif sl["state"] == "armed" and sl["card"] in asks:
        # "ask me", its kind and its condition are public: they decide when windows open (rules.waits_for)
        out["ask"], out["waits"] = asks[sl["card"]]["ask"], waits_for(asks[sl["card"]])
    return out


def build_view(st, seat: str | None) -> dict:
    asks = {a["card"]: a for a in st.armed if a.get("ask")}
    v = {
        "me": seat, "seat": seat, "seats": list(st.seats), "order": list(st.order), "turn": st.turn, "moon": st.moon,
        "crown": st.crown, "mage": dict(st.mage), "school": dict(st.school),
        "layout": dict(st.layout), "destroyed": list(st.destroyed), "activated": list(st.activated),
        "inst": {k: dict(x) for k, x in st.inst.items()}, "tint": dict(st.mods.get("tint", {})),
        "cells": {s: B.cell_exits(st.cells[s]) for s in st.seats}, "pos": dict(st.pos),
        "dmg": {s: dict(d) for s, d in st.dmg.items()},
        "evos": [dict(e) for e in st.evos], "pp": dict(st.pp), "board": list(st.board),
        "events_left": len(st.edeck[str(st.moon)]), "quests_left": len(st.qdeck[str(st.moon)]),
        "discards": {k: list(x) for k, x in st.discards.items()},
        "library": {k: len(x) for k, x in st.library.items()}, "forgotten": len(st.forgotten),
        "hand_n": {s: len(h) for s, h in st.hand.items()}, "grimoire_n": {s: len(g) for s, g in st.grimoire.items()},
        "memories_n": {s: len(m) for s, m in st.memories.items()},
        "quests_n": {s: len(q) for s, q in st.quests.items()}, "done_quests": {s: list(q) for s, q in st.done_quests.items()},
        "slots": {s: [_slot_public(sl, asks) for sl in st.slots[s]] for s in st.seats},
        "phys": dict(st.phys), "inhib": {s: list(x) for s, x in st.inhib.items()},
        "buffs": {s: list(x) for s, x in st.buffs.items()},
        "trophies": {k: list(x) for k, x in st.trophies.items()}, "tokens": {k: list(x) for k, x in st.tokens.items()},
        "mods": {k: st.event_mods(k) for k in EVENT_MOD_KEYS if st.event_mods(k)},
        "occupants": _occupants(st),
        "over": st.over, "winners": list(st.winners), "final": st.final, "opts": dict(st.opts),
        "waiting": sorted(st.pending()), "phase": _phase(st), "decision": _public_decision(st),
    }
    if seat in st.seats:
        v["hand"] = sorted(st.hand[seat])
        v["memories"] = list(st.memories[seat])
        v["my_slots"] = [dict(sl) for sl in st.slots[seat]]
        v["my_armed"] = [{k: a[k] for k in ("card", "side", "kind", "tgt", "ask") if k in a}
                         for a in st.armed if a["seat"] == seat]
        v["quests"] = list(st.quests[seat])
        v["ask_me"] = list(st.ask_me[seat])  # the standing orders they asked to be asked about instead
        v["aside"] = len(st.aside[seat])
        v["seen"] = [dict(x, slots=[dict(sl) for sl in x["slots"]]) for x in st.mods.get("seen", {}).get(seat, ())]
        v["choice"] = _decision(st, seat)
        top = st.stack[-1] if st.stack else None
        if top and top["k"] == "prep" and seat in top.get("ok", ()):  # prepared, waiting for the others
            v["prepared"] = [list(x) for x in top["ready"][seat]]
    return v


def _occupants(st) -> dict[str, list[str]]:
    """Who stands in each room (mages, then Evocations): what a label needs to say who a target hits."""
    out: dict[str, list[str]] = {}
    for s in st.order:
        if st.pos[s] != "cell":
            out.setdefault(st.pos[s], []).append(s)
    for e in st.evos:
        if e["at"]:
            out.setdefault(e["at"], []).append(e["id"])
    return out


def _phase(st) -> str:
    for t in reversed(st.stack):
        if t["k"] in ("pick_mage", "pick_school", "quests", "study", "prep", "turn", "evo_seat", "crown_choice"):
            return t["k"]
    return "" if not st.stack else st.stack[-1]["k"]


def _public_decision(st) -> dict:
    """What the table decides now and who it waits for (every waiting seat here is public knowledge: whose
    turn it is, who has not confirmed their ready spells). `id` is the same for every step of one
    multi-step decision, so timers and bots can treat it as one."""
    if st.over or not st.stack:
        return decision("over", [], id="")
    top = st.stack[-1]
    if top["k"] == "react":
        if "values" in top:  # a spell that fires asks its owner something: the firing will show it anyway
            return decision("fire_choice", list(top["seats"]), quick=True, id=_react_id(st, top))
        # Who is asked is public: the owners whose "ask me" spell's public condition this moment meets, each
        # with a real choice; the window lasts as long as they take, like any decision (data/blackrose/rules.md).
        return decision("reactions", sorted(s for s in top["seats"] if s not in top["got"]), quick=True,
                        id=_react_id(st, top))
    return decision(_phase(st), sorted(st.pending()), id=f"{st.turn}:{len(st.stack)}:{top['k']}")


def _react_id(st, top: dict) -> str:
    """One id per window: two windows in a row (a mage stepping room by room) must not look like one.
    Public facts only (never the paused action itself, which may be a pick of a hidden card): whose action,
    how far the turn has gone (spent slots and Physical Actions), how many moments it has passed, and the
    moment (what, who, where)."""
    m = top["moment"]
    spent = sum(1 for s in st.seats for sl in st.slots[s] if sl["state"] != "ready")
    return (f"{st.turn}:{len(st.stack)}:react:{top['redo']['seat']}:{spent}:{sum(st.phys.values())}:"
            f"{len(top['answers'])}:{m.get('on')}:{m.get('victim')}:{m.get('room')}:{m.get('n')}")


def _decision(st, seat: str) -> dict:
    """The seat's decision in progress: its id (one per multi-step decision) and its private context."""
    if not st.stack or seat not in st.pending():
        return {}
    top = st.stack[-1]
    out = {"id": f"{st.turn}:{len(st.stack)}:{top['k']}", "kind": top["k"]}
    if top["k"] == "react":
        out["id"] = _react_id(st, top)
        out["moment"] = dict(top["moment"])
        out["offer"] = list(top["offers"][seat])
    elif top["k"] == "study" and top["seat"] == seat:
        out["drawn"] = top["drawn"]  # the cards are looked at only once all are drawn
        out["mix"] = bool(top.get("mix"))  # drawing one at a time
        out["remove"] = bool(top.get("remove")) and not top["removed"]  # they asked to remove a spell
        out["removed"] = top["removed"]
        if top["drawn"] >= 4:
            out["look"] = list(top["look"])
    elif top["k"] == "prep":
        out["ready"] = [list(x) for x in top["ready"][seat]]
    elif top["k"] == "pick":
        out["values"] = list(top["values"])  # what the seat is choosing among (its own Grimoire, say)
        for k in ("source", "subject"):  # which spell, room, Quest or Event asks; about which model
            if k in top:
                out[k] = top[k]
        out["key"] = top.get("key")
        out.update(_asker(st, top))
    elif top["k"] == "cast":
        sl = st.slots[top.get("of", seat)][top["i"]]
        out["card"], out["side"] = sl["card"], sl["side"]
        if top.get("of"):
            out["of"] = top["of"]  # Jester Hat: another mage's spell, resolved for you
        if top.get("tribute"):
            out["tribute"] = True  # Illusory Tribute caught it: cancel the spell or go on
    elif top["k"] in ("phys", "evo_turn"):
        out["left"] = top["left"]
        if top["k"] == "phys":
            out["mode"] = top["mode"]  # "token": the Physical Action; "spell": an effect's move and attack
            if top.get("avoid"):
                out["avoid"] = top["avoid"]  # a second attack's earlier target (public: it was attacked)
        if top["k"] == "evo_turn":
            out["evo"] = top["evo"]
    return out


def _asker(st, t: dict) -> dict:
    """The op asking a pick (its "source" says which spell, room, Quest or Event), for its words."""
    i = t.get("fx")
    fx = st.stack[i] if isinstance(i, int) and 0 <= i < len(st.stack) else None
    if not fx or fx.get("k") != "fx" or fx["i"] >= len(fx["ops"]):
        return {}
    out = {"op": fx["ops"][fx["i"]]["op"]}
    if "gone" in fx["ctx"]:
        out["gone"] = fx["ctx"]["gone"]  # the Black Rose Room's discards made so far (its prompt's "n of 4")
    return out
