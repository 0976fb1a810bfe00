"""Black Rose Wars rules on crafted positions: every worked example of the rulebook (named by section),
the defeat PP table, room destruction, the Moons and the endgame scoring example."""
from __future__ import annotations

import pytest

from engine.blackrose import GAME, phases
from engine.blackrose import board as B
from engine.blackrose import cards as C
from engine.blackrose import rules as R
from engine.blackrose.state import FLOW

MAGES = ("nero", "rebecca", "tessa", "jafar")


def _halt_options(st, t):
    return {st.seats[0]: [{"type": "halt"}]}


@FLOW.task("test_halt", _halt_options, lambda st, t, seat, a: None)
def _halt(st, t):
    """Test-only: the machine stops here once the steps a test asked for are done."""
    return True


def table(n: int = 3, **opts):
    """A game past set-up with seats p1.. playing Nero, Rebecca, Tessa, Jaf'ar, everything else cleared:
    empty hands and slots, nobody damaged, no PP, no Events, every mage in their Cell."""
    seats = [f"p{i}" for i in range(1, n + 1)]
    st = GAME.new(seats, 0, opts)
    for s, m in zip(seats, MAGES):
        st.act(s, {"type": "mage", "mage": m})
    for s in seats:
        school = C.MAGES[st.mage[s]]["school"]
        st.act(s, {"type": "school", "school": school, "grimoire": 0})
    for s in seats:
        st.hand[s], st.slots[s], st.quests[s], st.done_quests[s] = [], [], [], []
        st.dmg[s], st.pp[s], st.phys[s], st.inhib[s], st.buffs[s] = {}, 0, 2, [], []
        st.pos[s] = "cell"
    st.pp["rose"], st.board, st.mods, st.evos, st.armed, st.inst, st.activated = 0, [None] * 3, {}, [], [], {}, []
    st.order, st.crown, st.moon = list(seats), seats[0], 1
    st.stack = [{"k": "test_halt"}]
    st._pending = None
    return st


def place(st, label: str, room: str) -> None:
    """Put `room` at `label` (swapping with wherever it was)."""
    old = next(lab for lab, r in st.layout.items() if r == room)
    st.layout[old], st.layout[label] = st.layout[label], room


def give(st, seat: str, spell: str) -> str:
    """Take one copy of a spell out of wherever it is and put it in the seat's hand."""
    for pile in [*st.library.values(), *st.grimoire.values(), *st.discards.values(), st.forgotten, st.removed,
                 *st.aside.values(), *st.memories.values()]:
        for c in pile:
            if c.split(".")[0] == spell:
                pile.remove(c)
                st.hand[seat].append(c)
                return c
    if C.SPELLS[spell].get("mage"):  # another mage's Custom Spell, for a test that casts it anyway
        st.hand[seat].append(spell + ".1")
        return spell + ".1"
    raise AssertionError(spell)


def ready(st, seat: str, *cards_sides) -> None:
    """Ready spells: the first is the Quick spell, the rest Standard 1..3."""
    for k, (spell, side) in enumerate(cards_sides):
        c = give(st, seat, spell)
        st.hand[seat].remove(c)
        st.slots[seat].append({"slot": "q" if k == 0 else k, "card": c, "side": side, "state": "ready"})


def turn(st, seat: str) -> None:
    st.stack = [{"k": "test_halt"}, {"k": "turn", "seat": seat, "parts": []}]
    st._pending = None
    st.run()


