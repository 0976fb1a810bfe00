"""The Action Phase: turns in order until every Physical Action token and Ready spell is used; each turn
is one allowed combination (P, P+P, P+S, P+Q, S+Q, S or Q; never two Standard spells), or discarding a
spell to move 1. A physical action and a spell's targets are chosen step by step ("step": true). Casting
a spell is casting.py's."""
from __future__ import annotations

from engine.blackrose import board as B
from engine.blackrose import cards as C
from engine.blackrose import rules as R
from engine.blackrose.casting import FACE_DOWN, _aim_of, _aim_spec, _aims, cast_task, spell_aims
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
