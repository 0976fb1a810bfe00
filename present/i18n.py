"""Every word a user reads passes through here: gettext catalogs read with Babel, one set per language.

Who reads which language is decided at the edge (a DM in its member's language, the board in the server's):
the publisher wraps each reader's rendering in `reading(lang)`, and presenters, pictures and the platform's
own messages ask `tr()` for their words. Presenters never take a language argument: a view plus the reading
language gives one message, exactly as a view alone gave one before.

A language's catalog is three gettext files, merged when first read (present/translations.py extracts, updates
and checks them; the README says how to add a language):
- `present/locale/<lang>.po`: the interface, every `tr`/`trn`/`trp`/`trl`/`mark` call in the source;
- `data/i18n/glossary.<lang>.po`: each game's terms (card names, suits, phases, specialists, rooms, spells),
  one msgctxt per kind of term, the one place a term is translated;
- `data/i18n/texts.<lang>.po`: the longer words that live in data/ (card texts, stories, rules summaries).
They ship inside the package and are compiled in memory on first use, so `pip install .` gives every
language with nothing to build by hand.

- `tr("Your move")`, `tr("{player} plays {card}", player=..., card=...)`: a message, its fields filled in;
- `trn("{n} card", "{n} cards", n)`: plural forms follow the language (German, Spanish, Portuguese have
  their own rules; `n` is filled in, written as the language writes numbers);
- `trp("suit", "Swords")`: the same English word that translates differently in two places (data terms
  are looked up this way, with the contexts in present/datawords.py);
- `trl("{player} plays {card}", player=Name(..), card=Strong(..))`: a Doc line whose fields stay runs, so
  a translated sentence may put the name anywhere and formatters still escape it;
- `mark("…")`: only marks a constant for extraction; translate it with `tr(constant)` where it is read;
- `join([...])` / `join_runs([...])`: "Ann, Ben and Cat" as the language writes a list; `number(n)`.
"""
from __future__ import annotations

import io
import re
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

from babel import Locale
from babel.numbers import format_decimal

DEFAULT = "en"
# Rookery's languages, by the code Discord uses for them (English is the source text).
LANGUAGES = {"en": "English", "de": "Deutsch", "es-ES": "Español", "pt-BR": "Português do Brasil"}
# Every locale Discord sends (interaction.locale, guild_locale, command localizations), from its API spec.
DISCORD_LOCALES = ("ar", "bg", "cs", "da", "de", "el", "en-GB", "en-US", "es-419", "es-ES", "fi", "fr", "he",
                   "hi", "hr", "hu", "id", "it", "ja", "ko", "lt", "nl", "no", "pl", "pt-BR", "ro", "ru",
                   "sv-SE", "th", "tr", "uk", "vi", "zh-CN", "zh-TW")
# Discord locales served by one of ours; any other Discord locale reads English.
_ALIASES = {"en-US": "en", "en-GB": "en", "es-419": "es-ES", "es": "es-ES", "pt": "pt-BR"}
# Babel's locale for each language: Rookery's English is British ("colour", lists without the Oxford comma).
_BABEL = {"en": "en_GB", "de": "de", "es-ES": "es_ES", "pt-BR": "pt_BR"}
LOCALE_DIR = Path(__file__).with_name("locale")
DATA_I18N = Path(__file__).resolve().parent.parent / "data" / "i18n"
_FIELD = re.compile(r"\{(\w+)\}")

_current: ContextVar[str] = ContextVar("rookery_lang", default=DEFAULT)


def resolve(code: str | None) -> str:
    """One of LANGUAGES for a Discord locale code (or one of ours, or a pseudo-locale); else English."""
    if not code:
        return DEFAULT
    code = str(code)  # a discord.Locale is a str enum; str() gives its value
    if code in LANGUAGES or code in PSEUDO_LOCALES:
        return code
    return _ALIASES.get(code, DEFAULT)


def lang() -> str:
    """The language being written right now."""
    return _current.get()


def use(code: str | None) -> None:
    """Write in this language from here to the end of the current task (an interaction's handler: the
    host sets its reader's language first, so every private answer reads right without saying so)."""
    _current.set(resolve(code))


@contextmanager
def reading(code: str | None):
    """Write everything inside in this reader's language."""
    token = _current.set(resolve(code))
    try:
        yield
    finally:
        _current.reset(token)


def discord_locales() -> dict[str, str]:
    """Every Discord locale we serve in a language of our own, mapped to that language: the keys a synced
    command's `name_localizations`/`description_localizations` may carry (English is the default text)."""
    return {code: resolve(code) for code in DISCORD_LOCALES if resolve(code) != DEFAULT}


def discord_translation(msgid: str, locale: str, context: str | None = None) -> str | None:
    """What a discord.py `app_commands.Translator.translate()` returns: the message in that Discord locale,
    or None when the locale reads English or the catalog has no translation (discord.py then sends none)."""
    found = _translations(resolve(locale))
    if not _has(found, context, msgid):
        return None
    return found.pgettext(context, msgid) if context else found.gettext(msgid)