def act(st, seat, **action):
    """Play one action, the way the rulebook's examples tell it: "uses a Physical Action, then moves" and
    "casts a spell, then targets a room". The engine asks for those together (a Physical Action by what it
    does first; a revealed spell with few targets aimed as it is cast), so this joins them: a "phys" or
    "cast" that is not offered alone is held and sent with the next step."""
    legal = st.pending().get(seat, ())
    held = getattr(st, "_held", None)
    if held and held[0] == seat and action.get("step") and action["type"] in ("step", "attack", "activate", "done",
                                                                              "target"):
        st._held = None
        first = {k: v for k, v in action.items() if k not in ("step", "type")}
        if held[1]["type"] == "cast":
            first = {**held[1], **first}
        else:
            first["type"] = "phys" if action["type"] == "done" else action["type"]
        return st.act(seat, first)
    if (action not in legal or action == {"type": "phys"}) and action["type"] in ("phys", "cast"):
        top = st.stack[-1]
        if (action["type"] == "phys" and top["k"] == "phys" and top["seat"] == seat and not top["moved"]
                and not top["attacked"]):
            return []  # a Physical Action was all the mage could do: the engine began it without asking
        st._held = (seat, action)
        return []
    return st.act(seat, action)


def arm(st, seat: str, ask: bool = False, **choice) -> None:
    """The arming step of a Trap or Protection: its standing order (fire at the first chance unless `ask`),
    and its target mage or mask when it has one."""
    st.act(seat, {"type": "arm", "ask": ask, "step": True, **choice})


def react(st, trigger: bool = True) -> list[str]:
    """Answer every open reaction window: each seat triggers its first matching spell (or lets every moment
    pass); returns the cards triggered. Seats with nothing that matches can only let the moment pass."""
    fired = []
    while st.stack and st.stack[-1]["k"] == "react":
        for seat, legal in sorted(st.pending().items()):
            card = legal[0]["card"] if trigger else None
            if card:
                fired.append(card)
            st.act(seat, {"type": "react", "card": card})
    return fired


def dmg(st, model) -> int:
    return sum(st.dmg[model].values()) if model in st.pos else st.evo(model)["dmg"]


# ---- Action Phase examples ------------------------------------------------------------------------------

def test_action_phase_example_1_fireball_then_summon_and_grip():
    """Rulebook, 4. Action Phase, Action Phase Examples, EXAMPLE 1."""
    st = table()
    nero, rebecca = "p1", "p2"
    place(st, "A3", "pleasures")
    st.pos[nero], st.pos[rebecca] = "B3", "A4"
    ready(st, nero, ("fireball", "s"))
    ready(st, rebecca, ("summon_obscurity", "r"), ("obscuritys_grip", "s"))
    st.phys[rebecca] = 0
    turn(st, nero)
    act(st, nero, type="phys")
    act(st, nero, type="step", to="B4", step=True)
    act(st, nero, type="step", to="A3", step=True)  # the Pleasures Room, 2 rooms moved: he does not activate it
    assert st.pos[nero] == "A3" and "A3" not in st.activated
    act(st, nero, type="cast", slot=0)
    act(st, nero, type="target", room="A4", step=True)
    assert st.dmg[rebecca] == {nero: 3}
    assert st.inst["A3"] == {nero: 1}  # Fireball's Instability, in the room it was cast from
    turn(st, rebecca)
    # Quick: Summon Obscurity (reverse), its "choose one" made as it is cast, summons a Landsknecht
    act(st, rebecca, type="cast", slot=0, mode="summon_landsknecht")
    act(st, rebecca, type="target", room="A4", step=True)
    lands = [e for e in st.evos if e["kind"] == "landsknecht"]
    assert len(lands) == 1 and lands[0]["owner"] == rebecca
    act(st, rebecca, type="cast", slot=1)  # Standard: Obscurity's Grip sends it at Nero
    act(st, rebecca, type="target", model=nero, step=True)
    assert st.evo(lands[0]["id"])["at"] == "A3"
    assert st.dmg[nero] == {rebecca: 2}  # the Landsknecht's attack, in Rebecca's colour


