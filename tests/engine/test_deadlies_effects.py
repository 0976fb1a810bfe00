"""The Deadlies: every effect, asked of the right player, including the rulebook's Greed example."""
from __future__ import annotations

from engine.deadlies.cards import ALL_IDS
from tests.engine.test_deadlies_rules import GAME, NAMES, describe, illegal, make, play, types
from tests.present import words


def public_lines(events):
    return [describe(e, NAMES) for e in events if e["to"] is None]


# ----------------------------------------------------------------------------- Corruption
def test_corruption_on_top_chooses_a_sin():
    st = make({"p1": ["CO8", "GR1"], "p2": ["GR2"], "p3": ["GR3"]})
    play(st, "p1", ["CO8"])
    assert st.pending() == {"p1": [{"type": "suit", "suit": s} for s in
                                   ("greed", "pride", "wrath", "lust", "gluttony", "sloth", "envy")]}
    illegal(st, "p1", {"type": "suit", "suit": "purity"}, "Purity is not a suit")
    st.act("p1", {"type": "suit", "suit": "wrath"})
    events = st.act("p1", {"type": "target", "seat": "p3"})
    assert public_lines(events)[0] == "Ann plays Corruption as Wrath: Cy draws 2."


# ----------------------------------------------------------------------------- Pride
def test_pride_target_shows_pride_and_it_becomes_known():
    st = make({"p1": ["PR2", "GR1"], "p2": ["PR5", "GR2"], "p3": ["GR3"]})
    play(st, "p1", ["PR2"])
    st.act("p1", {"type": "target", "seat": "p2"})
    assert st.pending() == {"p2": [{"type": "show", "card": "PR5"}, {"type": "draw"}]}
    assert st.view(None)["decision"].get("quick")
    events = st.act("p2", {"type": "show", "card": "PR5"})
    assert public_lines(events)[0] == "Ben shows Pride 5: Ann draws 1."
    assert st.view(None)["known"] == {"p2": ["PR5"]} and len(st.hands["p1"]) == 2
    assert len(st.hands["p2"]) == 2


def test_pride_target_without_pride_is_still_asked_and_draws():
    st = make({"p1": ["PR2", "GR1"], "p2": ["GR2"], "p3": ["GR3"]})
    play(st, "p1", ["PR2"])
    st.act("p1", {"type": "target", "seat": "p3"})
    assert st.pending() == {"p3": [{"type": "draw"}]}
    illegal(st, "p3", {"type": "show", "card": "GR3"}, "Only a Pride")
    st.act("p3", {"type": "draw"})
    assert len(st.hands["p3"]) == 2 and len(st.hands["p1"]) == 1


def test_pride_may_be_kept_hidden_and_corruption_counts_as_pride():
    st = make({"p1": ["PR2", "GR1"], "p2": ["CO8", "GR2"], "p3": ["GR3"]})
    play(st, "p1", ["PR2"])
    st.act("p1", {"type": "target", "seat": "p2"})
    assert {"type": "show", "card": "CO8"} in st.pending()["p2"]
    st.act("p2", {"type": "draw"})
    assert len(st.hands["p2"]) == 3 and st.view(None)["known"] == {}


# ----------------------------------------------------------------------------- Wrath
def test_wrath_chain_goes_back_and_forth_until_someone_stops():
    st = make({"p1": ["WR2", "WR6", "GR1"], "p2": ["CO8", "GR2"], "p3": ["GR3"]})
    play(st, "p1", ["WR2"])
    st.act("p1", {"type": "target", "seat": "p2"})
    assert len(st.hands["p2"]) == 4
    assert st.pending() == {"p2": [{"type": "wrath", "card": "CO8"}, {"type": "stop"}]}
    events = st.act("p2", {"type": "wrath", "card": "CO8"})
    assert public_lines(events) == ["Ben throws back Corruption: Ann draws 2."]
    assert len(st.hands["p1"]) == 4 and "CO8" in st.discard
    assert list(st.pending()) == ["p1"] and {"type": "wrath", "card": "WR6"} in st.pending()["p1"]
    st.act("p1", {"type": "wrath", "card": "WR6"})
    assert len(st.hands["p2"]) == 5 and list(st.pending()) == ["p2"]
    st.act("p2", {"type": "stop"})
    assert st.turn == "p2" and st.effect is None


