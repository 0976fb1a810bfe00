"""One hand of Nevermore as tasks: set-up, the hand schedule, dealing, the three draft rounds, the Conspiracy
check and clean-up. Suits are in suits.py; Magick windows sit between the steps (magick.py)."""
from __future__ import annotations

from engine.nevermore import cards as C
from engine.nevermore.state import FLOW, FRONT_ZONES, NevermoreState, task, waits


def new_state(seats: list[str], seed: int) -> NevermoreState:
    st = NevermoreState()
    st.seats = list(seats)
    st.rng = seed
    st.hand_no = 0
    st.base_dir = st.dir = 1  # 1 = left (the next seat in seat order), -1 = right
    st.skip = False
    st.health = {s: C.START_HEALTH for s in seats}
    st.vp = {s: 0 for s in seats}
    st.raven = {s: False for s in seats}
    st.deck = list(C.MAIN_IDS)
    st.shuffle(st.deck)
    st.draws = _choose_dealer(st)
    st.dealer = st.draws[-1][0]
    st.shuffle(st.deck)  # the drawn cards went back in
    st.light, st.shadow = list(C.LIGHT_IDS), list(C.SHADOW_IDS)
    st.shuffle(st.light)
    st.shuffle(st.shadow)
    st.light_discard, st.shadow_discard, st.in_play = [], [], []
    st.magick = {s: [st.shadow.pop()] for s in seats}  # one face-down Shadow Magick each
    st.hand = {s: [] for s in seats}
    st.winners, st.over = [], False
    st.resolution = None  # the last hand's resolution: kept on the board until the next hand resolves
    st.stack = [{"k": "hand", "step": 0}]
    st.run()  # deals the first hand, which sets every per-hand field
    return st


def _choose_dealer(st: NevermoreState) -> list[list[str]]:
    """Each player in turn draws from the main deck until a Raven appears (public); cards are not removed."""
    draws, i = [], 0
    while True:
        seat = st.seats[i % len(st.seats)]
        suit = C.SUIT_OF[st.deck[i]]
        draws.append([seat, suit])
        if suit == "raven":
            return draws
        i += 1


def _clear_hand_zones(st: NevermoreState) -> None:
    seats = st.seats
    st.picked = {s: [] for s in seats}
    st.confirmed, st.round = [], 0
    st.arrived = {s: [] for s in seats}
    st.collected = {s: [] for s in seats}
    st.front = {s: {z: [] for z in FRONT_ZONES} for s in seats}
    st.commits, st.bonus, st.shield = {}, {}, {}


def window(timing: str, suit: str | None = None) -> dict:
    return {"k": "window", "timing": timing, "suit": suit}


# One hand, in order. The "hand" task at the bottom of the stack is a cursor into this list: each time it
# is on top it starts the next step, so the schedule itself never has to be stored in the state.
SCHEDULE: tuple[dict, ...] = (
    {"k": "deal"}, window("before_draft"), *({"k": "draft", "r": r} for r in range(3)), {"k": "final"},
    window("before_resolution"), {"k": "conspiracy"}, *({"k": "suit", "i": i} for i in range(4)),
    window("before_skulking"), {"k": "skulking"}, {"k": "returns"}, window("end_of_hand"), {"k": "cleanup"},
)
CLEANUP = len(SCHEDULE) - 1


def step_index(kind: str, **match) -> int:
    return FLOW.step_index("hand", kind, **match)


# The "hand" cursor at the bottom of the stack runs SCHEDULE; after clean-up it starts the next hand.
FLOW.phases("hand", SCHEDULE)


@task("deal")
def deal(st, t):
    st.hand_no += 1
    for s in st.seats:
        st.hand[s] = [st.deck.pop() for _ in range(C.HAND_SIZE)]
        st.emit("deal", to=s, suits=[C.SUIT_OF[c] for c in st.hand[s]])
    _clear_hand_zones(st)
    st.tokens = list(C.FIRST_TOKENS)
    if st.hand_no > 1:
        st.shuffle(st.tokens)  # cloaked in shadow: revealed one at a time
    st.revealed = st.resolved = 0
    st.peek, st.cur_suit, st.last = {}, None, None
    st.emit("hand", hand=st.hand_no, dealer=st.dealer, dir=st.dir)
    return st.done(t)


# ---- drafting -------------------------------------------------------------------------------------

