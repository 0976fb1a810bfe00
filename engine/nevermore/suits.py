"""Resolving a suit: call it, ready cards face down (Ravens choosing their kills), reveal together,
compute strength, let the players with the most act (or peck); then Skulking Ravens and Ravens returning."""
from __future__ import annotations

from engine.nevermore import cards as C
from engine.nevermore.phases import window
from engine.nevermore.state import task, waits


@task("suit")
def call_suit(st, t):
    suit = st.tokens[t["i"]]
    st.revealed = t["i"] + 1
    st.cur_suit, st.bonus = suit, {}
    st.emit("token", suit=suit, index=t["i"])
    return st.done(t, window("before_suit", suit), {"k": "commit", "suit": suit}, {"k": "resolve", "suit": suit},
                   window("after_suit", suit), {"k": "suit_done", "i": t["i"]})


@task("suit_done")
def suit_done(st, t):
    st.resolved = t["i"] + 1
    st.cur_suit = None
    return st.done(t)


def kill_range(st, seat: str, suit: str) -> tuple[int, int]:
    """How many of this suit's cards the seat's Ravens may kill now so that, by the end of Resolution,
    the Ravens still kill every non-Raven card they can (min(Ravens, non-Raven cards))."""
    hand = [C.SUIT_OF[c] for c in st.hand[seat]]
    c = hand.count(suit)
    r = hand.count("raven")
    later = len(hand) - c - r
    return min(c, max(0, r - later)), min(c, r)


def commit_cards(st, seat: str, suit: str, kill: int) -> None:
    cards = [c for c in st.hand[seat] if C.SUIT_OF[c] == suit]
    ravens = [c for c in st.hand[seat] if C.SUIT_OF[c] == "raven"][:kill]
    killed = cards[len(cards) - kill:] if kill else []
    gone = set(cards) | set(ravens)
    st.hand[seat] = [c for c in st.hand[seat] if c not in gone]
    st.commits[seat] = {"played": cards[:len(cards) - kill], "killed": killed, "ravens": ravens}


def commit_options(st, t):
    return {s: [{"type": "commit", "kill": k} for k in range(lo, hi + 1)]
            for s, (lo, hi) in t["ranges"].items() if s not in st.commits}


def commit_act(st, t, seat, a):
    commit_cards(st, seat, t["suit"], a["kill"])


@task("commit", commit_options, commit_act)
def commit(st, t):
    suit = t["suit"]
    if "ranges" not in t:
        t["ranges"] = {}
        for s in st.seats:
            lo, hi = kill_range(st, s, suit)
            if lo == hi:
                commit_cards(st, s, suit, lo)  # nothing to decide: committed face down at once
            else:
                t["ranges"][s] = [lo, hi]
    if len(st.commits) < len(st.seats):
        return waits(st, t)
    shown = {}
    for s in st.seats:  # revealed together
        for zone, ids in st.commits[s].items():
            st.front[s][zone] += ids
        shown[s] = [len(st.commits[s]["played"]), len(st.commits[s]["killed"])]
    st.commits = {}
    st.emit("reveal", suit=suit, shown=shown)
    return st.done(t)


def suit_counts(st, suit: str) -> dict[str, int]:
    """Living (unkilled, undiscarded) cards of the suit in front of each player, plus Magick bonuses."""
    return {s: max(0, sum(1 for c in st.front[s]["played"] if C.SUIT_OF[c] == suit) + st.bonus.get(s, 0))
            for s in st.seats}


def strength(counts: dict[str, int]) -> tuple[int, int]:
    """(most, most minus the second-highest distinct count); most 0 means nobody acts."""
    levels = sorted({v for v in counts.values() if v > 0}, reverse=True)
    if not levels:
        return 0, 0
    return levels[0], levels[0] - (levels[1] if len(levels) > 1 else 0)


@task("resolve")
def resolve(st, t):
    suit = t["suit"]
    counts = suit_counts(st, suit)
    top, n = strength(counts)
    order = st.order()
    actors = [s for s in order if top and counts[s] == top]
    second = top - n
    contested = sum(1 for v in counts.values() if v > 0) > 1
    peck = [s for s in order if counts[s] == second and second > 0] if contested else list(order)
    st.last = {"suit": suit, "counts": counts, "actors": actors, "n": n}
    r = st.hand_resolution()  # replaced, never changed in place: to_json/load share it without copying
    outcome = {"suit": suit, "counts": dict(counts), "actors": list(actors), "n": n}
    st.resolution = {**r, "suits": [*r["suits"], outcome]}
    st.emit("outcome", suit=suit, counts=counts, actors=actors, n=n)
    follow = []
    for s in actors:
        follow.append({"k": "power", "seat": s, "suit": suit, "n": n, "peck": [p for p in peck if p != s]})
        if suit == "attack":
            follow.append({"k": "check", "src": s})  # each attack lands before the next tied attacker acts
    if suit == "radiance":
        for s in order:
            real = sum(1 for c in st.front[s]["played"] if C.SUIT_OF[c] == "radiance")
            if real >= 5 and not st.raven[s]:
                st.emit("radiant", seat=s)
                follow += [{"k": "heal", "tgt": s, "n": 2}, {"k": "vp", "tgt": s, "n": 1, "why": "radiance5",
                                                               "passed": []}]
    if suit != "attack":
        follow.append({"k": "check", "src": None})  # simultaneous gains are checked together
    return st.done(t, *follow)


