"""Casting a Ready spell (engine/blackrose/action.py's turns start it): revealing it or arming it face
down, where it may be aimed (a spell's targets, chosen with the cast or in a step of their own), resolving
its effects, the Protections a target may answer with, and what casting leaves behind."""
from __future__ import annotations

from engine.blackrose import board as B
from engine.blackrose import cards as C
from engine.blackrose import rules as R
from engine.blackrose.effects import fx
from engine.blackrose.state import task


def _aim_of(a: dict) -> dict:
    """What an action aims at: {"room": ..}, {"model": ..} or {} (both keys, in the action's order)."""
    if "model" not in a:
        return {"room": a["room"]} if "room" in a else {}
    if "room" not in a:
        return {"model": a["model"]}
    return {k: v for k, v in a.items() if k in ("room", "model")}


def cast_task(st, seat: str, i: int, free: bool = False) -> dict:
    return {"k": "cast", "seat": seat, "i": i, "free": free}


_AIM_SPECS: dict[int, tuple] = {}


def _aim_spec(side: dict) -> tuple:
    """(side, what it is aimed at, range, the one room colour allowed, modes), memoised per side definition
    (every turn works out which spells can be aimed where). What it is aimed at: "seats" (a single-target
    Trap: any other mage), None (no target), "area" (a room in range), else a model in range."""
    hit = _AIM_SPECS.get(id(side))
    if hit is None or hit[0] is not side:  # the side is kept with its entry, so its id cannot be reused
        what = side["target"]
        if side["type"] == "trap" and what == "single":
            what = "seats"
        elif what in ("self", "special", "room"):
            what = None
        modes = tuple(side.get("modes") or ())
        hit = _AIM_SPECS[id(side)] = (side, what, side.get("range"), C.only_colour(side), modes)
    return hit


def _aims(st, seat: str, side: dict, origin: str | None = None, spec: tuple | None = None) -> tuple[str, list] | None:
    """The legal aims of a revealed side as ("room", labels) or ("model", models), or None when it needs no
    target. `origin` is where the spell is cast from when not the caster's room (an Andromeda)."""
    _, what, reach, colour, _ = spec or _aim_spec(side)
    if what is None:
        return None
    if what == "seats":
        return "model", [s for s in st.order if s != seat]
    here = origin or st.pos[seat]
    if here == "cell":
        return "model", []
    rooms = B.ROOM_LABELS if reach == "any" else B.in_line(here, int(reach))  # rules.in_range
    if colour:  # Shadow Step: only a room of that colour
        rooms = [r for r in rooms if st.colour_of(r) == colour]
    if what == "area":
        return "room", rooms
    occ = st.occupancy()
    return "model", [m for r in rooms for m in occ.get(r, ()) if m != seat]


def spell_aims(st, seat: str, side: dict, origin: str | None = None) -> list[dict] | None:
    """The legal aims of a revealed side ({"room": ..} or {"model": ..}), or None when it needs no target."""
    aims = _aims(st, seat, side, origin)
    return None if aims is None else [{aims[0]: v} for v in aims[1]]


def spell_targets(st, seat: str, side: dict, origin: str | None = None, step: bool = False) -> list[dict] | None:
    """The legal target choices for a revealed side (a step of their own), or None when it needs none."""
    aims = _aims(st, seat, side, origin)
    if aims is None:
        return None
    key, values = aims
    if step:
        return [{"type": "target", key: v, "step": True} for v in values]
    return [{"type": "target", key: v} for v in values]


def _slot(st, t) -> dict:
    """The spell being cast: the caster's own, or (Jester Hat) the victim's next ready spell."""
    return st.slots[t.get("of", t["seat"])][t["i"]]


FACE_DOWN = ("trap", "protection")


def _face_down(side: dict) -> bool:
    return side["type"] in FACE_DOWN


def arm_options(st, seat: str, side: dict) -> list[dict]:
    """Arming a Trap or Protection is one private step, the same for every such spell so that its public
    shape (one wait, nothing shown) never tells which kind was armed: its target mage (a single-target
    Trap), its mask (Illusion), and its standing order: fire at the first chance, or ask me
    (data/blackrose/rules.md)."""
    tgts = [s for s in st.order if s != seat] if side["type"] == "trap" and side["target"] == "single" else [None]
    modes = list(side.get("modes", ())) or [None]
    out = []
    for tgt in tgts:
        for mode in modes:
            for ask in (False, True):
                a = {"type": "arm", "ask": ask, "step": True}
                if tgt is not None:
                    a["tgt"] = tgt
                if mode is not None:
                    a["mode"] = mode
                out.append(a)
    return out