def test_action_phase_example_2_bibliotheca():
    """Rulebook, 4. Action Phase, Action Phase Examples, EXAMPLE 2: move 2 rooms, activate, draw 1."""
    st = table()
    tessa = "p3"
    place(st, "A3", "bibliotheca")
    st.pos[tessa] = "B3"
    ready(st, tessa, ("fireball", "s"), ("ice_burst", "s"))
    turn(st, tessa)
    act(st, tessa, type="phys")
    act(st, tessa, type="step", to="B4", step=True)
    act(st, tessa, type="step", to="A3", then="activate", step=True)  # 2 rooms moved, then she activates it
    top = st.library["transmutation"][-1]
    act(st, tessa, type="pick", value="deck:transmutation")
    assert st.hand[tessa] == [top] and "A3" in st.activated
    legal = st.pending()[tessa]  # then: her second Physical Action, a spell (Standard or Quick), or stop
    assert {a["type"] for a in legal} == {"phys", "step", "cast", "end"} and legal[-1] == {"type": "end"}
    assert {a["slot"] for a in legal if a["type"] == "cast"} == {0, 1}


def test_two_standard_spells_never_go_together():
    """Rulebook, 4. Action Phase: the only combination not permitted is two Standard spells."""
    st = table()
    st.pos["p1"] = "A2"
    st.phys["p1"] = 0
    ready(st, "p1", ("fire_of_fate", "r"), ("fire_of_fate", "r"), ("fire_of_fate", "r"))
    turn(st, "p1")
    act(st, "p1", type="cast", slot=1)
    assert {"type": "cast", "slot": 2} not in st.pending()["p1"]
    assert {"type": "cast", "slot": 0} in st.pending()["p1"]


# ---- Trap and Protection examples ---------------------------------------------------------------------------

def _trap_table():
    st = table()
    nero, rebecca = "p1", "p2"
    st.cells[nero] = [3, -1]  # exits B12 and B1
    place(st, "B2", "summoner")
    st.pos[rebecca] = "B3"
    return st, nero, rebecca


def test_trap_and_protection_example_1():
    """Rulebook, Trap and Protection Examples, EXAMPLE 1 (both spells armed to fire at the first chance)."""
    st, nero, rebecca = _trap_table()
    ready(st, rebecca, ("obscure_armor", "s"), ("blade_barrage", "s"))
    ready(st, nero, ("destructive_bolt", "s"))
    turn(st, rebecca)
    act(st, rebecca, type="cast", slot=1)  # Blade Barrage, armed face down
    arm(st, rebecca)
    act(st, rebecca, type="cast", slot=0)  # Obscure Armor, armed face down
    arm(st, rebecca)
    assert len(st.armed) == 2 and st.slots[rebecca][0]["state"] == "armed"
    turn(st, nero)
    act(st, nero, type="phys")
    act(st, nero, type="step", to="B1", step=True)
    assert st.dmg[nero] == {} and list(st.pending()) == [nero]  # nothing matches: no window, no question
    act(st, nero, type="step", to="B2", step=True)  # the red Summoner Room: the trap fires
    assert st.dmg[nero] == {rebecca: 3} and st.dmg[rebecca] == {}  # she cannot hurt herself
    assert st.slots[rebecca][1]["state"] == "used"
    act(st, nero, type="activate", room="B2", step=True)
    cerb = [e for e in st.evos if e["kind"] == "cerberus"]
    assert len(cerb) == 1 and cerb[0]["owner"] == nero and cerb[0]["at"] == "B2"
    act(st, nero, type="cast", slot=0)  # Quick: Destructive Bolt at Rebecca's room
    act(st, nero, type="target", room="B3", step=True)
    assert st.slots[rebecca][0]["state"] == "used"  # Obscure Armor fires
    assert st.inst["B2"] == {nero: 1}
    assert st.dmg[rebecca] == {}                 # Obscure Armor prevents the Damage...
    assert st.dmg[nero] == {rebecca: 4}          # ...and hits the attacker for 1


def test_trap_and_protection_example_2_defeat_on_the_way():
    """Rulebook, Trap and Protection Examples, EXAMPLE 2: a trap met mid-move defeats Tessa."""
    st = table()
    nero, rebecca, tessa = "p1", "p2", "p3"
    place(st, "A2", "laboratory")
    place(st, "A3", "forge")
    st.pos[tessa], st.pos[rebecca] = "B3", "X"
    st.dmg[tessa] = {nero: 8}
    ready(st, rebecca, ("blade_barrage", "s"))
    turn(st, rebecca)
    act(st, rebecca, type="cast", slot=0)
    arm(st, rebecca)
    turn(st, tessa)
    act(st, tessa, type="phys")
    act(st, tessa, type="step", to="A2", step=True)  # through the red Alchemical Laboratory
    assert st.pos[tessa] == "cell" and st.dmg[tessa] == {}
    assert st.trophies[rebecca] == [tessa]
    assert st.pp[nero] == 4 and st.pp[rebecca] == 2
    assert st.stack == [{"k": "test_halt"}]  # the rest of her action and turn is lost


