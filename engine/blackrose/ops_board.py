"""Ops that move models about the Lodge: Evocations (summoning, acting, removing) and movement (the effect
vocabulary, see effects.py)."""
from __future__ import annotations

from engine.blackrose import board as B
from engine.blackrose import cards as C
from engine.blackrose import rules as R
from engine.blackrose.effects import ask_choice, op, targets


# ---- evocations --------------------------------------------------------------------------------------------

def make_room(st, seat, ctx, kind):
    """(wait, go): whether a new Evocation of `kind` can come into play for `seat`. Rulebook, Evocations: "If
    a Mage summons a new Evocation when they already have three in the game, an existing Evocation may be
    replaced by returning it to the reserve, or the new one may be forfeited" (the FAQ: the Mage chooses)."""
    if not R.has_token(st, kind):
        return False, False
    if not R.places_full(st, seat):
        return False, True
    mine = [e["id"] for e in st.evos if e["owner"] == seat]
    wait, v = ask_choice(st, seat, ctx, "replace", mine, allow_none=True)
    if wait:
        return True, v
    if v is None or st.evo(v) is None:
        return False, False
    R.remove_evo(st, st.evo(v), by=None)
    return False, True


def summon_here(st, seat, ctx, kind, label):
    """Summon into `label` once its summoner has made room; returns the task to push while they ask_choice."""
    wait, go = make_room(st, seat, ctx, kind)
    if wait:
        return go
    if go:
        R.summon(st, seat, kind, label)
    return None


@op("summon")
def op_summon(st, seat, o, ctx):
    if o.get("cost") and st.pp[seat] < o["cost"]:
        return None
    wait, go = make_room(st, seat, ctx, o["evo"])
    if wait:
        return go
    if not go:
        return None
    if o.get("cost"):
        st.gain(seat, -o["cost"], "spell")
    where = ctx.get("room") or st.room_of(seat)
    eid = R.summon(st, seat, o["evo"], where)
    if eid and o.get("act") and not ctx.get("auto"):
        return {"k": "evo_turn", "seat": seat, "evo": eid, "left": C.EVOS[o["evo"]]["move"], "moved": 0,
                "delegate": True}
    return None


@op("remove_evo")
def op_remove_evo(st, seat, o, ctx):
    room = ctx.get("room")
    found = [st.evo(m) for m in st.models_in(room or "") if st.evo(m)]
    kind = o["kind"]
    if kind == "undead":
        found = [e for e in found if C.EVOS[e["kind"]]["archetype"] == "undead"]
    elif kind != "any":
        found = [e for e in found if e["kind"] == kind]
    if kind == "any":  # an Abomination counts as an Evocation: removing it turns the mage back
        found += [m for m in st.models_in(room or "") if R.abomination(st, m)]
    if o.get("need") and not found:
        ctx["cancelled"] = True  # the rite needs an Altar to remove: nothing else happens
        return
    gone = found[:o["n"]]
    for e in gone:
        if isinstance(e, str):
            R.turn_back(st, e, by=seat)
        else:
            R.remove_evo(st, e, by=seat)
    if o.get("pp_each"):
        st.gain(seat, min(o.get("max", 99), len(gone) * o["pp_each"]), "spell")


@op("evo_act")
def op_evo_act(st, seat, o, ctx):
    if o.get("target"):
        m = ctx.get("model")
        ev = st.evo(m) if m else None
        if ev is None:
            return None
        return {"k": "evo_turn", "seat": seat, "evo": ev["id"], "left": C.EVOS[ev["kind"]]["move"], "moved": 0,
                "delegate": True, "as": seat}
    mine = [e["id"] for e in st.evos if e["owner"] == seat and (C.EVOS[e["kind"]]["move"] or C.EVOS[e["kind"]]["attack"])]
    wait, eid = ask_choice(st, seat, ctx, "evo", mine)
    if wait:
        return eid
    if eid and st.evo(eid):
        ev = st.evo(eid)
        return {"k": "evo_turn", "seat": seat, "evo": eid, "left": C.EVOS[ev["kind"]]["move"], "moved": 0,
                "delegate": True}


@op("undead_to_target")
def op_undead_to_target(st, seat, o, ctx):
    m = ctx.get("model")
    mine = [e for e in st.evos if e["owner"] == seat and C.EVOS[e["kind"]]["archetype"] == "undead"]
    if not m or not mine or st.room_of(m) is None:
        return
    ev = mine[0]
    R.enter(st, ev["id"], st.room_of(m))
    if st.evo(ev["id"]) and st.room_of(m) == ev["at"]:
        R.hurt(st, seat, m, C.EVOS[ev["kind"]]["attack"], {"src_model": ev["id"]})


@op("upgrade_undead")
def op_upgrade_undead(st, seat, o, ctx):
    mine = [st.evo(m) for m in st.models_in(ctx.get("room") or "") if st.evo(m) and st.evo(m)["owner"] == seat
            and C.EVOS[st.evo(m)["kind"]]["archetype"] == "undead"]
    if mine:
        R.remove_evo(st, mine[0], by=None)
        R.summon(st, seat, "bone_knight", ctx["room"])


