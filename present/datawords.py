"""The words that live in data/ and reach a reader: which they are, and the catalog context each is kept
under. Extraction (present/translations.py) reads this module, and the presenters look the same words up with
the same contexts, so a data word is translated in exactly one place.

Two kinds, two catalogs:
- terms (data/i18n/glossary.<lang>.po): names a game is played with — card names, suits, specialists,
  decks, Acts, crew roles, Rooms, spells, mages, plus each game's phases and key words from
  data/i18n/terms.toml. Proper names printed as they are (a crew member, a mage) carry the `identical`
  flag, so the check accepts them unchanged;
- texts (data/i18n/texts.<lang>.po): longer words — card texts, stories, Magick effects, the rules
  summaries (one message per paragraph, heading or list item, as Sphinx's gettext builder splits a page).

Look a term up with `term(context, english)`; a text with `text(context, english)`.
"""
from __future__ import annotations

import json
import tomllib
from functools import lru_cache
from pathlib import Path

from present.i18n import trp

DATA = Path(__file__).resolve().parent.parent / "data"

# Glossary contexts (msgctxt), one per kind of term.
RAVEN_THEME = "raven: theme"
RAVEN_SUIT = "raven: suit"                # plural, as a suit is named: "Shields"
RAVEN_SUIT_ONE = "raven: one card of a suit"  # "a Shield" in a bid's values
RAVEN_SPECIALIST = "raven: specialist"
NEVERMORE_SUIT = "nevermore: suit"
NEVERMORE_MAGICK = "nevermore: Magick card"
DEADLIES_SIN = "deadlies: sin"
DEADLIES_CARD = "deadlies: card"
EVERRAIN_DECK = "everrain: deck"
EVERRAIN_ACT = "everrain: Act"
EVERRAIN_ROLE = "everrain: crew role"
EVERRAIN_CREW = "everrain: crew member"
EVERRAIN_TITLE = "everrain: card title"
EVERRAIN_SKILL = "everrain: skill"
# Black Rose Wars' names (spells, Rooms, Mages, Evocations, Events, Quests) share one context, the one its
# presenter looks them up with (present/blackrose/words.py): a spell and the Evocation it summons are one
# name, translated once.
BLACKROSE_NAME = "blackrose"
BLACKROSE_SCHOOL = "blackrose: school"

GAME_OPTION = "game option"               # a lobby setting's name, as shown: "sixth player"
GAME_OPTION_VALUE = "game option value"   # one of a setting's word values: "short", "host", "random"

# Text contexts.
GAME_OPTION_HELP = "game option: help"
NEVERMORE_TEXT = "nevermore: Magick text"
DEADLIES_TEXT = "deadlies: effect"
EVERRAIN_TEXT = "everrain: card text"
RULES = "rules"


def term(context: str, english: str) -> str:
    """A data term (or text) in the reading language."""
    return trp(context, english)


text = term  # a data text is looked up the same way; the name says which catalog holds it


# Evocations whose names describe them (translated), unlike the named ones (Malacoda, Andromeda: kept).
_DESCRIPTIVE_EVOCATIONS = {"Bone Knight", "Divine Altar", "Mutant Altar", "Abomination", "Cerberus",
                           "Infamy of Crete"}


# ---- what extraction collects: (context, msgid, comment, identical)
def _json(path: str):
    return json.loads((DATA / path).read_text(encoding="utf-8"))


def _toml(path: str):
    return tomllib.loads((DATA / path).read_text(encoding="utf-8"))


def glossary() -> list[tuple[str, str, str, bool]]:
    """Every term, in game order. Duplicates (same context and word) are left to the caller to merge."""
    out: list[tuple[str, str, str, bool]] = []
    add = lambda ctx, word, note="", same=False: out.append((ctx, word, note, same))  # noqa: E731

    themes = _json("raven/themes.json")
    for key, t in themes.items():
        if key.startswith("_"):
            continue
        add(RAVEN_THEME, t["title"], f"the {key} theme's title (a deck's look; the game is still Raven)")
        for suit in t["suits"].values():
            add(RAVEN_SUIT, suit["name"], "a suit's name (plural)")
            add(RAVEN_SUIT_ONE, suit["one"], "one card of the suit, in a bid's values: 'Shield 0, Sword 1'")
        for sp in t["specialists"].values():
            add(RAVEN_SPECIALIST, sp["name"], "a specialist card")

    for s in _json("nevermore/main.json")["suits"]:
        add(NEVERMORE_SUIT, s["name"], "a suit of the main deck (also the name of its Resolution token)")
    for c in _json("nevermore/magick.json")["cards"]:
        add(NEVERMORE_MAGICK, c["name"], f"a {c['deck'].title()} Magick card")

    deadlies = _json("deadlies/cards.json")
    for s in deadlies["suits"]:
        add(DEADLIES_SIN, s["name"], "a sin: the suit of its cards, named with a number ('Wrath 3')")
    for c in deadlies["cards"]:
        if not c["suit"] or c["suit"] == "all":
            add(DEADLIES_CARD, c["name"], "a special card")

    setup = _toml("everrain/setup.toml")
    for name in setup["deck_names"].values():
        add(EVERRAIN_DECK, name, "a deck (card type) of each Act")
    for name in setup["act_names"]:
        add(EVERRAIN_ACT, name, "an Act's name")
    for c in _toml("everrain/crew.toml")["crew"]:
        add(EVERRAIN_ROLE, c["role"], "a crew member's trade")
        add(EVERRAIN_CREW, c["name"], "a crew member: a proper name, kept as printed", True)
    for skill in ("Island", "Port"):
        add(EVERRAIN_SKILL, skill, "a crew skill: Island (ashore and in the wild), Port (people and ships)")
    for card in _everrain_cards():
        add(EVERRAIN_TITLE, card["title"], f"the title of {_everrain_where(card)}")

    for c in _json("blackrose/spells.json")["cards"]:
        add(BLACKROSE_NAME, c["name"], f"a spell ({c['school']})")
    for r in _json("blackrose/rooms.json")["rooms"]:
        add(BLACKROSE_NAME, r["name"], "a Room of the Lodge")
    for m in _json("blackrose/mages.json")["mages"]:
        add(BLACKROSE_NAME, m["name"], "a Mage: a proper name, kept as printed", True)
    for e in _json("blackrose/evocations.json")["evocations"]:
        named = e["name"] not in _DESCRIPTIVE_EVOCATIONS
        add(BLACKROSE_NAME, e["name"], f"an Evocation ({e['archetype']})"
            + (": a proper name, kept as printed" if named else ""), named)
    for e in _json("blackrose/events.json")["events"].values():
        add(BLACKROSE_NAME, e["name"], "an Event card")
    for q in _json("blackrose/quests.json")["quests"].values():
        add(BLACKROSE_NAME, q["name"], "a Quest card")
    for school in dict.fromkeys(c["school"] for c in _json("blackrose/spells.json")["cards"]):
        add(BLACKROSE_SCHOOL, school.title(), "a School of Magic")

    for ctx, entries in _toml("i18n/terms.toml").items():
        for e in entries:
            add(ctx, e["term"], e.get("note", "a game word"), e.get("identical", False))

    from engine import GAMES, PACKAGES

    for key, game in ((k, GAMES[k]) for k in PACKAGES if k in GAMES):  # not a test's toy game
        for name, option in game.options.items():
            add(GAME_OPTION, option_words(name), f"{key}: a setting's name in the lobby")
            for choice in option.choices:
                if isinstance(choice, str) and not choice.isdecimal():
                    add(GAME_OPTION_VALUE, choice, f"{key}: a value of the setting '{option_words(name)}'")
    return out


