"""The catalogs: complete in every language, consistent with the English and with the glossary, shipped
with the package, and the i18n API's languages, plurals, lists and Discord locales."""
from __future__ import annotations

import re
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest

from present import datawords, i18n, rules
from present.raven.datawords import RAVEN_SUIT
from present import translations as catalog
from present.base import Doc, Name, Section, Strong
from present.i18n import LANGUAGES, pseudo, reading, tr, trl, trn
from tests.engine.registry import shipped
from tests.present.leaks import leaks

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [c for c in LANGUAGES if c != i18n.DEFAULT]
# Black Rose Wars' rules summary is being rewritten (issue 22); its paragraphs are translated once it settles.
PENDING = {(datawords.RULES, text) for _prefix, text in rules.units("blackrose")}


@pytest.fixture(scope="module")
def templates():
    return catalog.templates()


# ---- completeness and consistency (present/translations.py's check, the same one `check` runs)
@pytest.mark.parametrize("code", TRANSLATED)
def test_every_catalog_is_complete_and_consistent(code, templates):
    report = catalog.check(code, templates)
    problems = [p for p in report.problems
                if not any(p.startswith(f"{code} missing: [{ctx}] {text[:90]!r}") for ctx, text in PENDING)]
    assert not problems, f"{len(problems)} problems, e.g.:\n" + "\n".join(problems[:25])
    assert report.translated >= report.total - len(PENDING) > 2000


def test_the_committed_templates_are_what_extraction_gives_now(templates):
    """A message added in the source or the data is in the committed template (run `extract`/`update`)."""
    for part in catalog.PARTS:
        committed = {(m.context, m.id) for m in catalog._read(part.template) if m.id}
        fresh = {(m.context, m.id) for m in templates[part.name] if m.id}
        assert fresh - committed == set(), f"{part.template.name} lacks {sorted(fresh - committed)[:5]}"
        assert committed - fresh == set(), f"{part.template.name} has stale {sorted(committed - fresh)[:5]}"


def test_the_checker_catches_what_it_promises(templates, tmp_path, monkeypatch):
    """A broken translation (a lost field, a fuzzy entry, an unflagged copy of the English, a missing plural
    form, lost Markdown) is reported, each by its kind."""
    broken = {part.name: catalog._read(part.po("de"), "de") for part in catalog.PARTS}
    ui, texts = broken["interface"], broken["texts"]
    ui.get("Seat {n}").string = "Platz"                          # a field lost
    ui.get("Final scores").flags.add("fuzzy")                    # not reviewed
    ui.get("Game over").string = "Game over"                     # the English, unflagged
    plural = ui.get("{n} card")
    plural.string = (plural.string[0], "")                       # a plural form missing
    bold = next(m for m in texts if m.id and "**" in m.id and m.string)
    bold.string = bold.string.replace("**", "")                  # Markdown lost
    moved = tuple(catalog.Part(p.name, p.template, tmp_path, p.stem) for p in catalog.PARTS)
    for part in moved:
        catalog._write(part.po("de"), broken[part.name])
    monkeypatch.setattr(catalog, "PARTS", moved)
    kinds = {p.split(":")[0].split(" ", 1)[1] for p in catalog.check("de", templates).problems}
    assert {"placeholders", "fuzzy", "identical to English", "missing", "markdown"} <= kinds


# ---- the glossary is followed
_WORD = re.compile(r"[^\W\d_]{4,}")
_GAMES = shipped()
_TERM_KINDS = ("word", "suit", "specialist", "sin", "skill", "deck")


def _game_of(message) -> str | None:
    """Which game a message belongs to: by its context, by its source file, or (rules) by its page."""
    if message.context and message.context.split(":")[0] in _GAMES:
        return message.context.split(":")[0]
    for path, _line in message.locations:
        parts = Path(path).parts
        if len(parts) > 2 and parts[0] == "present" and parts[1] in _GAMES:
            return parts[1]
    if message.context == datawords.RULES:
        return next((g for g in _GAMES if any(t == message.id for _p, t in rules.units(g))), None)
    return None


def _stems(translation: str, forms: list[str]) -> list[list[str]]:
    """For each word of a term's translation, the stems that count as using it: its first ~60% (so
    inflections match: Schild/Schilde, Espada/Espadas), or any form listed in a `forms:` comment."""
    words = _WORD.findall(translation.lower())
    return [[w[: max(4, round(len(w) * 0.6))]] + [f.lower()[: max(4, round(len(f) * 0.6))] for f in forms]
            for w in words]


