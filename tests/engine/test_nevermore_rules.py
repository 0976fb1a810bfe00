"""Nevermore rule-by-rule tests: suits, Ravens, Conspiracy, Skulking, returning, winning, drafting, views."""
from __future__ import annotations

import itertools
import random

import pytest

from engine import IllegalAction
from engine.data import load
from engine.nevermore import cards as C
from engine.nevermore.phases import window
from tests.engine.nevermore_positions import GAME, act, build, halted, resolution_steps, settle
from tests.present import words


# ---- suits ----------------------------------------------------------------------------------------

def test_attack_of_four_may_hit_everyone_for_one_and_gain_two_vp():
    st = build({"a": "AAAA", "b": "", "c": "", "d": ""}, raven={"d": True})
    legal = st.pending()["a"]
    assert {"type": "attack_all"} in legal and {"type": "attack", "target": "d"} not in legal
    act(st, "a", {"type": "attack_all"})
    settle(st)
    assert st.health == {"a": 5, "b": 4, "c": 4, "d": 0} and st.vp["a"] == 2


def test_attack_of_three_has_no_split_option():
    st = build({"a": "AAA", "b": "", "c": ""})
    assert {"type": "attack_all"} not in st.pending()["a"]


def test_healing_never_above_five_and_overheal_vp():
    st = build({"a": "HHH", "b": "", "c": ""})
    settle(st)
    assert st.health["a"] == 5 and st.vp["a"] == 1  # at full Health, healing 3+ gives 1 VP
    st = build({"a": "HH", "b": "", "c": ""})
    settle(st)
    assert st.vp["a"] == 0  # healing 2 at full Health: nothing
    st = build({"a": "HHH", "b": "", "c": ""}, health={"a": 4})
    settle(st)
    assert st.health["a"] == 5 and st.vp["a"] == 0  # not at full Health before healing


def test_five_radiance_heals_two_and_gives_vp_regardless_of_others():
    st = build({"a": "RRRRR", "b": "RRRRR", "c": ""}, health={"a": 2})
    settle(st)
    # Tied at 5: strength 5 each (no second count) -> both draw 5 Light; both also get the 5-Radiance bonus.
    assert st.health["a"] == 4 and st.vp["a"] == 1 and st.vp["b"] == 1
    assert len(st.magick["a"]) == 5 and len(st.magick["b"]) == 5


def test_strength_zero_cards_means_nobody_acts():
    st = build({"a": "", "b": "", "c": ""})
    settle(st)
    assert st.vp == {"a": 0, "b": 0, "c": 0} and all(not m for m in st.magick.values())


# ---- Ravens -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand", ["".join(p) for p in itertools.product("AHRVK", repeat=5)][::7])
def test_raven_constraint_any_choices_kill_every_card_they_can(hand):
    """Whatever the player chooses, Ravens end up killing min(Ravens, other cards)."""
    for seed in range(3):
        rng = random.Random(seed)
        st = build({"a": hand, "b": "", "c": ""}, health={"a": 5})
        settle(st, choose=lambda seat, legal: rng.choice(legal) if legal[0]["type"] == "commit" else None)
        ravens, others = hand.count("K"), 5 - hand.count("K")
        front = st.front["a"]
        assert len(front["killed"]) == len(front["ravens"]) == min(ravens, others)
        assert len(front["skulk"]) == max(0, ravens - others)


def test_engine_offers_only_kill_counts_that_keep_the_constraint_possible():
    # 2 Ravens, Attack first: one later card (Victory), so at least 1 Attack card must die now.
    st = build({"a": "AAVKK", "b": "", "c": ""})
    assert st.pending() == {"a": [{"type": "commit", "kill": 1}, {"type": "commit", "kill": 2}]}
    with pytest.raises(IllegalAction):
        st.act("a", {"type": "commit", "kill": 0})


def test_becoming_a_raven_gives_the_causer_one_vp():
    st = build({"a": "AAA", "b": "", "c": ""}, health={"b": 3})
    act(st, "a", {"type": "attack", "target": "b"})
    assert st.raven["b"] and st.health["b"] == 0 and st.vp["a"] == 1


