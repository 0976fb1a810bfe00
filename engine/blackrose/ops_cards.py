"""Ops about spell cards (Grimoire, Memories, the Library, the hand and the ready spells), rooms' and
Undead's own effects, casting from the hand, Illusion's masks, and the Black Rose's own Event effects (the
effect vocabulary, see effects.py). Quests and Events: ops_quests.py."""
from __future__ import annotations

from engine.blackrose import board as B
from engine.blackrose import cards as C
from engine.blackrose import rules as R
from engine.blackrose.effects import _dmg_ctx, ask_choice, hand_limit, op, run_ops


# ---- cards ----------------------------------------------------------------------------------------------

@op("draw_grimoire")
def op_draw_grimoire(st, seat, o, ctx):
    st.draw_grimoire(seat, o["n"])
    return hand_limit(st, seat, ctx)


@op("memories")
def op_memories(st, seat, o, ctx):
    got = [st.memories[seat].pop() for _ in range(min(o["n"], len(st.memories[seat])))]
    st.take_into_hand(seat, got)
    return hand_limit(st, seat, ctx)


@op("memories_pick")
def op_memories_pick(st, seat, o, ctx):
    top = st.memories[seat][-o["look"]:]
    wait, c = ask_choice(st, seat, ctx, "card", top, allow_none=True)
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
    wait, c = ask_choice(st, seat, ctx, "card", sorted(top), again=True)
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
    wait, school = ask_choice(st, seat, ctx, "school", [s for s in C.SCHOOLS if st.library[s]])
    if wait:
        return school
    if school is None:
        return None
    ctx["school_"] = school
    top = st.library[school][-o["n"]:]
    st.emit("looked", to=seat, cards=list(top))
    st.mods.setdefault("peeked", []).extend(top)
    wait, c = ask_choice(st, seat, ctx, "card", sorted(top))
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
    wait, c = ask_choice(st, seat, ctx, "card", tops, allow_none=True)
    if wait:
        return c
    if c:
        st.discards[C.spell_of(c)["school"]].remove(c)
        st.take_into_hand(seat, [c])
        return hand_limit(st, seat, ctx)


@op("discard_for")
def op_discard_for(st, seat, o, ctx):
    wait, c = ask_choice(st, seat, ctx, "card", sorted(st.hand[seat]), allow_none=True)
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
    wait, c = ask_choice(st, seat, ctx, "card", theirs, allow_none=True, hidden=True)
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
    wait, c = ask_choice(st, seat, ctx, "card", sorted(st.hand[seat]))
    if wait:
        return c
    st.hand[seat].remove(c)
    st.memories[seat].append(c)
    for sl in st.slots[m]:
        if sl["state"] == "ready" and sl["slot"] != "q":
            sl["state"] = "lost"
            st.memories[m].append(sl["card"])
            st.emit("lost_ready", seat=m)  # which one is private (face down)
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
                st.emit("lost_ready", seat=m)  # which one is private (face down)
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
                    st.emit("lost_ready", seat=m)  # which one is private (face down)
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
            st.emit("lost_ready", seat=m)  # which one is private (face down)


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
            st.emit("lost_ready", seat=m)  # which one is private (face down)
        elif o["refuse"] == "pp":
            st.gain(seat, 1, "spell")
        else:
            R.hurt(st, seat, m, 2, _dmg_ctx(ctx))


@op("peek_ready")
def op_peek_ready(st, seat, o, ctx):
    """Arcane Mark (straight): the caster looks at every ready spell of the mages in the target room. What
    they saw stays in their own view for the rest of the Game Turn (view "seen"), not only in an event."""
    for m in st.models_in(ctx.get("room") or ""):
        if m in st.pos and m != seat:
            ready = [sl for sl in st.slots[m] if sl["state"] == "ready"]
            st.mods.setdefault("peeked", []).extend(sl["card"] for sl in ready)
            slots = [{"slot": sl["slot"], "card": sl["card"], "side": sl["side"]} for sl in ready]
            st.mods.setdefault("seen", {}).setdefault(seat, []).append({"seat": m, "slots": slots})
            st.emit("peek", to=seat, seat=m, cards=[[sl["card"], sl["side"]] for sl in ready], slots=slots)


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
    from engine.blackrose.casting import cast_task
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
    from engine.blackrose.casting import cast_task
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
    wait, si = ask_choice(st, seat, ctx, "slot", slots)
    if wait:
        return si
    wait, cv = ask_choice(st, seat, ctx, "hand_card", cards, hidden=True)
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
        wait, r = ask_choice(st, seat, ctx, "dest", rooms, subject=m)
        if wait:
            return r
        ctx["moved"] = True
        if r and r != here:
            R.enter(st, m, r)
    if st.room_of(m) is None:
        ctx.pop("moved", None)
        return None
    near = [x for x in st.models_in(st.room_of(m)) if x != m and st.owner(x) != seat]
    wait, x = ask_choice(st, seat, ctx, "victim", near, subject=m)
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
    """An Event's draw for everyone; each mage over the limit then chooses what to discard."""
    for s in st.order:
        st.draw_grimoire(s, o["n"])
    return {"k": "hand_limits", "delegate": True}
