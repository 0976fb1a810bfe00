"""The Deadlies: setup, building plays (every combination kind), the end-of-turn step, rulings, views, text.

States are crafted with `make()` (a JSON dict through GAME.load) so each rule is tested in isolation.
"""
from __future__ import annotations

import random

import pytest

from engine import GAMES, IllegalAction
from engine.data import load
from engine.deadlies.cards import ALL_IDS, HALO
from present import fmt
from present.deadlies.presenter import PRESENTER
from tests.present import words
from engine.deadlies import bot as deadlies_bot

GAME = GAMES["deadlies"]
NAMES = {"p1": "Ann", "p2": "Ben", "p3": "Cy", "p4": "Di", "p5": "Ed", "p6": "Flo"}


def describe(event: dict, names: dict) -> str:
    return fmt.plain_line(PRESENTER.describe(event, names) or ())


def result_text(st) -> str:
    return fmt.plain(PRESENTER.result(st.view(None), st.result(), NAMES))


def make(hands: dict[str, list[str]], *, deck=(), discard=(), turn="p1", wick=None, sloth=None,
         known=None, rest="deck", limit=100, seed=7, **extra):
    """A state with these hands; deck lists the top cards first; unplaced cards go under the deck
    (rest="deck") or on the discard pile (rest="discard") so all 52 cards are always present."""
    seats = list(hands)
    sloth = {s: None for s in seats} | (sloth or {})
    placed = [c for h in hands.values() for c in h] + list(deck) + list(discard) + [c for c in sloth.values() if c]
    assert len(placed) == len(set(placed)), "a card is placed twice"
    leftovers = [c for c in ALL_IDS if c not in placed and c != HALO]
    data = {
        "seats": seats, "opts": {}, "rng": seed,
        "deck": (leftovers if rest == "deck" else []) + list(reversed(deck)),
        "discard": list(discard) + (leftovers if rest == "discard" else []),
        "hands": {s: list(h) for s, h in hands.items()},
        "known": {s: [] for s in seats} | (known or {}),
        "wick": {s: 6 for s in seats} | (wick or {}), "start": 6, "sloth": sloth,
        "halo_centre": HALO not in placed, "turn": turn, "turns": 0, "limit": limit, "phase": "build",
        "picks": [], "play": None, "effect": None, "extra": False, "halo_lowered": None,
        "winners": [], "over": False, "ended": None, "revealed": [], "reshuffles": 0,
    }
    data.update(extra)
    return GAME.load(data)


def play(st, seat: str, cards: list[str], kind: str | None = None) -> list[dict]:
    """Pick cards one by one, then play them (as the only offered kind unless given)."""
    events = []
    for c in cards:
        events += st.act(seat, {"type": "pick", "card": c})
    plays = [a for a in st.pending()[seat] if a["type"] == "play"]
    action = next(a for a in plays if kind is None or a["as"] == kind)
    return events + st.act(seat, action)


def types(events):
    return [e["type"] for e in events]


def illegal(st, seat, action, match=None):
    before = st.to_json()
    with pytest.raises(IllegalAction, match=match):
        st.act(seat, action)
    assert st.to_json() == before


# ----------------------------------------------------------------------------- setup
@pytest.mark.parametrize("n", [3, 4, 5])
def test_setup_deals_six_and_one_more_to_the_host(n):
    seats = [f"p{i}" for i in range(1, n + 1)]
    st = GAME.new(seats, 1)
    assert [len(st.hands[s]) for s in seats] == [7] + [6] * (n - 1)
    assert all(st.wick[s] == 6 for s in seats) and st.turn == "p1"
    assert st.halo_centre and HALO not in st.deck and len(st.deck) == 51 - 6 * n - 1
    assert st.view(None)["halo"] == "centre"


def test_six_players_with_and_without_the_sixth_player_rule():
    seats = [f"p{i}" for i in range(1, 7)]
    st = GAME.new(seats, 2)
    assert st.start == 4 and [len(st.hands[s]) for s in seats] == [5, 4, 4, 4, 4, 4]
    st = GAME.new(seats, 2, {"sixth_player": False})
    assert st.start == 6 and len(st.hands["p2"]) == 6 and len(st.deck) == 51 - 37