# ----------------------------------------------------------------------------- Gluttony
def test_gluttony_draw_three_then_another_turn():
    st = make({"p1": ["GL2", "GR1"], "p2": ["GR2"], "p3": ["GR3"]})
    play(st, "p1", ["GL2"])
    assert st.pending()["p1"][-1] == {"type": "draw3"}
    events = st.act("p1", {"type": "draw3"})
    assert len(st.hands["p1"]) == 4 and st.turn == "p1" and st.phase == "build"
    assert public_lines(events)[0] == "Ann plays Gluttony 2: Ann draws 3, then takes another turn."


def test_gluttony_steals_a_random_card_privately():
    st = make({"p1": ["GL2", "GR1"], "p2": ["PR4", "EN6"], "p3": []}, wick={"p3": 4},
              deck=["SL1", "SL2", "SL3", "SL4"])
    play(st, "p1", ["GL2"])
    # p3 holds no card: it can't be robbed (ruling).
    assert st.pending()["p1"] == [{"type": "steal", "seat": "p2"}, {"type": "draw3"}]
    events = st.act("p1", {"type": "steal", "seat": "p2"})
    stolen = next(e for e in events if e["type"] == "stole")
    assert stolen["to"] == "p1" and stolen["card"] in ("PR4", "EN6") and stolen["card"] in st.hands["p1"]
    lost = next(e for e in events if e["type"] == "lost")
    assert lost["to"] == "p2" and "card" not in lost
    assert all(stolen["card"] not in str(e) for e in events if e["to"] != "p1")
    assert st.turn == "p1" and len(st.hands["p2"]) == 1


def test_gluttony_steal_of_the_last_card_lowers_and_can_win():
    st = make({"p1": ["GL2", "GR1"], "p2": ["PR4"], "p3": ["GR3"]}, wick={"p2": 2})
    play(st, "p1", ["GL2"])
    st.act("p1", {"type": "steal", "seat": "p2"})
    assert st.over and st.winners == ["p2"]
    st = make({"p1": ["GL2", "GR1"], "p2": ["PR4"], "p3": ["GR3"]})
    play(st, "p1", ["GL2"])
    st.act("p1", {"type": "steal", "seat": "p2"})
    assert st.wick["p2"] == 4 and len(st.hands["p2"]) == 4 and st.turn == "p1"


def test_gluttony_with_nobody_to_rob_only_draws():
    st = make({"p1": ["GL2", "GR1"], "p2": [], "p3": []}, wick={"p2": 4, "p3": 4})
    play(st, "p1", ["GL2"])
    assert st.pending() == {"p1": [{"type": "draw3"}]}
    illegal(st, "p1", {"type": "steal", "seat": "p2"}, "no cards to take")


def test_gluttony_emptying_own_hand_lowers_before_the_extra_turn():
    st = make({"p1": ["GL2"], "p2": ["PR4", "GR2"], "p3": ["GR3"]})
    play(st, "p1", ["GL2"])
    st.act("p1", {"type": "steal", "seat": "p2"})
    assert st.wick["p1"] == 6 and len(st.hands["p1"]) == 1 and st.turn == "p1"


# ----------------------------------------------------------------------------- Envy
def test_envy_draws_two_then_may_swap_hands():
    st = make({"p1": ["EN2", "GR1"], "p2": ["PR4", "GR2", "GR3"], "p3": ["GR4"]},
              known={"p2": ["PR4"]}, deck=["SL1", "SL2"])
    events = play(st, "p1", ["EN2"])
    assert public_lines(events)[0] == "Ann plays Envy 2: Ann draws 2."
    assert sorted(st.hands["p1"]) == ["GR1", "SL1", "SL2"]
    assert st.pending() == {"p1": [{"type": "swap", "seat": "p2"}, {"type": "swap", "seat": "p3"},
                                   {"type": "keep"}]}
    st.act("p1", {"type": "swap", "seat": "p2"})
    assert sorted(st.hands["p1"]) == ["GR2", "GR3", "PR4"] and sorted(st.hands["p2"]) == ["GR1", "SL1", "SL2"]
    assert st.known == {"p1": ["PR4"], "p2": [], "p3": []}


def test_envy_with_an_envy_or_corruption_in_hand_cannot_swap():
    for blocker in ("EN5", "CO8"):
        st = make({"p1": ["EN2", blocker], "p2": ["GR2"], "p3": ["GR4"]}, deck=["SL1", "SL2"])
        play(st, "p1", ["EN2"])
        assert st.pending() == {"p1": [{"type": "keep"}]}
        illegal(st, "p1", {"type": "swap", "seat": "p2"}, "hold an Envy")
    st = make({"p1": ["EN2", "GR1"], "p2": ["GR2"], "p3": ["GR4"]}, deck=["SL1", "EN7"])
    play(st, "p1", ["EN2"])  # drew an Envy: no trade
    assert st.pending() == {"p1": [{"type": "keep"}]}


