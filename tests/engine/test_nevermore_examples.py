"""Every worked example of the Nevermore rulebook, as an engine test."""
from __future__ import annotations

from tests.engine.nevermore_positions import act, build, count, halted, settle


def test_nicole_attacks_for_three_minus_one():
    # Nicole 3 Attack, Brandon 1 Attack, nobody else: Nicole assigns 2 damage to a player of her choice.
    st = build({"nicole": "AAA", "brandon": "A", "andrew": ""}, dealer="andrew")
    assert st.pending() == {"nicole": [{"type": "attack", "target": "brandon"},
                                       {"type": "attack", "target": "andrew"}]}
    act(st, "nicole", {"type": "attack", "target": "andrew"})
    settle(st)
    assert st.health == {"nicole": 5, "brandon": 5, "andrew": 3}


def test_nicole_and_andrew_tied_both_attack_in_priority_order_dealer_last():
    # Nicole and Andrew 3 each, Brandon 1: both assign 2 damage; closest to the dealer in the passing
    # direction first, the dealer last.
    st = build({"nicole": "AAA", "brandon": "A", "andrew": "AAA"}, dealer="nicole", direction=1)
    assert list(st.pending()) == ["andrew"]  # order: brandon, andrew, nicole (dealer last)
    act(st, "andrew", {"type": "attack", "target": "brandon"})
    assert list(st.pending()) == ["nicole"]
    act(st, "nicole", {"type": "attack", "target": "brandon"})
    settle(st)
    assert st.health["brandon"] == 1
    # Passing the other way, the dealer still acts last and Andrew (now "next") still first.
    st = build({"nicole": "AAA", "brandon": "A", "andrew": "AAA"}, dealer="andrew", direction=-1)
    assert list(st.pending()) == ["nicole"]


def test_second_most_ties_do_not_matter():
    st = build({"a": "AAAA", "b": "AA", "c": "AA", "d": "A"})
    act(st, "a", {"type": "attack", "target": "d"})
    settle(st)
    assert st.health["d"] == 3  # 4 - 2


def test_tyler_heals_one():
    # Tyler 3 Healing, Laura and Devon 2 each: Tyler heals 1, from 3 to 4.
    st = build({"tyler": "HHH", "laura": "HH", "devon": "HH"}, health={"tyler": 3})
    settle(st)
    assert st.health == {"tyler": 4, "laura": 5, "devon": 5}


def test_justin_draws_two_light_magick():
    # Justin 4 Radiance, Fred 2, Jonathan 1: Justin draws two Light Magick cards.
    st = build({"justin": "RRRR", "fred": "RR", "jonathan": "R"})
    settle(st)
    assert len(st.magick["justin"]) == 2 and all(c.startswith("L") for c in st.magick["justin"])
    assert st.magick["fred"] == [] and st.magick["jonathan"] == []


def test_melodee_chris_kendra_each_gain_one():
    # Tied at 1 Victory card each: each gets 1 VP.
    st = build({"melodee": "V", "chris": "V", "kendra": "V", "other": "A"})
    settle(st)
    assert st.vp == {"melodee": 1, "chris": 1, "kendra": 1, "other": 0}


def test_jon_two_ravens_kill_two_health_cards():
    # Jon has 3 Health and 2 Ravens: the Ravens kill 2 Health cards, leaving 1 to score.
    st = build({"jon": "HHHKK", "x": "", "y": ""}, health={"jon": 3})
    assert halted(st)  # the kills were forced: nothing to ask
    front = st.front["jon"]
    assert (len(front["played"]), len(front["killed"]), len(front["ravens"])) == (1, 2, 2)
    assert st.health["jon"] == 4  # healed 1 with the one living Health card


def test_greg_sacrifices_his_radiance():
    # Greg: 1 Radiance, 2 Health, 1 Victory, 1 Raven. He keeps Health and Victory and kills his Radiance.
    st = build({"greg": "RHHVK", "x": "H", "y": "R"}, health={"greg": 3})
    assert st.pending() == {"greg": [{"type": "commit", "kill": 0}, {"type": "commit", "kill": 1}]}
    act(st, "greg", {"type": "commit", "kill": 0})  # Healing: kill nothing
    assert st.health["greg"] == 4  # 2 Healing vs 1: heals 1
    assert st.pending() == {"greg": [{"type": "commit", "kill": 0}, {"type": "commit", "kill": 1}]}
    act(st, "greg", {"type": "commit", "kill": 1})  # Radiance: the Raven kills it, 'zero' Radiance
    assert st.magick["y"] and not st.magick["greg"]  # y's lone Radiance now wins the suit
    settle(st)
    assert st.vp["greg"] == 1  # his Victory card scored
    assert len(st.front["greg"]["killed"]) == 1 and not st.front["greg"]["skulk"]


def test_greg_cannot_save_the_raven_for_nothing():
    # Had Greg not killed his Radiance, his Raven must kill the Victory card: the engine forces it.
    st = build({"greg": "RHHVK", "x": "", "y": ""})
    act(st, "greg", {"type": "commit", "kill": 0})
    act(st, "greg", {"type": "commit", "kill": 0})
    assert halted(st)
    assert st.vp["greg"] == 0 and len(st.front["greg"]["killed"]) == 1
    assert count(st, "greg", "raven") == 0 and not st.front["greg"]["skulk"]
