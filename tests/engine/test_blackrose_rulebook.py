"""Black Rose Wars where issue 21 found the engine departing from the rulebook: one test per point, built
from the rulebook section it names, on crafted positions (tests/engine/test_blackrose_rules.py's table)."""
from __future__ import annotations

from engine.blackrose import board as B
from engine.blackrose import cards as C
from engine.blackrose import phases
from engine.blackrose import rules as R
from engine.blackrose.state import FLOW
from tests.engine.test_blackrose_rules import act, give, place, ready, table, turn


def run_steps(st, first: str, last: str) -> None:
    """Run the Game Turn's steps from `first` up to (not including) `last`, then halt."""
    start, stop = FLOW.step_index("game_turn", first), FLOW.step_index("game_turn", last)
    st.stack = [{"k": "test_halt"}, {"k": "game_turn", "step": start, "stop": stop}]
    st._pending = None
    st.run()


def quests_of(st, moon: int) -> list[str]:
    """Take Quests of a Moon out of its deck (for a crafted hand of Quests)."""
    return [st.qdeck[str(moon)].pop() for _ in range(2)]


# ---- 1. Black Rose Phase ----------------------------------------------------------------------------------

def test_a_mage_with_no_quest_draws_one_and_a_mage_with_one_draws_none():
    """Rulebook, 1. Black Rose Phase, step 3: "each Mage who doesn't have any Quests draws a Quest Card"."""
    st = table()
    st.quests["p2"] = quests_of(st, 1)[:1]
    st.ask_me["p2"].append("quests")  # (else kept without asking: the standing order)
    run_steps(st, "br_start", "reorder")
    assert st.pending() == {"p2": [{"type": "discard_quest", "quest": st.quests["p2"][0]}, {"type": "keep"},
                                   {"type": "keep", "always": True}]}
    st.act("p2", {"type": "keep"})
    assert [len(st.quests[s]) for s in ("p1", "p2", "p3")] == [1, 1, 1]


def test_quests_are_discarded_before_the_event_and_a_moon_reached_so_changes_the_decks():
    """Rulebook, 1. Black Rose Phase: Quests may be discarded "at the beginning of the Black Rose Phase"
    (the Black Rose gains their Moon in PP), and Moon Phases: the Moon changes right after the Action that
    moved the token, so the Event then comes from the Moon II deck, and each mage gets a Custom Spell."""
    st = table()
    st.aside = {s: C.custom_cards(st.mage[s])[1:] for s in st.seats}
    st.pp["rose"] = 5
    st.quests["p1"] = quests_of(st, 1)
    st.ask_me["p1"].append("quests")
    moon2_top = st.edeck["2"][-1]
    run_steps(st, "br_start", "reorder")
    assert st.board == [None, None, None] and {"type": "keep"} in st.pending()["p1"]  # no Event yet
    st.act("p1", {"type": "discard_quest", "quest": st.quests["p1"][0]})
    assert st.moon == 2 and st.pp["rose"] >= 6 and all(len(st.hand[s]) == 1 for s in st.seats)
    st.act("p1", {"type": "keep"})
    assert moon2_top not in st.edeck["2"] and moon2_top in st.board + st.ediscard  # the Moon II deck's Event


# ---- Rooms and Activation Tokens --------------------------------------------------------------------------

def test_a_room_activated_from_afar_acts_in_that_room():
    """Rulebook, Rooms and Activation Tokens (B): "When a Room is Activated remotely, its Effects still occur
    in that Room": Arcane Vision on the Summoner Room puts the Cerberus there, not by the caster."""
    st = table()
    place(st, "B7", "summoner")
    st.pos["p1"] = "A2"
    ready(st, "p1", ("arcane_vision", "s"))
    turn(st, "p1")
    act(st, "p1", type="cast", slot=0)
    act(st, "p1", type="target", room="B7", step=True)
    cerberus = [e for e in st.evos if e["kind"] == "cerberus"]
    assert [e["at"] for e in cerberus] == ["B7"] and st.pos["p1"] == "A2"


