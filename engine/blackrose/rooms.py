"""Activating a room: who may, what each of the 19 rooms does (as ops in the effect vocabulary), and the
Traps, Quests and Events that an activation sets off."""
from __future__ import annotations

from engine.blackrose import board as B
from engine.blackrose import cards as C
from engine.blackrose import rules as R
from engine.blackrose.effects import ask_choice, fx, hand_limit, op, OPS
from engine.blackrose.ops_board import summon_here


_BARRING = frozenset(e for e, d in C.EVENTS.items() if "no_activate" in d.get("mod", ()))  # Events barring a colour


def can_activate(st, seat: str, label: str | None, again: bool = False) -> bool:
    if label is None or label in st.destroyed:
        return False
    if label in st.activated and not again:
        return False
    rid = st.layout[label]
    if rid == "black_rose" and (st.moon < 2 or len(st.hand[seat]) < 4):
        return False
    if st.inhib[seat] and ("activate" in st.inhib[seat] or "activate_next_now" in st.inhib[seat]):
        return False
    if st.mods.get("action") and not _BARRING.isdisjoint(st.board):  # st.event_mods, without the call
        if st.colour_of(label) in st.event_mods("no_activate"):
            return False
    if rid == "mirrors" and not _mirror_sources(st):
        return False
    return True


def activate(st, seat: str, label: str, remote: bool = False, again: bool = False):
    """Activate `label` for `seat`; returns the effect task to push (or None when nothing happens)."""
    if not can_activate(st, seat, label, again):
        return None
    trap = R.trap_on(st, seat, "activate", {"room": label})
    if label not in st.activated:
        st.activated.append(label)
    if trap is not None and trap.get("cancel"):
        if not trap.get("took_room"):
            st.activated.remove(label)  # Deceiving Image: the activation fails and the token stays
        return None
    rid = st.layout[label]
    colour = st.colour_of(label)
    st.emit("activate", seat=seat, room=label, name=C.ROOMS[rid]["name"], remote=remote)
    st.gain(seat, st.event_mods("activate_colour_pp").count(colour), "event")
    R.check_quests(st, seat, "activate", room=rid, colour=colour)
    task = fx(seat, [{"op": "room_" + C.ROOMS[rid]["effect"]}], {"room": label, "activated": label})
    task["delegate"] = True
    return task


def _mirror_sources(st) -> list[str]:
    return [r for r in st.activated if st.layout[r] not in ("throne", "black_rose", "mirrors")
            and r not in st.destroyed]


FORGOTTEN_DISCARDS = 4  # the Black Rose Room: spells discarded from hand before looking at the Forgotten


@op("room_forgotten")
def room_forgotten(st, seat, o, ctx):
    """Black Rose Room: discard 4 spells from hand, look at the top 3 Forgotten Spells, keep 1."""
    gone = ctx.setdefault("gone", 0)
    if gone < FORGOTTEN_DISCARDS and st.hand[seat]:
        wait, c = ask_choice(st, seat, ctx, "discard", sorted(st.hand[seat]), again=True)
        if wait:
            return c
        c = c or st.hand[seat][0]
        st.hand[seat].remove(c)
        st.memories[seat].append(c)
        st.emit("discard", seat=seat)  # which spell is private: Memories are face down
        ctx["gone"] = gone + 1
        return room_forgotten(st, seat, o, ctx)
    top = st.forgotten[-3:]
    if not top:
        return None
    st.emit("looked", to=seat, cards=list(top))
    st.mods.setdefault("peeked", []).extend(top)
    wait, c = ask_choice(st, seat, ctx, "keep", sorted(top))
    if wait:
        return c
    c = c or top[-1]
    st.forgotten.remove(c)
    rest = [x for x in top if x != c]
    st.forgotten = rest + [x for x in st.forgotten if x not in rest]  # the others go to the bottom
    st.take_into_hand(seat, [c])
    return hand_limit(st, seat, ctx)