# ----------------------------------------------------------------------------- Sloth
def test_sloth_stays_in_front_until_the_next_turn():
    st = make({"p1": ["SL2", "SL5", "GR1"], "p2": ["GR2", "GR6"], "p3": ["GR3", "GR7"]})
    events = play(st, "p1", ["SL2", "SL5"], "suit")
    assert public_lines(events)[0].endswith("it stays face up in front of Ann.")
    assert st.sloth["p1"] == "SL5" and "SL2" in st.discard and st.view(None)["sloths"] == {"p1": "SL5"}
    play(st, "p2", ["GR2"])
    for _ in range(2):  # Greed deals automatically; stop when allowed
        if st.effect and st.effect["kind"] == "greed":
            st.act("p2", {"type": "stop"})
        elif st.effect and st.effect["kind"] == "greed_five":
            st.act("p2", {"type": "keep_hand"})
    assert st.sloth["p1"] == "SL5"
    play(st, "p3", ["GR3"])
    while st.turn == "p3":
        st.act("p3", st.pending()["p3"][-1])
    assert st.turn == "p1" and st.sloth["p1"] is None and st.discard[-1] == "SL5"


def test_a_new_sloth_makes_everyone_with_one_in_front_draw():
    st = make({"p1": ["CO8", "GR1"], "p2": ["GR2"], "p3": ["GR3"]}, sloth={"p2": "SL4", "p3": "SL6"})
    play(st, "p1", ["CO8"])
    events = st.act("p1", {"type": "suit", "suit": "sloth"})
    assert public_lines(events)[0] == ("Ann plays Corruption as Sloth: it stays face up in front of Ann; "
                                       "Ben and Cy each draw 1 for their Sloth.")
    assert len(st.hands["p2"]) == len(st.hands["p3"]) == 2 and st.sloth["p1"] == "CO8"


def test_sloth_in_a_straight_below_the_top_does_nothing():
    st = make({"p1": ["SL3", "EN4", "GR1"], "p2": ["GR2"], "p3": ["GR3"]}, sloth={"p2": "SL4"})
    play(st, "p1", ["SL3", "EN4"], "straight")
    assert st.play["effect"] == "envy" and len(st.hands["p2"]) == 1


# ----------------------------------------------------------------------------- Lust
def _lust_to_secret(hands, **kw):
    st = make(hands, **kw)
    play(st, "p1", ["LU2"])
    st.act("p1", {"type": "target", "seat": "p2"})
    assert list(st.pending()) == ["p2"]
    st.act("p2", {"type": "lust", "choice": "discard"})
    return st


def test_lust_partner_may_choose_nothing():
    st = make({"p1": ["LU2", "GR1"], "p2": ["GR2"], "p3": ["GR3"]})
    play(st, "p1", ["LU2"])
    events = st.act("p1", {"type": "target", "seat": "p2"})
    assert public_lines(events)[0] == "Ann plays Lust 2: Ann picks Ben as Lust partner."
    events = st.act("p2", {"type": "lust", "choice": "nothing"})
    assert public_lines(events)[0] == "Ben chooses that nothing happens."
    assert st.turn == "p2"


def test_lust_secret_choices_are_simultaneous_and_hidden_until_both_are_in():
    st = _lust_to_secret({"p1": ["LU2", "LU6", "HALO"], "p2": ["GR2", "EN3"], "p3": ["GR3"]})
    pend = st.pending()
    assert sorted(pend) == ["p1", "p2"]
    assert {"type": "lust_discard", "card": "HALO"} not in pend["p1"]  # the Halo can't go this way
    illegal(st, "p1", {"type": "lust_discard", "card": "HALO"})
    events = st.act("p2", {"type": "lust_discard", "card": "EN3"})
    assert [e for e in events if "EN3" in str(e)] == [{"type": "lust_ready", "to": "p2", "card": "EN3"}]
    assert "EN3" not in str(st.view("p1")) and "EN3" not in str(st.view(None))
    assert st.view("p2")["lust_choice"] == "EN3" and st.view(None)["effect"]["chosen"] == ["p2"]
    assert list(st.pending()) == ["p1"]
    events = st.act("p1", {"type": "lust_discard", "card": "LU6"})
    reveal = next(e for e in events if e["type"] == "lust_reveal")
    assert reveal["cards"] == {"p1": "LU6", "p2": "EN3"} and reveal["to"] is None
    assert "Revealed together: Ann discards Lust 6; Ben discards Envy 3." in public_lines(events)
    assert len(st.hands["p2"]) == 1 + 3  # Ann's Lust made Ben draw 3
    assert st.hands["p1"] == ["HALO"]


