"""Doc -> text. The one place that knows Discord's Markdown and length limits, and the one place that turns
the same Doc into plain terminal text. Presenters build Docs; the host and the terminal call these.

Every run is escaped for Discord (player names are user input, and game words may contain `*` or `_`):
only Strong adds formatting, so a name can never bold, strike or link anything.
"""
from __future__ import annotations

import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache

from discord.utils import escape_markdown

from present.base import Code, Doc, Line, Name, Section, Strong

# ---- Discord's limits: its numbers, written here once. cogs/, bot/render.py and the presenters that word
# choices to fit read them from here. (tests/discord_spec/limits.py keeps its own copy: it checks what we send.)
CONTENT_LIMIT = 2000      # a message's content
SELECT_PLACEHOLDER = 150
LABEL_LIMIT = 80          # a button label (select options allow 100; 80 fits both)
OPTION_LIMIT = 100        # a select option's label and value; a command choice's name and value
SELECT_SIZE = 25          # options in one select menu
AUTOCOMPLETE_MAX = 25     # suggestions an autocomplete may offer
ROW_SIZE = 5              # buttons in one action row
ROWS_MAX = 5              # action rows in one message
TEXT_MAX = 4000           # characters across a Components V2 message's text displays
COMPONENTS_MAX = 40       # components in a Components V2 message, nested ones included


@dataclass(frozen=True)
class Budget:
    """How a prompt's choices may become components within Discord's limits. Each game's cog chooses its
    own (cogs/table/games.py `GameCog.budget`); while its choices are worded (`fitting`), the presenters
    that shorten labels or build bundles to fit read it with `budget()`."""

    few: int = ROW_SIZE                        # this many choices are buttons however long their labels
    buttons: int = (ROWS_MAX - 1) * ROW_SIZE   # up to this many short ones are buttons (the 5th row left free)
    short: int = 40                            # a label this short reads well as a button beside others
    grid: int = ROWS_MAX * ROW_SIZE            # bundles and the actions beside them, all buttons: every row
    menu: int = SELECT_SIZE                    # whole choices (bundles) offered in one menu


BUDGET = Budget()
# What a phone shows whole (issue 32, tests/cogs/test_phone_width.py): a button's label about 34 characters
# (255 px of 14 px text), a select's placeholder about 30 (16 px text), an option about 42 (the sheet's width).
PHONE_BUTTON, PHONE_PLACEHOLDER, PHONE_OPTION = 34, 30, 42
_BUDGET: ContextVar[Budget] = ContextVar("budget", default=BUDGET)


def budget() -> Budget:
    """The budget choices are being worded for (the game cog's, inside `fitting`; else the default)."""
    return _BUDGET.get()


@contextmanager
def fitting(chosen: Budget):
    """Word choices for this budget in the block (as i18n.reading sets the language)."""
    token = _BUDGET.set(chosen)
    try:
        yield chosen
    finally:
        _BUDGET.reset(token)


# What discord.py's escape_markdown changes (its stock pattern without the URLs, which it keeps as they are):
# text with none of it comes back unchanged, so only such text pays for the full escape.
_SPECIAL = re.compile(r"[_\\~|*`]|\[.+\]\(.+\)|^>(?:>>)?\s|^#{1,3}|^\s*-", re.MULTILINE)


@lru_cache(maxsize=8192)
def escape(text: str) -> str:
    """Text as Discord Markdown shows it literally, exactly as discord.py's escape_markdown has it. Cached,
    and the full escape only where something needs escaping: the same runs and titles come back in every
    message of every click, and the full escape (a regular expression built per call, with a Python
    callback per match) cost a click's answer about 30 µs after an idle gap, mostly on lines with emoji."""
    return escape_markdown(text) if _SPECIAL.search(text) else text


# ---- one line
def md_line(line: Line) -> str:
    out = []
    for run in line:
        if isinstance(run, Code):  # Discord's proportional font would skew columns spaced with spaces
            out.append(f"```\n{run}\n```")
        elif isinstance(run, Strong):
            out.append(f"**{escape(run.text)}**")
        elif isinstance(run, Name):
            out.append(escape(run.text))
        else:
            out.append(escape(str(run)))
    return "".join(out)


def plain_line(line: Line) -> str:
    return "".join(run if isinstance(run, str) else run.text for run in line)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


# ---- a whole Doc
def _fit_sections(sections: list[Section], render, heading, room: int) -> str:
    """Join sections; when too long, drop lines from each section's trimmable end (a log loses its oldest
    lines first), the last sections first, so the board's head and the players always stay. Each line is
    rendered once and lengths are kept as running sums: a long log costs one pass, not one per line."""
    heads = [heading(s.title) if s.title else None for s in sections]
    blocks = [[render(line) for line in s.lines] for s in sections]

    def size(i: int) -> int:  # one section's joined length, 0 when it has no lines (it is left out)
        lines = blocks[i]
        if not lines:
            return 0
        return sum(map(len, lines)) + len(lines) - 1 + (len(heads[i]) + 1 if heads[i] else 0)

    sizes = [size(i) for i in range(len(blocks))]

    def total() -> int:
        shown = [n for n in sizes if n]
        return sum(shown) + 2 * max(len(shown) - 1, 0)

    for i in reversed(range(len(blocks))):
        while total() > room and blocks[i]:
            gone = blocks[i].pop(0 if sections[i].trim == "start" else -1)
            sizes[i] = sizes[i] - len(gone) - 1 if blocks[i] else 0  # the heading goes with the last line
    parts = ["\n".join(([heads[i]] if heads[i] else []) + blocks[i]) for i in range(len(blocks)) if blocks[i]]
    return clip("\n\n".join(parts), room)


def markdown(doc: Doc, limit: int = CONTENT_LIMIT) -> str:
    """Discord message content (2,000 characters at most)."""
    head = f"**{escape(doc.title)}**" if doc.title else ""
    foot = md_line(doc.footer)
    room = limit - len(head) - len(foot) - 4
    body = _fit_sections(doc.sections, md_line, lambda t: f"**{escape(t)}**", max(room, 0))
    return clip("\n\n".join(p for p in (head, body, foot) if p), limit)


def plain(doc: Doc) -> str:
    """Terminal text: no Markdown, no limits."""
    parts = [doc.title] if doc.title else []
    for section in doc.sections:
        if section.lines:
            lines = [plain_line(line) for line in section.lines]
            parts.append("\n".join(([f"{section.title}:"] if section.title else []) + lines))
    if doc.footer:
        parts.append(plain_line(doc.footer))
    return "\n\n".join(parts)


def label(text: str) -> str:
    return clip(text, LABEL_LIMIT)


def placeholder(text: str) -> str:
    return clip(text, SELECT_PLACEHOLDER)
