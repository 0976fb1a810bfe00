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


# ---------------------------------------------------------------------------------------- Nevermore
NM = {"a": "Ann", "b": "Ben", "c": "Cy", "d": "Di", "p1": "Ann", "p2": "Ben", "p3": "Cy", "p4": "Di"}


def test_nevermore_whole_hand_resolution_with_skulking_stays_on_the_board():
    from tests.engine.nevermore_positions import build, settle
    st = build({"a": "AKKKK", "b": "VVKKK", "c": ""})
    settle(st)
    r = st.view(None)["resolution"]
    assert r["hand"] == 1 and r["conspiracy"] == [] and len(r["suits"]) == 4
    assert r["skulking"] == {"counts": {"a": 3, "b": 1, "c": 0}, "actors": ["a"], "n": 2}
    board = text(presenter("nevermore").board(st.view(None), NM))
    assert "Hand 1 resolution" in board and "Skulking Ravens — Ann leads and draws 2 Shadow." in board
    assert "⚔️ Attack — nobody had any." in board  # Ravens killed every card: each suit still has its line


def test_nevermore_conspiracy_is_on_the_board_and_in_the_conspirators_hand():
    from tests.engine.nevermore_positions import build
    st = build({"a": "KKKKK", "b": "VVVV", "c": "AAA", "d": ""}, raven={"d": True})
    p = presenter("nevermore")
    assert st.view(None)["resolution"]["conspiracy"] == ["a"]
    assert "Ann revealed a Conspiracy of Ravens" in text(p.board(st.view(None), NM))
    assert "Your Conspiracy of Ravens ended hand 1" in text(p.hand(st.view("a"), NM))
    assert "Your Conspiracy" not in text(p.hand(st.view("b"), NM))


def test_nevermore_resolution_stays_through_the_next_draft_and_survives_a_reload():
    import random

    from tests.engine.test_nevermore_rules import _play_one_hand
    st = GAMES["nevermore"].new(["p1", "p2", "p3", "p4"], 11)
    assert st.view(None)["resolution"] is None
    _play_one_hand(st, random.Random(0))
    assert st.hand_no == 2 and st.view(None)["round"] == 0  # the next hand is dealt, not yet resolving
    r = st.view(None)["resolution"]
    assert r["hand"] == 1 and (r["conspiracy"] or len(r["suits"]) == 4)
    assert "Hand 1 resolution" in text(presenter("nevermore").board(st.view(None), NM))
    assert GAMES["nevermore"].load(st.to_json()).view(None)["resolution"] == r
    data = st.to_json()
    del data["resolution"]  # a game saved before the summary existed
    assert GAMES["nevermore"].load(data).view(None)["resolution"] is None


# ---------------------------------------------------------------------------------------- The Everrain
EV = {"p1": "Ann", "p2": "Ben"}


def test_everrain_last_story_read_stays_until_the_next_and_reloads():
    from tests.engine.test_everrain_rules import DECK, read_bell, slotted_bell
    s = slotted_bell()
    s.act("p1", DECK["sea"])  # p1 turns to the story waiting in their slot: Story +1+
    p = presenter("everrain")
    assert s.view(None)["last_story"]["open"]
    assert "Last story read" not in text(p.board(s.view(None), EV))  # being read: shown in full as the card
    read_bell(s, 6)
    v = s.view(None)
    kinds = [e["type"] for e in v["last_story"]["events"]]
    assert kinds[0] == "story" and "roll" in kinds and "outcome" in kinds
    board = text(p.board(v, EV))
    assert "Last story read: +1+" in board
    while s.active != "p1" and not s.over:  # Ben's whole turn: Ann's story is still on the board
        seat, legal = next(iter(s.pending().items()))
        s.act(seat, legal[0])
    assert not s.view(None)["last_story"]["open"]
    assert "Last story read: +1+" in text(p.board(s.view(None), EV))
    assert GAMES["everrain"].load(s.to_json()).view(None)["last_story"] == s.view(None)["last_story"]


def test_everrain_last_act_result_stays_and_older_games_load():
    from tests.engine.test_everrain_rules import end_act, game
    s = game()
    data = s.to_json()
    del data["last_story"], data["last_act"]  # a game saved before these facts existed
    old = GAMES["everrain"].load(data)
    assert old.view(None)["last_act"] is None and old.view(None)["last_story"] is None
    s.d["ships"]["p1"]["glory"] = 3
    end_act(s)
    board = text(presenter("everrain").board(s.view(None), EV))
    assert "End of Act I" in board and "Glory then: Ann 3 (0 told), Ben 0 (0 told)." in board
