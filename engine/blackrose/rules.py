"""The shared rule atoms: damage and defeat, instability, summoning, moving models (and the Room Traps that
moving springs), Quests, and what Traps and Protections do when their condition is met.

When an armed Trap or Protection's condition is met its owner MAY trigger it (the rulebook's "may"): every
such moment goes through `reaction`, which applies the owner's standing order (fire at the first chance, or
ask me in a reaction window; state.py explains how an action is paused and applied again with the
answers)."""
from __future__ import annotations

from engine.blackrose import board as B
from engine.blackrose import cards as C
from engine.blackrose.state import NeedReaction


# ---- damage and defeat -------------------------------------------------------------------------------

def hurt(st, src: str, model: str, n: int, ctx: dict | None = None) -> int:
    """`src` (a seat or "rose") inflicts n Damage on a model; returns the Damage placed."""
    ctx = ctx or {}
    if n <= 0 or model is None:
        return 0
    owner = st.owner(model)
    if owner is None or (src != "rose" and owner == src):
        return 0  # no Damage to yourself or your own Evocations
    if model in st.pos:
        if st.pos[model] == "cell" and src != "rose":
            return 0  # a Cell is safe from everything but the Black Rose
        n = _protect(st, src, model, n, ctx)
        if n <= 0:
            return 0
        hp = st.health(model)
        have = sum(st.dmg[model].values())
        placed = n if st.opts.get("overkill") else min(n, hp - have)
        st.dmg[model][src] = st.dmg[model].get(src, 0) + placed
        st.emit("damage", src=src, tgt=model, n=placed)
        if src != "rose":
            st.stat(src, "burst", placed)
        if ctx.get("temporary"):
            st.temp.append([model, src, min(placed, ctx["temporary"])])
        if have + n >= hp:
            defeat(st, model, src, ctx)
        elif src != "rose":
            check_quests(st, src, "damage")
        return placed
    ev = st.evo(model)
    ev["dmg"] = ev["dmg"] + n
    st.emit("damage", src=src, tgt=model, n=n)
    if src != "rose":
        st.stat(src, "burst", n)
    if ev["dmg"] >= ev_health(st, ev):
        remove_evo(st, ev, by=src)
        if src != "rose":
            check_quests(st, src, "kill_evo")
    elif src != "rose":
        check_quests(st, src, "damage")
    return n


def ev_health(st, ev: dict) -> int:
    hp = C.EVOS[ev["kind"]]["health"]
    return hp if hp else st.health(ev["owner"])


def _protect(st, src: str, model: str, n: int, ctx: dict) -> int:
    if ctx.get("no_protection") or src == "rose" or not st.armed:
        return n
    for a in st.armed:
        if a["seat"] == model and (a["kind"] == "protection" or a.get("ask") == "protection"):
            break
    else:
        return n  # no Protection of theirs, and they ask about none: nothing fires, no window (see reaction)
    p = one_reaction(st, {"on": "damage", "victim": model, "by": src, "n": n}, [model],
                     {model: armed_for(st, model, "protection", ("damage",))})
    if p is None:
        return n
    fire(st, p, {"amount": n, "src": src, "src_model": ctx.get("src_model", src), "victim": model})
    return max(0, n - p.get("prevented", 0))


def defeat(st, seat: str, killer: str, ctx: dict) -> None:
    p = None if killer == "rose" or not st.armed else one_reaction(
        st, {"on": "defeat", "victim": seat, "by": killer}, [seat], {seat: armed_for(st, seat, "protection", ("defeat",))})
    if p is not None:
        fire(st, p, {"src": killer, "victim": seat})
        return
    counts = dict(st.dmg[seat])
    if ctx.get("solo") and killer != "rose":
        awards = {killer: 5}
    else:
        awards = defeat_awards(counts)
    st.emit("defeat", seat=seat, by=killer, counts=counts)
    for who, n in awards.items():
        if who != seat:
            st.gain(who, n, "defeat")
    if killer != seat:
        given = sum(v.count(seat) for v in st.trophies.values())
        if given < C.TROPHIES_PER_MAGE:
            st.trophies.setdefault(killer, []).append(seat)
            st.emit("trophy", seat=killer, victim=seat)
        bonus = sum(st.event_mods("defeat_pp"))
        if bonus and killer != "rose":
            st.gain(killer, bonus, "event")
        if killer != "rose":
            check_quests(st, killer, "defeat")
    send_to_cell(st, seat)
    for t in st.stack:
        if t.get("seat") == seat:
            t["cut"] = True  # a defeated mage's combination of actions ends at once