def test_first_player_option():
    seats = ["p1", "p2", "p3", "p4"]
    st = GAME.new(seats, 3, {"first_player": "3"})
    assert st.turn == "p3" and len(st.hands["p3"]) == 7 and len(st.hands["p1"]) == 6
    a, b = GAME.new(seats, 9, {"first_player": "random"}), GAME.new(seats, 9, {"first_player": "random"})
    assert a.turn == b.turn and len(a.hands[a.turn]) == 7
    with pytest.raises(IllegalAction, match="no seat 6"):
        GAME.new(seats, 3, {"first_player": "6"})
    with pytest.raises(IllegalAction):
        GAME.new(seats, 3, {"colour": "red"})
    with pytest.raises(IllegalAction):
        GAME.new(["p1", "p2"], 3)
    assert GAME.new(seats, 3, {"turn_limit": 25}).limit == 25


# ----------------------------------------------------------------------------- building a play
def test_single_card_and_no_passing():
    st = make({"p1": ["WR3", "EN5"], "p2": ["GR1"], "p3": ["GR2"]})
    acts = st.pending()["p1"]
    assert {a["type"] for a in acts} == {"pick"}  # no pass, no play before a pick
    st.act("p1", {"type": "pick", "card": "EN5"})
    assert {"type": "play", "as": "single"} in st.pending()["p1"]


def test_same_suit_set_puts_the_highest_on_top():
    st = make({"p1": ["WR2", "WR6", "EN1"], "p2": ["GR1"], "p3": ["GR2"]})
    play(st, "p1", ["WR2", "WR6"], "suit")
    assert st.play["top"] == "WR6" and st.play["effect"] == "wrath"
    assert st.pending() == {"p1": [{"type": "target", "seat": "p2"}, {"type": "target", "seat": "p3"}]}


def test_corruption_joins_a_suit_set_or_tops_a_straight():
    st = make({"p1": ["WR2", "CO8", "EN1"], "p2": ["GR1"], "p3": ["GR2"]})
    st.act("p1", {"type": "pick", "card": "WR2"})
    st.act("p1", {"type": "pick", "card": "CO8"})
    assert [a for a in st.pending()["p1"] if a["type"] == "play"] == [{"type": "play", "as": "suit"}]
    st = make({"p1": ["WR7", "CO8", "EN1"], "p2": ["GR1"], "p3": ["GR2"]})
    st.act("p1", {"type": "pick", "card": "WR7"})
    st.act("p1", {"type": "pick", "card": "CO8"})
    plays = [a["as"] for a in st.pending()["p1"] if a["type"] == "play"]
    assert plays == ["suit", "straight"]
    st.act("p1", {"type": "play", "as": "straight"})
    assert st.play["top"] == "CO8" and st.effect == {"kind": "suit"}
    assert len(st.pending()["p1"]) == 7


def test_same_number_set_top_card_is_a_step():
    st = make({"p1": ["PR3", "LU3", "GL3", "WR1"], "p2": ["GR1"], "p3": ["GR2"]})
    play(st, "p1", ["PR3", "LU3", "GL3"], "number")
    assert st.phase == "top"
    assert st.pending()["p1"] == [{"type": "top", "card": c} for c in ["PR3", "LU3", "GL3"]]
    st.act("p1", {"type": "top", "card": "LU3"})
    assert st.play["effect"] == "lust" and st.effect == {"kind": "lust_partner"}


def test_straight_highest_on_top_and_example_log_line():
    st = make({"p1": ["WR3", "WR4", "WR5", "GR1"], "p2": ["GR2"], "p3": ["GR3"]})
    play(st, "p1", ["WR3", "WR4", "WR5"], "straight")
    assert st.play["top"] == "WR5"
    events = st.act("p1", {"type": "target", "seat": "p2"})
    lines = [describe(e, NAMES) for e in events if e["to"] is None]
    assert lines[0] == "Ann plays Wrath 3–4–5 straight (top Wrath 5): Ben draws 2."


