"""The catalogs' tools: extract every message, merge new ones into each language, check them.

    .venv/bin/python -m present.translations extract          # write the three templates (.pot)
    .venv/bin/python -m present.translations update           # extract, then merge into every language's .po
    .venv/bin/python -m present.translations update --add fr  # the same, starting a new language's files
    .venv/bin/python -m present.translations check            # completeness and consistency; exit 1 on a problem

Three templates, one per catalog file (present/i18n.py reads them merged):
- present/locale/messages.pot: Babel's extractor over present/, bot/ and cogs/ with our keywords
  (`tr`, `trn:1,2`, `trp:1c,2`, `trl`, `trlp:1c,2`, `trln:1,2`, `mark`; a `# i18n:` comment just
  before a call reaches the translator);
- data/i18n/glossary.pot: the terms of present/datawords.glossary() (card names, suits, ...: each shipped
  game's present/<game>/datawords.py and data/<game>/terms.toml, found through the game registry);
- data/i18n/texts.pot: the texts of present/datawords.texts() (card texts, stories, rules paragraphs).
"""
from __future__ import annotations

import argparse
import io
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

from present import datawords
from present.i18n import _BABEL, DATA_I18N, DEFAULT, LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {"tr": None, "trn": (1, 2), "trp": ((1, "c"), 2), "trl": None, "trlp": ((1, "c"), 2),
            "trln": (1, 2), "mark": None,
            "say": None}  # present/blackrose/log.py's line helper (a trl whose fields may be several runs)
SOURCES = ("present", "bot", "cogs")
IDENTICAL = "identical"  # the flag of an entry whose translation is the English on purpose
WIDTH = 100


@dataclass(frozen=True)
class Part:
    """One catalog file kind: where its template and each language's file live."""

    name: str
    template: Path
    folder: Path
    stem: str  # "<stem><lang>.po"

    def po(self, code: str) -> Path:
        return self.folder / f"{self.stem}{code}.po"


PARTS = (Part("interface", LOCALE_DIR / "messages.pot", LOCALE_DIR, ""),
         Part("glossary", DATA_I18N / "glossary.pot", DATA_I18N, "glossary."),
         Part("texts", DATA_I18N / "texts.pot", DATA_I18N, "texts."))


def _new(header: str) -> Catalog:
    return Catalog(project="Rookery", version="1", header_comment=header, msgid_bugs_address="-",
                   copyright_holder="", charset="utf-8", fuzzy=False)


def _source_template() -> Catalog:
    cat = _new("# Rookery's interface: every tr()/trn()/trp()/trl()/mark() in the source.\n"
               "# Made by `python -m present.translations extract`: do not edit by hand.")
    for folder in SOURCES:
        path = ROOT / folder
        if not path.is_dir():
            continue
        found = extract_from_dir(str(path), method_map=[("**.py", "python")], keywords=KEYWORDS,
                                 comment_tags=("i18n:",), strip_comment_tags=True)
        for filename, lineno, msgid, comments, context in found:
            location = (f"{folder}/{filename}", None)
            cat.add(msgid, locations=[location], auto_comments=comments, context=context)
    # The slash commands' words come from the command tree itself (imported here only: a tool, not a layer).
    from cogs.table.translator import command_strings
    for context, msgid in command_strings():
        if cat.get(msgid, context) is None:
            cat.add(msgid, context=context, locations=[("cogs/commands", None)],
                    auto_comments=[f"a slash {context}: names are one lower-case word (Discord's rule)"]
                    if context.endswith("name") and context != "choice name" else [])
    return cat


def _data_template(entries, header: str, source: str) -> Catalog:
    cat = _new(header)
    for context, msgid, note, same in entries:
        existing = cat.get(msgid, context)
        if existing is not None:
            continue
        cat.add(msgid, context=context, auto_comments=[note] if note else [], locations=[(source, None)],
                flags=[IDENTICAL] if same else [])
    return cat


def templates() -> dict[str, Catalog]:
    return {
        "interface": _source_template(),
        "glossary": _data_template(datawords.glossary(), GLOSSARY_HEADER, "data"),
        "texts": _data_template(datawords.texts(), "# The words that live in data/: card texts, stories, "
                                "Magick effects, rules summaries.\n# Made by `python -m present.translations "
                                "extract`: do not edit by hand.", "data"),
    }


GLOSSARY_HEADER = ("# Rookery's glossary: each game's terms (card names, suits, specialists, phases, "
                   "decks, Rooms, spells).\n# A term is translated here once; every message that uses it "
                   "follows it (tests/present/test_catalogs.py).\n# Made by `python -m present.translations "
                   "extract`: do not edit by hand.")


_DATES = re.compile(rb'^"(POT-Creation-Date|PO-Revision-Date): .*$', re.MULTILINE)


def _write(path: Path, cat: Catalog) -> None:
    """Write a catalog; a file whose only change would be its dates is left as it is (no churn in diffs)."""
    buffer = io.BytesIO()
    write_po(buffer, cat, width=WIDTH, include_lineno=False, ignore_obsolete=True, sort_by_file=False)
    new = buffer.getvalue()
    if path.exists() and _DATES.sub(b"", path.read_bytes()) == _DATES.sub(b"", new):
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(new)


def _read(path: Path, code: str | None = None) -> Catalog:
    with path.open("rb") as fh:
        return read_po(fh, locale=_BABEL.get(code, code.replace("-", "_")) if code else None)


def extract() -> dict[str, Catalog]:
    found = templates()
    for part in PARTS:
        _write(part.template, found[part.name])
    return found


