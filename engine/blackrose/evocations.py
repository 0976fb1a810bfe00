"""The Evocation Phase's moves (rulebook, 5. Evocation Phase): each Mage activates any or all of their
Evocations in any order; one moves up to its Movement, then may attack, and the Andromeda may activate the
room it stands in. The phase's schedule is phases.evo_phase; Evocations summoned or hit by spells are
ops_board's."""
from __future__ import annotations

from engine.blackrose import board as B
from engine.blackrose import cards as C
from engine.blackrose import rules as R
from engine.blackrose.action import surprised
from engine.blackrose.orders import set_order
from engine.blackrose.rooms import activate, can_activate
from engine.blackrose.state import task


def _foes(st, ev: dict, who: str, room: str) -> list[str]:
    return [m for m in st.models_in(room) if st.owner(m) != who and m != ev["id"]]


def evo_options(st, t):
    """An Evocation moves up to its Movement, then may attack (rulebook, 5. Evocation Phase). Its last step
    may carry the attack that follows ("target"), one click less; a lone "done" is never asked."""
    ev = st.evo(t["evo"])
    s = t["seat"]
    who = t.get("as", s)
    acts = []
    kind = C.EVOS[ev["kind"]]
    if t["left"] > 0 and not t.get("attacked") and R.can_leave(st, ev["id"]):
        last = t["left"] == 1 and kind["attack"]
        for r in B.ADJ[ev["at"]]:
            acts.append({"type": "step", "to": r, "step": True})
            if last:
                acts += [{"type": "step", "to": r, "target": m, "step": True} for m in _foes(st, ev, who, r)]
    if not t.get("attacked"):
        if kind["attack"]:
            acts += [{"type": "attack", "target": m, "step": True} for m in _foes(st, ev, who, ev["at"])]
        if ev["kind"] == "andromeda" and can_activate(st, s, ev["at"]):
            acts.append({"type": "activate", "room": ev["at"], "step": True})
    acts.append({"type": "done", "step": True})
    return {s: acts}


def _evo_attack(st, t, seat, ev, target) -> None:
    t["attacked"] = True
    who = t.get("as", seat)
    n = C.EVOS[ev["kind"]]["attack"]
    st.emit("attack", seat=ev["id"], target=target, n=n)
    dealt = R.hurt(st, who, target, n, {"src_model": ev["id"]})
    if ev["kind"] == "cerberus" and st.room_of(target) is not None:
        R.convert(st, who, target, 1)
    bounty = st.mods.get("bounty", {})
    if C.EVOS[ev["kind"]]["archetype"] == "undead" and bounty.get(ev["owner"], 0) > 0 and dealt:
        gain = min(dealt, bounty[ev["owner"]])
        bounty[ev["owner"]] -= gain
        st.gain(ev["owner"], gain, "spell")


def evo_act(st, t, seat, a):
    ev = st.evo(t["evo"])
    if a["type"] == "step":
        last = t["left"] == 1
        t["left"] -= 1
        mark = len(st._ev)
        R.enter(st, ev["id"], a["to"])
        if last and C.EVOS[ev["kind"]]["attack"]:
            # Decided with the step: attack that model, or stop; unless a Trap met it on the way (asked then).
            if ev["at"] == a["to"] and st.stack[-1] is t and not surprised(st._ev, mark, ("trigger",)):
                t["then"] = a.get("target", "stop")
    elif a["type"] == "attack":
        _evo_attack(st, t, seat, ev, a["target"])
    elif a["type"] == "activate":
        t["attacked"] = True
        job = activate(st, seat, ev["at"], remote=True)
        if job:
            st.push(job)
    else:
        t["over"] = True


def hunt_move(st, t) -> dict:
    """What a hunting Evocation does next (the "hunt" shortcut): attack the rival model in its room with the
    least health left (mages first); else step towards the nearest rival mage outside a Cell (the nearest
    rival model if none), the first such room clockwise on a tie; else stop. Public facts only."""
    ev = st.evo(t["evo"])
    who = t.get("as", t["seat"])
    if t.get("attacked"):
        return {"type": "done"}
    foes = _foes(st, ev, who, ev["at"])
    if foes:
        return {"type": "attack", "target": min(foes, key=lambda m: (m not in st.pos, _hp_left(st, m)))}
    if t["left"] <= 0 or not R.can_leave(st, ev["id"]):
        return {"type": "done"}
    prey = [s for s in st.order if s != who and st.room_of(s)]
    prey = prey or [m for e in st.evos if st.owner(m := e["id"]) != who and e["at"]]
    if not prey:
        return {"type": "done"}
    here = B.HEX[ev["at"]]
    goal = min(prey, key=lambda m: (B.dist(here, B.HEX[st.room_of(m)]), _hp_left(st, m)))
    to = min(B.ADJ[ev["at"]], key=lambda r: B.dist(B.HEX[r], B.HEX[st.room_of(goal)]))
    if B.dist(B.HEX[to], B.HEX[st.room_of(goal)]) >= B.dist(here, B.HEX[st.room_of(goal)]):
        return {"type": "done"}
    return {"type": "step", "to": to}


