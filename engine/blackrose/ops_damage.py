"""Ops that hurt, destabilise and protect: Damage, Instability, Protections and Traps, healing and
converting tokens (the effect vocabulary, see effects.py)."""
from __future__ import annotations

from engine.blackrose import board as B
from engine.blackrose import cards as C
from engine.blackrose import rules as R
from engine.blackrose.effects import OPS, _dmg_ctx, ask_choice, fx, op, run_ops, targets


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
    wait, m = ask_choice(st, seat, ctx, "next", near, again=True)
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
    wait, m = ask_choice(st, seat, ctx, "second", near, allow_none=True)
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
        wait, eid = ask_choice(st, seat, ctx, "undead", [e["id"] for e in undead])
        if wait:
            return eid
        if not eid or st.evo(eid) is None:
            return None
        ev = st.evo(eid)
        ctx["burst_at"] = ev["at"]
        R.remove_evo(st, ev, by=seat)
    near = [m for r in B.in_line(ctx["burst_at"], 1) for m in st.models_in(r) if st.owner(m) != seat]
    wait, m = ask_choice(st, seat, ctx, "burst", near)
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
    wait, rid = ask_choice(st, seat, ctx, "copy", kinds)
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
    """Light Cape: the Damage goes to another model within 1 (your room or an adjacent one) that you
    ask_choice, in your colour; nobody there: it is ignored."""
    here = st.room_of(seat)
    near = [m for r in B.in_line(here, 1) for m in st.models_in(r) if m != seat and st.owner(m) != seat] if here else []
    if near:
        _, m = ask_choice(st, seat, ctx, "pass_to", near)
        R.hurt(st, seat, m or near[0], ctx.get("amount", 0))


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
            n = min(o["n"], sum(st.dmg[seat].values()))  # Damage on you moves onto them, in your colour
            if n:
                R.heal(st, seat, n)
                st.dmg[m][seat] = st.dmg[m].get(seat, 0) + n
                st.emit("transfer", seat=seat, tgt=m, n=n)
                st.gain(seat, n * o.get("pp_each", 0), "spell")
                if sum(st.dmg[m].values()) >= st.health(m):
                    R.defeat(st, m, seat, {})