@pytest.mark.parametrize("code", TRANSLATED)
def test_messages_use_the_glossary_terms_of_their_game(code, templates):
    """Where an English message of a game uses one of its terms (a suit, a specialist, a phase, a key word),
    the translation uses the glossary's translation of it. A translator comment `forms: a, b` on a glossary
    entry lists other accepted forms (a verb: "Attack {player}" is "atacar")."""
    cat = i18n.read_catalog(code)
    glossary = {}
    for m in catalog._read(catalog.PARTS[1].po(code), code):
        kind = (m.context or "").split(": ")[-1].split(" ")[0]
        if m.id and m.string and kind in _TERM_KINDS:
            forms = [f.strip() for c in m.user_comments if c.startswith("forms:") for f in c[6:].split(",")]
            glossary.setdefault(m.context.split(":")[0], []).append((m.id, _stems(m.string, forms)))
    misses = []
    for part in ("interface", "texts"):
        for tmpl in templates[part]:
            game = _game_of(tmpl) if tmpl.id else None
            msg = cat.get(tmpl.id, tmpl.context) if game else None
            if not msg or not msg.string or "identical" in msg.flags:
                continue
            english = catalog._PLACEHOLDER.sub("", tmpl.id if isinstance(tmpl.id, str) else tmpl.id[1])
            said = (msg.string if isinstance(msg.string, str) else msg.string[-1]).lower()
            for term, stems in glossary.get(game, ()):
                if re.search(rf"\b{re.escape(term)}\b", english) and not all(
                        any(s in said for s in alternatives) for alternatives in stems):
                    misses.append(f"{term!r} in {english[:60]!r}: {said[:60]!r}")
    assert not misses, f"{len(misses)} messages leave the glossary:\n" + "\n".join(misses[:30])


# ---- the pseudo-locale checker
def test_leaks_names_english_words_outside_and_inside_the_pseudo_brackets():
    with reading("en-XA"):
        said = tr("{player} plays {card}.", player="Ann", card="Raven 3")  # the card bypassed the catalog
        clean = tr("{player} plays {card}.", player="Ann", card=tr("Shields"))
    assert leaks(said, allowed=["Ann"]) == ["Raven"]
    assert leaks(clean, allowed=["Ann"]) == []
    assert leaks("Waiting for " + pseudo("players")) == ["Waiting", "for"]
    assert leaks(pseudo("{n} VP"), allowed=()) == []          # VP inside the brackets: a pseudo word
    assert leaks("🏆 12 · ❤️ 5/5 — III", allowed=()) == []    # emoji, numbers, punctuation, Roman numerals


def test_leaks_reads_lines_and_docs_and_skips_player_names():
    with reading("en-XA"):
        row = trl("{player} wins trick {n}.", player=Name("Bo the Bold"), n=3)
        doc = Doc(tr("Final scores"), [Section(tr("Players"), [row, (Strong("Trump"),)])], footer=("left",))
    assert leaks(row) == []
    assert leaks(doc) == ["Trump", "left"]


# ---- languages, plurals, lists, numbers, Discord locales
def test_reading_resolves_discord_locales_and_nests():
    assert i18n.resolve("es-419") == "es-ES" and i18n.resolve("pt-BR") == "pt-BR"
    assert i18n.resolve("fr") == "en" and i18n.resolve(None) == "en" and i18n.resolve("en-XA") == "en-XA"
    with reading("de"):
        outer = tr("Final scores")
        with reading("pt-BR"):
            inner = tr("Final scores")
        assert tr("Final scores") == outer
    assert (outer, inner, tr("Final scores")) == ("Endstand", "Placar final", "Final scores")


@pytest.mark.parametrize("code, one, two, many, listed", [
    ("en", "1 card", "2 cards", "12,345", "Ann, Ben and Cat"),
    ("de", "1 Karte", "2 Karten", "12.345", "Ann, Ben und Cat"),
    ("es-ES", "1 carta", "2 cartas", "12.345", "Ann, Ben y Cat"),
    ("pt-BR", "1 carta", "2 cartas", "12.345", "Ann, Ben e Cat"),
])
def test_plurals_numbers_and_lists_follow_the_language(code, one, two, many, listed):
    with reading(code):
        assert (trn("{n} card", "{n} cards", 1), trn("{n} card", "{n} cards", 2)) == (one, two)
        assert i18n.number(12345) == many
        assert i18n.join(["Ann", "Ben", "Cat"]) == listed
        assert i18n.join_runs([Name("Ann"), Name("Ben")])[0] == Name("Ann")


