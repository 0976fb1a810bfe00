"""Raven card play: leading, following, the four specialists, trick winners, the ravenclaw round."""
from __future__ import annotations

import pytest

from engine import IllegalAction
from tests.engine.raven_states import cards_playable, craft, last_trick, play


# ---- leading -------------------------------------------------------------------------------------

def test_leader_may_lead_anything_but_the_shaman():
    st = craft({"p1": ["SH3", "SW9", "SHAMAN", "RAVEN", "WOLF"], "p2": ["SH4", "SH5", "SH6", "SH7", "SH8"]})
    assert cards_playable(st, "p1") == {"SH3", "SW9", "RAVEN", "WOLF"}
    before = st.to_json()
    with pytest.raises(IllegalAction, match="may not lead the Shaman"):
        play(st, "p1", "SHAMAN")
    assert st.to_json() == before


def test_forced_shaman_lead_when_it_is_the_last_card():
    # Hands stay equal, so only on the last trick can the leader hold nothing but the Shaman.
    st = craft({"p1": ["SHAMAN"], "p2": ["DWARF"], "p3": ["SW2"]})
    assert st.pending() == {"p1": [{"type": "play", "card": "SHAMAN"}]}
    play(st, "p1", "SHAMAN")
    # The next player leads as if the trick began with them: a Dwarf names its suit.
    assert {a.get("suit") for a in st.pending()["p2"]} == {"SH", "SW", "AX", "WA"}
    play(st, "p2", "DWARF", "SW")
    play(st, "p3", "SW2")
    assert st.last_winner == "p3"  # the led Shaman counts as the lowest card; Swords 2 beats the Dwarf


def test_forced_shaman_lead_next_card_sets_the_suit():
    winner, _ = last_trick(["SHAMAN", "AX5", "AX9", "SW14"], trump="SH")
    assert winner == "p3"


def test_dwarf_lead_offers_each_suit():
    st = craft({"p1": ["DWARF", "SH2"], "p2": ["SW3", "SW4"]})
    dwarf = [a for a in st.pending()["p1"] if a["card"] == "DWARF"]
    assert sorted(a["suit"] for a in dwarf) == ["AX", "SH", "SW", "WA"]
    with pytest.raises(IllegalAction, match="name the suit"):
        play(st, "p1", "DWARF")


# ---- following -----------------------------------------------------------------------------------

def test_must_follow_led_suit_or_play_a_specialist():
    st = craft({"p1": ["SW9", "SH2"], "p2": ["SW3", "AX4", "WOLF", "SHAMAN"]}, hand_no=1)
    play(st, "p1", "SW9")
    assert cards_playable(st, "p2") == {"SW3", "WOLF", "SHAMAN"}
    with pytest.raises(IllegalAction, match="follow suit"):
        play(st, "p2", "AX4")


def test_void_in_led_suit_may_play_anything():
    st = craft({"p1": ["SW9", "SH2"], "p2": ["AX4", "SH5"]}, hand_no=1)
    play(st, "p1", "SW9")
    assert cards_playable(st, "p2") == {"AX4", "SH5"}


def test_a_following_dwarf_names_no_suit():
    st = craft({"p1": ["SW9", "SH2"], "p2": ["DWARF", "SH5"]}, hand_no=1)
    play(st, "p1", "SW9")
    assert {"type": "play", "card": "DWARF"} in st.pending()["p2"]
    assert all("suit" not in a for a in st.pending()["p2"])


def test_raven_lead_makes_trump_the_led_suit():
    # Hand 2: Swords are trump.
    st = craft({"p1": ["RAVEN", "SH2"], "p2": ["SW3", "AX4", "DWARF"]}, hand_no=2)
    play(st, "p1", "RAVEN")
    assert st.led == "SW"
    assert cards_playable(st, "p2") == {"SW3", "DWARF"}


def test_holding_only_the_raven_as_trump_forces_a_specialist_when_trump_is_led():
    st = craft({"p1": ["SW9", "SH2", "SH3"], "p2": ["RAVEN", "AX4", "WOLF"]}, hand_no=2)
    play(st, "p1", "SW9")  # trump led
    assert cards_playable(st, "p2") == {"RAVEN", "WOLF"}
    with pytest.raises(IllegalAction, match="only trump is the Raven"):
        play(st, "p2", "AX4")


def test_raven_holder_is_free_when_a_non_trump_suit_is_led_and_void():
    st = craft({"p1": ["AX9", "SH2"], "p2": ["RAVEN", "SW4"]}, hand_no=2)
    play(st, "p1", "AX9")
    assert cards_playable(st, "p2") == {"RAVEN", "SW4"}


