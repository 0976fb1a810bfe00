"""Light and Shadow Magick: when a card may be played (timing windows in priority order, and "play at any
time" reactions), whom it may target, and its effects, all driven by the card data (cards.SPEC)."""
from __future__ import annotations

from engine.nevermore import cards as C
from engine.nevermore.effects import apply_effects
from engine.nevermore.state import task, waits

SUIT_TIMINGS = ("before_suit", "after_suit")


# ---- when a card may be played --------------------------------------------------------------------

def _trigger_fits(st, seat: str, sp: dict, ctx: dict) -> bool:
    kind, trig = ctx["k"], sp.get("trigger")
    if kind == "damage":
        if ctx["tgt"] != seat:
            return trig == "damage_to_other"
        if trig == "damage_to_you":
            return True
        return trig == "lethal_to_you" and ctx["n"] - st.shield.get(seat, 0) >= st.health[seat]
    if kind == "vp":
        return trig == "vp_to_other" and ctx["tgt"] != seat
    if kind == "magick":
        return trig == "magick_played" and ctx["seat"] != seat and ctx["stage"] == "counter"
    return False


def timing_fits(st, seat: str, sp: dict, ctx: dict) -> bool:
    if ctx["k"] == "window":
        if sp["timing"] != ctx["timing"]:
            return False
        return ctx["timing"] not in SUIT_TIMINGS or sp.get("suit") in ("any", ctx["suit"])
    return sp["timing"] == "any_time" and _trigger_fits(st, seat, sp, ctx)


def target_candidates(st, seat: str, sp: dict) -> list[str]:
    """Seats every targeted effect of the card accepts (in priority order). Hidden hands never narrow
    the list, so choosing a target reveals nothing."""
    cands = st.order()
    for e in sp["effects"]:
        kind, who = e["kind"], e.get("who")
        if kind == "heal" and who == "target":
            ok = [s for s in cands if not st.raven[s] and st.health[s] < C.MAX_HEALTH]
        elif kind in ("damage", "shield") and who == "target":
            ok = [s for s in cands if not st.raven[s] and (s != seat or kind == "shield")]
        elif kind in ("bonus", "discard_suit") and who == "target":
            ok = [s for s in cands if s != seat]
        elif kind == "steal_vp":
            ok = [s for s in cands if s != seat and st.vp[s] > 0]
        elif kind == "swap_random":
            ok = [s for s in cands if s != seat and st.hand[s]]
        else:
            continue
        cands = ok
    return cands


def _effect_useful(st, seat: str, e: dict, ctx: dict) -> bool:
    kind, who = e["kind"], e.get("who")
    human = not st.raven[seat]
    if kind == "heal":
        if who == "self":
            return human and st.health[seat] < C.MAX_HEALTH
        return who == "target" or any(not st.raven[s] and st.health[s] < C.MAX_HEALTH for s in st.seats)
    if kind == "damage" and who == "all_others":
        return any(not st.raven[s] for s in st.seats if s != seat)
    if kind == "vp" or (kind == "shield" and who == "self"):
        return human
    if kind == "draw":
        return bool(getattr(st, e["deck"]) or getattr(st, e["deck"] + "_discard"))
    if kind == "counter":
        # Any Magick card may be answered, a cancelling one too (the rulebook lets Play-at-any-time cards
        # answer "a card"): Counterspell can cancel a Dispel. Each answer uses up a card, so chains end.
        played = C.spec(ctx["card"], ctx["raven"])
        return e["deck"] in ("any", played["deck"])
    if kind == "peek_tokens":
        return st.hand_no > 1 and st.peek.get(seat, st.revealed) < len(st.tokens)
    if kind == "shuffle_tokens":
        return st.hand_no > 1 and len(st.tokens) - st.revealed >= 2
    if kind == "swap_random":
        return bool(st.hand[seat])
    if kind == "unraven":
        return not human
    return True


def playable(st, seat: str, ctx: dict) -> list[str]:
    out = []
    for card in st.magick[seat]:
        sp = C.spec(card, st.raven[seat])
        if not timing_fits(st, seat, sp, ctx):
            continue
        if C.needs_target(sp) and not target_candidates(st, seat, sp):
            continue
        if any(_effect_useful(st, seat, e, ctx) for e in sp["effects"]):
            out.append(card)
    return out


def _play_actions(cards: list[str]) -> list[dict]:
    return [{"type": "play", "card": c} for c in cards] + [{"type": "pass"}]


def react_options(st, t) -> dict:
    """Reaction windows open only for seats holding a card they may legally play right now."""
    out = {}
    for s in st.seats:
        if s not in t["passed"]:
            cards = playable(st, s, t)
            if cards:
                out[s] = _play_actions(cards)
    return out


def react_act(st, t, seat, a):
    if a["type"] == "pass":
        t["passed"].append(seat)
    else:
        start(st, seat, a["card"], trig=len(st.stack) - 1)


def start(st, seat: str, card: str, trig: int | None) -> None:
    st.magick[seat].remove(card)
    st.in_play.append(card)
    raven = st.raven[seat]
    sp = C.spec(card, raven)
    st.emit("play", seat=seat, name=sp["name"], deck=sp["deck"], raven_side=sp["raven_side"])
    st.push({"k": "magick", "seat": seat, "card": card, "raven": raven, "stage": "target", "target": None,
             "passed": [], "trig": trig, "cancel": False})


# ---- timing windows (priority order) ---------------------------------------------------------------

def window_options(st, t):
    seat = t["order"][t["i"]]
    cards = playable(st, seat, t)
    return {seat: _play_actions(cards)} if cards else {}


def window_act(st, t, seat, a):
    if a["type"] == "pass":
        t["i"] += 1
    else:
        start(st, seat, a["card"], trig=None)  # the same seat may play again once it resolves


@task("window", window_options, window_act)
def window(st, t):
    """Before/after a phase or a suit: seats with an applicable card act one by one in priority order."""
    if "order" not in t:
        t["order"], t["i"] = st.order(), 0
    while t["i"] < len(t["order"]):
        if waits(st, t):
            return True
        t["i"] += 1
    return st.done(t)


# ---- one card being played -------------------------------------------------------------------------

def magick_options(st, t):
    if t["stage"] == "target":
        sp = C.spec(t["card"], t["raven"])
        return {t["seat"]: [{"type": "target", "seat": s} for s in target_candidates(st, t["seat"], sp)]}
    return react_options(st, t)


def magick_act(st, t, seat, a):
    if a["type"] == "target":
        t["target"] = a["seat"]
    else:
        react_act(st, t, seat, a)


@task("magick", magick_options, magick_act)
def magick(st, t):
    sp = C.spec(t["card"], t["raven"])
    if t["stage"] == "target":
        if C.needs_target(sp) and t["target"] is None:
            cands = target_candidates(st, t["seat"], sp)
            if len(cands) > 1:
                return True
            if not cands:
                t["cancel"] = True  # its target vanished (e.g. every human is gone): it fizzles
            else:
                t["target"] = cands[0]
        if t["target"] is not None:
            st.emit("target", seat=t["seat"], name=sp["name"], target=t["target"])
        t["stage"] = "counter"
    if not t["cancel"] and react_options(st, t):
        return True  # others may cancel it before it resolves
    st.in_play.remove(t["card"])
    if t["cancel"]:
        st.discard_magick(t["card"])
        st.emit("cancelled", seat=t["seat"], name=sp["name"])
        return st.done(t)
    follow, keep = apply_effects(st, t, sp)
    if not keep:
        st.discard_magick(t["card"])
    return st.done(t, *follow)