# ---- slash commands: their names are translated, and a message names a command as its reader's client shows it
_COMMAND_WORD = re.compile(r"^[-_\w]{1,32}$")  # Discord's rule for command and option names (lower case)


def command_word(word: str, context: str = "command name") -> str:
    """A command's (or, with context "option name", an option's) name in the reading language, as the synced
    command carries it: lower case, one word; the English name where a translation breaks Discord's rule."""
    text = trp(context, word).lower()
    return text if _COMMAND_WORD.fullmatch(text) and lang() not in PSEUDO_LOCALES else word


def command(path: str, **options) -> str:
    """"`/game hand`" as the reader's client shows it (`/spiel hand` in German), options as `name:value`."""
    words = [command_word(w) for w in path.split()]
    words += [f"{command_word(name, 'option name')}:{value}" for name, value in options.items()]
    return "`/" + " ".join(words) + "`"


# ---- catalogs
def catalog_paths(code: str) -> list[Path]:
    """A language's catalog files (interface, glossary, data texts), whichever exist."""
    paths = [LOCALE_DIR / f"{code}.po", DATA_I18N / f"glossary.{code}.po", DATA_I18N / f"texts.{code}.po"]
    return [p for p in paths if p.exists()]


def read_catalog(code: str):
    """A language's catalog files merged into one Babel Catalog (the tools and the tests read it too)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    merged = Catalog(locale=_BABEL.get(code, code.replace("-", "_")))
    for path in catalog_paths(code):
        with path.open("rb") as fh:
            part = read_po(fh, locale=merged.locale)
        for message in part:
            if message.id:
                merged[message.id] = message
    return merged


@lru_cache(maxsize=None)
def _translations(code: str):
    """Babel Translations for a language, compiled in memory from its shipped .po files (None: English)."""
    if code == DEFAULT or code in PSEUDO_LOCALES or not catalog_paths(code):
        return None
    from babel.messages.mofile import write_mo
    from babel.support import Translations

    buffer = io.BytesIO()
    write_mo(buffer, read_catalog(code))  # fuzzy entries are left out: they read as English
    buffer.seek(0)
    return Translations(fp=buffer)


@lru_cache(maxsize=None)
def babel_locale(code: str) -> Locale:
    return Locale.parse(_BABEL.get(PSEUDO_LOCALES.get(code, code), code.replace("-", "_")))


@lru_cache(maxsize=8192)
def _template(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A message split once into its literal parts and its field names, in order: parts[0], fields[0],
    parts[1], …, parts[-1] (a click fills dozens of messages; parsing each again cost more than filling it)."""
    pieces = _FIELD.split(text)
    return tuple(pieces[0::2]), tuple(pieces[1::2])


def _fill(text: str, fields: dict) -> str:
    # Values go in as given: an id (<@123…>, table #1234) must never gain a thousands separator, so a
    # count that wants the language's digits says so with number() (trn does it for its `n`).
    if not fields or "{" not in text:
        return text
    parts, names = _template(text)
    out = [parts[0]]
    for name, part in zip(names, parts[1:]):
        out.append(str(fields[name]) if name in fields else "{" + name + "}")
        out.append(part)
    return "".join(out)


# A test sets this to a set to collect every lookup the catalog could not answer in a translated language:
# (language, context, msgid) of messages it has no translation for.
misses: set | None = None


def _has(found, context: str | None, msgid: str, plural: bool = False) -> bool:
    """Whether compiled Translations hold a message (a translation equal to the English included)."""
    key = f"{context}\x04{msgid}" if context else msgid
    return found is not None and ((key, 0) if plural else key) in found._catalog


def _missed(code: str, found, context: str | None, msgid: str, plural: bool = False) -> None:
    if misses is not None and code != DEFAULT and not _has(found, context, msgid, plural):
        misses.add((code, context, msgid))


def _lookup(msgid: str, context: str | None = None) -> str:
    code = _current.get()
    if code == DEFAULT:  # the English is the message id: the common case, asked thousands of times a click
        return msgid
    if code in PSEUDO_LOCALES:
        return pseudo(msgid)
    found = _translations(code)
    _missed(code, found, context, msgid)
    if found is None:
        return msgid
    return found.pgettext(context, msgid) if context else found.gettext(msgid)


def tr(msgid: str, /, **fields) -> str:
    return _fill(_lookup(msgid), fields)


def trp(context: str, msgid: str, /, **fields) -> str:
    return _fill(_lookup(msgid, context), fields)


def trn(singular: str, plural: str, n: int, /, **fields) -> str:
    assert "n" not in fields, "the plural count is {n}: give the other number another name"
    code = lang()
    if code in PSEUDO_LOCALES:
        text = pseudo(singular if n == 1 else plural)
    else:
        found = _translations(code)
        text = found.ngettext(singular, plural, n) if found is not None else (singular if n == 1 else plural)
        _missed(code, found, None, singular, plural=True)
    return _fill(text, {"n": number(n), **fields})