@op("room_mirror")
def room_mirror(st, seat, o, ctx):
    sources = _mirror_sources(st)
    wait, r = ask_choice(st, seat, ctx, "copy", sources)
    if wait:
        return r
    if r:  # the copied effect happens in the Mirrors Room (ctx["room"]), like any activation
        return OPS["room_" + C.ROOMS[st.layout[r]]["effect"]](st, seat, o, ctx)


@op("room_oracle")
def room_oracle(st, seat, o, ctx):
    wait, c = ask_choice(st, seat, ctx, "card", sorted(st.grimoire[seat]))
    if wait:
        return c
    if c:
        st.grimoire[seat].remove(c)
        st.take_into_hand(seat, [c])
        st.shuffle(st.grimoire[seat])
        return hand_limit(st, seat, ctx)


@op("room_abyss")
def room_abyss(st, seat, o, ctx):
    here = ctx["room"]
    near = [m for r in B.in_line(here, 1) for m in st.models_in(r) if m in st.pos]
    wait, m = ask_choice(st, seat, ctx, "mage", near, allow_none=True)
    if wait:
        return m
    if m:
        R.send_to_cell(st, m)
        for t in st.stack:
            if t.get("seat") == m and t["k"] in ("phys",):
                t["cut"] = True


@op("room_library")
def room_library(st, seat, o, ctx):
    opts = [f"deck:{s}" for s in C.SCHOOLS if st.library[s]] + [f"discard:{s}" for s in C.SCHOOLS if st.discards[s]]
    wait, v = ask_choice(st, seat, ctx, "source", opts)
    if wait:
        return v
    if v:
        where, school = v.split(":")
        pile = st.library[school] if where == "deck" else st.discards[school]
        st.take_into_hand(seat, [pile.pop()])
        return hand_limit(st, seat, ctx)


@op("room_observatory")
def room_observatory(st, seat, o, ctx):
    """Draw 3 Quests, you may swap one of yours for one of them; the rest go back on top."""
    deck = st.qdeck[str(st.moon)]
    if "drawn" not in ctx:
        ctx["drawn"] = [deck.pop() for _ in range(min(3, len(deck)))]
        st.emit("quest_look", to=seat, quests=list(ctx["drawn"]))
        st.mods.setdefault("peeked", []).extend(ctx["drawn"])
    pairs = [f"{mine}>{new}" for mine in st.quests[seat] for new in ctx["drawn"]]
    wait, v = ask_choice(st, seat, ctx, "swap", pairs, allow_none=True)
    if wait:
        return v
    drawn = ctx.pop("drawn")
    if v:
        mine, new = v.split(">")
        st.quests[seat].remove(mine)
        st.quests[seat].append(new)
        drawn.remove(new)
        drawn.append(mine)
    deck.extend(q for q in drawn if C.QUESTS[q]["moon"] == st.moon)
    for q in drawn:
        if C.QUESTS[q]["moon"] != st.moon:
            st.qdeck[str(C.QUESTS[q]["moon"])].append(q)


@op("room_sanctuary")
def room_sanctuary(st, seat, o, ctx):
    R.heal(st, seat, 2)


@op("room_forge")
def room_forge(st, seat, o, ctx):
    if st.in_cell(seat):
        return None
    return {"k": "phys", "seat": seat, "mode": "spell", "left": 1, "moved": 0, "attacked": False,
            "activated": True, "delegate": True}


@op("room_garden")
def room_garden(st, seat, o, ctx):
    here = ctx["room"]  # the Garden itself, also when activated from afar
    wait, r = ask_choice(st, seat, ctx, "where", [here, *B.ADJ[here]])
    if wait:
        return r
    R.add_inst(st, seat, r, 1)


@op("room_treasure")
def room_treasure(st, seat, o, ctx):
    st.gain(seat, 1, "room")


