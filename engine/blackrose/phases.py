"""Set-up and the six phases of a Game Turn, declared as data on the flow kernel (FLOW.phases), then
Clean-up's room destruction and the end-of-game scoring. The Study and the Preparation: study_prep.py."""
from __future__ import annotations

from engine.blackrose import board as B
from engine.blackrose import cards as C
from engine.blackrose import rules as R
from engine.blackrose.effects import run_ops
from engine.blackrose.orders import asks, set_order
from engine.blackrose.state import FLOW, BlackRoseState, task

GAME_TURN = (
    {"k": "br_start"}, {"k": "quests", "i": 0}, {"k": "black_rose"}, {"k": "quest_draw"}, {"k": "reorder"},
    {"k": "study_all", "i": 0}, {"k": "reorder"}, {"k": "prep"}, {"k": "action_start"},
    {"k": "action_phase", "i": 0}, {"k": "action_end"}, {"k": "reorder"}, {"k": "evo_phase", "i": 0},
    {"k": "cleanup"}, {"k": "hand_limits"}, {"k": "turn_end"},
)
FLOW.phases("game_turn", GAME_TURN)
SETUP = ({"k": "pick_mage"}, {"k": "pick_school"}, {"k": "deal"})
FLOW.phases("setup", SETUP, repeat=False)
# Extra Game Turns go on "until a winner is determined" (the rulebook); this bound is only a safety net so
# that a game always ends (OUR OWN): after it the normal tie-breaks decide. Random games never reach it.
EXTRA_TURN_LIMIT = 20


def new_state(seats: list[str], seed: int, opts: dict) -> BlackRoseState:
    st = BlackRoseState()
    st.seats, st.rng, st.opts = list(seats), seed, dict(opts)
    st.turn, st.moon, st.extra = 0, 1, 0
    st.crown = seats[0]
    st.order = list(seats)
    st.mage, st.school, st.colour = {}, {}, {}
    labels = [lab for lab in B.ROOM_LABELS if lab not in ("X", "A1")]
    others = [r for r in C.ROOMS if r not in ("black_rose", "throne")]
    st.shuffle(others)
    st.layout = {"X": "black_rose", B.LABEL[tuple(C.LODGE["throne"])]: "throne", **dict(zip(labels, others))}
    spots = [list(x) for x in C.LODGE["cells"][str(len(seats))]]
    st.shuffle(spots)
    st.cells = dict(zip(seats, spots))
    st.pos = {s: "cell" for s in seats}
    st.destroyed, st.activated, st.inst = [], [], {}
    st.dmg = {s: {} for s in seats}
    st.temp, st.evos, st.next_evo = [], [], 0
    st.pp = {s: 0 for s in seats}
    st.pp["rose"] = 0
    st.hand = {s: [] for s in seats}
    st.grimoire = {s: [] for s in seats}
    st.memories = {s: [] for s in seats}
    st.aside = {s: [] for s in seats}
    st.library = {s: C.school_cards(s) for s in C.SCHOOLS}
    st.discards = {s: [] for s in C.SCHOOLS}
    st.forgotten = list(C.FORGOTTEN)
    st.shuffle(st.forgotten)
    st.removed = []
    st.quests = {s: [] for s in seats}
    st.done_quests = {s: [] for s in seats}
    small = len(seats) < 4
    st.qdeck = {str(m): [q for q in C.quest_deck(m) if not (small and C.QUESTS[q].get("big"))] for m in (1, 2, 3)}
    st.edeck = {str(m): C.event_deck(m) for m in (1, 2, 3)}
    for d in (*st.qdeck.values(), *st.edeck.values()):
        st.shuffle(d)
    st.qdiscard, st.board, st.ediscard, st.mods = [], [None, None, None], [], {}
    st.slots = {s: [] for s in seats}
    st.armed = []
    st.phys = {s: 2 for s in seats}
    st.inhib = {s: [] for s in seats}
    st.buffs = {s: [] for s in seats}
    st.marks, st.trophies, st.tokens = {}, {}, {}
    st.stats = {s: {} for s in seats}
    st.winners, st.over, st.final, st.last = [], False, {}, {}
    # The standing orders each mage asked to be asked about instead ("quests", "evos"): none at first
    # (orders.py).
    st.ask_me = {s: [] for s in seats}
    st.stack = [{"k": "game_turn", "step": 0}, {"k": "setup", "step": 0}]
    st.run()
    return st


# ---- set-up ---------------------------------------------------------------------------------------------

