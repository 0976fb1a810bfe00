"""`/game card`: every game's catalog (present/<game>/catalog.py) and the search over them (present/cards.py).

Every card a player can look up reads as plain words in every language, every word through the catalog;
every card the engines put in a hand or on the table during seeded games has an entry; names are unique
within a game; a search finds cards by any part of their name, best first, as Discord's autocomplete
needs; and nothing secret (the Everrain's Story cards) can be looked up."""
from __future__ import annotations

import random
import re

import pytest

from present.fmt import TEXT_MAX
from engine import GAMES
from engine.blackrose import cards as BRW
from engine.deadlies.cards import NAME as DEADLIES
from engine.everrain import cards as EVERRAIN
from engine.nevermore import cards as NEVERMORE
from engine.raven.cards import SUIT_OF as RAVEN
from present import cards, fmt
from present.base import Doc
from present.i18n import LANGUAGES, reading
from present.nevermore import catalog as nevermore_catalog
from tests.engine.conformance import strings_in
from tests.engine.registry import keys
from tests.present.leaks import leaks

KEYS = keys()  # every registered game, the test run's toy game (tests/support/toygame.py) included
# Internal words that must never reach a reader: snake_case keys, dict/list reprs, Python's constants, and
# the engines' card ids ("SH3", "L01", "SE101", "fireball.2").
INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|[{}\[\]]|\b(None|True|False)\b|\b[A-Z]{1,3}\d{2,3}\b|\b[a-z]+\.\d\b")


def entries(game: str, lang: str = "en") -> list[tuple[str, str]]:
    with reading(lang):
        return cards.catalog(game).entries()


def test_every_game_has_a_catalog_of_the_cards_a_player_meets():
    counts = {g: len(entries(g)) for g in KEYS}
    # Raven 56 suited + 4 specialists; Nevermore 5 suits + 50 Magick; the Deadlies' 52; the Everrain's 108
    # Sea Event, Expedition and Denizen cards + 18 crew; Black Rose Wars' 86 spells, 19 Rooms, 33 Events,
    # 41 Quests, 4 Mages, 9 Evocations; the toy game's 20.
    assert counts == {"raven": 60, "nevermore": 55, "deadlies": 52, "everrain": 126, "blackrose": 192, "toy": 20}


@pytest.mark.parametrize("game", KEYS)
def test_keys_and_names_are_unique_within_a_game_in_every_language(game):
    for lang in LANGUAGES:
        found = entries(game, lang)
        keys = [k for k, _ in found]
        names = [n for _, n in found]
        assert len(set(keys)) == len(keys)
        assert len(set(names)) == len(names), [n for n in names if names.count(n) > 1][:5]


@pytest.mark.parametrize("game", KEYS)
def test_every_entry_renders_a_whole_card_in_plain_words(game):
    for key, name in entries(game):
        doc = cards.lookup(game, key)
        assert isinstance(doc, Doc), key
        assert doc.title and name.split(" (")[0] in doc.title, (key, doc.title)
        said = [fmt.plain_line(ln) for s in doc.sections for ln in s.lines]
        assert said and all(said), key
        text = fmt.plain(doc)
        found = INTERNAL.search(text)
        assert not found, f"{game} {key}: internal word {found.group(0)!r} in: {text}"
        assert fmt.plain_line(doc.footer) == GAMES[game].title  # the game's name: "Wrath" is in two games


@pytest.mark.parametrize("game", KEYS)
def test_every_word_of_every_card_comes_through_the_catalog(game):
    """Under the pseudo-locale a word that bypassed tr() shows up unaccented: `leaks` names it."""
    with reading("en-XA"):
        for key, _name in cards.catalog(game).entries():
            doc = cards.lookup(game, key)
            assert not leaks(doc), (key, leaks(doc), fmt.plain(doc))
            assert len(fmt.markdown(doc, 10 ** 6)) <= TEXT_MAX, key  # fits one message, 40% longer text too


# ---- every card the engines deal resolves

