"""Rule-by-rule tests of The Everrain as a game: the Story rules through real turns, every ruling in
data/everrain/rules.md, Skill Tests and Choices, Acts and the end, hidden information and text."""
from __future__ import annotations

import random

import pytest

from engine import GAMES, IllegalAction
from engine.data import load
from engine.everrain import cards as C
from engine.rng import Rng
from tests.engine.conformance import strings_in
from tests.engine.test_everrain_playout import check
from tests.present import words
from engine.everrain import bot as everrain_bot

G = GAMES["everrain"]
NAMES = {f"p{i}": f"Captain {i}" for i in range(1, 6)}


# ----- helpers: build exact situations on a real state ----------------------------------------------
def game(players: int = 2, length: int = 12, seed: int = 1):
    return G.new([f"p{i}" for i in range(1, players + 1)], seed, {"length": length})


def put_top(state, card: str, act: int | None = None) -> None:
    """Move a card (wherever it waits in the decks) to the top of its deck in `act`."""
    d = state.d
    for decks in d["decks"].values():
        for deck in decks.values():
            if card in deck:
                deck.remove(card)
    d["decks"][str(act or d["act"])][C.CARDS[card]["deck"]].append(card)


def rig(state, *faces: int) -> None:
    """Seed the Rng so the next Fate Die rolls show these faces."""
    for v in range(1, 1_000_000):
        r = Rng(v)
        if all(1 + r.below(C.FATE_DIE) == f for f in faces):
            state.d["rng"] = v
            return
    raise AssertionError("no seed found")


def set_crew(state, seat: str, ids: list[str]) -> None:
    """Give a ship exactly these crew cards (taken from the pool or swapped away from another ship)."""
    d = state.d
    d["crew_pool"].extend(d["ships"][seat]["crew"])
    d["ships"][seat]["crew"] = []
    for cid in ids:
        for other in d["ships"].values():
            if cid in other["crew"]:
                spare = next(c for c in d["crew_pool"] if c not in ids)
                d["crew_pool"].remove(spare)
                other["crew"][other["crew"].index(cid)] = spare
                d["crew_pool"].append(cid)
        d["crew_pool"].remove(cid)
    d["ships"][seat]["crew"] = list(ids)


def fetch(state, number: int, owner: str) -> str:
    """Open story `number` for `owner` the way its own card would: the trigger leaves the decks."""
    trigger = C.STORY_NAMED_BY[number]
    for decks in state.d["decks"].values():
        for deck in decks.values():
            if trigger in deck:
                deck.remove(trigger)
    sid, _ = state.stories().fetch(number, trigger, owner)
    return sid


def end_act(state) -> list[dict]:
    ev: list[dict] = []
    state.d["track"] = state.d["ends"][state.d["act"] - 1]
    state._check_acts(ev)
    return ev


def types(events) -> list[str]:
    return [e["type"] for e in events]


def play(state, seat, *actions) -> list[dict]:
    out = []
    for a in actions:
        out += state.act(seat, a)
    return out


DECK = {t: {"type": "deck", "deck": t} for t in C.DECK_TYPES}


def open_bell(players: int = 2, length: int = 12):
    """p1 draws Bell Beneath the Swell and succeeds: +1+ is fetched."""
    s = game(players, length)
    set_crew(s, "p1", ["CR01", "CR02"])
    put_top(s, "SE101")
    rig(s, 2)
    ev = play(s, "p1", DECK["sea"], {"type": "crew", "crew": "CR01"})
    return s, ev


def sideways_bell(players: int = 2):
    s, _ = open_bell(players)
    end_act(s)
    s.d["turn"] = 0
    s.d["phase"] = "deck"
    return s


def slotted_bell():
    s = sideways_bell()
    s.d["turn"] = 1
    s.act("p2", DECK["sea"])
    while s.active != "p1":  # let p2 finish the card they drew
        seat, legal = next(iter(s.pending().items()))
        s.act(seat, legal[0])
    return s


def read_bell(s, die: int) -> list[dict]:
    """p1 reads Story 1 (Island 6) with Oona Vell (Island 3)."""
    rig(s, die, die)
    return s.act("p1", {"type": "crew", "crew": "CR01"})