def test_mixed_straight_from_purity():
    st = make({"p1": ["PU0", "PR1", "EN2", "WR7"], "p2": ["GR2"], "p3": ["GR3"]})
    play(st, "p1", ["PU0", "PR1", "EN2"], "straight")
    assert st.play["top"] == "EN2" and st.play["effect"] == "envy"
    assert st.halo_centre  # Purity was not on top: the Halo stays in the centre


def test_only_picks_that_can_still_be_completed_are_offered():
    st = make({"p1": ["WR3", "EN5", "PR7", "SL1"], "p2": ["GR2"], "p3": ["GR3"]})
    st.act("p1", {"type": "pick", "card": "WR3"})
    offered = {a["card"] for a in st.pending()["p1"] if a["type"] == "pick"}
    assert offered == set()  # nothing shares a suit/number and no 4 to bridge 3 and 5
    illegal(st, "p1", {"type": "pick", "card": "EN5"}, "no 4 to complete a straight")
    st = make({"p1": ["WR3", "EN5", "GL4", "SL1"], "p2": ["GR2"], "p3": ["GR3"]})
    st.act("p1", {"type": "pick", "card": "WR3"})
    st.act("p1", {"type": "pick", "card": "EN5"})
    acts = st.pending()["p1"]
    assert not [a for a in acts if a["type"] == "play"]  # 3 and 5 alone are not a play yet
    st.act("p1", {"type": "pick", "card": "GL4"})
    assert {"type": "play", "as": "straight"} in st.pending()["p1"]


def test_straights_never_wrap():
    st = make({"p1": ["CO8", "PU0", "GR1"], "p2": ["GR2"], "p3": ["GR3"]})
    st.act("p1", {"type": "pick", "card": "CO8"})
    illegal(st, "p1", {"type": "pick", "card": "PU0"}, "A straight can't wrap from 8 to 0.")


def test_halo_is_played_alone():
    st = make({"p1": ["HALO", "WR3", "WR4"], "p2": ["GR2"], "p3": ["GR3"]})
    st.act("p1", {"type": "pick", "card": "WR3"})
    illegal(st, "p1", {"type": "pick", "card": "HALO"}, "only be played on its own")
    st.act("p1", {"type": "unpick", "card": "WR3"})
    st.act("p1", {"type": "pick", "card": "HALO"})
    assert [a["type"] for a in st.pending()["p1"]] == ["play", "unpick"]


def test_unpick_puts_back_the_last_pick_only():
    st = make({"p1": ["WR3", "WR4", "WR5"], "p2": ["GR2"], "p3": ["GR3"]})
    st.act("p1", {"type": "pick", "card": "WR3"})
    st.act("p1", {"type": "pick", "card": "WR5"})
    illegal(st, "p1", {"type": "unpick", "card": "WR3"}, "last one first")
    st.act("p1", {"type": "unpick", "card": "WR5"})
    assert st.picks == ["WR3"]
    illegal(st, "p1", {"type": "pick", "card": "GR1"}, "don't hold")
    illegal(st, "p1", {"type": "pick", "card": "WR3"}, "already picked")
    illegal(st, "p2", {"type": "pick", "card": "GR2"}, "isn't your turn")
    illegal(st, "p1", {"type": "bogus"})


def test_picks_are_private():
    st = make({"p1": ["WR3", "WR4"], "p2": ["GR2"], "p3": ["GR3"]})
    st.act("p1", {"type": "pick", "card": "WR3"})
    assert st.view("p1")["picked"] == ["WR3"]
    assert "picked" not in st.view("p2") and "WR3" not in str(st.view(None))


# ----------------------------------------------------------------------------- end of turn
def test_emptying_lowers_wickedness_and_draws_that_many():
    st = make({"p1": ["SL2"], "p2": ["GR2"], "p3": ["GR3"]})
    events = play(st, "p1", ["SL2"])
    assert st.wick["p1"] == 4 and len(st.hands["p1"]) == 4
    assert {"type": "emptied", "to": None, "seat": "p1", "from": 6, "now": 4} in events
    assert st.sloth["p1"] == "SL2" and st.turn == "p2"