def test_portuguese_zero_is_singular_and_german_zero_is_plural():
    with reading("pt-BR"):
        assert trn("{n} card", "{n} cards", 0) == "0 carta"
    with reading("de"):
        assert trn("{n} card", "{n} cards", 0) == "0 Karten"


def test_discord_locales_are_valid_and_the_translator_lookup_answers():
    spec = (ROOT.parent / "shared" / "discord-api-spec" / "openapi.json")
    served = i18n.discord_locales()
    assert served == {"de": "de", "es-ES": "es-ES", "es-419": "es-ES", "pt-BR": "pt-BR"}
    assert set(served) <= set(i18n.DISCORD_LOCALES)
    if spec.exists():  # the locales Discord's own specification lists
        listed = set(re.findall(r'"const": "([a-z]{2}(?:-[A-Z0-9]{2,3})?)"', spec.read_text()))
        assert set(i18n.DISCORD_LOCALES) <= listed
    assert i18n.discord_translation("Final scores", "es-419") == "Puntuación final"
    assert i18n.discord_translation("Final scores", "en-US") is None      # English: the default text
    assert i18n.discord_translation("Final scores", "fr") is None         # not served: the default text
    assert i18n.discord_translation("no such message", "de") is None      # not in the catalog
    assert i18n.discord_translation("Shields", "de", context=RAVEN_SUIT) == "Schilde"


# ---- rules summaries
@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("game", [g for g in rules.games() if g in shipped() and g != "blackrose"])  # (PENDING)
def test_rules_summaries_are_translated_block_by_block(game, code):
    english = rules.rules(game)
    with reading(code):
        said = rules.rules(game)
    blocks = [b for _p, b, _g in rules.blocks(game)]
    assert not [b for b in blocks if b in said and catalog._has_words(b) and b not in ("Raven",)]
    # the Markdown skeleton (headings, list markers, blank lines) is the English one
    skeleton = lambda text: [re.match(r"\s*(#+ |[-*+] |\d+\. )?", line).group(1) or "" for line in text.split("\n")]  # noqa: E731
    assert skeleton(said) == skeleton(english)


def test_a_wrapped_paragraph_is_one_message_and_reads_as_one_line():
    blocks = rules.blocks("everrain")
    setup = next(b for _p, b, _g in blocks if b.startswith("**Setup.**"))
    assert "Denizen decks." in setup and "\n" not in setup
    assert "**Setup.** 1–5 players" in rules.rules("everrain")


# ---- shipped with the package
def test_every_catalog_and_the_font_are_package_data():
    """pyproject.toml's package-data globs take in every file the runtime reads (so `pip install .` on a
    fresh machine has every language and the pictures' font, with nothing to compile)."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    needed = [*(ROOT / "present" / "locale").glob("*.po"), *(ROOT / "data" / "i18n").glob("*.po"),
              ROOT / "data" / "raven" / "terms.toml", i18n.LOCALE_DIR.parent / "fonts" / "DejaVuSansCondensed-Latin.ttf"]
    assert len(needed) == 3 * len(TRANSLATED) + 2
    for path in needed:
        package, rel = path.relative_to(ROOT).parts[0], Path(*path.relative_to(ROOT).parts[1:]).as_posix()
        assert any(fnmatch(rel, pattern) for pattern in data[package]), f"{rel} is not package data"


def test_every_literal_message_in_the_source_is_extracted():
    """Babel's extractor skips a tr() nested in another tr()'s arguments: every literal handed to the
    catalog's functions must be in the template, or it would never be translated."""
    import ast

    extracted = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog._source_template() if m.id}
    lost = []
    for path in sorted(p for folder in catalog.SOURCES for p in (ROOT / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = getattr(node.func, "id", None) if isinstance(node, ast.Call) else None
            if name in catalog.KEYWORDS and node.args:
                arg = node.args[1] if name in ("trp", "trlp") and len(node.args) > 1 else node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value not in extracted:
                    lost.append(f"{path.relative_to(ROOT)}:{node.lineno} {arg.value!r}")
                elif isinstance(arg, (ast.Dict, ast.Subscript)) and isinstance(getattr(arg, "value", arg), ast.Dict):
                    lost.append(f"{path.relative_to(ROOT)}:{node.lineno} a dict literal: its texts are never extracted")
    assert not lost, lost