# ----- setup and options ---------------------------------------------------------------------------
def test_setup_and_options():
    s = game(1, 8)
    assert G.min_players == 1 and G.max_players == 5
    assert s.d["ends"] == [3, 6, 8] and game(3, 16).d["ends"] == [5, 11, 16]
    ship = s.d["ships"]["p1"]
    assert len(ship["crew"]) == 3 and ship["supplies"] == 3 and ship["glory"] == 0
    assert all(len(deck) == 12 for decks in s.d["decks"].values() for deck in decks.values())
    assert s.pending() == {"p1": [DECK[t] for t in C.DECK_TYPES]}
    with pytest.raises(IllegalAction):
        G.new([f"p{i}" for i in range(6)], 1)
    with pytest.raises(IllegalAction):
        G.new(["p1"], 1, {"length": 10})
    with pytest.raises(IllegalAction):
        G.new(["p1"], 1, {"speed": 2})
    check(s.to_json())


def test_first_seat_starts_and_each_round_moves_the_track():
    s = game(2)
    assert s.active == "p1"
    put_top(s, "SE104")
    ev = play(s, "p1", DECK["sea"], {"type": "option", "option": 0})
    assert s.active == "p2" and s.d["track"] == 0 and "round" not in types(ev)
    put_top(s, "SE111")
    ev = play(s, "p2", DECK["sea"], {"type": "option", "option": 0})
    assert s.d["round"] == 2 and s.d["track"] == 1 and s.active == "p1"
    assert "round" in types(ev)


# ----- Skill Tests and Choices ---------------------------------------------------------------------
def test_skill_test_success_at_exactly_the_target():
    s = game(2)
    set_crew(s, "p1", ["CR01", "CR02"])
    put_top(s, "SE105")  # Island 5
    rig(s, 2)
    ev = play(s, "p1", DECK["sea"])
    assert s.d["phase"] == "crew"
    assert s.pending()["p1"] == [{"type": "crew", "crew": "CR01"}, {"type": "crew", "crew": "CR02"}]
    ev = play(s, "p1", {"type": "crew", "crew": "CR01"})  # 2 + Island 3 = 5
    roll = ev[0]
    assert roll["type"] == "roll" and roll["success"] and roll["die"] == 2 and roll["value"] == 3
    assert s.d["track"] == 2 and "SE105" in s.d["discard"]


def test_failed_roll_may_be_rerolled_once_for_a_supply():
    s = game(2)
    set_crew(s, "p1", ["CR01", "CR02"])
    put_top(s, "SE105")
    rig(s, 1, 1)
    play(s, "p1", DECK["sea"], {"type": "crew", "crew": "CR02"})  # 1 + 0 < 5
    assert s.d["phase"] == "reroll" and s.pending() == {"p1": [{"type": "reroll"}, {"type": "accept"}]}
    v = s.view("p1")
    assert v["roll"] == {"die": 1, "value": 0, "total": 1} and v["tester"]["id"] == "CR02"
    ev = play(s, "p1", {"type": "reroll"})
    assert ev[0]["reroll"] and not ev[0]["success"]
    assert s.d["ships"]["p1"]["supplies"] == 3 - 1 - 1  # the reroll, then the failure's cost
    assert s.d["phase"] == "deck" and s.active == "p2"


def test_accepting_a_failure_and_no_reroll_without_supplies():
    s = game(2)
    set_crew(s, "p1", ["CR02", "CR08"])
    put_top(s, "SE102")  # Port 5, failure: supplies -1
    rig(s, 1)
    play(s, "p1", DECK["sea"], {"type": "crew", "crew": "CR02"})  # 1 + 3 = 4
    play(s, "p1", {"type": "accept"})
    assert s.d["ships"]["p1"]["supplies"] == 2
    s2 = game(2)
    s2.d["ships"]["p1"]["supplies"] = 0
    set_crew(s2, "p1", ["CR02", "CR08"])
    put_top(s2, "SE102")
    rig(s2, 1)
    ev = play(s2, "p1", DECK["sea"], {"type": "crew", "crew": "CR02"})
    assert "outcome" in types(ev) and s2.active == "p2"


def test_one_crew_member_rolls_without_a_choice_and_an_empty_ship_rolls_alone():
    s = game(2)
    set_crew(s, "p1", ["CR01"])
    put_top(s, "SE110")  # Island 4
    rig(s, 1)
    ev = play(s, "p1", DECK["sea"])
    assert ev[1]["type"] == "roll" and ev[1]["crew"] == "CR01" and ev[1]["success"]
    s2 = game(2)
    set_crew(s2, "p1", [])
    put_top(s2, "SE110")
    rig(s2, 4)
    ev = play(s2, "p1", DECK["sea"])
    assert ev[1]["crew"] is None and ev[1]["value"] == 0 and ev[1]["success"]
    assert "no crew" in words.describe(G, ev[1], NAMES)