def test_reaching_zero_with_an_empty_hand_wins():
    st = make({"p1": ["WR3"], "p2": ["GR2"], "p3": ["GR3"]}, wick={"p1": 2})
    play(st, "p1", ["WR3"])
    events = st.act("p1", {"type": "target", "seat": "p2"})
    events += st.act("p2", {"type": "stop"})
    assert st.over and st.winners == ["p1"] and st.pending() == {}
    assert st.result() == {"scores": {"p1": 3, "p2": 0, "p3": 0}, "winners": ["p1"]}
    assert "Winner: Ann" in result_text(st) and "emptied their hand 3 times" in result_text(st)
    illegal(st, "p2", {"type": "draw"}, "over")


def test_any_player_empty_at_the_end_of_a_turn_lowers():
    # Lust: the partner discards their last card; they lower at the end of Ann's turn.
    st = make({"p1": ["LU3", "GR5"], "p2": ["EN2"], "p3": ["GR3"]})
    play(st, "p1", ["LU3"])
    st.act("p1", {"type": "target", "seat": "p2"})
    st.act("p2", {"type": "lust", "choice": "discard"})
    st.act("p1", {"type": "lust_keep"})
    st.act("p2", {"type": "lust_discard", "card": "EN2"})
    assert st.wick["p2"] == 4 and len(st.hands["p2"]) == 4 and st.turn == "p2"


def test_tie_each_draws_one_and_play_goes_on():
    st = make({"p1": ["LU3", "GR5"], "p2": ["EN2"], "p3": ["GR3"]}, wick={"p1": 2, "p2": 2})
    play(st, "p1", ["LU3"])
    st.act("p1", {"type": "target", "seat": "p2"})
    st.act("p2", {"type": "lust", "choice": "discard"})
    st.act("p2", {"type": "lust_discard", "card": "EN2"})
    events = st.act("p1", {"type": "lust_discard", "card": "GR5"})
    assert {"type": "tie", "to": None, "seats": ["p1", "p2"]} in events
    assert not st.over and st.wick["p1"] == st.wick["p2"] == 0
    assert len(st.hands["p1"]) == len(st.hands["p2"]) == 1 and st.turn == "p2"


def test_tied_player_at_zero_wins_on_the_next_emptying():
    st = make({"p1": ["SL3"], "p2": ["GR2"], "p3": ["GR3"]}, wick={"p1": 0})
    play(st, "p1", ["SL3"])
    assert st.over and st.winners == ["p1"] and st.wick["p1"] == 0


def test_reshuffle_when_the_deck_runs_out_never_includes_the_halo():
    st = make({"p1": ["WR3", "WR4"], "p2": ["GR2"], "p3": ["GR3"]}, deck=["EN1"], rest="discard")
    play(st, "p1", ["WR3"])
    events = st.act("p1", {"type": "target", "seat": "p2"})
    assert "reshuffle" in types(events) and HALO not in st.deck and st.halo_centre
    assert len(st.hands["p2"]) == 3 and st.reshuffles == 1


def test_deck_and_discard_both_empty_draws_what_it_can():
    # Every card but two sits in hands: p2 should draw 2 but only 1 card is left.
    others = [c for c in ALL_IDS if c not in ("WR3", "EN1", "HALO", "PR1")]
    st = make({"p1": ["WR3"] + others[:20], "p2": ["PR1"], "p3": others[20:]}, deck=["EN1"])
    assert st.deck == ["EN1"] and not st.discard
    play(st, "p1", ["WR3"])
    events = st.act("p1", {"type": "target", "seat": "p2"})
    assert {"type": "short", "to": None, "seat": "p2", "wanted": 2, "got": 1} in events
    assert sorted(st.hands["p2"]) == ["EN1", "PR1"]


