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
    from tests.engine.nevermore_positions import build

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


# ---------------------------------------------------------------- The Everrain
def _everrain(players: int = 2, length: int = 12, seed: int = 1):
    from engine import GAMES

    return GAMES["everrain"].new([f"p{i}" for i in range(1, players + 1)], seed, {"length": length})


def _put_top(state, card: str) -> None:
    from engine.everrain import cards as C

    for decks in state.d["decks"].values():
        for deck in decks.values():
            if card in deck:
                deck.remove(card)
    state.d["decks"][str(state.d["act"])][C.CARDS[card]["deck"]].append(card)


def test_everrain_choice_view_and_buttons_mark_the_options_that_lead_to_a_story():
    s = _everrain()
    _put_top(s, "SE103")  # Cloud-Whale Calf: "Follow the calf" fetches Story +4+, "Steer clear" does not
    events = s.act("p1", {"type": "deck", "deck": "sea"})
    assert next(e for e in events if e["type"] == "draw")["story_options"] == [0]
    p = presenter("everrain")
    for reader in (None, "p1", "p2"):
        assert s.view(reader)["card"]["story_options"] == [0]
    labels = [p.label(a, s.view("p1"), NAMES) for a in s.pending()["p1"]]
    assert labels == ["📜 Follow the calf", "Steer clear"]
    board = fmt.plain(p.board(s.view(None), NAMES))
    assert "Follow the calf 📜" in board and "Steer clear 📜" not in board


def test_everrain_glory_for_a_story_told_is_said():
    base = {"to": None, "seat": "a", "number": 4, "title": "The Calf", "trigger": "SE103"}
    assert "Ann earns 1 Glory for the story told" in said("everrain", {**base, "type": "fetch", "glory": 1})
    assert "Glory" not in said("everrain", {**base, "type": "fetch", "glory": 0})
    told = said("everrain", {**base, "type": "story_end", "resolved": True, "glory": 1})
    assert "is resolved" in told and "Ann earns 1 Glory" in told
    assert "Glory" not in said("everrain", {**base, "type": "story_end", "resolved": False, "glory": 0})


def test_everrain_solo_result_says_target_reached_or_missed():
    p = presenter("everrain")
    s = _everrain(players=1, length=12)
    view = s.view(None)
    missed = fmt.plain(p.result(view, {"scores": {"p1": 9}, "winners": [], "target": 10}, {"p1": "Ann"}))
    reached = fmt.plain(p.result(view, {"scores": {"p1": 10}, "winners": ["p1"], "target": 10}, {"p1": "Ann"}))
    assert "Target 10 Glory: missed" in missed and "Ann wins" not in missed
    assert "Target 10 Glory: reached" in reached and "Ann wins!" in reached
    assert "Ann: 9 Glory" in missed


def test_everrain_card_texts_read_in_the_third_person():
    from present.base import Name
    from present.everrain.voice import third_person

    def read(text, named=False):
        return fmt.plain_line(third_person(text, Name("Ann"), named))

    assert read("You mark the place on your chart. The tolling stops.") == \
        "Ann marks the place on their chart. The tolling stops."
    assert read("You drop anchor and wait it out, eating into your stores.") == \
        "Ann drops anchor and waits it out, eating into their stores."
    assert read("The swell turns you about and the tolling fades.") == "The swell turns Ann about and the tolling fades."
    assert read("You find a name you know.") == "Ann finds a name they know."
    assert read("You have nothing. He bows and lets you go.") == "Ann has nothing. He bows and lets Ann go."
    assert read("Turn your lantern away", named=True) == "Turn their lantern away"
    name = third_person("Your lookout swears.", Name("*Ann*"))[0]
    assert name == Name("*Ann*")  # the player's name stays a Name run, so formatters escape it


def test_every_everrain_card_text_loses_its_second_person():
    import re

    from engine.everrain import cards as C
    from present.base import Name
    from present.everrain.voice import third_person

    second = re.compile(r"\byou(r|rs|rself)?\b", re.IGNORECASE)
    texts = []
    for c in C.CARDS.values():
        texts.append(c.get("text", ""))
        texts += [c.get("fail", "")] + [c[k]["text"] for k in ("success", "failure", "outcome") if k in c]
        for o in c.get("options", []):
            texts += [o["name"], o["text"], o.get("otherwise", {}).get("text", "")]
    spoken = [t for t in texts if second.search(t)]
    assert len(spoken) > 200  # the card texts do speak to the captain
    for t in spoken:
        out = fmt.plain_line(third_person(t, Name("Ann")))
        assert not second.search(out) and "Ann" in out, (t, out)


def test_everrain_public_log_of_a_whole_game_never_says_you():
    import random
    import re

    from engine import GAMES

    g, p = GAMES["everrain"], presenter("everrain")
    names = {"p1": "Ann", "p2": "Bo", "p3": "Cy"}
    second = re.compile(r"\byou(r|rs|rself)?\b", re.IGNORECASE)
    s, rng, public, private = _everrain(players=3, length=8, seed=5), random.Random(5), [], []
    while not s.over:
        seat = next(iter(s.pending()))
        for ev in s.act(seat, rng.choice(s.pending()[seat])):
            text = fmt.plain_line(p.describe(ev, names) or ())
            (public if ev["to"] is None else private).append(text)
    assert len(public) > 30
    assert [t for t in public if second.search(t)] == []
    assert any(n in t for t in public for n in names.values())


def test_a_nevermore_magick_button_names_the_card_whose_whole_text_is_just_above():
    """A Magick button was "Play Dispel: Play at any time, when another player plays a Shadow Magick card: …",
    the timing clipped before the effect. The message shows the whole text of each playable card (▶️), so
    the button names the card; every Magick prompt of seeded games reads so, and its card's whole text is in
    the hand message."""
    import random
    from engine import GAMES
    g, p = GAMES["nevermore"], presenter("nevermore")
    seen = 0
    for seed in range(6):
        st = g.new(["p1", "p2", "p3", "p4"], seed, None)
        rng = random.Random(seed)
        while not st.over and seen < 20:
            pend = st.pending()
            for seat, legal in pend.items():
                plays = [a for a in legal if a["type"] == "play"]
                if plays:
                    v = st.view(seat)
                    hand = fmt.plain(p.hand(v, NAMES))
                    for a in plays:
                        label = p.label(a, v, NAMES)
                        assert label.startswith("Play ") and ":" not in label and "…" not in label, label
                        assert "▶️ " + label[len("Play "):] in hand
                        seen += 1
            seat = rng.choice(sorted(pend))
            st.act(seat, rng.choice(pend[seat]))
    assert seen >= 5
