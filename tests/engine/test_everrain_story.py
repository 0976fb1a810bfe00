"""The Story system on its own (engine/everrain/story.py), with a tiny catalog and plain decks: every rule
of the reference manual's Story and Ongoing Story sections, independent of the game around it."""
from __future__ import annotations

import pytest

from engine.everrain.story import RESOLVED, UNRESOLVED, Stories, StoryCard, StoryCatalog

CAT = StoryCatalog([StoryCard("S1", 1, "sea"), StoryCard("S2", 2, "denizen"), StoryCard("S3", 3, "sea"),
                    StoryCard("S4", 4, "expedition"), StoryCard("S5", 5, "sea")])
ALL = {"S1", "S2", "S3", "S4", "S5"}


def fresh(seats=("a", "b", "c")) -> Stories:
    return Stories(CAT.fresh(seats), CAT)


def decks() -> dict[str, list[str]]:
    return {"sea": ["x1", "x2"], "expedition": ["e1"], "denizen": ["d1", "d2"]}


def test_catalog_rejects_duplicate_numbers():
    with pytest.raises(ValueError):
        StoryCatalog([StoryCard("A", 1, "sea"), StoryCard("B", 1, "sea")])


def test_fresh_state_has_every_story_in_the_story_deck():
    st = fresh()
    assert st.s["pile"] == ["S1", "S2", "S3", "S4", "S5"]
    assert st.s["cover"] == [] and st.s["closed"] == {}
    assert sorted(st.zones()) == sorted(ALL)


def test_fetch_puts_the_story_unread_under_the_cover_and_the_trigger_in_the_causers_slot():
    st = fresh()
    sid, released = st.fetch(1, "SE101", "a")
    assert (sid, released) == ("S1", [])
    assert st.s["cover"] == ["S1"] and "S1" not in st.s["pile"]
    assert st.s["slots"]["a"] == ["SE101"]
    assert st.owner("S1") == "a" and st.where("S1") == "cover"
    assert st.awaited("SE101") == "S1"


def test_the_slot_is_the_causers_not_necessarily_the_active_players():
    st = fresh()
    st.fetch(2, "DN101", "c")  # player c caused it (e.g. on someone else's turn)
    assert st.s["slots"]["c"] == ["DN101"] and st.s["slots"]["a"] == []
    assert st.owner("S2") == "c"


def test_fetching_an_unknown_or_already_fetched_story_changes_nothing():
    st = fresh()
    st.fetch(1, "SE101", "a")
    before = repr(st.s)
    assert st.fetch(1, "SE999", "b") == (None, [])
    assert st.fetch(99, "SE998", "b") == (None, [])
    assert repr(st.s) == before


def test_end_of_act_places_each_cover_card_sideways_on_its_own_types_deck():
    st = fresh()
    st.fetch(1, "SE101", "a")
    st.fetch(2, "DN101", "b")
    st.fetch(3, "SE103", "c")
    d = decks()
    moved = st.end_of_act(d)
    assert moved == ["S1", "S2", "S3"]
    assert st.s["cover"] == []
    assert d["sea"] == ["x1", "x2", "S3", "S1"]  # earliest fetched on top (top = last)
    assert d["denizen"] == ["d1", "d2", "S2"]
    assert d["expedition"] == ["e1"]
    assert set(st.s["sideways"]) == {"S1", "S2", "S3"}
    assert all(st.where(s) == "sideways" for s in ("S1", "S2", "S3"))
    # the triggers stay in their slots until the stories are over
    assert st.s["slots"] == {"a": ["SE101"], "b": ["DN101"], "c": ["SE103"]}


def test_end_of_act_carries_sideways_cards_left_on_the_old_decks():
    st = fresh()
    st.fetch(1, "SE101", "a")
    old = decks()
    st.end_of_act(old)
    st.fetch(3, "SE103", "b")
    new = {"sea": ["y1"], "expedition": ["f1"], "denizen": ["g1"]}
    st.end_of_act(new, old)
    assert old["sea"] == ["x1", "x2"]  # the old Act's deck no longer holds a story
    assert new["sea"] == ["y1", "S1", "S3"]  # carried first, then the cover card on top


def test_a_sideways_card_drawn_by_its_owner_is_resolved_at_once():
    st = fresh()
    st.fetch(1, "SE101", "a")
    d = decks()
    st.end_of_act(d)
    assert st.surfaced(d["sea"].pop(), "a") == "mine"
    assert st.where("S1") == "reading" and st.s["sideways"] == []
    assert st.s["facedown"]["a"] == []


