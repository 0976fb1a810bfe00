"""The Story rules of The Everrain played through real turns: fetching, slot ownership, the End of Act
return, the owner's draw, another player's draw, chains, failed conditions, several stories at once."""
from __future__ import annotations

from engine.everrain import cards as C
from tests.engine.conformance import strings_in
from tests.engine.test_everrain_playout import check, secrets
from tests.engine.test_everrain_rules import (DECK, G, NAMES, end_act, fetch, game, open_bell, play, put_top,
                                              read_bell, rig, set_crew, sideways_bell, slotted_bell, types)
from tests.present import words


def test_an_outcome_naming_plus_n_plus_fetches_that_story_under_the_cover():
    s, ev = open_bell()
    assert types(ev) == ["draw", "roll", "outcome", "fetch", "turn"]
    ev = ev[1:]
    assert s.d["story"]["cover"] == ["ST01"]
    assert s.d["story"]["slots"]["p1"] == ["SE101"] and "SE101" not in s.d["discard"]
    assert "+1+" in words.describe(G, ev[2], NAMES) and "Captain 1's Story slot" in words.describe(G, ev[2], NAMES)
    for reader in (None, "p1", "p2"):
        v = s.view(reader)
        assert "ST01" not in strings_in(v)  # unread: nobody sees it
        assert v["ships"]["p1"]["slot"] == [{"card": "SE101", "title": "Bell Beneath the Swell",
                                             "awaits": 1, "where": "cover"}]
        assert v["cover"] == [{"number": 1, "owner": "p1"}]
    assert C.CARDS["ST01"]["text"] not in words.render(G, s.view("p1"), NAMES)
    check(s.to_json())


def test_the_story_slot_is_the_player_who_caused_the_fetch():
    s = game(3)
    put_top(s, "SE104")
    s.act("p1", DECK["sea"])
    s.act("p1", {"type": "option", "option": 0})
    put_top(s, "SE103")  # Cloud-Whale Calf: "Follow the calf" names +4+
    ev = play(s, "p2", DECK["sea"], {"type": "option", "option": 0})
    fetched = [e for e in ev if e["type"] == "fetch"][0]
    assert fetched["seat"] == "p2" and fetched["number"] == 4
    assert s.d["story"]["slots"] == {"p1": [], "p2": ["SE103"], "p3": []}
    assert s.stories().owner("ST04") == "p2"
    assert s.view("p3")["ships"]["p2"]["slot"][0]["awaits"] == 4
    check(s.to_json())


def test_end_of_act_turns_the_story_sideways_onto_its_types_deck_of_the_next_act():
    s = game(1, 12)  # one player: every turn ends a round
    s.d["track"] = 2
    set_crew(s, "p1", ["CR01", "CR02"])
    put_top(s, "SE101")
    rig(s, 2)
    ev = play(s, "p1", DECK["sea"], {"type": "crew", "crew": "CR01"})
    assert types(ev) == ["draw", "roll", "outcome", "fetch", "round", "act_end", "turn"]
    ev = ev[1:]
    assert s.d["act"] == 2 and s.d["decks"]["2"]["sea"][-1] == "ST01"
    assert s.d["story"]["sideways"] == ["ST01"] and s.d["story"]["cover"] == []
    assert ev[4]["moved"] == {"sea": 1, "expedition": 0, "denizen": 0}
    v = s.view(None)
    assert v["decks"]["sea"] == {"cards": 13, "sideways": 1}
    assert v["ships"]["p1"]["slot"][0]["where"] == "sideways" and "ST01" not in strings_in(v)
    assert "End of Act I" in words.describe(G, ev[4], NAMES)
    check(s.to_json())


def test_a_sideways_card_drawn_on_its_owners_turn_is_read_at_once():
    s = sideways_bell()
    ev = play(s, "p1", DECK["sea"])
    assert ev[0]["type"] == "story" and ev[0]["how"] == "sideways" and ev[0]["card"] == "ST01"
    assert s.d["card"] == "ST01" and s.d["phase"] == "crew"
    assert "their own story" in words.describe(G, ev[0], NAMES)
    check(s.to_json())


