"""The Action Phase: turns in order until every Physical Action token and Ready spell is used; each turn
is one allowed combination (P, P+P, P+S, P+Q, S+Q, S or Q; never two Standard spells), or discarding a
spell to move 1. A physical action and a spell's targets are chosen step by step ("step": true)."""
from __future__ import annotations

from engine.blackrose import board as B
from engine.blackrose import cards as C
from engine.blackrose import rules as R
from engine.blackrose.effects import fx
from engine.blackrose.rooms import activate, can_activate
from engine.blackrose.state import task

NEXT = {(): "pqs", ("p",): "pqs", ("s",): "pq", ("q",): "ps"}


def _exits(st, seat):
    here = st.pos[seat]
    if here == "cell":
        return B.cell_exits(st.cells[seat])
    return B.ADJ[here] if "leave" not in st.inhib[seat] else []  # rules.can_leave


@task("action_phase")
def action_phase(st, t):
    """Turns go round in order; a mage with nothing left is skipped; the phase ends when all are spent."""
    order = st.order
    n = len(order)
    for k in range(n):
        at = (t["i"] + k) % n  # the first seat from t["i"] on, clockwise, that can still act
        s = order[at]
        if _can_start(st, s):
            t["i"] = (at + 1) % n
            for x in st.stats.values():
                x["burst"] = 0
            st.push({"k": "turn", "seat": s, "parts": []})
            return False
    return st.done(t)


def _can_start(st, seat: str) -> bool:
    """Whether the mage has a Physical Action or a Ready spell left and turn_choices(st, seat, ()) is not empty
    (without building it: this runs for every seat each turn)."""
    phys = st.phys[seat]
    ready = False
    for sl in st.slots[seat]:
        if sl["state"] == "ready":
            ready = True
            break
    if not (phys > 0 or ready):
        return False
    if st.pos[seat] == "cell":
        if phys and "move" not in st.inhib[seat]:
            return True
    elif phys or ready:
        return True
    return bool(_discardable(st, seat) and _exits(st, seat))


def _discardable(st, seat: str) -> list[int]:
    return [i for i, sl in enumerate(st.slots[seat]) if sl["state"] in ("ready", "armed")]


# A revealed spell with at most this many targets is cast and aimed in one choice (fewer clicks); with more,
# the target is a step of its own (a long list of rooms reads better alone).
AIM_WITH_CAST = 8


def _new_phys(st, seat: str) -> dict:
    return {"k": "phys", "seat": seat, "mode": "token", "left": C.MAGES[st.mage[seat]]["move"], "moved": 0,
            "attacked": False, "activated": False}


def _phys_firsts(st, seat: str, exits: list[str]) -> list[dict]:
    """A Physical Action begins with what it does first (move to a room next door, attack a model here,
    activate this room), chosen together with using the token; {"type": "phys"} spends it staying put.
    The same list as phys_options for a fresh action, built directly (this runs at every turn)."""
    if C.MAGES[st.mage[seat]]["move"] < 2 or "move_attack" in st.buffs[seat]:  # a last step, or move and attack
        out = []
        for a in phys_options(st, _new_phys(st, seat))[seat]:
            a = {k: v for k, v in a.items() if k != "step"}
            out.append({"type": "phys"} if a["type"] == "done" else a)
        return out
    here = st.pos[seat]
    out = []
    if "move" not in st.inhib[seat]:
        for r in exits:
            out.append({"type": "step", "to": r})
    if here == "cell":
        return out or [{"type": "phys"}]
    if can_activate(st, seat, here):
        for m in _rivals_in(st, seat, here):
            out.append({"type": "attack", "target": m})
            out.append({"type": "attack", "target": m, "then": "activate"})
        out.append({"type": "activate", "room": here})
    else:
        for m in _rivals_in(st, seat, here):
            out.append({"type": "attack", "target": m})
    out.append({"type": "phys"})
    return out


