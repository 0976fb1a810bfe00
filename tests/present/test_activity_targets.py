"""The Activity's click targets (issue 35; present/web/targets.py and present/<game>/activity.py), checked
over random playouts of every game: each target names a card of the seat's hand, a real Lodge room or a
spell the seat holds; the cards come from the seat's own view; a spectator gets nothing private; and no
result carries another seat's hidden card."""
from __future__ import annotations

import json
import random

import pytest

from engine import GAMES
from engine.blackrose import board as B
from present.blackrose.activity import held_spells
from present.web.targets import interactive

SEATS = {"raven": 4, "nevermore": 4, "deadlies": 4, "everrain": 3, "blackrose": 3}
STEPS = {"raven": 400, "nevermore": 500, "deadlies": 400, "everrain": 300, "blackrose": 700}


def own_cards(key: str, view: dict) -> set[str]:
    """The ids a seat's cards may carry: what its own view says it holds."""
    if key == "everrain":
        ship = view["ships"][view["seat"]]
        return {c["id"] for c in ship["crew"]} | {s["id"] for s in ship.get("my_stories", [])}
    if key == "nevermore":
        return set(view.get("hand") or ()) | set(view.get("magick_cards") or ())
    if key == "blackrose":
        return set(view.get("hand") or ())
    return set(view.get("hand") or ())


