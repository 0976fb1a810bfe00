"""Black Rose Wars' clicks per Game Turn in the Activity (issue 35), priced by bench/bench_clicks.py on the
same seeded games and the same choices as chat: the Lodge and the Mage Sheet must cost no more than chat's
buttons, and never fewer clicks than real choices (nothing is decided for the player)."""
import pytest

from bench import bench_clicks as BC

SEEDS = range(4)


@pytest.mark.parametrize("chooser", ["bot", "random"])
def test_the_activity_costs_no_more_than_chat(chooser):
    runs = [BC.play("blackrose", 3, seed, True, chooser=chooser) for seed in SEEDS]
    chat, choices = sum(r[1] for r in runs), sum(r[2] for r in runs)
    activity = sum(BC.ACTIVITY[("blackrose", seed, chooser)] for seed in SEEDS)
    assert choices <= activity <= chat


def test_a_crowded_place_costs_two_and_a_lone_one_one():
    """activity_price on a hand-made prompt: two mages in one room are two places; a spell cast at one
    mage in two modes is one place listing both."""
    view = {"me": "p1", "seats": ["p1", "p2", "p3"], "hand": [], "layout": {"B3": "forge"},
            "pos": {"p1": "B3", "p2": "B3", "p3": "B3"}, "evos": [],
            "my_slots": [{"slot": 1, "card": "fireball.1", "side": "s", "state": "ready"}]}
    legal = [{"type": "attack", "target": "p2"}, {"type": "attack", "target": "p3"},
             {"type": "cast", "slot": 0, "model": "p2", "mode": "a"},
             {"type": "cast", "slot": 0, "model": "p2", "mode": "b"}]
    prices = [BC.activity_price("blackrose", view, legal, i, {}) for i in range(len(legal))]
    assert prices == [1, 1, 2, 2]
