"""Black Rose Wars reaction windows (issue 11): an armed Trap or Protection whose condition is met MAY be
triggered by its owner; the window is quick, offered to the seats that could own such a spell, and its
public face never depends on which hidden spell is armed."""
from __future__ import annotations

from engine.blackrose import GAME
from engine.blackrose import board as B
from engine.blackrose import bot
from present.blackrose.presenter import PRESENTER
from tests.engine.test_blackrose_rules import act, give, place, react, ready, table, turn

NAMES = {"p1": "Ann", "p2": "Ben", "p3": "Cat"}


def _armed_then_walk(spell: str):
    """p2 arms `spell` (face down); p1 walks from its Cell into the red Summoner Room (B2)."""
    st = table()
    st.cells["p1"] = [3, -1]  # exits B12 and B1
    place(st, "B2", "summoner")
    st.pos["p2"] = "B3"
    ready(st, "p2", (spell, "s"))
    for other in {"blade_barrage", "obscure_armor"} - {spell}:  # the same public library counts either way
        st.hand["p2"].remove(c := give(st, "p2", other))
        st.removed.append(c)
    turn(st, "p2")
    act(st, "p2", type="cast", slot=0)
    assert st.slots["p2"][0]["state"] == "armed"
    turn(st, "p1")
    act(st, "p1", type="phys")
    act(st, "p1", type="step", to="B1", step=True)
    react(st, trigger=False)
    act(st, "p1", type="step", to="B2", step=True)
    return st


def test_the_owner_may_let_a_trap_pass_and_it_stays_armed():
    st = _armed_then_walk("blade_barrage")
    card = st.slots["p2"][0]["card"]
    assert st.pending() == {"p2": [{"type": "react", "card": card}, {"type": "react", "card": None}]}
    assert st.pos["p1"] == "B1"  # the move waits for the answer
    st.act("p2", {"type": "react", "card": None})
    assert st.pos["p1"] == "B2" and st.dmg["p1"] == {}
    assert st.slots["p2"][0]["state"] == "armed" and [a["card"] for a in st.armed] == [card]
    assert list(st.pending()) == ["p1"]  # Ann's physical action goes on


def test_triggering_resolves_the_trap_and_replays_exactly():
    st = _armed_then_walk("blade_barrage")
    data = st.to_json()
    events = st.act("p2", {"type": "react", "card": st.slots["p2"][0]["card"]})
    assert st.dmg["p1"] == {"p2": 3} and st.slots["p2"][0]["state"] == "used" and not st.armed
    assert any(e["type"] == "trigger" and e["seat"] == "p2" for e in events)
    # A window saved mid-way loads and answers to the same state.
    again = GAME.load(data)
    again.act("p2", {"type": "react", "card": again.slots["p2"][0]["card"]})
    assert again.to_json() == st.to_json()


def test_the_public_face_of_a_window_does_not_depend_on_what_is_armed():
    """Blade Barrage matches the red room, Obscure Armor (a Protection) does not: the public view, its
    waiting line and the picture's facts are identical; only the owner's own choice differs."""
    hit, miss = _armed_then_walk("blade_barrage"), _armed_then_walk("obscure_armor")
    pub_hit, pub_miss = hit.view(None), miss.view(None)
    assert pub_hit == pub_miss
    assert pub_hit["decision"]["about"] == "reactions" and pub_hit["decision"]["seats"] == []
    assert pub_hit["decision"]["quick"] is True
    assert PRESENTER.waiting(pub_hit, NAMES) == PRESENTER.waiting(pub_miss, NAMES)
    for seat in ("p1", "p3"):
        assert hit.view(seat) == miss.view(seat)
    assert list(hit.pending()) == list(miss.pending()) == ["p2"]
    assert hit.view("p2")["choice"]["offer"] == [hit.slots["p2"][0]["card"]]
    assert miss.view("p2")["choice"]["offer"] == []
    assert miss.pending() == {"p2": [{"type": "react", "card": None}]}
    assert hit.short_timer() and miss.short_timer() and GAME.traits.reactions


def test_no_window_for_a_seat_with_nothing_armed():
    st = table()
    st.cells["p1"] = [3, -1]
    place(st, "B2", "summoner")
    turn(st, "p1")
    act(st, "p1", type="phys")
    act(st, "p1", type="step", to="B1", step=True)
    assert list(st.pending()) == ["p1"] and not st.short_timer()


def test_timeout_and_bot_trigger_a_matching_spell_and_pass_otherwise():
    hit, miss = _armed_then_walk("blade_barrage"), _armed_then_walk("obscure_armor")
    for st in (hit, miss):
        legal = st.pending()["p2"]
        view = st.view("p2")
        assert bot.timeout_choice(view, legal) == legal[0]
        assert GAME.bot_choose(view, legal, __import__("random").Random(1)) == legal[0]
    assert hit.pending()["p2"][0]["card"] is not None and miss.pending()["p2"][0]["card"] is None