def test_a_sideways_card_drawn_by_anyone_else_goes_face_down_into_the_owners_slot():
    st = fresh()
    st.fetch(1, "SE101", "a")
    d = decks()
    st.end_of_act(d)
    assert st.surfaced(d["sea"].pop(), "b") == "theirs"
    assert st.s["facedown"] == {"a": ["S1"], "b": [], "c": []}
    assert st.where("S1") == "facedown" and st.s["sideways"] == []
    # a plain card is just a card
    assert st.surfaced(d["sea"].pop(), "b") == "card"


def test_the_owner_reads_a_face_down_story_at_their_next_draw_from_that_deck_type():
    st = fresh()
    st.fetch(1, "SE101", "a")
    st.fetch(2, "DN101", "a")
    d = decks()
    st.end_of_act(d)
    st.surfaced(d["sea"].pop(), "b")
    st.surfaced(d["denizen"].pop(), "c")
    assert st.slotted("a", "expedition") is None
    assert st.slotted("b", "sea") is None  # only the owner
    assert st.slotted("a", "sea") == "S1"
    assert st.take_slotted("a", "sea") == "S1"
    assert st.s["facedown"]["a"] == ["S2"]
    with pytest.raises(KeyError):
        st.take_slotted("a", "sea")


def test_finishing_a_story_releases_its_trigger_and_records_the_ending():
    st = fresh()
    st.fetch(1, "SE101", "a")
    st.fetch(2, "DN101", "b")
    assert st.finish("S1", resolved=True) == ["SE101"]
    assert st.finish("S2", resolved=False) == ["DN101"]
    assert st.s["closed"] == {"S1": RESOLVED, "S2": UNRESOLVED}
    assert st.s["slots"] == {"a": [], "b": [], "c": []}
    assert st.in_flight() == []


def test_stories_chain_the_story_card_takes_the_slot_and_its_trigger_is_released():
    st = fresh()
    st.fetch(1, "SE101", "a")
    d = decks()
    st.end_of_act(d)
    assert st.surfaced(d["sea"].pop(), "a") == "mine"
    sid, released = st.fetch(4, "S1", "a")  # S1's outcome names +4+
    assert sid == "S4" and released == ["SE101"]
    assert st.s["slots"]["a"] == ["S1"]
    assert st.owner("S4") == "a" and st.where("S4") == "cover"
    assert "S1" not in st.s["closed"] and st.in_flight() == ["S4"]
    d2 = decks()
    st.end_of_act(d2)
    assert d2["expedition"][-1] == "S4"
    st.surfaced(d2["expedition"].pop(), "a")
    assert st.finish("S4", resolved=True) == []  # the trigger was a Story card: it is finished too
    assert st.s["closed"] == {"S1": RESOLVED, "S4": RESOLVED}
    assert st.s["slots"]["a"] == []


def test_a_story_whose_condition_fails_ends_unresolved_and_frees_the_slot():
    st = fresh()
    st.fetch(3, "SE103", "b")
    d = decks()
    st.end_of_act(d)
    st.surfaced(d["sea"].pop(), "b")
    assert st.finish("S3", resolved=False) == ["SE103"]
    assert st.s["closed"]["S3"] == UNRESOLVED and st.where("S3") == "closed"


def test_several_stories_for_several_players_at_once():
    st = fresh()
    st.fetch(1, "SE101", "a")
    st.fetch(3, "SE103", "b")
    st.fetch(5, "SE105", "a")
    st.fetch(2, "DN101", "c")
    d = decks()
    st.end_of_act(d)
    assert d["sea"][-3:] == ["S5", "S3", "S1"]
    # c draws three sea cards: all belong to others and go face down to their owners
    assert [st.surfaced(d["sea"].pop(), "c") for _ in range(3)] == ["theirs"] * 3
    assert st.s["facedown"] == {"a": ["S1", "S5"], "b": ["S3"], "c": []}
    # c draws its own denizen story
    assert st.surfaced(d["denizen"].pop(), "c") == "mine"
    assert st.take_slotted("a", "sea") == "S1"  # the oldest first
    assert st.take_slotted("b", "sea") == "S3"
    assert st.s["facedown"]["a"] == ["S5"]
    assert sorted(st.in_flight()) == ["S1", "S2", "S3", "S5"]
    for sid in ("S1", "S2", "S3"):
        st.finish(sid, True)
    assert st.s["slots"] == {"a": ["SE105"], "b": [], "c": []}


def test_zones_hold_every_story_card_exactly_once():
    st = fresh()
    st.fetch(1, "SE101", "a")
    st.fetch(2, "DN101", "b")
    d = decks()
    st.end_of_act(d)
    st.surfaced(d["denizen"].pop(), "a")
    on_decks = [c for deck in d.values() for c in deck if c in ALL]
    story_zone = [c for c in st.zones() if c in ALL]
    assert sorted(story_zone + on_decks) == sorted(ALL)