def test_a_choice_shows_only_option_names_until_one_is_picked():
    s = game(2)
    put_top(s, "SE106")
    play(s, "p1", DECK["sea"])
    assert s.d["phase"] == "choose"
    card = C.CARDS["SE106"]
    for reader in (None, "p1", "p2"):
        seen = strings_in(s.view(reader))
        assert "Trade for stores" in seen and "Hire a hand" in seen
        for o in card["options"]:
            assert o["text"] not in seen and o.get("otherwise", {}).get("text") not in seen
    labels = [words.label(G, a, s.view("p1")) for a in s.pending()["p1"]]
    assert labels == ["Trade for stores", "Hire a hand"]


def test_need_and_otherwise():
    s = game(2)
    s.d["ships"]["p1"]["supplies"] = 0
    put_top(s, "SE106")
    ev = play(s, "p1", DECK["sea"], {"type": "option", "option": 1})
    out = [e for e in ev if e["type"] == "outcome"][0]
    assert out["text"].startswith("You have nothing to pay") and len(s.d["ships"]["p1"]["crew"]) == 3
    s2 = game(2)
    s2.d["ships"]["p1"]["supplies"] = 1
    put_top(s2, "SE106")
    play(s2, "p1", DECK["sea"], {"type": "option", "option": 1})
    assert len(s2.d["ships"]["p1"]["crew"]) == 4 and s2.d["ships"]["p1"]["supplies"] == 0


def test_crew_gains_and_losses():
    s = game(2)
    set_crew(s, "p1", ["CR01", "CR02", "CR03", "CR04", "CR05"])
    assert s._apply("p1", {"crew": 1}) == {"hired": None}  # at most five aboard
    set_crew(s, "p1", ["CR01", "CR02"])
    s.d["tester"] = "CR01"
    assert s._apply("p1", {"crew": -1}) == {"lost": "CR01"}  # the one who took the test
    s.d["tester"] = None
    set_crew(s, "p2", ["CR03", "CR04"])
    assert s._apply("p2", {"crew": -1}) == {"lost": "CR04"}  # otherwise the latest aboard
    s.d["ships"]["p1"]["supplies"] = 1
    assert s._apply("p1", {"supplies": -2, "glory": -1}) == {"supplies": -1, "glory": 0}
    assert s.d["ships"]["p1"]["supplies"] == 0 and s.d["ships"]["p1"]["glory"] == 0
    check(s.to_json())


# ----- Acts, the end, empty decks -----------------------------------------------------------------
def test_acts_end_at_their_marks_and_the_game_at_its_length():
    s = game(1, 8)
    seen = []
    rng = random.Random(3)
    while not s.over:
        a = rng.choice(s.pending()["p1"])
        for e in s.act("p1", a):
            if e["type"] == "act_end":
                seen.append((e["act"], s.d["track"]))
    assert [a for a, _ in seen] == [1, 2]
    assert seen[0][1] >= 3 and seen[1][1] >= 6 and s.d["track"] == 8 and s.d["act"] == 3


def test_an_act_ends_at_once_when_no_deck_can_be_chosen():
    s = game(1, 12)
    decks = s.d["decks"]["1"]
    for t in ("expedition", "denizen"):
        s.d["discard"].extend(decks[t])
        decks[t].clear()
    s.d["discard"].extend(decks["sea"])
    decks["sea"][:] = ["SE104"]
    s.d["discard"].remove("SE104")
    ev = play(s, "p1", DECK["sea"], {"type": "option", "option": 0})
    assert "spent" in types(ev) and s.d["act"] == 2 and s.d["track"] == 4
    assert words.describe(G, [e for e in ev if e["type"] == "spent"][0], NAMES)
    check(s.to_json())


def test_when_the_deck_runs_out_after_a_sideways_card_the_turn_passes():
    s = sideways_bell()
    sea = s.d["decks"]["2"]["sea"]
    s.d["discard"].extend(c for c in sea if c != "ST01")
    sea[:] = ["ST01"]
    s.d["turn"] = 1
    ev = s.act("p2", DECK["sea"])
    assert types(ev)[:3] == ["sideways", "slotted", "empty"] and s.active == "p1"
    assert "turn passes" in words.describe(G, ev[2], NAMES)
    check(s.to_json())


def test_winner_and_tie_breaks():
    s = game(3)
    ships = s.d["ships"]
    for seat, (g, told, sup) in zip(("p1", "p2", "p3"), ((5, 1, 0), (5, 2, 0), (4, 9, 9))):
        ships[seat].update(glory=g, told=told, supplies=sup)
    assert s.result() == {"scores": {"p1": 5, "p2": 5, "p3": 4}, "winners": ["p2"]}
    ships["p1"].update(told=2, supplies=3)
    assert s.result()["winners"] == ["p1"]
    ships["p2"].update(supplies=3)
    assert s.result()["winners"] == ["p1", "p2"]


