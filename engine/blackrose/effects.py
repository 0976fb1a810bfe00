"""The effect vocabulary: every spell side, Quest reward and Event is a list of ops (data/blackrose/), and
this table gives each op its meaning. `ctx` carries what the cast chose: "room" (an area target),
"model" (a single target), "victim" (who sprang a trap), "hit" (models the last damage op reached).

Ops run one after another inside an "fx" task (effects_task below). An op that needs a player's choice
returns a task to push: "pick" asks one seat to choose a value and then the same op runs again with the
answer in ctx; a delegate task (an Evocation acting, a move-and-attack) runs to its end and the list goes
on. Ops fired by Traps and Protections run at once (run_ops) and never ask: where the card gives a choice
there, the ruling in data/blackrose/rules.md says which way it goes."""
from __future__ import annotations

from engine.blackrose import board as B
from engine.blackrose import cards as C
from engine.blackrose import rules as R
from engine.blackrose.state import task, waits

OPS: dict = {}


def op(name):
    def wrap(fn):
        OPS[name] = fn
        return fn
    return wrap


def run_ops(st, seat: str, ops: list[dict], ctx: dict, armed: dict | None) -> None:
    """Resolve ops at once (Traps, Protections, rewards, Events): choices take their ruled default."""
    ctx = dict(ctx, auto=True, armed=armed)
    for o in ops:
        if ctx.get("cancelled"):
            break
        out = OPS[o["op"]](st, seat, o, ctx)
        if isinstance(out, dict):
            st.push(out)  # a delegate (an Evocation acting) runs right after the interruption
    if armed is not None:
        for k in ("prevented", "avoided", "took_card", "took_pp", "cancel", "redirect", "deny", "took_room"):
            if k in ctx:
                armed[k] = ctx[k]


def fx(seat: str, ops: list[dict], ctx: dict) -> dict:
    return {"k": "fx", "seat": seat, "ops": ops, "i": 0, "ctx": ctx}


@task("fx")
def effects_task(st, t):
    ctx = t["ctx"]
    while t["i"] < len(t["ops"]) and not t.get("cut") and not ctx.get("cancelled"):
        o = t["ops"][t["i"]]
        out = OPS[o["op"]](st, t["seat"], o, ctx)
        if isinstance(out, dict):
            if out.get("delegate"):
                t["i"] += 1
                ctx.pop("ans", None)
            out["fx"] = len(st.stack) - 1
            st.push(out)
            return False
        t["i"] += 1
        ctx.pop("ans", None)
    return st.done(t)


def ask(seat: str, key: str, values: list, allow_none: bool = False, prompt: str = "") -> dict:
    return {"k": "pick", "seat": seat, "key": key, "values": values, "none": allow_none, "prompt": prompt}


def pick_options(st, t):
    acts = [{"type": "pick", "value": v} for v in t["values"]]
    if t["none"]:
        acts.append({"type": "pick", "value": None})
    return {t["seat"]: acts}


def pick_act(st, t, seat, a):
    st.stack[t["fx"]]["ctx"].setdefault("ans", {})[t["key"]] = a["value"]
    st.stack.pop()


@task("pick", pick_options, pick_act)
def pick(st, t):
    if t.get("cut") or not (t["values"] or t["none"]):
        st.stack[t["fx"]]["ctx"].setdefault("ans", {})[t["key"]] = None
        return st.done(t)
    return waits(st, t)


def choose(st, seat, ctx, key, values, allow_none=False, prompt="", again=False):
    """(wait, value): the seat's answer for `key`, asking once. Answers last until the op finishes, so an
    op can ask several things and re-run; `again` consumes the answer (a question asked in a loop). In
    automatic resolution the answer is the first value (or none when none is allowed)."""
    ans = ctx.setdefault("ans", {})
    if key in ans:
        return False, (ans.pop(key) if again else ans[key])
    if ctx.get("auto") or not values and not allow_none:
        return False, (None if allow_none or not values else values[0])
    return True, ask(seat, key, values, allow_none, prompt)


# ---- who an op reaches ----------------------------------------------------------------------------------

def targets(st, seat: str, who: str, ctx: dict) -> list[str]:
    room = ctx.get("room")
    mine = st.room_of(seat)
    if who == "target":
        return [ctx["model"]] if ctx.get("model") else []
    if who == "trigger":
        v = ctx.get("victim")
        return [v] if v and st.room_of(v) is not None else []
    if who == "room":
        return st.models_in(room) if room else []
    if who == "trigger_room":
        return st.models_in(st.room_of(ctx["victim"]) or "") if ctx.get("victim") else []
    if who == "trigger_adjacent":
        here = st.room_of(ctx["victim"]) if ctx.get("victim") else None
        return [m for r in B.ADJ.get(here, []) for m in st.models_in(r)] if here else []
    if who == "adjacent":
        return [m for r in B.ADJ[room] for m in st.models_in(r)] if room else []
    if who == "room+adjacent":
        return [m for r in [room, *B.ADJ[room]] for m in st.models_in(r)] if room else []
    if who == "room+adjacent_mages":
        return [m for m in targets(st, seat, "room+adjacent", ctx) if m in st.pos]
    if who == "own_room":
        return st.models_in(mine) if mine else []
    if who == "around_self":
        return [m for r in B.ADJ[mine] for m in st.models_in(r)] if mine else []
    if who == "within2":
        return [m for r in B.within(mine, 2) for m in st.models_in(r)] if mine else []
    if who == "all":
        return [m for r in B.ROOM_LABELS for m in st.models_in(r)]
    if who == "damaged_all":
        return [m for m in targets(st, seat, "all", ctx)
                if (sum(st.dmg[m].values()) if m in st.pos else st.evo(m)["dmg"]) > 0]
    if who == "hit":
        return [m for m in ctx.get("hit", []) if st.room_of(m) is not None]
    if who == "self":
        return [seat]
    if who == "room_mages":
        return [m for m in st.models_in(room) if m in st.pos] if room else []
    if who == "any_mage":
        return [s for s in st.order if s != seat and not st.in_cell(s)][:1]
    return []


def _dmg_ctx(ctx: dict) -> dict:
    return {"no_protection": ctx.get("no_protection"), "src_model": ctx.get("src_model"),
            "temporary": ctx.get("temporary"), "solo": ctx.get("solo")}


# ---- damage --------------------------------------------------------------------------------------------------

