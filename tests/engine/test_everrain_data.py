"""The Everrain's cards as data: enough of them, every story reachable, chains, conditions and both
kinds of ending present, and every '+N+' in the text naming a real Story card of a defined type."""
from __future__ import annotations

from collections import Counter

from engine.everrain import cards as C


def story_cards() -> list[dict]:
    return [C.CARDS[sid] for sid in C.STORY_IDS]


def test_at_least_twelve_cards_per_deck_per_act():
    assert set(C.DECKS) == {1, 2, 3}
    for act in C.ACTS:
        assert set(C.DECKS[act]) == {"sea", "expedition", "denizen"}
        for deck in C.DECKS[act].values():
            assert len(deck) >= 12
    assert sum(len(d) for a in C.DECKS.values() for d in a.values()) >= 108


def test_thirty_numbered_story_cards_each_with_a_deck_type():
    stories = story_cards()
    assert len(stories) == 30
    assert sorted(s["number"] for s in stories) == list(range(1, 31))
    for s in stories:
        assert s["deck"] in C.DECK_TYPES and C.STORY_CATALOG.by_id[s["id"]].type == s["deck"]
    assert {s["deck"] for s in stories} == set(C.DECK_TYPES)


def test_ids_are_unique_and_distinct_from_crew():
    ids = list(C.CARDS) + list(C.CREW)
    assert len(ids) == len(set(ids))


def test_every_story_is_named_by_exactly_one_card_with_its_plus_n_plus():
    named = Counter()
    for cid, card in C.CARDS.items():
        for o in C.outcomes(card):
            if "story" in o:
                named[o["story"]] += 1
                assert f"+{o['story']}+" in o["text"]
                assert o["story"] != card.get("number")
    assert set(named) == set(range(1, 31))
    assert C.STORY_NAMED_BY[1] == "SE101" and C.STORY_NAMED_BY[15] == "ST01"


def test_stories_are_opened_by_all_three_kinds_of_card():
    openers = {C.CARDS[C.STORY_NAMED_BY[n]]["deck"] for n in range(1, 31) if C.CARDS[C.STORY_NAMED_BY[n]]["act"]}
    assert openers == {"sea", "expedition", "denizen"}


def test_chains_of_two_or_more_story_steps_exist():
    chains = [(C.CARDS[C.STORY_NAMED_BY[n]]["number"], n) for n in range(1, 31)
              if C.STORY_NAMED_BY[n].startswith("ST")]
    assert len(chains) >= 10
    # every chain starts from a story opened in Act I, so both steps can be read in Acts II and III
    for first, _ in chains:
        assert C.CARDS[C.STORY_NAMED_BY[first]]["act"] == 1


def test_conditions_and_both_endings_exist():
    stories = story_cards()
    assert sum("condition" in s for s in stories) >= 6
    endings = Counter()
    for s in stories:
        for o in C.outcomes(s):
            if o.get("end") == "unresolved":
                endings["unresolved"] += 1
            elif "story" not in o:
                endings["resolved"] += 1
    assert endings["unresolved"] >= 5 and endings["resolved"] >= 20
    assert any("need" in o for s in stories for o in C.outcomes(s))


def test_cards_are_well_formed():
    for cid, c in C.CARDS.items():
        assert c["title"] and c["text"]
        if c["kind"] == "test":
            assert c["skill"] in ("island", "port") and 3 <= c["target"] <= 9
        if c["kind"] == "choice":
            assert 2 <= len(c["options"]) <= 4 and all(0 < len(o["name"]) <= 80 for o in c["options"])
    for crew in C.CREW.values():
        assert 0 <= crew["island"] <= 3 and 0 <= crew["port"] <= 3
    assert len(C.CREW) >= 5 * C.START_CREW


def test_act_ends_fit_each_length():
    for length, ends in C.ACT_ENDS.items():
        assert ends[-1] == length and ends == sorted(ends) and len(ends) == 3
