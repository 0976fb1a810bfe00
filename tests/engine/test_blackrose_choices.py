"""Black Rose Wars choices as people click them (issue 22): every prompt carries what it is about (which
spell or room asks, which room an activation activates, who stands in each room), a choice the table can see
has one answer is not asked, discarding a spell to move is three small steps, and Arcane Mark shows its
caster the spells they looked at."""
from __future__ import annotations

from engine.blackrose import board as B
from engine.blackrose import rules as R
from tests.engine.test_blackrose_rules import act, give, place, ready, table, turn


# ---- Arcane Mark (straight) --------------------------------------------------------------------------------

def test_arcane_mark_shows_its_caster_the_ready_spells_it_looked_at():
    """Arcane Mark (straight): "Look at every ready spell of the mages in the target room": the caster's own
    view keeps what they saw for the rest of the Game Turn; nobody else's view or event shows it."""
    st = table()
    st.pos.update(p1="A2", p2="A3", p3="A3")
    ready(st, "p1", ("arcane_mark", "s"))
    ready(st, "p2", ("fireball", "r"), ("gaze", "s"))
    ready(st, "p3", ("ice_grip", "s"))
    turn(st, "p1")
    act(st, "p1", type="cast", slot=0)
    events = act(st, "p1", type="target", room="A3", step=True)
    want = [{"seat": "p2", "slots": [{"slot": "q", "card": st.slots["p2"][0]["card"], "side": "r"},
                                     {"slot": 1, "card": st.slots["p2"][1]["card"], "side": "s"}]},
            {"seat": "p3", "slots": [{"slot": "q", "card": st.slots["p3"][0]["card"], "side": "s"}]}]
    assert st.view("p1")["seen"] == want
    peeks = [e for e in events if e["type"] == "peek"]
    assert [(e["to"], e["seat"], e["slots"]) for e in peeks] == [("p1", w["seat"], w["slots"]) for w in want]
    assert st.view("p2")["seen"] == [] and "seen" not in st.view(None)
    st.stack = [{"k": "test_halt"}, {"k": "cleanup"}]
    st._pending = None
    st.run()
    assert st.view("p1")["seen"] == []  # the slots are cleared at the end of the Game Turn


# ---- what each prompt is about ---------------------------------------------------------------------------

def test_activate_names_the_room_and_a_room_pick_says_which_room_asks():
    """The Altar Room ("Who takes 1 Damage") names the room it activates, and its question says so."""
    st = table()
    place(st, "A2", "altar")
    st.pos.update(p1="A2", p2="A3", p3="B9")
    turn(st, "p1")
    assert {"type": "activate", "room": "A2"} in st.pending()["p1"]  # a Physical Action that activates A2
    act(st, "p1", type="activate", room="A2")
    choice = st.view("p1")["choice"]
    assert choice["source"] == {"activated": "A2"} and choice["key"] == "victim" and choice["op"] == "room_sacrifice"
    assert "prompt" not in choice  # the engine says what is asked (key, op); the words are the presenter's


def test_a_spell_pick_says_which_spell_asks():
    """Destructive Bolt (reverse)'s chain asks for its next target: the question names the spell and side."""
    st = table()
    st.pos.update(p1="A2", p2="A3", p3="A3")
    R.summon(st, "p2", "malacoda", "A4")
    ready(st, "p1", ("destructive_bolt", "r"))
    turn(st, "p1")
    act(st, "p1", type="cast", slot=0)
    act(st, "p1", type="target", model="p2", step=True)
    choice = st.view("p1")["choice"]
    assert choice["kind"] == "pick" and choice["source"] == {"card": st.slots["p1"][0]["card"], "side": "r"}


def test_the_public_view_says_who_stands_in_each_room():
    st = table()
    st.pos.update(p1="A2", p2="A2", p3="B4")
    eid = R.summon(st, "p3", "malacoda", "A2")
    assert st.view(None)["occupants"] == {"A2": ["p1", "p2", eid], "B4": ["p3"]}


# ---- lone options ------------------------------------------------------------------------------------------

def test_a_spell_with_few_targets_is_aimed_as_it_is_cast():
    """Ice Grip at range 1 with one model in reach: casting it is aiming it, one choice; a spell with many
    targets (Fireball: an area at range 2) is cast, then aimed."""
    st = table()
    st.pos.update(p1="A2", p2="A3", p3="B9")
    ready(st, "p1", ("ice_grip", "s"), ("meteor_swarm", "s"))
    turn(st, "p1")
    casts = [a for a in st.pending()["p1"] if a["type"] == "cast"]
    assert {"type": "cast", "slot": 0, "model": "p2"} in casts and {"type": "cast", "slot": 0} not in casts
    area = [a for a in casts if a["slot"] == 1]
    assert area == [{"type": "cast", "slot": 1}] and len(B.in_line("A2", 2)) > 8
    st.act("p1", {"type": "cast", "slot": 0, "model": "p2"})
    assert st.dmg["p2"] and st.stack[-1]["k"] == "turn"


def test_a_lone_option_only_its_owner_could_know_is_still_asked():
    """The Armory with a spent slot but no Protection in hand: "Choose none" is the only answer, yet only
    the hand says so; answering at once would tell the table, so the mage is asked (the host may not play it
    either: it names no card the table can see)."""
    st = table()
    place(st, "A2", "armory")
    st.pos["p1"] = "A2"
    ready(st, "p1", ("ice_grip", "s"), ("fireball", "s"))
    st.slots["p1"][0]["state"] = "used"
    give(st, "p1", "gaze")
    turn(st, "p1")
    act(st, "p1", type="activate", room="A2")
    assert st.pending() == {"p1": [{"type": "pick", "value": None}]}


