"""Each of the 50 Magick cards: it is offered at its timing (and only then), and its effect lands.

Every case builds a small table (hands as suit letters, see nevermore_positions), gives the card to
seat "a", lets the hand run until the card is offered, plays it, settles the rest and asserts the effect.
Raven-side cases give the card to a Raven player and assert the Raven effect instead.
"""
from __future__ import annotations

import pytest

from engine.nevermore import cards as C
from engine.nevermore.phases import step_index, window
from tests.engine.nevermore_positions import GAME, build, hand_slice, halted, resolution_steps, settle


def dmg(src, tgt, n):
    return [{"k": "damage", "src": src, "tgt": tgt, "n": n, "why": "attack", "passed": []}, {"k": "check", "src": src}]


def suit_step(suit):
    i = step_index("suit", i=C.FIRST_TOKENS.index(suit))
    return hand_slice(i, i + 1)


def _one(timing):
    i = step_index("window", timing=timing)
    return hand_slice(i, i + 1)


SKULK = hand_slice(step_index("window", timing="before_skulking"), step_index("returns") + 1)
STEPS = {"before_draft": _one("before_draft"), "end_of_hand": _one("end_of_hand"),
         "before_resolution": hand_slice(step_index("window", timing="before_resolution"),
                                         step_index("conspiracy") + 1)}
H3 = {"a": "", "b": "", "c": ""}


def case(card, check, *, hands=None, steps=None, target=None, raven=False, ravens=None, health=None, vp=None,
         hand_no=1, tokens=None, others=None, attack=None, drive=None, name=None):
    """raven: the holder (seat a) is a Raven; ravens: other seats that are Ravens."""
    return pytest.param(dict(card=card, check=check, hands=hands or H3, steps=steps, target=target, raven=raven,
                             ravens=ravens or {}, health=health or {}, vp=vp or {}, hand_no=hand_no, tokens=tokens,
                             others=others or {}, attack=attack, drive=drive), id=name or card)


def b_plays(card, target=None):
    """Seat b plays `card` (and picks `target`) as soon as it may: the trigger for a cancelling card."""
    def drive(seat, legal):
        if seat == "b" and {"type": "play", "card": card} in legal:
            return {"type": "play", "card": card}
        if seat == "b" and target and {"type": "target", "seat": target} in legal:
            return {"type": "target", "seat": target}
        return None
    return drive