def test_dwarf_lead_sets_the_declared_suit_to_follow():
    st = craft({"p1": ["DWARF", "SH2"], "p2": ["WA3", "AX4"], "p3": ["SH6", "SH7"]}, hand_no=1)
    play(st, "p1", "DWARF", "WA")
    assert st.led == "WA" and st.called == "WA"
    assert cards_playable(st, "p2") == {"WA3"}


def test_wolf_lead_requires_non_trump_and_first_non_trump_sets_the_suit():
    # Hand 1: Shields trump. p2 holds only trump (besides specialists): may play trump, which sets nothing.
    st = craft({"p1": ["WOLF", "SH1"], "p2": ["SH9", "SHAMAN"], "p3": ["SH3", "AX5", "WA6"],
                "p4": ["AX2", "WA9", "SW4"]}, hand_no=1)
    play(st, "p1", "WOLF")
    assert st.wolf and st.led is None
    assert cards_playable(st, "p2") == {"SH9", "SHAMAN"}
    play(st, "p2", "SH9")
    assert st.wolf and st.led is None  # trump does not establish the called suit
    # p3 holds non-trump, so must play it (any non-trump suit) or a specialist, not trump.
    assert cards_playable(st, "p3") == {"AX5", "WA6"}
    with pytest.raises(IllegalAction, match="non-trump"):
        play(st, "p3", "SH3")
    events = play(st, "p3", "WA6")
    assert st.led == "WA" and not st.wolf
    assert events[0]["sets_suit"] == "WA"
    assert cards_playable(st, "p4") == {"WA9"}  # now Waters must be followed


def test_wolf_lead_specialists_do_not_set_the_suit():
    st = craft({"p1": ["WOLF", "SH1"], "p2": ["DWARF", "AX3"], "p3": ["SW5", "AX6"]}, hand_no=1)
    play(st, "p1", "WOLF")
    play(st, "p2", "DWARF")
    assert st.wolf and st.led is None
    assert cards_playable(st, "p3") == {"SW5", "AX6"}


# ---- trick winners -------------------------------------------------------------------------------

@pytest.mark.parametrize("cards,trump,winner", [
    (["SW5", "SW9", "SW2"], "SH", "p2"),           # highest of the led suit
    (["SW5", "AX14", "SW6"], "SH", "p3"),          # off-suit non-trump cannot win
    (["SW14", "SH1", "SW13"], "SH", "p2"),         # any trump beats any non-trump
    (["SH10", "RAVEN", "SH14"], "SH", "p2"),       # Raven is the highest trump
    (["SW14", "WOLF", "SW13"], "SH", "p2"),        # Wolf beats every non-trump suited card
    (["SW14", "WOLF", "SH1"], "SH", "p3"),         # ...but loses to any trump
    (["WOLF", "AX3", "SW14"], "SH", "p1"),         # Wolf led wins when nobody trumps
    (["SW3", "DWARF", "SW1"], "SH", "p1"),         # a following Dwarf is the lowest card
    (["RAVEN", "SH14", "SH13"], "SH", "p1"),       # Raven lead
])
def test_trick_winner(cards, trump, winner):
    assert last_trick(cards, trump)[0] == winner


@pytest.mark.parametrize("cards,trump,winner", [
    ([("DWARF", "SW"), "AX14", "WA9"], "SH", "p1"),     # nobody follows: the Dwarf wins its own suit
    ([("DWARF", "SW"), "SW1", "AX14"], "SH", "p2"),     # the Dwarf is the lowest of the declared suit
    ([("DWARF", "SH"), "SW14", "AX14"], "SH", "p1"),    # declared trump: a trump, beats non-trump
    ([("DWARF", "SH"), "SH1", "SW14"], "SH", "p2"),     # ...but the lowest trump
    ([("DWARF", "SW"), "WOLF", "SW14"], "SH", "p2"),    # Wolf is above every non-trump card
])
def test_dwarf_lead_winners(cards, trump, winner):
    assert last_trick(cards, trump)[0] == winner