def test_lust_both_may_discard_nothing_and_corruption_counts_as_lust():
    st = _lust_to_secret({"p1": ["LU2", "GR1"], "p2": ["CO8", "GR2"], "p3": ["GR3"]})
    st.act("p1", {"type": "lust_keep"})
    st.act("p2", {"type": "lust_discard", "card": "CO8"})
    assert len(st.hands["p1"]) == 4 and len(st.hands["p2"]) == 1
    st = _lust_to_secret({"p1": ["LU2", "GR1"], "p2": ["GR2"], "p3": ["GR3"]})
    st.act("p1", {"type": "lust_keep"})
    st.act("p2", {"type": "lust_keep"})
    assert st.hands["p1"] == ["GR1"] and st.hands["p2"] == ["GR2"] and st.turn == "p2"


# ----------------------------------------------------------------------------- Greed
def test_greed_rulebook_example_busts_on_the_second_pride():
    # "GREED, PRIDE, ENVY (you may now stop), GREED (can never stop on a Greed), PRIDE (Bust)".
    st = make({"p1": ["GR7", "SL1"], "p2": ["WR1"], "p3": ["WR2"], "p4": ["WR3"]},
              deck=["GR1", "PR3", "EN4", "GR2", "PR6"])
    events = play(st, "p1", ["GR7"])
    dealt = [(e["target"], e["card"]) for e in events if e["type"] == "greed_deal"]
    assert dealt == [("p2", "GR1"), ("p3", "PR3"), ("p4", "EN4")]  # from the left, clockwise
    assert st.pending() == {"p1": [{"type": "deal"}, {"type": "stop"}]}
    assert st.view(None)["effect"]["dealt"] == [["p2", "GR1"], ["p3", "PR3"], ["p4", "EN4"]]
    events = st.act("p1", {"type": "deal"})
    dealt = [(e["target"], e["card"]) for e in events if e["type"] == "greed_deal"]
    assert dealt == [("p2", "GR2"), ("p3", "PR6")]  # no stop offered on the Greed
    assert "greed_bust" in types(events)
    assert sorted(st.hands["p1"]) == sorted(["SL1", "GR1", "PR3", "EN4", "GR2", "PR6"])
    assert sorted(st.known["p1"]) == sorted(["GR1", "PR3", "EN4", "GR2", "PR6"])
    assert st.hands["p2"] == ["WR1"] and st.turn == "p2"


def test_greed_stop_gives_the_dealt_cards_face_up():
    st = make({"p1": ["GR7", "SL1"], "p2": ["WR1"], "p3": ["WR2"]}, deck=["PR3", "EN4"])
    events = play(st, "p1", ["GR7"])
    assert public_lines(events)[0] == "Ann plays Greed 7: Ann deals Pride 3 to Ben."
    st.act("p1", {"type": "stop"})
    assert st.hands["p2"] == ["WR1", "PR3"] and st.hands["p3"] == ["WR2", "EN4"]
    assert st.view(None)["known"] == {"p2": ["PR3"], "p3": ["EN4"]}


def test_greed_corruption_always_busts_and_purity_never_does():
    st = make({"p1": ["GR7", "SL1"], "p2": ["WR1"], "p3": ["WR2"]}, deck=["CO8"])
    events = play(st, "p1", ["GR7"])
    assert "greed_bust" in types(events) and sorted(st.hands["p1"]) == ["CO8", "SL1"]
    st = make({"p1": ["GR7", "SL1"], "p2": ["WR1"], "p3": ["WR2"]}, deck=["PU0", "PR1", "GR2"])
    play(st, "p1", ["GR7"])
    assert st.pending() == {"p1": [{"type": "deal"}, {"type": "stop"}]}  # Purity counted, no bust


