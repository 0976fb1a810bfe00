"""engine/ is pure rules: no Markdown, no emoji, no Discord and no Discord length limits (issue 9).
Words and looks belong to present/<game>/; these greps keep them from creeping back."""
from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "engine"
SOURCES = sorted(ENGINE.rglob("*.py"))

EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u200D\u2190-\u21FF\u25A0-\u25FF]")
MARKDOWN = re.compile(r"\*\*|~~|\|\||^>|\n>")
LIMITS = re.compile(r"\[:\s*(7\d|80|100|150|1[78]\d\d|2000|4096)\s*\]|\[:\s*\w+\s*-\s*1\s*\]\s*\+\s*[\"']…")
# A message-size number counts only where text is measured or cut (a cache size of 4096 is no limit).
SIZES = re.compile(r"\b(2000|4096|6000|1800|1797|1790)\b")
MEASURING = re.compile(r"len\(|\[:|[<>]=?\s*\d|limit|LIMIT")
# No exception: the engine reaches no layer above it (its words are the presenters', even in tests).
ALLOWED_IMPORTS: set[tuple[str, str]] = set()


def _findings(path: Path) -> list[str]:
    found = []
    source = path.read_text(encoding="utf-8")
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        where = f"{path.name}:{tok.start[0]}"
        if tok.type == tokenize.COMMENT:
            continue
        if EMOJI.search(tok.string):
            found.append(f"{where}: emoji in {tok.string[:60]!r}")
        if tok.type == tokenize.STRING and not tok.string.lstrip("rbfuRBFU").startswith(('"""', "'''")):
            if MARKDOWN.search(tok.string):
                found.append(f"{where}: Markdown in {tok.string[:60]!r}")
    for number, text in enumerate(source.splitlines(), 1):
        code = text.split("#")[0]
        if LIMITS.search(code) or (SIZES.search(code) and MEASURING.search(code)):
            found.append(f"{path.name}:{number}: a Discord length limit: {text.strip()}")
        imported = re.search(r"^\s*(?:import|from)\s+(discord|present|bot|cogs)\b", text)
        if imported and (path.name, imported.group(1)) not in ALLOWED_IMPORTS:
            found.append(f"{path.name}:{number}: imports outside the engine: {text.strip()}")
    return found


def test_there_are_engine_sources():
    assert len(SOURCES) > 20


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ENGINE)))
def test_no_markdown_emoji_or_discord_limits(path):
    found = _findings(path)
    assert not found, "\n".join(found)


def test_the_grep_finds_what_it_used_to_find(tmp_path):
    # The kinds of text that used to live in engine/ must be caught, or this test proves nothing.
    old = tmp_path / "text.py"
    old.write_text('x = f"**{name}** 🛡️ {n}"\ny = text[:1797] + "…"\nz = label[:80]\n'
                   'w = t if len(t) <= 1800 else t[:1790]\nfrom discord.utils import escape_markdown\n', encoding="utf-8")
    kinds = " ".join(_findings(old))
    assert "emoji" in kinds and "Markdown" in kinds and "length limit" in kinds and "imports" in kinds
    clean = tmp_path / "rules.py"
    clean.write_text('def f(**kw):\n    """Uses `seat` and **kw."""\n    return {**kw, "n": 2 ** 3}\n\n\n'
                     '@lru_cache(maxsize=4096)\ndef g():\n    return 1\n', encoding="utf-8")
    assert _findings(clean) == []