def strings(obj) -> set[str]:
    """Every string in a JSON-able value (keys and values)."""
    out: set[str] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.add(str(k))
            out |= strings(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            out |= strings(v)
    elif isinstance(obj, str):
        out.add(obj)
    return out


def hidden_of_others(key: str, state, seat: str, seats: list[str]) -> set[str]:
    """Card ids other seats hold privately that neither the public view nor this seat's view shows."""
    seen = strings(state.view(None)) | strings(state.view(seat))
    hidden: set[str] = set()
    for other in seats:
        if other != seat:
            hidden |= own_cards(key, state.view(other)) if key != "everrain" else \
                {s["id"] for s in state.view(other)["ships"][other].get("my_stories", [])}
    return hidden - seen


def check_seat(key: str, state, seat: str, seats: list[str], legal: list[dict], names: dict) -> dict:
    view = state.view(seat)
    got = interactive(key, view, legal, names)
    assert len(got["targets"]) == len(legal)
    cards = got["cards"]
    assert cards is not None
    ids = [c["id"] for c in cards]
    mine = own_cards(key, view)
    assert set(ids) <= mine, "a card that is not the seat's own"
    assert all(isinstance(c["label"], str) and c["label"] for c in cards)
    for action, target in zip(legal, got["targets"]):
        assert set(target) <= {"card", "room", "spell", "model", "activate"}, target
        assert "room" in target or not ({"model", "activate"} & set(target)), "a place in no room"
        if "card" in target:
            assert target["card"] in ids, (action, target)
        if "room" in target:
            assert target["room"] in B.HEX and target["room"] in view["layout"], (action, target)
        if "spell" in target:
            assert target["spell"] in held_spells(view), (action, target)
        if "model" in target:  # the model it aims at stands in that room
            assert target["model"] in view["occupants"].get(target["room"], ()), (action, target)
    leaked = strings(got) & hidden_of_others(key, state, seat, seats)
    assert not leaked, f"another seat's hidden cards: {leaked}"
    return got


def check_spectator(key: str, state, seats: list[str], names: dict) -> None:
    public = state.view(None)
    got = interactive(key, public, [], names)
    assert got["cards"] is None and got["targets"] == []
    if key == "blackrose":
        assert got["lodge"]["sheet"] is None and got["lodge"]["casting"] is None
        assert len(got["lodge"]["rooms"]) == len(public["layout"])
    private: set[str] = set()
    for s in seats:
        private |= own_cards(key, state.view(s)) if key != "everrain" else \
            {x["id"] for x in state.view(s)["ships"][s].get("my_stories", [])}
    assert not (strings(got) & (private - strings(public)))


@pytest.mark.parametrize("key", sorted(SEATS))
@pytest.mark.parametrize("seed", [1, 2])
def test_random_playouts_target_only_what_the_seat_holds(key, seed):
    game = GAMES[key]
    seats = [f"p{i}" for i in range(1, SEATS[key] + 1)]
    names = {s: f"Player {s[1:]}" for s in seats}
    state = game.new(seats, seed, None)
    rng = random.Random(seed)
    kinds: set[str] = set()
    for step in range(STEPS[key]):
        if state.over:
            break
        pending = state.pending()
        seat = rng.choice(sorted(pending))
        legal = pending[seat]
        got = check_seat(key, state, seat, seats, legal, names)
        kinds |= {k for t in got["targets"] for k in t}
        if step % 25 == 0:
            check_spectator(key, state, seats, names)
        state.act(seat, rng.choice(legal))
    expected = {"raven": {"card"}, "nevermore": {"card"}, "deadlies": {"card"}, "everrain": {"card"},
                "blackrose": {"room", "spell"}}[key]
    assert expected <= kinds, f"{key}: no {expected - kinds} target in a whole playout"


def test_blackrose_lodge_lists_each_rooms_and_spells_actions():
    """The Lodge's rooms and the Mage Sheet's spells list exactly the actions that target them."""
    game = GAMES["blackrose"]
    seats = ["p1", "p2", "p3"]
    state = game.new(seats, 5, None)
    rng = random.Random(5)
    seen_room = seen_spell = False
    for _ in range(600):
        if state.over:
            break
        seat = rng.choice(sorted(state.pending()))
        legal = state.pending()[seat]
        view = state.view(seat)
        got = interactive("blackrose", view, legal, {s: s for s in seats})
        lodge = got["lodge"]
        assert {r["code"] for r in lodge["rooms"]} == set(view["layout"])
        for room in lodge["rooms"]:
            assert room["actions"] == [i for i, t in enumerate(got["targets"]) if t.get("room") == room["code"]]
            assert {h["seat"] for h in room["here"] if h["kind"] == "mage"} == \
                {s for s in seats if view["pos"][s] == room["code"]}
            seen_room |= bool(room["actions"])
        for spell in lodge["sheet"]:
            assert spell["actions"] == [i for i, t in enumerate(got["targets"]) if t.get("spell") == spell["id"]]
            seen_spell |= bool(spell["actions"])
        json.dumps(got)  # the frame carries it as JSON
        state.act(seat, rng.choice(legal))
    assert seen_room and seen_spell


def test_blackrose_step_targets_its_room_and_cast_its_spell():
    """A hand-checked turn: each step names the room it goes to; each cast the spell in its slot."""
    game = GAMES["blackrose"]
    seats = ["p1", "p2", "p3"]
    state = game.new(seats, 1, None)
    rng = random.Random(1)
    for _ in range(3000):
        seat = rng.choice(sorted(state.pending()))
        legal = state.pending()[seat]
        if any(a["type"] == "cast" for a in legal) and any(a["type"] == "step" for a in legal):
            break
        state.act(seat, rng.choice(legal))
    else:
        pytest.fail("no turn with a cast and a step")
    view = state.view(seat)
    got = interactive("blackrose", view, legal, {})
    for a, t in zip(legal, got["targets"]):
        if a["type"] == "step":
            assert t["room"] == a["to"]
        if a["type"] == "cast":
            assert t["spell"] == view["my_slots"][a["slot"]]["card"]
        if a["type"] == "step" and a.get("then") == "activate":
            assert t == {"room": a["to"], "activate": True}


def test_a_game_without_an_activity_module_offers_only_the_list():
    assert interactive("nosuchgame", {}, [{"type": "x"}], {}) == {"targets": [{}], "cards": None, "lodge": None}