# ---- targets, range and instability ------------------------------------------------------------------------

def test_spell_casting_example_meteor_swarm():
    """Rulebook, Targets and Spell range, Spell Casting Example: only the Malacoda is a valid target."""
    st = table()
    nero, rebecca, tessa = "p1", "p2", "p3"
    st.pos[nero], st.pos[tessa], st.pos[rebecca] = "A4", "A2", "B1"
    mal = R.summon(st, rebecca, "malacoda", "A1")
    ready(st, nero, ("meteor_swarm", "s"))
    turn(st, nero)
    act(st, nero, type="cast", slot=0)
    rooms = {a["room"] for a in st.pending()[nero]}
    assert rooms == set(B.in_line("A4", 2)) and "A2" not in rooms and "B1" not in rooms
    act(st, nero, type="target", room="A1", step=True)
    assert st.evo(mal) is None  # 4 Damage on a 3-health Malacoda: out of the game


def test_example_of_instability_maelstrom():
    """Rulebook, Placing Instability, Example of Instability: Maelstrom (reverse) from the Garden."""
    st = table()
    rebecca, tessa = "p2", "p3"
    place(st, "A1", "throne")
    place(st, "A3", "garden")
    place(st, "B6", "oracle")
    st.pos[rebecca], st.pos[tessa] = "A3", "B6"
    ready(st, rebecca, ("maelstrom", "r"))
    turn(st, rebecca)
    act(st, rebecca, type="cast", slot=0)
    act(st, rebecca, type="target", room="B6", step=True)
    assert st.inst["A3"] == {rebecca: 1}
    assert st.dmg[tessa] == {rebecca: 3}
    assert st.inst["B6"] == {rebecca: 2}


# ---- damage and defeat -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("counts,want", [
    ({"a": 3}, {"a": 5}),                                   # a lone colour: 5
    ({"a": 5, "b": 3, "c": 2}, {"a": 4, "b": 2, "c": 1}),   # 4 / 2 / 1
    ({"a": 4, "b": 4, "c": 2}, {"a": 3, "b": 3, "c": 2}),   # tie for 1st: one less each
    ({"a": 6, "b": 2, "c": 2, "d": 1}, {"a": 4, "b": 1, "c": 1, "d": 1}),  # tie for 2nd
    ({"a": 5, "b": 3, "c": 1, "rose": 1}, {"a": 4, "b": 2, "c": 1, "rose": 1}),
])
def test_defeat_power_points_table(counts, want):
    """Rulebook, Damage and Defeat: Power Points for Damage."""
    assert R.defeat_awards(counts) == want


def test_a_mage_in_their_own_defeat_ranks_but_scores_nothing_and_overkill_counts_excess():
    """Rulebook, Damage and Defeat (participating in your own defeat) and Optional Rule: Overkill."""
    st = table(overkill=True)
    st.pos.update(p1="A2", p2="A2", p3="A2")
    st.dmg["p3"] = {"p3": 5, "p2": 4}
    R.hurt(st, "p1", "p3", 6)  # 2 would be enough; Overkill counts all 6
    assert st.pp == {"p1": 4, "p2": 1, "p3": 0, "rose": 0}  # p1 6 (1st), p3 5 (2nd, scores nothing), p2 4
    assert st.trophies == {"p1": ["p3"]}


def test_cells_are_safe_from_mages_but_not_from_the_black_rose():
    st = table()
    assert R.hurt(st, "p1", "p2", 3) == 0
    assert R.hurt(st, "rose", "p2", 3) == 3


