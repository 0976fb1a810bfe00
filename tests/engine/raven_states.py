"""Shared builders for the Raven rule tests (no tests here): crafted states via load()."""
from __future__ import annotations

from engine import GAMES
from engine.raven.cards import DECK

GAME = GAMES["raven"]
HAND_OF_TRUMP = {"SH": 1, "SW": 2, "AX": 3, "WA": 4}  # standard game: first hand with that trump


def seats(n: int) -> list[str]:
    return [f"p{i}" for i in range(1, n + 1)]


def fresh(n: int = 4, length: str = "standard", theme: str = "raven", seed: int = 1):
    return GAME.new(seats(n), seed, {"length": length, "theme": theme})


def dealt(n: int = 4, **kw):
    st = fresh(n, **kw)
    st.act(st.dealer, {"type": "deal"})
    return st


def craft(hands: dict[str, list[str]], *, phase: str = "play", hand_no: int = 1, length: str = "standard",
          theme: str = "raven", dealer: str | None = None, turn: str | None = None, bids=None, scores=None,
          bonuses=None, tricks=None, locked=None, revealers=None, trick=(), leader=None, led=None,
          called=None, wolf=False):
    """A state with exactly these hands; every other card sits in the taken pile (60 are conserved)."""
    ss = list(hands)
    n = len(ss)
    d = fresh(n, length=length, theme=theme).to_json()
    bids = bids or {s: [] for s in ss}
    used = [c for h in hands.values() for c in h] + [c for b in bids.values() for c in b] + list(trick)
    d.update({
        "hand_no": hand_no, "phase": phase, "dealer": dealer or ss[-1], "draw": [],
        "hands": {s: list(h) for s, h in hands.items()}, "bids": {s: list(b) for s, b in bids.items()},
        "locked": list(ss if locked is None else locked), "revealers": list(revealers or []),
        "trick": list(trick), "leader": leader if trick else None, "led": led, "called": called,
        "wolf": wolf, "turn": turn if turn is not None else (ss[0] if phase == "play" else None),
        "undealt": [], "taken": [c for c in DECK if c not in used],
        "tricks": dict(tricks or {s: 0 for s in ss}), "scores": dict(scores or {s: 0 for s in ss}),
        "bonuses": dict(bonuses or {s: 0 for s in ss}),
    })
    return GAME.load(d)


def play(st, seat: str, card: str, suit: str | None = None) -> list[dict]:
    action = {"type": "play", "card": card}
    if suit:
        action["suit"] = suit
    return st.act(seat, action)


def cards_playable(st, seat: str) -> set[str]:
    return {a["card"] for a in st.pending().get(seat, [])}


def last_trick(cards: list, trump: str | None = "SH") -> tuple[str, object]:
    """Play one final trick where seat i holds only cards[i] (a Dwarf lead as ("DWARF", suit)).
    trump None = the ravenclaw round. Returns (winning seat, state)."""
    plain = [c[0] if isinstance(c, tuple) else c for c in cards]
    ss = seats(len(cards))
    if trump is None:
        st = craft({s: [c] for s, c in zip(ss, plain)}, hand_no=5, length="short")
    else:
        st = craft({s: [c] for s, c in zip(ss, plain)}, hand_no=HAND_OF_TRUMP[trump])
    assert st.trump == trump
    for s, c in zip(ss, cards):
        if isinstance(c, tuple):
            play(st, s, c[0], c[1])
        else:
            play(st, s, c)
    return st.last_winner, st
