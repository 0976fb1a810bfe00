"""Every game's cards for `/game card`: each game's present/<game>/catalog.py lists its cards and writes one
in full; this module searches them all as the reader types, and gives the pieces the catalogs share.

A game's catalog module has:
- `entries() -> list[(card key, name)]`: every card a player may look up, named in the reading language;
- `card(key) -> Doc | None`: one card in full (None for a key it does not know), for a listed key and for
  any card id the engine puts in a view;
- optionally `aliases() -> dict[key, list[str]]`: other names that find a card (Raven's Prophecy theme).
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from engine import GAMES
from present import part, presenter
from present.fmt import AUTOCOMPLETE_MAX
from present.base import Doc, Line, Section, Strong, line
from present.datawords import RULES, text
from present.i18n import reading, resolve, tr
from present.rules import blocks

MOST = AUTOCOMPLETE_MAX  # Discord shows at most this many autocomplete choices
LABEL_MAX = 100  # a choice's name


def catalog(game_key: str):
    """present/<game>/catalog.py (or a test game's own, present.PARTS), or None for a game without one."""
    return part(game_key, "catalog")


def lookup(game_key: str, card_key: str) -> Doc | None:
    """One card in full, in the reading language, or None when the game has no such card. The footer names
    the game (a name such as "Wrath" or "Raven" is a card in two games)."""
    module = catalog(game_key) if game_key in GAMES else None
    doc = module.card(card_key) if module is not None else None
    if doc is not None and not doc.footer:
        doc.footer = line(presenter(game_key).game_title())
    return doc


def search(query: str, lang: str) -> list[tuple[str, str, str]]:
    """(game key, card key, label) of the cards whose name holds what was typed, best first, at most 25.

    Case and accents don't matter; a name equal to the query comes first, then names starting with it,
    then names with a word starting with it, then any other place; a card found only by another name
    (its English name, another theme's) comes after one found by its own. An empty query gives the first
    cards of each game in turn."""
    found = _index(resolve(lang))
    q = fold(query).strip()
    if not q:
        return [(g, k, label) for g, k, label, *_ in _spread(found)][:MOST]
    ranked = []
    for order, (game, key, label, name, others) in enumerate(found):
        tier = min([_tier(q, name)] + [_tier(q, other) + 0.5 for other in others])
        if tier < 5:
            ranked.append((tier, len(name), order, game, key, label))
    ranked.sort()
    return [(game, key, label) for *_, game, key, label in ranked[:MOST]]


def fold(text: str) -> str:
    """Lower case without accents ("Éclair" -> "eclair"), for matching what a player types."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _tier(q: str, name: str) -> float:
    if name == q:
        return 0
    if name.startswith(q):
        return 1
    at = name.find(q)
    if at > 0 and not name[at - 1].isalnum():
        return 2
    if at > 0:
        return 3
    words = q.split()
    if len(words) > 1 and all(w in name for w in words):  # "wrath 3" finds "Wrath 3", "3 wrath" too
        return 4
    return 5


@lru_cache(maxsize=8)
def _index(code: str) -> tuple[tuple[str, str, str, str, tuple[str, ...]], ...]:
    """(game, key, label, folded name, folded other names) of every card, in game order, for one language.
    Built once per language: the names never change while the bot runs."""
    out = []
    with reading("en"):
        english = {g: dict(m.entries()) for g in GAMES if (m := catalog(g)) is not None}
    with reading(code):
        for game in GAMES:
            module = catalog(game)
            if module is None:
                continue
            title = presenter(game).game_title()
            aliases = module.aliases() if hasattr(module, "aliases") else {}
            for key, name in module.entries():
                others = {fold(a) for a in [english[game].get(key, name), *aliases.get(key, ())]} - {fold(name)}
                label = _clip(f"{name} ({title})", LABEL_MAX)
                out.append((game, key, label, fold(name), tuple(sorted(others))))
    return tuple(out)


def _spread(found):
    """The first cards of every game in turn: what an empty query offers."""
    games: dict[str, list] = {}
    for entry in found:
        games.setdefault(entry[0], []).append(entry)
    per_game = max(1, MOST // max(1, len(games)))
    return [e for entries in games.values() for e in entries[:per_game]]


def _clip(s: str, limit: int) -> str:
    return s if len(s) <= limit else s[: limit - 1].rstrip() + "…"


# ---- what the games' catalogs share

def card_doc(title: str, lines: list[Line], game_key: str, *names: str) -> Doc:
    """A card's Doc: its title, its lines, then our rulings that name it (see `rulings`)."""
    sections = [Section("", [ln for ln in lines if ln])]
    found = rulings(game_key, *names)
    if found:
        sections.append(Section(tr("Our rulings"), found))
    return Doc(title, sections)


def rulings(game_key: str, *names: str) -> list[Line]:
    """Our rulings (data/<game>/rules.md, from a "Rulings" heading to the next heading as high) that name
    one of `names` (English names, whole words), each in the reading language."""
    wanted = [n for n in dict.fromkeys(names) if n]
    if not wanted:
        return []
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(n) for n in wanted) + r")(?![\w-])")
    return [_markdown_runs(text(RULES, words)) for words in _ruling_blocks(game_key) if pattern.search(words)]


@lru_cache(maxsize=None)
def _ruling_blocks(game_key: str) -> tuple[str, ...]:
    out: list[str] = []
    level = 0  # the Rulings heading's level while inside it, else 0
    for prefix, words, _gap in blocks(game_key):
        heading = prefix.strip().startswith("#")
        depth = len(prefix.strip()) if heading else 0
        if heading and level and depth <= level:
            level = 0
        if heading and "Rulings" in words:
            level = depth
        elif level and not heading:
            out.append(words)
    return tuple(out)


_BOLD = re.compile(r"\*\*(.+?)\*\*")


def _markdown_runs(words: str) -> Line:
    """A rules paragraph's **bold** as Strong runs (a Doc's runs are escaped, so Markdown would show)."""
    runs: list = []
    for i, piece in enumerate(_BOLD.split(words)):
        piece = piece if i % 2 else re.sub(r"(?<!\w)\*(\S(?:.*?\S)?)\*(?!\w)", r"\1", piece)  # *italic* plain
        runs.append(Strong(piece) if i % 2 else piece)
    return line(*runs)