CASES = [
    # ---- Light ------------------------------------------------------------------------------------
    case("L01", lambda st: "L01" in st.front["a"]["played"] and len(st.magick["a"]) == 1 and not st.magick["b"],
         hands={"a": "R", "b": "R", "c": ""}),
    case("L02", lambda st: st.health["a"] == 4 and "L02" in st.front["a"]["played"],
         hands={"a": "H", "b": "H", "c": ""}, health={"a": 3}),
    case("L03", lambda st: st.vp == {"a": 1, "b": 0, "c": 0}, hands={"a": "V", "b": "V", "c": ""}),
    case("L04", lambda st: st.health["b"] == 4, hands={"a": "A", "b": "A", "c": ""}, attack="b"),
    case("L05", lambda st: st.health["a"] == 5, steps=dmg("b", "a", 3)),
    case("L06", lambda st: st.health["a"] == 3, steps=dmg("b", "a", 3)),
    case("L06", lambda st: st.health["c"] == 3, steps=dmg("b", "c", 3), raven=True, name="L06-raven"),
    case("L07", lambda st: st.health["a"] == 3 and not st.raven["a"], steps=dmg("b", "a", 3), health={"a": 2}),
    case("L08", lambda st: st.health["c"] == 3, steps=dmg("b", "c", 3)),
    case("L09", lambda st: st.health["c"] == 5 and "S04" in st.shadow_discard,
         steps=STEPS["before_resolution"], others={"b": ["S04"]}, drive=b_plays("S04", "c")),
    case("L10", lambda st: st.health["a"] == 4, steps=STEPS["before_resolution"], health={"a": 2}),
    case("L10", lambda st: len(st.magick["a"]) == 1 and st.magick["a"][0][0] == "L",
         steps=STEPS["before_resolution"], raven=True, name="L10-raven"),
    case("L11", lambda st: st.health["a"] == 4, steps=suit_step("healing"), health={"a": 3}),
    case("L12", lambda st: st.health["a"] == 5 and st.shield["a"] == 0,
         hands={"a": "", "b": "AAA", "c": ""}, steps=suit_step("attack"), attack="a"),
    case("L12", lambda st: st.health["b"] == 4 and st.shield["b"] == 0, target="b",
         hands={"a": "", "b": "", "c": "AAA"}, steps=suit_step("attack"), attack="b", raven=True, name="L12-raven"),
    case("L13", lambda st: st.vp["a"] == 2 and st.vp["b"] == 2, hands={"a": "V", "b": "VV", "c": ""},
         steps=suit_step("victory")),
    case("L14", lambda st: len(st.magick["a"]) == 1 and not st.magick["b"], hands={"a": "R", "b": "R", "c": ""},
         steps=suit_step("radiance")),
    case("L15", lambda st: st.health == {"a": 3, "b": 4, "c": 5}, hands={"a": "H", "b": "HH", "c": ""},
         steps=suit_step("healing"), health={"a": 2, "b": 4}),
    case("L16", lambda st: st.view("a")["tokens"] == ["victory", "radiance", "?", "?"]
         and st.view("b")["tokens"] == ["?"] * 4, steps=[window("before_resolution")], hand_no=2,
         tokens=["victory", "radiance", "attack", "healing"]),
    case("L17", lambda st: st.dir == -1 and st.view(None)["dir"] == "right", steps=STEPS["before_draft"]),
    case("L18", lambda st: st.health == {"a": 4, "b": 5, "c": 0}, steps=suit_step("attack"),
         health={"a": 3, "b": 4}, ravens={"c": True}),
    case("L19", lambda st: st.health["b"] == 4, steps=SKULK, health={"b": 2}),
    case("L20", lambda st: len(st.front["b"]["discarded"]) == 3 and st.health["a"] == 5, target="b",
         hands={"a": "", "b": "AAA", "c": ""}, steps=suit_step("attack")),
    case("L21", lambda st: st.health["a"] == 5, steps=SKULK, health={"a": 3}),
    case("L21", lambda st: not st.raven["a"] and st.health["a"] == 2 and st.vp["a"] == 3, steps=SKULK,
         raven=True, vp={"a": 3}, name="L21-raven"),
    case("L22", lambda st: st.health["a"] == 5, steps=suit_step("radiance"), health={"a": 4}),
    case("L23", lambda st: st.health["c"] == 4 and st.shield == {"a": 1, "b": 1, "c": 0},
         hands={"a": "", "b": "AA", "c": ""}, steps=suit_step("attack"), attack="c"),
    case("L24", lambda st: st.health["b"] == 4, steps=STEPS["end_of_hand"], health={"b": 3}),
    case("L24", lambda st: len(st.magick["a"]) == 1, steps=STEPS["end_of_hand"], raven=True, name="L24-raven"),
    case("L25", lambda st: len(st.front["b"]["discarded"]) == 2 and len(st.front["c"]["discarded"]) == 1
         and st.health == {"a": 5, "b": 5, "c": 5}, hands={"a": "", "b": "AA", "c": "A"}, steps=suit_step("attack")),
    # ---- Shadow -----------------------------------------------------------------------------------
    case("S01", lambda st: st.health == {"a": 5, "b": 4, "c": 4} and st.vp["a"] == 1 and st.revealed == 0,
         hands={"a": "KKKK", "b": "VV", "c": ""}),
    case("S02", lambda st: st.health["b"] == 4, hands={"a": "A", "b": "A", "c": ""}, attack="b"),
    case("S03", lambda st: st.vp == {"a": 1, "b": 0, "c": 0}, hands={"a": "V", "b": "V", "c": ""}),
    case("S04", lambda st: st.health["b"] == 4, target="b", steps=STEPS["before_resolution"]),
    case("S05", lambda st: st.health["b"] == 3 and len(st.front["b"]["discarded"]) == 2, target="b",
         hands={"a": "", "b": "HH", "c": ""}, steps=suit_step("healing"), health={"b": 3}),
    case("S06", lambda st: not st.magick["a"] and not st.magick["b"] and len(st.front["b"]["discarded"]) == 2,
         hands={"a": "R", "b": "RR", "c": ""}, steps=suit_step("radiance")),
    case("S07", lambda st: st.health["a"] == 4 and st.bonus == {"b": -2}, target="b",
         hands={"a": "", "b": "AA", "c": "A"}, steps=suit_step("attack"), attack="a"),
    case("S08", lambda st: st.health["b"] == 4, hands={"a": "A", "b": "AA", "c": ""}, steps=suit_step("attack"),
         attack="b"),
    case("S09", lambda st: st.health["b"] == 3, target="b", steps=suit_step("attack")),
    case("S09", lambda st: st.health["b"] == 4, target="b", steps=suit_step("attack"), raven=True,
         name="S09-raven"),
    case("S10", lambda st: st.health["a"] == 5 and st.health["b"] == 2, steps=dmg("b", "a", 3)),
    case("S11", lambda st: st.health["b"] == 3 and "L10" in st.light_discard,
         steps=STEPS["before_resolution"], others={"b": ["L10"]}, health={"b": 3}, drive=b_plays("L10")),
    case("S12", lambda st: st.dir == -1, steps=STEPS["before_draft"]),
    case("S13", lambda st: st.skip and st.view(None)["skip"], steps=STEPS["before_draft"]),
    case("S14", lambda st: st.tokens[0] == "attack" and sorted(st.tokens[1:]) == ["healing", "radiance", "victory"]
         and st.peek == {}, steps=suit_step("attack"), hand_no=2),
    case("S15", lambda st: st.vp == {"a": 1, "b": 1, "c": 0}, target="b", steps=STEPS["before_resolution"],
         vp={"b": 2}),
    case("S16", lambda st: sorted(st.collected["a"]).count("healing") == 1
         and sorted(st.collected["b"]).count("attack") == 1, target="b",
         hands={"a": "AAAAA", "b": "HHHHH", "c": ""}, steps=[window("before_resolution")]),
    case("S17", lambda st: st.health == {"a": 5, "b": 4, "c": 4}, steps=STEPS["end_of_hand"]),
    case("S18", lambda st: st.vp["b"] == 1, steps=[{"k": "vp", "tgt": "b", "n": 2, "why": "victory",
                                                    "passed": []}]),
    case("S19", lambda st: len(st.magick["a"]) == 2 and all(c[0] == "S" for c in st.magick["a"]),
         steps=STEPS["before_resolution"]),
    case("S19", lambda st: len(st.magick["a"]) == 3, steps=STEPS["before_resolution"], raven=True,
         name="S19-raven"),
    case("S20", lambda st: len(st.magick["a"]) == 1, steps=SKULK),
    case("S20", lambda st: st.health == {"a": 0, "b": 4, "c": 4}, steps=SKULK, raven=True, name="S20-raven"),
    case("S21", lambda st: len(st.front["b"]["discarded"]) == 2 and st.health["a"] == 5, target="b",
         hands={"a": "", "b": "AA", "c": ""}, steps=suit_step("attack")),
    case("S22", lambda st: st.health["b"] == 3, target="b", steps=STEPS["before_resolution"]),
    case("S23", lambda st: st.health["a"] == 1 and not st.raven["a"], steps=dmg("b", "a", 2), health={"a": 1}),
    case("S24", lambda st: st.health["b"] == 4 and st.health["a"] == 4, target="b", steps=suit_step("healing"),
         health={"a": 3}),
    case("S24", lambda st: st.health["b"] == 4, target="b", steps=suit_step("healing"), raven=True,
         name="S24-raven"),
    case("S25", lambda st: st.health["c"] == 1, steps=dmg("b", "c", 3)),
]