def test_the_garden_activated_from_afar_places_instability_around_the_garden():
    st = table()
    place(st, "B7", "garden")
    st.pos["p1"] = "A2"
    ready(st, "p1", ("arcane_vision", "s"))
    turn(st, "p1")
    act(st, "p1", type="cast", slot=0)
    act(st, "p1", type="target", room="B7", step=True)
    assert sorted(a["value"] for a in st.pending()["p1"]) == sorted(["B7", *B.ADJ["B7"]])
    assert st.view("p1")["choice"]["source"] == {"activated": "B7"}  # which room asks


# ---- Event Board -----------------------------------------------------------------------------------------

def test_an_action_phase_event_applies_in_every_action_phase_while_on_the_board():
    """Rulebook, Event Card (E) and 4. Action Phase: "check the Event Board for any Events that Activate
    during this phase": Eager Blades (+1 to physical attacks), drawn in an earlier Game Turn and now in its
    second place, still applies; once it has left the board it no longer does."""
    st = table()
    st.board = [None, "e111", None]
    st.pos.update(p1="A2", p2="A2")
    run_steps(st, "action_start", "action_phase")
    turn(st, "p1")
    act(st, "p1", type="phys")
    act(st, "p1", type="attack", target="p2", step=True)
    assert st.dmg["p2"] == {"p1": 3}
    st.board = [None, None, None]
    st.dmg["p2"] = {}
    turn(st, "p1")
    act(st, "p1", type="phys")
    act(st, "p1", type="attack", target="p2", step=True)
    assert st.dmg["p2"] == {"p1": 2}


def test_an_event_applies_only_in_its_phase():
    st = table()
    st.board = ["e111", None, None]
    assert st.event_mods("attack_plus") == []  # not in the Action Phase
    run_steps(st, "action_start", "action_phase")
    assert st.event_mods("attack_plus") == [1]
    run_steps(st, "action_end", "evo_phase")
    assert st.event_mods("attack_plus") == []


def test_a_black_rose_phase_event_acts_every_black_rose_phase_while_on_the_board():
    """Quiet Night (every mage heals 2), drawn in an earlier Game Turn, heals again in this one."""
    st = table()
    st.board = ["e103", None, None]
    st.edeck["1"].remove("e103")
    st.dmg["p1"] = {"p2": 3}
    run_steps(st, "black_rose", "quest_draw")
    assert st.board[1] == "e103" and st.dmg["p1"] == {"p2": 1}


# ---- Evocations ----------------------------------------------------------------------------------------------

def _three_malacodas(st):
    st.pos["p1"] = "A2"
    for _ in range(3):
        R.summon(st, "p1", "malacoda", "A2")
    ready(st, "p1", ("demons_howl", "r"))
    turn(st, "p1")
    act(st, "p1", type="cast", slot=0)
    act(st, "p1", type="target", room="A2", step=True)
    return [e["id"] for e in st.evos]


def test_a_fourth_evocation_the_mage_chooses_which_to_replace():
    """Rulebook, Evocations: "an existing Evocation may be replaced by returning it to the reserve, or the
    new one may be forfeited" (FAQ: "You may immediately remove one of your Evocations")."""
    st = table()
    old = _three_malacodas(st)
    assert st.pending() == {"p1": [{"type": "pick", "value": e} for e in old] + [{"type": "pick", "value": None}]}
    act(st, "p1", type="pick", value=old[1])
    ids = [e["id"] for e in st.evos]
    assert len(ids) == 3 and old[1] not in ids and old[0] in ids and old[2] in ids


def test_a_fourth_evocation_may_be_forfeited():
    st = table()
    old = _three_malacodas(st)
    act(st, "p1", type="pick", value=None)
    assert [e["id"] for e in st.evos] == old


# ---- the hand limit, at any time ------------------------------------------------------------------------

