"""A simple Raven bot that sees only its own view: bid what the hand looks worth, then play to hit it."""
from __future__ import annotations

import random

from engine.raven import tricks
from engine.raven.cards import BID_VALUE, DWARF, RANK_OF, RAVEN, SHAMAN, SUIT_OF, WOLF


def _strength(card: str, trump: str | None) -> float:
    """Rough chance that this card takes a trick."""
    if card == RAVEN:
        return 1.0
    if card == WOLF:
        return 0.7
    if card == SHAMAN:
        return 0.4
    if card == DWARF:
        return 0.0
    rank = RANK_OF[card]
    if SUIT_OF[card] == trump:
        return 1.0 if rank >= 10 else 0.5 if rank >= 6 else 0.2
    return 0.6 if rank >= 13 else 0.2 if rank >= 11 else 0.0


def _bid(view: dict, legal: list[dict]) -> dict:
    trump, hand, chosen = view["trump"], view["hand"], view["my_bid"]
    size = view["bid_size"]
    kept = [c for c in hand + chosen if c not in chosen]
    target = round(sum(_strength(c, trump) for c in kept))
    have = sum(BID_VALUE[SUIT_OF[c]] for c in chosen)
    left = size - len(chosen)
    options = [a for a in legal if a["type"] == "bid"]

    def reachable(card: str) -> bool:
        rest = target - have - BID_VALUE[SUIT_OF[card]]
        return 0 <= rest <= 3 * (left - 1)

    fitting = [a for a in options if reachable(a["card"])] or options
    # Give away the weakest cards; among equals, the value that keeps the target reachable.
    return min(fitting, key=lambda a: (_strength(a["card"], trump), RANK_OF[a["card"]]))


def _wins(view: dict, card: str, suit: str | None) -> bool:
    """Would `card` be winning the trick right after we play it?"""
    trick = list(view.get("trick", []))
    trump = view["trump"]
    led, called, wolf = view.get("led"), view.get("called"), view.get("wolf", False)
    if tricks.is_leading(trick):
        if card == DWARF:
            led = called = suit
        elif card == RAVEN:
            led = trump
        elif card == WOLF:
            wolf = True
        elif card != SHAMAN:
            led = SUIT_OF[card]
    elif wolf and SUIT_OF[card] not in (None, trump):
        led = SUIT_OF[card]
    trick.append(card)
    return tricks.winner_index(trick, led, called, trump) == len(trick) - 1


def _play(view: dict, legal: list[dict]) -> dict:
    me = view["seats"].index(view["seat"])
    need = view["my_bid_value"] - view["tricks"][me]
    trump = view["trump"]

    def power(a: dict) -> float:
        return _strength(a["card"], trump) + RANK_OF[a["card"]] / 100

    winning = [a for a in legal if _wins(view, a["card"], a.get("suit"))]
    losing = [a for a in legal if a not in winning]
    if need > 0:
        return min(winning, key=power) if winning else min(legal, key=power)
    return max(losing, key=power) if losing else min(legal, key=power)


def choose(view: dict, legal: list[dict], rng: random.Random) -> dict:
    kind = legal[0]["type"]
    if kind == "deal":
        return legal[0]
    if kind in ("bid", "unbid"):
        return _bid(view, legal)
    return _play(view, legal)