@op("dmg")
def op_dmg(st, seat, o, ctx):
    hit = []
    n = o["n"] + (ctx.get("bonus", 0) if o.get("who") in ("room", "target") else 0)
    for m in targets(st, seat, o.get("who", "target"), ctx):
        if st.owner(m) == seat or st.room_of(m) is None:
            continue
        if m in st.pos and ctx.get("avoid") == m:
            continue
        if R.hurt(st, seat, m, n, _dmg_ctx(ctx)) > 0:
            hit.append(m)
    ctx["hit"] = hit


@op("no_protection")
def op_no_protection(st, seat, o, ctx):
    ctx["no_protection"] = True


@op("temporary")
def op_temporary(st, seat, o, ctx):
    pass  # the damage op before it was already flagged temporary by the cast (see cast_ctx)


@op("chain")
def op_chain(st, seat, o, ctx):
    """Destructive Bolt / Sick Withering: each next target within 1 of the last one, never hit twice."""
    chain = ctx.setdefault("chain", [ctx.get("model")])
    k = len(chain) - 1
    if k >= len(o["n"]) or chain[-1] is None:
        return None
    last_room = st.room_of(chain[-1]) or ctx.get("last_room")
    if last_room is None:
        return None
    near = [m for r in B.in_line(last_room, 1) for m in st.models_in(r)
            if m not in chain and st.owner(m) != seat]
    wait, m = choose(st, seat, ctx, "next", near, prompt="Next target of the chain", again=True)
    if wait:
        return m
    if m is None:
        return None
    ctx["last_room"] = st.room_of(m)
    R.hurt(st, seat, m, o["n"][k], _dmg_ctx(ctx))
    chain.append(m)
    return op_chain(st, seat, o, ctx)


@op("second_target")
def op_second_target(st, seat, o, ctx):
    rooms = R.in_range(st, st.room_of(seat), 2)
    near = [m for r in rooms for m in st.models_in(r) if m != ctx.get("model") and st.owner(m) != seat]
    wait, m = choose(st, seat, ctx, "second", near, allow_none=True, prompt="A second target")
    if wait:
        return m
    if m:
        R.hurt(st, seat, m, o["n"], _dmg_ctx(ctx))
        R.add_inst(st, seat, st.room_of(m), o["inst"])


