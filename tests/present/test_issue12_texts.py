"""Issue 12 §4 hand-offs: the words for new rules facts (Nevermore's Covet cut, The Deadlies' quick game,
The Everrain's story options, Glory per Story told, solo target and third-person log)."""
from __future__ import annotations

from present import fmt, presenter

NAMES = {"a": "Ann", "b": "Bo", "c": "Cy"}


def said(game: str, event: dict) -> str:
    got = presenter(game).describe(event, NAMES)
    return fmt.plain_line(got) if got else ""


# ---------------------------------------------------------------- Nevermore
def test_covet_that_cuts_a_gain_to_zero_is_told():
    text = said("nevermore", {"type": "vp_denied", "to": None, "seat": "a", "target": "b", "cut": 1, "left": 0})
    assert "Ann" in text and "Covet" in text and "Bo" in text
    assert "1 VP" in text and "no VP at all" in text


def test_covet_played_in_a_real_game_is_told_in_the_log():
    from tests.engine.test_nevermore_support import build

    st = build({"a": "", "b": "", "c": ""}, magick={"a": ["S18"]},
               steps=[{"k": "vp", "tgt": "b", "n": 1, "why": "victory", "passed": []}])
    log = [said("nevermore", e) for e in st.act("a", {"type": "play", "card": "S18"}) if e["to"] is None]
    assert any("Ann's Covet cuts 1 VP from Bo's gain" in t for t in log), log


def test_covet_that_leaves_part_of_a_gain_says_what_is_left():
    text = said("nevermore", {"type": "vp_denied", "to": None, "seat": "a", "target": "b", "cut": 1, "left": 2})
    assert "cuts 1 VP" in text and "gains only 2 VP" in text


def test_covet_with_nothing_left_to_cut_says_so():
    text = said("nevermore", {"type": "vp_denied", "to": None, "seat": "c", "target": "b", "cut": 0, "left": 0})
    assert text.startswith("Cy") and "no VP left to cut" in text


def test_skulking_verb_agrees_with_one_or_many_leaders():
    one = said("nevermore", {"type": "skulking", "to": None, "counts": {}, "actors": ["a"], "n": 2})
    many = said("nevermore", {"type": "skulking", "to": None, "counts": {}, "actors": ["a", "b"], "n": 2})
    assert one == "Ann leads the Skulking Ravens (draws 2 Shadow)."
    assert many == "Ann and Bo lead the Skulking Ravens (each draws 2 Shadow)."


def test_last_resolved_verb_agrees_with_one_or_many_actors():
    from present.nevermore.presenter import _last

    one = fmt.plain_line(_last({"last": {"suit": "attack", "actors": ["a"], "n": 3}}, NAMES).lines[0])
    many = fmt.plain_line(_last({"last": {"suit": "attack", "actors": ["a", "b"], "n": 3}}, NAMES).lines[0])
    assert "Ann had the most and acts for 3" in one
    assert "Ann, Bo had the most and act for 3" in many


# ---------------------------------------------------------------- The Deadlies
def test_deadlies_quick_game_is_60_turns_and_its_help_says_what_the_limit_does():
    import pytest

    from engine import GAMES
    from engine.core import IllegalAction, resolve_options

    game = GAMES["deadlies"]
    opt = game.options["turn_limit"]
    assert opt.choices == (60, 100, 200) and opt.default == 200
    assert "the game ends and the lowest Wickedness wins" in opt.help
    assert game.new(["p1", "p2", "p3"], 3, {"turn_limit": 60}).limit == 60
    with pytest.raises(IllegalAction):  # a new lobby can no longer pick 25 ...
        resolve_options(game, {"turn_limit": 25})
    old = game.new(["p1", "p2", "p3"], 3, {"turn_limit": 25})  # ... but a game saved with it is rebuilt as it was
    assert old.limit == 25 and old.to_json()["opts"]["turn_limit"] == 25
    assert game.load(old.to_json()).limit == 25