def test_raven_with_most_blocks_and_pecks_second_most():
    # Raven r has 3 Attack, human a 1: nobody attacks; r may peck a (the second most).
    st = build({"r": "AAA", "a": "A", "b": ""}, raven={"r": True})
    assert st.pending() == {"r": [{"type": "peck"}, {"type": "no_peck"}]}
    assert st.view(None)["prompt"]["targets"] == ["a"]
    act(st, "r", {"type": "peck"})
    settle(st)
    assert st.health == {"r": 0, "a": 4, "b": 5}


def test_uncontested_raven_pecks_every_human_all_or_none():
    st = build({"r": "VV", "a": "", "b": "", "c": ""}, raven={"r": True})
    assert st.pending() == {"r": [{"type": "peck"}, {"type": "no_peck"}]}
    act(st, "r", {"type": "no_peck"})
    settle(st)
    assert st.health == {"r": 0, "a": 5, "b": 5, "c": 5} and st.vp["r"] == 0
    st = build({"r": "VV", "a": "", "b": "", "c": ""}, raven={"r": True})
    act(st, "r", {"type": "peck"})
    settle(st)
    assert st.health == {"r": 0, "a": 4, "b": 4, "c": 4} and st.vp["r"] == 0  # no VP for Victory


def test_raven_tied_with_human_human_still_acts():
    st = build({"r": "HHH", "a": "HHH", "b": "H"}, raven={"r": True}, health={"a": 2}, dealer="b")
    # order from dealer b: r, a, b. r pecks b (second most); a heals 2.
    assert list(st.pending()) == ["r"]
    act(st, "r", {"type": "peck"})
    settle(st)
    assert st.health == {"r": 0, "a": 4, "b": 4}


def test_player_turned_raven_mid_suit_pecks_instead_of_attacking():
    st = build({"a": "AAA", "b": "AAA", "c": "A"}, dealer="c", health={"b": 2})
    act(st, "a", {"type": "attack", "target": "b"})
    assert st.raven["b"] and st.vp["a"] == 1
    assert st.pending() == {"b": [{"type": "peck"}, {"type": "no_peck"}]}
    act(st, "b", {"type": "peck"})
    assert st.health["c"] == 4 and st.health["a"] == 5


def test_five_radiance_gives_a_raven_no_health_or_vp():
    st = build({"r": "RRRRR", "a": "", "b": ""}, raven={"r": True})
    settle(st)
    assert st.vp["r"] == 0 and len(st.front["r"]["played"]) == 5
    assert not st.raven["r"] and st.health["r"] == 4  # five of a kind: back at Skulking time, with 4 Health


def test_raven_does_not_peck_for_radiance_but_draws_light():
    st = build({"r": "RR", "a": "", "b": ""}, raven={"r": True})
    settle(st)
    assert len(st.front["r"]["played"]) == 2 and st.health == {"r": 0, "a": 5, "b": 5}
    assert [e for e in st.stack if e["k"] == "test_halt"]


def test_pecking_a_player_into_a_raven_gives_vp_but_no_win():
    st = build({"r": "AA", "a": "A", "b": "", "c": ""}, raven={"r": True}, vp={"r": 5}, health={"a": 1})
    act(st, "r", {"type": "peck"})
    assert st.raven["a"] and st.vp["r"] == 6 and not st.over


def test_peck_wipe_turns_the_raven_back_and_wins():
    st = build({"r": "VV", "a": "", "b": "", "c": ""}, raven={"r": True, "c": True}, health={"a": 1, "b": 1})
    act(st, "r", {"type": "peck"})
    assert st.over and st.winners == ["r"] and not st.raven["r"] and st.health["r"] == 4
    assert st.pending() == {}


def test_raven_returns_with_five_of_a_kind_at_skulking_time_keeping_vp():
    st = build({"r": "HHHHH", "a": "", "b": ""}, raven={"r": True}, vp={"r": 3})
    settle(st)
    assert not st.raven["r"] and st.health["r"] == 4 and st.vp["r"] == 3


