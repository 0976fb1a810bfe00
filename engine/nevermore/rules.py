"""The atoms every rule and Magick card is built from: damage, healing, VP, drawing Magick, and the win
check. Damage and VP gains are tasks so that "play at any time" cards can react before they land."""
from __future__ import annotations

from engine.nevermore import cards as C
from engine.nevermore.magick import react_act, react_options
from engine.nevermore.state import task


@task("damage", react_options, react_act)
def damage(st, t):
    tgt, src = t["tgt"], t["src"]
    if st.raven[tgt] or t["n"] <= 0:
        return st.done(t)  # Ravens have no Health to lose
    if react_options(st, t):
        return True
    st.done(t)
    absorbed = min(st.shield.get(tgt, 0), t["n"])
    if absorbed:
        st.shield[tgt] -= absorbed
    n = t["n"] - absorbed
    st.health[tgt] -= n
    st.emit("damage", src=src, tgt=tgt, n=n, absorbed=absorbed, why=t["why"])
    if st.health[tgt] <= 0:
        st.health[tgt] = 0
        st.raven[tgt] = True
        st.emit("raven", seat=tgt, by=src)
        if src is not None and src != tgt:
            st.push({"k": "vp", "tgt": src, "n": 1, "why": "transform", "passed": []})
    return False


# VP a Raven may still earn (kept until they return): turning a player into a Raven, and a Conspiracy.
RAVEN_VP = ("transform", "conspiracy")


@task("vp", react_options, react_act)
def gain_vp(st, t):
    tgt = t["tgt"]
    if t["n"] <= 0 or (st.raven[tgt] and t["why"] not in RAVEN_VP):
        return st.done(t)
    if react_options(st, t):
        return True
    st.done(t)
    st.vp[tgt] += t["n"]
    st.emit("vp", seat=tgt, n=t["n"], why=t["why"], total=st.vp[tgt])
    return False


@task("heal")
def heal(st, t):
    tgt = t["tgt"]
    if not st.raven[tgt]:
        gained = min(t["n"], C.MAX_HEALTH - st.health[tgt])
        st.health[tgt] += gained
        st.emit("heal", seat=tgt, n=gained)
    return st.done(t)


@task("draw")
def draw(st, t):
    got = st.draw_magick(t["deck"], t["n"])
    st.magick[t["seat"]] += got
    if got:
        st.emit("drew", to=t["seat"], deck=t["deck"], names=[C.MAGICK[c]["name"] for c in got])
    st.emit("draw", seat=t["seat"], deck=t["deck"], n=len(got))
    return st.done(t)


def winners_now(st, src: str | None) -> list[str]:
    humans = st.humans()
    if not humans:
        # A Raven whose blow removed the last humans breaks its curse and wins; nothing else can empty
        # the table, but fall back to the most VP rather than stall.
        if src is not None:
            return [src]
        best = max(st.vp.values())
        return [s for s in st.seats if st.vp[s] == best]
    if len(humans) == 1:
        return humans
    rich = [s for s in humans if st.vp[s] >= C.WIN_VP]
    if not rich:
        return []
    best = max((st.vp[s], st.health[s]) for s in rich)
    top = [s for s in rich if (st.vp[s], st.health[s]) == best]
    return top if len(top) == 1 else []  # still tied: play on


@task("check")
def check(st, t):
    won = winners_now(st, t.get("src"))
    st.done(t)
    if not won:
        if any(not st.raven[s] and st.vp[s] >= C.WIN_VP for s in st.seats):
            st.emit("tie", seats=[s for s in st.seats if not st.raven[s] and st.vp[s] >= C.WIN_VP])
        return False
    for s in won:
        if st.raven[s]:
            st.raven[s], st.health[s] = False, C.RETURN_HEALTH
            st.emit("human", seat=s, health=C.RETURN_HEALTH)
    st.winners, st.over = won, True
    st.stack = []
    st.emit("win", seats=won)
    return False
