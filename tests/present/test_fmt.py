"""present.fmt: one Doc, two forms (Discord Markdown, terminal text), names always escaped,
Discord's limits kept by dropping the least important lines first."""
from __future__ import annotations

import discord

from present import fmt
from present.base import Doc, Name, Section, Strong, line

EVIL = "**Bo**_`x`|| @everyone > quote"


def doc(log_lines: int = 3, rows: int = 3) -> Doc:
    return Doc("Raven · hand 1/8", [
        Section("", [line("trump Shields · dealer ", Name(EVIL))]),
        Section("Players", [line(Strong(f"P{i}"), f" {i} pts") for i in range(rows)]),
        Section("Recent", [line(f"log line {i}") for i in range(log_lines)], trim="start"),
    ], line("Waiting for ", Name(EVIL), "."))


def test_markdown_bolds_only_strong_runs_and_escapes_every_name():
    text = fmt.markdown(doc())
    assert text.startswith("**Raven · hand 1/8**") and "**P0** 0 pts" in text and "**Players**" in text
    assert EVIL not in text and discord.utils.escape_markdown(EVIL) in text
    assert "\\*\\*Bo\\*\\*" in text


def test_plain_text_has_no_markdown_at_all():
    text = fmt.plain(doc())
    assert "**" not in text.replace(EVIL, "") and "\\" not in text  # names are shown as typed
    assert EVIL in text and "Players:\nP0 0 pts" in text and text.endswith(f"Waiting for {EVIL}.")


def test_a_long_log_loses_its_oldest_lines_first_and_the_message_fits():
    text = fmt.markdown(doc(log_lines=400))
    assert len(text) <= fmt.CONTENT_LIMIT
    assert "log line 399" in text and "log line 0\n" not in text  # the newest lines stay
    assert "**P2** 2 pts" in text and text.endswith(".")  # the players and the footer stay


def test_sections_with_no_lines_leave_no_heading():
    empty = Doc("T", [Section("Recent", [])])
    assert "Recent" not in fmt.markdown(empty) and "Recent" not in fmt.plain(empty)


def test_label_and_placeholder_clip_to_discord_limits():
    assert fmt.label("x" * 200) == "x" * 79 + "…"
    assert len(fmt.placeholder("y" * 400)) == fmt.SELECT_PLACEHOLDER


def test_the_fast_path_escapes_exactly_like_discord():
    import random

    from discord.utils import escape_markdown

    rng = random.Random(1)
    alphabet = "Ab9 .,;!?'’·•—–/+=%&…é*_~`|>#-[]()\\:@<\n\t🃏🪓💧⚔️"
    words = ["https://x.y/a_b", "<http://q/z>", "steam://run/1", "# ", "- ", "> ", ">>> ", "[a](b)", "1. "]
    for _ in range(20000):
        text = "".join(rng.choice(alphabet) if rng.random() < 0.8 else rng.choice(words)
                       for _ in range(rng.randint(0, 14)))
        assert fmt.escape(text) == escape_markdown(text), repr(text)
