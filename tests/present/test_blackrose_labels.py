"""Black Rose Wars' prompts worded whole (present/blackrose/choices.py prompt_labels): where a label would be
too long for a button, the prompt's labels are shortened (what the prompt already says is left out, the rest
clipped to a button's width) only while every one still reads apart and names what it chooses; the hand
above the buttons still says the rest (who stands where, each spell in full)."""
from __future__ import annotations

from bot import render
from cogs.table.games import policy
from engine.blackrose import board as B
from present import fmt
from present.base import fit_labels, offered_bundles, prompt_labels
from present.blackrose import card_text as T
from present.blackrose import choices as CH
from present.blackrose import prompts as P
from present.blackrose.presenter import PRESENTER
from tests.present.test_blackrose_bundles import NAMES, prompts


def test_short_labels_fit_buttons_read_apart_and_name_their_choice():
    shortened = targets = 0
    for st, seat, view, legal in prompts(8):
        full = [CH.label(a, view, NAMES) for a in legal]
        said = prompt_labels(PRESENTER, view, legal, NAMES)
        assert len(said) == len(legal) and len(set(said)) == len(set(full)), said
        if said == full:
            continue
        shortened += 1
        # (a Study's "…, remove 1" keeps are a menu beside the pairs' buttons: an option holds a little more)
        room = [fmt.PHONE_OPTION if a.get("then") else fmt.BUDGET.short for a in legal]
        assert all(len(s) <= most for s, most in zip(said, room)), said
        for a, s in zip(legal, said):
            if a["type"] == "target" and not s.startswith("Target "):  # the prompt asks for the target
                assert "target" in P.prompt(view), P.prompt(view)
            if a["type"] == "target" and "room" in a:  # the room's label and kind lead: clipping cuts who is there
                targets += 1
                assert s.removeprefix("Target ").startswith(CH.room_name(view, a["room"])[:30].rsplit(" ", 1)[0]), s
            elif a["type"] == "target":
                assert s.removeprefix("Target ").startswith(CH.model_name(view, a["model"], NAMES)[:15]), s
    assert shortened > 50 and targets > 50


def test_a_studied_pair_reads_as_its_two_spells_or_their_numbers_where_two_names_do_not_fit():
    view = {"me": "p1", "hand": [], "choice": {"kind": "study", "look": ["invoke_obscurity.1", "obscuritys_grip.1",
                                                                          "fireball.1", "ice_burst.1"]}}
    cards = view["choice"]["look"]
    legal = []
    for i, a in enumerate(cards):
        for b in cards[i + 1:]:
            legal += [{"type": "study_keep", "cards": sorted([a, b]), "step": True},
                      {"type": "study_keep", "cards": sorted([a, b]), "then": "remove", "step": True}]
    short = {"type": "study_keep", "cards": ["fireball.1", "ice_burst.1"], "step": True}
    assert CH.short_label(short, view) == "Fireball + Ice Burst"
    assert CH.short_label(dict(short, then="remove"), view) == "Fireball + Ice Burst, remove 1"
    assert "keep 2 of the cards you drew" in P.prompt(view)
    # "Invoke Obscurity + Obscurity's Grip, remove 1" is too long for a phone's menu: every keep of that Study
    # goes by the numbers the hand gives the studied spells above the picture
    with fmt.fitting(policy("blackrose").budget):
        found, rest = offered_bundles(PRESENTER, view, legal)
        labels = prompt_labels(PRESENTER, view, legal, NAMES)
    assert sorted(b.label for b in found) == ["Keep 1 + 2", "Keep 1 + 3", "Keep 1 + 4", "Keep 2 + 3", "Keep 2 + 4",
                                              "Keep 3 + 4"]
    assert all(labels[i].endswith(", then remove a spell") for i in rest) and len(set(labels)) == len(legal)
    text = fmt.plain(PRESENTER.hand(view, NAMES))
    assert "1. Fireball — " in text and "3. Invoke Obscurity" in text and "4. Obscurity's Grip" in text


def test_a_keep_then_remove_label_is_never_clipped_into_a_plain_keep():
    """The words "then remove a spell" are all that tell a Study keep from the plain keep of the same pair:
    shortened, they would be clipped away ("Bone Armor +…"), so the prompt keeps its full labels instead."""
    cards = ["bone_armor.1", "forget_grief.1", "overload.1", "spring_rite.1"]
    view = {"me": "p1", "hand": [], "choice": {"kind": "study", "look": cards}}
    legal = []
    for i, a in enumerate(cards):
        for b in cards[i + 1:]:
            legal += [{"type": "study_keep", "cards": sorted([a, b]), "step": True},
                      {"type": "study_keep", "cards": sorted([a, b]), "then": "remove", "step": True}]
    said = prompt_labels(PRESENTER, view, legal, NAMES)
    for a, s in zip(legal, said):
        if "then" in a:
            assert s.endswith((", remove 1", ", then remove a spell")) and "…" not in s, s
    assert len(set(said)) == len(legal)


def test_clipping_that_would_make_two_labels_alike_keeps_them_long():
    long = ["Cast Sick Withering at Bartholomew's Malacoda (v15)",
            "Cast Sick Withering at Bartholomew's Malacoda (v16)"]
    assert fit_labels(long, 40, T.clip) is None
    assert fit_labels(["Go and activate " + CH.room_name({"layout": {"A2": "alchemic_lab"}}, "A2")], 30, T.clip)


def test_clipping_that_cuts_how_one_label_differs_from_another_keeps_them_long():
    """Unique is not enough: "Attack X, then…" beside "Attack X" hides what the second one does."""
    assert fit_labels(["Attack Divine Altar (v2)", "Attack Divine Altar (v2), then activate the room"],
                      32, T.clip) is None
    assert fit_labels(["Keep Forget the Grief and Illusory Pain",
                       "Keep Forget the Grief and Illusory Pain, then remove a spell"], 40, T.clip) is None
    # clipped where they differ only after a word both still show: fine
    assert fit_labels(["Bone Knight (v3): move to X Black Rose Room: ann",
                       "Bone Knight (v3): move to B12 Oracle Room (empty)"], 40, T.clip) == [
        "Bone Knight (v3): move to X Black Rose…", "Bone Knight (v3): move to B12 Oracle…"]


def test_rooms_are_labelled_with_their_board_label_first():
    assert all(CH.room_name({"layout": {lab: "garden"}}, lab).startswith(lab + " ") for lab in B.HEX)


def test_a_handful_of_choices_is_worded_for_a_phone_too():
    """A handful of choices are buttons whatever their length (bot/render.py as_buttons), so they are worded
    short as well: how a Trap is armed, the prompt above naming the spell (never "— fire…" cut by a phone)."""
    view = {"me": "p1", "choice": {"kind": "cast", "card": "obscure_armor.1", "side": "r"}}
    legal = [{"type": "arm", "ask": False, "step": True}, {"type": "arm", "ask": True, "step": True}]
    with fmt.fitting(policy("blackrose").budget):
        labels = prompt_labels(PRESENTER, view, legal, NAMES)
    assert labels == ["Fire at the first chance", "Ask me first"]
    assert render.as_buttons(labels) and max(map(len, labels)) <= fmt.PHONE_BUTTON
    assert "Obscure Armor" in P.prompt(view)