def test_a_protection_against_damage_is_offered_to_its_owner_only():
    """Obscure Armor (Protection): Ann's attack on Ben opens a window for Ben alone; triggering prevents
    the Damage and hurts Ann for 1."""
    st = table()
    st.pos.update(p1="A2", p2="A2")
    ready(st, "p2", ("obscure_armor", "s"))
    turn(st, "p2")
    act(st, "p2", type="cast", slot=0)
    turn(st, "p1")
    act(st, "p1", type="phys")
    act(st, "p1", type="attack", target="p2", step=True)
    assert list(st.pending()) == ["p2"] and st.view("p2")["choice"]["moment"]["on"] == "damage"
    labels = [PRESENTER.label(a, st.view("p2"), NAMES) for a in st.pending()["p2"]]
    assert labels == ["Trigger Obscure Armor", "Let it pass (it stays armed)"]
    from present import fmt
    text = fmt.plain(PRESENTER.hand(st.view("p2"), NAMES))
    assert "Reaction window: Ben is about to take 2 damage from Ann. You may trigger Obscure Armor" in text
    assert react(st) == [st.slots["p2"][0]["card"]]
    assert st.dmg["p2"] == {} and st.dmg["p1"] == {"p2": 1}


def test_light_cape_owner_chooses_who_takes_the_damage_as_it_fires():
    """Light Cape (straight): the Damage is passed to another model within 1 that its owner chooses, asked
    as a further step of the same reaction."""
    st = table()
    st.pos.update(p1="A2", p2="A2", p3="A2")
    ready(st, "p2", ("light_cape", "s"))
    turn(st, "p2")
    act(st, "p2", type="cast", slot=0)
    turn(st, "p1")
    act(st, "p1", type="phys")
    act(st, "p1", type="attack", target="p2", step=True)
    st.act("p2", {"type": "react", "card": st.slots["p2"][0]["card"]})
    assert st.pending() == {"p2": [{"type": "react", "value": "p1", "step": True},
                                   {"type": "react", "value": "p3", "step": True}]}
    assert st.view(None)["decision"]["about"] == "reactions" and st.dmg["p2"] == {}
    assert PRESENTER.prompt(st.view("p2")) == "Your spell fires: pass the damage to whom?"
    assert PRESENTER.label(st.pending()["p2"][1], st.view("p2"), NAMES).startswith("Pass the damage to Cat in A2 ")
    st.act("p2", {"type": "react", "value": "p3", "step": True})
    assert st.dmg["p2"] == {} and st.dmg["p3"] == {"p2": 2} and st.dmg["p1"] == {}
    assert list(st.pending()) == ["p1"]


def test_dance_of_death_owner_chooses_where_to_push():
    st = table()
    st.pos.update(p1="A2", p2="A4")
    ready(st, "p2", ("dance_of_death", "s"))
    turn(st, "p2")
    act(st, "p2", type="cast", slot=0)
    act(st, "p2", type="target", model="p1", step=True)
    turn(st, "p1")
    act(st, "p1", type="phys")
    act(st, "p1", type="done", step=True)  # the end of a physical action springs it
    assert react(st, trigger=False) == [] and st.slots["p2"][0]["state"] == "armed"  # let pass: stays armed
    act(st, "p1", type="phys")
    act(st, "p1", type="done", step=True)
    st.act("p2", {"type": "react", "card": st.slots["p2"][0]["card"]})
    rooms = [a["value"] for a in st.pending()["p2"]]
    assert sorted(rooms) == sorted(B.ADJ["A2"]) and st.pos["p1"] == "A2"
    st.act("p2", {"type": "react", "value": rooms[-1], "step": True})
    assert st.pos["p1"] == rooms[-1] and st.dmg["p1"] == {"p2": 1}


def test_two_windows_in_a_row_have_different_ids():
    """A mage walking room by room past an armed seat meets one window per room: each is its own decision."""
    st = table()
    st.cells["p1"] = [3, -1]
    st.pos["p2"] = "B3"
    ready(st, "p2", ("obscure_armor", "s"))
    turn(st, "p2")
    act(st, "p2", type="cast", slot=0)
    turn(st, "p1")
    act(st, "p1", type="phys")
    act(st, "p1", type="step", to="B1", step=True)
    first = st.view(None)["decision"]["id"]
    assert st.view("p2")["choice"]["id"] == first
    react(st, trigger=False)
    act(st, "p1", type="step", to="B2", step=True)
    assert st.view(None)["decision"]["about"] == "reactions" and st.view(None)["decision"]["id"] != first
