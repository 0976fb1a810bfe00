"""2. Study and 3. Preparation: each mage's hidden choices of spells, declared as tasks on the flow kernel
(their places in a Game Turn: phases.GAME_TURN)."""
from __future__ import annotations

from itertools import chain, combinations

from engine.blackrose import cards as C
from engine.blackrose.orders import ask_options, set_order
from engine.blackrose.state import task, waits


# ---- 2. Study ---------------------------------------------------------------------------------------------

@task("study_all")
def study_all(st, t):
    s = st.next_in_order(t)
    if s is None:
        return st.done(t)
    st.draw_grimoire(s, 2)
    st.push({"k": "study", "seat": s, "look": [], "drawn": 0, "kept": 0, "removed": False})
    return False


def _keep_pairs(look: list[str]) -> list[list[str]]:
    """Every different pair of studied cards to keep (two copies of one spell are the same choice)."""
    out, seen = [], set()
    for (x, a), (y, b) in combinations([(c.split(".", 1)[0], c) for c in look], 2):  # (spell, card) pairs
        names = (x, y) if x <= y else (y, x)
        if names not in seen:
            seen.add(names)
            out.append([a, b] if a <= b else [b, a])
    return sorted(out)


def study_options(st, t):
    """The Study, one decision a click: draw all 4 from one school (or one at a time, mixing schools), then
    keep a pair. "At any point during the Study Phase, a player may remove 1 Spell from their hand"
    (rulebook): "Remove a spell" is offered before and after the keep until one is removed, and a hand over
    its limit may lose its excess by that removal instead of a discard to the Memories; removing while
    drawing is the same as removing at the keep, since the drawn cards are not in hand
    (data/blackrose/rules.md). The
    mage's standing orders may be changed at the first step (orders.ask_options)."""
    s = t["seat"]
    look = t["look"]
    hand = sorted(set(st.hand[s]))
    if t.get("remove") and not t["removed"] and hand:  # they asked to remove one: which?
        return {s: [{"type": "remove", "card": c, "step": True} for c in hand]}
    may_remove = [] if t["removed"] or not hand else [{"type": "remove_spell", "step": True}]
    drawing = t["drawn"] < 4 and t["kept"] < 2
    if (t["drawn"] == 0 or t["kept"] >= 2) and len(st.hand[s]) > st.hand_limit(s):
        # The hand limit applies at once: after the Grimoire draw, and again after keeping 2.
        removes = [] if t["removed"] else [{"type": "remove", "card": c, "step": True} for c in hand]
        return {s: [{"type": "discard", "card": c, "step": True} for c in hand] + removes}
    if drawing:
        rest = 4 - t["drawn"]
        # The first draw: all four from one deck, or "mix schools" to draw them one at a time (always so
        # when no deck holds four).
        whole = rest == 4 and not t.get("mix") and any(len(d) >= 4 for d in st.library.values())
        opts = []
        for x in C.SCHOOLS:
            deck = st.library[x]
            if whole:
                if len(deck) >= 4:
                    opts.append({"type": "study", "school": x, "n": 4})
                continue
            if not deck:
                continue
            opts.append({"type": "study", "school": x, "step": True})
            if rest > 1 and len(deck) >= rest:
                opts.append({"type": "study", "school": x, "n": rest, "step": True})
        if whole:
            opts += [{"type": "study_mix"}, *ask_options(st, s)]
        if opts:
            return {s: opts}  # (removing now or at the keep is the same: the drawn cards are not in hand)
    if look and t["kept"] < 2:
        # Keep a pair and finish, or keep it and then remove a spell from the hand (after the discards to
        # the hand limit, as in the rulebook's example), or remove one first.
        out = []
        for pair in _keep_pairs(look):
            out.append({"type": "study_keep", "cards": pair, "step": True})
            if not t["removed"]:  # (the hand holds the pair then, at least)
                out.append({"type": "study_keep", "cards": pair, "then": "remove", "step": True})
        return {s: out + may_remove}
    return {}


def _studied(st, t, seat) -> None:
    """Every card is drawn: now the mage looks at them all (rulebook, 2. Study Phase: "draws 4 cards [...]
    Each Mage then looks at the cards drawn, chooses 2"). Two or fewer are simply kept."""
    t["drawn"] = 4
    st.emit("looked", to=seat, cards=list(t["look"]))
    if len(t["look"]) <= 2:
        _keep(st, t, seat, list(t["look"]))


def _keep(st, t, seat, cards: list[str]) -> None:
    for c in cards:
        t["look"].remove(c)
    st.take_into_hand(seat, cards)
    for c in t["look"]:
        st.discard_to_school(c)
        st.emit("study_discard", seat=seat, card=c)
    t["look"], t["kept"] = [], 2