def mage_options(st, t):
    s = st.order[len(st.mage)]
    return {s: [{"type": "mage", "mage": m} for m in C.MAGES if m not in st.mage.values()]}


def mage_act(st, t, seat, a):
    st.mage[seat] = a["mage"]
    st.emit("mage", seat=seat, mage=a["mage"])


@task("pick_mage", mage_options, mage_act)
def pick_mage(st, t):
    if len(st.mage) == len(st.seats):
        return st.done(t)
    return True


def school_options(st, t):
    s = st.order[len(st.school)]
    return {s: [{"type": "school", "school": x, "grimoire": g} for x in C.SCHOOLS
                if x not in st.school.values() for g in (0, 1)]}


def school_act(st, t, seat, a):
    st.school[seat] = a["school"]
    names = C.GRIMOIRES[a["school"]][a["grimoire"]]
    lib = st.library[a["school"]]
    first = {}  # each spell's first copy in the deck (one pass, rather than a search per name)
    for c in lib:
        first.setdefault(c.split(".", 1)[0], c)
    got = [first[n] for n in names]
    for c in got:
        lib.remove(c)
    custom = C.custom_cards(st.mage[seat])
    st.grimoire[seat] = got + custom[:1]
    st.aside[seat] = custom[1:]
    st.shuffle(st.grimoire[seat])
    st.emit("school", seat=seat, school=a["school"], grimoire=a["grimoire"])


@task("pick_school", school_options, school_act)
def pick_school(st, t):
    if len(st.school) == len(st.seats):
        return st.done(t)
    return True


@task("deal")
def deal(st, t):
    for lib in st.library.values():
        st.shuffle(lib)
    st.emit("setup", cells={s: B.cell_exits(st.cells[s]) for s in st.seats})
    return st.done(t)


# ---- 1. Black Rose phase ------------------------------------------------------------------------------

def _discard_event(st, i: int) -> None:
    e = st.board[i]
    st.board[i] = None
    st.ediscard.append(e)
    st.emit("event_gone", event=e)
    st.gain("rose", C.EVENTS[e]["pp_out"], "event")


def _place(st, i: int, e: str) -> None:
    """Put an Event at position i, pushing whatever is there forward (off the board from position 3)."""
    if st.board[i] is not None:
        if i == 2:
            _discard_event(st, 2)
        else:
            _place(st, i + 1, st.board[i])
    st.board[i] = e


def enter_event(st, e: str, drawer: str) -> None:
    """An Event comes into play: the Black Rose gains its PP, a Crown Event gives the drawer the Crown, an
    Instant Event acts at once and leaves; any other takes its place on the Event Board and stays in play
    until it leaves (st.event_mods; black_rose below)."""
    d = C.EVENTS[e]
    st.emit("event", event=e, name=d["name"], by=drawer)
    st.gain("rose", d["pp_in"], "event")
    if d["crown"]:
        st.crown = drawer
        st.emit("crown", seat=drawer)
    if d["phase"] == "instant":
        if d.get("ops"):
            run_ops(st, drawer, d["ops"], {"event": e}, None)
        st.ediscard.append(e)
        st.emit("event_gone", event=e)
        st.gain("rose", d["pp_out"], "event")
    else:
        _place(st, d["pos"] - 1, e)


@task("br_start")
def br_start(st, t):
    """1. Black Rose Phase: the Crown holder at its start is the First Player for this Game Turn."""
    st.turn += 1
    i = st.seats.index(st.crown)
    st.order = st.seats[i:] + st.seats[:i]
    st.emit("game_turn", turn=st.turn, first=st.crown, moon=st.moon)
    return st.done(t)


def quest_options(st, t):
    s = st.order[t["i"]]
    acts = [{"type": "discard_quest", "quest": q} for q in st.quests[s]]
    return {s: acts + [{"type": "keep"}, {"type": "keep", "always": True}]} if acts else {}


def quest_act(st, t, seat, a):
    if a["type"] == "keep":
        t["i"] += 1
        if a.get("always"):
            set_order(st, seat, "quests", False)
    else:
        R.discard_quest(st, seat, a["quest"])


@task("quests", quest_options, quest_act)
def quests(st, t):
    """Rulebook, 1. Black Rose Phase: "you can discard one or both of them at the beginning of the Black Rose
    Phase" (the Black Rose gains the Quest's Moon in PP), each mage in turn from the First Player, before
    the Event is drawn: a Moon reached by a discard changes the decks the Event comes from. Only a mage who
    asked to be asked is asked (standing orders); the others keep theirs."""
    if st.settle():
        return False
    while t["i"] < len(st.order):
        s = st.order[t["i"]]
        if st.quests[s] and asks(st, s, "quests"):  # else kept, the standing order
            return True
        t["i"] += 1
    return st.done(t)