@op("room_laboratory")
def room_laboratory(st, seat, o, ctx):
    if not ctx.get("drew"):
        ctx["drew"] = True
        st.draw_grimoire(seat, 2)
    return hand_limit(st, seat, ctx)


@op("room_arena")
def room_arena(st, seat, o, ctx):
    """You and a mage anywhere each resolve your next ready spell (or the Quick one), you first."""
    rivals = [s for s in st.order if s != seat and not st.in_cell(s) and _next_ready(st, s) is not None]
    wait, m = ask_choice(st, seat, ctx, "rival", rivals, allow_none=not rivals)
    if wait:
        return m
    from engine.blackrose.casting import cast_task
    tasks = []
    for who in (seat, m):
        i = _next_ready(st, who) if who else None
        if i is not None:
            tasks.append(cast_task(st, who, i, free=True))
    if tasks:
        st.push(*tasks)  # pushed above this effect: they resolve before it finishes
        return {"k": "noop", "delegate": True}


def _next_ready(st, seat):
    std = [i for i, sl in enumerate(st.slots[seat]) if sl["state"] == "ready" and sl["slot"] != "q"]
    if std:
        return std[0]
    q = [i for i, sl in enumerate(st.slots[seat]) if sl["state"] == "ready"]
    return q[0] if q else None


@op("room_summoner")
def room_summoner(st, seat, o, ctx):
    # Rulebook, Rooms and Activation Tokens: "When a Room is Activated remotely, its Effects still occur in
    # that Room": the Cerberus appears in the Summoner Room, wherever its summoner stands.
    return summon_here(st, seat, ctx, "cerberus", ctx["room"])


@op("room_cemetery")
def room_cemetery(st, seat, o, ctx):
    return summon_here(st, seat, ctx, "landsknecht", ctx["room"])


@op("room_armory")
def room_armory(st, seat, o, ctx):
    """Play a Protection from your hand in place of one of your played spells; it is armed at once."""
    used = [i for i, sl in enumerate(st.slots[seat]) if sl["state"] == "used"]
    prots = sorted(f"{c}/{side}" for c in st.hand[seat] if not C.is_room_trap(c)
                   for side in ("s", "r") if C.side_of(c, side)["type"] == "protection")
    wait, v = ask_choice(st, seat, ctx, "prot", prots if used else [], allow_none=True,
                     hidden=bool(used))  # with a used slot (public) the list depends on the hidden hand
    if wait:
        return v
    if v:
        c, side = v.split("/")
        sl = st.slots[seat][used[0]]
        st.memories[seat].append(sl["card"])
        st.hand[seat].remove(c)
        sl.update(card=c, side=side, state="armed")
        st.armed.append({"seat": seat, "card": c, "side": side, "kind": "protection",
                         "on": C.side_of(c, side).get("on")})
        st.emit("armed", seat=seat, kind="protection")


@op("room_pleasures")
def room_pleasures(st, seat, o, ctx):
    return OPS["draw_quest"](st, seat, o, ctx)


@op("room_throne")
def room_throne(st, seat, o, ctx):
    st.crown = seat  # with For the Crown!, the "reorder" step makes it count from the next phase
    st.emit("crown", seat=seat)


@op("room_crypt")
def room_crypt(st, seat, o, ctx):
    top = st.memories[seat][-3:]
    wait, c = ask_choice(st, seat, ctx, "card", sorted(top), allow_none=True)
    if wait:
        return c
    if c:
        st.memories[seat].remove(c)
        st.take_into_hand(seat, [c])
        return hand_limit(st, seat, ctx)


@op("room_sacrifice")
def room_sacrifice(st, seat, o, ctx):
    occ = st.occupancy()
    models = [m for r in B.ROOM_LABELS for m in occ.get(r, ()) if st.owner(m) != seat]
    wait, m = ask_choice(st, seat, ctx, "victim", models, allow_none=not models)
    if wait:
        return m
    if m:
        R.hurt(st, seat, m, 1)