def test_raven_returns_with_one_of_each_suit_even_if_killed():
    st = build({"r": "AHRVK", "a": "", "b": ""}, raven={"r": True})
    settle(st, choose=lambda s, legal: legal[-1] if legal[0]["type"] == "commit" else None)
    assert len(st.front["r"]["killed"]) == 1  # the Raven killed a card: still collected
    assert not st.raven["r"] and st.health["r"] == 4


def test_raven_without_a_full_collection_stays_a_raven():
    st = build({"r": "AAHRV", "a": "", "b": ""}, raven={"r": True})
    settle(st)
    assert st.raven["r"]


def test_returning_with_six_vp_wins():
    st = build({"r": "VVVVV", "a": "V", "b": ""}, raven={"r": True}, vp={"r": 6})
    settle(st)
    assert st.over and st.winners == ["r"]


# ---- Conspiracy and Skulking -------------------------------------------------------------------------

def test_conspiracy_of_ravens_ends_the_hand_at_once():
    st = build({"a": "KKKKK", "b": "VVVV", "c": "AAA", "d": ""}, raven={"d": True})
    assert halted(st)
    assert st.health == {"a": 5, "b": 4, "c": 4, "d": 0}
    assert st.vp == {"a": 1, "b": 0, "c": 0, "d": 0}  # b's Victory cards never resolved
    assert len(st.magick["a"]) == 1 and st.magick["a"][0].startswith("S")
    assert st.revealed == 0


def test_conspiracy_by_a_raven_player_still_scores_and_damages():
    st = build({"r": "KKKKK", "a": "", "b": ""}, raven={"r": True})
    assert st.vp["r"] == 1 and st.health["a"] == 4 and st.raven["r"]


def test_skulking_ravens_draw_shadow_by_strength():
    # a: 4 Ravens + 1 Attack -> 3 skulk; b: 3 Ravens + 2 Victory -> 1 skulk. a draws 3 - 1 = 2.
    st = build({"a": "AKKKK", "b": "VVKKK", "c": ""})
    settle(st)
    assert len(st.front["a"]["skulk"]) == 3 and len(st.front["b"]["skulk"]) == 1
    assert len(st.magick["a"]) == 2 and st.magick["b"] == []


# ---- winning ----------------------------------------------------------------------------------------

def test_six_vp_wins_at_once():
    st = build({"a": "VV", "b": "V", "c": ""}, vp={"a": 5})
    assert st.over and st.winners == ["a"] and st.resolved == 3  # Victory is the fourth token


def test_simultaneous_six_vp_most_vp_then_health_then_play_on():
    st = build({"a": "V", "b": "V", "c": ""}, vp={"a": 5, "b": 6})
    assert st.over and st.winners == ["b"]
    st = build({"a": "V", "b": "V", "c": ""}, vp={"a": 5, "b": 5}, health={"a": 4})
    assert st.over and st.winners == ["b"]
    st = build({"a": "V", "b": "V", "c": ""}, vp={"a": 5, "b": 5})
    assert not st.over and st.vp == {"a": 6, "b": 6, "c": 0}


def test_last_human_standing_wins():
    st = build({"a": "AAA", "b": "", "c": ""}, raven={"c": True}, health={"b": 2})
    act(st, "a", {"type": "attack", "target": "b"})
    assert st.over and st.winners == ["a"]


def test_raven_cannot_win_on_vp():
    st = build({"r": "AA", "a": "A", "b": "", "c": ""}, raven={"r": True}, vp={"r": 7})
    act(st, "r", {"type": "no_peck"})
    settle(st)
    assert not st.over


# ---- drafting, direction, dealer, tokens ----------------------------------------------------------------