def test_turn_limit_lowest_wickedness_then_fewest_cards_wins():
    st = make({"p1": ["SL3", "GR1"], "p2": ["GR2", "GR4"], "p3": ["GR3"]}, wick={"p2": 4, "p3": 4},
              limit=1)
    events = play(st, "p1", ["SL3"])
    assert st.over and st.ended == "limit" and st.winners == ["p3"]
    assert "Winner: Cy" in result_text(st) and "turn limit was reached" in result_text(st)


def test_skip_a_turn_when_holding_nothing_and_nothing_can_be_drawn():
    others = [c for c in ALL_IDS if c not in ("SL3", "GR2", "HALO")]
    st = make({"p1": ["SL3", "GR2"], "p2": [], "p3": others}, wick={"p2": 4})
    assert not st.deck and not st.discard
    events = play(st, "p1", ["SL3"])
    # Ben had nothing to draw: lowered 4 -> 2 at the end of Ann's turn, then he skips his own turn,
    # and, still empty at its end, lowers again to 0 and wins (the end-of-turn rule, taken literally).
    assert types(events).count("emptied") == 2 and "skip" in types(events)
    assert st.over and st.winners == ["p2"] and st.wick["p2"] == 0


# ----------------------------------------------------------------------------- views and text
def test_views_hide_other_hands_and_show_public_zones():
    st = make({"p1": ["WR3", "HALO"], "p2": ["GR2", "PR5"], "p3": ["GR3"]}, known={"p2": ["PR5"]},
              sloth={"p3": "SL4"})
    v1, v2, pub = st.view("p1"), st.view("p2"), st.view(None)
    assert v1["hand"] == ["WR3", "HALO"] and "hand" not in pub
    assert "GR2" not in str(v1) and "WR3" not in str(pub) and "WR3" not in str(v2)
    assert pub["hand_sizes"] == {"p1": 2, "p2": 2, "p3": 1} and pub["wickedness"]["p1"] == 6
    assert pub["known"] == {"p2": ["PR5"]} and pub["sloths"] == {"p3": "SL4"} and pub["halo"] == "p1"
    assert pub["deck"] == len(st.deck) and pub["awaiting"] == ["p1"] and pub["turn"] == "p1"
    assert PRESENTER.prompt(v1).startswith("Your turn")
    assert fmt.plain_line(PRESENTER.waiting(pub, {})) == "Waiting for p1 to play."
    text = words.render(GAME, v1, NAMES)
    assert "Your hand" in text and "holds 😇 Halo" in text and len(text) <= 1800
    assert "Waiting for Ann to play." in words.render(GAME, pub, NAMES)


def test_labels_stay_short_for_a_nine_card_straight():
    hand = ["PU0", "GR1", "PR2", "WR3", "LU4", "GL5", "SL6", "EN7", "CO8"]
    st = make({"p1": hand, "p2": ["GR2"], "p3": ["GR3"]})
    for c in hand:
        st.act("p1", {"type": "pick", "card": c})
    v = st.view("p1")
    for a in st.pending()["p1"]:
        assert 0 < len(words.label(GAME, a, v)) <= 80


def test_rules_text_has_rulings_and_fits():
    # A summary, as long as Nevermore's at most (/game rules pages any length).
    rules = load("deadlies/rules.md")
    assert "## Rulings" in rules and len(rules) < 5500
    for word in ("Halo", "Gluttony", "Lust", "both are empty", "Turn limit", "Random steal"):
        assert word in rules


def test_bots_finish_whole_games():
    for n in (3, 4, 5, 6):
        seats = [f"p{i}" for i in range(1, n + 1)]
        st = GAME.new(seats, n)
        rng = random.Random(n)
        for _ in range(5000):
            if st.over:
                break
            pend = st.pending()
            seat = sorted(pend)[0]
            action = deadlies_bot.bot_choice(st.view(seat), pend[seat], rng)
            assert action in pend[seat]
            st.act(seat, action)
        assert st.over


