"""Black Rose Wars as people read it: every card (spell sides, rooms, Events, Mages, Evocations, Quests) is
written from the data in plain words, a log line exists for every kind of event the engine emits, and
buttons and prompts say what they are about. "Plain words" is checked, not eyeballed: no internal
identifier (snake_case keys, dict or list reprs, "pp"/"dmg"/"inst" abbreviations) ever reaches the text,
and under the pseudo-locale every word of a card's text comes out of the catalog."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine.blackrose import GAME
from tests.engine.conformance import advanced
from engine.blackrose import cards as C
from present import fmt
from present.blackrose.prompts import prompt as worded_prompt  # (the placeholder is shorter)
from present.blackrose import card_text as T
from present.blackrose import choices as CH
from present.blackrose import effect_text as E
from present.blackrose import words as W
from present.blackrose import log as L
from present.blackrose.presenter import PRESENTER
from present.i18n import reading
from engine.blackrose import bot as brw_bot

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "blackrose"
NAMES = {"p1": "Ann", "p2": "Ben", "p3": "Cat", "p4": "Dan"}
INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|[{}\[\]]|\b(pp|dmg|inst|evo|ops?|None|True|False)\b|A special")
SPELL_CARDS = [f"{sid}.1" for sid in C.SPELLS]


def plain(text: str) -> str:
    found = INTERNAL.search(text)
    assert not found, f"internal word {found.group(0)!r} in: {text}"
    return text


# ---- cards ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("card", SPELL_CARDS)
def test_every_spell_side_reads_as_plain_words(card):
    for side, d in T.sides_of(card):
        said = plain(T.side_text(card, side))
        assert len(said) > 20 and said.endswith((".", ")")), said
        assert plain(T.effect(card, side, when=False))
        for mode in d.get("modes") or {}:  # an Illusion mask or a "choose one" alone, as its button says it
            assert plain(T.effect(card, side, mode, when=False))
    whole = plain(T.card_text(card))
    assert whole.startswith(C.spell_of(card)["name"] + " (")


@pytest.mark.parametrize("card", SPELL_CARDS)
def test_the_two_sides_read_differently_when_their_data_differs(card):
    sides = T.sides_of(card)
    assert len(sides) == 2
    (a, da), (b, db) = sides
    if {k: v for k, v in da.items() if k != "note"} != {k: v for k, v in db.items() if k != "note"}:
        assert T.side_text(card, a) != T.side_text(card, b)


def test_a_readied_room_trap_reads_as_both_its_colours():
    said = T.side_text("jester_hat.1", "s")
    assert "blue room" in said and "green room" in said


@pytest.mark.parametrize("card", sorted(c for c in C.SPELLS if C.is_room_trap(c)))
def test_a_room_trap_on_the_sheet_says_what_each_colour_does(card):
    """A readied (or armed) Room Trap's slot line once read "When it is triggered: " and then nothing: its
    readied side is not a colour and has no effect of its own."""
    said = T.effect(card + ".1", "s")
    for colour in C.spell_of(card)["room_trap"]:
        assert T.effect(card + ".1", colour) in said
    from present.blackrose.presenter import PRESENTER
    view = {"my_slots": [{"slot": 3, "card": card + ".1", "side": "s", "state": "ready"}], "hand": []}
    slot_line = next(fmt.plain_line(x) for x in PRESENTER._mine(view, {}) if "Standard spell 3" in fmt.plain_line(x))
    assert not slot_line.rstrip().endswith(":") and said in slot_line


def _ops_in(obj) -> set[str]:
    found = set()
    if isinstance(obj, dict):
        if "op" in obj:
            found.add(obj["op"])
        for v in obj.values():
            found |= _ops_in(v)
    elif isinstance(obj, list):
        for v in obj:
            found |= _ops_in(v)
    return found


def test_every_effect_op_in_the_data_has_its_own_words():
    used = _ops_in([C.SPELLS, C.QUESTS, C.EVENTS])
    assert used - set(E.OPS) == set()


@pytest.mark.parametrize("kind,ids,write", [
    ("room", list(C.ROOMS), T.room_text), ("event", list(C.EVENTS), T.event_text),
    ("mage", list(C.MAGES), T.mage_text), ("evocation", list(C.EVOS), T.evo_text),
    ("quest", list(C.QUESTS), T.quest_text)])
def test_every_other_card_reads_as_plain_words(kind, ids, write):
    texts = [plain(write(i)) for i in ids]
    assert all(len(t) > 20 for t in texts)
    if kind == "room":  # each room says what activating it does, and no two rooms do the same
        assert len({T.room_effect(i) for i in ids}) == len(ids)


def test_mages_are_told_apart_by_their_stats_when_choosing_one():
    """A button names the mage and school, short enough for a phone (~34 characters fit its 255 px; the
    stats made it 60); each mage's stats are in the message above the buttons."""
    labels = [PRESENTER.label({"type": "mage", "mage": m}, {}, NAMES) for m in C.MAGES]
    assert len(set(labels)) == len(labels) and all(len(s) <= 34 for s in labels)
    assert labels[0] == "Play Nero (Destruction)"
    view = {"seats": ["p1", "p2"], "me": "p1", "mage": {}, "choice": {"kind": "pick_mage"}, "hand": []}
    text = fmt.plain(PRESENTER.hand(view, NAMES))
    assert all(T.mage_text(m).split(":")[0] in text for m in C.MAGES) and "hand limit 7" in text


