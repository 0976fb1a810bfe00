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


# How often a card takes the trick it is played to, by table size: (trumps 1-14, other suits 1-14,
# [Raven, Wolf, Shaman, Dwarf]). Measured from self-play of the previous bot (150 two-player and 60 games
# at each other size; the script is in the issue 12 report), it replaces the hand-guessed _strength for
# the bid, which took an exact bid only 14% of the time in two-player games.
_TRICK_CHANCE = {
    2: ([0.57, 0.57, 0.54, 0.59, 0.56, 0.67, 0.66, 0.66, 0.74, 0.73, 0.73, 0.77, 0.8, 0.92],
        [0.0, 0.01, 0.07, 0.11, 0.17, 0.24, 0.31, 0.37, 0.41, 0.46, 0.54, 0.58, 0.55, 0.54], [1.0, 0.83, 0.96, 0.01]),
    3: ([0.54, 0.55, 0.48, 0.47, 0.53, 0.5, 0.52, 0.53, 0.6, 0.61, 0.67, 0.71, 0.78, 0.95],
        [0.0, 0.0, 0.0, 0.01, 0.05, 0.05, 0.1, 0.14, 0.2, 0.23, 0.27, 0.34, 0.35, 0.4], [0.99, 0.72, 0.76, 0.0]),
    4: ([0.43, 0.41, 0.42, 0.39, 0.37, 0.44, 0.43, 0.48, 0.49, 0.54, 0.69, 0.67, 0.81, 0.96],
        [0.0, 0.0, 0.0, 0.0, 0.0, 0.01, 0.01, 0.03, 0.05, 0.09, 0.14, 0.19, 0.21, 0.3], [0.97, 0.65, 0.57, 0.0]),
    5: ([0.34, 0.35, 0.36, 0.34, 0.34, 0.38, 0.41, 0.42, 0.47, 0.47, 0.59, 0.67, 0.81, 0.96],
        [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.02, 0.03, 0.06, 0.11, 0.16, 0.21], [0.96, 0.51, 0.46, 0.0]),
    6: ([0.26, 0.31, 0.31, 0.25, 0.27, 0.31, 0.37, 0.34, 0.4, 0.46, 0.55, 0.64, 0.78, 0.93],
        [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.01, 0.01, 0.04, 0.08, 0.13], [0.94, 0.38, 0.37, 0.0]),
}
_SPECIALISTS = (RAVEN, WOLF, SHAMAN, DWARF)


def _trick_chance(card: str, trump: str | None, players: int) -> float:
    trumps, others, special = _TRICK_CHANCE[min(6, max(2, players))]
    if card in _SPECIALISTS:
        return special[_SPECIALISTS.index(card)]
    return (trumps if SUIT_OF[card] == trump else others)[RANK_OF[card] - 1]


def _bid(view: dict, legal: list[dict]) -> dict:
    trump, hand, chosen = view["trump"], view["hand"], view["my_bid"]
    size = view["bid_size"]
    players = len(view["seats"])
    # The cards kept for play: the hand less the weakest suited cards still to be set aside.
    left_to_bid = size - len(chosen)
    suited = sorted((c for c in hand if SUIT_OF[c] is not None), key=lambda c: _trick_chance(c, trump, players))
    kept = [c for c in hand if c not in suited[:left_to_bid]]
    target = round(sum(_trick_chance(c, trump, players) for c in kept))
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


def bot_choice(view: dict, legal: list[dict], rng: random.Random) -> dict:
    kind = legal[0]["type"]
    if kind == "deal":
        return legal[0]
    if kind in ("bid", "unbid"):
        return _bid(view, legal)
    return _play(view, legal)


# ---- timeouts: a human seat whose time ran out ---------------------------------------------------------

def timeout_choice(view: dict, legal: list[dict]) -> dict:
    """Raven never lets a player pass: a timeout deals, bids the weakest cards, or plays the least
    valuable legal card (the lowest in trick-taking strength, which the player can most easily spare)."""
    kind = legal[0]["type"]
    if kind == "deal":
        return legal[0]
    if kind in ("bid", "unbid"):
        bids = [a for a in legal if a["type"] == "bid"]
        return _bid(view, legal) if bids else legal[0]
    trump = view["trump"]
    return min(legal, key=lambda a: (_strength(a["card"], trump), RANK_OF[a["card"]]))