def test_with_no_spent_slot_the_armory_asks_nothing():
    st = table()
    place(st, "A2", "armory")
    st.pos["p1"] = "A2"
    ready(st, "p1", ("ice_grip", "s"))
    give(st, "p1", "obscure_armor")
    turn(st, "p1")
    act(st, "p1", type="activate", room="A2")
    assert st.stack[-1]["k"] == "phys"  # no spent slot (public): nothing to arm, nothing asked


# ---- discarding a spell to move, in steps -----------------------------------------------------------------

def test_discarding_a_spell_to_move_is_what_then_which_spell_then_where():
    st = table()
    st.pos["p1"] = "A2"
    st.phys["p1"] = 0
    ready(st, "p1", ("ice_grip", "s"), ("fireball", "s"), ("gaze", "s"))
    turn(st, "p1")
    legal = st.pending()["p1"]
    assert legal.count({"type": "discard_to_move"}) == 1  # one entry, however many spells and rooms
    assert {a["type"] for a in legal} == {"cast", "discard_to_move"}
    act(st, "p1", type="discard_to_move")
    assert st.pending() == {"p1": [{"type": "discard_spell", "slot": i, "step": True} for i in range(3)]}
    act(st, "p1", type="discard_spell", slot=2, step=True)
    assert st.pending() == {"p1": [{"type": "discard_move", "slot": 2, "to": r, "step": True} for r in B.ADJ["A2"]]}
    act(st, "p1", type="discard_move", slot=2, to="A3", step=True)
    assert st.pos["p1"] == "A3" and st.slots["p1"][2]["state"] == "lost"


def test_leaving_the_cell_with_one_spell_left_asks_only_where():
    st = table()
    st.cells["p1"] = [3, -1]
    st.phys["p1"] = 0
    ready(st, "p1", ("ice_grip", "s"))
    turn(st, "p1")
    exits = B.cell_exits([3, -1])
    assert st.pending() == {"p1": [{"type": "discard_move", "slot": 0, "to": r, "step": True} for r in exits]}



# ---- the Evocation Phase -----------------------------------------------------------------------------------

def _evo_phase(st, seat="p1"):
    st.stack = [{"k": "test_halt"}, {"k": "evo_seat", "seat": seat, "acted": []}]
    st._pending = None
    st.run()


def test_an_evocation_is_chosen_by_what_it_does_first_and_its_last_step_carries_its_attack():
    """Rulebook, 5. Evocation Phase: each Evocation may move up to its Movement, then attack."""
    st = table()
    far = next(r for r in B.ROOM_LABELS if B.dist(B.HEX["A2"], B.HEX[r]) == 2)
    mid = next(r for r in B.ADJ["A2"] if far in B.ADJ[r])
    st.pos.update(p1="A2", p2=far, p3="cell")
    mal = R.summon(st, "p1", "malacoda", "A2")
    _evo_phase(st)
    legal = st.pending()["p1"]
    assert {"type": "evoke", "evo": mal, "to": mid} in legal and {"type": "hunt"} in legal
    assert legal[-1] == {"type": "done"}
    act(st, "p1", type="evoke", evo=mal, to=mid)
    assert {"type": "step", "to": far, "target": "p2", "step": True} in st.pending()["p1"]
    act(st, "p1", type="step", to=far, target="p2", step=True)
    assert st.evo(mal)["at"] == far and st.dmg["p2"] == {"p1": 3} and st.stack[-1]["k"] == "test_halt"


def test_hunt_sends_every_evocation_after_the_nearest_rival_mage():
    """The "hunt" shortcut: each Evocation left steps towards the nearest rival mage outside a Cell and
    attacks the weakest rival model it meets, in one click."""
    st = table()
    st.pos.update(p1="B1", p2="A2", p3="cell")
    cer = R.summon(st, "p1", "cerberus", "X")
    land = R.summon(st, "p1", "landsknecht", "A2")
    _evo_phase(st)
    act(st, "p1", type="hunt")
    assert st.evo(cer)["at"] == "A2" and st.evo(land)["at"] == "A2"  # the Cerberus came 1 room, then both hit
    assert sum(st.dmg["p2"].values()) == 4 and st.stack[-1]["k"] == "test_halt"


def test_the_turn_menu_s_physical_actions_are_the_same_as_a_fresh_physical_action_s():
    """The turn's first Physical Action options are built directly (speed); they must equal what a fresh
    Physical Action offers, for every turn of a few random games."""
    import random

    from engine.blackrose import GAME
    from engine.blackrose import action as A
    for seed in range(4):
        rng = random.Random(seed)
        st = GAME.new(["p1", "p2", "p3"], seed, {})
        while not st.over:
            top = st.stack[-1]
            if top["k"] == "turn":
                slow = []
                for a in A.phys_options(st, A._new_phys(st, top["seat"]))[top["seat"]]:
                    a = {k: v for k, v in a.items() if k != "step"}
                    slow.append({"type": "phys"} if a["type"] == "done" else a)
                assert A._phys_firsts(st, top["seat"], A._exits(st, top["seat"])) == slow
            seat, legal = sorted(st.pending().items())[0]
            st.act(seat, rng.choice(legal))