def cast_options(st, t):
    if t.get("tribute") and "cancel" not in t["tribute"]:  # Illusory Tribute (reverse) caught this cast
        return {t["seat"]: [{"type": "tribute", "cancel": False, "step": True},
                            {"type": "tribute", "cancel": True, "step": True}]}
    sl = _slot(st, t)
    side = C.side_of(sl["card"], sl["side"])
    if _face_down(side) and not t.get("of"):
        return {t["seat"]: arm_options(st, t["seat"], side)}
    if "choice" in t:  # a card's "choose one" (Invoke Obscurity, Acid Explosion, ...)
        return {t["seat"]: [{"type": "mode", "mode": m, "step": True} for m in side.get("modes", {})]}
    return {t["seat"]: spell_targets(st, t["seat"], side, t.get("origin"), step=True) or []}


def cast_act(st, t, seat, a):
    if a["type"] == "tribute":
        t["tribute"]["cancel"] = a["cancel"]
    elif a["type"] == "mode":
        t["mode"] = a["mode"]
    elif a["type"] == "arm":
        t["choice"] = {"model": a["tgt"]} if "tgt" in a else {}
        if "mode" in a:
            t["mode"] = a["mode"]
        t["ask"] = a["ask"]
    else:
        t["choice"] = _aim_of(a)


@task("cast", cast_options, cast_act)
def cast(st, t):
    seat = t["seat"]
    sl = _slot(st, t)
    if t.get("cut") or sl["state"] != "ready" or st.over:
        return st.done(t)
    side = C.side_of(sl["card"], sl["side"])
    face_down = side["type"] in FACE_DOWN
    if face_down and t.get("of"):
        sl["state"] = "used"  # ruling: a hijacked Trap or Protection is spent, armed for nobody
        st.emit("fizzle", seat=seat, card=sl["card"])
        return st.done(t)
    if face_down:
        if "choice" not in t:
            return True  # the arming step (always asked: fire or ask me at least)
    elif not t.get("shown"):
        t["shown"] = True
        _reveal(st, seat, sl, side)
    if not face_down and "choice" not in t:
        opts = spell_targets(st, seat, side, t.get("origin"), step=True)
        if opts and len(opts) > 1:
            st._pending, st._pending_top = {seat: opts}, t  # what pending() would work out (cast_options)
            return True
        if opts:  # a lone target: the table can see it is the only one, so nobody is asked
            cast_act(st, t, seat, opts[0])
        else:
            t["choice"] = {}
            if opts is not None:
                st.done(t)
                sl["state"] = "used"
                st.emit("fizzle", seat=seat, card=sl["card"])
                return False
    if side.get("modes") and "mode" not in t:
        return True
    if "tribute" not in t:
        # Traps on casting spring before the spell resolves: Illusory Tribute (reverse) lets the caster
        # cancel it (it still counts as cast); if they go on, its effect comes afterwards.
        a = R.trap_on(st, seat, "cast")
        t["tribute"] = {"owner": a["seat"], "then": a["offer_cancel"]} if a and a.get("offer_cancel") else None
    tribute = t["tribute"]
    if tribute and "cancel" not in tribute:
        return True
    st.done(t)
    if t.get("mode"):
        side = dict(side, ops=side["modes"][t["mode"]], mode=t["mode"])
    if tribute and tribute["cancel"]:
        sl["state"] = "used"
        st.emit("cancelled", seat=seat, card=sl["card"])
        _after_cast(st, seat, side)
        return False
    if tribute:
        st.push(fx(tribute["owner"], tribute["then"], {"victim": seat}))  # runs once the spell is done
    return resolve(st, seat, sl, side, t["choice"], t.get("ask", False))


def _reveal(st, seat, sl, side) -> None:
    """Revealing costs the Instability; Traps and Protections stay face down (they reveal when they fire)."""
    if side["type"] in ("trap", "protection"):
        return
    sl["shown"] = True
    st.emit("cast", seat=seat, card=sl["card"], side=sl["side"], slot=sl["slot"])
    here = st.room_of(seat)
    if here and C.spell_of(sl["card"])["instability"]:
        R.add_inst(st, seat, here, 1)


