"""Black Rose Wars, issue 33, as the players read it: the standing orders told once beside the Quests, the
buttons that change them, the Study's one-click draw and its removal, the suggested Preparation, and
Obscure Intuition's one choice."""
from __future__ import annotations

from engine.blackrose import cards as C
from present import fmt
from present.blackrose.prompts import prompt as worded_prompt  # (the placeholder is shorter)
from present.blackrose import bundles as BU
from present.blackrose import choices as CH
from present.blackrose.presenter import PRESENTER
from present.i18n import reading
from tests.engine.test_blackrose_rules import give, table
from tests.engine.test_blackrose_study_quests import study

NAMES = {"p1": "Ann", "p2": "Ben", "p3": "Cat"}
TOLD = "Your Quests are kept and your Evocations hunt without asking you"


def hand_text(view) -> str:
    with reading("en"):
        return fmt.plain(PRESENTER.hand(view, NAMES))


def test_a_new_player_is_told_once_beside_their_quests_that_they_can_change_the_standing_orders():
    st = table()
    st.quests["p1"] = [st.qdeck["1"].pop()]
    st.turn = 1
    text = hand_text(st.view("p1"))
    assert TOLD in text and text.index("Quest:") < text.index(TOLD)
    st.turn = 2  # told in the first Game Turn only
    assert TOLD not in hand_text(st.view("p1"))
    st.turn = 1
    st.ask_me["p1"].append("quests")  # found already
    assert TOLD not in hand_text(st.view("p1"))
    with reading("de"):
        st.ask_me["p1"].clear()
        assert "Deine Aufgaben werden behalten" in fmt.plain(PRESENTER.hand(st.view("p1"), NAMES))


def test_the_study_s_first_prompt_draws_all_four_in_one_click_and_offers_the_orders():
    st = table()
    give(st, "p1", "fireball")
    study(st)
    view, legal = st.view("p1"), st.pending()["p1"]
    with reading("en"):
        labels = PRESENTER.labels(view, legal, NAMES)
        assert "Draw all 4 from Destruction" in labels and "Mix schools: draw one at a time" in labels
        assert "Ask me about my Quests each turn" in labels and "Ask me what my Evocations do" in labels
        assert worded_prompt(view) == "Study: draw 4 cards from one school deck, or mix schools"
    assert all(len(s) <= fmt.budget().short for s in labels)  # buttons, one click each


def test_the_keep_offers_removing_a_spell_first_and_its_prompt_says_where_it_goes():
    st = table()
    give(st, "p1", "fireball")
    study(st)
    st.act("p1", {"type": "study", "school": "illusion", "n": 4})
    with reading("en"):
        assert "Remove a spell from my hand" in PRESENTER.labels(st.view("p1"), st.pending()["p1"], NAMES)
        st.act("p1", {"type": "remove_spell", "step": True})
        assert worded_prompt(st.view("p1")).startswith("Study: remove which spell from your hand?")


def test_the_suggested_preparation_is_one_button_and_the_hand_lists_it():
    st = table()
    for s in ("fireball", "ice_burst", "gaze", "meteor_swarm", "obscure_armor"):
        give(st, "p1", s)
    st.stack = [{"k": "test_halt"}, {"k": "prep"}]
    st._pending = None
    st.run()
    view, legal = st.view("p1"), st.pending()["p1"]
    found = [b for b in BU.bundles(view, legal) if len(b.steps) > 1]
    assert [b.label for b in found] == ["Ready the suggested spells"]
    plan = BU.suggested_plan(view)
    assert [(a["card"], a["side"]) for a in found[0].steps] == plan and len(plan) == 4
    assert "Suggested: " in hand_text(view)
    for step in found[0].steps:
        st.act("p1", step)
    assert st.stack[-1]["ok"] == ["p1"]  # readied and confirmed in one click


def test_obscure_intuition_s_choice_reads_as_the_card():
    st = table()
    a, b = st.qdeck["1"][-2:]
    view = {"me": "p1", "choice": {"kind": "pick", "key": "intuition", "values": [f"{a}|{b}|p3", f"{a}|{b}|"]}}
    with reading("en"):
        assert CH.label({"type": "pick", "value": f"{a}|{b}|p3"}, view, NAMES) == \
            f"Keep {C.QUESTS[a]['name']}, give {C.QUESTS[b]['name']} to Cat"
        assert CH.label({"type": "pick", "value": f"{a}|{b}|"}, view, NAMES) == \
            f"Keep {C.QUESTS[a]['name']}, discard {C.QUESTS[b]['name']} and lose 2 PP"
