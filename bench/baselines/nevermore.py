"""A simple Nevermore bot: it sees only its own view and legal actions."""
from __future__ import annotations

import random
from collections import Counter

from engine.nevermore import cards as C


def _pass_choice(view: dict, legal: list[dict]) -> dict:
    """Keep the suit it holds most of; pass Ravens (while few) and singletons first."""
    picked = Counter(C.SUIT_OF[c] for c in view["picked"])
    held = Counter(C.SUIT_OF[c] for c in view["hand"]) - picked
    ravens = held["raven"] + picked["raven"]

    def badness(a: dict) -> tuple:
        suit = a["suit"]
        if suit == "raven" and ravens < 3:
            return (0, 0)
        return (1, held[suit] + (2 if suit == "victory" else 0))
    return min((a for a in legal if a["type"] == "pick"), key=badness)


def _leader(view: dict, seats: list[str]) -> str:
    by_vp = {p["seat"]: (p["vp"], -p["health"]) for p in view["players"]}
    return max(seats, key=lambda s: by_vp.get(s, (0, 0)))


def choose(view: dict, legal: list[dict], rng: random.Random) -> dict:
    kinds = {a["type"] for a in legal}
    if "confirm" in kinds:
        return {"type": "confirm"}
    if "pick" in kinds:
        return _pass_choice(view, legal)
    if "attack_all" in kinds:
        return {"type": "attack_all"}
    if "attack" in kinds:
        target = _leader(view, [a["target"] for a in legal if a["type"] == "attack"])
        return {"type": "attack", "target": target}
    if "peck" in kinds:
        return {"type": "peck"}
    if "target" in kinds:
        seats = [a["seat"] for a in legal]
        me = view["seat"]
        return {"type": "target", "seat": me if me in seats else _leader(view, seats)}
    if "commit" in kinds:
        return rng.choice(legal)
    plays = [a for a in legal if a["type"] == "play"]
    if plays:
        return plays[0]
    return legal[0]