# ----------------------------------------------------------------------------- more rulings
def test_an_empty_deck_is_reshuffled_at_once_even_from_a_single_discard():
    others = [c for c in ALL_IDS if c not in ("WR3", "EN1", "HALO", "PR1", "SL2")]
    st = make({"p1": ["SL2", "WR3"] + others[:20], "p2": ["PR1"], "p3": others[20:]}, deck=["EN1"])
    play(st, "p1", ["WR3"])
    st.act("p1", {"type": "target", "seat": "p2"})  # draws EN1; deck and discard now empty
    assert not st.deck and not st.discard
    events = st.act("p2", {"type": "stop"})  # Wrath 3 is discarded onto an empty deck...
    assert "reshuffle" in types(events) and st.deck == ["WR3"] and not st.discard  # ...and becomes it


def test_six_player_rule_goes_four_two_zero():
    seats = {f"p{i}": [] for i in range(1, 7)}
    seats["p1"] = ["SL2"]
    seats["p2"] = ["GR1"]
    st = make(seats, wick={s: 4 for s in seats}, start=4)
    play(st, "p1", ["SL2"])
    assert st.wick["p1"] == 2 and len(st.hands["p1"]) == 2
    assert st.result()["scores"]["p1"] == 1


def test_turn_limit_tie_is_a_shared_win():
    st = make({"p1": ["SL3", "GR1"], "p2": ["GR2"], "p3": ["GR3", "GR4"]}, limit=1)
    play(st, "p1", ["SL3"])
    assert st.over and st.winners == ["p1", "p2"]


def test_greed_five_ends_the_deal_even_on_a_greed():
    st = make({"p1": ["GR7", "SL1"], "p2": ["WR1"], "p3": ["WR2"]},
              deck=["PR3", "EN4", "GR1", "LU5", "GR2"])
    play(st, "p1", ["GR7"])
    st.act("p1", {"type": "deal"})  # Greed 1 forces Lust 5
    events = st.act("p1", {"type": "deal"})  # Greed 2 is the fifth card: success
    assert "greed_bust" not in types(events) and st.effect == {"kind": "greed_five"}
    st.act("p1", {"type": "keep_hand"})
    assert st.hands["p1"] == ["SL1"] and st.turn == "p2"


def test_a_stolen_known_card_stops_being_known():
    st = make({"p1": ["GL2", "GR1"], "p2": ["PR4"], "p3": ["GR3"]}, known={"p2": ["PR4"]})
    play(st, "p1", ["GL2"])
    st.act("p1", {"type": "steal", "seat": "p2"})
    assert st.known == {"p1": [], "p2": [], "p3": []} and "PR4" in st.hands["p1"]


def quick(st) -> bool:
    return bool(st.view(None)["decision"].get("quick"))


def test_short_timer_only_for_quick_answers():
    st = make({"p1": ["WR2", "GR1"], "p2": ["GR2"], "p3": ["GR3"]})
    assert not quick(st)
    play(st, "p1", ["WR2"])
    assert not quick(st)
    st.act("p1", {"type": "target", "seat": "p2"})
    assert quick(st)


def test_every_action_has_a_short_label_and_every_event_a_line():
    seen_actions, seen_events = set(), set()
    for seed in range(40):
        st = GAME.new(["p1", "p2", "p3", "p4"], seed)
        rng = random.Random(seed)
        while not st.over:
            pend = st.pending()
            for seat, acts in pend.items():
                v = st.view(seat)
                for a in acts:
                    text = words.label(GAME, a, v)
                    assert 0 < len(text) <= 80 and "{" not in text
                    seen_actions.add(a["type"])
            seat = rng.choice(sorted(pend))
            for ev in st.act(seat, rng.choice(pend[seat])):
                seen_events.add(ev["type"])
                line = words.describe(GAME, ev, NAMES)
                # the end is said once, in the result message, not in the log
                assert (line or ev["type"] == "over") and "p1" not in line, ev
    assert {"pick", "unpick", "play", "target", "show", "draw", "wrath", "stop", "steal", "draw3", "swap",
            "keep", "lust", "lust_discard", "lust_keep", "deal"} <= seen_actions
    assert {"drew", "reshuffle", "emptied", "turn", "lust_reveal", "greed_deal", "over"} <= seen_events
