"""The public "waiting for" line (issue 8 §4), the declared decision facts and traits, the one result
message per game, and the issue-12 label and prompt fixes."""
from __future__ import annotations

import pytest

from engine import GAMES
from present import fmt, presenter
from tests.engine.test_deadlies_rules import make, play
from tests.engine.nevermore_positions import build

NAMES = {"a": "Ann", "b": "Bo", "c": "Cat", "p1": "Ann", "p2": "Ben", "p3": "Cy"}


def waiting(game: str, state) -> str:
    return fmt.plain_line(presenter(game).waiting(state.view(None), NAMES) or ())


def test_nevermore_reaction_window_names_nobody_whoever_holds_the_card():
    # Only Cat can react (she alone holds a Magick card): the board must not say so.
    cat_reacts = build({"a": "", "b": "", "c": ""}, magick={"c": ["S04"]})
    ann_reacts = build({"a": "", "b": "", "c": ""}, magick={"a": ["S04"]})
    assert list(cat_reacts.pending()) == ["c"] and list(ann_reacts.pending()) == ["a"]
    line = waiting("nevermore", cat_reacts)
    assert line == waiting("nevermore", ann_reacts)
    assert "Cat" not in line and "Ann" not in line and "reactions" in line
    decision = cat_reacts.view(None)["decision"]
    assert decision["seats"] == [] and decision["quick"] is True


def test_nevermore_commit_names_nobody_although_only_some_have_a_choice():
    st = build({"a": "RHHVK", "b": "HH", "c": "VV"}, magick={"a": ["S04"], "b": ["L05"]})
    st.act("a", {"type": "pass"})
    assert list(st.pending()) == ["a"]  # only Ann has a real Raven-kill choice
    line = waiting("nevermore", st)
    assert "Ann" not in line and "face down" in line


def test_drafting_names_who_has_not_passed_yet():
    st = GAMES["nevermore"].new(["a", "b", "c"], 1)
    assert waiting("nevermore", st).endswith("Waiting for Ann, Bo and Cat.")


def test_deadlies_answers_name_the_answering_seat_which_is_public():
    st = make({"p1": ["WR3", "GR1"], "p2": ["GR2"], "p3": ["GR3"]})
    play(st, "p1", ["WR3"])
    st.act("p1", {"type": "target", "seat": "p2"})
    assert waiting("deadlies", st) == "Waiting for Ben to answer the Wrath."
    assert st.view(None)["decision"] == {"about": "wrath_answer", "seats": ["p2"], "quick": True}


def test_traits_are_declared_not_probed():
    assert GAMES["nevermore"].traits.reactions and GAMES["nevermore"].traits.simultaneous
    assert not GAMES["everrain"].traits.simultaneous and not GAMES["raven"].traits.reactions
    assert GAMES["raven"].traits.undo == ("unbid",) and GAMES["deadlies"].traits.undo == ("unpick",)
    assert all(GAMES[k].traits.pictures for k in ("raven", "nevermore", "deadlies", "everrain"))


def test_deadlies_labels_count_cards_by_seat_not_by_display_name():
    st = make({"p1": ["WR3", "GR1"], "p2": ["GR2", "PR4", "EN5"], "p3": ["GR3"]})
    play(st, "p1", ["WR3"])
    labels = [presenter("deadlies").label(a, st.view("p1"), NAMES) for a in st.pending()["p1"]]
    assert "Make Ben draw 2 (3 cards)" in labels and "Make Cy draw 2 (1 card)" in labels


def test_deadlies_placeholder_names_no_seat_id_and_hand_footer_names_the_asker():
    st = make({"p1": ["PR3", "GR1"], "p2": ["GR2", "PR4"], "p3": ["GR3"]})
    play(st, "p1", ["PR3"])
    st.act("p1", {"type": "target", "seat": "p2"})
    p = presenter("deadlies")
    assert "p1" not in p.prompt(st.view("p2")) and "Pride" in p.prompt(st.view("p2"))
    assert fmt.plain(p.hand(st.view("p2"), NAMES)).endswith("Ann asks you for Pride: show a Pride (Ann draws 1) "
                                                             "or draw 1 yourself.")


def test_deadlies_pick_menu_follows_the_hand_order():
    p = presenter("deadlies")
    picks = [{"type": "pick", "card": c} for c in ("EN7", "GR1", "WR3", "GR2")]
    assert [a["card"] for a in sorted(picks, key=p.order)] == ["GR1", "GR2", "WR3", "EN7"]


@pytest.mark.parametrize("game,seats,options", [
    ("raven", ["p1", "p2", "p3"], {"length": "short"}),
    ("nevermore", ["p1", "p2", "p3"], {}),
    ("deadlies", ["p1", "p2", "p3"], {"turn_limit": 25}),
    ("everrain", ["p1", "p2"], {"length": 8}),
])
def test_the_end_is_said_once_with_the_scores_explained(game, seats, options):
    import random

    g, p = GAMES[game], presenter(game)
    st, rng, said = g.new(seats, 3, options), random.Random(3), []
    while not st.over:
        seat = rng.choice(sorted(st.pending()))
        legal = [a for a in st.pending()[seat] if a["type"] not in g.traits.undo] or st.pending()[seat]
        for ev in st.act(seat, rng.choice(legal)):
            line = p.describe(ev, NAMES)
            said.append(fmt.plain_line(line) if line else "")
    board = fmt.plain(p.board(st.view(None), NAMES))
    result = fmt.plain(p.result(st.view(None), st.result(), NAMES))
    everything = "\n".join([*said, board, result]).lower()
    assert everything.count("game over") == 1 and "game over" in result.lower()
    assert "Final scores" in result and ("Winner: " in result or "Winners: " in result)
    assert p.waiting(st.view(None), NAMES) is None
    if game == "deadlies":
        assert "counts how many times a player emptied their hand" in result