def _rivals_in(st, seat: str, room: str) -> list[str]:
    """The models in `room` that are not `seat`'s (st.models_in without its own mage and Evocations)."""
    pos = st.pos
    out = []
    for s in st.order:  # plain loops: on Python 3.11 a comprehension costs a call, and this runs every turn
        if s != seat and pos[s] == room:
            out.append(s)
    for e in st.evos:
        if e["at"] == room and e["owner"] != seat:
            out.append(e["id"])
    return out


def _cast_firsts(st, seat: str, i: int) -> list[dict]:
    """Casting a ready spell, aimed (and its "choose one" made) at the same time when it is revealed and that
    makes few choices; otherwise those are further steps."""
    sl = st.slots[seat][i]
    side = C.side_of(sl["card"], sl["side"])
    if side["type"] in FACE_DOWN:
        return [{"type": "cast", "slot": i}]  # arming is its own step, the same for every such spell
    spec = _aim_spec(side)
    aims = _aims(st, seat, side, None, spec)
    modes = spec[4]
    if aims is not None:
        key, values = aims
        if not values:
            return [{"type": "cast", "slot": i}]  # no legal target: it is wasted
        if len(values) * (len(modes) or 1) <= AIM_WITH_CAST:
            if modes:
                return [{"type": "cast", "slot": i, key: v, "mode": m} for v in values for m in modes]
            return [{"type": "cast", "slot": i, key: v} for v in values]
        # else aimed in a step of its own
    if modes:
        return [{"type": "cast", "slot": i, "mode": m} for m in modes]
    return [{"type": "cast", "slot": i}]


def turn_choices(st, seat: str, parts: tuple) -> list[dict]:
    """What the mage may do next in this turn: a Physical Action by what it does first, a spell (aimed at
    once when that is short), or discarding a spell to move (which spell and where are further steps, see
    dmove). Which options exist follows from public facts (Physical Actions left, which slots are spent,
    where the mage stands), so a lone one is taken without asking."""
    allowed = NEXT.get(tuple(parts), "")
    std = quick = None
    spare = False  # a ready or armed spell to discard
    for i, sl in enumerate(st.slots[seat]):
        state = sl["state"]
        if state == "ready":
            spare = True
            if sl["slot"] == "q":
                quick = i if quick is None else quick
            elif std is None:
                std = i
        elif state == "armed":
            spare = True
    exits = _exits(st, seat)
    dmove = [{"type": "discard_to_move"}] if spare and exits else []
    acts: list[dict] = []
    if st.pos[seat] == "cell":
        # Leaving the Cell is the only thing a mage in it may do: a move, or discarding a spell to move 1.
        if parts:
            return []
        if st.phys[seat] and "move" not in st.inhib[seat]:
            acts += _phys_firsts(st, seat, exits)
        return acts + dmove
    if "p" in allowed and st.phys[seat]:
        acts += _phys_firsts(st, seat, exits)
    if "s" in allowed and std is not None:
        acts += _cast_firsts(st, seat, std)
    if "q" in allowed and quick is not None:
        acts += _cast_firsts(st, seat, quick)
    if not parts:
        acts += dmove
    elif acts:
        acts.append({"type": "end"})
    return acts


def turn_options(st, t):
    return {t["seat"]: turn_choices(st, t["seat"], tuple(t["parts"]))}


def _aim_of(a: dict) -> dict:
    """What an action aims at: {"room": ..}, {"model": ..} or {} (both keys, in the action's order)."""
    if "model" not in a:
        return {"room": a["room"]} if "room" in a else {}
    if "room" not in a:
        return {"model": a["model"]}
    return {k: v for k, v in a.items() if k in ("room", "model")}