def test_a_sideways_card_drawn_by_another_goes_face_down_to_its_owner_and_the_drawer_draws_again():
    s = sideways_bell()
    s.d["turn"] = 1
    below = s.d["decks"]["2"]["sea"][-2]
    ev = s.act("p2", DECK["sea"])
    assert types(ev)[:3] == ["sideways", "slotted", "draw"]
    public, private, draw = ev[:3]
    assert public["to"] is None and public["owner"] == "p1" and "ST01" not in strings_in(public)
    assert private["to"] == "p1" and private["story"] == "ST01"
    assert draw["card"] == below and s.d["card"] in (below, None)
    assert s.d["story"]["facedown"]["p1"] == ["ST01"]
    assert "face down" in words.describe(G, public, NAMES) and "draws again" in words.describe(G, public, NAMES)
    own = s.view("p1")
    assert own["ships"]["p1"]["my_stories"][0]["id"] == "ST01"
    assert C.CARDS["ST01"]["text"] in words.render(G, own, NAMES)
    for reader in (None, "p2"):
        v = s.view(reader)
        assert "ST01" not in strings_in(v) and v["ships"]["p1"]["facedown"] == 1
        assert "my_stories" not in v["ships"]["p1"]
        assert C.CARDS["ST01"]["text"] not in words.render(G, v, NAMES)
    check(s.to_json())


def test_the_owner_reads_a_slotted_story_instead_of_drawing_from_that_deck():
    s = slotted_bell()
    v = s.view("p1")
    labels = {a["deck"]: words.label(G, a, v) for a in s.pending()["p1"]}
    assert labels["sea"].startswith("Sea Event: read your story +1+")
    assert labels["denizen"].startswith("Draw a Denizen card")
    deck_before = list(s.d["decks"]["2"]["sea"])
    ev = s.act("p1", DECK["sea"])
    assert ev[0]["type"] == "story" and ev[0]["how"] == "slot" and s.d["card"] == "ST01"
    assert s.d["decks"]["2"]["sea"] == deck_before  # Ruling 1: it replaces the draw
    assert s.d["story"]["facedown"]["p1"] == []
    check(s.to_json())


def test_a_slotted_story_waits_while_its_owner_draws_other_decks_and_even_from_an_empty_deck():
    s = slotted_bell()
    ev = s.act("p1", DECK["denizen"])
    assert ev[0]["type"] == "draw" and s.d["story"]["facedown"]["p1"] == ["ST01"]
    while s.active != "p1" or s.d["phase"] != "deck":
        seat, legal = next(iter(s.pending().items()))
        s.act(seat, legal[0])
    s.d["discard"].extend(s.d["decks"]["2"]["sea"])
    s.d["decks"]["2"]["sea"] = []
    assert DECK["sea"] in s.pending()["p1"]
    assert s.act("p1", DECK["sea"])[0]["how"] == "slot"
    check(s.to_json())


def test_stories_chain_the_story_card_takes_the_slot_and_the_first_trigger_is_discarded():
    s = sideways_bell()
    s.act("p1", DECK["sea"])
    ev = read_bell(s, 3)
    assert types(ev)[:3] == ["roll", "outcome", "fetch"]
    assert s.d["story"]["cover"] == ["ST15"] and s.d["story"]["slots"]["p1"] == ["ST01"]
    assert "SE101" in s.d["discard"] and s.d["ships"]["p1"]["told"] == 1
    assert ev[2]["trigger"] == "ST01"
    end_act(s)
    assert s.d["decks"]["3"]["sea"][-1] == "ST15"
    s.d["turn"], s.d["phase"] = 0, "deck"
    s.d["ships"]["p1"]["supplies"] = 2
    ev = s.act("p1", DECK["sea"])
    assert ev[0]["card"] == "ST15" and s.d["phase"] == "choose"
    ev = s.act("p1", {"type": "option", "option": 0})
    assert [e for e in ev if e["type"] == "story_end"][0]["resolved"]
    assert s.d["story"]["closed"] == {"ST01": "resolved", "ST15": "resolved"}
    assert s.d["story"]["slots"]["p1"] == [] and s.d["ships"]["p1"]["told"] == 2
    assert s.d["ships"]["p1"]["glory"] == 1 + 5 + 2  # and 1 Glory for each Story card told (issue 12)
    check(s.to_json())


def test_a_failed_condition_ends_the_story_unresolved():
    s = sideways_bell()
    s.act("p1", DECK["sea"])
    read_bell(s, 3)
    end_act(s)
    s.d["turn"], s.d["phase"] = 0, "deck"
    s.d["ships"]["p1"]["supplies"] = 1  # The Bell Tolls Twice needs 2
    ev = s.act("p1", DECK["sea"])
    assert types(ev)[:3] == ["story", "condition", "story_end"]
    assert not ev[2]["resolved"] and s.d["story"]["closed"]["ST15"] == "unresolved"
    assert s.d["story"]["slots"]["p1"] == [] and s.d["ships"]["p1"]["told"] == 1
    assert s.active == "p2"
    assert "not met" in words.describe(G, ev[1], NAMES) and "unresolved" in words.describe(G, ev[2], NAMES)
    check(s.to_json())