def defeat_awards(counts: dict[str, int]) -> dict[str, int]:
    """Power Points for a defeat by Damage colour: 4 / 2 / 1; ties for 1st or 2nd get one less; a lone
    colour gets 5. Places are dense ranks of the distinct counts."""
    live = {k: v for k, v in counts.items() if v > 0}
    if len(live) == 1:
        return {k: 5 for k in live}
    return place_awards(live, C.DEFEAT_PP)


def place_awards(counts: dict[str, int], table: tuple[int, int, int]) -> dict[str, int]:
    levels = sorted({v for v in counts.values() if v > 0}, reverse=True)
    out = {}
    for who, v in counts.items():
        if v <= 0:
            continue
        place = levels.index(v)
        tied = sum(1 for x in counts.values() if x == v) > 1
        if place < 2:
            out[who] = table[place] - (1 if tied else 0)
        else:
            out[who] = table[2]
    return out


def send_to_cell(st, seat: str) -> None:
    st.dmg[seat] = {}
    st.pos[seat] = "cell"
    st.inhib[seat] = [x for x in st.inhib[seat] if x.endswith("_next")]
    st.marks.pop(seat, None)
    st.temp = [t for t in st.temp if t[0] != seat]
    st.emit("cell", seat=seat)


def heal(st, model: str, n: int) -> int:
    if model in st.pos:
        healed = 0
        for src in sorted(st.dmg[model], key=lambda k: -st.dmg[model][k]):
            take = min(n - healed, st.dmg[model][src])
            st.dmg[model][src] -= take
            healed += take
        st.dmg[model] = {k: v for k, v in st.dmg[model].items() if v}
    else:
        ev = st.evo(model)
        healed = min(n, ev["dmg"])
        ev["dmg"] -= healed
    if healed:
        st.emit("heal", tgt=model, n=healed)
    return healed


def convert(st, seat: str, model: str, n: int) -> int:
    """Swap up to n Damage tokens of other colours on a mage for `seat`'s colour."""
    if model not in st.pos:
        return 0
    done = 0
    for src in sorted(st.dmg[model], key=lambda k: (-st.dmg[model][k], k)):
        if src == seat or done >= n:
            continue
        take = min(n - done, st.dmg[model][src])
        st.dmg[model][src] -= take
        st.dmg[model][seat] = st.dmg[model].get(seat, 0) + take
        done += take
    st.dmg[model] = {k: v for k, v in st.dmg[model].items() if v}
    if done:
        st.emit("convert", seat=seat, tgt=model, n=done)
    return done


# ---- instability -------------------------------------------------------------------------------------

def add_inst(st, who: str, label: str | None, n: int) -> int:
    if label is None or n <= 0 or label in st.destroyed:
        return 0
    room = st.inst.setdefault(label, {})
    cap = C.ROOMS[st.layout[label]]["resistance"]
    have = sum(room.values())
    put = n if st.opts.get("overload") else max(0, min(n, cap - have))
    if put:
        room[who] = room.get(who, 0) + put
        st.emit("instability", seat=who, room=label, n=put)
    return put


def remove_inst(st, label: str, n: int) -> int:
    room = st.inst.get(label, {})
    done = 0
    for k in sorted(room, key=lambda k: (-room[k], k)):
        take = min(n - done, room[k])
        room[k] -= take
        done += take
    st.inst[label] = {k: v for k, v in room.items() if v}
    return done


# ---- evocations --------------------------------------------------------------------------------------

def has_token(st, kind: str) -> bool:
    """Rulebook, Evocations: "In the case that there is no corresponding token available in the reserve,
    the Evocation's Effect is ignored"."""
    return sum(1 for e in st.evos if e["kind"] == kind) < C.EVOS[kind]["supply"]


def places_full(st, seat: str) -> bool:
    """All three Evocation places taken (an Abomination takes one)."""
    return sum(1 for e in st.evos if e["owner"] == seat) + abomination(st, seat) >= C.MAX_EVOS


def summon(st, seat: str, kind: str, label: str | None) -> str | None:
    """Put a new Evocation in play. Its summoner has already made room for it (ops_board.make_room): with
    every place taken it is not summoned, never a fourth."""
    if label is None or not has_token(st, kind) or places_full(st, seat):
        return None
    st.next_evo += 1
    eid = f"v{st.next_evo}"
    st.evos.append({"id": eid, "kind": kind, "owner": seat, "at": None, "dmg": 0})
    st.emit("summon", seat=seat, evo=eid, kind=kind, room=label)
    check_quests(st, seat, "summon")
    enter(st, eid, label)
    return eid