def _hp_left(st, m: str) -> int:
    if m in st.pos:
        return st.health(m) - sum(st.dmg[m].values())
    e = st.evo(m)
    return R.ev_health(st, e) - e["dmg"]


@task("evo_turn", evo_options, evo_act)
def evo_turn(st, t):
    if t.get("over") or st.evo(t["evo"]) is None or st.over or t.get("cut") and not t.get("as"):
        return st.done(t)
    if t.get("hunt"):
        evo_act(st, t, t["seat"], hunt_move(st, t))
        return False
    plan = t.pop("then", None)
    if plan:
        ev = st.evo(t["evo"])
        if plan != "stop" and plan in _foes(st, ev, t.get("as", t["seat"]), ev["at"]):
            _evo_attack(st, t, t["seat"], ev, plan)
        return st.done(t)
    opts = evo_options(st, t)[t["seat"]]
    if len(opts) == 1 and opts[0]["type"] == "done":
        return st.done(t)  # nothing left to decide
    st._pending, st._pending_top = {t["seat"]: opts}, t
    return True


def _evo_firsts(st, seat: str, ev: dict) -> list[dict]:
    """An Evocation's activation chosen by what it does first (move to, attack, activate)."""
    t = {"seat": seat, "evo": ev["id"], "left": C.EVOS[ev["kind"]]["move"], "moved": 0}
    out = []
    for a in evo_options(st, t)[seat]:
        if a["type"] != "done":
            out.append({"evo": ev["id"], **{k: v for k, v in a.items() if k not in ("step", "type")},
                        "type": "evoke"})
    return out


def evo_phase_options(st, t):
    """Each Mage may activate any or all of their Evocations, in any order (rulebook, 5. Evocation Phase):
    one of them by what it does first, or "done"."""
    s = t["seat"]
    acts = []
    for e in st.evos:
        if e["owner"] == s and e["id"] not in t["acted"]:
            acts += _evo_firsts(st, s, e)
    if "abomination" in st.buffs[s] and s not in t["acted"] and not st.in_cell(s):
        acts.append({"type": "evoke", "evo": s})  # Disfiguring Mutation: the Abomination acts too
    if _hunters(st, t):
        acts.append({"type": "hunt"})  # a shortcut: every Evocation left hunts (hunt_move), one click
        acts.append({"type": "hunt", "always": True})  # ... and from now on without asking (standing order)
    return {s: acts + [{"type": "done"}]} if acts else {}


def _hunters(st, t) -> list[dict]:
    return [e for e in st.evos if e["owner"] == t["seat"] and e["id"] not in t["acted"]
            and C.EVOS[e["kind"]]["attack"]]


def evo_phase_act(st, t, seat, a):
    if a["type"] == "done":
        t["over"] = True
        return
    if a["type"] == "hunt":
        t["hunt"] = True
        if a.get("always"):
            set_order(st, seat, "evos", False)
        return
    t["acted"].append(a["evo"])
    if a["evo"] == seat:  # the Abomination (the mage itself): move up to 2, then attack for 3
        st.push({"k": "phys", "seat": seat, "mode": "spell", "left": C.EVOS["abomination"]["move"], "moved": 0,
                 "attacked": False, "activated": True})
        return
    ev = st.evo(a["evo"])
    job = {"k": "evo_turn", "seat": seat, "evo": ev["id"], "left": C.EVOS[ev["kind"]]["move"], "moved": 0}
    st.push(job)
    if "to" in a:  # a last step may carry its attack ("target"), as in evo_options
        evo_act(st, job, seat, {"type": "step", "to": a["to"], **({"target": a["target"]} if "target" in a else {})})
    elif "target" in a:
        evo_act(st, job, seat, {"type": "attack", "target": a["target"]})
    elif "room" in a:
        evo_act(st, job, seat, {"type": "activate"})


@task("evo_seat", evo_phase_options, evo_phase_act)
def evo_seat(st, t):
    if st.settle():  # an Evocation's activation is an Action: a Moon it reached changes now
        return False
    if t.get("hunt") and not t.get("over") and not st.over:
        left = _hunters(st, t)
        if left:
            ev = left[0]
            t["acted"].append(ev["id"])
            st.push({"k": "evo_turn", "seat": t["seat"], "evo": ev["id"], "left": C.EVOS[ev["kind"]]["move"],
                     "moved": 0, "hunt": True})
            return False
        # (what cannot hunt, an Andromeda or the Abomination, is then asked as usual)
    opts = None if t.get("over") or st.over else evo_phase_options(st, t)
    if not opts:
        return st.done(t)
    st._pending, st._pending_top = opts, t
    return True
