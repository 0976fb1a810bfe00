"""What one reader may see. Public: the Lodge, models, damage, instability, Power Points, Events, face-up
discards, completed Quests, how many cards each mage holds and which slots are spent. Private to the seat:
its hand, its ready spells (card and side) and armed Traps/Protections, its active Quests, and the
choice it is making now (the cards it is studying, a pick). Never shown: any deck order, Grimoire order,
another seat's ready spells or Quests."""
from __future__ import annotations

from engine.blackrose import board as B
from engine.core import decision


def _slot_public(sl: dict) -> dict:
    out = {"slot": sl["slot"], "state": sl["state"]}
    if sl["state"] == "used" or sl.get("shown"):
        out.update(card=sl["card"], side=sl["side"])
    return out


def build_view(st, seat: str | None) -> dict:
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
        "slots": {s: [_slot_public(sl) for sl in st.slots[s]] for s in st.seats},
        "phys": dict(st.phys), "inhib": {s: list(x) for s, x in st.inhib.items()},
        "buffs": {s: list(x) for s, x in st.buffs.items()},
        "trophies": {k: list(x) for k, x in st.trophies.items()}, "tokens": {k: list(x) for k, x in st.tokens.items()},
        "mods": {k: x for k, x in st.mods.items() if k in ("activate_colour_pp", "element_pp", "no_activate",
                                                           "attack_plus", "defeat_pp")},
        "over": st.over, "winners": list(st.winners), "final": st.final, "opts": dict(st.opts),
        "waiting": sorted(st.pending()), "phase": _phase(st), "decision": _public_decision(st),
    }
    if seat in st.seats:
        v["hand"] = sorted(st.hand[seat])
        v["memories"] = list(st.memories[seat])
        v["my_slots"] = [dict(sl) for sl in st.slots[seat]]
        v["my_armed"] = [{k: a[k] for k in ("card", "side", "kind", "tgt") if k in a} for a in st.armed if a["seat"] == seat]
        v["quests"] = list(st.quests[seat])
        v["aside"] = len(st.aside[seat])
        v["choice"] = _decision(st, seat)
    return v


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
        # Who may answer is public (seats with an armed slot), but name nobody, as every reaction window does.
        return decision("reactions", [], quick=True, id=_react_id(st, top))
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
        if "values" in top:
            out["prompt"] = top["prompt"]
    elif top["k"] == "study" and top["seat"] == seat:
        out["look"] = list(top["look"])
    elif top["k"] == "prep":
        out["ready"] = [list(x) for x in top["ready"][seat]]
    elif top["k"] == "pick":
        out["prompt"] = top.get("prompt", "")
        out["key"] = top.get("key")
        out.update(_asker(st, top))
    elif top["k"] == "cast":
        sl = st.slots[top.get("of", seat)][top["i"]]
        out["card"], out["side"] = sl["card"], sl["side"]
        if top.get("tribute"):
            out["tribute"] = True  # Illusory Tribute caught it: cancel the spell or go on
    elif top["k"] in ("phys", "evo_turn"):
        out["left"] = top["left"]
        if top["k"] == "evo_turn":
            out["evo"] = top["evo"]
    return out


def _asker(st, t: dict) -> dict:
    """What a pick belongs to, for its words: the spell being resolved ("spell") or the room being activated
    ("room"), the op asking, and the model it acts on ("model")."""
    i = t.get("fx")
    fx = st.stack[i] if isinstance(i, int) and 0 <= i < len(st.stack) else None
    if not fx or fx.get("k") != "fx" or fx["i"] >= len(fx["ops"]):
        return {}
    op, ctx = fx["ops"][fx["i"]]["op"], fx["ctx"]
    out = {"op": op}
    if op.startswith("room_"):
        out["room"] = ctx.get("room")
    elif ctx.get("spell"):
        out["spell"] = ctx["spell"]
    if ctx.get("model") or ctx.get("victim"):
        out["model"] = ctx.get("model") or ctx.get("victim")
    return out