def draft_seat_options(st, t, s):
    """One seat's draft choices: they depend only on its own hand, picks and confirmation, so after a
    seat acts the kernel works out only that seat's again (the hot spot of random playouts)."""
    if s in st.confirmed:
        return None
    need = C.PASS_COUNTS[t["r"]]
    picks, suit_of = st.picked[s], C.SUIT_OF
    n = len(picks)
    if n < need:
        hand = st.hand[s]
        left = {suit_of[c] for c in hand if c not in picks} if picks else {suit_of[c] for c in hand}
        acts = [{"type": "pick", "suit": x} for x in C.SUITS if x in left]
    else:
        acts = []
    if picks:  # take back the last card chosen
        acts.append({"type": "unpick", "suit": suit_of[picks[-1]]})
    if n == need:
        acts.append({"type": "confirm"})
    return acts


def draft_options(st, t):
    return {s: draft_seat_options(st, t, s) for s in st.seats if s not in st.confirmed}


def draft_act(st, t, seat, a):
    picks = st.picked[seat]
    if a["type"] == "pick":
        picks.append(next(c for c in st.hand[seat] if C.SUIT_OF[c] == a["suit"] and c not in picks))
    elif a["type"] == "unpick":
        picks.pop()
    else:
        st.confirmed.append(seat)
        st.emit("ready", seat=seat)


@task("draft", draft_options, draft_act, seat_options=draft_seat_options)
def draft(st, t):
    if not t.get("go"):
        t["go"] = True
        st.round, st.confirmed = t["r"], []
        st.picked = {s: [] for s in st.seats}
    if len(st.confirmed) < len(st.seats):
        return waits(st, t)
    # Everyone confirmed: all passes happen at once.
    n, step = len(st.seats), st.dir * (2 if st.skip else 1)
    moving = {s: st.picked[s] for s in st.seats}
    for i, s in enumerate(st.seats):
        to = st.seats[(i + step) % n]
        st.hand[s] = [c for c in st.hand[s] if c not in moving[s]]
        st.hand[to] += moving[s]
        st.arrived[to] = list(moving[s])
    for s in st.seats:
        st.emit("arrived", to=s, suits=[C.SUIT_OF[c] for c in st.arrived[s]])
    st.picked = {s: [] for s in st.seats}
    st.confirmed = []
    st.emit("passed", round=t["r"], count=C.PASS_COUNTS[t["r"]], dir=st.dir, skip=st.skip)
    return st.done(t)


@task("final")
def final_hand(st, t):
    """The Final Drafted Hand: what a Raven player 'collected' for returning to human form."""
    st.round = 3
    for s in st.seats:
        st.collected[s] = [C.SUIT_OF[c] for c in st.hand[s]]
    return st.done(t)


# ---- resolution -----------------------------------------------------------------------------------

@task("conspiracy")
def conspiracy(st, t):
    who = [s for s in st.order() if st.suit_count_in_hand(s, "raven") >= 5]
    # Resolution starts here: the previous hand's summary gives way to this hand's, filled in as it goes.
    st.resolution = {"hand": st.hand_no, "conspiracy": who, "suits": [], "skulking": None}
    st.done(t)
    if not who:
        return False
    assert st.stack[-1]["k"] == "hand"
    st.stack[-1]["step"] = CLEANUP  # the hand is over at once: straight to clean-up
    follow = []
    for s in who:
        st.emit("conspiracy", seat=s)
        follow += [{"k": "damage", "src": s, "tgt": o, "n": 1, "why": "conspiracy", "passed": []}
                   for o in st.order() if o != s and not st.raven[o]]
        follow += [{"k": "draw", "seat": s, "deck": "shadow", "n": 1},
                   {"k": "vp", "tgt": s, "n": 1, "why": "conspiracy", "passed": []}]
    st.push(*follow, {"k": "check", "src": who[0]})
    return False


@task("cleanup")
def cleanup(st, t):
    for s in st.seats:
        cards = st.hand[s] + [c for z in FRONT_ZONES for c in st.front[s][z]]
        for zone in st.commits.get(s, {}).values():
            cards += zone
        for c in cards:
            if C.deck_of(c) == "main":
                st.deck.append(c)
            else:
                st.discard_magick(c)
        st.hand[s] = []
    _clear_hand_zones(st)
    st.draws = []  # the dealer draw is only shown during the first hand
    st.shuffle(st.deck)
    st.base_dir = -st.base_dir  # flip the Passing Direction Marker
    st.dir, st.skip = st.base_dir, False
    st.dealer = st.seats[(st.seats.index(st.dealer) + 1) % len(st.seats)]
    st.emit("cleanup", dealer=st.dealer, dir=st.dir)
    return st.done(t)
