"""Determinized look-ahead for the Nevermore bot's Raven kills: a small, fast model of the rest of a hand's
Resolution on suit counts.

Everything here works on what one seat may know. Hidden cards (the other hands, the unrevealed token
order) are sampled consistently with the view: the pool is the 60-card deck minus the reader's own cards
and every card shown in front of a player, and a hand holds only suits not yet called (plus Ravens). Each
sample is played out with cheap rules of thumb (a simple kill rule, attacks on the leader) and scored from
the reader's seat; every candidate is played on the same samples (common random numbers keep the
comparison fair with few samples).

Hands are count vectors over the five suits in cards.SUITS order: attack, healing, radiance, victory, raven.
Magick cards are not modelled beyond their worth as a resource.
"""
from __future__ import annotations

import random

from engine.nevermore import cards as C

A, H, R, V, RV = range(5)
SUIT_INDEX = {s: i for i, s in enumerate(C.SUITS)}
PER_SUIT = 12
WIN = C.WIN_VP
MAX_HEALTH = C.MAX_HEALTH

# What a position is worth, in VP (set by judgement, not tuned): Health matters as distance from
# becoming a Raven, a Magick card is a modest resource, a Raven cannot win until it returns.
HEALTH_W = (0.0, -1.6, -0.9, -0.45, -0.15, 0.0)  # by Health 0..5, added to VP for a human
MAGICK_W = 0.3
RAVEN_VP_W = 0.4
RAVEN_PENALTY = 2.5
WIN_SCORE = 12.0
RIVAL_MAX = 1.0  # me against the best rival (1) or the average one (0): 0, 0.5 and 1 measured alike


# ---- one sampled world ----------------------------------------------------------------------------------

class Table:
    """The public part of the view, read once per decision: seats, Health, VP, Raven, Magick counts."""

    def __init__(self, view: dict) -> None:
        players = view["players"]
        self.seats = [p["seat"] for p in players]
        self.n = len(players)
        self.me = self.seats.index(view["seat"])
        self.health = [p["health"] for p in players]
        self.vp = [p["vp"] for p in players]
        self.raven = [p["raven"] for p in players]
        self.magick = [p["magick"] for p in players]
        self.shield = [p.get("shield", 0) for p in players]
        step = 1 if view["dir"] == "left" else -1
        d = self.seats.index(view["dealer"])
        self.prio = [(d + step * k) % self.n for k in range(1, self.n + 1)]  # ties act in this order
        self.tokens = view["tokens"]
        self.resolved = view.get("resolved", 0)


def kill_plan(hand: list[int], suits_left: list[int], forced: tuple[int, int] | None = None) -> list[int]:
    """Which cards a hand's Ravens kill (counts per suit): as many as they can, from the suits the holder
    values least (fewest cards first, Victory last). `forced` = (suit, n) fixes the kills on one suit."""
    kills = [0] * 5
    owed = min(hand[RV], sum(hand[s] for s in suits_left))
    left = list(hand)
    if forced is not None:
        s, k = forced
        kills[s], left[s] = k, left[s] - k
        owed -= k
        suits_left = [x for x in suits_left if x != s]
    while owed > 0:
        s = min((x for x in suits_left if left[x]), key=lambda x: (left[x] + (3 if x == V else 0), -x))
        kills[s] += 1
        left[s] -= 1
        owed -= 1
    return kills


def _target(table: Table, health: list[int], vp: list[int], raven: list[bool], src: int, n: int) -> int:
    """Attack target of the rule of thumb: the richest rival this blow turns into a Raven, else the VP leader."""
    best, best_key = -1, None
    for t in range(table.n):
        if t == src or raven[t]:
            continue
        lethal = health[t] + table.shield[t] <= n
        key = (lethal, vp[t], -health[t], -t)
        if best_key is None or key > best_key:
            best, best_key = t, key
    return best


