"""The words that live in data/ and reach a reader: which they are, and the catalog context each is kept
under. Extraction (present/translations.py) reads this module, and the presenters look the same words up with
the same contexts, so a data word is translated in exactly one place.

Each game says its own: present/<game>/datawords.py has `glossary()` and, where the game has longer
texts, `texts()`, each a list of (context, English, note for the translator, identical), and the contexts
its presenter looks them up with. This module gathers them for every game of the registry (engine.GAMES),
adds the words every game has the same way (its phases and key words in data/<game>/terms.toml, its
lobby settings, its rules summary data/<game>/rules.md), so a new game adds only its own folders.

Two kinds, two catalogs:
- terms (data/i18n/glossary.<lang>.po): names a game is played with — card names, suits, specialists,
  decks, Acts, crew roles, Rooms, spells, mages, plus each game's phases and key words. Proper names
  printed as they are (a crew member, a mage) carry the `identical` flag, so the check accepts them
  unchanged;
- texts (data/i18n/texts.<lang>.po): longer words — card texts, stories, Magick effects, the rules
  summaries (one message per paragraph, heading or list item, as Sphinx's gettext builder splits a page).

Look a term up with `term(context, english)`; a text with `text(context, english)`.
"""
from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable
from pathlib import Path

from present.i18n import trp

DATA = Path(__file__).resolve().parent.parent / "data"

# Contexts every game shares.
GAME_OPTION = "game option"               # a lobby setting's name, as shown: "sixth player"
GAME_OPTION_VALUE = "game option value"   # one of a setting's word values: "short", "host", "random"
GAME_OPTION_HELP = "game option: help"
RULES = "rules"

Entry = tuple[str, str, str, bool]  # (context, English, note, identical)


def term(context: str, english: str) -> str:
    """A data term (or text) in the reading language."""
    return trp(context, english)


text = term  # a data text is looked up the same way; the name says which catalog holds it


def data_json(path: str):
    return json.loads((DATA / path).read_text(encoding="utf-8"))


def data_toml(path: str):
    return tomllib.loads((DATA / path).read_text(encoding="utf-8"))


def shipped() -> list[str]:
    """The registered games Rookery ships, in registration order: their words make our catalogs. A test may
    register a game of its own (a toy game); its words are no part of ours."""
    from engine import GAMES, PACKAGES

    return [key for key in GAMES if key in PACKAGES]


def _own(key: str, kind: str) -> list[Entry]:
    """A game's own words of one kind (present/<game>/datawords.py `glossary` or `texts`), if it has any."""
    from present import part

    found = getattr(part(key, "datawords"), kind, None)
    return list(found()) if found is not None else []


def glossary(games: Iterable[str] | None = None) -> list[Entry]:
    """Every term, in game order: each game's data names, then each game's key words, then the lobby
    settings. Duplicates (same context and word) are left to the caller to merge."""
    from engine import GAMES

    keys = shipped() if games is None else list(games)
    out = [entry for key in keys for entry in _own(key, "glossary")]
    for key in keys:
        path = DATA / key / "terms.toml"
        for ctx, entries in (data_toml(f"{key}/terms.toml") if path.exists() else {}).items():
            out += [(ctx, e["term"], e.get("note", "a game word"), e.get("identical", False)) for e in entries]
    for key in keys:
        for name, option in GAMES[key].options.items():
            out.append((GAME_OPTION, option_words(name), f"{key}: a setting's name in the lobby", False))
            for choice in option.choices:
                if isinstance(choice, str) and not choice.isdecimal():
                    out.append((GAME_OPTION_VALUE, choice, f"{key}: a value of the setting '{option_words(name)}'",
                                False))
    return out


def option_words(name: str) -> str:
    """A setting's name as the lobby shows it ("sixth_player" reads "sixth player")."""
    return name.replace("_", " ")


def texts(games: Iterable[str] | None = None) -> list[Entry]:
    """Every data text a reader may read, in game order: each game's own, its settings' help, its rules."""
    from engine import GAMES
    from present.rules import has_rules, units

    keys = shipped() if games is None else list(games)
    out = [entry for key in keys for entry in _own(key, "texts")]
    for key in keys:
        for name, option in GAMES[key].options.items():
            if option.help:
                out.append((GAME_OPTION_HELP, option.help, f"{key}: what the setting '{option_words(name)}' does",
                            False))
    for key in filter(has_rules, keys):
        for _prefix, unit in units(key):
            out.append((RULES, unit, f"/game rules {key}: one paragraph, heading or list item (keep its Markdown)",
                        False))
    return out
