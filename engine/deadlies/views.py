"""What one reader may see: public zones for everyone, the hand (and own secret choices) for its owner."""
from __future__ import annotations

from engine.core import decision

# Answers to someone else's play: quick windows (the host gives them a short timer).
QUICK = frozenset({"pride_answer", "wrath_answer", "lust_ab", "lust_secret"})


def _public_effect(st) -> dict | None:
    e = st.effect
    if e is None:
        return None
    out = {k: (list(v) if isinstance(v, list) else v) for k, v in e.items() if k != "choices"}
    if "dealt" in e:
        out["dealt"] = [list(x) for x in e["dealt"]]
    if "choices" in e:
        out["chosen"] = sorted(e["choices"])  # who has chosen, never what
    return out


def public(st) -> dict:
    """The part of every view that is the same for all readers (cached by the state per action)."""
    p = st.play
    return {
        "seat": None,
        "turn": st.turn,
        "turn_number": st.turns + 1,
        "turn_limit": st.limit,
        "phase": st.phase,
        "wickedness": st.wick.copy(),  # seat order is the order of these per-seat dicts
        "hand_sizes": {s: len(h) for s, h in st.hands.items()},
        "known": {s: k[:] for s, k in st.known.items() if k},
        "sloths": {s: c for s, c in st.sloth.items() if c},
        "halo": st.halo_place(),
        "deck": len(st.deck),
        "discard": len(st.discard),
        "discard_top": st.discard[-1] if st.discard else None,
        "in_play": None if p is None else {
            "seat": p["seat"], "cards": p["cards"][:], "kind": p["kind"], "top": p["top"],
            "effect": p["effect"], "as_suit": p.get("as_suit")},
        "effect": _public_effect(st),
        "awaiting": st.awaiting(),
        "winners": st.winners[:],
        "ended": st.ended,  # None while playing, then "win" or "limit"
        "decision": _decision(st),
    }


def _decision(st) -> dict:
    """awaiting() is public: a turn, an answer, a secret choice not yet made (never which one)."""
    if st.ended:
        return decision("over", [])
    if st.phase != "effect":
        return decision(st.phase, st.awaiting())
    kind = st.effect["kind"]
    return decision(kind, st.awaiting(), **({"quick": True} if kind in QUICK else {}))


def build(st, base: dict, seat: str | None) -> dict:
    """base is public(st); views share its read-only parts and add the reader's own secrets."""
    v = base.copy()
    if seat in st.hands:
        v["seat"] = seat
        v["hand"] = st.hands[seat][:]
        if st.phase == "build" and st.turn == seat:
            v["picked"] = st.picks[:]
        e = st.effect
        if e is not None and "choices" in e and seat in e["choices"]:
            v["lust_choice"] = e["choices"][seat] or None
    return v
