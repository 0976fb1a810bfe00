"""What one reader may see: public zones for everyone, the hand (and own secret choices) for its owner."""
from __future__ import annotations

from engine.core import decision

from .cards import HALO

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
        **_last_results(st),
    }


def _hidden(st) -> set[str]:
    """Cards nobody but their holder may place now: the deck, and hand cards not known to all."""
    out = set(st.deck)
    for s, hand in st.hands.items():
        known = st.known[s]
        out.update(c for c in hand if c not in known and c != HALO)
    return out


def _last_results(st) -> dict:
    """The last Greed bust and Lust reveal. A summary stays until the next one, or until one of its cards
    goes back into hiding (reshuffled into the deck, stolen, traded away unseen): the board never names a
    card that now lies where the public may not look."""
    greed, lust = st.last["greed"], st.last["lust"]
    if greed is None and lust is None:
        return {"last_greed": None, "last_lust": None}
    hidden = _hidden(st)
    if greed is not None and hidden.intersection(greed["cards"]):
        greed = None
    if lust is not None and hidden.intersection(c for c in lust["cards"].values() if c):
        lust = None
    return {"last_greed": _last_greed(greed), "last_lust": _last_lust(lust)}


def _last_greed(g: dict | None) -> dict | None:
    """The last Greed bust: every card in it was dealt face up."""
    return None if g is None else {"seat": g["seat"], "cards": g["cards"][:], "turn": g["turn"]}


def _last_lust(g: dict | None) -> dict | None:
    """The last Lust reveal: both discards were shown; which cards a hit seat drew is not public."""
    if g is None:
        return None
    return {"seat": g["seat"], "partner": g["partner"], "cards": dict(g["cards"]), "hits": dict(g["hits"]),
            "turn": g["turn"]}


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
        lust = st.last["lust"]
        if lust is not None and seat in lust["drew"] and v["last_lust"] is not None:
            drew, mine = lust["drew"][seat], st.hands[seat]
            hidden = _hidden(st)  # only while every drawn card is still in this hand or in public
            if all(c in mine or c not in hidden for c in drew):
                v["last_lust_drew"] = drew[:]
    return v
