"""Ops about Power Points: gaining, losing, stealing and scoring them (the effect vocabulary, see effects.py)."""
from __future__ import annotations

from engine.blackrose import board as B
from engine.blackrose import rules as R
from engine.blackrose.effects import op, targets


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