def _words_outside_the_catalog(text: str) -> str:
    """What is left of a pseudo-localized text once every ⟦…⟧ (nested ones too) is taken out."""
    while True:
        inner = re.sub(r"⟦[^⟦⟧]*⟧", "", text)
        if inner == text:
            return text
        text = inner


def test_every_word_of_a_card_comes_from_the_catalog():
    """Under the pseudo-locale each template comes out bracketed: letters left outside a bracket are words
    that skipped tr() (a translator could never reach them)."""
    with reading("en-XA"):
        texts = [T.card_text(c) for c in SPELL_CARDS] + [T.room_text(r) for r in C.ROOMS]
        texts += [T.event_text(e) for e in C.EVENTS] + [T.mage_text(m) for m in C.MAGES]
        texts += [T.evo_text(k) for k in C.EVOS] + [T.quest_text(q) for q in C.QUESTS]
    for t in texts:
        assert not re.search(r"[A-Za-z]", _words_outside_the_catalog(t)), t


# ---- the log -----------------------------------------------------------------------------------------------

def emitted_kinds() -> set[str]:
    return {m for p in ENGINE.glob("*.py") for m in re.findall(r'emit\("(\w+)"', p.read_text())}


def test_every_kind_of_event_the_engine_emits_has_a_line():
    assert emitted_kinds() - set(L.PUBLIC) - set(L.PRIVATE) == set()


def seeded_events(games: int = 6):
    for g in range(games):
        st = GAME.new(["p1", "p2", "p3", "p4"][:3 + g % 2], 700 + g, None)
        rng = random.Random(g)
        for _ in range(4000):
            if st.over:
                break
            pend = st.pending()
            seat = sorted(pend)[0]
            legal = pend[seat]
            act = brw_bot.bot_choice(st.view(seat), legal, rng) if g % 2 else rng.choice(legal)
            yield from st.act(seat, act)


def test_every_event_of_seeded_games_makes_a_plain_line():
    kinds = set()
    for ev in seeded_events():
        said = PRESENTER.describe(ev, NAMES)
        assert said, ev
        text = plain(fmt.plain_line(said))
        assert text[:1].isupper() and not re.search(r"\bp[1-4]\b", text), text  # seats by player name
        if ev.get("to"):
            assert text.startswith(("You ", "Your ")), text  # a private line speaks to its reader
        kinds.add(ev["type"])
    assert len(kinds) > 40