def _card_ids(game: str, view: dict) -> set[str]:
    """The card ids in a view, told apart from other strings by the engine's own card tables."""
    found = strings_in(view)
    if game == "raven":
        return {s for s in found if s in RAVEN}
    if game == "nevermore":
        return {s for s in found if s in NEVERMORE.SUIT_OF}
    if game == "deadlies":
        return {s for s in found if s in DEADLIES}
    if game == "everrain":
        shown = {s for s in found if s in EVERRAIN.CREW or (s in EVERRAIN.CARDS and EVERRAIN.CARDS[s]["act"])}
        return shown | {f"story:{s}" for s in found if s in EVERRAIN.CARDS and not EVERRAIN.CARDS[s]["act"]}
    if game != "blackrose":  # a game these tests don't know: the strings its catalog lists
        return found & {k for k, _ in entries(game)}
    spells = {s for s in found if s.split(".")[0] in BRW.SPELLS and "." in s}
    others = {s for s in found if s in BRW.ROOMS or s in BRW.EVENTS or s in BRW.QUESTS or s in BRW.MAGES}
    return spells | others | {f"evocation:{e['kind']}" for e in view.get("evos", ())}


SEATS = {"raven": 4, "nevermore": 4, "deadlies": 4, "everrain": 3, "blackrose": 3}
GAMES_PLAYED = {"raven": 2, "nevermore": 8, "deadlies": 2, "everrain": 30, "blackrose": 8}
STEPS = {"raven": 2000, "nevermore": 2000, "deadlies": 1500, "everrain": 400, "blackrose": 1500}


def seen_in_games(game: str) -> set[str]:
    """Card ids in any reader's view during seeded random games (random legal moves, never a take-back)."""
    rules = GAMES[game]
    seats = [f"p{i}" for i in range(1, SEATS.get(game, rules.max_players) + 1)]
    seen: set[str] = set()
    for seed in range(GAMES_PLAYED.get(game, 4)):
        rng = random.Random(seed)
        st = rules.new(seats, seed)
        for _ in range(STEPS.get(game, 2000)):
            for reader in [None, *seats]:
                seen |= _card_ids(game, st.view(reader))
            pending = st.pending()
            if st.over or not pending:
                break
            seat = rng.choice(sorted(pending))
            moves = [a for a in pending[seat] if a.get("type") not in rules.traits.undo] or pending[seat]
            st.act(seat, rng.choice(moves))
    return seen


@pytest.mark.parametrize("game", KEYS)
def test_every_card_a_seeded_game_shows_has_an_entry(game):
    seen = seen_in_games(game)
    stories = {s for s in seen if s.startswith("story:")}
    listed = {k for k, _ in entries(game)}
    for card_id in seen - stories:
        assert cards.lookup(game, card_id) is not None, card_id
    for story in stories:  # read aloud at the table once, but never open to a lookup
        assert cards.lookup(game, story.split(":", 1)[1]) is None
    if game in ("raven", "deadlies"):
        assert len(seen) == len(listed)  # every card was dealt at least once
    assert len(seen - stories) >= 20, seen


# ---- what is left out, and why

def test_story_cards_cannot_be_looked_up_nor_read_in_any_card():
    story_ids = [cid for cid, c in EVERRAIN.CARDS.items() if not c["act"]]
    assert len(story_ids) == 30
    texts = [fmt.plain(cards.lookup("everrain", k)) for k, _ in entries("everrain")]
    for sid in story_ids:
        assert cards.lookup("everrain", sid) is None
        story = EVERRAIN.CARDS[sid]
        assert not any(story["text"] in t for t in texts)
        assert all(story["title"] not in label for *_g, label in cards.search(story["title"], "en"))


def test_an_everrain_card_shows_what_the_table_sees_when_it_is_drawn():
    """Its text and its test or the names of its choices; never what an outcome brings."""
    for key, _name in entries("everrain"):
        if key in EVERRAIN.CREW:
            continue
        c, said = EVERRAIN.CARDS[key], fmt.plain(cards.lookup("everrain", key))
        assert c["text"] in said
        assert all(o["name"] in said for o in c.get("options", ()))
        assert not any(o["text"] in said for o in EVERRAIN.outcomes(c))


# ---- Nevermore's Magick texts are written from their effect kinds