def _runs(text: str, runs: dict) -> tuple:
    parts, names = _template(text)
    out: list = [parts[0]]
    for name, part in zip(names, parts[1:]):
        value = runs.get(name, "{" + name + "}")
        value = str(value) if isinstance(value, (int, float)) else value
        out.extend(value if isinstance(value, tuple) else (value,))  # a field may be a whole Line
        out.append(part)
    return tuple(r for r in out if r != "")


def trl(msgid: str, /, **runs) -> tuple:
    """A translated line whose fields stay runs (Name, Strong, plain str, or a Line of them), in the
    language's word order."""
    return _runs(_lookup(msgid), runs)


def trlp(context: str, msgid: str, /, **runs) -> tuple:
    """trl() with a context, for the same English line that reads differently in two places."""
    return _runs(_lookup(msgid, context), runs)


def trln(singular: str, plural: str, n: int, /, **runs) -> tuple:
    """trl() with plural forms: `n` is filled in as the language writes numbers (so no other field may be
    called n)."""
    assert "n" not in runs, "the plural count is {n}: give the other number another name"
    return _runs(trn(singular, plural, n), runs)


def mark(msgid: str) -> str:
    """Marks a constant for extraction; it is translated where it is read, with tr()."""
    return msgid


# ---- lists and numbers
def _list_template(n: int, style: str = "standard") -> str:
    """A list of n items as the reading language writes it, items as {0}..{n-1} (CLDR list patterns; style
    "standard" is "and", "or" is "or")."""
    return _list_template_in(lang(), n, style)


@lru_cache(maxsize=512)
def _list_template_in(code: str, n: int, style: str) -> str:
    patterns = babel_locale(code).list_patterns[style]
    if n == 1:
        return "{0}"
    if n == 2:
        text = patterns["2"].format("{0}", "{1}")
    else:
        text = patterns["start"].format("{0}", "{1}")
        for i in range(2, n - 1):
            text = patterns["middle"].format(text, f"{{{i}}}")
        text = patterns["end"].format(text, f"{{{n - 1}}}")
    if code in PSEUDO_LOCALES:  # " and " is a word too: the pseudo-locale accents it
        text = "".join(part if i % 2 else part.translate(_ACCENTS)
                       for i, part in enumerate(re.split(r"(\{\d+\})", text)))
    return text


def join(items, style: str = "standard") -> str:
    """"Ann, Ben and Cat" as the reading language writes a list."""
    items = [str(i) for i in items]
    if not items:
        return ""
    return re.sub(r"\{(\d+)\}", lambda m: items[int(m.group(1))], _list_template(len(items), style))


def join_runs(items, style: str = "standard") -> tuple:
    """join() for runs: each item (a Name, a Strong or a str) stays a run of its own."""
    items = list(items)
    if not items:
        return ()
    out: list = []
    for i, part in enumerate(_list_parts(_list_template(len(items), style))):
        out.append(items[int(part)] if i % 2 else part)
    return tuple(r for r in out if r != "")


@lru_cache(maxsize=512)
def _list_parts(template: str) -> tuple[str, ...]:
    return tuple(re.split(r"\{(\d+)\}", template))


def number(n) -> str:
    """A number as the reading language writes it. Whole numbers below 1,000 are written alike in all of ours
    (no grouping, the same digits and minus): they skip Babel, which a hand of cards asks for dozens of times."""
    if type(n) is int and -1000 < n < 1000:
        return str(n)
    return _number(n, lang())


@lru_cache(maxsize=4096)
def _number(n, code: str) -> str:
    return format_decimal(n, locale=babel_locale(code))


# ---- the pseudo-locale: accented and 40% longer, so a test can see any text that skipped the catalog
PSEUDO_LOCALES = {"en-XA": "en"}  # pseudo code -> the locale its numbers and lists follow
_ACCENTS = str.maketrans("aeiouyAEIOUYcnsCNS", "áéîõüýÅÉÎÕÜÝçñšÇÑŠ")
PSEUDO_OPEN, PSEUDO_CLOSE, PSEUDO_PAD = "⟦", "⟧", "·"


@lru_cache(maxsize=8192)
def pseudo(msgid: str) -> str:
    """⟦Ýõür ḿõvé ····⟧: accented letters, fields left intact, padded to 140% inside brackets."""
    parts = _FIELD.split(msgid)
    out = []
    for i, part in enumerate(parts):
        out.append("{" + part + "}" if i % 2 else part.translate(_ACCENTS))
    body = "".join(out)
    pad = PSEUDO_PAD * max(1, int(len(_FIELD.sub("", msgid)) * 0.4))
    return f"{PSEUDO_OPEN}{body}{pad}{PSEUDO_CLOSE}"