@op("undead_bounty")
def op_undead_bounty(st, seat, o, ctx):
    st.mods.setdefault("bounty", {})[seat] = o["max"]


@op("replace_evo")
def op_replace_evo(st, seat, o, ctx):
    m = ctx.get("model") or ""
    ev = st.evo(m)
    if ev is None and not (R.abomination(st, m) and m != seat):
        return
    at = ev["at"] if ev else st.pos[m]
    if ev:
        R.remove_evo(st, ev, by=seat)
    else:
        R.turn_back(st, m, by=seat)
    st.gain(seat, 1, "spell")
    if R.can_leave(st, seat):
        R.enter(st, seat, at)
    if at not in st.activated:
        from engine.blackrose.rooms import activate
        return activate(st, seat, at, remote=False)


# ---- movement -------------------------------------------------------------------------------------------------

@op("move_self")
def op_move_self(st, seat, o, ctx):
    room = ctx.get("room")
    if o.get("colour") and room and st.colour_of(room) != o["colour"]:
        return
    if room and R.can_leave(st, seat) and st.room_of(seat) is not None:
        R.enter(st, seat, room)
        if o.get("activate") and st.pos[seat] == room and room not in st.activated:
            from engine.blackrose.rooms import activate
            return activate(st, seat, room)


@op("move_to_target")
def op_move_to_target(st, seat, o, ctx):
    m = ctx.get("model")
    if m and st.room_of(m) and R.can_leave(st, seat):
        R.enter(st, seat, st.room_of(m))


@op("send_colour")
def op_send_colour(st, seat, o, ctx):
    m = ctx.get("model")
    if m and st.room_of(m) is not None:
        rooms = [r for r in B.ROOM_LABELS if st.colour_of(r) == o["colour"]]
        wait, r = ask_choice(st, seat, ctx, "room", rooms, subject=m)
        if wait:
            return r
        if r:
            R.enter(st, m, r)


@op("swap")
def op_swap(st, seat, o, ctx):
    m = ctx.get("model")
    if not m or st.room_of(m) is None or st.room_of(seat) is None:
        return
    mine, theirs = st.room_of(seat), st.room_of(m)
    R.enter(st, m, mine)
    R.enter(st, seat, theirs)
    if o.get("activate") and st.pos[seat] == theirs and theirs not in st.activated:
        from engine.blackrose.rooms import activate
        return activate(st, seat, theirs)


@op("push")
def op_push(st, seat, o, ctx):
    who = targets(st, seat, o.get("who", "target"), ctx)
    if not who or st.room_of(who[0]) is None or not R.can_leave(st, who[0]):
        return None
    m = who[0]
    steps = o.get("steps", 1)
    done = ctx.setdefault("pushed", 0)
    if done >= steps:
        ctx.pop("pushed")
        return None
    here = st.room_of(m)
    wait, r = ask_choice(st, seat, ctx, "dest", B.ADJ[here], allow_none=steps > 1, again=True,
                     subject=m)  # the question names whom the push moves
    if wait:
        return r
    if r is None:
        ctx.pop("pushed")
        return None
    companion = None
    if o.get("companion"):
        companion = next((x for x in st.models_in(here) if x != m), None)
    bump = [x for x in st.models_in(r)] if o.get("bump") else []
    R.enter(st, m, r)
    if companion and st.room_of(companion) == here:
        R.enter(st, companion, r)
    if bump and st.room_of(m) == r:
        R.hurt(st, seat, m, o["bump"])
        R.hurt(st, seat, bump[0], o["bump"])
    ctx["pushed"] = done + 1
    if ctx["pushed"] >= steps:
        ctx.pop("pushed")
        return None
    return op_push(st, seat, o, ctx)


@op("pull_adjacent")
def op_pull_adjacent(st, seat, o, ctx):
    room = ctx.get("room")
    for r in B.ADJ.get(room, []):
        for m in st.models_in(r):
            if R.can_leave(st, m):
                R.enter(st, m, room)


@op("scatter")
def op_scatter(st, seat, o, ctx):
    """Whispering Wind (reverse): every model in the target room goes into an adjacent room, "each may go to
    a different one": the caster chooses where, model by model (issue 21: the caster's choice)."""
    room = ctx.get("room")
    if not room:
        return None
    todo = ctx.setdefault("scatter", [m for m in st.models_in(room) if R.can_leave(st, m)])
    while todo:
        m = todo[0]
        if st.room_of(m) != room:
            todo.pop(0)  # a Trap sprung by an earlier model already moved it
            continue
        wait, r = ask_choice(st, seat, ctx, "dest", list(B.ADJ[room]), again=True, subject=m)
        if wait:
            return r
        todo.pop(0)
        R.enter(st, m, r)
    ctx.pop("scatter")
    return None


@op("move_attack")
def op_move_attack(st, seat, o, ctx):
    if st.in_cell(seat):
        return None
    return {"k": "phys", "seat": seat, "mode": "spell", "left": o.get("moves", 1), "moved": 0,
            "attacked": False, "activated": True, "delegate": True,
            "avoid": st.last.get("attacked") if o.get("different") else None}


@op("buff")
def op_buff(st, seat, o, ctx):
    st.buffs[seat].append(o["key"])
