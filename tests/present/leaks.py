"""The pseudo-locale's leak checker (tests only): the English words in a text rendered in `en-XA`, where
every word that went through the catalog is accented and bracketed (present/i18n.py `pseudo`)."""
from __future__ import annotations

import re

from present.i18n import PSEUDO_CLOSE, PSEUDO_OPEN

# A word a reader could read as English: letters with a plain vowel (pseudo text has none: every a e i o u y
# is accented), or, outside the pseudo brackets, a run of two or more plain Latin letters ("VP", "pts").
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_ROMAN = re.compile(r"[IVXLC]+")


def leaks(text, allowed=()) -> list[str]:
    """The English words in text rendered in the pseudo-locale: words that bypassed the catalog.

    `text` is a str, a Line (runs), a Doc, or an iterable of those. Names are allowed: every Name run, and
    each word of `allowed` (player names, proper names printed as they are). Numbers, emoji, punctuation
    and Roman numerals are not words here. Returns the offending words, in order, once each."""
    allow = {w.lower() for a in allowed for w in _WORD.findall(str(a))}
    found: dict[str, None] = {}
    for piece in _texts(text):
        depth = 0
        pos = 0
        for m in _WORD.finditer(piece):
            between = piece[pos:m.start()]
            depth += between.count(PSEUDO_OPEN) - between.count(PSEUDO_CLOSE)
            pos = m.start()
            word = m.group(0)
            plain = re.fullmatch(r"[A-Za-z'’]+", word) and len(word) > 1
            english = re.search(r"[AEIOUYaeiouy]", word) or (plain and depth <= 0)
            if english and word.lower() not in allow and not _ROMAN.fullmatch(word):
                found[word] = None
    return list(found)


def _texts(obj):
    """The reader-visible strings of a str, a Line, a Doc (title, sections, footer) or a list of them, one
    string per line: a Name (a player's own name) reads as a blank, a Strong as its text."""
    from present.base import Doc, Name, Section, Strong

    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, (Name, Strong)):
        yield "" if isinstance(obj, Name) else obj.text
    elif isinstance(obj, Doc):
        yield obj.title
        for section in obj.sections:
            yield from _texts(section)
        yield from _texts(obj.footer)
    elif isinstance(obj, Section):
        yield obj.title
        for row in obj.lines:
            yield from _texts(row)
    elif isinstance(obj, tuple) and all(isinstance(r, (str, Name, Strong)) for r in obj):
        yield "".join(" " if isinstance(r, Name) else r if isinstance(r, str) else r.text for r in obj)
    elif obj is not None:
        for item in obj:
            yield from _texts(item)
