"""The Everrain voyage, issue 12 §4: stories read often, equal turns, a solo target, Glory for stories,
choices that show which option leads to a story, and events that say who acted."""
import random
from collections import Counter

import pytest

from engine import GAMES
from engine.bots import bot_choice
from engine.everrain import cards as C
from engine.everrain.state import EverrainState, solo_target

GAME = GAMES["everrain"]
ACTION_EVENTS = {"draw", "story", "sideways", "roll", "choice", "outcome", "fetch", "taken", "condition",
                 "story_end", "empty", "turn"}


def play(seats: int, seed: int, length: int = 12, on_event=None) -> EverrainState:
    st = GAME.new([f"p{i}" for i in range(1, seats + 1)], seed, {"length": length})
    rng = random.Random(seed)
    while not st.over:
        seat, legal = next(iter(st.pending().items()))
        for event in st.act(seat, bot_choice(GAME, st.view(seat), legal, rng)):
            if on_event:
                on_event(event)
    return st


def test_a_default_voyage_reads_several_story_cards():
    """Measured over 200 seeded 3-player games (bench/bench_bots.py prints it too): 4.9 Story cards read
    per game with the bots, where the old voyage read 1.4 with the old bot (1.05 in the issue's count)."""
    reads = Counter()
    for seed in range(200):
        play(3, seed, on_event=lambda e: reads.update([e["type"]]))
    assert reads["story"] / 200 >= 2.5


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_every_seat_gets_the_same_number_of_turns(seats):
    for seed in range(15):
        turns = Counter({"p1": 1})  # the first turn starts with the game, without an event
        play(seats, seed, on_event=lambda e: e["type"] == "turn" and turns.update([e["seat"]]))
        assert len(set(turns[f"p{i}"] for i in range(1, seats + 1))) == 1, (seed, turns)


def test_solo_voyage_has_a_target_score():
    st = play(1, 3)
    target = solo_target(12)
    res = st.result()
    assert res["target"] == target == 10
    assert res["winners"] == (["p1"] if st.d["ships"]["p1"]["glory"] >= target else [])
    st.d["ships"]["p1"]["glory"] = target - 1
    assert st.result()["winners"] == []
    st.d["ships"]["p1"]["glory"] = target
    assert st.result()["winners"] == ["p1"]
    wins = sum(bool(play(1, seed).result()["winners"]) for seed in range(40))
    assert 0 < wins < 40  # a real target: neither a sure win nor out of reach


def test_choice_events_mark_the_options_that_lead_to_a_story():
    seen = []
    for seed in range(10):
        play(3, seed, on_event=lambda e: e["type"] in ("draw", "story") and "options" in e and seen.append(e))
    assert seen
    for e in seen:
        card = C.CARDS[e["card"]]
        assert e["story_options"] == [i for i, o in enumerate(card["options"]) if o.get("story") is not None]
    assert any(e["story_options"] for e in seen)


def test_telling_a_story_card_earns_glory():
    ends = []
    for seed in range(30):
        play(3, seed, on_event=lambda e: e["type"] in ("story_end", "fetch") and ends.append(e))
    told = [e for e in ends if e["type"] == "story_end" and e["resolved"]]
    assert told and all(e["glory"] == C.STORY_GLORY == 1 for e in told)
    assert all(e["glory"] == 0 for e in ends if e["type"] == "story_end" and not e["resolved"])


def test_every_event_about_an_action_names_who_acted():
    """So the log can be written in the third person for a bot (or anyone) who acted."""
    events = []
    for seed in range(5):
        play(3, seed, on_event=events.append)
    acted = [e for e in events if e["type"] in ACTION_EVENTS]
    assert acted and all(e.get("seat") in ("p1", "p2", "p3") for e in acted)


def test_openers_lie_every_other_card_from_the_top():
    st = GAME.new(["p1", "p2"], 9, {"length": 12})
    for act in C.ACTS:
        for t in C.DECK_TYPES:
            deck = st.d["decks"][str(act)][t]
            opens = [any(o.get("story") is not None for o in C.outcomes(C.CARDS[c])) for c in reversed(deck)]
            n = sum(opens)
            assert opens[:2 * n:2] == [True] * n  # from the top: opener, other, opener, ...
            assert sorted(deck) == sorted(C.DECKS[act][t])
