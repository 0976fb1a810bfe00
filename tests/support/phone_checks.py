"""What a phone must show well (issue 32), checked on messages laid out by tests/support/phone.py: each check
takes a game's messages with their measures, [(Shown, measure)], and returns its problems, one line each.

- readable:  a picture's smallest drawn text, scaled to the width the phone shows the picture at, is at least
             SMALLEST_SHOWN px (the size asked of present/draw.py, times shown width / drawn width);
- fits:      nothing is wider than its column, a code block's every line fits unwrapped (a map wrapped mid-line
             is no map), and no text outside a code block is aligned with runs of spaces (the proportional
             font skews it);
- whole:     a picture is no taller than the phone's screen, and from its top to the end of its message (the
             waiting line, the prompt, the buttons) is no more than a screen either: the picture never
             scrolls away from what the reader must do;
- labels:    every button label, select placeholder and option is shown whole (not ellipsized);
- uncut:     no word is cut: in a message, a word before "…" or ".." that no catalog string ends with "…"
             ("Choose your move…" is whole, "cards of tha…" is cut); in a picture, a text its box made
             present/draw.py shorten mid-word, or one its drawer shortened with "..".
"""
from __future__ import annotations

import math
import re
from functools import cache
from pathlib import Path

from present import draw as D
from tests.support.components import walk
from tests.support.phone import plain_lines

SMALLEST_SHOWN = 9.0
SPACED = re.compile(r"\S {2,}\S")               # a run of spaces after the line's first word
CUT = re.compile(r"(\w+)(…|\.\.)(?!\w)")       # "ta…", "i.."
CUT_DRAWN = re.compile(r"\w\.\.$")             # a picture text already shortened with '..' by its drawer


def picture_sizes(laid) -> list[tuple[float, str, str]]:
    """(shown size of the picture's smallest text, its text, where) for every picture shown."""
    out = []
    for shown, seen in laid:
        for box in seen["pictures"]:
            picture = shown.pictures.get(box["name"])
            if picture is None or not picture.texts:
                continue
            smallest = min(picture.texts, key=lambda row: row[2])
            out.append((smallest[2] * box["w"] / picture.width, smallest[0], _where(shown, box["name"])))
    return out


def readable(laid) -> list[str]:
    worst: dict[str, tuple[float, str, str]] = {}
    for size, text, where in picture_sizes(laid):
        kind = where.split(" · ")[0] + " " + where.rsplit(" ", 1)[-1]   # "#raven board.png", "DM ann hand.png"
        if size < SMALLEST_SHOWN and (kind not in worst or size < worst[kind][0]):
            worst[kind] = (size, text, where)
    return [f"{where}: {text!r} shown {size:.1f} px (< {SMALLEST_SHOWN:g})" for size, text, where in worst.values()]


def fits(laid) -> list[str]:
    out = []
    for shown, seen in laid:
        out += [f"{_where(shown)}: {w['text']!r} needs {w['need']} px of {w['room']}" for w in seen["wide"]]
        out += [f"{_where(shown)}: code line {c['text']!r} needs {c['need']:.0f} px of {c['room']} (wraps)"
                for c in seen["code"]]
        out += [f"{_where(shown)}: spaced with plain spaces outside a code block: {line!r}"
                for line, fenced in plain_lines(shown) if not fenced and SPACED.search(line)]
    return _first_of_each(out)


def whole(laid, screen_height: int) -> list[str]:
    out = []
    for shown, seen in laid:
        for box in seen["pictures"]:
            if box["h"] > screen_height:
                out.append(f"{_where(shown, box['name'])}: shown {box['w']:.0f} x {box['h']:.0f} px, taller than "
                           f"the {screen_height} px screen")
            elif box["reach"] > screen_height:
                out.append(f"{_where(shown, box['name'])}: {box['reach']:.0f} px from the picture's top to the "
                           f"message's end, more than the {screen_height} px screen")
    return _worst_of_each(out)


def labels(laid) -> list[str]:
    return _first_of_each([f"{_where(shown)}: {label['kind']} {label['text']!r} needs {label['need']} px of "
                           f"{label['room']} (cut with …)" for shown, seen in laid for label in seen["labels"]])


@cache
def written_ellipses() -> frozenset[str]:
    """The words the catalogs themselves end with "…" ("Choose your move…"): no cut."""
    catalogs = Path(__file__).resolve().parents[2] / "present" / "locale"
    return frozenset(w.lower() for path in catalogs.glob("*.po*") for w in re.findall(r"(\w+)…", path.read_text()))


def uncut(laid) -> list[str]:
    out = [f"{_where(shown)}: {m.group(0)!r} in {t[max(0, m.start() - 40):m.end()]!r}"
           for shown, _ in laid for t in _texts(shown) for m in CUT.finditer(t)
           if m.group(1).lower() not in written_ellipses()]
    for shown, _ in laid:
        for name, picture in shown.pictures.items():
            out += [f"{_where(shown, name)}: drawn {cut!r}" for cut in _cut_drawn(picture.texts)]
    return _first_of_each(out)


def _cut_drawn(rows) -> list[str]:
    out = []
    for text, _asked, used, width, box, *_ in rows:
        if CUT_DRAWN.search(text):
            out.append(text)
        elif math.isfinite(box) and width > box + 0.5:
            drawn = D.fit(text, used, box)
            stem = drawn[:-2]
            if stem and stem[-1].isalnum() and text[len(stem)].isalnum():
                out.append(f"{drawn} (of {text!r})")
    return out


def _texts(shown) -> list[str]:
    parts = [c for c in walk(shown.components)]
    return ([line for line, _ in plain_lines(shown)] + [c.get("label") or "" for c in parts if c.get("type") == 2]
            + [c.get("placeholder") or "" for c in parts if c.get("type") == 3]
            + [o["label"] for c in parts if c.get("type") == 3 for o in c.get("options", [])])


def _where(shown, picture: str = "") -> str:
    return f"{shown.where} · move {shown.step}" + (f" {picture}" if picture else "")


def _first_of_each(problems: list[str]) -> list[str]:
    """Each problem once (the same cut text is met in many states of a message), in the order met."""
    seen, out = set(), []
    for p in problems:
        key = re.sub(r" · move \d+", "", p)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def _worst_of_each(problems: list[str]) -> list[str]:
    """Per place and picture (`#raven board.png`), the problem with the largest number of px."""
    worst: dict[str, tuple[float, str]] = {}
    for p in problems:
        key = re.sub(r" · move \d+", "", p.split(":")[0])
        px = float(re.findall(r"(\d+) px", p)[0])
        if key not in worst or px > worst[key][0]:
            worst[key] = (px, p)
    return [p for _, p in worst.values()]