# ----- legality, serialisation, text ---------------------------------------------------------------
def test_illegal_actions_explain_and_change_nothing():
    s = game(2)
    before = s.to_json()
    for seat, action in (("p2", DECK["sea"]), ("p1", {"type": "deck", "deck": "sky"}),
                         ("p1", {"type": "option", "option": 0}), ("p9", DECK["sea"])):
        with pytest.raises(IllegalAction) as err:
            s.act(seat, action)
        assert str(err.value)
    assert s.to_json() == before
    s.d["phase"] = "over"
    with pytest.raises(IllegalAction, match="over"):
        s.act("p1", DECK["sea"])


def test_load_round_trips_and_does_not_share_state():
    s, _ = open_bell()
    data = s.to_json()
    t = G.load(data)
    assert t.to_json() == data
    t.d["ships"]["p1"]["glory"] = 99
    assert s.d["ships"]["p1"]["glory"] != 99 and data["ships"]["p1"]["glory"] != 99


def test_boards_fit_discord_and_labels_fit_buttons():
    s = game(5, 16)
    for i, seat in enumerate(s.d["seats"]):
        fetch(s, 1 + i, seat)
    s.d["ships"]["p1"]["crew"] += [s.d["crew_pool"].pop(), s.d["crew_pool"].pop()]  # a full ship
    s.d["ships"]["p2"]["crew"] += [s.d["crew_pool"].pop()]
    end_act(s)
    for seat, n in zip(s.d["seats"], (6, 7, 8, 9, 10)):
        fetch(s, n, seat)
    s.d["turn"] = 4
    s.act("p5", DECK["sea"])  # turns up several other captains' stories
    s.d["story"]["facedown"]["p1"].append(s.d["decks"]["2"]["expedition"].pop())  # and one more
    s.d["story"]["facedown"]["p1"].append(s.d["decks"]["2"]["denizen"].pop())
    for sid in ("ST02", "ST03"):
        s.d["story"]["sideways"].remove(sid)
        s.d["story"]["threads"][sid]["owner"] = "p1"
    s.d["story"]["slots"]["p1"] += ["EX101", "DN101"]
    s.d["story"]["slots"]["p2"].remove("EX101")
    s.d["story"]["slots"]["p3"].remove("DN101")
    check(s.to_json())
    for reader in (None, *s.d["seats"]):
        text = words.render(G, s.view(reader), NAMES)
        assert len(text) <= 1800 and not text.endswith("…"), len(text)
    for seat, legal in s.pending().items():
        for a in legal:
            assert 0 < len(words.label(G, a, s.view(seat))) <= 80


def test_every_event_reads_as_a_line_of_the_story():
    kinds = set()
    for seed in range(60):
        s = game(1 + seed % 5, (8, 12, 16)[seed % 3], seed)
        rng = random.Random(seed)
        while not s.over:
            seat, legal = next(iter(s.pending().items()))
            for e in s.act(seat, rng.choice(legal)):
                kinds.add(e["type"])
                line = words.describe(G, e, NAMES)
                assert line and "None" not in line and "{" not in line, e
    assert {"turn", "draw", "roll", "outcome", "fetch", "sideways", "slotted", "story", "act_end",
            "round", "game_end", "story_end", "choice"} <= kinds
    assert words.describe(G, {"type": "nothing"}, NAMES) == ""


def test_bot_plays_whole_games_with_legal_moves():
    for seed in range(20):
        s = game(1 + seed % 5, 12, seed)
        rng = random.Random(seed)
        while not s.over:
            seat, legal = next(iter(s.pending().items()))
            a = everrain_bot.bot_choice(s.view(seat), legal, rng)
            assert a in legal
            s.act(seat, a)


def test_bot_reads_its_own_slotted_story_and_sends_its_best_hand():
    s = slotted_bell()
    rng = random.Random(0)
    assert everrain_bot.bot_choice(s.view("p1"), s.pending()["p1"], rng) == DECK["sea"]
    s.act("p1", DECK["sea"])
    assert everrain_bot.bot_choice(s.view("p1"), s.pending()["p1"], rng) == {"type": "crew", "crew": "CR01"}


def test_rules_summary_has_rulings_and_fits():
    rules = load("everrain/rules.md")
    assert "## Rulings" in rules and len(rules) < 5000
    for words in ("replaces the draw", "draws again", "End of Act III is the end of the game",
                  "Tie-break"):
        assert words in rules
