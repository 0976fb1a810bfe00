"""The effect vocabulary: every spell side, Quest reward and Event is a list of ops (data/blackrose/); this
module runs them, and the ops_*.py modules give each op its meaning (OPS). `ctx` carries what the cast chose: "room" (an area target),
"model" (a single target), "victim" (who sprang a trap), "hit" (models the last damage op reached).

Ops run one after another inside an "fx" task (effects_task below). An op that needs a player's choice
returns a task to push: "pick" asks one seat to ask_choice a value and then the same op runs again with the
answer in ctx; a delegate task (an Evocation acting, a move-and-attack) runs to its end and the list goes
on. Ops fired by Traps and Protections run at once (run_ops): a choice the card gives its owner there is
asked as one more moment of the paused action (rules.fire_choice); rewards and Events take the first value."""
from __future__ import annotations

from engine.blackrose import board as B
from engine.blackrose.state import task, waits

OPS: dict = {}  # op name -> function(state, seat, op, ctx); filled by the ops_*.py modules


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
        for k in ("prevented", "avoided", "took_card", "took_pp", "cancel", "redirect", "deny", "took_room",
                  "offer_cancel"):
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
            # Where this fx task stands (a Trap the op set off may have pushed its follow-up above it).
            out["fx"] = _index_of(st.stack, t)
            st.push(out)
            return False
        t["i"] += 1
        ctx.pop("ans", None)
        if st.stack[-1] is not t:
            return False  # a Trap or Protection this op set off pushed its own follow-up: that runs first
    return st.done(t)


def _index_of(stack: list[dict], t: dict) -> int:
    """Where task t stands on the stack, counting from the bottom (searched from the top, where it is)."""
    i = len(stack) - 1
    while stack[i] is not t:
        i -= 1
    return i


def ask(seat: str, key: str, values: list, allow_none: bool = False, source: dict | None = None,
        subject: str | None = None) -> dict:
    """A pick: `key` says what is asked (the presenter words it, with what asks and about whom)."""
    t = {"k": "pick", "seat": seat, "key": key, "values": values, "none": allow_none}
    if source:
        t["source"] = source  # what asks (a spell, a room, a Quest, an Event): the prompt's context
    if subject is not None:
        t["subject"] = subject  # what the question is about (the model Whispering Wind blows away)
    return t


def pick_options(st, t):
    extra = {"step": True} if t.get("step") else {}  # a later step of a decision already begun
    acts = [{"type": "pick", "value": v, **extra} for v in t["values"]]
    if t["none"]:
        acts.append({"type": "pick", "value": None, **extra})
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


SOURCE_KEYS = ("card", "side", "activated", "quest", "event")


def ask_choice(st, seat, ctx, key, values, allow_none=False, again=False, hidden=False, subject=None):
    """(wait, value): the seat's answer for `key`, asking once. Answers last until the op finishes, so an
    op can ask several things and re-run; `again` consumes the answer (a question asked in a loop). In
    automatic resolution the answer is the first value (or none when none is allowed).

    A question with a single possible answer is not asked when how many answers there are follows from
    public facts (models and rooms on the board, how many cards a pile or a hand holds): skipping it then
    tells nobody anything. `hidden=True` marks a list filtered by hidden cards (the Protections in a
    hand): a lone answer there is asked anyway, since answering at once would show it was the only one."""
    ans = ctx.setdefault("ans", {})
    if key in ans:
        return False, (ans.pop(key) if again else ans[key])
    if ctx.get("auto") and ctx.get("armed") is not None and values:
        from engine.blackrose.rules import fire_choice  # a Trap or Protection firing: its owner chooses
        return False, fire_choice(st, seat, key, values, allow_none)
    if ctx.get("auto") or not values and not allow_none:
        return False, (None if allow_none or not values else values[0])
    if not hidden and len(values) + allow_none == 1:
        return False, (values[0] if values else None)
    return True, ask(seat, key, values, allow_none, {k: ctx[k] for k in SOURCE_KEYS if k in ctx}, subject)


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


# ---- the hand limit, "at any time" --------------------------------------------------------------------------

def hand_limit(st, seat, ctx):
    """Over the hand limit after a draw: a follow-up step discards the excess (see hand_limits)."""
    if len(st.hand[seat]) <= st.hand_limit(seat):
        return None
    return {"k": "hand_limits", "seats": [seat], "delegate": True}


def _over_limit(st, t) -> str | None:
    return next((s for s in t.get("seats") or st.order if len(st.hand[s]) > st.hand_limit(s)), None)


def limits_options(st, t):
    s = _over_limit(st, t)
    if s is None:
        return {}
    extra = {"step": True} if t.get("by") == s else {}  # the second card of one seat's discard
    return {s: [{"type": "discard", "card": c, **extra} for c in sorted(set(st.hand[s]))]}


def limits_act(st, t, seat, a):
    st.hand[seat].remove(a["card"])
    st.memories[seat].append(a["card"])
    st.emit("discard", seat=seat)  # which spell is private: Memories are face down
    t["by"] = seat


@task("hand_limits", limits_options, limits_act)
def hand_limits(st, t):
    """Rulebook, 2. Study Phase: "If at any time the number of cards a Mage has in hand exceeds the limit
    [...] they must immediately discard the excess cards to their Memories", the Mage choosing which, one
    card at a time, in turn order (after a Moon's Custom Spell, an Event's draw, Traps back in hand)."""
    return waits(st, t) or st.done(t)


def _load_ops() -> None:
    """The op table lives in five modules by theme; importing them fills OPS."""
    from engine.blackrose import ops_board, ops_cards, ops_damage, ops_power, ops_quests  # noqa: F401


_load_ops()