def test_an_outcome_can_end_a_story_unresolved():
    s = sideways_bell()
    s.d["ships"]["p1"]["supplies"] = 0  # no reroll
    s.act("p1", DECK["sea"])
    ev = read_bell(s, 1)  # 1 + 3 < 6
    assert [e for e in ev if e["type"] == "story_end"][0]["resolved"] is False
    assert s.d["story"]["closed"] == {"ST01": "unresolved"} and "SE101" in s.d["discard"]
    assert s.d["ships"]["p1"]["told"] == 0


def test_an_unmet_need_can_end_a_story_unresolved():
    s = game(2)
    fetch(s, 4, "p1")
    end_act(s)
    s.d["ships"]["p1"]["supplies"] = 1
    ev = play(s, "p1", DECK["sea"], {"type": "option", "option": 1})  # feed the calf: needs 2
    assert s.d["story"]["closed"] == {"ST04": "unresolved"} and ev[-2]["type"] != "fetch"


def test_several_stories_for_several_players_at_once():
    s = game(3)
    fetch(s, 1, "p1")
    fetch(s, 4, "p2")
    fetch(s, 3, "p3")
    fetch(s, 7, "p1")
    ev = end_act(s)
    assert ev[0]["moved"] == {"sea": 3, "expedition": 0, "denizen": 1}
    assert s.d["decks"]["2"]["sea"][-3:] == ["ST07", "ST04", "ST01"]
    s.d["turn"] = 2
    ev = s.act("p3", DECK["sea"])
    assert types(ev)[:7] == ["sideways", "slotted", "sideways", "slotted", "sideways", "slotted", "draw"]
    assert [e["to"] for e in ev[:6]] == [None, "p1", None, "p2", None, "p1"]
    assert s.d["story"]["facedown"] == {"p1": ["ST01", "ST07"], "p2": ["ST04"], "p3": []}
    for reader, own in (("p1", {"ST01", "ST07"}), ("p2", {"ST04"}), ("p3", set()), (None, set())):
        seen = strings_in(s.view(reader))
        assert seen & {"ST01", "ST04", "ST07", "ST03"} == own
    data = s.to_json()
    assert secrets(data, "p1") == {"ST01", "ST07"} and "ST03" in secrets(data, None)
    check(data)
    while s.active != "p1" or s.d["phase"] != "deck":
        seat, legal = next(iter(s.pending().items()))
        s.act(seat, legal[0])
    assert s.act("p1", DECK["sea"])[0]["card"] == "ST01"  # the oldest of p1's sea stories first
    assert s.d["story"]["facedown"]["p1"] == ["ST07"]


def test_the_player_who_draws_their_own_denizen_story_among_others_reads_it():
    s = game(3)
    fetch(s, 3, "p3")
    end_act(s)
    s.d["turn"] = 2
    assert s.act("p3", DECK["denizen"])[0]["how"] == "sideways"


def test_an_already_fetched_story_cannot_be_fetched_again():
    s = game(2)
    s.d["story"]["pile"].remove("ST01")
    s.d["story"]["closed"]["ST01"] = "resolved"
    set_crew(s, "p1", ["CR01", "CR02"])
    put_top(s, "SE101")
    rig(s, 2)
    ev = play(s, "p1", DECK["sea"], {"type": "crew", "crew": "CR01"})
    assert "taken" in types(ev) and "SE101" in s.d["discard"] and s.d["track"] == 1
    assert words.describe(G, ev[2], NAMES)
    check(s.to_json())


def test_end_of_act_carries_sideways_cards_left_on_the_old_decks():
    s = sideways_bell()
    fetch(s, 2, "p2")
    ev = end_act(s)
    assert s.d["act"] == 3 and s.d["decks"]["3"]["sea"][-1] == "ST01"
    assert "ST01" not in s.d["decks"]["2"]["sea"] and s.d["decks"]["3"]["expedition"][-1] == "ST02"
    assert ev[0]["waiting"] == 2
    check(s.to_json())


def test_stories_still_out_at_the_end_of_act_three_are_left_untold():
    s = game(2, 8)
    fetch(s, 1, "p1")
    s.d["act"] = 3
    ev = end_act(s)
    assert s.over and ev[-1]["type"] == "game_end" and ev[-1]["untold"] == 1
    assert "left untold" in words.describe(G, ev[-1], NAMES)
    assert s.pending() == {}