def resolve(st, seat: str, sl: dict, side: dict, choice: dict, ask: bool = False) -> bool:
    card = sl["card"]
    if side["type"] in FACE_DOWN:
        sl["state"] = "armed"
        kind = "room_trap" if C.is_room_trap(card) else side["type"]
        rec = {"seat": seat, "card": card, "side": sl["side"], "kind": kind, "on": side.get("on")}
        if side.get("mode"):
            rec["mode"] = side["mode"]
        if kind == "room_trap":
            rec["colours"] = sorted(C.spell_of(card)["room_trap"])
        if choice.get("model"):
            rec["tgt"] = choice["model"]
        if ask:  # standing order "ask me" (the default fires at the first chance), shown with its condition
            rec["ask"] = "protection" if kind == "protection" else "trap"
        st.armed.append(rec)
        # Public; the spell is not. "Ask me" shows what it waits for (rules.waits_for, data/blackrose/rules.md).
        st.emit("armed", seat=seat, slot=sl["slot"], ask=rec.get("ask", False),
                **({"waits": R.waits_for(rec)} if ask else {}))
        _after_cast(st, seat, side)
        return False
    sl["state"] = "used"
    ctx = dict(choice, card=card, side=sl["side"])
    if choice or side.get("mode"):
        st.emit("aim", seat=seat, card=card, side=sl["side"], mode=side.get("mode"), **choice)
    for o in side["ops"]:
        if o["op"] == "temporary":
            ctx["temporary"] = o["n"]
    if _protections(st, seat, side, ctx):
        st.emit("cancelled", seat=seat, card=card)
        _after_cast(st, seat, side)
        return False
    st.push(fx(seat, side["ops"], ctx), {"k": "after_cast", "seat": seat, "type": side["type"],
                                         "element": side["element"]})
    return False


def _protections(st, seat: str, side: dict, ctx: dict) -> bool:
    """Protections of the mages a spell targets fire now; True when the whole spell is cancelled."""
    for a in st.armed:  # a plain loop: on Python 3.11 any() over a generator costs a call
        if a["kind"] == "protection" or a.get("ask") == "protection":
            break
    else:
        return False  # no Protection armed and nobody asks about one: nothing fires, no window (reaction)
    if ctx.get("model") in st.pos:
        hit = [ctx["model"]]
        shape = "single"
    elif ctx.get("room"):
        hit = [m for m in st.models_in(ctx["room"]) if m in st.pos]
        shape = "area"
    else:
        return False
    if any(o["op"] == "no_protection" for o in side["ops"]):
        return False
    conds = ("spell", shape) + (("combat",) if side["type"] == "combat" else ())
    for m in hit:
        if m == seat:
            continue
        amount = next((o["n"] for o in side["ops"] if o["op"] == "dmg" and isinstance(o.get("n"), int)), 0)
        p = R.one_reaction(st, {"on": "spell", "victim": m, "by": seat, "n": amount}, [m],
                           {m: R.armed_for(st, m, "protection", conds)})
        if p is None:
            continue
        R.fire(st, p, {"src": seat, "victim": m, "amount": amount})
        if p.get("cancel"):
            return True
        if p.get("redirect"):
            near = [x for r in B.in_line(st.room_of(m), 1) for x in st.models_in(r) if x not in (m, seat)]
            if not near:
                return True
            ctx["model"] = near[0]
        elif p.get("avoided"):
            ctx["avoid"] = m
    return False


def _after_cast(st, seat, side):
    st.push({"k": "after_cast", "seat": seat, "type": side["type"], "element": side["element"]})


@task("after_cast")
def after_cast(st, t):
    """Everything that watches a cast: Events and Quests by element, Arcane Mark, Traps on casting."""
    seat, element = t["seat"], t["element"]
    st.done(t)
    if st.pos.get(seat) is None:
        return False
    bonus = st.event_mods("element_pp")
    if bonus:
        st.gain(seat, sum(1 for e in bonus if element in (e, "any")), "event")
    # Each element the mage's Quests ask for, in the order the Quests are held (a set's order would follow
    # the process's string hash seed, so the same game could complete them in another order on a replay).
    wanted = []  # (plain loops: a generator costs a call on Python 3.11, and this follows every cast)
    for q in st.quests[seat]:
        q_el = C.QUESTS[q]["cond"].get("element")
        if q_el is not None and q_el not in wanted:
            wanted.append(q_el)
    for q_el in wanted:
        if element in (q_el, "any"):
            R.check_quests(st, seat, "cast", element=q_el)
    for mark in st.mods.get("marks", ()):
        if mark[1] == seat and mark[2] == t["type"] and mark[3] > 0:
            mark[3] -= 1
            st.gain(mark[0], 1, "spell")
    if t["type"] == "contingency":
        R.trap_on(st, seat, "contingency", {"pp": 1})
    return False


@task("noop")
def noop(st, t):
    return st.done(t)