def test_draft_pick_take_back_confirm_and_simultaneous_pass():
    st = GAME.new(["p1", "p2", "p3"], 5)
    pend = st.pending()
    assert set(pend) == {"p1", "p2", "p3"} and st.round == 0
    assert all(a["type"] == "pick" for a in pend["p1"])
    first = pend["p1"][0]
    st.act("p1", first)
    assert {"type": "unpick", "suit": first["suit"]} in st.pending()["p1"]
    st.act("p1", {"type": "unpick", "suit": first["suit"]})
    assert st.picked["p1"] == []
    hands = {s: list(st.hand[s]) for s in st.seats}
    for s in st.seats:
        for _ in range(3):
            st.act(s, st.pending()[s][0])
        with pytest.raises(IllegalAction):
            st.act(s, st.pending()[s][0] | {"type": "pick"})  # a fourth pick is not offered
        passed = list(st.picked[s])
        st.act(s, {"type": "confirm"})
        if s != "p3":  # nothing moves until everyone has confirmed
            receiver = "p2" if s == "p1" else "p3"
            assert st.round == 0 and s not in st.pending()
            assert not set(passed) & set(st.view(receiver)["hand"])
    assert st.round == 1  # all three passed at once, to the left (next seat)
    assert set(st.arrived["p2"]) <= set(hands["p1"]) and len(st.arrived["p2"]) == 3
    assert all(len(st.hand[s]) == 5 for s in st.seats)
    assert st.view("p2")["arrived"] == st.arrived["p2"]


def _play_one_hand(st, rng):
    start = st.hand_no
    while st.hand_no == start and not st.over:
        pend = st.pending()
        seat = sorted(pend)[0]
        legal = pend[seat]
        st.act(seat, next((a for a in legal if a["type"] in ("pick", "confirm", "pass")), rng.choice(legal)))


def test_direction_flips_every_hand_and_dealer_moves_left():
    st = GAME.new(["p1", "p2", "p3", "p4"], 11)
    rng = random.Random(0)
    seen = []
    for _ in range(3):
        seen.append((st.view(None)["dir"], st.dealer))
        _play_one_hand(st, rng)
        if st.over:
            break
    dirs = [d for d, _ in seen]
    assert dirs[:3] == ["left", "right", "left"]
    i = st.seats.index(seen[0][1])
    assert seen[1][1] == st.seats[(i + 1) % 4] and seen[2][1] == st.seats[(i + 2) % 4]


def test_first_dealer_is_first_raven_drawn_and_shown():
    for seed in range(10):
        st = GAME.new(["p1", "p2", "p3", "p4", "p5"], seed)
        draws = st.view(None)["draws"]
        assert draws[-1] == [st.dealer, "raven"] and all(x != "raven" for _, x in draws[:-1])
        assert [s for s, _ in draws] == [st.seats[i % 5] for i in range(len(draws))]
        assert "Dealer draw" in words.render(GAME, st.view(None), {})


def test_first_hand_tokens_face_up_then_hidden_and_shuffled():
    st = build({"a": "", "b": "", "c": ""}, steps=[], hand_no=1)
    assert st.view(None)["tokens"] == ["attack", "healing", "radiance", "victory"]
    st = build({"a": "", "b": "", "c": ""}, hand_no=2, tokens=["victory", "attack", "radiance", "healing"],
               steps=[window("before_resolution")])
    assert st.view(None)["tokens"] == ["?", "?", "?", "?"]
    st = build({"a": "", "b": "", "c": ""}, hand_no=2, tokens=["victory", "attack", "radiance", "healing"],
               steps=resolution_steps())
    assert st.view(None)["tokens"] == ["victory", "attack", "radiance", "healing"] and st.resolved == 4
    orders = {tuple(GAME.new(["a", "b", "c"], s).tokens) for s in range(3)}
    assert orders == {tuple(C.FIRST_TOKENS)}


# ---- views, hidden information, timers -------------------------------------------------------------------

