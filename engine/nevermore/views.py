"""What each reader may see. Public: health, VP, Raven status, direction, tokens, cards in front (as
counts), what is happening. A seat adds its own hand, picks, arrivals, Magick cards and token peeks."""
from __future__ import annotations

from engine.core import decision
from engine.nevermore import cards as C


_COUNTED = (("played", 0), ("killed", 1), ("discarded", 2))


def _front(front: dict) -> dict:
    counts: dict[str, list[int]] = {}
    for zone, idx in _COUNTED:
        for c in front[zone]:
            counts.setdefault(C.SUIT_OF[c], [0, 0, 0])[idx] += 1
    return counts


def _tokens(st, seat: str | None) -> list[str]:
    """Token suits in order; '?' where this reader cannot know it (the first hand is laid out face up)."""
    if st.hand_no == 1:
        return list(st.tokens)
    known = max(st.revealed, st.peek.get(seat, 0)) if seat else st.revealed
    return [suit if i < known else "?" for i, suit in enumerate(st.tokens)]


def _player(st, s: str) -> dict:
    # Built for every player in every reader's view: plain lookups, and the optional keys only when set
    # (in this order: skulk, bonus, shield, ready).
    front = st.front[s]
    p = {"seat": s, "health": st.health[s], "vp": st.vp[s], "raven": st.raven[s], "magick": len(st.magick[s]),
         "front": _front(front)}
    if front["skulk"]:
        p["skulk"] = len(front["skulk"])
    if bonus := st.bonus.get(s, 0):
        p["bonus"] = bonus
    if shield := st.shield.get(s, 0):
        p["shield"] = shield
    if s in st.confirmed:
        p["ready"] = True
    return p


def _prompt(st) -> dict:
    if st.over or not st.stack:
        return {"kind": "over"}
    t = st.stack[-1]
    k = t["k"]
    if k == "draft":
        return {"kind": "draft", "round": t["r"], "count": C.PASS_COUNTS[t["r"]],
                "waiting": [s for s in st.seats if s not in st.confirmed]}
    if k == "commit":
        return {"kind": "commit", "suit": t["suit"]}
    if k == "power":
        kind = "peck" if st.raven[t["seat"]] else "attack"
        return {"kind": kind, "seat": t["seat"], "n": t["n"], "suit": t["suit"],
                "targets": [p for p in t["peck"] if not st.raven[p]]}
    if k == "magick" and t["stage"] == "target":
        return {"kind": "target", "seat": t["seat"], "name": C.MAGICK[t["card"]]["name"]}
    if k == "window":
        return {"kind": "window", "timing": t["timing"], "suit": t.get("suit")}
    # Reaction windows never name who may react: that would reveal who holds what.
    if k == "magick":
        return {"kind": "reaction", "about": k, "seat": t["seat"], "name": C.MAGICK[t["card"]]["name"]}
    if k in ("damage", "vp"):
        return {"kind": "reaction", "about": k, "seat": t["tgt"], "n": t["n"]}
    return {"kind": k}


def _decision(pr: dict) -> dict:
    """Who the public may be told the table waits for. A commit (who has a real Raven-kill choice), a Magick
    window and a reaction window all depend on hidden cards, so they name nobody; windows are quick."""
    k = pr["kind"]
    if k == "draft":
        return decision("draft", pr["waiting"])
    if k in ("attack", "peck", "target"):
        return decision(k, [pr["seat"]])
    if k in ("window", "reaction"):
        return decision("reactions", [], quick=True)
    return decision(k, [])


def _resolution(r: dict | None) -> dict | None:
    """The last hand's resolution (each suit's outcome, Conspiracy, Skulking): all announced publicly."""
    if r is None:
        return None
    return {"hand": r["hand"], "conspiracy": list(r["conspiracy"]),
            "suits": [{**s, "counts": dict(s["counts"]), "actors": list(s["actors"])} for s in r["suits"]],
            "skulking": r["skulking"] and {**r["skulking"], "counts": dict(r["skulking"]["counts"]),
                                           "actors": list(r["skulking"]["actors"])}}


def build_view(st, seat: str | None) -> dict:
    v = {
        "game": "nevermore", "hand_no": st.hand_no, "dealer": st.dealer,
        "dir": "left" if st.dir == 1 else "right", "skip": st.skip, "marker": "left" if st.base_dir == 1 else "right",
        "round": st.round, "current": st.cur_suit, "tokens": _tokens(st, seat),
        "revealed": st.revealed, "resolved": st.resolved,
        "players": [_player(st, s) for s in st.seats],
        "prompt": (pr := _prompt(st)), "decision": _decision(pr), "last": st.last and dict(st.last),
        "resolution": _resolution(st.resolution), "over": st.over, "winners": list(st.winners),
        "in_play": [C.MAGICK[c]["name"] for c in st.in_play],
        "decks": [len(st.light), len(st.shadow)],
        "draws": [list(d) for d in st.draws],
        "seat": seat,
    }
    if seat is not None:
        hand = st.hand[seat]
        v["hand"] = list(hand)
        v["picked"] = list(st.picked[seat])
        v["arrived"] = [c for c in st.arrived[seat] if c in hand]
        v["committed"] = {z: list(ids) for z, ids in st.commits.get(seat, {}).items()}
        v["magick_cards"] = list(st.magick[seat])
        v["actions"] = st.pending().get(seat, [])
    return v