def turn_act(st, t, seat, a):
    kind = a["type"]
    if kind == "end":
        t["ended"] = True
    elif kind in ("phys", "step", "attack", "activate"):
        st.phys[seat] -= 1
        t["parts"].append("p")
        st.emit("physical", seat=seat)
        job = _new_phys(st, seat)
        st.push(job)
        phys_act(st, job, seat, {"type": "done"} if kind == "phys" else a)
    elif kind == "cast":
        sl = st.slots[seat][a["slot"]]
        t["parts"].append("q" if sl["slot"] == "q" else "s")
        job = cast_task(st, seat, a["slot"])
        aim = _aim_of(a)
        if aim or "mode" in a and not spell_aims(st, seat, C.side_of(sl["card"], sl["side"])):
            job["choice"] = aim  # aimed as cast (or nothing to aim at)
        if "mode" in a:
            job["mode"] = a["mode"]
        st.push(job)
    else:
        t["ended"] = True  # discarding a spell to move is a whole turn: which spell, then where
        st.push({"k": "dmove", "seat": seat})


@task("turn", turn_options, turn_act)
def turn(st, t):
    if st.settle():  # an Action of this turn has just ended: the Moon it reached changes now
        return False
    parts = t["parts"]
    if len(parts) >= 2 or t.get("cut") or t.get("ended") or st.over:
        return st.done(t)
    opts = turn_choices(st, t["seat"], tuple(parts))
    if not opts:
        return st.done(t)
    if len(opts) == 1:
        turn_act(st, t, t["seat"], opts[0])  # the only thing the table can see they may do
        return False
    st._pending, st._pending_top = {t["seat"]: opts}, t
    return True


# ---- discarding a spell to move 1 (rulebook, 4. Action Phase, G and H) --------------------------------------

def dmove_options(st, t):
    s = t["seat"]
    if "slot" not in t:
        return {s: [{"type": "discard_spell", "slot": i, "step": True} for i in _discardable(st, s)]}
    return {s: [{"type": "discard_move", "slot": t["slot"], "to": r, "step": True} for r in _exits(st, s)]}


def dmove_act(st, t, seat, a):
    t["slot"] = a["slot"]
    if "to" not in a:
        return
    sl = st.slots[seat][a["slot"]]
    if sl["state"] == "armed":
        st.armed = [x for x in st.armed if x["card"] != sl["card"]]
    sl["state"] = "lost"
    st.memories[seat].append(sl["card"])
    st.emit("discard_move", seat=seat, slot=sl["slot"], room=a["to"])  # "to" would address the event
    t["moved"] = True
    R.enter(st, seat, a["to"])


@task("dmove", dmove_options, dmove_act)
def dmove(st, t):
    """First which spell, then where (both public: which slots are unspent, the rooms next door); a lone
    option is taken without asking."""
    if t.get("moved") or t.get("cut") or st.over:
        return st.done(t)
    opts = dmove_options(st, t)
    if len(opts[t["seat"]]) == 1:
        dmove_act(st, t, t["seat"], opts[t["seat"]][0])
        return False
    st._pending, st._pending_top = opts, t  # what pending() would work out again (as Flow.waits)
    return True


# ---- a physical action -----------------------------------------------------------------------------------

def _ends_after(st, t, kind: str) -> bool:
    """Whether this step or attack leaves the action nothing to decide but activating the room or not: then
    both are offered with it ("then": "activate"), saving a click (a Physical Action token without the buff
    that lets a mage move and attack)."""
    if t["mode"] != "token" or t["activated"] or "move_attack" in st.buffs[t["seat"]]:
        return False
    return kind == "attack" or t["left"] == 1


def phys_options(st, t):
    s = t["seat"]
    acts = []
    here = st.pos[s]
    can_move = not t["attacked"] or "move_attack" in st.buffs[s]
    if t["left"] > 0 and can_move and not (t["mode"] == "token" and "move" in st.inhib[s]):
        last = _ends_after(st, t, "step")
        for r in _exits(st, s):
            acts.append({"type": "step", "to": r, "step": True})
            if last and can_activate(st, s, r):
                acts.append({"type": "step", "to": r, "then": "activate", "step": True})
    can_here = here != "cell" and can_activate(st, s, here)
    if here != "cell" and not t["attacked"] and (t["moved"] == 0 or "move_attack" in st.buffs[s] or t["mode"] == "spell"):
        then = can_here and _ends_after(st, t, "attack")
        avoid = t.get("avoid")
        for m in _rivals_in(st, s, here):
            if m != avoid:
                acts.append({"type": "attack", "target": m, "step": True})
                if then:
                    acts.append({"type": "attack", "target": m, "then": "activate", "step": True})
    if can_here and not t["activated"]:
        acts.append({"type": "activate", "room": here, "step": True})
    if here != "cell" or not acts:
        acts.append({"type": "done", "step": True})
    return {s: acts}