def test_public_lines_never_speak_to_a_player():
    """A public line is read by the whole table: it says who did what, never "your colour" or "your room"
    (a card's effect worded for its player is left out of it; the casting itself, the card named, stays)."""
    casts = 0
    for ev in seeded_events(4):
        if ev.get("to"):
            continue
        said = PRESENTER.describe(ev, NAMES)
        text = fmt.plain_line(said) if said else ""
        assert not re.search(r"\byou(r|rs|rself)?\b", text, re.IGNORECASE), text
        casts += ev["type"] == "cast"
    assert casts > 20
    assert line_of({"type": "cast", "seat": "p3", "card": "stone_claws.1", "side": "s"}) == \
        "Cat casts Stone Claws (straight)."
    assert line_of({"type": "cast", "seat": "p3", "card": "fireball.1", "side": "s"}).startswith(
        "Cat casts Fireball (straight): No Protection can be triggered against it. Deal 3 damage")


EVENTS = {  # one hand-made event per kind that seeded games rarely reach, with the facts the engine gives
    "cancelled": {"seat": "p1", "card": "fireball.1"},
    "extra_turn": {"seats": ["p1", "p2"]},
    "first_player": {"seat": "p2"},
    "from_hand": {"seat": "p1", "slot": 2},
    "quest_denied": {"seat": "p3"},
    "room_copied": {"room": "B3", "room_id": "garden", "as_room": "forge"},
    "trap_avoided": {"seat": "p2", "card": "blade_barrage.1"},
    "turn_back": {"seat": "p1", "by": "p2"},
}


@pytest.mark.parametrize("kind", sorted(EVENTS))
def test_rare_events_have_lines_too(kind):
    said = fmt.plain_line(PRESENTER.describe({"type": kind, "to": None, **EVENTS[kind]}, NAMES))
    assert plain(said) and ("Ann" in said or "Ben" in said or "Cat" in said or "B3" in said), said


def line_of(ev: dict) -> str:
    return fmt.plain_line(PRESENTER.describe({"to": None, **ev}, NAMES))


def test_lines_say_who_did_what_to_whom_with_what_result():
    # the card's words speak to its player ("your colour"): a public line names the card, never "your"
    assert line_of({"type": "trigger", "seat": "p2", "card": "profane_mark.1", "side": "grey", "victim": "p3"}) == \
        "Ben's Profane Mark fires on Cat."
    assert line_of({"type": "aim", "seat": "p2", "card": "gaze.1", "side": "r", "model": "p1"}) == \
        "Ben aims Gaze at Ann."
    assert line_of({"type": "summon", "seat": "p1", "evo": "v3", "kind": "andromeda", "room": "A6",
                    "room_id": "forge"}) == "Ann summons Andromeda (v3) in A6 Forge."
    assert line_of({"type": "damage", "src": "p1", "tgt": "v2", "n": 2, "total": 2, "health": 3,
                    "evos": {"v2": ["landsknecht", "p3"]}}) == \
        "Ann deals 2 damage to Cat's Landsknecht (v2) (2 of 3)."
    assert line_of({"type": "evo_gone", "evo": "v2", "kind": "landsknecht", "owner": "p3", "by": "p1"}) == \
        "Cat's Landsknecht (v2) is destroyed by Ann."
    assert line_of({"type": "crown", "seat": "p3"}) == "Cat takes the Crown."
    assert line_of({"type": "heal", "tgt": "p1", "n": 2}) == "Ann heals 2 damage."
    assert line_of({"type": "fizzle", "seat": "p1", "card": "fireball.1"}).startswith("Ann's Fireball is wasted")
    assert line_of({"type": "pp", "seat": "rose", "n": 3, "why": "event", "total": 9}) == \
        "The Black Rose gains 3 PP from the Event (9 in all)."


def test_an_armed_spell_is_told_without_naming_it():
    """The table learns that a slot was armed face down, never which spell (a Trap or a Protection)."""
    said = line_of({"type": "armed", "seat": "p1", "slot": 2})
    assert said == "Ann arms their Standard spell 2 face down: a Trap or a Protection."