def _choose(params):
    drive = params["drive"]

    def choose(seat, legal):
        if drive and (pick := drive(seat, legal)):
            return pick
        if legal[0]["type"] == "attack" and params["attack"]:
            return {"type": "attack", "target": params["attack"]}
        return None
    return choose


def _reach(st, card: str, choose) -> None:
    """Run the hand (passing every other window) until seat a is offered the card."""
    want = {"type": "play", "card": card}
    while want not in st.pending().get("a", []):
        assert not halted(st), f"{card} was never offered"
        pend = st.pending()
        seat = sorted(pend)[0]
        legal = pend[seat]
        pick = choose(seat, legal) or ({"type": "pass"} if {"type": "pass"} in legal else legal[0])
        st.act(seat, pick)


@pytest.mark.parametrize("params", CASES)
def test_magick_card(params):
    card = params["card"]
    magick = {"a": [card], **params["others"]}
    raven = {**params["ravens"], **({"a": True} if params["raven"] else {})}
    st = build(params["hands"], magick=magick, raven=raven, health=params["health"], vp=params["vp"],
               steps=params["steps"] or resolution_steps(), hand_no=params["hand_no"],
               tokens=params["tokens"])
    choose = _choose(params)
    _reach(st, card, choose)
    assert st.view(None)["decision"].get("quick")
    sp = C.spec(card, params["raven"])
    assert sp["raven_side"] == (params["raven"] and "raven" in C.MAGICK[card])
    events = st.act("a", {"type": "play", "card": card})
    assert any(e["type"] == "play" and e["name"] == sp["name"] for e in events)
    if params["target"] and {"type": "target", "seat": params["target"]} in st.pending().get("a", []):
        st.act("a", {"type": "target", "seat": params["target"]})
    settle(st, choose)
    assert card not in st.magick["a"] and card not in st.in_play
    assert params["check"](st), f"{card}: effect not as expected"