def abomination(st, model: str) -> bool:
    """A mage transformed by Disfiguring Mutation (reverse): until the end of the turn it is also counted as
    an Evocation (Dismiss removes it, it takes a place among its mage's 3 Evocations)."""
    return model in st.pos and "abomination" in st.buffs[model] and st.pos[model] != "cell"


def turn_back(st, seat: str, by: str | None) -> None:
    """An Abomination removed as an Evocation: the mage turns back (it stays where it is)."""
    st.buffs[seat] = [b for b in st.buffs[seat] if b != "abomination"]
    st.emit("turn_back", seat=seat, by=by)


def remove_evo(st, ev: dict, by: str | None) -> None:
    if ev in st.evos:
        st.evos.remove(ev)
        st.emit("evo_gone", evo=ev["id"], kind=ev["kind"], by=by, owner=ev["owner"])


# ---- movement and room traps -----------------------------------------------------------------------

def can_leave(st, model: str) -> bool:
    return "leave" not in st.inhib.get(model, [])


def enter(st, model: str, label: str) -> None:
    """Put a model in a room and spring whatever entering it springs."""
    if model in st.pos:
        ev, mover, left = None, model, st.pos[model]
        st.pos[model] = label
    else:
        ev = st.evo(model)
        mover, left = ev["owner"], ev["at"]
        ev["at"] = label
    st.emit("moved", model=model, room=label)
    if left is not None and left != "cell" and left != label and model in st.marks:
        n, src = st.marks.pop(model)  # Blade Barrage / Ring of Fire: leaving the marked room hurts
        hurt(st, src, model, n)
    if st.room_of(model) != label:
        return
    if ev and ev["kind"] == "infamy_of_crete":
        for other in st.models_in(label):
            if other != model:
                hurt(st, ev["owner"], other, 4, {"src_model": model})
        if st.room_of(model) != label:
            return  # a Protection it set off destroyed it
    if not st.armed:
        return  # nothing armed: no Room Trap to spring, no window
    for a in st.armed:
        if a["seat"] != mover and (a["kind"] == "room_trap" or a.get("ask") == "trap"):
            break
    else:
        return  # no other mage's Room Trap, and they ask about no Trap: nothing springs, no window (reaction)
    colour = "black" if st.layout[label] == "black_rose" else st.colour_of(label)
    owners = st.next_seats(mover)
    offers = {o: [a for a in st.armed if a["seat"] == o and a["kind"] == "room_trap" and colour in a["colours"]]
              for o in owners}
    moment = {"on": "enter", "victim": model, "by": mover, "room": label, "colour": colour}
    if ev:
        moment["evo"] = ev["kind"]
    for a in reaction(st, moment, owners, offers):
        if st.room_of(model) != label:
            continue  # a model pushed on or sent to its Cell by an earlier trap is out of reach
        if model in st.pos and _trap_warded(st, model, a):
            continue
        fire(st, a, {"victim": model, "room": label, "colour": colour})


# ---- traps and protections -----------------------------------------------------------------------------

def armed_for(st, seat: str, kind: str, on: tuple[str, ...], owner: str | None = None) -> list[dict]:
    """`seat`'s armed Protections (kind="protection") or the Traps aimed at `seat` (owned by `owner`) that
    wait for one of the conditions `on`."""
    out = []
    for a in st.armed:
        if a["kind"] != kind or a.get("on") not in on:
            continue
        if kind == "protection" and a["seat"] == seat:
            out.append(a)
        elif kind == "trap" and a.get("tgt") == seat and a["seat"] != seat and owner in (None, a["seat"]):
            out.append(a)
    return out


PROTECTION_MOMENTS = frozenset(("damage", "defeat", "spell", "trap"))  # the rest are Traps' moments