def test_the_engine_events_carry_the_facts_their_lines_need():
    """Damage says how much the model now has; an Evocation named in an event says what it is and whose."""
    st = GAME.new(["p1", "p2", "p3"], 11, None)
    rng = random.Random(11)
    seen = {}
    while not st.over and len(seen) < 3:
        pend = st.pending()
        seat = sorted(pend)[0]
        for ev in st.act(seat, rng.choice(pend[seat])):
            if ev["type"] == "damage":
                seen["damage"] = ev
                assert "total" in ev and "health" in ev and 0 < ev["total"] <= max(ev["health"], ev["total"])
            if ev["type"] == "moved" and str(ev["model"]).startswith("v"):
                seen["evo"] = ev
                assert ev["evos"][ev["model"]][0] in C.EVOS
            if ev["type"] == "instability":
                seen["inst"] = ev
                assert ev["room_id"] in C.ROOMS and ev["total"] >= ev["n"]
    assert set(seen) == {"damage", "evo", "inst"}


# ---- choices ------------------------------------------------------------------------------------------------

def play(players: int, seed: int, steps: int):
    return advanced("blackrose", players, seed, steps)


def test_every_label_and_prompt_of_seeded_games_is_plain_and_fits():
    kinds = set()
    for seed in (1, 2, 3):
        st = GAME.new(["p1", "p2", "p3"], seed, None)
        rng = random.Random(seed)
        while not st.over:
            for seat, legal in st.pending().items():
                view = st.view(seat)
                plain(worded_prompt(view))
                labels = [PRESENTER.label(a, view, NAMES) for a in legal]
                for a, said in zip(legal, labels):
                    assert len(said) <= 80 and plain(said) and said != "Choose", (a, said)
                    kinds.add(a["type"])
                assert len(set(labels)) == len(labels), labels  # two legal actions never read the same
            pend = st.pending()
            seat = sorted(pend)[0]
            st.act(seat, rng.choice(pend[seat]))
    assert {"target", "step", "attack", "cast", "ready", "pick"} <= kinds


def lodge_view(**changes) -> dict:
    st = play(3, 1, 0)
    v = st.view("p1")
    v.update(pos={"p1": "B12", "p2": "B12", "p3": "cell"},
             evos=[{"id": "v2", "kind": "landsknecht", "owner": "p3", "at": "B12", "dmg": 1}],
             mage={"p1": "nero", "p2": "tessa", "p3": "rebecca"}, dmg={"p1": {}, "p2": {"p1": 4}, "p3": {}})
    v.update(changes)
    return v


def test_a_target_room_says_who_is_in_it():
    v = lodge_view()
    room = f"B12 {C.ROOMS[v['layout']['B12']]['name']}"
    assert CH.label({"type": "target", "room": "B12"}, v, NAMES) == \
        f"Target {room}: Ann, Ben and Cat's Landsknecht (v2)"
    assert CH.label({"type": "target", "room": "B1"}, v, NAMES).endswith("(empty)")
    assert CH.label({"type": "target", "model": "p2"}, v, NAMES) == f"Target Ben in {room}, 4 of 11 damage"
    assert CH.label({"type": "attack", "target": "v2"}, v, NAMES) == \
        "Attack Cat's Landsknecht (v2) (1 of 3 damage)"


def test_a_choice_says_which_spell_or_room_asks_it():
    v = lodge_view(choice={"kind": "pick", "key": "victim", "op": "room_sacrifice", "source": {"activated": "A2"}})
    altar = f"A2 {C.ROOMS[v['layout']['A2']]['name']}"
    assert worded_prompt(v) == f"{altar}: who takes 1 damage?"
    # (where Ben stands and his damage: the board; a phone's button holds about 34 characters)
    assert CH.label({"type": "pick", "value": "p2"}, v, NAMES) == "1 damage to Ben"
    v = lodge_view(choice={"kind": "pick", "key": "burst", "op": "undead_burst",
                           "source": {"card": "putrefy.1", "side": "r"}})
    assert worded_prompt(v) == "Putrefy: who takes the damage?"
    v = lodge_view(choice={"kind": "cast", "card": "fireball.2", "side": "s"})
    assert worded_prompt(v) == "Fireball (straight): choose the target room"


