"""Results that never scroll away: each game's last hand/round/act result stays on the board (public facts
only) until the next one, and a player's own private part of it stays in their hand."""
from __future__ import annotations

from engine import GAMES
from present import fmt, presenter
from tests.engine.test_deadlies_effects import _lust_to_secret
from tests.engine.test_deadlies_rules import NAMES, make, play


def text(doc) -> str:
    return fmt.plain(doc)


# ---------------------------------------------------------------------------------------- The Deadlies
def test_deadlies_greed_bust_stays_on_the_board_and_in_the_busters_hand():
    p = presenter("deadlies")
    st = make({"p1": ["GR7", "SL1"], "p2": ["WR1"], "p3": ["WR2"], "p4": ["WR3"]},
              deck=["GR1", "PR3", "EN4", "GR2", "PR6"])
    assert "Greed bust" not in text(p.board(st.view(None), NAMES))
    play(st, "p1", ["GR7"])
    st.act("p1", {"type": "deal"})  # busts on the second Pride
    board = text(p.board(st.view(None), NAMES))
    assert "Greed bust (turn 1): Ann took all 5 cards dealt: Greed 1, Pride 3, Envy 4, Greed 2, Pride 6." in board
    assert "Your last Greed bust (turn 1)" in text(p.hand(st.view("p1"), NAMES))
    assert "Your last Greed bust" not in text(p.hand(st.view("p2"), NAMES))
    st.act("p2", {"type": "pick", "card": "WR1"})  # the next turn goes on: the bust is still shown
    assert "Greed bust (turn 1)" in text(p.board(st.view(None), NAMES))
    again = GAMES["deadlies"].load(st.to_json())  # kept through a save and a load
    assert again.view(None)["last_greed"] == st.view(None)["last_greed"]


def test_deadlies_lust_reveal_stays_public_and_what_was_drawn_stays_private():
    p = presenter("deadlies")
    st = _lust_to_secret({"p1": ["LU2", "LU6", "HALO"], "p2": ["GR2", "EN3"], "p3": ["GR3"]},
                         deck=["WR4", "PR5", "SL6"])
    st.act("p2", {"type": "lust_discard", "card": "EN3"})
    st.act("p1", {"type": "lust_discard", "card": "LU6"})
    board = text(p.board(st.view(None), NAMES))
    assert "Lust (turn 1): Ann discarded Lust 6; Ben discarded Envy 3. Ben drew 3." in board
    drawn = ["WR4", "PR5", "SL6"]
    public = str(st.view(None)) + board + str(st.view("p1")) + str(st.view("p3"))
    assert not any(c in public for c in drawn)  # the cards Ben drew are his alone
    assert st.view("p2")["last_lust_drew"] == drawn
    assert "From the last Lust (turn 1) you drew: " in text(p.hand(st.view("p2"), NAMES))
    assert "you drew" not in text(p.hand(st.view("p1"), NAMES))


def test_deadlies_older_saved_games_load_without_last_results():
    st = make({"p1": ["GR7"], "p2": ["WR1"], "p3": ["WR2"]})
    data = st.to_json()
    del data["last"]
    old = GAMES["deadlies"].load(data)
    assert old.view(None)["last_greed"] is None and old.view(None)["last_lust"] is None


def test_deadlies_summary_goes_when_one_of_its_cards_goes_back_into_hiding():
    st = make({"p1": ["GR7", "SL1"], "p2": ["WR1"], "p3": ["WR2"], "p4": ["WR3"]},
              deck=["GR1", "PR3", "EN4", "GR2", "PR6"])
    play(st, "p1", ["GR7"])
    st.act("p1", {"type": "deal"})
    data = st.to_json()
    for where in ("hands", "known"):
        data[where]["p1"].remove("GR1")
    data["deck"].append("GR1")  # as if reshuffled back into the deck
    moved = GAMES["deadlies"].load(data)
    assert moved.view(None)["last_greed"] is None and "GR1" not in str(moved.view("p2"))