def reaction(st, moment: dict, eligible: list[str], offers: dict[str, list[dict]]) -> list[dict]:
    """The armed records that fire at this moment, at most one per seat, in `eligible` order. `eligible` are
    the seats that could own a matching spell (public facts), `offers` the records that really match
    (hidden). Each record fires by its owner's standing order, chosen when it was armed and shown to the
    table with it (data/blackrose/rules.md, "Traps and Protections: standing orders"):
    - "fire at the first chance" (the default): it fires now, with no window and no question;
    - "ask me" (shown to the table with the spell's kind and its condition, `waits_for`, never the spell
      nor its effect): a moment that meets that condition opens a reaction window for the owners whose
      "ask me" spell it meets, and only for them; each has a real choice. Moments are numbered in the order an
      action reaches them; answers come from st.rx (see BlackRoseState.act). When no window can open
      (st.rx_asks is false: nothing was armed "ask me" when this action began), an "ask me" spell armed
      during it fires like the default."""
    ans: dict = {}
    ask: list[str] = []
    if st.rx is not None and st.rx_asks:  # else no window can open, whoever asks
        # Only an "ask me" spell that really matches asks: its condition is public (`waits_for`), so
        # whether it matches is a public fact too, and the window tells the table nothing it did not know.
        ask = [s for s in eligible if any(a.get("ask") for a in offers.get(s, ()))]
    window = bool(ask)
    if window:
        i = st.rx_i
        st.rx_i += 1
        if i >= len(st.rx):
            raise NeedReaction({"moment": moment, "seats": ask,
                                "offers": {s: [a["card"] for a in offers.get(s, ()) if a.get("ask")]
                                           for s in ask}})
        ans = st.rx[i]
    out = []
    for s in eligible:
        mine = offers.get(s, ())
        if window:
            got = next((a for a in mine if a.get("ask") and ans.get(s) == a["card"]), None)
            got = got or next((a for a in mine if not a.get("ask")), None)
        else:
            got = mine[0] if mine else None
        if got is not None:
            out.append(got)
    return out


def waits_for(rec: dict) -> dict:
    """The public condition of a spell armed "ask me" (data/blackrose/rules.md): its kind, what it waits for
    (the card's `on`), the mage a single-target Trap waits for, a Room Trap's colours. Never the spell, nor
    what it does: the owner trades these facts for a say at each chance, so every window is a real choice."""
    out = {"kind": rec["kind"], "on": "enter" if rec["kind"] == "room_trap" else rec.get("on")}
    if rec.get("tgt"):
        out["tgt"] = rec["tgt"]
    if rec.get("colours"):
        out["colours"] = list(rec["colours"])
    return out


def fire_choice(st, seat: str, key: str, values: list, allow_none: bool):
    """A choice the card gives its owner as it fires (where Light Cape passes the Damage, where Dance of
    Death pushes), asked as one more moment of the paused action: only that owner answers. The spell fires
    whatever they answer, so the window names them (it tells nothing the firing will not show)."""
    opts = list(values) + ([None] if allow_none else [])
    if len(opts) == 1 or st.rx is None:
        return opts[0]  # nothing to choose, or no window can open here: the first, as ruled
    i = st.rx_i
    st.rx_i += 1
    if i < len(st.rx):
        return st.rx[i][seat]
    raise NeedReaction({"moment": {"on": "choice", "by": seat, "key": key}, "seats": [seat],
                        "offers": {seat: []}, "values": opts})


def one_reaction(st, moment: dict, eligible: list[str], offers: dict[str, list[dict]]) -> dict | None:
    got = reaction(st, moment, eligible, offers)
    return got[0] if got else None


def fire(st, a: dict, ctx: dict) -> None:
    """Reveal an armed Trap/Protection and resolve its effect now, interrupting whatever was happening."""
    from engine.blackrose.effects import run_ops
    st.armed.remove(a)
    for sl in st.slots[a["seat"]]:
        if sl["card"] == a["card"]:
            sl["state"] = "used"
    side = a["side"] if a["kind"] != "room_trap" else ctx["colour"]
    st.emit("trigger", seat=a["seat"], card=a["card"], side=side, victim=ctx.get("victim"), mode=a.get("mode"))
    sp = C.spell_of(a["card"])
    if sp["instability"]:
        add_inst(st, a["seat"], st.room_of(a["seat"]), 1)
    if a["kind"] == "trap":
        check_quests(st, a["seat"], "trap")
    d = C.side_of(a["card"], side)
    ops = d["modes"][a["mode"]] if a.get("mode") else d["ops"]
    run_ops(st, a["seat"], ops, dict(ctx, trap=a["kind"] != "protection", card=a["card"]), a)


