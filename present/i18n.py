"""Every word a user reads passes through here: gettext catalogs read with Babel, one per language.

Who reads which language is decided at the edge (a DM in its member's language, the board in the server's):
the publisher wraps each reader's rendering in `reading(lang)`, and presenters, pictures and the platform's
own messages ask `tr()` for their words. Presenters never take a language argument: a view plus the reading
language gives one message, exactly as a view alone gave one before.

Catalogs are `present/locale/<lang>.po`, shipped inside the package and compiled in memory on first use,
so `pip install .` gives every language with nothing to build by hand.

- `tr("Your move")`, `tr("{player} plays {card}", player=..., card=...)`: a message, its fields filled in;
- `trn("{n} card", "{n} cards", n)`: plural forms follow the language (German, Spanish, Portuguese have
  their own rules; `n` is filled in, written as the language writes numbers);
- `trp("suit", "Swords")`: the same English word that translates differently in two places;
- `trl("{player} plays {card}", player=Name(..), card=Strong(..))`: a Doc line whose fields stay runs, so
  a translated sentence may put the name anywhere and formatters still escape it;
- `mark("…")`: only marks a constant for extraction; translate it with `tr(constant)` where it is read.
"""
from __future__ import annotations

import io
import re
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal

DEFAULT = "en"
# Rookery's languages, by the code Discord uses for them (English is the source text).
LANGUAGES = {"en": "English", "de": "Deutsch", "es-ES": "Español", "pt-BR": "Português do Brasil"}
# Discord locales served by one of ours; any other Discord locale reads English.
_ALIASES = {"en-US": "en", "en-GB": "en", "es-419": "es-ES", "es": "es-ES", "pt": "pt-BR"}
LOCALE_DIR = Path(__file__).with_name("locale")
_FIELD = re.compile(r"\{(\w+)\}")

_current: ContextVar[str] = ContextVar("rookery_lang", default=DEFAULT)


def resolve(code: str | None) -> str:
    """One of LANGUAGES for a Discord locale code (or one of ours, or a pseudo-locale); else English."""
    if not code:
        return DEFAULT
    code = str(code)
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


# ---- catalogs
@lru_cache(maxsize=None)
def _translations(code: str):
    """Babel Translations for a language, compiled in memory from its shipped .po (None: English)."""
    path = LOCALE_DIR / f"{code}.po"
    if code == DEFAULT or not path.exists():
        return None
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import Translations

    with path.open("rb") as fh:
        catalog = read_po(fh, locale=code.replace("-", "_"))
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Translations(fp=buffer)


@lru_cache(maxsize=None)
def babel_locale(code: str) -> Locale:
    return Locale.parse(PSEUDO_LOCALES.get(code, code).replace("-", "_"))


def _fill(text: str, fields: dict) -> str:
    return _FIELD.sub(lambda m: str(fields[m.group(1)]) if m.group(1) in fields else m.group(0), text) \
        if fields else text


def _lookup(msgid: str) -> str:
    code = lang()
    if code in PSEUDO_LOCALES:
        return pseudo(msgid)
    found = _translations(code)
    return found.gettext(msgid) if found is not None else msgid


def tr(msgid: str, /, **fields) -> str:
    return _fill(_lookup(msgid), fields)


def trp(context: str, msgid: str, /, **fields) -> str:
    code = lang()
    if code in PSEUDO_LOCALES:
        return _fill(pseudo(msgid), fields)
    found = _translations(code)
    return _fill(found.pgettext(context, msgid) if found is not None else msgid, fields)


def trn(singular: str, plural: str, n: int, /, **fields) -> str:
    code = lang()
    if code in PSEUDO_LOCALES:
        text = pseudo(singular if n == 1 else plural)
    else:
        found = _translations(code)
        text = found.ngettext(singular, plural, n) if found is not None else (singular if n == 1 else plural)
    return _fill(text, {"n": number(n), **fields})


def trl(msgid: str, /, **runs) -> tuple:
    """A translated line whose fields stay runs (Name, Strong or plain str), in the language's word order."""
    text = _lookup(msgid)
    out: list = []
    pos = 0
    for m in _FIELD.finditer(text):
        if m.start() > pos:
            out.append(text[pos:m.start()])
        out.append(runs.get(m.group(1), m.group(0)))
        pos = m.end()
    if pos < len(text):
        out.append(text[pos:])
    return tuple(r for r in out if r != "")


def mark(msgid: str) -> str:
    """Marks a constant for extraction; it is translated where it is read, with tr()."""
    return msgid


def join(items, style: str = "standard") -> str:
    """"Ann, Ben and Cat" as the reading language writes a list."""
    items = [str(i) for i in items]
    if len(items) < 2:
        return "".join(items)
    return format_list(items, style=style, locale=babel_locale(lang()))


def number(n) -> str:
    return format_decimal(n, locale=babel_locale(lang()))


# ---- the pseudo-locale: accented and 40% longer, so a test can see any text that skipped the catalog
PSEUDO_LOCALES = {"en-XA": "en"}  # pseudo code -> the locale its numbers and lists follow
_ACCENTS = str.maketrans("aeiouyAEIOUYcnsCNS", "áéîõüýÅÉÎÕÜÝçñšÇÑŠ")


@lru_cache(maxsize=4096)
def pseudo(msgid: str) -> str:
    """⟦Ýõür ḿõvé ~~~⟧: accented letters, fields left intact, padded to 140% inside brackets."""
    parts = _FIELD.split(msgid)
    out = []
    for i, part in enumerate(parts):
        out.append("{" + part + "}" if i % 2 else part.translate(_ACCENTS))
    body = "".join(out)
    pad = "~" * max(1, int(len(_FIELD.sub("", msgid)) * 0.4))
    return f"⟦{body}{pad}⟧"
