"""Black Rose Wars pictures: the Lodge (19 hex rooms, Cells, mages, Evocations, instability, activation tokens)
with the turn, the Black Rose's PP and the Moon above it and the mages (PP, damage, where they stand, the
Crown) and the Events below it, drawn from public view facts only (board_facts.py, which the board text reads too; the text also
lists each Evocation in full); a seat's view draws that seat's spells instead (hand_picture.py).

Sized for a phone: the picture is WIDTH px wide, a phone shows it PHONE px wide, and every word is drawn at
MIN_FONT px or more, so at least READABLE px tall there (tests check every word's size). It is at most
MAX_RATIO times as tall as wide, so a phone shows it whole next to the prompt. Rooms carry the engine's own
labels (X, A1-A6, B1-B12, engine/blackrose/board.py) and sit where its axial coordinates put them; a room's
name does not fit its hex at MIN_FONT, so the hex shows the code and the board text names the room.
Seats are numbers 1..n in a seat colour, named by mage and, when the names are given, by player; the Black
Rose's tokens are crimson. Every word goes through present/i18n.py, and the reading language is part of
the picture's key."""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.blackrose import board as B
from present import draw as D
from present.blackrose import board_facts as F
from present.blackrose import words as W
from present.i18n import lang, tr

WIDTH = 800
# px: how wide Discord's mobile app shows a message's picture on a 400 px phone (the avatar, the container's
# bar, border and padding take the rest: tests/support/phone.py lays it out)
PHONE = 287
READABLE = 9                                  # px: the smallest text a phone reader can read
MIN_FONT = math.ceil(READABLE * WIDTH / PHONE)  # 26: 9 px when shown PHONE px wide
MAX_RATIO = 1.3                               # height / width: a phone shows it whole beside the prompt
STYLE = 5                                     # Black Rose Wars' own drawing version (in the key: see facts_of)
S = 70                                        # hex size: centre to corner, in px
HEAD = 80                                     # the turn, phase and whom the table waits for, above the Lodge
BOARD_X, BOARD_Y = WIDTH // 2, HEAD + 356     # the Black Rose Room's centre
CELL = 38                                     # a Cell's hex size (drawn smaller than a room)
LODGE_BOTTOM = BOARD_Y + 356                  # below the lowest Cell
SEAT_ROW = 78                                 # one mage in the list below the Lodge (two rows of text)

SEAT_COLOUR = ((240, 132, 36), (64, 196, 232), (236, 96, 184), (246, 240, 224))
ROSE = (196, 30, 62)
ROOM_FILL = {"red": (150, 54, 48), "yellow": (168, 134, 44), "blue": (48, 86, 152), "grey": (100, 102, 108),
             "green": (52, 118, 64), "purple": (108, 62, 136), "black": (34, 26, 34)}
RUIN = (58, 52, 50)
NIGHT = (22, 24, 36)


def seat_colour(n: int) -> tuple:
    """Seat n's colour (1-based); 0 is the Black Rose."""
    return ROSE if n == 0 else SEAT_COLOUR[(n - 1) % len(SEAT_COLOUR)]


def phase_name(phase: str) -> str:
    return {"pick_mage": lambda: tr("Choosing Mages"), "pick_school": lambda: tr("Choosing Schools"),
            "quests": lambda: tr("Quests"), "study": lambda: tr("Study"), "prep": lambda: tr("Preparation"),
            "turn": lambda: tr("Action Phase"), "evo_seat": lambda: tr("Evocation Phase"),
            "crown_choice": lambda: tr("The Crown")}.get(phase, lambda: "")()


def draw(view: dict, names: dict | None = None) -> tuple[bytes, str]:
    if view.get("me") in (view.get("seats") or ()) and view.get("hand") is not None:
        from present.blackrose import hand_picture
        return hand_picture.draw(view)
    return D.cached("blackrose", facts_of(view, names), render)


def facts_of(view: dict, names: dict | None = None) -> dict:
    """Exactly what the board picture shows: the board facts, the players' names when given, the language."""
    f = F.facts(view)
    for s in f["seats"]:
        s["player"] = (names or {}).get(s["seat"], "")
        del s["seat"]  # the seat id itself is never drawn
    f["lang"] = lang()
    f["style"] = STYLE
    return f


