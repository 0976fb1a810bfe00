"""What the Black Rose Wars board shows, pulled out of a public view once: the board text (text.py) and the
board picture (picture.py) are both written from these facts, so their numbers cannot disagree
(tests/present/test_blackrose_board.py checks it). Public keys only; a missing fact reads as nothing."""
from __future__ import annotations

from engine.blackrose import board as B
from engine.blackrose import cards as C


def seat_numbers(view: dict) -> dict[str, int]:
    """Seat -> its number on the board (1..n, in seat order); the Black Rose is 0."""
    out = {s: i + 1 for i, s in enumerate(view.get("seats") or ())}
    out["rose"] = 0
    return out


def pp_shown(view: dict) -> dict[str, int]:
    """The Power Points the board shows: the running total, or once the game is over the final total
    (bonuses included), for every seat and the Black Rose."""
    pp = dict(view.get("pp") or {})
    final = (view.get("final") or {}).get("totals") if view.get("over") else None
    if final:
        pp.update(final)
    return pp


def facts(view: dict) -> dict:
    def get(k: str, default):
        return view.get(k) or default
    num = seat_numbers(view)
    mages, dmg, pos = get("mage", {}), get("dmg", {}), get("pos", {})
    pp = pp_shown(view)
    f = {
        "turn": get("turn", 0), "moon": get("moon", 1), "phase": view.get("phase") or "",
        "crown": num.get(view.get("crown")), "waiting": sorted(num[s] for s in get("waiting", ()) if s in num),
        "over": bool(view.get("over")), "winners": sorted(num[s] for s in get("winners", ()) if s in num),
        "rose_pp": pp.get("rose", 0), "final": bool(view.get("over") and (get("final", {}).get("totals"))),
        "events": [e if e in C.EVENTS else None for e in get("board", (None,) * 3)],
    }
    f["seats"] = [{
        "n": num[s], "seat": s, "mage": mages.get(s, ""),
        "health": C.MAGES.get(mages.get(s), {}).get("health", 0),
        "dmg": sorted([num.get(src, 0), k] for src, k in (dmg.get(s) or {}).items() if k),
        "pp": pp.get(s, 0), "at": pos.get(s, "cell"),
    } for s in get("seats", ())]
    inst, tint, gone, used = get("inst", {}), get("tint", {}), get("destroyed", ()), get("activated", ())
    f["rooms"] = [{
        "label": lab, "room": rid, "colour": tint.get(lab) or C.ROOMS[rid]["colour"],
        "slots": C.ROOMS[rid]["resistance"], "destroyed": lab in gone, "inst": instability(inst.get(lab) or {}, num),
        # The Black Rose Room's activation token comes onto the board with the Second Moon.
        "token": "none" if rid == "black_rose" and f["moon"] < 2 else "used" if lab in used else "ready",
    } for lab, rid in get("layout", {}).items() if lab in B.HEX and rid in C.ROOMS]
    f["cells"] = {str(num[s]): list(ex) for s, ex in get("cells", {}).items() if s in num and ex}
    f["evos"] = [{"id": e.get("id", ""), "kind": e.get("kind", ""), "owner": num.get(e.get("owner"), 0),
                  "at": e.get("at"), "dmg": e.get("dmg", 0),
                  "health": C.EVOS.get(e.get("kind"), {}).get("health")
                  or C.MAGES.get(mages.get(e.get("owner")), {}).get("health", 0)}
                 for e in get("evos", ()) if e.get("at")]
    return f


def instability(placed: dict, num: dict) -> list[int]:
    """One entry per token (the owner's seat number), seats in seat order and the Black Rose (0) last."""
    out = sorted((num[w], k) for w, k in placed.items() if w in num and w != "rose" and isinstance(k, int))
    rose = placed.get("rose", 0)
    return [n for n, k in out + [(0, rose if isinstance(rose, int) else 0)] for _ in range(max(0, k))]