def test_activating_names_the_room_and_the_hand_says_what_it_does():
    """The button is short ("Activate B12 Arena", so a turn's choices fit as buttons); the message it sits
    under says what activating the room the mage stands in does."""
    v = lodge_view(choice={"kind": "phys"})
    rid = v["layout"]["B12"]
    assert CH.label({"type": "activate", "room": "B12", "step": True}, v, NAMES) == \
        f"Activate B12 {C.ROOMS[rid]['name']}"
    hand = fmt.plain(PRESENTER.hand(v, NAMES))
    assert f"Here, B12 {C.ROOMS[rid]['name']}: {T.room_effect(rid)}" in hand


def test_arming_says_its_standing_order_and_the_prompt_names_the_spell():
    """A phone's button holds about 34 characters: the label says how it is armed (its target mage, its
    standing order), the prompt right above the buttons which spell and that it is armed face down."""
    v = lodge_view(choice={"kind": "cast", "card": "bone_armor.1", "side": "s"})
    assert CH.label({"type": "arm", "ask": False, "step": True}, v, NAMES) == "Fire at the first chance"
    assert CH.label({"type": "arm", "ask": True, "step": True}, v, NAMES) == "Ask me first"
    assert "Bone Armor" in worded_prompt(v) and "face down" in worded_prompt(v)
    v["choice"] = {"kind": "cast", "card": "dance_of_death.1", "side": "s"}
    assert CH.label({"type": "arm", "ask": True, "tgt": "p2", "step": True}, v, NAMES) == "On Ben: ask me first"


def test_new_steps_have_their_own_words():
    v = lodge_view(choice={"kind": "evo_seat"})
    assert CH.label({"type": "hunt"}, v, NAMES) == "Hunt with every Evocation left"
    assert CH.label({"type": "study_keep", "cards": ["fireball.1", "gaze.2"], "then": "remove", "step": True},
                    v, NAMES) == "Keep Fireball and Gaze, then remove a spell"
    v = lodge_view(choice={"kind": "phys"})
    assert CH.label({"type": "step", "to": "B1", "then": "activate", "step": True}, v, NAMES).startswith(
        "Go and activate B1 ")
    assert CH.label({"type": "phys"}, v, NAMES) == "Stay put (spend a Physical Action)"
    v = lodge_view(choice={"kind": "prep", "ready": [["fireball.1", "s"], ["gaze.1", "r"]]},
                   hand=["fireball.1", "gaze.1", "ice_burst.1", "plot.1", "maelstrom.1"])
    assert worded_prompt(v) == "Ready your Standard spell 2, or confirm these 2 spells"
    # Nothing left in hand to ready: the prompt does not ask for another spell.
    v = lodge_view(choice={"kind": "prep", "ready": [["fireball.1", "s"], ["gaze.1", "r"]]},
                   hand=["fireball.1", "gaze.1"])
    assert worded_prompt(v) == "Confirm your 2 ready spells, or take the last one back"
    v = lodge_view(choice={"kind": "react", "moment": {"on": "enter", "victim": "p2", "by": "p2", "room": "B12"},
                           "offer": ["blade_barrage.1"]})
    assert "can fire now" in worded_prompt(v)
    assert "Reaction window: Ben enters B12" in fmt.plain(PRESENTER.hand(v, NAMES))


def test_arcane_mark_shows_its_caster_what_they_saw():
    v = lodge_view(seen=[{"seat": "p2", "slots": [{"slot": "q", "card": "gaze.1", "side": "r"},
                                                  {"slot": 1, "card": "fireball.2", "side": "s"}]}])
    assert "You saw Ben's ready spells: Quick spell: Gaze (reverse), Standard spell 1: Fireball (straight)" in \
        fmt.plain(PRESENTER.hand(v, NAMES))