def _peck_targets(st, t):
    return [p for p in t["peck"] if not st.raven[p]]


def power_options(st, t):
    s = t["seat"]
    if st.raven[s]:
        return {s: [{"type": "peck"}, {"type": "no_peck"}]}
    targets = [o for o in st.order() if o != s and not st.raven[o]]
    acts = [{"type": "attack", "target": o} for o in targets]
    if t["n"] >= 4 and targets:
        acts.append({"type": "attack_all"})
    return {s: acts}


def power_act(st, t, seat, a):
    kind = a["type"]
    if kind == "attack":
        st.emit("attack", seat=seat, target=a["target"], n=t["n"])
        st.done(t, {"k": "damage", "src": seat, "tgt": a["target"], "n": t["n"], "why": "attack", "passed": []})
    elif kind == "attack_all":
        st.emit("attack_all", seat=seat)
        st.done(t, *({"k": "damage", "src": seat, "tgt": o, "n": 1, "why": "attack", "passed": []}
                     for o in st.order() if o != seat and not st.raven[o]),
                {"k": "vp", "tgt": seat, "n": 2, "why": "attack_all", "passed": []})
    elif kind == "peck":
        targets = _peck_targets(st, t)
        st.emit("peck", seat=seat, targets=targets, suit=t["suit"])
        st.done(t, *({"k": "damage", "src": seat, "tgt": o, "n": 1, "why": "peck", "passed": []} for o in targets),
                {"k": "check", "src": seat})
    else:
        st.emit("no_peck", seat=seat)
        st.done(t)


@task("power", power_options, power_act)
def power(st, t):
    """One player's suit ability (ties act in priority order). Raven status is read when they act."""
    s, suit, n = t["seat"], t["suit"], t["n"]
    if st.raven[s]:
        if suit == "radiance":
            return st.done(t, {"k": "draw", "seat": s, "deck": "light", "n": n})
        if not _peck_targets(st, t):
            return st.done(t)
        return True
    if suit == "attack":
        return waits(st, t) or st.done(t)
    if suit == "healing":
        full = st.health[s] == C.MAX_HEALTH
        follow = [{"k": "heal", "tgt": s, "n": n}]
        if full and n >= 3:
            follow.append({"k": "vp", "tgt": s, "n": 1, "why": "overheal", "passed": []})
        return st.done(t, *follow)
    if suit == "radiance":
        return st.done(t, {"k": "draw", "seat": s, "deck": "light", "n": n})
    return st.done(t, {"k": "vp", "tgt": s, "n": n, "why": "victory", "passed": []})


@task("skulking")
def skulking(st, t):
    for s in st.seats:
        left = [c for c in st.hand[s] if C.SUIT_OF[c] == "raven"]
        st.front[s]["skulk"] += left
        st.hand[s] = [c for c in st.hand[s] if c not in left]
    counts = {s: len(st.front[s]["skulk"]) for s in st.seats}
    top, n = strength(counts)
    actors = [s for s in st.order() if top and counts[s] == top]
    st.emit("skulking", counts=counts, actors=actors, n=n)
    st.resolution = {**st.hand_resolution(), "skulking": {"counts": dict(counts), "actors": list(actors), "n": n}}
    return st.done(t, *({"k": "draw", "seat": s, "deck": "shadow", "n": n} for s in actors))


def collected_enough(suits: list[str]) -> bool:
    return all(x in suits for x in C.SUITS) or any(suits.count(x) >= 5 for x in C.SUITS)


@task("returns")
def returns(st, t):
    back = [s for s in st.order() if st.raven[s] and collected_enough(st.collected[s])]
    for s in back:
        st.raven[s], st.health[s] = False, C.RETURN_HEALTH
        st.emit("human", seat=s, health=C.RETURN_HEALTH)
    return st.done(t, {"k": "check", "src": None}) if back else st.done(t)
