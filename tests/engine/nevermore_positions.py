"""Helpers for the Nevermore rule tests: build a state at any point of a hand from a few letters.

Hands are strings of suit letters: A Attack, H Healing, R Radiance, V Victory, K Raven (crow).
`build` deals exactly those cards (the rest stay in the deck), sets the task stack to the given steps and a
test-only "halt" task after them, then runs the rules machine until the first decision.
"""
from __future__ import annotations

import copy

from engine import GAMES
from engine.nevermore import cards as C
from engine.nevermore.phases import CLEANUP, step_index
from engine.nevermore.state import task

GAME = GAMES["nevermore"]
LETTER = {"A": "attack", "H": "healing", "R": "radiance", "V": "victory", "K": "raven"}


def _halt_options(st, t):
    return {st.seats[0]: [{"type": "halt"}]}


def _halt_act(st, t, seat, a):
    pass


@task("test_halt", _halt_options, _halt_act)
def _halt(st, t):
    """Test-only: the machine stops here so a test can look at the state after the steps it asked for."""
    return True


def hand_slice(start: int, stop: int) -> list[dict]:
    """Steps start..stop-1 of the hand schedule (flow.SCHEDULE), run by a real hand cursor."""
    return [{"k": "hand", "step": start, "stop": stop}]


def resolution_steps(first: int = 0) -> list[dict]:
    """The Resolution phase from token `first` on (before clean-up)."""
    start = step_index("window", timing="before_resolution") if first == 0 else step_index("suit", i=first)
    return hand_slice(start, CLEANUP)


def build(hands: dict[str, str], *, dealer: str | None = None, direction: int = 1, hand_no: int = 1,
          tokens: list[str] | None = None, health: dict | None = None, vp: dict | None = None,
          raven: dict | None = None, magick: dict | None = None, steps: list[dict] | None = None,
          collected: dict | None = None, seed: int = 0):
    seats = list(hands)
    st = GAME.new(seats, seed)
    pool = {suit: [c for c in C.MAIN_IDS if C.SUIT_OF[c] == suit] for suit in C.SUITS}
    st.hand = {s: [pool[LETTER[ch]].pop(0) for ch in hands[s]] for s in seats}
    used = {c for h in st.hand.values() for c in h}
    st.deck = [c for c in C.MAIN_IDS if c not in used]
    held = {s: list((magick or {}).get(s, [])) for s in seats}
    taken = {c for cs in held.values() for c in cs}
    st.magick = held
    st.light = [c for c in C.LIGHT_IDS if c not in taken]
    st.shadow = [c for c in C.SHADOW_IDS if c not in taken]
    st.light_discard, st.shadow_discard, st.in_play = [], [], []
    st.raven = {s: (raven or {}).get(s, False) for s in seats}
    st.health = {s: (health or {}).get(s, 0 if st.raven[s] else 5) for s in seats}
    st.vp = {s: (vp or {}).get(s, 0) for s in seats}
    st.dealer = dealer or seats[-1]
    st.dir = st.base_dir = direction
    st.skip = False
    st.hand_no = hand_no
    st.tokens = list(tokens or C.FIRST_TOKENS)
    st.revealed = st.resolved = 0
    st.picked = {s: [] for s in seats}
    st.confirmed, st.round = [], 3
    st.arrived = {s: [] for s in seats}
    st.collected = {s: [C.SUIT_OF[c] for c in st.hand[s]] for s in seats}
    if collected:
        st.collected.update({s: [LETTER[ch] for ch in v] for s, v in collected.items()})
    st.front = {s: {z: [] for z in ("played", "killed", "ravens", "discarded", "skulk")} for s in seats}
    st.commits, st.bonus, st.shield, st.peek = {}, {}, {}, {}
    st.cur_suit, st.last, st.draws, st.winners, st.over = None, None, [], [], False
    steps = copy.deepcopy(steps if steps is not None else resolution_steps())  # tasks are mutated as they run
    st.stack = [{"k": "test_halt"}] + list(reversed(steps))
    st._pending = None
    st.run()
    return st


def halted(st) -> bool:
    return st.over or st.stack[-1]["k"] == "test_halt"


def act(st, seat: str, action: dict) -> list[dict]:
    return st.act(seat, action)


def settle(st, choose=None) -> list[dict]:
    """Answer every decision until the halt: `choose(seat, legal)` or else the first legal action, except
    that Magick windows and reactions are passed."""
    events: list[dict] = []
    while not halted(st):
        pend = st.pending()
        seat = sorted(pend)[0]
        legal = pend[seat]
        pick = choose(seat, legal) if choose else None
        if pick is None:
            pick = {"type": "pass"} if {"type": "pass"} in legal else legal[0]
        events += st.act(seat, pick)
    return events


def count(st, seat: str, suit: str) -> int:
    return sum(1 for c in st.hand[seat] if C.SUIT_OF[c] == suit)