def test_the_new_facts_of_events_reach_their_lines():
    assert line_of({"type": "armed", "seat": "p1", "slot": 2, "ask": "trap",
                    "waits": {"kind": "trap", "on": "quest", "tgt": "p2"}}) == \
        "Ann arms their Standard spell 2 face down: a Trap that will ask them when Ben completes a Quest."
    assert line_of({"type": "armed", "seat": "p1", "slot": 2, "ask": "trap",
                    "waits": {"kind": "room_trap", "on": "enter", "colours": ["green", "red"]}}) == \
        "Ann arms their Standard spell 2 face down: a Trap that will ask them when another mage's model enters " \
        "a green or red room."
    assert line_of({"type": "armed", "seat": "p1", "slot": "q", "ask": "protection",
                    "waits": {"kind": "protection", "on": "damage"}}) == \
        "Ann arms their Quick spell face down: a Protection that will ask them when they are about to take damage."
    assert line_of({"type": "armed", "seat": "p1", "slot": 2, "ask": False}) == \
        "Ann arms their Standard spell 2 face down: a Trap or a Protection."
    assert line_of({"type": "studied", "seat": "p1", "school": "illusion", "n": 3}) == \
        "Ann draws 3 cards from the Illusion deck."
    assert line_of({"type": "reactions"}) == "The action pauses: a Trap or a Protection may react."
    said = fmt.plain_line(PRESENTER.describe({"type": "peek", "to": "p1", "seat": "p2", "cards": [["gaze.1", "r"]],
                                              "slots": [{"slot": "q", "card": "gaze.1", "side": "r"}]}, NAMES))
    assert said == "You see Ben's ready spells: Quick spell: Gaze (reverse)."


def test_the_black_rose_winning_is_said_as_its_win():
    """The engine names the Black Rose "rose" among the winners when it wins: the log says the Rose won."""
    from present.blackrose.log import _game_over

    said = fmt.plain_line(_game_over({"winners": ["rose"], "rose": 31, "totals": {}}, {"p1": "Ann"}))
    assert said.startswith("The game is over: the Black Rose wins with 31 PP")
    said = fmt.plain_line(_game_over({"winners": ["p1"], "rose": 3, "totals": {"p1": 30}}, {"p1": "Ann"}))
    assert said == "The game is over: Ann becomes Grand Master with 30 PP."


def test_no_public_log_line_names_a_spell_that_went_face_down_to_memories():
    """Memories are face down (views.py shows them to their owner only): a discard to them, or a ready spell
    lost to them, is logged for everyone without naming the spell. Whole seeded games, every public event."""
    seen = 0
    for g in range(6):
        st = GAME.new(["p1", "p2", "p3", "p4"][:2 + g % 3], 900 + g, None)
        rng = random.Random(g)
        while not st.over:
            pend = st.pending()
            seat = sorted(pend)[0]
            for ev in st.act(seat, rng.choice(pend[seat])):
                if ev["type"] in ("discard", "lost_ready") and ev["to"] is None:
                    seen += 1
                    assert "card" not in ev, ev
                    line = fmt.plain_line(L.describe(ev, {s: s for s in st.seats}))
                    hidden = {W.card_name(c) for c in st.memories[ev["seat"]]}
                    assert not any(h in line for h in hidden), line
    assert seen, "the games reached such moments"