# ---- rooms, moons, the end ----------------------------------------------------------------------------------------

def test_room_destruction_and_ties():
    """Rulebook, 6. Clean-up Phase step 3 and Destruction of a Room: most instability takes the token,
    a tie gives it to the Black Rose."""
    st = table()
    place(st, "B1", "garden")     # resistance 4
    place(st, "B2", "treasure")   # resistance 4
    place(st, "B3", "forge")      # resistance 4
    st.inst = {"B1": {"p1": 3, "p2": 1}, "B2": {"p1": 2, "p2": 2}, "B3": {"p1": 3}}
    phases.destroy_if_unstable(st, "B1")
    phases.destroy_if_unstable(st, "B2")
    phases.destroy_if_unstable(st, "B3")
    assert st.destroyed == ["B1", "B2"]
    assert st.tokens == {"p1": ["garden"], "rose": ["treasure"]}
    assert R.add_inst(st, "p1", "B1", 1) == 0  # a destroyed room takes no more Instability


def test_moon_changes_and_never_goes_back():
    """Rulebook, Moon Phases and the Black Rose: Moon II at 6, Moon III at 18; a Custom Spell each."""
    st = table()
    st.aside = {s: C.custom_cards(st.mage[s])[1:] for s in st.seats}
    st.gain("p2", 5)
    assert not st.settle() and st.moon == 1
    st.gain("rose", 6)
    assert st.moon == 1  # not yet: the Moon changes once the Action that reached the mark is over
    assert st.settle() and st.moon == 2 and all(len(st.hand[s]) == 1 and len(st.aside[s]) == 1 for s in st.seats)
    st.gain("rose", -3)
    assert not st.settle() and st.moon == 2
    st.gain("p2", 13)
    st.settle()
    assert st.moon == 3 and all(len(st.hand[s]) == 2 and not st.aside[s] for s in st.seats)


def test_black_rose_room_opens_at_the_second_moon():
    st = table()
    place(st, "X", "black_rose")
    st.pos["p1"] = "X"
    for spell in ("fireball", "ice_burst", "maelstrom", "gaze"):
        give(st, "p1", spell)
    from engine.blackrose.rooms import can_activate
    assert not can_activate(st, "p1", "X")
    st.gain("rose", 6)
    st.settle()
    assert can_activate(st, "p1", "X")


def test_endgame_scoring_example():
    """Rulebook, End of the Game, Endgame Example: Nero 41, Tessa 38, Rebecca 37."""
    st = table()
    nero, rebecca, tessa = "p1", "p2", "p3"
    st.done_quests = {rebecca: ["q101", "q102", "q103"], nero: ["q104", "q105"], tessa: ["q106", "q107"]}
    st.trophies = {nero: [rebecca] * 4, tessa: [nero] * 3, rebecca: [tessa]}
    st.tokens = {tessa: ["garden", "laboratory", "arena", "forge"], rebecca: ["cemetery", "treasure"]}
    st.crown = nero
    st.pp.update({nero: 34, tessa: 24, rebecca: 25})
    bonus = phases.bonuses(st)
    assert bonus[rebecca] == {"quests": 6, "trophies": 1, "rooms": 5, "crown": 0}
    assert bonus[nero] == {"quests": 2, "trophies": 4, "rooms": 0, "crown": 1}
    assert bonus[tessa] == {"quests": 2, "trophies": 2, "rooms": 10, "crown": 0}
    phases.finish(st)
    assert st.final["totals"] == {nero: 41, tessa: 38, rebecca: 37}
    assert st.over and st.winners == [nero]


def test_ties_go_to_quests_then_trophies_then_the_crown():
    st = table()
    st.pp.update(p1=20, p2=20, p3=0)
    st.crown = "p3"
    phases.finish(st)
    assert not st.over and st.pending() == {"p3": [{"type": "crown_pick", "winner": "p1"},
                                                   {"type": "crown_pick", "winner": "p2"}]}
    st.act("p3", {"type": "crown_pick", "winner": "p2"})
    assert st.over and st.winners == ["p2"]