def test_every_card_is_our_own_design_and_data_driven():
    assert len(C.LIGHT_IDS) == 25 and len(C.SHADOW_IDS) == 25
    for card in C.MAGICK.values():
        assert {"id", "name", "deck", "timing", "effects", "text", "note"} <= set(card)
        assert card["note"] == "Our own design"
    covered = {p.values[0]["card"] for p in CASES}
    assert covered == set(C.MAGICK), "every card has an effect test"
    timings = {c["timing"] for c in C.MAGICK.values()}
    assert timings == {"before_draft", "before_resolution", "before_suit", "after_suit", "before_skulking",
                       "end_of_hand", "any_time"}
    kinds = {e["kind"] for c in C.MAGICK.values() for e in c["effects"]}
    assert {"suit", "discard_suit", "pass_dir", "counter", "prevent", "reflect"} <= kinds
    assert sum(1 for c in C.MAGICK.values() if "raven" in c) >= 8


def test_cards_not_offered_out_of_their_timing():
    # Aegis is a reaction: no window offers it; a heal at full Health is not offered; Hex not before Drafting.
    st = build(H3, magick={"a": ["L05", "L10", "S04"]}, steps=[window("before_draft")])
    assert halted(st)
    st = build(H3, magick={"a": ["L05", "L10", "S04"]}, steps=[window("before_resolution")])
    assert st.pending() == {"a": [{"type": "play", "card": "S04"}, {"type": "pass"}]}
    # Last Light only when the damage would make you a Raven.
    st = build(H3, magick={"a": ["L07"]}, steps=dmg("b", "a", 2))
    assert halted(st) and st.health["a"] == 3
    # A Raven may not use Redemption's human side, a human may not use its Raven side.
    st = build(H3, magick={"a": ["L21"]}, steps=SKULK, health={"a": 5})
    assert halted(st)


def test_any_time_card_saves_a_player_from_becoming_a_raven_mid_attack():
    st = build({"a": "", "b": "AAA", "c": ""}, magick={"a": ["L05"]}, health={"a": 2})
    st.act("b", {"type": "attack", "target": "a"})
    assert st.pending() == {"a": [{"type": "play", "card": "L05"}, {"type": "pass"}]}
    assert st.view(None)["prompt"]["kind"] == "reaction" and "a" not in str(st.view(None)["prompt"].get("who"))
    st.act("a", {"type": "play", "card": "L05"})
    settle(st)
    assert st.health["a"] == 2 and not st.raven["a"] and st.vp["b"] == 0


def test_priority_order_in_a_window_dealer_last():
    st = build(H3, magick={"a": ["S04"], "b": ["S22"], "c": ["L10"]}, dealer="b", health={"c": 3},
               steps=[window("before_resolution")])
    assert list(st.pending()) == ["c"]  # order from dealer b, passing left: c, a, b
    st.act("c", {"type": "play", "card": "L10"})
    assert list(st.pending()) == ["a"]
    st.act("a", {"type": "pass"})
    assert list(st.pending()) == ["b"]


def test_cancelling_card_counters_a_reaction_and_can_itself_be_answered():
    # b attacks a; a reacts with Aegis; b cancels the Aegis with Counterspell; a may answer that with
    # Dispel (ruling 15, issue 12: any-time cards answer "a card"); a passes, so the blow lands.
    st = build({"a": "", "b": "AAA", "c": ""}, magick={"a": ["L05", "L09"], "b": ["S11"]})
    st.act("b", {"type": "attack", "target": "a"})
    st.act("a", {"type": "play", "card": "L05"})
    assert st.pending() == {"b": [{"type": "play", "card": "S11"}, {"type": "pass"}]}
    st.act("b", {"type": "play", "card": "S11"})
    assert st.pending() == {"a": [{"type": "play", "card": "L09"}, {"type": "pass"}]}
    st.act("a", {"type": "pass"})
    assert halted(st)
    assert st.health["a"] == 2 and st.magick["a"] == ["L09"]


def test_crosswind_passes_two_seats_over():
    st = GAME.new(["p1", "p2", "p3", "p4"], 2)
    st.skip = True
    hands = {s: list(st.hand[s]) for s in st.seats}
    for s in st.seats:
        for _ in range(3):
            st.act(s, next(a for a in st.pending()[s] if a["type"] == "pick"))
        st.act(s, {"type": "confirm"})
    assert set(st.arrived["p3"]) <= set(hands["p1"]) and set(st.arrived["p4"]) <= set(hands["p2"])


def test_suited_card_counts_as_collected_for_a_raven_return():
    st = build({"a": "AHRV", "b": "", "c": ""}, magick={"a": ["S01"]}, raven={"a": True})
    st.act("a", {"type": "play", "card": "S01"})
    settle(st, lambda s, legal: legal[-1] if legal[0]["type"] == "commit" else None)
    assert not st.raven["a"] and st.health["a"] == 4