@op("dmg_half")
def op_dmg_half(st, seat, o, ctx):
    m = ctx.get("model")
    if m:
        have = sum(st.dmg[m].values()) if m in st.pos else st.evo(m)["dmg"]
        R.hurt(st, seat, m, have // 2 if have else 2, _dmg_ctx(ctx))


@op("extra_vs_altar")
def op_extra_vs_altar(st, seat, o, ctx):
    for m in ctx.get("hit", []):
        ev = st.evo(m)
        if ev and C.EVOS[ev["kind"]]["archetype"] == "altar":
            R.hurt(st, seat, m, o["n"], _dmg_ctx(ctx))


@op("execute")
def op_execute(st, seat, o, ctx):
    m = ctx.get("model")
    if not m:
        return
    if m in st.pos:
        if sum(st.dmg[m].values()) >= 1:
            R.defeat(st, m, seat, {})
    else:
        ev = st.evo(m)
        if ev["dmg"] >= 1:
            R.remove_evo(st, ev, by=seat)


@op("undead_burst")
def op_undead_burst(st, seat, o, ctx):
    """Putrefy (reverse): remove an Undead, then 4 Damage to a model within 1 of where it stood."""
    if "burst_at" not in ctx:
        undead = [e for e in st.evos if C.EVOS[e["kind"]]["archetype"] == "undead" and e["at"]]
        wait, eid = choose(st, seat, ctx, "undead", [e["id"] for e in undead], prompt="Undead to remove")
        if wait:
            return eid
        if not eid or st.evo(eid) is None:
            return None
        ev = st.evo(eid)
        ctx["burst_at"] = ev["at"]
        R.remove_evo(st, ev, by=seat)
    near = [m for r in B.in_line(ctx["burst_at"], 1) for m in st.models_in(r) if st.owner(m) != seat]
    wait, m = choose(st, seat, ctx, "burst", near, prompt="Who takes 4 Damage")
    if wait:
        return m
    ctx.pop("burst_at")
    if m:
        R.hurt(st, seat, m, o["n"], _dmg_ctx(ctx))


# ---- instability ------------------------------------------------------------------------------------------

@op("inst")
def op_inst(st, seat, o, ctx):
    where = o.get("where", "target_room")
    if where == "target_room":
        R.add_inst(st, seat, ctx.get("room"), o["n"])
    elif where == "own_room":
        R.add_inst(st, seat, st.room_of(seat), o["n"])
    elif where == "target_model_room":
        R.add_inst(st, seat, st.room_of(ctx["model"]) if ctx.get("model") else None, o["n"])
    elif where == "per_hit":
        R.add_inst(st, seat, ctx.get("room"), min(4, len(ctx.get("hit", []))))
    elif where == "room+adjacent":
        for r in [ctx["room"], *B.ADJ[ctx["room"]]]:
            R.add_inst(st, seat, r, o["n"])


@op("convert_inst")
def op_convert_inst(st, seat, o, ctx):
    room = ctx.get("room")
    if room and room not in st.destroyed:
        have = st.inst.get(room, {})
        done = 0
        for k in sorted(have, key=lambda k: (-have[k], k)):
            if k == seat:
                continue
            take = min(o["n"] - done, have[k])
            have[k] -= take
            have[seat] = have.get(seat, 0) + take
            done += take
        st.inst[room] = {k: v for k, v in have.items() if v}


@op("remove_inst")
def op_remove_inst(st, seat, o, ctx):
    n = R.remove_inst(st, ctx["room"], o["n"]) if ctx.get("room") else 0
    st.gain(seat, n * o.get("pp_each", 0), "spell")


@op("inst_amount")
def op_inst_amount(st, seat, o, ctx):
    R.add_inst(st, seat, st.room_of(seat), ctx.get("amount", 0))


@op("inst_per_damage")
def op_inst_per_damage(st, seat, o, ctx):
    m = ctx.get("model")
    if m:
        have = sum(st.dmg[m].values()) if m in st.pos else st.evo(m)["dmg"]
        R.add_inst(st, seat, st.room_of(m), min(o["max"], have // o["per"]))


@op("inst_per_evo")
def op_inst_per_evo(st, seat, o, ctx):
    R.add_inst(st, seat, ctx.get("room"), sum(1 for e in st.evos if e["kind"] == o["kind"]))


@op("per_altar")
def op_per_altar(st, seat, o, ctx):
    n = min(o["max"], sum(1 for e in st.evos if C.EVOS[e["kind"]]["archetype"] == "altar"))
    st.gain(seat, n, "spell")
    R.add_inst(st, seat, ctx.get("room"), n)


@op("if_inst")
def op_if_inst(st, seat, o, ctx):
    room = ctx.get("room")
    if room and sum(st.inst.get(room, {}).values()) >= o["n"]:
        run_ops(st, seat, o["then"], ctx, None)


@op("if_altar")
def op_if_altar(st, seat, o, ctx):
    if any(C.EVOS[st.evo(m)["kind"]]["archetype"] == "altar" for m in st.models_in(ctx.get("room") or "") if st.evo(m)):
        run_ops(st, seat, o["then"], ctx, None)


@op("if_evo")
def op_if_evo(st, seat, o, ctx):
    if any(st.evo(m) and st.evo(m)["kind"] == o["kind"] for m in st.models_in(ctx.get("room") or "")):
        for x in o["then"]:
            out = OPS[x["op"]](st, seat, x, ctx)
            if out is not None:
                return out


@op("become_room")
def op_become_room(st, seat, o, ctx):
    """Rite of Change: the room becomes a copy (colour and effect) of another room until the end of the
    turn and is activated now for you; it counts as that room for Quests."""
    room = ctx.get("room")
    if not room or room in st.destroyed:
        return None
    kinds = sorted(r for r in C.ROOMS if r not in ("black_rose", st.layout[room]))
    wait, rid = choose(st, seat, ctx, "copy", kinds, prompt="Copy which room")
    if wait:
        return rid
    if rid is None:
        return None
    st.mods.setdefault("tint", {})[room] = C.ROOMS[rid]["colour"]
    st.emit("room_copied", room=room, as_room=rid)
    R.check_quests(st, seat, "activate", room=rid, colour=C.ROOMS[rid]["colour"])
    if room not in st.activated:
        st.activated.append(room)
    task = fx(seat, [{"op": "room_" + C.ROOMS[rid]["effect"]}], {"room": room})
    task["delegate"] = True
    return task


@op("if_own_room")
def op_if_own_room(st, seat, o, ctx):
    if ctx.get("room") == st.room_of(seat):
        run_ops(st, seat, o["then"], ctx, None)


@op("crete_destroy")
def op_crete_destroy(st, seat, o, ctx):
    """Infamy of Crete (straight): two rooms next to the chosen one (never the Throne or Black Rose Room)
    fall at once and you take their tokens. Ruling: the first two such rooms clockwise."""
    room = ctx.get("room")
    if not room:
        return
    fallen = [r for r in B.ADJ[room] if r not in st.destroyed and st.layout[r] not in ("throne", "black_rose")][:2]
    for r in fallen:
        st.destroyed.append(r)
        st.inst.pop(r, None)
        st.tokens.setdefault(seat, []).append(st.layout[r])
        st.emit("destroyed", room=r, seat=seat)


# ---- power points ---------------------------------------------------------------------------------------

@op("pp")
def op_pp(st, seat, o, ctx):
    st.gain(seat, o["n"], "spell")


@op("lose_pp")
def op_lose_pp(st, seat, o, ctx):
    for m in targets(st, seat, o.get("who", "target"), ctx):
        if m in st.pos:
            st.gain(m, -min(o["n"], st.pp[m]), "spell")


@op("steal_pp")
def op_steal_pp(st, seat, o, ctx):
    for m in targets(st, seat, o.get("who", "target"), ctx):
        if m in st.pos and m != seat:
            n = min(o["n"], st.pp[m])
            if n:
                st.gain(m, -n, "stolen")
                st.gain(seat, n, "steal")


@op("drain_pp")
def op_drain_pp(st, seat, o, ctx):
    m = ctx.get("model")
    if m in st.pos and st.pp[m] > 0:
        st.gain(m, -min(o["lose"], st.pp[m]), "stolen")
        st.gain(seat, o["gain"], "spell")


@op("drain_adjacent")
def op_drain_adjacent(st, seat, o, ctx):
    room = ctx.get("room")
    hit = [m for r in B.ADJ.get(room, []) for m in st.models_in(r) if m in st.pos and m != seat]
    for m in hit:
        if st.pp[m]:
            st.gain(m, -1, "stolen")
    st.gain(seat, len(hit), "spell")


@op("drain_within2")
def op_drain_within2(st, seat, o, ctx):
    hit = [m for m in targets(st, seat, "within2", ctx) if m in st.pos and m != seat]
    for m in hit:
        st.gain(m, -min(o["lose"], st.pp[m]), "stolen")
    st.gain(seat, min(o["max"], o["gain"] * len(hit)), "spell")


@op("pp_healed")
def op_pp_healed(st, seat, o, ctx):
    st.gain(seat, min(o["max"], ctx.get("healed_models", 0)), "spell")


@op("pp_per_evo")
def op_pp_per_evo(st, seat, o, ctx):
    st.gain(seat, min(o["max"], sum(1 for e in st.evos if e["kind"] == o["kind"])), "spell")


@op("pp_models_colour")
def op_pp_models_colour(st, seat, o, ctx):
    room = ctx.get("room")
    if o.get("tint") and room:
        st.mods.setdefault("tint", {})[room] = o["colour"]
    colour = st.colour_of(room) if o["colour"] == "target" and room else o["colour"]
    n = sum(1 for r in B.ROOM_LABELS if st.colour_of(r) == colour
            for m in st.models_in(r) if st.owner(m) != seat)
    st.gain(seat, min(o["max"], n), "spell")


@op("pp_amount")
def op_pp_amount(st, seat, o, ctx):
    st.gain(seat, min(o["max"], ctx.get("amount", 0)), "protection")


@op("pp_event")
def op_pp_event(st, seat, o, ctx):
    """Imitation (happy) / Magical Theft (reverse): the Quest's PP; the theft takes them from the victim."""
    st.gain(seat, ctx.get("pp", 0), "trap")
    if ctx.get("card", "").startswith("magical_theft"):
        ctx["took_pp"] = True


@op("pp_per_damage")
def op_pp_per_damage(st, seat, o, ctx):
    v = ctx.get("victim")
    if v in st.pos:
        have = sum(st.dmg[v].values())
        if have:
            st.gain(seat, min(o["max"], have // o["per"]), "trap")
        else:
            st.phys[v] = 0


@op("pp_caster_cards")
def op_pp_caster_cards(st, seat, o, ctx):
    src = ctx.get("src")
    if src in st.pos:
        st.gain(seat, min(o["max"], _caster_cards(st, src, o["which"])), "protection")


def _caster_cards(st, src: str, which: str) -> int:
    """Ghost Assassin counts the caster's revealed (cast, armed or spent) or still-ready spells."""
    if which == "ready":
        return sum(1 for sl in st.slots[src] if sl["state"] == "ready")
    return sum(1 for sl in st.slots[src] if sl["state"] != "ready")


@op("dmg_caster_cards")
def op_dmg_caster_cards(st, seat, o, ctx):
    src = ctx.get("src")
    if src in st.pos:
        R.hurt(st, seat, src, min(o["max"], _caster_cards(st, src, o["which"])))


@op("mark_type")
def op_mark_type(st, seat, o, ctx):
    """Arcane Mark (reverse): 1 PP each time the named mage casts (or arms) a spell of the named type."""
    if ctx.get("model") in st.pos:
        st.mods.setdefault("marks", []).append([seat, ctx["model"], o.get("type", "combat"), 3])


# ---- protections and traps ---------------------------------------------------------------------------------

@op("prevent")
def op_prevent(st, seat, o, ctx):
    ctx["prevented"] = min(o["n"], ctx.get("amount", 0)) if ctx.get("amount") is not None else o["n"]
    ctx["avoided"] = True


@op("cancel")
def op_cancel(st, seat, o, ctx):
    ctx["cancel"] = True
    ctx["avoided"] = True


@op("avoid")
def op_avoid(st, seat, o, ctx):
    ctx["avoided"] = True


@op("reflect")
def op_reflect(st, seat, o, ctx):
    n = ctx.get("amount", 0) if o["n"] == "same" else o["n"]
    n = min(n, o.get("max", n))
    target = ctx.get("src_model") or ctx.get("src")
    if target and target != "rose":
        R.hurt(st, seat, target, n, {"solo": o["n"] == "same" and "light_cape" in ctx.get("card", "")})


@op("pass_damage")
def op_pass_damage(st, seat, o, ctx):
    """Light Cape: the Damage goes to another model within 1, in your colour. Ruling: the first one
    (in turn order, then Evocations) in your room or an adjacent one; nobody there: it is ignored."""
    here = st.room_of(seat)
    near = [m for r in B.in_line(here, 1) for m in st.models_in(r) if m != seat and st.owner(m) != seat] if here else []
    if near:
        R.hurt(st, seat, near[0], ctx.get("amount", 0))


@op("echo")
def op_echo(st, seat, o, ctx):
    n = min(o["max"], ctx.get("amount", 0))
    for m in targets(st, seat, "all", ctx):
        if m != seat and st.owner(m) != seat:
            R.hurt(st, seat, m, n)


@op("survive")
def op_survive(st, seat, o, ctx):
    """Echo of Revenge (reverse): heal fully and stay; the mage who dealt you most falls instead."""
    counts = {k: v for k, v in st.dmg[seat].items() if k in st.pos and k != seat}
    st.dmg[seat] = {}
    if counts:
        best = max(counts.values())
        foe = next(s for s in st.order if counts.get(s) == best)
        st.dmg[foe] = {seat: st.health(foe)}
        R.defeat(st, foe, seat, {})


@op("redirect")
def op_redirect(st, seat, o, ctx):
    ctx["redirect"] = True
    ctx["avoided"] = True


@op("move_colour")
def op_move_colour(st, seat, o, ctx):
    rooms = [r for r in B.ROOM_LABELS if st.colour_of(r) == o["colour"]]
    if rooms and st.room_of(seat) is not None and R.can_leave(st, seat):
        R.enter(st, seat, rooms[0])


@op("solo_kill")
def op_solo_kill(st, seat, o, ctx):
    ctx["solo"] = True


@op("mark_leave")
def op_mark_leave(st, seat, o, ctx):
    for m in targets(st, seat, o.get("who", "trigger"), ctx):
        if st.owner(m) != seat:
            st.marks[m] = [o["n"], seat]


@op("steal_quest")
def op_steal_quest(st, seat, o, ctx):
    v = ctx.get("victim")
    if v in st.pos and st.done_quests[v]:
        q = st.done_quests[v].pop()
        st.done_quests[seat].append(q)
        st.emit("quest_stolen", seat=seat, victim=v, quest=q)


@op("steal_completed")
def op_steal_completed(st, seat, o, ctx):
    ctx["took_card"] = True


@op("inhibit")
def op_inhibit(st, seat, o, ctx):
    for m in targets(st, seat, o.get("who", "hit"), ctx):
        if m in st.pos and m != seat and not st.in_cell(m):
            st.inhib[m].append(o["what"])
            st.emit("inhibit", seat=m, what=o["what"])


@op("spend_physical")
def op_spend_physical(st, seat, o, ctx):
    for m in targets(st, seat, o.get("who", "hit"), ctx):
        if m in st.pos and m != seat and st.phys[m]:
            st.phys[m] -= 1 if o.get("who") == "hit" else st.phys[m]
            st.emit("spent", seat=m)


# ---- healing and conversion --------------------------------------------------------------------------------

@op("heal")
def op_heal(st, seat, o, ctx):
    who = o.get("who", "self")
    if who == "room_all":
        models = st.models_in(ctx["room"]) if ctx.get("room") else []
    elif who == "room":
        models = st.models_in(ctx["room"]) if ctx.get("room") else []
    else:
        models = [seat]
    ctx["healed_models"] = sum(1 for m in models if R.heal(st, m, o["n"]) > 0)


@op("convert_dmg")
def op_convert_dmg(st, seat, o, ctx):
    for m in targets(st, seat, o.get("who", "target"), ctx):
        if m not in st.pos:
            continue
        n = R.convert(st, seat, m, o["n"]) if m != seat else _convert_self(st, seat, o["n"])
        missing = o["n"] - n
        if o.get("pp_each"):
            st.gain(seat, n * o["pp_each"], "spell")
        if o.get("dmg_if_none") and n == 0:
            R.hurt(st, seat, m, o["dmg_if_none"])
        if o.get("pp_missing") and missing:
            st.gain(seat, missing * o["pp_missing"], "spell")
        if o.get("lose_missing") and missing and m != seat:
            st.gain(m, -min(st.pp[m], missing * o["lose_missing"]), "spell")


def _convert_self(st, seat, n):
    return R.convert(st, seat, seat, n)


@op("convert_or_dmg")
def op_convert_or_dmg(st, seat, o, ctx):
    for m in targets(st, seat, o["who"], ctx):
        if st.owner(m) == seat:
            continue
        if m not in st.pos or R.convert(st, seat, m, 1) == 0:
            R.hurt(st, seat, m, 1, _dmg_ctx(ctx))


@op("transfer_dmg")
def op_transfer_dmg(st, seat, o, ctx):
    for m in targets(st, seat, o.get("who", "target"), ctx):
        if m in st.pos and m != seat:
            mine = st.dmg[seat].get(seat, 0) + sum(st.dmg[seat].values()) * 0
            n = min(o["n"], sum(st.dmg[seat].values()))
            if n:
                R.heal(st, seat, n)
                st.dmg[m][seat] = st.dmg[m].get(seat, 0) + n
                st.emit("transfer", seat=seat, tgt=m, n=n)
                st.gain(seat, n * o.get("pp_each", 0), "spell")
                if sum(st.dmg[m].values()) >= st.health(m):
                    R.defeat(st, m, seat, {})
            del mine


# ---- evocations --------------------------------------------------------------------------------------------

@op("summon")
def op_summon(st, seat, o, ctx):
    if o.get("cost"):
        if st.pp[seat] < o["cost"]:
            return
        st.gain(seat, -o["cost"], "spell")
    where = ctx.get("room") or st.room_of(seat)
    eid = R.summon(st, seat, o["evo"], where)
    if eid and o.get("act") and not ctx.get("auto"):
        return {"k": "evo_turn", "seat": seat, "evo": eid, "left": C.EVOS[o["evo"]]["move"], "moved": 0,
                "delegate": True}


@op("remove_evo")
def op_remove_evo(st, seat, o, ctx):
    room = ctx.get("room")
    found = [st.evo(m) for m in st.models_in(room or "") if st.evo(m)]
    kind = o["kind"]
    if kind == "undead":
        found = [e for e in found if C.EVOS[e["kind"]]["archetype"] == "undead"]
    elif kind != "any":
        found = [e for e in found if e["kind"] == kind]
    if o.get("need") and not found:
        ctx["cancelled"] = True  # the rite needs an Altar to remove: nothing else happens
        return
    gone = found[:o["n"]]
    for e in gone:
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
    wait, eid = choose(st, seat, ctx, "evo", mine, prompt="Which Evocation acts")
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
    ev = st.evo(ctx.get("model") or "")
    if ev is None:
        return
    at = ev["at"]
    R.remove_evo(st, ev, by=seat)
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
        wait, r = choose(st, seat, ctx, "room", rooms, prompt="Send them to which blue room")
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
    wait, r = choose(st, seat, ctx, "dest", B.ADJ[here], allow_none=steps > 1, prompt="Push them into", again=True)
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
    """Whispering Wind (reverse): every model in the room goes to an adjacent room. Ruling: each to the
    first adjacent room clockwise (so the caster does not have to choose model by model)."""
    room = ctx.get("room")
    if not room:
        return
    for m in st.models_in(room):
        if R.can_leave(st, m) and B.ADJ[room]:
            R.enter(st, m, B.ADJ[room][0])


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


# ---- cards, quests and events -----------------------------------------------------------------------

@op("draw_grimoire")
def op_draw_grimoire(st, seat, o, ctx):
    st.draw_grimoire(seat, o["n"])
    return hand_limit(st, seat, ctx)


def hand_limit(st, seat, ctx):
    """Over the hand limit: a follow-up step discards the excess to the Memories, one pick per card."""
    if len(st.hand[seat]) <= st.hand_limit(seat):
        return None
    return dict(fx(seat, [{"op": "limit"}], {}), delegate=True)


@op("limit")
def op_limit(st, seat, o, ctx):
    if len(st.hand[seat]) <= st.hand_limit(seat):
        return None
    wait, c = choose(st, seat, ctx, "excess", sorted(st.hand[seat]), prompt="Discard down to your hand limit",
                     again=True)
    if wait:
        return c
    c = c or st.hand[seat][0]
    st.hand[seat].remove(c)
    st.memories[seat].append(c)
    st.emit("discard", seat=seat, card=c)
    return op_limit(st, seat, o, ctx)


@op("memories")
def op_memories(st, seat, o, ctx):
    got = [st.memories[seat].pop() for _ in range(min(o["n"], len(st.memories[seat])))]
    st.take_into_hand(seat, got)
    return hand_limit(st, seat, ctx)


@op("memories_pick")
def op_memories_pick(st, seat, o, ctx):
    top = st.memories[seat][-o["look"]:]
    wait, c = choose(st, seat, ctx, "card", top, allow_none=True, prompt="Take one from your Memories")
    if wait:
        return c
    if c:
        st.memories[seat].remove(c)
        st.take_into_hand(seat, [c])
        return hand_limit(st, seat, ctx)


@op("grimoire_pick")
def op_grimoire_pick(st, seat, o, ctx):
    got = ctx.setdefault("got", 0)
    if got >= o["take"]:
        return None
    top = st.grimoire[seat][-(o["look"] - got):] if st.grimoire[seat] else []
    wait, c = choose(st, seat, ctx, "card", sorted(top), prompt="Take a card from your Grimoire", again=True)
    if wait:
        return c
    if c is None:
        return None
    st.grimoire[seat].remove(c)
    st.take_into_hand(seat, [c])
    ctx["got"] = got + 1
    return op_grimoire_pick(st, seat, o, ctx) or hand_limit(st, seat, ctx)


@op("reshuffle_memories")
def op_reshuffle_memories(st, seat, o, ctx):
    st.grimoire[seat] += st.memories[seat]
    st.memories[seat] = []
    st.shuffle(st.grimoire[seat])


@op("library_search")
def op_library_search(st, seat, o, ctx):
    """Arcane Vision (reverse): pick a school, look at its top 5, take 1, shuffle the rest back."""
    wait, school = choose(st, seat, ctx, "school", [s for s in C.SCHOOLS if st.library[s]], prompt="Search which school")
    if wait:
        return school
    if school is None:
        return None
    ctx["school_"] = school
    top = st.library[school][-o["n"]:]
    st.emit("looked", to=seat, cards=list(top))
    st.mods.setdefault("peeked", []).extend(top)
    wait, c = choose(st, seat, ctx, "card", sorted(top), prompt="Take one")
    if wait:
        return c
    if c:
        st.library[school].remove(c)
        st.take_into_hand(seat, [c])
    st.shuffle(st.library[school])
    return hand_limit(st, seat, ctx)


@op("school_discard_pick")
def op_school_discard_pick(st, seat, o, ctx):
    tops = sorted(c for s in C.SCHOOLS for c in st.discards[s])
    wait, c = choose(st, seat, ctx, "card", tops, allow_none=True, prompt="Take a card from a school discard pile")
    if wait:
        return c
    if c:
        st.discards[C.spell_of(c)["school"]].remove(c)
        st.take_into_hand(seat, [c])
        return hand_limit(st, seat, ctx)


@op("discard_for")
def op_discard_for(st, seat, o, ctx):
    wait, c = choose(st, seat, ctx, "card", sorted(st.hand[seat]), allow_none=True, prompt="Discard a card for more")
    if wait:
        return c
    if c:
        st.hand[seat].remove(c)
        st.memories[seat].append(c)
        run_ops(st, seat, o["then"], ctx, None)


@op("swap_hand_card")
def op_swap_hand_card(st, seat, o, ctx):
    """Extort Magic: see their hand, swap one of their spells for one of yours (never a Forgotten one).
    Ruling: you give your first card (in hand order) for the one you pick."""
    m = ctx.get("model")
    if m not in st.pos or not st.hand[seat]:
        return None
    st.emit("saw_hand", to=seat, seat=m, cards=list(st.hand[m]))
    st.mods.setdefault("peeked", []).extend(st.hand[m])
    theirs = sorted(c for c in st.hand[m] if C.spell_of(c)["school"] != "forgotten" and not C.spell_of(c).get("mage"))
    mine = [c for c in st.hand[seat] if C.spell_of(c)["school"] != "forgotten" and not C.spell_of(c).get("mage")]
    wait, c = choose(st, seat, ctx, "card", theirs, allow_none=True, prompt="Take which spell")
    if wait:
        return c
    if c and mine:
        st.hand[m].remove(c)
        st.hand[seat].remove(mine[0])
        st.hand[seat].append(c)
        st.hand[m].append(mine[0])
        st.emit("swapped", seat=seat, other=m)


@op("discard_own_for_ready")
def op_discard_own_for_ready(st, seat, o, ctx):
    m = ctx.get("model")
    if m not in st.pos or not st.hand[seat]:
        return None
    wait, c = choose(st, seat, ctx, "card", sorted(st.hand[seat]), prompt="Discard which card")
    if wait:
        return c
    st.hand[seat].remove(c)
    st.memories[seat].append(c)
    for sl in st.slots[m]:
        if sl["state"] == "ready" and sl["slot"] != "q":
            sl["state"] = "lost"
            st.memories[m].append(sl["card"])
            st.emit("lost_ready", seat=m, card=sl["card"])
            break


@op("discard_last_ready")
def op_discard_last_ready(st, seat, o, ctx):
    n = 0
    for m in st.models_in(ctx.get("room") or ""):
        if m in st.pos and m != seat:
            ready = [sl for sl in st.slots[m] if sl["state"] == "ready"]
            if ready:
                sl = ready[-1]
                sl["state"] = "lost"
                st.memories[m].append(sl["card"])
                st.emit("lost_ready", seat=m, card=sl["card"])
                n += 1
    st.gain(seat, n * o["pp_each"], "spell")


@op("discard_quick")
def op_discard_quick(st, seat, o, ctx):
    n = 0
    for m in st.models_in(ctx.get("room") or ""):
        if m in st.pos and m != seat:
            for sl in st.slots[m]:
                if sl["slot"] == "q" and sl["state"] in ("ready", "armed"):
                    if sl["state"] == "armed":
                        st.armed = [a for a in st.armed if a["card"] != sl["card"]]
                    sl["state"] = "lost"
                    st.memories[m].append(sl["card"])
                    st.emit("lost_ready", seat=m, card=sl["card"])
                    n += 1
    st.gain(seat, min(o["max"], n * o["pp_each"]), "spell")


@op("all_discard_ready")
def op_all_discard_ready(st, seat, o, ctx):
    """Time Stop (reverse): every mage loses one spell not yet revealed. Ruling: their last ready one."""
    for m in st.order:
        if m == seat:
            continue
        ready = [sl for sl in st.slots[m] if sl["state"] == "ready"]
        if ready:
            ready[-1]["state"] = "lost"
            st.memories[m].append(ready[-1]["card"])
            st.emit("lost_ready", seat=m, card=ready[-1]["card"])


@op("mist")
def op_mist(st, seat, o, ctx):
    """Traitor Mist: each mage in the room or next to it discards a ready spell or refuses. Ruling: a mage
    with a ready spell left discards the last one; one with none refuses (the refusal's penalty applies)."""
    room = ctx.get("room")
    if not room:
        return
    for m in [x for r in [room, *B.ADJ[room]] for x in st.models_in(r) if x in st.pos and x != seat]:
        ready = [sl for sl in st.slots[m] if sl["state"] == "ready"]
        if ready:
            ready[-1]["state"] = "lost"
            st.memories[m].append(ready[-1]["card"])
            st.emit("lost_ready", seat=m, card=ready[-1]["card"])
        elif o["refuse"] == "pp":
            st.gain(seat, 1, "spell")
        else:
            R.hurt(st, seat, m, 2, _dmg_ctx(ctx))


@op("peek_ready")
def op_peek_ready(st, seat, o, ctx):
    for m in st.models_in(ctx.get("room") or ""):
        if m in st.pos and m != seat:
            st.mods.setdefault("peeked", []).extend(sl["card"] for sl in st.slots[m] if sl["state"] == "ready")
            st.emit("peek", to=seat, seat=m, cards=[[sl["card"], sl["side"]] for sl in st.slots[m]
                                                    if sl["state"] == "ready"])


@op("reveal_next")
def op_reveal_next(st, seat, o, ctx):
    m = ctx.get("model")
    if m in st.pos:
        ready = [sl for sl in st.slots[m] if sl["state"] == "ready"]
        if ready:
            sl = ready[0]
            kind = C.side_of(sl["card"], sl["side"])["type"]
            st.emit("revealed", seat=m, card=sl["card"], side=sl["side"])
            sl["shown"] = True
            st.gain(seat, o["pp_combat"] if kind == "combat" else o["pp_contingency"] if kind == "contingency" else 0, "spell")


@op("draw_quest")
def op_draw_quest(st, seat, o, ctx):
    if R.draw_quest(st, seat):
        _quest_limit(st, seat)


def _quest_limit(st, seat):
    while len(st.quests[seat]) > C.MAX_QUESTS:
        R.discard_quest(st, seat, st.quests[seat][0])  # ruling: the oldest goes


@op("discard_quest")
def op_discard_quest(st, seat, o, ctx):
    m = ctx.get("model")
    if m in st.pos and st.quests[m]:
        R.discard_quest(st, m, st.quests[m][0])


@op("take_quest")
def op_take_quest(st, seat, o, ctx):
    for m in st.models_in(ctx.get("room") or ""):
        if m in st.pos and m != seat and st.quests[m]:
            q = st.quests[m].pop(0)
            st.quests[seat].append(q)
            st.emit("quest_taken", seat=seat, victim=m)
            if st.moon > 1:
                R.draw_quest(st, m, st.moon - 1)
            _quest_limit(st, seat)
            return


@op("gift_quest")
def op_gift_quest(st, seat, o, ctx):
    """Obscure Intuition: keep one, give the other away. Ruling: the newest goes to the next mage."""
    if len(st.quests[seat]) >= 2:
        q = st.quests[seat].pop()
        other = st.next_seats(seat)[0]
        st.quests[other].append(q)
        st.mods.setdefault("peeked", []).append(q)  # the giver knows what they gave
        st.emit("quest_given", seat=seat, to_seat=other)
        st.emit("quest_secret", to=other, quest=q)
        _quest_limit(st, other)


@op("past_quest")
def op_past_quest(st, seat, o, ctx):
    if st.moon > 1 and st.qdeck[str(st.moon - 1)]:
        q = st.qdeck[str(st.moon - 1)].pop()
        st.done_quests[seat].append(q)
        st.emit("quest", seat=seat, quest=q, name=C.QUESTS[q]["name"])


@op("past_quest_complete")
def op_past_quest_complete(st, seat, o, ctx):
    moon = max(1, st.moon - 1)
    if st.qdeck[str(moon)]:
        q = st.qdeck[str(moon)].pop()
        st.done_quests[seat].append(q)
        st.emit("quest", seat=seat, quest=q, name=C.QUESTS[q]["name"])
        st.gain(seat, C.QUESTS[q]["pp"] + o["pp"], "quest")


@op("buy_moon3_quest")
def op_buy_moon3_quest(st, seat, o, ctx):
    if st.pp[seat] >= 1 and st.qdeck["3"]:
        st.gain(seat, -1, "spell")
        R.draw_quest(st, seat, 3)
        _quest_limit(st, seat)


@op("discard_event")
def op_discard_event(st, seat, o, ctx):
    for i, e in enumerate(st.board):
        if e:
            st.board[i] = None
            st.ediscard.append(e)
            st.emit("event_gone", event=e)
            st.gain(seat, o["pp"], "spell")
            return


@op("split_event")
def op_split_event(st, seat, o, ctx):
    for i, e in enumerate(st.board):
        if e:
            st.board[i] = None
            st.ediscard.append(e)
            total = C.EVENTS[e]["pp_out"]
            mine = max(1, total // 2)
            st.gain(seat, mine, "spell")
            st.gain("rose", total - mine, "event")
            return


@op("play_event")
def op_play_event(st, seat, o, ctx):
    """Hourglass (reverse) / Plot (reverse): look at the top Events of the current Moon and you may play one;
    the rest stay on top. Hourglass: you gain 2 PP. Plot: 2 PP for a Crown Event, else the Crown."""
    from engine.blackrose.phases import enter_event
    deck = st.edeck[str(st.moon)]
    top = deck[-o["look"]:]
    if not top:
        return None
    st.mods.setdefault("peeked", []).extend(top)
    st.emit("events_seen", to=seat, events=list(top))
    wait, e = choose(st, seat, ctx, "event", sorted(top), allow_none=True, prompt="Play which Event")
    if wait:
        return e
    if e is None:
        return None
    deck.remove(e)
    enter_event(st, e, seat)
    if not o.get("crown") or C.EVENTS[e]["crown"]:
        st.gain(seat, 2, "spell")
    else:
        st.crown = seat
        st.emit("crown", seat=seat)


@op("block_colour")
def op_block_colour(st, seat, o, ctx):
    room = ctx.get("room")
    colour = st.colour_of(room) if room else None
    for r in B.ROOM_LABELS:
        if colour and st.colour_of(r) == colour and r not in st.activated:
            st.activated.append(r)


@op("flag_activated")
def op_flag_activated(st, seat, o, ctx):
    room = ctx.get("room")
    if room and room not in st.activated:
        st.activated.append(room)


@op("activate")
def op_activate(st, seat, o, ctx):
    from engine.blackrose.rooms import activate
    room = ctx.get("room")
    if room is None:
        return None
    if o.get("again"):
        if room not in st.activated or st.layout[room] == "black_rose":
            return None
        return activate(st, seat, room, remote=True, again=True)
    return activate(st, seat, room, remote=True)


@op("crown")
def op_crown(st, seat, o, ctx):
    st.crown = seat


@op("swap_with_undead")
def op_swap_with_undead(st, seat, o, ctx):
    """Obscurity's Grip (reverse): trade places with an Undead in the target room."""
    room = ctx.get("room")
    undead = [e for e in st.evos if e["at"] == room and C.EVOS[e["kind"]]["archetype"] == "undead"]
    here = st.room_of(seat)
    if undead and here and R.can_leave(st, seat):
        R.enter(st, undead[0]["id"], here)
        R.enter(st, seat, room)


@op("undead_act")
def op_undead_act(st, seat, o, ctx):
    """Summon Obscurity (reverse): one of your Undead in the target room acts now."""
    room = ctx.get("room")
    mine = [e for e in st.evos if e["at"] == room and e["owner"] == seat
            and C.EVOS[e["kind"]]["archetype"] == "undead"]
    if mine and not ctx.get("auto"):
        return {"k": "evo_turn", "seat": seat, "evo": mine[0]["id"], "left": C.EVOS[mine[0]["kind"]]["move"],
                "moved": 0, "delegate": True}


@op("hijack_next")
def op_hijack_next(st, seat, o, ctx):
    """Jester Hat (green): at once resolve the victim's next ready spell as if you had cast it; then their
    turn goes on."""
    from engine.blackrose.action import cast_task
    v = ctx.get("victim")
    if v not in st.pos:
        return None
    ready = [i for i, sl in enumerate(st.slots[v]) if sl["state"] == "ready" and sl["slot"] != "q"]
    ready = ready or [i for i, sl in enumerate(st.slots[v]) if sl["state"] == "ready"]
    if not ready:
        return None
    task = cast_task(st, seat, ready[0], free=True)
    task["of"] = v
    return task


# ---- casting from the hand ------------------------------------------------------------------------------

@op("cast_from_hand")
def op_cast_from_hand(st, seat, o, ctx):
    """Cast a Spell from your hand (rulebook glossary): discard one spell on your sheet (ready, active or
    used) to your Memories, put a spell from your hand in its place and cast it at once (Traps and
    Protections arrive armed). Andromeda casts it from one of your Andromedas; Time Stop does it twice."""
    from engine.blackrose.action import cast_task
    done = ctx.get("cfh", 0)
    if done >= o["n"]:
        return None
    origin = None
    if o.get("from") == "andromeda":
        mine = [e for e in st.evos if e["owner"] == seat and e["kind"] == "andromeda" and e["at"]]
        if not mine:
            return None
        origin = mine[0]["at"]
    slots = [f"slot:{i}" for i, sl in enumerate(st.slots[seat]) if sl["state"] != "lost"]
    cards = sorted(f"{c}/{x}" for c in set(st.hand[seat]) for x in (("s",) if C.is_room_trap(c) else ("s", "r")))
    if not slots or not cards:
        return None
    wait, si = choose(st, seat, ctx, "slot", slots, prompt="Replace which spell on your sheet")
    if wait:
        return si
    wait, cv = choose(st, seat, ctx, "hand_card", cards, prompt="Cast which spell from your hand")
    if wait:
        return cv
    ctx["ans"], ctx["cfh"] = {}, done + 1
    i = int(si.split(":")[1])
    card, side = cv.split("/")
    sl = st.slots[seat][i]
    st.armed = [a for a in st.armed if a["card"] != sl["card"]]
    st.memories[seat].append(sl["card"])
    st.hand[seat].remove(card)
    st.slots[seat][i] = {"slot": sl["slot"], "card": card, "side": side, "state": "ready"}
    st.emit("from_hand", seat=seat, slot=sl["slot"])
    task = cast_task(st, seat, i, free=True)
    if origin:
        task["origin"] = origin
    return task  # the op runs again afterwards: Time Stop's second spell, or the end


# ---- Illusion's masks ----------------------------------------------------------------------------------

@op("deny_quest")
def op_deny_quest(st, seat, o, ctx):
    ctx["deny"] = True


@op("rose_hurts_self")
def op_rose_hurts_self(st, seat, o, ctx):
    R.hurt(st, "rose", seat, o["n"])


@op("activate_theirs")
def op_activate_theirs(st, seat, o, ctx):
    """Illusory Tribute (Happy): you activate the room they were activating; theirs fails."""
    from engine.blackrose.rooms import activate
    ctx["cancel"], ctx["took_room"] = True, True
    room = ctx.get("room")
    return activate(st, seat, room, remote=True) if room else None


@op("complete_own_quest")
def op_complete_own_quest(st, seat, o, ctx):
    if st.quests[seat] and st.pos.get(seat) != "cell":
        R.complete_quest(st, seat, st.quests[seat][0])


@op("reflect_spell")
def op_reflect_spell(st, seat, o, ctx):
    src = ctx.get("src")
    if src in st.pos and src != seat:
        R.hurt(st, seat, src, ctx.get("amount", 0))


@op("evo_turns_on_owner")
def op_evo_turns_on_owner(st, seat, o, ctx):
    """Suggestion (Sad): the Evocation goes to its summoner's room and attacks them, in your colour."""
    ev = st.evo(ctx.get("model") or "")
    if ev is None or st.room_of(ev["owner"]) is None or ev["owner"] == seat:
        return
    R.enter(st, ev["id"], st.room_of(ev["owner"]))
    if st.evo(ev["id"]) and ev["at"] == st.room_of(ev["owner"]):
        R.hurt(st, seat, ev["owner"], C.EVOS[ev["kind"]]["attack"], {"src_model": ev["id"]})


@op("puppet_attack")
def op_puppet_attack(st, seat, o, ctx):
    """Suggestion (Happy, on a mage): they move 1 room, then attack a model there for their basic attack,
    in your colour (never you or your Evocations)."""
    m = ctx.get("model")
    if m not in st.pos or st.room_of(m) is None:
        return None
    if "moved" not in ctx:
        here = st.room_of(m)
        rooms = [here] + (B.ADJ[here] if R.can_leave(st, m) and "move" not in st.inhib[m] else [])
        wait, r = choose(st, seat, ctx, "dest", rooms, prompt="Move them 1 room (or leave them)")
        if wait:
            return r
        ctx["moved"] = True
        if r and r != here:
            R.enter(st, m, r)
    if st.room_of(m) is None:
        ctx.pop("moved", None)
        return None
    near = [x for x in st.models_in(st.room_of(m)) if x != m and st.owner(x) != seat]
    wait, x = choose(st, seat, ctx, "victim", near, prompt="Whom they attack")
    if wait:
        return x
    ctx.pop("moved", None)
    if x:
        R.hurt(st, seat, x, C.MAGES[st.mage[m]]["attack"], {"src_model": m})


# ---- the Black Rose's Event ops ------------------------------------------------------------------------

@op("rose_dmg")
def op_rose_dmg(st, seat, o, ctx):
    for s in list(st.order):
        here = st.room_of(s)
        if here and (o["colour"] == "any" or st.colour_of(here) == o["colour"]):
            R.hurt(st, "rose", s, o["n"])


@op("rose_inst")
def op_rose_inst(st, seat, o, ctx):
    for r in B.ROOM_LABELS:
        if (o["colour"] == "any" or st.colour_of(r) == o["colour"]) and st.models_in(r):
            R.add_inst(st, "rose", r, 1)


@op("all_heal")
def op_all_heal(st, seat, o, ctx):
    for s in st.order:
        R.heal(st, s, o["n"])


@op("all_pp")
def op_all_pp(st, seat, o, ctx):
    for s in st.order:
        st.gain(s, o["n"], "event")


@op("all_lose_pp")
def op_all_lose_pp(st, seat, o, ctx):
    for s in st.order:
        st.gain(s, -min(o["n"], st.pp[s]), "event")


@op("all_draw")
def op_all_draw(st, seat, o, ctx):
    for s in st.order:
        st.draw_grimoire(s, o["n"])
        while len(st.hand[s]) > st.hand_limit(s):
            c = st.hand[s].pop(0)  # ruling: an Event's overflow discards the oldest card
            st.memories[s].append(c)
            st.emit("discard", seat=s, card=c)
