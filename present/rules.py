"""`/game rules <game>` in the reader's language: data/<game>/rules.md, one catalog message per block.

A block is a heading, a list item or a paragraph, the way Sphinx's gettext builder splits a page: its
Markdown markers (`## `, `- `, `1. `) stay outside the message, its inline Markdown (**bold**, *italic*)
inside it, and a paragraph wrapped over several lines is one message (joined by spaces, so Discord, which
breaks at every newline, shows it as one paragraph in every language, English too).
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from present.datawords import RULES, text

_DATA = Path(__file__).resolve().parent.parent / "data"


def has_rules(game: str) -> bool:
    """Whether the game has a rules summary (data/<key>/rules.md)."""
    return (_DATA / game / "rules.md").exists()


def games() -> list[str]:
    """Every registered game that has a rules summary."""
    from engine import GAMES

    return [key for key in GAMES if has_rules(key)]
_START = re.compile(r"(#{1,6} +|[-*+] +|\d+\. +)")


@lru_cache(maxsize=None)
def blocks(game: str) -> tuple[tuple[str, str, bool], ...]:
    """(prefix, text, after_blank) per block of the game's rules.md, in order. `after_blank` keeps the
    source's spacing: a list stays tight, paragraphs stay apart."""
    out: list[list] = []
    fresh = True  # the next line opens a block
    for raw in (_DATA / game / "rules.md").read_text(encoding="utf-8").splitlines():
        stripped = raw.strip()
        if not stripped:
            fresh = True
            continue
        start = _START.match(stripped)
        if start or fresh or not out:
            indent = raw[: len(raw) - len(raw.lstrip())]
            prefix = indent + (start.group(1) if start else "")
            out.append([prefix, stripped[start.end():] if start else stripped, fresh])
        else:
            out[-1][1] += " " + stripped  # a wrapped line, or a list item's indented continuation
        fresh = bool(start) and start.group(1).startswith("#")  # a heading is a block of its own
    return tuple((prefix, words, gap) for prefix, words, gap in out)


def units(game: str) -> list[tuple[str, str]]:
    """(prefix, text) per block: the texts are the catalog's messages."""
    return [(prefix, words) for prefix, words, _gap in blocks(game)]


def rules(game: str) -> str:
    """The game's rules summary as Markdown, in the reading language."""
    lines: list[str] = []
    for prefix, words, gap in blocks(game):
        if gap and lines:
            lines.append("")
        lines.append(prefix + text(RULES, words))
    return "\n".join(lines)