@pytest.mark.parametrize("cards,winner,why", [
    (["SW5", "SW9", "SHAMAN", "SW10"], "p4", "after SW9 it is 9.5 of Swords: below 10"),
    (["SW5", "SW9", "SHAMAN", "SW8"], "p3", "after SW9 it is 9.5 of Swords: above 9"),
    (["SW5", "SH2", "SHAMAN", "SH3"], "p4", "after a trump it is a trump half a step higher"),
    (["SW5", "SH2", "SHAMAN", "SW14"], "p3", "a trumping Shaman beats non-trump"),
    (["SH9", "RAVEN", "SHAMAN", "SH14"], "p3", "after the Raven it is above the highest trump"),
    (["SW14", "WOLF", "SHAMAN", "SW13"], "p3", "after the Wolf it beats the Wolf"),
    (["SW14", "WOLF", "SHAMAN", "SH1"], "p4", "...but still loses to trump"),
    ([("DWARF", "AX"), "SHAMAN", "AX1"], "p3", "after a led Dwarf: above it, below the 1"),
    ([("DWARF", "AX"), "SHAMAN", "WA14"], "p2", "after a led Dwarf it beats the Dwarf"),
    (["SW5", "AX14", "SHAMAN", "SW2"], "p1", "after an off-suit card it cannot win"),
    (["SW5", "DWARF", "SHAMAN", "SW2"], "p1", "after a following Dwarf it cannot win"),
    (["WOLF", "SH3", "SHAMAN", "AX14"], "p3", "after an unestablished Wolf trump: a trump"),
])
def test_shaman_is_half_a_step_above_the_card_before_it(cards, winner, why):
    assert last_trick(cards, "SH")[0] == winner, why


# ---- the ravenclaw round (short game, hand 5) ----------------------------------------------------

def test_ravenclaw_round_has_no_trump_suit():
    winner, st = last_trick(["SW5", "SH14", "SW9"], trump=None)
    assert st.hand_no == 5 and st.trump is None
    assert winner == "p3"  # Shields are an ordinary suit now


def test_ravenclaw_raven_lead_leaves_no_led_suit():
    st = craft({"p1": ["RAVEN", "SH2"], "p2": ["SW3", "AX4"], "p3": ["SW5", "SH6"]}, hand_no=5,
               length="short")
    play(st, "p1", "RAVEN")
    assert st.led is None
    assert cards_playable(st, "p2") == {"SW3", "AX4"}


@pytest.mark.parametrize("cards,winner", [
    (["RAVEN", "SW14", "WA14"], "p1"),              # Raven wins
    (["RAVEN", "SHAMAN", "WOLF"], "p2"),            # unless the Shaman is played next on it
    (["RAVEN", "SW3", "SHAMAN"], "p1"),             # not next: Raven still wins
    (["SW14", "RAVEN", "SW13"], "p2"),              # the Raven is the only trump
    (["SW4", "RAVEN", "SHAMAN"], "p3"),             # Shaman right after the Raven beats it
    (["WOLF", "SW14", "RAVEN"], "p3"),              # the Raven beats the Wolf
    (["WOLF", "SH14", "AX2"], "p1"),                # the Wolf beats every suited card
])
def test_ravenclaw_winners(cards, winner):
    assert last_trick(cards, trump=None)[0] == winner


def test_ravenclaw_wolf_lead_any_suited_card_sets_the_suit():
    st = craft({"p1": ["WOLF", "SH2"], "p2": ["SH3", "AX4"], "p3": ["AX5", "SH6"]}, hand_no=5, length="short")
    play(st, "p1", "WOLF")
    assert cards_playable(st, "p2") == {"SH3", "AX4"}
    play(st, "p2", "SH3")
    assert st.led == "SH"
    assert cards_playable(st, "p3") == {"SH6"}


# ---- flow ----------------------------------------------------------------------------------------

def test_winner_leads_next_and_last_trick_shown_until_next_lead():
    st = craft({"p1": ["SW2", "AX3"], "p2": ["SW9", "AX4"], "p3": ["SW5", "AX5"]}, hand_no=1)
    play(st, "p1", "SW2")
    play(st, "p2", "SW9")
    play(st, "p3", "SW5")
    assert st.turn == "p2"
    view = st.view(None)
    assert view["last_trick"] == ["SW2", "SW9", "SW5"] and view["last_winner"] == "p2"
    assert view["tricks"] == [0, 1, 0]
    play(st, "p2", "AX4")
    view = st.view("p1")
    assert "last_trick" not in view and view["trick"] == ["AX4"]
    assert "SW9" not in str(view)


def test_not_your_turn_is_refused_with_a_message():
    st = craft({"p1": ["SW2", "AX3"], "p2": ["SW9", "AX4"]}, hand_no=1)
    with pytest.raises(IllegalAction, match="isn't your turn"):
        play(st, "p2", "SW9")
