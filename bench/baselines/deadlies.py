"""A simple bot seat: sheds the biggest combination it can and aims effects at the leader.

It reads only its own view and the legal actions, never the state.
"""
from __future__ import annotations

import random

from engine.deadlies.cards import HALO, NUM, SUIT_OF, SUITS, counts_as, kinds

# Which sin a bot likes on top (or asks Corruption to be): hurting others beats drawing itself.
_TOP_PREFERENCE = ["wrath", "sloth", "pride", "lust", "greed", "gluttony", "envy"]


def best_set(hand: list[str]) -> list[str]:
    """The largest legal play in hand (the Halo alone if the hand is big)."""
    if HALO in hand and len(hand) >= 4:
        return [HALO]
    options = [[c] for c in hand if c != HALO] or [[HALO]]
    for suit in SUITS:
        options.append([c for c in hand if counts_as(c, suit)])
    for n in range(1, 8):
        options.append([c for c in hand if NUM[c] == n])
    by_num: dict[int, str] = {}
    for c in sorted(hand):
        if c != HALO:
            by_num.setdefault(NUM[c], c)
    run: list[str] = []
    for n in range(9):
        if n in by_num:
            run.append(by_num[n])
            options.append(list(run))
        else:
            run = []
    legal = [o for o in options if o and kinds(o)]
    return max(legal, key=len)


def _leader(view: dict, seats: list[str]) -> str:
    return min(seats, key=lambda s: (view["wickedness"][s], view["hand_sizes"][s], s))


def choose(view: dict, legal: list[dict], rng: random.Random) -> dict:
    types = {a["type"] for a in legal}
    hand = view.get("hand", [])
    if types & {"pick", "play", "unpick"}:
        picked = view.get("picked", [])
        target = best_set(hand)
        if all(c in target for c in picked):
            for c in sorted(target, key=NUM.__getitem__):
                act = {"type": "pick", "card": c}
                if c not in picked and act in legal:
                    return act
        # Complete, or off plan (say a half-built play left by a player who timed out): play it or undo.
        plays = [a for a in legal if a["type"] == "play"]
        if plays and all(c in target for c in picked):
            return next((a for a in plays if a["as"] == "straight"), plays[0])
        undo = [a for a in legal if a["type"] == "unpick"]
        return undo[0] if undo else (plays or legal)[0]
    if "top" in types:
        return min(legal, key=lambda a: _rank(SUIT_OF[a["card"]]))
    if "suit" in types:
        return {"type": "suit", "suit": "wrath"}
    seat_actions = [a for a in legal if "seat" in a]
    if seat_actions and types & {"target", "steal"}:
        leader = _leader(view, [a["seat"] for a in seat_actions])
        return next(a for a in seat_actions if a["seat"] == leader)
    if "swap" in types:
        smallest = min(seat_actions, key=lambda a: view["hand_sizes"][a["seat"]])
        if view["hand_sizes"][smallest["seat"]] < len(hand):
            return smallest
        return {"type": "keep"}
    for wanted in ("show", "wrath", "discard_hand", "stop"):
        if wanted in types:
            return next(a for a in legal if a["type"] == wanted)
    if "lust" in types:
        has_lust = any(counts_as(c, "lust") for c in hand)
        return {"type": "lust", "choice": "discard" if has_lust else "nothing"}
    if "lust_discard" in types:
        discards = [a for a in legal if a["type"] == "lust_discard"]
        return next((a for a in discards if counts_as(a["card"], "lust")), discards[0])
    return rng.choice(legal)


def _rank(suit: str) -> int:
    return _TOP_PREFERENCE.index(suit) if suit in _TOP_PREFERENCE else len(_TOP_PREFERENCE)