@pytest.mark.parametrize("cid", list(NEVERMORE.MAGICK))
def test_a_magick_text_written_from_its_effects_says_what_the_printed_text_says(cid):
    """The sentence built from the effect kinds and the card's own text in the data agree on every number,
    suit and deck: a card whose data says one thing and whose text another fails here."""
    card = NEVERMORE.MAGICK[cid]
    sides = [(nevermore_catalog.says(NEVERMORE.spec(cid, False)), card["text"])]
    if "raven" in card:
        sides.append((nevermore_catalog.says(NEVERMORE.spec(cid, True)), card["raven"]["text"]))
    words = [*NEVERMORE.SUIT_NAME.values(), "Light", "Shadow", "Magick", "VP", "Health"]
    for written, printed in sides:
        assert sorted(re.findall(r"\d+", written)) == sorted(re.findall(r"\d+", printed)), (written, printed)
        for word in words:
            assert (word in written) == (word in printed) or word == "Raven", (word, written, printed)


# ---- present/cards.py: search and lookup

def test_search_is_case_and_accent_insensitive_and_finds_any_part_of_a_name():
    assert cards.search("WRATH 3", "en")[0][:2] == ("deadlies", "WR3")
    assert cards.search("3 wrath", "en")[0][:2] == ("deadlies", "WR3")
    assert ("blackrose", "spell:fireball") in [r[:2] for r in cards.search("ireba", "en")]
    with reading("pt-BR"):
        accented = next((k, n) for k, n in cards.catalog("blackrose").entries() if cards.fold(n) != n.casefold())
    plain = "".join(c for c in cards.fold(accented[1]) if c.isascii())
    assert ("blackrose", accented[0]) in [r[:2] for r in cards.search(plain.upper(), "pt-BR")]


def test_search_puts_the_best_matches_first_and_keeps_to_discords_limits():
    found = cards.search("raven", "en")
    assert [r[:2] for r in found[:2]] == [("raven", "RAVEN"), ("nevermore", "raven")]  # the exact names first
    assert found[0][2] == "Raven (Raven)" and found[1][2] == "Raven (Nevermore)"
    everything = cards.search("e", "en")
    assert len(everything) == cards.MOST == 25
    for query in ("", "a", "the", "rite", "de"):
        for lang in LANGUAGES:
            for game, key, label in cards.search(query, lang):
                assert len(label) <= 100 and label.endswith(")")
                assert cards.lookup(game, key) is not None
    first = {g for g, *_ in cards.search("", "en")}
    assert first == set(KEYS)  # nothing typed yet: some cards of every game


def test_a_card_is_found_by_its_other_names():
    """A Prophecy table calls the Raven the Jaguar; a German reader may type the English name."""
    assert cards.search("jaguar", "en")[0][:2] == ("raven", "RAVEN")
    assert cards.search("Fireball", "de")[0][:2] == ("blackrose", "spell:fireball")
    assert cards.search("Fireball", "de")[0][2].startswith("Feuerball")


def test_lookup_is_none_for_what_it_does_not_know():
    assert cards.lookup("raven", "XX9") is None
    assert cards.lookup("nope", "RAVEN") is None
    assert cards.lookup("blackrose", "spell:nope") is None
    assert cards.lookup("blackrose", "room:fireball") is None


def test_a_card_speaks_the_readers_language():
    with reading("de"):
        doc = cards.lookup("deadlies", "WR3")
    assert "Zorn" in doc.title and "Wrath" not in fmt.plain(doc)


def test_rulings_that_name_a_card_come_with_it():
    said = fmt.plain(cards.lookup("raven", "SHAMAN"))
    assert "Our rulings" in said and "Forced Shaman lead" in said and "**" not in said
    assert "Our rulings" not in fmt.plain(cards.lookup("raven", "SH3"))
    assert "Jester Hat (green)" in fmt.plain(cards.lookup("blackrose", "spell:jester_hat"))


def test_a_game_without_a_catalog_is_left_out(monkeypatch):
    """A game registered elsewhere without a catalog (no present/<key>/ package, nothing in present.PARTS):
    searching still works."""
    monkeypatch.setitem(GAMES, "bare", object())
    cards._index.cache_clear()
    try:
        assert cards.catalog("bare") is None and cards.lookup("bare", "x") is None
        assert cards.search("wrath", "en")[0][:2] == ("deadlies", "WR1")
    finally:
        cards._index.cache_clear()