def test_a_mage_who_has_prepared_still_sees_their_preparation_while_the_others_prepare():
    """Once a mage's Preparation is complete (confirmed, or a fourth spell readied), the others may still be
    preparing: the hand still holds the readied spells until every mage is done, so the DM says what was
    readied, to that mage alone."""
    rng = random.Random(3)
    st = GAME.new(["p1", "p2", "p3"], 3, {})
    while not (st.stack and st.stack[-1]["k"] == "prep"):
        seat = sorted(st.pending())[0]
        st.act(seat, brw_bot.bot_choice(st.view(seat), st.pending()[seat], rng))
    for _ in range(8):  # p1 readies until its Preparation is complete
        if "p1" not in st.pending():
            break
        legal = st.pending()["p1"]
        st.act("p1", next((a for a in legal if a["type"] == "ready"), None) or
               next(a for a in legal if a["type"] == "confirm"))
    assert "p1" not in st.pending() and "p2" in st.pending(), "p1 is done, p2 still prepares"
    readied = st.stack[-1]["ready"]["p1"]
    assert readied and st.view("p1")["prepared"] == readied
    mine = fmt.plain(PRESENTER.hand(st.view("p1"), NAMES))
    assert "Your Preparation is set: " + ", ".join(T.card_label(c, s) for c, s in readied) in mine
    assert "prepared" not in st.view("p2") and "prepared" not in st.view(None)
    assert "Your Preparation is set" not in fmt.plain(PRESENTER.hand(st.view("p2"), NAMES))
    # The "Hand:" line lists what is still in the hand for the player: the readied spells are on the sheet.
    hand_line = next(x for x in mine.splitlines() if x.startswith("Hand:"))
    still = list(st.view("p1")["hand"])
    for c, _ in readied:
        still.remove(c)
    assert hand_line == "Hand: " + (", ".join(W.card_name(c) for c in still) or "empty")


def test_while_readying_the_hand_line_leaves_out_the_spells_readied_so_far():
    rng = random.Random(5)
    st = GAME.new(["p1", "p2", "p3"], 5, {})
    while not (st.stack and st.stack[-1]["k"] == "prep"):
        seat = sorted(st.pending())[0]
        st.act(seat, brw_bot.bot_choice(st.view(seat), st.pending()[seat], rng))
    first = next(a for a in st.pending()["p1"] if a["type"] == "ready")
    st.act("p1", first)
    view = st.view("p1")
    assert first["card"] in view["hand"], "the engine keeps a readied spell in the hand until all are ready"
    text = fmt.plain(PRESENTER.hand(view, NAMES))
    hand_line = next(x for x in text.splitlines() if x.startswith("Hand:"))
    others = [c for c in view["hand"] if c != first["card"]]
    assert hand_line == "Hand: " + ", ".join(W.card_name(c) for c in others)
    assert "Readied so far: " + T.card_label(first["card"], first["side"]) in text


def test_a_push_says_whom_it_pushes():
    """"Whispering Wind: push them into which room?" did not say whom, the target having been chosen a click
    before: the push names its model (a mage by their Mage, since a prompt is worded from the view alone)."""
    for subject, said in (("v2", "Landsknecht (v2)"), ("p2", "Tessa")):
        v = lodge_view(choice={"kind": "pick", "key": "dest", "op": "push", "subject": subject,
                               "source": {"card": "whispering_wind.1", "side": "s"}})
        assert worded_prompt(v) == f"Whispering Wind: push {said} into which room?"


def test_a_suggestion_and_a_send_say_whom_they_move():
    """Suggestion moves a mage and has them attack; a spell sends a model to a room of a colour: each question
    names that model, and the move's own room reads as staying there."""
    source = {"card": "suggestion.1", "side": "s"}
    v = lodge_view(choice={"kind": "pick", "key": "dest", "op": "puppet_attack", "subject": "p2", "source": source,
                           "values": ["B12", "B11"]})
    assert worded_prompt(v) == "Suggestion: where does Tessa move?"
    assert CH.label({"type": "pick", "value": "B12"}, v, NAMES).startswith("Leave them in B12")
    assert CH.label({"type": "pick", "value": "B11"}, v, NAMES).startswith("Move them to B11")
    v = lodge_view(choice={"kind": "pick", "key": "victim", "op": "puppet_attack", "subject": "p2", "source": source})
    assert worded_prompt(v) == "Suggestion: whom does Tessa attack?"
    v = lodge_view(choice={"kind": "pick", "key": "room", "op": "send_colour", "subject": "v2", "source": source})
    assert worded_prompt(v) == "Suggestion: send Landsknecht (v2) to which room?"