@task("black_rose")
def black_rose(st, t):
    """Steps 1 and 2: the Events shift (off the board from place 3) and the player to the right of the First
    Player draws one from the current Moon's deck. Then every Black Rose Phase Event on the board acts: an
    Event "is in play until it leaves" and resolves in its phase of every Game Turn while it is there."""
    st.done(t)
    if st.board[2] is not None:
        _discard_event(st, 2)
    st.board = [None, st.board[0], st.board[1]]
    deck = st.edeck[str(st.moon)]
    drawer = st.order[-1]  # the player to the right of the First Player
    if deck:
        enter_event(st, deck.pop(), drawer)
    else:
        st.gain("rose", 3, "no_event")  # OUR OWN: an empty Event deck still feeds the Black Rose
    for e in list(st.board):
        d = C.EVENTS[e] if e else None
        if d and d["phase"] == "black_rose" and d.get("ops") and e in st.board:
            st.emit("event_acts", event=e, name=d["name"])
            run_ops(st, drawer, d["ops"], {"event": e}, None)
    st.settle()
    return False


@task("quest_draw")
def quest_draw(st, t):
    """Step 3: starting from the First Player, each Mage who has no Quest draws one Quest card."""
    for s in st.order:
        if not st.quests[s]:
            R.draw_quest(st, s)
    return st.done(t)


@task("reorder")
def reorder(st, t):
    """For the Crown! (optional): a new Crown bearer is First Player from the next phase on."""
    if st.opts.get("for_the_crown") and st.order[0] != st.crown:
        i = st.seats.index(st.crown)
        st.order = st.seats[i:] + st.seats[:i]
        st.emit("first_player", seat=st.crown)
    return st.done(t)


@task("action_start")
def action_start(st, t):
    """4. Action Phase: "At the start of this phase, check the Event Board for any Events that Activate during
    this phase" (st.event_mods reads them while the phase lasts). Inhibitions aimed at "the next Action
    Phase" (Lightning Storm) start to bite now."""
    st.mods["action"] = True
    for s in st.seats:
        st.inhib[s] = [x[:-5] if x.endswith("_next") else x for x in st.inhib[s]]
    return st.done(t)


@task("action_end")
def action_end(st, t):
    st.mods.pop("action", None)
    return st.done(t)


# ---- 5. Evocations ----------------------------------------------------------------------------------------

@task("evo_phase")
def evo_phase(st, t):
    s = st.next_in_order(t)
    if s is None:
        return st.done(t)
    # Evocations hunt (evocations.hunt_move) unless the mage asked to be asked (standing orders).
    st.push({"k": "evo_seat", "seat": s, "acted": [], **({} if asks(st, s, "evos") else {"hunt": True})})
    return False


# ---- 6. Clean-up --------------------------------------------------------------------------------------------

@task("cleanup")
def cleanup(st, t):
    for s in st.seats:
        for sl in st.slots[s]:
            c = sl["card"]
            if sl["state"] == "lost":
                continue
            armed = next((a for a in st.armed if a["card"] == c), None)
            if sl["state"] == "ready" or armed and armed["kind"] != "protection":
                st.hand[s].append(c)  # untriggered Traps come back to the hand
            elif C.spell_of(c)["school"] == "forgotten":
                st.removed.append(c)  # a used Forgotten Spell leaves the game
            else:
                st.memories[s].append(c)
        st.slots[s] = []
        st.phys[s] = 2
        st.buffs[s] = []
        st.inhib[s] = [x for x in st.inhib[s] if x.endswith("_next")]
    st.armed = []
    for model, src, n in st.temp:
        if model in st.pos and st.pos[model] != "cell":
            have = st.dmg[model].get(src, 0)
            st.dmg[model][src] = have - min(n, have)
            st.dmg[model] = {k: v for k, v in st.dmg[model].items() if v}
    st.temp, st.marks, st.activated = [], {}, []
    # "This turn" effects end; what someone has seen (cards looked at) stays known.
    st.mods = {"peeked": st.mods["peeked"]} if "peeked" in st.mods else {}
    for lab in B.ROOM_LABELS:
        if lab in st.inst:  # a room without Instability stands
            destroy_if_unstable(st, lab)
    st.emit("cleanup", turn=st.turn)
    return st.done(t)  # next: the hand limit (Traps came back to the hand), then the end of the turn