def resolve(table: Table, hands: list[list[int]], order: list[int], forced: tuple[int, int] | None = None) -> float:
    """Play out the rest of a hand's Resolution from these hands (counts; the reader's kills on one suit may
    be forced) and score it for the reader (Ravens returning to human form are left out)."""
    n, me = table.n, table.me
    health, vp, raven = list(table.health), list(table.vp), list(table.raven)
    magick = [0.0] * n
    played, skulk = [], []
    for s in range(n):
        h = hands[s]
        kills = kill_plan(h, order, forced if s == me else None)
        played.append([h[x] - kills[x] for x in range(5)])
        skulk.append(h[RV] - sum(kills))
    for suit in order:
        counts = [played[s][suit] for s in range(n)]
        if _suit(table, suit, counts, played, health, vp, raven, magick):
            return _score(table, health, vp, raven, magick)
    top, k = _strength(skulk)
    if top:
        for s in range(n):
            if skulk[s] == top:
                magick[s] += k
    return _score(table, health, vp, raven, magick)


def _strength(counts: list[int]) -> tuple[int, int]:
    top = max(counts)
    if top <= 0:
        return 0, 0
    second = max((c for c in counts if c < top), default=0)
    return top, top - second


def _hit(t: int, k: int, src: int, health: list[int], vp: list[int], raven: list[bool]) -> None:
    if raven[t] or k <= 0:
        return
    health[t] -= k
    if health[t] <= 0:
        health[t], raven[t] = 0, True
        vp[src] += 1


def _suit(table: Table, suit: int, counts: list[int], played, health, vp, raven, magick) -> bool:
    """Resolve one suit; True when someone has won."""
    top, k = _strength(counts)
    if not top:
        return False
    n = table.n
    second = top - k
    contested = sum(1 for c in counts if c > 0) > 1
    for s in table.prio:
        if counts[s] != top:
            continue
        if raven[s]:
            if suit == R:
                magick[s] += k
            else:  # peck the next count below, or every human when uncontested
                for o in range(n):
                    if o != s and (counts[o] == second and second > 0 if contested else True):
                        _hit(o, 1, s, health, vp, raven)
        elif suit == A:
            if k >= 4:
                for o in range(n):
                    if o != s:
                        _hit(o, 1, s, health, vp, raven)
                vp[s] += 2
            else:
                t = _target(table, health, vp, raven, s, k)
                if t >= 0:
                    _hit(t, max(0, k - table.shield[t]), s, health, vp, raven)
            if _won(vp, raven):
                return True
        elif suit == H:
            if health[s] == MAX_HEALTH and k >= 3:
                vp[s] += 1
            health[s] = min(MAX_HEALTH, health[s] + k)
        elif suit == R:
            magick[s] += k
        else:
            vp[s] += k
    if suit == R:
        for s in range(n):
            if played[s][R] >= 5 and not raven[s]:
                health[s] = min(MAX_HEALTH, health[s] + 2)
                vp[s] += 1
    return _won(vp, raven)


def _won(vp: list[int], raven: list[bool]) -> bool:
    humans = [s for s in range(len(vp)) if not raven[s]]
    return len(humans) <= 1 or any(vp[s] >= WIN for s in humans)


def _value(health: int, vp: int, raven: bool, magick: float) -> float:
    if raven:
        return RAVEN_VP_W * vp - RAVEN_PENALTY + MAGICK_W * magick
    return vp + HEALTH_W[max(0, min(MAX_HEALTH, health))] + MAGICK_W * magick