def test_the_engine_tells_the_pusher_whom_the_push_moves():
    """Every pick that moves a model (a push, Suggestion's move and attack, a send to a room of a colour)
    carries that model as its subject, so the prompt can name it."""
    seen = set()
    for seed in range(24):
        rng = random.Random(seed)
        st = GAME.new(["p1", "p2", "p3"], seed, {})
        for _ in range(4000):
            if st.over:
                break
            pending = st.pending()
            seat = rng.choice(sorted(pending))
            choice = st.view(seat).get("choice") or {}
            if choice.get("kind") == "pick" and choice.get("op") in ("push", "puppet_attack", "send_colour"):
                assert choice.get("subject") in st.pos or any(e["id"] == choice.get("subject") for e in st.evos)
                seen.add(choice["op"])
            st.act(seat, rng.choice(pending[seat]))  # random moves: the bots seldom push
    assert seen == {"push", "puppet_attack", "send_colour"}, seen


def test_two_copies_studied_read_once_with_their_number():
    """Two copies of one spell among the 4 studied cards: named once with their number, and its whole text
    once above the picture, numbered (a Study keep may name them by number), not the same long line twice."""
    view = {"me": "p1", "seats": ["p1", "p2"], "hand": [], "choice": {
        "kind": "study", "look": ["fireball.1", "fireball.2", "ice_burst.1", "gaze.1"], "drawn": 4}}
    text = fmt.plain(PRESENTER.hand(view, NAMES))
    assert [x for x in text.splitlines() if x.startswith("Studying")] == ["Studying: Fireball, 2 copies, Ice Burst, Gaze"]
    under = [x for x in text.splitlines() if x.startswith(("1. Fireball — ", "3. Ice Burst — ", "2. Gaze — "))]
    assert [x.split(" — ")[0] for x in under] == ["1. Fireball", "2. Gaze", "3. Ice Burst"]


def test_a_spell_to_ready_is_labelled_by_its_side_and_a_readied_copy_is_not_counted():
    """The prompt says "Ready…", so a long spell fits a button without it; the copy already readied lies on
    the Mage Sheet, so the other copy is not "copy 2"."""
    hand = ["change_past_future.1", "fireball.1", "fireball.2", "gaze.1", "plot.1", "maelstrom.1", "ice_burst.1"]
    v = {"me": "p1", "hand": hand, "choice": {"kind": "prep", "ready": [["fireball.1", "s"]]}}
    legal = [{"type": "ready", "card": c, "side": x, "step": True} for c in hand if c != "fireball.1"
             for x in "sr"] + [{"type": "unready", "step": True}]
    labels = PRESENTER.labels(v, legal, NAMES)
    assert "Change the Past and Future (straight)" in labels and "Fireball (reverse)" in labels
    assert not any("copy" in x for x in labels) and all(len(x) <= 40 for x in labels)
    study = {"me": "p1", "library": {"destruction": 9}, "choice": {"kind": "study", "drawn": 2}}
    assert CH.label({"type": "study", "school": "destruction", "n": 2}, study, NAMES) == "Draw 2 more from Destruction"
    assert CH.label({"type": "study", "school": "destruction", "n": 4}, study, NAMES) == "Draw all 4 from Destruction"


def test_keeping_two_copies_of_one_spell_says_both():
    v = {"me": "p1", "choice": {"kind": "study"}}
    both = {"type": "study_keep", "cards": ["cowardice.1", "cowardice.2"], "step": True}
    assert CH.label(both, v, NAMES) == "Keep both Cowardice"
    assert CH.short_label(both, v, NAMES) == "Both Cowardice"
    assert CH.short_label(dict(both, then="remove"), v, NAMES) == "Both Cowardice, remove 1"
    assert CH.label(dict(both, cards=["cowardice.1", "gaze.1"]), v, NAMES) == "Keep Cowardice and Gaze"