def test_a_custom_spell_from_a_moon_change_over_the_hand_limit_is_discarded_by_choice():
    """Rulebook, 2. Study Phase: "If at any time the number of cards a Mage has in hand exceeds the limit
    [...] they must immediately discard the excess", here right after a Moon change adds a Custom Spell."""
    st = table()
    place(st, "A2", "treasure")
    st.aside = {s: C.custom_cards(st.mage[s])[1:] for s in st.seats}
    for spell in ("fireball", "ice_burst", "maelstrom", "gaze", "bone_armor", "overload", "plot"):
        give(st, "p1", spell)  # Nero holds 7: his limit
    st.pos["p1"], st.pp["p1"] = "A2", 5
    turn(st, "p1")
    act(st, "p1", type="phys")
    act(st, "p1", type="activate", room="A2", step=True)  # the Treasure: 6 PP
    custom = st.aside["p1"][0]
    act(st, "p1", type="done", step=True)
    assert st.moon == 2 and custom in st.hand["p1"] and len(st.hand["p1"]) == 8
    legal = st.pending()["p1"]
    assert {a["type"] for a in legal} == {"discard"} and {a["card"] for a in legal} == set(st.hand["p1"])
    act(st, "p1", type="discard", card=custom)
    assert len(st.hand["p1"]) == 7 and custom in st.memories["p1"]


def test_an_event_draw_over_the_hand_limit_lets_the_mage_choose_the_discard():
    """Lost Pages (an Instant Event: every mage draws 1): the mage over the limit chooses the card."""
    st = table()
    for spell in ("fireball", "ice_burst", "maelstrom", "gaze", "bone_armor", "overload", "plot"):
        give(st, "p1", spell)
    st.edeck["1"].remove("e109")
    st.edeck["1"].append("e109")
    run_steps(st, "black_rose", "quest_draw")
    assert len(st.hand["p1"]) == 8 and list(st.pending()) == ["p1"]
    keep = sorted(st.hand["p1"])[0]
    gone = sorted(st.hand["p1"])[-1]
    act(st, "p1", type="discard", card=gone)
    assert keep in st.hand["p1"] and gone in st.memories["p1"] and len(st.hand["p1"]) == 7


# ---- Extra Game Turns -------------------------------------------------------------------------------------

def test_extra_game_turns_go_on_until_there_is_a_winner():
    """Rulebook, Optional Rule: Extra Game Turns: "If at the end of this turn there is no winner yet, play
    continues with yet another Game Turn, and so on, until a winner is determined" (no cap of 3)."""
    st = table(extra_turns=True)
    st.pp.update(p1=30, p2=30, p3=0)
    st.crown = "p3"  # the Crown's bonus PP would break the tie
    phases.finish(st)
    assert st.extra == 1 and not st.over
    for k in range(2, 6):  # four more ties in a row: still playing
        st.stack = [{"k": "test_halt"}]
        phases._extra_turn_end(st)
        assert st.extra == k and not st.over
    st.gain("p2", 3, "quest")  # the extra turn is won by the Quest's PP
    phases._extra_turn_end(st)
    assert st.over and st.winners == ["p2"]


def test_extra_game_turns_have_only_a_safety_bound():
    st = table(extra_turns=True)
    st.pp.update(p1=30, p2=30, p3=0)
    st.crown = "p3"
    phases.finish(st)
    while not st.over and st.stack[-1]["k"] != "crown_choice":
        phases._extra_turn_end(st)
    assert st.extra == phases.EXTRA_TURN_LIMIT > 3  # then the normal tie-breaks: the Crown holder chooses
    assert st.pending() == {"p3": [{"type": "crown_pick", "winner": "p1"}, {"type": "crown_pick", "winner": "p2"}]}


# ---- choices that are the player's ----------------------------------------------------------------------------

def test_the_mage_chooses_which_quest_to_discard_over_the_limit():
    """Rulebook, Quest Card: "If a Mage ever has more than 2 uncompleted Quest Cards, they must immediately
    discard down to 2" — the Pleasures Room draws a third: the mage picks which goes."""
    st = table()
    place(st, "A2", "pleasures")
    st.pos["p1"] = "A2"
    st.quests["p1"] = quests_of(st, 1)
    turn(st, "p1")
    act(st, "p1", type="phys")
    act(st, "p1", type="activate", room="A2", step=True)
    three = sorted(st.quests["p1"])
    assert len(three) == 3 and st.pending() == {"p1": [{"type": "pick", "value": q} for q in three]}
    act(st, "p1", type="pick", value=three[1])
    assert sorted(st.quests["p1"]) == [three[0], three[2]] and st.qdiscard == [three[1]] and st.pp["rose"] == 1