def option_words(name: str) -> str:
    """A setting's name as the lobby shows it ("sixth_player" reads "sixth player")."""
    return name.replace("_", " ")


def texts() -> list[tuple[str, str, str, bool]]:
    """Every data text a reader may read, in game order."""
    out: list[tuple[str, str, str, bool]] = []
    add = lambda ctx, words, note: out.append((ctx, words, note, False))  # noqa: E731

    magick = _json("nevermore/magick.json")
    for t in magick["timings"].values():
        add(NEVERMORE_TEXT, t, "when a Magick card may be played")
    for c in magick["cards"]:
        add(NEVERMORE_TEXT, c["text"], f"{c['name']}: its effect")
        if "raven" in c:
            add(NEVERMORE_TEXT, c["raven"]["text"], f"{c['name']}: its effect for a player who is a Raven")

    deadlies = _json("deadlies/cards.json")
    for s in deadlies["suits"]:
        add(DEADLIES_TEXT, s["effect"], f"{s['name']}: what a {s['name']} on top does")
    for key, s in deadlies["specials"].items():
        add(DEADLIES_TEXT, s["effect"], f"{key}: what it does")

    for words, note in everrain_texts():
        add(EVERRAIN_TEXT, words, note)

    from engine import GAMES, PACKAGES

    for key, game in ((k, GAMES[k]) for k in PACKAGES if k in GAMES):
        for name, option in game.options.items():
            if option.help:
                add(GAME_OPTION_HELP, option.help, f"{key}: what the setting '{option_words(name)}' does")

    from present.rules import games, units

    for game in games():
        for _prefix, unit in units(game):
            add(RULES, unit, f"/game rules {game}: one paragraph, heading or list item (keep its Markdown)")
    return out


# ---- the Everrain: card texts, and the same texts told of a captain in the third person for the log
@lru_cache(maxsize=1)
def _everrain_cards() -> tuple[dict, ...]:
    cards = []
    for act in (1, 2, 3):
        raw = _toml(f"everrain/act{act}.toml")
        for deck in _toml("everrain/setup.toml")["deck_types"]:
            cards += [{**c, "_where": f"an Act {act} {deck} card"} for c in raw[deck]]
    cards += [{**s, "_where": f"Story card +{s['number']}+"} for s in _toml("everrain/stories.toml")["story"]]
    return tuple(cards)


def _everrain_where(card: dict) -> str:
    return card["_where"]


def everrain_texts() -> list[tuple[str, str]]:
    """(text, note) for every Everrain card text, option name, outcome and condition, each also as the
    log tells it of the captain (present/everrain/voice.py: "{captain} marks the place on their chart")."""
    from engine.everrain.cards import outcomes
    from present.everrain.voice import told_msgid

    out: list[tuple[str, str]] = [("Nothing comes of it.", "an outcome with no text of its own")]

    def both(words: str, note: str, named: bool = False) -> None:
        out.append((words, note))
        out.append((told_msgid(words, named), note + ", told in the log ({captain}: the captain's name)"))

    for card in _everrain_cards():
        where = card["_where"]
        both(card["text"], f"{where}: its text")
        if "fail" in card:
            both(card["fail"], f"{where}: its condition is not met")
        for i, option in enumerate(card.get("options", ())):
            out.append((option["name"], f"{where}: option {i + 1}'s name, on a button"))
            out.append((told_msgid(option["name"], True), f"{where}: option {i + 1}'s name, after "
                        "'{captain} chooses' in the log (they/their: the captain)"))
        for outcome in outcomes(card):
            both(outcome["text"], f"{where}: an outcome")
    seen: dict[str, str] = {}
    for words, note in out:
        seen.setdefault(words, note)
    return list(seen.items())