def _score(table: Table, health, vp, raven, magick) -> float:
    """The reader's outlook: a win or loss decided now counts in full; otherwise its worth against the
    best rival's (the one it must outrun to 6 VP)."""
    n, me = table.n, table.me
    humans = [s for s in range(n) if not raven[s]]
    rich = [s for s in humans if vp[s] >= WIN]
    if len(humans) <= 1 or rich:
        if len(humans) == 1:
            winners = humans
        elif rich:
            best = max((vp[s], health[s]) for s in rich)
            winners = [s for s in rich if (vp[s], health[s]) == best]
        else:
            winners = []
        if len(winners) == 1:
            return WIN_SCORE if winners[0] == me else -WIN_SCORE
    vals = [_value(health[s], vp[s], raven[s], table.magick[s] + magick[s]) for s in range(n)]
    rivals = [vals[s] for s in range(n) if s != me]
    return vals[me] - RIVAL_MAX * max(rivals) - (1 - RIVAL_MAX) * sum(rivals) / len(rivals)


# ---- sampling the hidden cards -----------------------------------------------------------------------------

def pool_counts(view: dict) -> list[int]:
    """Main cards the reader cannot place: the deck minus its own hand and picks, what it has committed,
    and every card shown in front of a player (played, killed, discarded; Ravens used = cards killed)."""
    pool = [PER_SUIT] * 5
    for c in view["hand"]:
        if C.deck_of(c) == "main":
            pool[SUIT_INDEX[C.SUIT_OF[c]]] -= 1
    for ids in view.get("committed", {}).values():
        for c in ids:
            if C.deck_of(c) == "main":
                pool[SUIT_INDEX[C.SUIT_OF[c]]] -= 1
    for p in view["players"]:
        for suit, (played, killed, discarded) in p["front"].items():
            pool[SUIT_INDEX[suit]] -= played + killed + discarded
            pool[RV] -= killed
        pool[RV] -= p.get("skulk", 0)
    return [max(0, x) for x in pool]


def deal_hidden(pool: list[int], sizes: list[int], allowed: list[set[int]], rng: random.Random,
                me: int) -> list[list[int]]:
    """Sample the other hands (counts) from the pool: seat s gets sizes[s] cards of its allowed suits."""
    cards = [s for s in range(5) for _ in range(pool[s])]
    rng.shuffle(cards)
    hands = []
    for s, size in enumerate(sizes):
        h = [0] * 5
        if s != me:
            ok = allowed[s]
            i = 0
            while size > 0 and i < len(cards):
                if cards[i] in ok:
                    h[cards[i]] += 1
                    cards.pop(i)
                    size -= 1
                else:
                    i += 1
        hands.append(h)
    return hands


# ---- decisions ------------------------------------------------------------------------------------------

def commit_values(view: dict, kills: list[int], samples: int, rng: random.Random) -> list[float]:
    """Average outlook of each kill count for the suit being called, over sampled remaining hands of the
    other seats (only suits not yet called, plus Ravens), the rest of the hand played by the rule of thumb."""
    table = Table(view)
    n, me = table.n, table.me
    suit = SUIT_INDEX[view["prompt"]["suit"]]
    pool = pool_counts(view)
    called = {SUIT_INDEX[t] for t in table.tokens[:table.resolved] if t != "?"}
    allowed = {x for x in range(5) if x not in called}
    mine = [0] * 5
    for c in view["hand"]:
        mine[SUIT_INDEX[C.SUIT_OF[c]]] += 1
    sizes = []
    for p in view["players"]:
        used = sum(pl + 2 * ki + di for pl, ki, di in p["front"].values())
        sizes.append(max(0, C.HAND_SIZE - used))
    totals = [0.0] * len(kills)
    rest_known = [SUIT_INDEX[t] for t in table.tokens[table.resolved + 1:] if t != "?"]
    for _ in range(samples):
        hands = deal_hidden(pool, sizes, [allowed] * n, rng, me)
        hands[me] = mine
        rest = [x for x in (A, H, R, V) if x not in called and x != suit and x not in rest_known]
        rng.shuffle(rest)
        order = [suit] + rest_known + rest
        for i, k in enumerate(kills):
            totals[i] += resolve(table, hands, order, forced=(suit, k))
    return [t / samples for t in totals]