def test_whispering_wind_reverse_the_caster_chooses_where_each_model_goes():
    """Whispering Wind (reverse): "Move every model in the target room into adjacent rooms (each may go to
    a different one)": the caster chooses, model by model."""
    st = table()
    st.pos.update(p1="A2", p2="A3", p3="A3")
    ready(st, "p1", ("whispering_wind", "r"))
    turn(st, "p1")
    act(st, "p1", type="cast", slot=0)
    act(st, "p1", type="target", room="A3", step=True)
    assert st.view("p1")["choice"]["subject"] == "p2"
    act(st, "p1", type="pick", value=B.ADJ["A3"][2])
    assert st.view("p1")["choice"]["subject"] == "p3"
    act(st, "p1", type="pick", value=B.ADJ["A3"][4])
    assert st.pos["p2"] == B.ADJ["A3"][2] and st.pos["p3"] == B.ADJ["A3"][4]


# ---- 2. Study Phase ------------------------------------------------------------------------------------------

def test_study_draws_all_four_first_then_looks_and_keeps_two():
    """Rulebook, 2. Study Phase, step 2: "each Mage draws 4 cards from any School of Magic Decks of their
    choice [...] Each Mage then looks at the cards drawn, chooses 2"."""
    st = table()
    st.stack = [{"k": "test_halt"}, {"k": "study", "seat": "p1", "look": [], "drawn": 0, "kept": 0, "removed": False}]
    st._pending = None
    st.run()
    legal = st.pending()["p1"]
    assert {"type": "study", "school": "destruction", "n": 4} in legal  # all four from one deck, one click
    assert {"type": "study_mix"} in legal  # or one at a time, mixing schools
    act(st, "p1", type="study_mix")
    assert {"type": "study", "school": "destruction", "step": True} in st.pending()["p1"]
    act(st, "p1", type="study", school="destruction", step=True)
    assert "look" not in st.view("p1")["choice"] and st.view("p1")["choice"]["drawn"] == 1  # not seen yet
    tops = st.library["illusion"][-3:]
    events = act(st, "p1", type="study", school="illusion", n=3, step=True)
    look = st.view("p1")["choice"]["look"]
    assert len(look) == 4 and set(tops) <= set(look)
    assert [e for e in events if e["type"] == "looked"] == [{"type": "looked", "to": "p1", "cards": look}]
    legal = st.pending()["p1"]
    pairs = [a for a in legal if "then" not in a]  # keep a pair and finish; or keep it, then remove a card
    assert all(a["type"] == "study_keep" and len(a["cards"]) == 2 for a in legal) and len(pairs) <= 6
    assert [a for a in legal if "then" in a] == [dict(a, then="remove") for a in pairs]
    act(st, "p1", type="study_keep", cards=pairs[0]["cards"], step=True)
    assert set(pairs[0]["cards"]) <= set(st.hand["p1"]) and len(st.hand["p1"]) == 2
    assert st.stack[-1]["k"] == "test_halt"  # nothing removed, nothing more to ask


# ---- Power Points and Moon Phases: the timing ----------------------------------------------------------------

def test_the_moon_changes_right_after_the_action_that_reached_its_mark():
    """Rulebook, Power Points and Moon Phases: "the Moon Phase changes immediately following the Action
    that moved the token": Nero reaches 6 PP by activating the Treasure before moving; the Moon is still the
    First while he moves on, and changes as soon as that Physical Action ends."""
    st = table()
    place(st, "A2", "treasure")
    st.aside = {s: C.custom_cards(st.mage[s])[1:] for s in st.seats}
    st.pos["p1"], st.pp["p1"] = "A2", 5
    turn(st, "p1")
    act(st, "p1", type="phys")
    act(st, "p1", type="activate", room="A2", step=True)
    assert st.pp["p1"] == 6 and st.moon == 1
    act(st, "p1", type="step", to=B.ADJ["A2"][0], step=True)
    assert st.moon == 1
    events = act(st, "p1", type="done", step=True)
    assert st.moon == 2 and {"type": "moon", "to": None, "moon": 2} in events