def test_greed_five_dealt_lets_the_dealer_discard_their_hand():
    st = make({"p1": ["GR7", "SL1", "HALO"], "p2": ["WR1"], "p3": ["WR2"]},
              deck=["PR3", "EN4", "GR1", "LU5", "GL6"])
    play(st, "p1", ["GR7"])
    st.act("p1", {"type": "deal"})  # Greed 1 (forced on), then Lust 5: may stop again
    events = st.act("p1", {"type": "deal"})  # Gluttony 6 is the fifth card
    assert "greed_take" in types(events)
    assert st.pending() == {"p1": [{"type": "discard_hand"}, {"type": "keep_hand"}]}
    st.act("p1", {"type": "discard_hand"})
    assert st.discard[-2:] == ["SL1", "GR7"] and st.halo_centre  # the Halo returns to the centre
    assert st.wick["p1"] == 4 and len(st.hands["p1"]) == 4
    assert sorted(st.hands["p2"]) == ["GL6", "GR1", "PR3", "WR1"]


def test_greed_deal_ends_when_nothing_is_left():
    others = [c for c in ALL_IDS if c not in ("GR7", "PR3", "HALO")]
    st = make({"p1": ["GR7"] + others[:10], "p2": others[10:30], "p3": others[30:]}, deck=["PR3"])
    events = play(st, "p1", ["GR7"])
    assert "greed_dry" in types(events) and st.hands["p2"][-1] == "PR3" and st.turn == "p2"


# ----------------------------------------------------------------------------- Purity and Halo
def test_purity_takes_the_halo_from_the_centre_or_another_hand():
    st = make({"p1": ["PU0", "GR1"], "p2": ["GR2"], "p3": ["GR3"]})
    events = play(st, "p1", ["PU0"])
    assert public_lines(events)[0] == "Ann plays Purity: Ann takes the Halo from the centre."
    assert "HALO" in st.hands["p1"] and st.view(None)["halo"] == "p1"
    st = make({"p1": ["PU0", "GR1"], "p2": ["GR2", "HALO"], "p3": ["GR3"]})
    play(st, "p1", ["PU0"])
    assert "HALO" in st.hands["p1"] and st.hands["p2"] == ["GR2"]


def test_halo_discards_the_hand_lowers_once_and_returns_to_the_centre():
    st = make({"p1": ["HALO", "GR1", "PR2", "WR5"], "p2": ["GR2"], "p3": ["GR3"]})
    events = play(st, "p1", ["HALO"])
    assert public_lines(events)[0].startswith("Ann plays Halo: Ann discards their hand (3 cards), "
                                              "Wickedness 6 → 4")
    # Ruling: not lowered a second time by the end-of-turn step; draws the new value.
    assert st.wick["p1"] == 4 and len(st.hands["p1"]) == 4 and st.halo_centre
    assert {"GR1", "PR2", "WR5"} <= set(st.discard) and "HALO" not in st.discard


def test_halo_at_two_wins():
    st = make({"p1": ["HALO", "GR1"], "p2": ["GR2"], "p3": ["GR3"]}, wick={"p1": 2})
    play(st, "p1", ["HALO"])
    assert st.over and st.winners == ["p1"]


def test_effect_decisions_belong_only_to_their_player():
    st = make({"p1": ["WR2", "GR1"], "p2": ["GR2"], "p3": ["GR3"]})
    play(st, "p1", ["WR2"])
    illegal(st, "p2", {"type": "target", "seat": "p3"}, "isn't your turn")
    illegal(st, "p1", {"type": "target", "seat": "p1"}, "another player")
    st.act("p1", {"type": "target", "seat": "p3"})
    illegal(st, "p1", {"type": "stop"}, "isn't your turn")
    assert words.render(GAME, st.view("p3"), NAMES).endswith("throw back a Wrath (they draw 2) or stop.")


def test_purity_while_holding_the_halo_does_nothing():
    st = make({"p1": ["PU0", "HALO", "GR1"], "p2": ["GR2"], "p3": ["GR3"]})
    events = play(st, "p1", ["PU0"])
    assert public_lines(events)[0] == "Ann plays Purity: Ann already holds the Halo."
    assert sorted(st.hands["p1"]) == ["GR1", "HALO"]


def test_envy_may_trade_with_an_empty_hand():
    st = make({"p1": ["EN2", "GR1"], "p2": [], "p3": ["GR4"]}, wick={"p2": 4}, deck=["SL1", "SL2"])
    play(st, "p1", ["EN2"])
    st.act("p1", {"type": "swap", "seat": "p2"})
    # Ann ends her turn empty-handed: she lowers to 4 and draws 4; Ben keeps her three cards.
    assert st.wick["p1"] == 4 and len(st.hands["p1"]) == 4 and sorted(st.hands["p2"]) == ["GR1", "SL1", "SL2"]