@task("turn_end")
def turn_end(st, t):
    """6. Clean-up, step 4: the game ends if a Mage or the Black Rose has 30 PP."""
    st.done(t)
    if st.extra:
        return _extra_turn_end(st)
    if max(st.pp.values()) >= C.WIN_PP:
        finish(st)
    return False


def destroy_if_unstable(st, lab: str) -> None:
    if lab in st.destroyed:
        return
    have = st.inst.get(lab, {})
    if sum(have.values()) < C.ROOMS[st.layout[lab]]["resistance"]:
        return
    best = max(have.values())
    top = [k for k, v in have.items() if v == best]
    winner = top[0] if len(top) == 1 else "rose"
    st.destroyed.append(lab)
    st.inst.pop(lab, None)
    st.tokens.setdefault(winner, []).append(st.layout[lab])
    st.emit("destroyed", room=lab, seat=winner, name=C.ROOMS[st.layout[lab]]["name"])


# ---- the end ----------------------------------------------------------------------------------------------

def bonuses(st) -> dict[str, dict[str, int]]:
    """End-of-game bonus PP per mage: quests 6/3/1, trophies 4/2/1 (a tie for 1st or 2nd gets one less),
    destroyed rooms at their token's value, and 1 for the Crown."""
    from engine.blackrose.rules import place_awards
    quests = place_awards({s: len(st.done_quests[s]) for s in st.seats}, C.QUEST_PP)
    trophies = place_awards({s: len(st.trophies.get(s, [])) for s in st.seats}, C.TROPHY_PP)
    out = {}
    for s in st.seats:
        out[s] = {"quests": quests.get(s, 0), "trophies": trophies.get(s, 0),
                  "rooms": sum(C.ROOMS[r]["pp"] for r in st.tokens.get(s, [])),
                  "crown": 1 if st.crown == s else 0}
    return out


def finish(st) -> None:
    bonus = bonuses(st)
    totals = {s: st.pp[s] + sum(bonus[s].values()) for s in st.seats}
    st.final = {"bonus": bonus, "totals": totals, "rose": st.pp["rose"]}
    best = max(totals.values())
    if st.pp["rose"] > best:
        return _end(st, ["rose"])
    top = [s for s in st.seats if totals[s] == best]
    if len(top) > 1 and st.opts.get("extra_turns") and st.extra < EXTRA_TURN_LIMIT:
        st.extra += 1
        st.final["tied"] = top
        st.final["base"] = {s: _counted(st, s) for s in st.seats}
        st.emit("extra_turn", seats=top)
        return
    _break_ties(st, top)


def _counted(st, s) -> int:
    return st.stats[s].get("extra_pp", 0) + sum(C.ROOMS[r]["pp"] for r in st.tokens.get(s, []))


def _extra_turn_end(st) -> bool:
    tied = st.final["tied"]
    gain = {s: _counted(st, s) - st.final["base"][s] for s in tied}
    best = max(gain.values())
    top = [s for s in tied if gain[s] == best]
    if len(top) == 1 or st.extra >= EXTRA_TURN_LIMIT:
        _break_ties(st, top)
        return False
    st.extra += 1
    st.final["tied"] = top
    st.final["base"] = {s: _counted(st, s) for s in st.seats}
    return False


def _break_ties(st, top: list[str]) -> None:
    if len(top) > 1:
        key = {s: (len(st.done_quests[s]), len(st.trophies.get(s, []))) for s in top}
        best = max(key.values())
        top = [s for s in top if key[s] == best]
    if len(top) > 1:
        st.push({"k": "crown_choice", "seat": st.crown, "tied": top})
        return
    _end(st, top)


def _end(st, winners: list[str]) -> None:
    st.winners = [w for w in winners if w != "rose"]
    st.final["winner"] = winners[0] if winners else None
    st.over = True
    st.stack = []
    st.emit("game_over", winners=winners, totals=st.final.get("totals"), rose=st.pp["rose"])


def crown_options(st, t):
    return {t["seat"]: [{"type": "crown_pick", "winner": s} for s in t["tied"]]}


def crown_act(st, t, seat, a):
    st.stack.pop()
    _end(st, [a["winner"]])


@task("crown_choice", crown_options, crown_act)
def crown_choice(st, t):
    return True