# ---- drawing ---------------------------------------------------------------------------------------------

def hex_xy(q: float, r: float) -> tuple[float, float]:
    """Pointy-top axial layout, clockwise from the east on screen as board.py counts its labels."""
    return BOARD_X + S * math.sqrt(3) * (q + r / 2), BOARD_Y + S * 1.5 * r


def cell_hex(exits: list[str]) -> list[int] | None:
    """A Cell's hex, found from the two rooms it opens onto (the view gives its exits)."""
    want = sorted(exits)
    for q in range(-3, 4):
        for r in range(-3, 4):
            if B.dist((q, r), (0, 0)) == 3 and sorted(B.cell_exits((q, r))) == want:
                return [q, r]
    return None


def height_of(f: dict) -> int:
    events = LINE * (max(map(len, _event_lines(f)), default=1) - 1)
    return LODGE_BOTTOM + SEAT_ROW * -(-len(f["seats"]) // 2) + 46 + events


def render(f: dict) -> Image.Image:
    img, d = D.canvas(height_of(f), WIDTH)
    where: dict[str, list] = {}
    for s in f["seats"]:
        where.setdefault(s["at"], []).append(("mage", s["n"], str(s["n"])))
    for e in f["evos"]:
        where.setdefault(e["at"], []).append(("evo", e["owner"], e["id"]))
    for n, exits in f["cells"].items():
        h = cell_hex(exits)
        if h:
            x, y = hex_xy(*h)
            D.paste(img, _cell_tile(int(n), lang()), x - CELL - 2, y - CELL - 2)
            if any(s["n"] == int(n) and s["at"] == "cell" for s in f["seats"]):
                _models(img, d, x, y + 12, [("mage", int(n), n)])
    for room in f["rooms"]:
        x, y = hex_xy(*B.HEX[room["label"]])
        D.paste(img, _room_tile(room["label"], room["colour"], room["token"], room["destroyed"], lang()), x - S, y - S)
        if not room["destroyed"]:
            _instability(img, d, x, y + 36, room["slots"], room["inst"])
        _models(img, d, x, y + 2, where.get(room["label"], []))
    _head(img, d, f, 24, WIDTH - 24)
    _mages(img, d, f, 24, LODGE_BOTTOM, WIDTH - 24)
    return img


def _hex_points(w: float, h: float, size: float) -> list[tuple[float, float]]:
    return [(w / 2 + size * math.cos(math.radians(-90 + 60 * k)), h / 2 + size * math.sin(math.radians(-90 + 60 * k)))
            for k in range(6)]


@lru_cache(maxsize=64)
def hex_sprite(size: int, fill: tuple, outline: tuple | None, line: int) -> Image.Image:
    w, h = math.ceil(size * math.sqrt(3)) + 2, 2 * size + 2
    big = Image.new("RGBA", (w * D.SS, h * D.SS), (0, 0, 0, 0))
    pts = _hex_points(w * D.SS, h * D.SS, size * D.SS)
    bd = ImageDraw.Draw(big)
    bd.polygon(pts, fill=fill)
    if outline:
        bd.line(pts + pts[:1], fill=outline, width=line * D.SS, joint="curve")
    return D._shrink(big, w, h)


def _paste_hex(tile: Image.Image, x: int, y: int, size: int, fill, outline, line: int = 2) -> None:
    """Onto a transparent tile: alpha_composite keeps the anti-aliased rim (a masked paste would thin it)."""
    sp = hex_sprite(size, fill, outline, line)
    tile.alpha_composite(sp, (x - sp.width // 2, y - sp.height // 2))


def _lighter(c: tuple, k: float = .45) -> tuple:
    return tuple(round(v + (255 - v) * k) for v in c)


LABEL_FONT = MIN_FONT + 4
LINE = MIN_FONT + 6                           # between two lines of a wrapped text


@lru_cache(maxsize=128)  # ~50 KB each; a game uses 19-40
def _room_tile(label: str, colour: str, token: str, destroyed: bool, reading: str) -> Image.Image:
    """One room's tile: its code (with the activation token beside it) in the room's colour; instability
    and models go on top. A room's name does not fit a hex at a size a phone can read: the board text names
    every room beside its code (text.lodge_lines), and `/game room` says what it does. A sprite 2S x 2S
    centred on the hex; rooms change rarely, so most pictures reuse every tile (per reading language: it
    picks the font)."""
    tile = Image.new("RGBA", (2 * S, 2 * S), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    x = y = S
    base = ROOM_FILL.get(colour, ROOM_FILL["grey"])
    if destroyed:  # turned over: the ruined back of the tile, crossed out, its code still there to target
        _paste_hex(tile, x, y, S - 2, RUIN, (94, 86, 80), 2)
        d.line((x - 26, y - 6, x + 26, y + 40), fill=(120, 108, 100), width=4)
        d.line((x + 26, y - 6, x - 26, y + 40), fill=(120, 108, 100), width=4)
        text(d, (x, y - 36), label, LABEL_FONT, (200, 190, 178), "mm", bold=True)
        return tile
    _paste_hex(tile, x, y, S - 2, base, _lighter(base, .35), 2)
    width = D.text_width(label, LABEL_FONT)
    lx = x - (10 if token != "none" else 0)
    text(d, (lx, y - 36), label, LABEL_FONT, D.WHITE, "mm", bold=True)
    if token != "none":
        _token(tile, round(lx + width / 2 + 12), y - 36, token == "ready", base)
    return tile


def text(d, xy, s: str, size: int, fill=D.WHITE, anchor: str = "la", bold: bool = False) -> None:
    """Every word on the picture is drawn here, at MIN_FONT px or more (LAYOUT records them for the tests)."""
    if LAYOUT is not None:
        LAYOUT.append((s, size))
    D.text(d, xy, s, size, fill, anchor, bold)  # which reports it to present/draw.py's `measured` too


LAYOUT: list | None = None  # set to a list to record (text, size) of every word drawn


def _wrap(s: str, size: int, width: float) -> list[str]:
    """s in lines that fit `width`, broken at spaces; a word too long for a line is broken with a hyphen
    (an Event's name in a longer language), never cut."""
    lines: list[str] = []
    for word in s.split():
        if lines and D.text_width(lines[-1] + " " + word, size) <= width:
            lines[-1] += " " + word
            continue
        while D.text_width(word, size) > width:
            cut = max(k for k in range(2, len(word)) if D.text_width(word[:k] + "-", size) <= width or k == 2)
            lines.append(word[:cut] + "-")
            word = word[cut:]
        lines.append(word)
    return lines or [""]


def _token(tile, x: int, y: int, ready: bool, base: tuple) -> None:
    """The room's activation token: a gold disc while it can be activated, an empty ring once used."""
    sprite = D.disc(15, D.GOLD, (90, 60, 20), 1) if ready else D.disc(15, (0, 0, 0, 0), _lighter(base, .7), 2)
    tile.alpha_composite(sprite, (x - 7, y - 7))


def _instability(img, d, x, y, slots: int, filled: list[int]) -> None:
    """Instability as a count against the room's resistance ("3/6") on a chip in the colour of whoever has
    placed the most (who would take the room's token), gold-rimmed once the room is unstable."""
    count = f"{len(filled)}/{slots}"
    if not filled:
        text(d, (x, y), count, MIN_FONT, D.MUTED, "mm")
        return
    most = max(set(filled), key=lambda n: (filled.count(n), n == 0))
    w = round(D.text_width(count, MIN_FONT)) + 12
    D.paste(img, D.rounded(w, 30, seat_colour(most), D.GOLD if len(filled) >= slots else D.INK, 6,
                           2 if len(filled) >= slots else 1), x - w / 2, y - 15)
    text(d, (x, y + 1), count, MIN_FONT, D.WHITE if most == 0 else D.INK, "mm", bold=True)


def _models(img, d, x, y, models: list) -> None:
    """Mages (discs with the seat number) and Evocations (tags with their id), in their owners' colours,
    in one row; a crowd wider than the hex overlaps a little rather than shrink the numbers."""
    if not models:
        return
    widths = [32 if k == "mage" else max(36, round(D.text_width(ident, MIN_FONT)) + 10) for k, _, ident in models]
    full = sum(widths)
    room = 2 * S - 16
    gap = 2 if full + 2 * (len(models) - 1) <= room else -max(0, (full - room) // max(1, len(models) - 1))
    cx = x - (full + gap * (len(models) - 1)) / 2
    for (kind, n, ident), w in zip(models, widths):
        if kind == "mage":
            D.paste(img, D.disc(32, seat_colour(n), D.INK, 2), cx, y - 16)
        else:
            D.paste(img, D.rounded(w, 30, seat_colour(n), D.INK, 5, 1), cx, y - 15)
        text(d, (cx + w / 2, y + 1), ident, MIN_FONT, D.INK, "mm", bold=True)
        cx += w + gap


@lru_cache(maxsize=8)
def _cell_tile(n: int, reading: str) -> Image.Image:
    """Seat n's Cell: a dark hex rimmed in its colour, its number at the top ("Cell 1" is too wide for the
    hex at a phone's size; the board text names the Cells). Per reading language, which picks the font."""
    tile = Image.new("RGBA", (2 * CELL + 4, 2 * CELL + 4), (0, 0, 0, 0))
    _paste_hex(tile, CELL + 2, CELL + 2, CELL, NIGHT, seat_colour(n), 3)
    text(ImageDraw.Draw(tile), (CELL + 2, CELL - 16), str(n), MIN_FONT, seat_colour(n), "mm", bold=True)
    return tile


# ---- above and below the Lodge: the turn; the mages, the Black Rose, the Events -----------------------------

def _head(img, d, f: dict, x0: int, x1: int) -> None:
    """The turn and the Moon on the first row; the phase and whom the table waits for on the second."""
    title = tr("Game over") if f["over"] else tr("Game turn {n}", n=f["turn"]) if f["turn"] else tr("Setting up")
    moon = _moon(f)
    text(d, (x1, 28), moon, MIN_FONT + 1, D.CREAM, "rm")
    D.put_symbol(img, "moon", x1 - D.text_width(moon, MIN_FONT + 1) - 16, 28, 26, (226, 222, 200))
    text(d, (x0, 28), title, MIN_FONT + 4, D.CREAM, "lm", bold=True)
    who = {s["n"]: s["player"] or W.mage_name(s["mage"]) or tr("Seat {n}", n=s["n"]) for s in f["seats"]}
    if f["over"]:
        won = ", ".join(who.get(n, str(n)) for n in f["winners"])
        sub = tr("Grand Master: {who}", who=won) if won else tr("The Black Rose wins")
    else:
        sub = phase_name(f["phase"])
        if f["waiting"]:
            waiting = tr("waiting for {who}", who=", ".join(who.get(n, str(n)) for n in f["waiting"]))
            sub = f"{sub} · {waiting}" if sub else waiting
    if sub:
        text(d, (x0, 64), sub, MIN_FONT, D.MUTED, "lm")


def _mages(img, d, f: dict, x0: int, y: int, x1: int) -> None:
    """The mages two to a row, then the Events; the Black Rose on the turn's row."""
    half = (x1 - x0) // 2
    for i, s in enumerate(f["seats"]):
        left = x0 + (i % 2) * (half + 12)
        _seat_rows(img, d, s, f, left, y + (i // 2) * SEAT_ROW, left + half - 12)
    y += SEAT_ROW * -(-len(f["seats"]) // 2)
    _events(img, d, f, x0, y, x1)
    _rose(img, d, f, x1 - D.text_width(_moon(f), MIN_FONT + 1) - 48)


def _seat_rows(img, d, s: dict, f: dict, x0: int, y: int, x1: int) -> int:
    """Two rows per mage: seat disc, mage and player, PP; then where they stand and their damage."""
    n, colour = s["n"], seat_colour(s["n"])
    if n in f["waiting"]:
        D.paste(img, D.disc(38, (0, 0, 0, 0), D.GOLD, 2), x0 - 3, y - 3)
    D.paste(img, D.disc(32, colour, D.INK, 2), x0, y)
    text(d, (x0 + 16, y + 17), str(n), MIN_FONT, D.INK, "mm", bold=True)
    pp = tr("{n} PP", n=s["pp"])
    text(d, (x1, y + 16), pp, MIN_FONT + 1, D.GOLD, "rm", bold=True)
    room_for_name = x1 - x0 - 40 - D.text_width(pp, MIN_FONT + 1) - (30 if f["crown"] == n else 6)
    mage = W.mage_name(s["mage"]) if s["mage"] else tr("Seat {n}", n=n)
    name = D.fit(mage, MIN_FONT + 1, room_for_name)
    text(d, (x0 + 40, y + 16), name, MIN_FONT + 1, D.CREAM, "lm", bold=True)
    if f["crown"] == n:
        D.put_symbol(img, "crown", x0 + 40 + D.text_width(name, MIN_FONT + 1) + 15, y + 15, 24, D.GOLD)
    y += 48
    where = tr("Cell") if s["at"] == "cell" else s["at"]
    damage = f"{sum(k for _, k in s['dmg'])}/{s['health']}" if s["health"] else ""
    right = " · ".join(x for x in (where, damage) if x)
    text(d, (x1, y), right, MIN_FONT, D.MUTED, "rm")
    if s["player"]:
        text(d, (x0 + 40, y), D.fit(s["player"], MIN_FONT, x1 - x0 - 48 - D.text_width(right, MIN_FONT)),
             MIN_FONT, D.CREAM, "lm")
    if s["health"]:  # damage as a bar under the row, in the colours of whoever dealt it
        _damage_bar(img, s, x0 + 40, y + 17, x1)
    return y + 36


def _damage_bar(img, s: dict, x0: int, y: int, x1: int) -> None:
    pips = [src for src, k in s["dmg"] for _ in range(k)]
    total = max(s["health"], len(pips))
    step = min((x1 - x0) / total, 24)
    for i in range(total):
        fill = seat_colour(pips[i]) if i < len(pips) else (12, 40, 28)
        D.paste(img, D.rounded(max(3, round(step) - 2), 6, fill, None, 2, 0), x0 + i * step, y)


def _rose(img, d, f: dict, x1: float) -> None:
    """The Black Rose's PP on the turn's row, left of the Moon (a row of its own made the picture taller
    than a phone shows beside the prompt); drawn after the mages' PP, as the board text lists them."""
    pp = tr("{n} PP", n=f["rose_pp"])
    text(d, (x1, 28), pp, MIN_FONT + 1, (240, 150, 160), "rm", bold=True)
    x1 -= D.text_width(pp, MIN_FONT + 1) + 8
    text(d, (x1, 28), tr("The Black Rose"), MIN_FONT + 1, (240, 150, 160), "rm", bold=True)
    D.paste(img, D.disc(28, ROSE, D.INK, 2), x1 - D.text_width(tr("The Black Rose"), MIN_FONT + 1) - 36, 14)


def _moon(f: dict) -> str:
    return tr("Moon {n}", n=W.moon(f["moon"]))


def _event_lines(f: dict) -> list[list[str]]:
    """Each Event space's name in the lines its third of the row holds."""
    return [_wrap(W.event_name(e) if e else tr("empty"), MIN_FONT, EVENT_W - 38) for e in f["events"][:3]]


EVENT_W = (WIDTH - 48 - 100) // 3 - 6


def _events(img, d, f: dict, x0: int, y: int, x1: int) -> None:
    """The three Event spaces in one row after the word "Events"."""
    left = x1 - 3 * EVENT_W - 12
    names = _event_lines(f)
    h = 38 + LINE * (max(map(len, names), default=1) - 1)
    text(d, (x0, y + h // 2), tr("Events"), MIN_FONT, D.CREAM, "lm", bold=True)
    for i, (e, lines) in enumerate(zip(f["events"][:3], names)):
        cx = left + i * (EVENT_W + 6)
        fill = (58, 30, 44) if e else (16, 48, 34)
        D.paste(img, D.rounded(EVENT_W, h, fill, (150, 96, 120) if e else D.FELT_LINE, 6, 1), cx, y)
        text(d, (cx + 14, y + h // 2 + 1), str(i + 1), MIN_FONT, D.GOLD if e else D.DIM, "mm", bold=True)
        for k, ln in enumerate(lines):
            text(d, (cx + 30, y + h // 2 + 1 + (k - (len(lines) - 1) / 2) * LINE), ln, MIN_FONT,
                 D.CREAM if e else D.DIM, "lm")