def phys_act(st, t, seat, a):
    kind = a["type"]
    mark, where = len(st._ev), st.pos[seat]
    decided = kind in ("step", "attack") and _ends_after(st, t, kind) or a.get("then")
    if kind == "step":
        t["moved"] += 1
        t["left"] -= 1
        where = a["to"]
        R.enter(st, seat, a["to"])
    elif kind == "attack":
        t["attacked"] = True
        physical_attack(st, seat, a["target"])
        if t["mode"] == "spell":
            st.last["attacked"] = a["target"]
    elif kind == "activate":
        t["activated"] = True
        if t["moved"] or t["attacked"]:
            t["left"] = 0  # activating after moving ends the move
        job = activate(st, seat, st.pos[seat])
        if job:
            st.push(job)
    else:
        t["over"] = True
    if decided:
        # Decided with the step: activate or stop, unless something the mage could not see coming (a Trap,
        # a Protection) happened meanwhile: then they are asked as usual.
        if st.pos[seat] == where and st.stack[-1] is t and not surprised(st._ev, mark):
            t["then"] = a.get("then", "stop")


def surprised(events: list[dict], mark: int, kinds: tuple[str, ...] = ("trigger", "cell")) -> bool:
    """Whether a Trap or Protection fired (or a mage was sent to a Cell) since event number `mark`."""
    for i in range(mark, len(events)):
        if events[i]["type"] in kinds:
            return True
    return False


@task("phys", phys_options, phys_act)
def phys(st, t):
    if t.get("cut") or st.over:
        return st.done(t)
    plan = t.pop("then", None)
    if plan == "activate" and can_activate(st, t["seat"], st.pos[t["seat"]]):
        phys_act(st, t, t["seat"], {"type": "activate"})
        t["over"] = True
        return False
    opts = None if plan or t.get("over") else phys_options(st, t)[t["seat"]]
    if opts is None or len(opts) == 1 and opts[0]["type"] == "done":
        st.done(t)  # nothing left to do in this action but to end it
        if t["mode"] == "token":
            R.trap_on(st, t["seat"], "physical")
        return False
    st._pending, st._pending_top = {t["seat"]: opts}, t  # what pending() would work out again
    return True


def physical_attack(st, seat: str, target: str) -> None:
    buffs = st.buffs[seat]
    n = C.MAGES[st.mage[seat]]["attack"] + sum(st.event_mods("attack_plus"))
    if "heavy" in buffs:
        n = 3
    if "abomination" in buffs:
        n = max(n, 3)
    here = st.pos[seat]
    if "flames_plus" in buffs and R.remove_inst(st, here, 1):
        n += 1
    st.emit("attack", seat=seat, target=target, n=n)
    victims = [m for m in st.models_in(here) if st.owner(m) != seat] if "sweep" in buffs else [target]
    if "flames_inst" in buffs:
        R.add_inst(st, seat, here, 2)
        return
    for m in victims:
        R.hurt(st, seat, m, n, {"src_model": seat})
    if "poison" in buffs:
        R.add_inst(st, seat, here, 1)


# ---- casting a ready spell ----------------------------------------------------------------------------

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
        if ask:  # standing order "ask me" (the default fires at the first chance), shown with its kind
            rec["ask"] = "protection" if kind == "protection" else "trap"
        st.armed.append(rec)
        st.emit("armed", seat=seat, slot=sl["slot"], ask=rec.get("ask", False))  # public; the spell is not
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