def test_views_hide_hands_magick_and_commits():
    st = build({"a": "RHHVK", "b": "HH", "c": "VV"}, magick={"a": ["S04"], "b": ["L05"]})
    st.act("a", {"type": "pass"})  # Hex not played; Attack: nobody has any, all commit automatically
    assert st.pending() == {"a": [{"type": "commit", "kill": 0}, {"type": "commit", "kill": 1}]}
    assert set(st.commits) == {"b", "c"}  # committed face down, waiting for a
    pub = st.view(None)
    text = str(pub)
    for s in ("a", "b", "c"):
        assert not any(c in text for c in st.hand[s])
    assert "L05" not in str(st.view("a")) and "S04" not in str(st.view("b"))
    assert not any(c in str(st.view("a")) for z in st.commits["b"].values() for c in z)
    assert st.view("b")["committed"]["played"] == st.commits["b"]["played"]
    st.act("a", {"type": "commit", "kill": 1})
    assert st.view(None)["players"][0]["front"]["healing"] == [1, 1, 0]
    assert pub["prompt"] == {"kind": "commit", "suit": "healing"}


def quick(st) -> bool:
    return bool(st.view(None)["decision"].get("quick"))


def test_short_timer_only_in_magick_windows():
    st = build({"a": "", "b": "", "c": ""}, magick={"a": ["S04"]})
    assert st.pending() == {"a": [{"type": "play", "card": "S04"}, {"type": "pass"}]} and quick(st)
    st.act("a", {"type": "pass"})
    assert not quick(st)  # halted
    assert not quick(GAME.new(["a", "b", "c"], 1))  # drafting


def test_illegal_actions_have_messages_and_change_nothing():
    st = GAME.new(["p1", "p2", "p3"], 3)
    before = st.to_json()
    with pytest.raises(IllegalAction, match="isn't allowed"):
        st.act("p1", {"type": "confirm"})
    with pytest.raises(IllegalAction, match="turn"):
        st.act("p9", {"type": "pick", "suit": "attack"})
    assert st.to_json() == before


def test_render_board_and_hand_mention_the_essentials():
    st = build({"a": "AAA", "b": "A", "c": ""}, vp={"b": 2}, raven={"c": True})
    names = {"a": "Ann", "b": "Bob", "c": "Cy"}
    board = words.render(GAME, st.view(None), names)
    assert "Ann" in board and "Raven" in board and "2 VP" in board and "left" in board
    assert "chooses whom to attack" in board
    mine = words.render(GAME, st.view("a"), names)
    assert "Your hand" in mine and "Choose whom to attack" in mine
    assert all(len(words.label(GAME, a, st.view("a"))) <= 80 for a in st.pending()["a"])
    lines = [words.describe(GAME, e, names) for e in act(st, "a", {"type": "attack", "target": "b"})]
    assert any("Ann attacks Bob for 2" in x for x in lines)


def test_rules_text_has_rulings():
    rules = load("nevermore/rules.md")
    assert "## Rulings" in rules and len(rules) < 5500


def test_bot_games_finish_with_legal_moves():
    from engine.bots import bot_choice
    for seed in range(8):
        seats = [f"p{i}" for i in range(1, 3 + seed % 4 + 1)]
        st = GAME.new(seats, seed)
        rng = random.Random(seed)
        for _ in range(5000):
            if st.over:
                break
            pend = st.pending()
            seat = rng.choice(sorted(pend))
            action = bot_choice(GAME, st.view(seat), pend[seat], rng)
            assert action in pend[seat]
            st.act(seat, action)
        assert st.over and st.result()["winners"]


def test_events_never_carry_card_ids():
    """Cards move on within one act (a hand can end and the next be dealt), so events name suits and
    Magick card names, never ids; views show the current cards."""
    from tests.engine.conformance import strings_in
    ids = set(C.MAIN_IDS) | set(C.MAGICK)
    for seed in range(3):
        st = GAME.new(["p1", "p2", "p3", "p4"], seed)
        rng = random.Random(seed)
        while not st.over:
            pend = st.pending()
            seat = rng.choice(sorted(pend))
            for ev in st.act(seat, rng.choice(pend[seat])):
                assert not strings_in(ev) & ids, ev
