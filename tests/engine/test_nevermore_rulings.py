"""Nevermore rulings fixed by issue 12 §4: cancelling cards can be answered, a Covet that cuts a gain to 0
is told, a Conspiracy that removes every human wins, the peck targets of ruling 7."""
from engine.data import load
from engine.nevermore.phases import window
from tests.engine.nevermore_positions import GAME, build, halted, settle


def test_counterspell_answers_a_dispel():
    # a plays Hex on c; c answers with Dispel; b answers the Dispel with Counterspell: Hex lands after all.
    st = build({"a": "", "b": "", "c": ""}, magick={"a": ["S04"], "b": ["S11"], "c": ["L09"]}, dealer="c",
               steps=[window("before_resolution")])
    st.act("a", {"type": "play", "card": "S04"})
    st.act("a", {"type": "target", "seat": "c"})
    assert {"type": "play", "card": "L09"} in st.pending()["c"]
    st.act("c", {"type": "play", "card": "L09"})
    assert st.pending() == {"b": [{"type": "play", "card": "S11"}, {"type": "pass"}]}  # Dispel can be answered
    events = st.act("b", {"type": "play", "card": "S11"})
    settle(st, lambda s, legal: {"type": "pass"} if {"type": "pass"} in legal else None)
    assert any(e["type"] == "cancelled" and e["name"] == "Dispel" for e in events)
    assert st.health["c"] < 5  # the Hex landed
    assert "L09" in st.light_discard and "S11" in st.shadow_discard


def test_dispel_answers_a_counterspell_that_answered_a_reaction():
    # b attacks a; a reacts with Aegis; b cancels it with Counterspell; a answers that with Dispel: Aegis holds.
    st = build({"a": "", "b": "AAA", "c": ""}, magick={"a": ["L05", "L09"], "b": ["S11"]})
    st.act("b", {"type": "attack", "target": "a"})
    st.act("a", {"type": "play", "card": "L05"})
    st.act("b", {"type": "play", "card": "S11"})
    assert st.pending() == {"a": [{"type": "play", "card": "L09"}, {"type": "pass"}]}
    st.act("a", {"type": "play", "card": "L09"})
    assert halted(st)
    assert st.health["a"] == 5 and st.magick["a"] == []


def test_covet_cutting_a_gain_to_zero_says_so():
    st = build({"a": "", "b": "", "c": ""}, magick={"a": ["S18"]},
               steps=[{"k": "vp", "tgt": "b", "n": 1, "why": "victory", "passed": []}])
    events = st.act("a", {"type": "play", "card": "S18"})
    denied = [e for e in events if e["type"] == "vp_denied"]
    assert denied == [{"type": "vp_denied", "to": None, "seat": "a", "target": "b", "cut": 1, "left": 0}]
    assert halted(st) and st.vp["b"] == 0
    assert not any(e["type"] == "vp" for e in events)


def test_conspiracy_that_removes_every_human_wins_for_its_raven():
    st = build({"r": "KKKKK", "a": "", "b": ""}, raven={"r": True}, health={"a": 1, "b": 1})
    assert st.over and st.winners == ["r"]
    assert not st.raven["r"] and st.health["r"] == 4


def test_conspiracy_leaving_its_human_player_alone_wins_as_last_human():
    st = build({"h": "KKKKK", "a": "", "b": ""}, health={"a": 1, "b": 1})
    assert st.over and st.winners == ["h"]


def test_ruling_7_raven_tied_for_most_pecks_the_next_count_not_its_rival():
    # r (Raven) and a tie on 2 Attack, b has 1: r may peck b only; a (human) is not pecked.
    st = build({"r": "AA", "a": "AA", "b": "A", "c": ""}, raven={"r": True}, steps=[])
    for s in ("r", "a", "b"):
        st.front[s]["played"] = list(st.hand[s])
    st.stack.append({"k": "resolve", "suit": "attack"})
    st._pending = None
    st.run()
    assert st.pending() == {"r": [{"type": "peck"}, {"type": "no_peck"}]}
    assert st.stack[-1]["peck"] == ["b"]


def test_rules_text_states_the_fixed_rulings():
    rules = load("nevermore/rules.md")
    assert "Counterspell cancels a Dispel" in rules
    assert "Conspiracy of Ravens whose damage removes every remaining human wins" in rules
    assert "Cancelling cards cannot be cancelled" not in rules