def study_act(st, t, seat, a):
    kind = a["type"]
    if kind == "study":
        for _ in range(a.get("n", 1)):
            t["look"].append(st.library[a["school"]].pop())
            t["drawn"] += 1
        st.emit("studied", seat=seat, school=a["school"], n=a.get("n", 1))
        if t["drawn"] >= 4 or not any(st.library.values()):
            _studied(st, t, seat)
    elif kind == "study_mix":
        t["mix"] = True
    elif kind == "ask_me":
        set_order(st, seat, a["about"], True)
    elif kind == "remove_spell":
        t["remove"] = True
    elif kind == "study_keep":
        _keep(st, t, seat, list(a["cards"]))
        if a.get("then") == "remove":
            t["remove"] = True
    elif kind == "discard":
        st.hand[seat].remove(a["card"])
        st.memories[seat].append(a["card"])
        st.emit("discard", seat=seat)  # which spell is private: Memories are face down
    elif kind == "remove":
        t["removed"], t["remove"] = True, False
        st.hand[seat].remove(a["card"])
        if C.spell_of(a["card"]).get("mage"):
            st.aside[seat].append(a["card"])  # a Custom Spell waits for the next Moon
            st.emit("set_aside", seat=seat)
        else:
            st.discard_to_school(a["card"])
            st.emit("removed", seat=seat, card=a["card"])
    else:
        t["removed"] = True


@task("study", study_options, study_act)
def study(st, t):
    return waits(st, t) or st.done(t)


# ---- 3. Preparation (simultaneous, face down) ------------------------------------------------------------

def _ready_table(step: bool, last: bool) -> dict[str, tuple[dict, ...]]:
    """card -> its "ready" actions, one per side it can be readied on (a Room Trap only face down: "s")."""
    out = {}
    for sid, sp in C.SPELLS.items():
        for k in range(1, C.COPIES + 1):
            c = f"{sid}.{k}"
            out[c] = tuple({"type": "ready", "card": c, "side": x, "step": step, **({"last": True} if last else {})}
                           for x in (("s",) if "room_trap" in sp else ("s", "r")))
    return out


# Preparation's options are rebuilt after every act, so they are built once here, per (step, last), and
# copied from these patterns.
_READY = {(step, last): _ready_table(step, last) for step in (False, True) for last in (False, True)}


def _ready_actions(cards: list[str], step: bool, last: bool) -> list[dict]:
    # Fresh dicts every time (callers, the host and tests, may keep or alter the actions they are given):
    # copies of the patterns, made in C (map and chain), without a Python loop per card.
    return list(map(dict.copy, chain.from_iterable(map(_READY[step, last].__getitem__, cards))))


def prep_seat(st, t, s):
    """One seat's Preparation options (None once confirmed): only the acting seat's change after an action,
    so the kernel works out only theirs again (Flow.task seat_options)."""
    if s in t["ok"]:
        return None
    placed = t["ready"][s]
    acts = []
    if len(placed) < 4:
        # The fourth spell is the last one a mage can ready: readying it also confirms (one click less;
        # every arrangement is still reachable, and "Take back" stays open until then).
        free = set(st.hand[s])
        for c, _ in placed:
            free.discard(c)
        acts = _ready_actions(sorted(free), bool(placed), len(placed) == 3)
    if len(placed) >= min(2, len(st.hand[s])):
        acts.append({"type": "confirm", "step": True} if placed else {"type": "confirm"})
    if placed:
        acts.append({"type": "unready", "step": True})
    return acts


def prep_options(st, t):
    out = {}
    for s in st.seats:
        acts = prep_seat(st, t, s)
        if acts is not None:
            out[s] = acts
    return out


def prep_act(st, t, seat, a):
    if a["type"] == "ready":
        t["ready"][seat].append([a["card"], a["side"]])
    elif a["type"] == "unready":
        t["ready"][seat].pop()
    if a["type"] == "confirm" or a.get("last"):
        t["ok"].append(seat)
        st.emit("prepared", seat=seat, n=len(t["ready"][seat]))


@task("prep", prep_options, prep_act, seat_options=prep_seat)
def prep(st, t):
    if "ready" not in t:
        t["ready"], t["ok"] = {s: [] for s in st.seats}, []
    if len(t["ok"]) < len(st.seats):
        return waits(st, t)
    for s in st.seats:
        slots = []
        for k, (c, side) in enumerate(t["ready"][s]):
            st.hand[s].remove(c)
            slots.append({"slot": "q" if k == 0 else k, "card": c, "side": side, "state": "ready"})
        st.slots[s] = slots
        st.phys[s] = 2
    return st.done(t)