def test_the_black_rose_can_win():
    st = table()
    st.pp.update(p1=10, rose=30)
    phases.finish(st)
    assert st.over and st.winners == [] and st.final["winner"] == "rose"


def test_jester_hat_green_casts_their_next_spell_for_you():
    """Jester Hat (green effect): a mage entering a green room has their next ready spell resolved as if
    the trap's owner had cast it; then their own action goes on."""
    st = table()
    place(st, "B4", "garden")
    st.pos.update(p1="A3", p2="A2", p3="B4")
    ready(st, "p1", ("jester_hat", "s"))
    turn(st, "p1")
    act(st, "p1", type="cast", slot=0)
    arm(st, "p1")
    ready(st, "p2", ("fire_of_fate", "r"), ("ice_grip", "s"))
    turn(st, "p2")
    act(st, "p2", type="phys")
    act(st, "p2", type="step", to="B4", step=True)  # p1's Jester Hat fires
    assert list(st.pending()) == ["p1"]  # p1 aims p2's Ice Grip
    act(st, "p1", type="target", model="p3", step=True)
    assert st.dmg["p3"] == {"p1": 3} and st.slots["p2"][1]["state"] == "used"
    assert list(st.pending()) == ["p2"]  # and p2's physical action goes on


def test_the_abomination_acts_in_the_evocation_phase():
    """Disfiguring Mutation (reverse): until the end of the turn you fight as an Abomination (attack 3) and
    also act in the Evocation phase."""
    st = table()
    st.pos.update(p1="A2", p2="A3")
    ready(st, "p1", ("disfiguring_mutation", "r"))
    turn(st, "p1")
    act(st, "p1", type="cast", slot=0)
    st.stack = [{"k": "test_halt"}, {"k": "evo_seat", "seat": "p1", "acted": []}]
    st._pending = None
    st.run()
    assert st.pending() == {"p1": [{"type": "evoke", "evo": "p1"}, {"type": "done"}]}
    act(st, "p1", type="evoke", evo="p1")
    act(st, "p1", type="step", to="A3", step=True)
    act(st, "p1", type="attack", target="p2", step=True)
    assert st.dmg["p2"] == {"p1": 3}


def _abomination(st, seat="p1"):
    ready(st, seat, ("disfiguring_mutation", "r"))
    turn(st, seat)
    act(st, seat, type="cast", slot=0)
    assert R.abomination(st, seat)


def test_dismiss_removes_an_abomination_with_the_evocations_and_it_turns_back():
    """Disfiguring Mutation (reverse): the Abomination counts as an Evocation for other effects."""
    st = table()
    st.pos.update(p1="A2", p2="A3")
    _abomination(st)
    R.summon(st, "p1", "malacoda", "A2")
    ready(st, "p2", ("dismiss", "s"))
    turn(st, "p2")
    act(st, "p2", type="cast", slot=0)
    act(st, "p2", type="target", room="A2", step=True)
    assert not R.abomination(st, "p1") and st.pos["p1"] == "A2" and st.evos == []
    assert st.pp["p2"] == 2  # 1 PP for each Evocation, the Abomination included


def test_dismiss_reverse_can_replace_an_abomination():
    st = table()
    st.pos.update(p1="A2", p2="A3")
    _abomination(st)
    ready(st, "p2", ("dismiss", "r"))
    turn(st, "p2")
    casts = [a for a in st.pending()["p2"] if a["type"] == "cast"]
    assert casts == [{"type": "cast", "slot": 0, "model": "p1"}]  # its only target, aimed as it is cast
    act(st, "p2", type="cast", slot=0, model="p1")
    assert not R.abomination(st, "p1") and st.pos["p2"] == "A2" and st.pp["p2"] == 1


def test_an_abomination_takes_one_of_the_three_evocation_places():
    st = table()
    st.pos["p1"] = "A2"
    _abomination(st)
    for _ in range(3):
        R.summon(st, "p1", "malacoda", "A2")
    assert len([e for e in st.evos if e["owner"] == "p1"]) == 2