def trap_on(st, seat: str, cond: str, ctx: dict | None = None) -> dict | None:
    """Fire the first Trap aimed at `seat` waiting for `cond`; return its record (its effect may cancel)."""
    if st.pos.get(seat) == "cell":
        return None
    a = trap_reaction(st, seat, cond)
    if a is None:
        return None
    if _trap_warded(st, seat, a):
        return None
    fire(st, a, dict(ctx or {}, victim=seat))
    return a


def trap_reaction(st, seat: str, cond: str) -> dict | None:
    """The Trap aimed at `seat` for `cond` that its owner triggers now (a single-target Trap's target is
    hidden, so every other seat is eligible)."""
    if not st.armed:
        return None  # nothing armed anywhere: no Trap, no window (the common case, so said first)
    for a in st.armed:
        if a["seat"] != seat and (a.get("ask") == "trap" or a["kind"] == "trap" and a.get("on") == cond
                                  and a.get("tgt") == seat):
            break
    else:
        return None  # no Trap aimed at them for this, and no other mage asks about Traps: no window either
    others = st.next_seats(seat)
    offers = {o: armed_for(st, seat, "trap", (cond,), owner=o) for o in others}
    return one_reaction(st, {"on": cond, "victim": seat, "by": seat}, others, offers)


def _trap_warded(st, seat: str, a: dict) -> bool:
    """A Protection against Traps fires first; if it avoids the trap, the trap is spent for nothing."""
    prot = one_reaction(st, {"on": "trap", "victim": seat, "by": a["seat"]}, [seat],
                        {seat: armed_for(st, seat, "protection", ("trap",))})
    if prot is None:
        return False
    fire(st, prot, {"src": a["seat"], "victim": seat, "src_model": a["seat"]})
    if prot.get("avoided"):
        st.armed.remove(a)
        for sl in st.slots[a["seat"]]:
            if sl["card"] == a["card"]:
                sl["state"] = "used"
        st.emit("trap_avoided", seat=seat, card=a["card"])
        return True
    return False


# ---- quests -----------------------------------------------------------------------------------------------

def check_quests(st, seat: str, when: str, **info) -> None:
    if seat not in st.quests or st.pos.get(seat) == "cell":
        return
    for q in list(st.quests[seat]):
        cond = C.QUESTS[q]["cond"]
        if cond["when"] != when:
            continue
        if when == "activate" and not (cond.get("room") == info.get("room") or cond.get("colour") == info.get("colour")):
            continue
        if when == "cast" and cond.get("element") != info.get("element"):
            continue
        if when == "damage" and st.stats[seat].get("burst", 0) < cond["n"]:
            continue
        complete_quest(st, seat, q)


def complete_quest(st, seat: str, q: str) -> None:
    from engine.blackrose.effects import run_ops
    st.quests[seat].remove(q)
    trap = trap_reaction(st, seat, "quest")
    st.done_quests[seat].append(q)
    d = C.QUESTS[q]
    st.emit("quest", seat=seat, quest=q, name=d["name"])
    pp = d["pp"]
    if trap is not None:
        fire(st, trap, {"victim": seat, "quest": q, "pp": pp})
        if trap.get("deny"):  # Deceiving Image (Sad): they cannot complete it this turn
            st.done_quests[seat].remove(q)
            st.quests[seat].append(q)
            st.emit("quest_denied", seat=seat)
            return
        if trap.get("took_card"):
            st.done_quests[seat].remove(q)
            st.done_quests[trap["seat"]].append(q)
        if trap.get("took_pp"):
            pp = 0
    st.gain(seat, pp, "quest")
    if d["reward"]:
        run_ops(st, seat, d["reward"], {"quest": q}, None)


def draw_quest(st, seat: str, moon: int | None = None) -> str | None:
    deck = st.qdeck[str(moon or st.moon)]
    if not deck:
        return None
    q = deck.pop()
    st.quests[seat].append(q)
    st.emit("quest_drawn", seat=seat)
    st.emit("quest_secret", to=seat, quest=q)
    return q


def discard_quest(st, seat: str, q: str) -> None:
    st.quests[seat].remove(q)
    st.qdiscard.append(q)
    st.emit("quest_discarded", seat=seat)  # which Quest stays secret (the log never names it)
    st.gain("rose", C.QUESTS[q]["moon"], "quest")


def in_range(st, origin: str | None, rng) -> list[str]:
    """Room labels a spell cast from `origin` can reach (straight lines), Cells never."""
    if origin is None:
        return []
    if rng == "any":
        return list(B.ROOM_LABELS)
    return B.in_line(origin, int(rng))