def update(add: tuple[str, ...] = ()) -> None:
    """Extract, then merge the templates into every language's files (new messages empty, changed ones
    fuzzy, gone ones dropped); `add` starts new languages."""
    found = extract()
    codes = [c for c in LANGUAGES if c != DEFAULT] + [c for c in add if c not in LANGUAGES]
    for code in codes:
        for part in PARTS:
            path = part.po(code)
            if path.exists():
                cat = _read(path, code)
                header = cat.header_comment
            else:
                cat = Catalog(locale=_BABEL.get(code, code.replace("-", "_")), project="Rookery", version="1",
                              fuzzy=False, msgid_bugs_address="-", last_translator="-",
                              language_team=f"{LANGUAGES.get(code, code)} ({code})")
                header = f"# {part.name.title()} of Rookery in {LANGUAGES.get(code, code)} ({code})."
            cat.update(found[part.name], update_header_comment=False)
            cat.header_comment = header
            cat.revision_date = cat.creation_date  # no timestamp churn in diffs
            _write(path, cat)


# ---- checks
_PLACEHOLDER = re.compile(r"\{\w+\}|\+\d+\+")  # {fields}, and the Everrain's "+13+" story numbers
_MARKUP = re.compile(r"\*\*|(?<!\*)\*(?!\*)")   # Markdown bold and italic markers in rules paragraphs


def placeholders(text: str) -> list[str]:
    """The fields and story numbers of a message, each once (a translation may repeat one)."""
    return sorted(set(_PLACEHOLDER.findall(text)))


@dataclass
class Report:
    code: str
    total: int = 0
    translated: int = 0
    problems: list = field(default_factory=list)

    def add(self, kind: str, message: Message, detail: str = "") -> None:
        ctx = f"[{message.context}] " if message.context else ""
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        self.problems.append(f"{self.code} {kind}: {ctx}{msgid[:90]!r}" + (f" — {detail}" if detail else ""))


def check(code: str, found: dict[str, Catalog] | None = None) -> Report:
    """Every message of the templates translated in this language (none missing, none fuzzy), the same
    placeholders and Markdown markers as the English, none identical to the English unless flagged
    `identical`, and plural forms as the language has them."""
    found = found or templates()
    report = Report(code)
    locale = _BABEL.get(code, code.replace("-", "_"))
    nplurals = get_plural(locale).plural_forms
    for part in PARTS:
        path = part.po(code)
        if not path.exists():
            report.problems.append(f"{code}: {path.relative_to(ROOT)} is missing")
            continue
        cat = _read(path, code)
        if cat.plural_forms != nplurals:
            report.problems.append(f"{code}: {path.name} Plural-Forms is {cat.plural_forms!r}, "
                                   f"the language has {nplurals!r}")
        for tmpl in found[part.name]:
            if not tmpl.id:
                continue
            report.total += 1
            msg = cat.get(tmpl.id, tmpl.context)
            if msg is None or not msg.string or (isinstance(msg.string, tuple) and not all(msg.string)):
                report.add("missing", tmpl)
                continue
            if msg.fuzzy:
                report.add("fuzzy", msg)
                continue
            report.translated += 1
            _check_message(report, tmpl, msg, cat.num_plurals)
    return report


def _check_message(report: Report, tmpl: Message, msg: Message, nplurals: int) -> None:
    ids = tmpl.id if isinstance(tmpl.id, tuple) else (tmpl.id,)
    strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
    if isinstance(tmpl.id, tuple) and len(strings) != nplurals:
        report.add("plural forms", msg, f"{len(strings)} forms, the language has {nplurals}")
    for i, string in enumerate(strings):
        english = ids[min(i, len(ids) - 1)]
        want = placeholders(ids[-1] if isinstance(tmpl.id, tuple) else english)
        got = placeholders(string)
        # A singular form may leave out {n} ("one card"); every other field must be there.
        if got != want and not (isinstance(tmpl.id, tuple) and sorted(set(want) - {"{n}"}) == sorted(set(got) - {"{n}"})):
            report.add("placeholders", msg, f"{got} ≠ {want}")
        if len(_MARKUP.findall(string)) != len(_MARKUP.findall(english)):
            report.add("markdown", msg, "not the same ** and * markers as the English")
    if all(s == i for s, i in zip(strings, ids)) and IDENTICAL not in msg.flags and _has_words(ids[0]):
        report.add("identical to English", msg, f"flag it `#, {IDENTICAL}` if that is meant")


def _has_words(text: str) -> bool:
    """Whether a message has words to translate (not only fields, numbers, emoji and punctuation)."""
    return bool(re.search(r"[^\W\d_]{2,}", _PLACEHOLDER.sub("", text)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m present.translations", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("extract", help="write the templates")
    up = sub.add_parser("update", help="extract, then merge into every language")
    up.add_argument("--add", action="append", default=[], metavar="CODE", help="start a new language")
    ch = sub.add_parser("check", help="check every language; exit status 1 on a problem")
    ch.add_argument("--lang", action="append", default=[], metavar="CODE", help="only these languages")
    ch.add_argument("--limit", type=int, default=40, help="problems shown per language")
    args = parser.parse_args(argv)
    if args.command == "extract":
        found = extract()
        for name, cat in found.items():
            print(f"{name}: {sum(1 for m in cat if m.id)} messages")
        return 0
    if args.command == "update":
        update(tuple(args.add))
        print("updated:", ", ".join(c for c in LANGUAGES if c != DEFAULT) + "".join(f", {c}" for c in args.add))
        return 0
    found = templates()
    bad = False
    for code in args.lang or [c for c in LANGUAGES if c != DEFAULT]:
        report = check(code, found)
        share = report.translated / report.total if report.total else 0
        print(f"{code}: {report.translated}/{report.total} translated ({share:.1%}), "
              f"{len(report.problems)} problems")
        for line in report.problems[: args.limit]:
            print("  " + line)
        bad = bad or bool(report.problems)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
