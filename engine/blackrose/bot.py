"""A bot seat for Black Rose Wars. It reads only its own view and its legal actions: it keeps its Quests,
studies its own school, readies its strongest spells, walks towards rival mages, hits the most damaged one,
aims area spells where most rival models stand, and lets its Evocations hunt."""
from __future__ import annotations

import random

from engine.blackrose import board as B
from engine.blackrose import cards as C

TYPE_RANK = {"combat": 3, "contingency": 2, "protection": 1, "trap": 1}


def _power(card: str, side: str) -> int:
    d = C.side_of(card, side)
    dmg = sum(o.get("n", 0) for o in d["ops"] if o["op"] == "dmg" and isinstance(o.get("n"), int))
    pp = sum(o.get("n", 0) for o in d["ops"] if o["op"] == "pp")
    return TYPE_RANK.get(d["type"], 0) * 2 + dmg * 2 + pp * 2 + (1 if d.get("range") == "any" else 0)


def _card_value(card: str) -> int:
    if C.is_room_trap(card):
        return 3
    return max(_power(card, "s"), _power(card, "r"))


def _room(view, model):
    if model in view["pos"]:
        p = view["pos"][model]
        return None if p == "cell" else p
    return next((e["at"] for e in view["evos"] if e["id"] == model), None)


def _owner(view, model):
    if model in view["pos"]:
        return model
    return next((e["owner"] for e in view["evos"] if e["id"] == model), None)


def _dmg(view, model):
    if model in view["dmg"]:
        return sum(view["dmg"][model].values())
    return next((e["dmg"] for e in view["evos"] if e["id"] == model), 0)


def _rivals(view):
    me = view["me"]
    return [s for s in view["seats"] if s != me and view["pos"][s] != "cell"]


def _dist_to_rival(view, label):
    rivals = [_room(view, s) for s in _rivals(view)]
    rivals = [r for r in rivals if r]
    if not rivals:
        return 0
    return min(B.dist(B.HEX[label], B.HEX[r]) for r in rivals)


def _score_target(view, a):
    me = view["me"]
    if "model" in a:
        m = a["model"]
        own = _owner(view, m) == me
        return (-10 if own else (5 if m in view["pos"] else 1) + _dmg(view, m))
    room = a["room"]
    models = [s for s in view["pos"] if view["pos"][s] == room] + [e["id"] for e in view["evos"] if e["at"] == room]
    return sum((4 if m in view["pos"] else 1) * (-1 if _owner(view, m) == me else 1) for m in models)


def choose(view: dict, legal: list[dict], rng: random.Random) -> dict:
    me = view["me"]
    by = {}
    for a in legal:
        by.setdefault(a["type"], []).append(a)
    if "tribute" in by:
        return next(a for a in by["tribute"] if not a["cancel"])  # go on with the spell
    if "react" in by:
        return by["react"][0]  # a Trap or Protection whose moment came is worth triggering (None comes last)
    if "keep" in by and "card" not in by["keep"][0]:
        return by["keep"][0]
    if "mage" in by:
        return by["mage"][0]
    if "school" in by:
        fav = C.MAGES[view["mage"][me]]["school"]
        return next((a for a in by["school"] if a["school"] == fav), by["school"][0])
    if "study" in by:
        mine = view["school"].get(me)
        own = [a for a in by["study"] if a["school"] == mine]
        return max(own, key=lambda a: a.get("n", 1)) if own else by["study"][0]
    if "study_keep" in by:
        return max((a for a in by["study_keep"] if "then" not in a), key=lambda a: sum(_card_value(c) for c in a["cards"]))
    if "arm" in by:
        return next(a for a in by["arm"] if not a["ask"])  # fire at the first chance
    if "keep" in by:
        return max(by["keep"], key=lambda a: _card_value(a["card"]))
    if "discard" in by:
        return min(by["discard"], key=lambda a: _card_value(a["card"]))
    if "remove" in by:
        return next(a for a in legal if a["type"] == "done")
    if "ready" in by or "confirm" in by:
        placed = len(view.get("choice", {}).get("ready", []))
        if "ready" in by and placed < 4:
            return max(by["ready"], key=lambda a: _power(a["card"], a["side"]) if not C.is_room_trap(a["card"]) else 4)
        return by.get("confirm", legal)[0]
    if "attack" in by:
        rivals = [a for a in by["attack"] if a["target"] in view["pos"]]
        return max(rivals or by["attack"], key=lambda a: _dmg(view, a["target"]))
    if "mode" in by:
        return by["mode"][0]
    if "target" in by:
        return max(by["target"], key=lambda a: _score_target(view, a))
    if "activate" in by and rng.random() < 0.7:
        return by["activate"][0]
    if "step" in by:
        here = min(by["step"], key=lambda a: _dist_to_rival(view, a["to"]))
        cur = view["pos"].get(me)
        if "evoke" not in by and (cur == "cell" or _dist_to_rival(view, here["to"]) < _dist_to_rival(view, cur)):
            return here
    if "done" in by and "step" not in by or "done" in by:
        if "activate" in by:
            return by["activate"][0]
        return by["done"][0]
    if "evoke" in by:
        return by["evoke"][0]
    if "cast" in by or "phys" in by:
        here = view["pos"].get(me)
        near = here != "cell" and any(_room(view, s) == here for s in _rivals(view))
        if "phys" in by and (near or not by.get("cast")):
            return by["phys"][0]
        if "cast" in by:
            return by["cast"][0]
        return by["phys"][0]
    if "end" in by:
        return by["end"][0]
    if "pick" in by:
        real = [a for a in by["pick"] if a["value"] is not None]
        return real[0] if real else by["pick"][0]
    if "crown_pick" in by:
        return next((a for a in by["crown_pick"] if a["winner"] == me), by["crown_pick"][0])
    return legal[0]


def timeout_choice(view: dict, legal: list[dict]) -> dict:
    """An absent player keeps their Quests, triggers a Trap or Protection whose moment came (what they armed
    it for), and otherwise plays as the bot would (every step here is part of a required decision: the
    rules never let a mage pass while spells or physical actions remain)."""
    return choose(view, legal, random.Random(0))
