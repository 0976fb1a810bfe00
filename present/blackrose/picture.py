"""Black Rose Wars pictures: the Lodge (19 hex rooms, Cells, mages, Evocations, instability, activation tokens)
with the turn above it and the mages (PP, damage, where they stand, the Crown), the Black Rose and the Events
below it, drawn from public view facts only (board_facts.py, which the board text reads too; the text also
lists each Evocation in full); a seat's view draws that seat's spells instead (hand_picture.py).

Sized for a phone: the picture is WIDTH px wide, a phone shows it PHONE px wide, and every word is drawn at
MIN_FONT px or more, so at least READABLE px tall there (tests check every word's size). It is at most
MAX_RATIO times as tall as wide, so a phone shows it whole next to the prompt. Rooms carry the engine's own
labels (X, A1-A6, B1-B12, engine/blackrose/board.py) and sit where its axial coordinates put them; a room's
name wraps onto two lines under its label (a word too long for the hex is broken with a hyphen, never cut).
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
PHONE = 400                                   # px: how wide a phone shows a message's picture
READABLE = 9                                  # px: the smallest text a phone reader can read
MIN_FONT = math.ceil(READABLE * WIDTH / PHONE)  # 18: 9 px when shown PHONE px wide
MAX_RATIO = 1.3                               # height / width: a phone shows it whole beside the prompt
STYLE = 3                                     # Black Rose Wars' own drawing version (in the key: see facts_of)
S = 70                                        # hex size: centre to corner, in px
HEAD = 72                                     # the turn, phase and whom the table waits for, above the Lodge
BOARD_X, BOARD_Y = WIDTH // 2, HEAD + 362     # the Black Rose Room's centre
CELL = 38                                     # a Cell's hex size (drawn smaller than a room)
LODGE_BOTTOM = BOARD_Y + 362                  # below the lowest Cell
SEAT_ROW = 64                                 # one mage in the list below the Lodge (two rows of text)

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
    return LODGE_BOTTOM + SEAT_ROW * -(-len(f["seats"]) // 2) + 90 + events


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
            D.paste(img, _cell_tile(int(n), tr("Cell {n}", n=n)), x - CELL - 2, y - CELL - 2)
            if any(s["n"] == int(n) and s["at"] == "cell" for s in f["seats"]):
                _models(img, d, x, y + 14, [("mage", int(n), n)])
    for room in f["rooms"]:
        x, y = hex_xy(*B.HEX[room["label"]])
        D.paste(img, _room_tile(room["label"], W.room_kind_name(room["room"]), room["colour"], room["token"],
                                room["destroyed"], tr("destroyed")), x - S, y - S)
        low = 10 if len(_wrap(W.room_kind_name(room["room"]), NAME_FONT, NAME_WIDTH)) > 2 else 0  # a 3-line name
        if not room["destroyed"]:
            _instability(img, d, x, y + 47 + low, room["slots"], room["inst"])
        _models(img, d, x, y + 22 + low, where.get(room["label"], []))
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


NAME_FONT, LABEL_FONT = MIN_FONT, MIN_FONT + 2
NAME_WIDTH = round(S * math.sqrt(3)) - 14     # a name line across the hex's straight middle part
LINE = 20                                     # between a name's two lines


@lru_cache(maxsize=128)  # ~50 KB each; a game uses 19-40
def _room_tile(label: str, name: str, colour: str, token: str, destroyed: bool, ruined: str) -> Image.Image:
    """One room's tile: its label (with the activation token beside it) and its name on up to two lines;
    instability and models go on top. A sprite 2S x 2S centred on the hex; rooms change rarely, so most
    pictures reuse every tile."""
    tile = Image.new("RGBA", (2 * S, 2 * S), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    x = y = S
    base = ROOM_FILL.get(colour, ROOM_FILL["grey"])
    if destroyed:  # turned over: the ruined back of the tile, its label still there to target
        _paste_hex(tile, x, y, S - 2, RUIN, (94, 86, 80), 2)
        text(d, (x, y - 44), label, LABEL_FONT, (200, 190, 178), "mm", bold=True)
        said = _wrap(ruined, NAME_FONT, NAME_WIDTH)
        for i, ln in enumerate(said + _wrap(name, NAME_FONT, NAME_WIDTH)):
            text(d, (x, y - 20 + i * LINE), ln, NAME_FONT, (210, 200, 190) if i < len(said) else (160, 150, 140), "mm")
        return tile
    _paste_hex(tile, x, y, S - 2, base, _lighter(base, .35), 2)
    width = D.text_width(label, LABEL_FONT)
    lx = x - (9 if token != "none" else 0)
    text(d, (lx, y - 44), label, LABEL_FONT, D.WHITE, "mm", bold=True)
    if token != "none":
        _token(tile, round(lx + width / 2 + 10), y - 44, token == "ready", base)
    lines = _wrap(name, NAME_FONT, NAME_WIDTH)
    step = LINE if len(lines) <= 2 else LINE - 2
    for i, ln in enumerate(lines):  # one line on the hex's middle row, two just above and below it
        text(d, (x, y - (12 if len(lines) <= 2 else 6) + i * step - (len(lines) - 1) * step // 2), ln, NAME_FONT,
             D.CREAM, "mm")
    return tile


def text(d, xy, s: str, size: int, fill=D.WHITE, anchor: str = "la", bold: bool = False) -> None:
    """Every word on the picture is drawn here, at MIN_FONT px or more (LAYOUT records them for the tests)."""
    if LAYOUT is not None:
        LAYOUT.append((s, size))
    if D.measured is not None:  # as present/draw.py's own texts report: (text, size asked, used, width, box)
        D.measured.append((s, size, size, D.text_width(s, size), D.text_width(s, size)))
    D.text(d, xy, s, size, fill, anchor, bold)


LAYOUT: list | None = None  # set to a list to record (text, size) of every word drawn


def _wrap(s: str, size: int, width: float) -> list[str]:
    """s in lines that fit `width`, broken at spaces; a word too long for a line is broken with a hyphen
    (a room's name in a longer language), never cut. Two lines for every room name in every language
    (tests check it)."""
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
    D.paste(img, D.rounded(w, 20, seat_colour(most), D.GOLD if len(filled) >= slots else D.INK, 6,
                           2 if len(filled) >= slots else 1), x - w / 2, y - 10)
    text(d, (x, y + 1), count, MIN_FONT, D.WHITE if most == 0 else D.INK, "mm", bold=True)


def _models(img, d, x, y, models: list) -> None:
    """Mages (discs with the seat number) and Evocations (tags with their id), in their owners' colours,
    in one row; a crowd wider than the hex overlaps a little rather than shrink the numbers."""
    if not models:
        return
    widths = [26 if k == "mage" else max(32, round(D.text_width(ident, MIN_FONT)) + 8) for k, _, ident in models]
    full = sum(widths)
    room = 2 * S - 16
    gap = 2 if full + 2 * (len(models) - 1) <= room else -max(0, (full - room) // max(1, len(models) - 1))
    cx = x - (full + gap * (len(models) - 1)) / 2
    for (kind, n, ident), w in zip(models, widths):
        if kind == "mage":
            D.paste(img, D.disc(26, seat_colour(n), D.INK, 2), cx, y - 13)
        else:
            D.paste(img, D.rounded(w, 24, seat_colour(n), D.INK, 5, 1), cx, y - 12)
        text(d, (cx + w / 2, y + 1), ident, MIN_FONT, D.INK, "mm", bold=True)
        cx += w + gap


@lru_cache(maxsize=8)
def _cell_tile(n: int, label: str) -> Image.Image:
    tile = Image.new("RGBA", (2 * CELL + 4, 2 * CELL + 4), (0, 0, 0, 0))
    _paste_hex(tile, CELL + 2, CELL + 2, CELL, NIGHT, seat_colour(n), 3)
    text(ImageDraw.Draw(tile), (CELL + 2, CELL - 12), label, MIN_FONT, seat_colour(n), "mm", bold=True)
    return tile


# ---- above and below the Lodge: the turn; the mages, the Black Rose, the Events -----------------------------

def _head(img, d, f: dict, x0: int, x1: int) -> None:
    """The turn and the Moon on the first row; the phase and whom the table waits for on the second."""
    title = tr("Game over") if f["over"] else tr("Game turn {n}", n=f["turn"]) if f["turn"] else tr("Setting up")
    moon = tr("Moon {n}", n=W.moon(f["moon"]))
    text(d, (x1, 30), moon, MIN_FONT + 1, D.CREAM, "rm")
    D.put_symbol(img, "moon", x1 - D.text_width(moon, MIN_FONT + 1) - 14, 30, 22, (226, 222, 200))
    text(d, (x0, 30), title, MIN_FONT + 4, D.CREAM, "lm", bold=True)
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
        text(d, (x0, 58), sub, MIN_FONT, D.MUTED, "lm")


def _mages(img, d, f: dict, x0: int, y: int, x1: int) -> None:
    """The mages two to a row, then the Black Rose and the Events."""
    half = (x1 - x0) // 2
    for i, s in enumerate(f["seats"]):
        left = x0 + (i % 2) * (half + 12)
        _seat_rows(img, d, s, f, left, y + (i // 2) * SEAT_ROW, left + half - 12)
    y += SEAT_ROW * -(-len(f["seats"]) // 2)
    _rose_row(img, d, f, x0, y, x1)
    _events(img, d, f, x0, y + 40, x1)


def _seat_rows(img, d, s: dict, f: dict, x0: int, y: int, x1: int) -> int:
    """Two rows per mage: seat disc, mage and player, PP; then where they stand and their damage."""
    n, colour = s["n"], seat_colour(s["n"])
    if n in f["waiting"]:
        D.paste(img, D.disc(30, (0, 0, 0, 0), D.GOLD, 2), x0 - 3, y - 3)
    D.paste(img, D.disc(24, colour, D.INK, 2), x0, y)
    text(d, (x0 + 12, y + 13), str(n), MIN_FONT, D.INK, "mm", bold=True)
    pp = tr("{n} PP", n=s["pp"])
    text(d, (x1, y + 12), pp, MIN_FONT + 1, D.GOLD, "rm", bold=True)
    room_for_name = x1 - x0 - 32 - D.text_width(pp, MIN_FONT + 1) - (26 if f["crown"] == n else 6)
    mage = W.mage_name(s["mage"]) if s["mage"] else tr("Seat {n}", n=n)
    name = D.fit(mage, MIN_FONT + 1, room_for_name)
    text(d, (x0 + 32, y + 12), name, MIN_FONT + 1, D.CREAM, "lm", bold=True)
    if f["crown"] == n:
        D.put_symbol(img, "crown", x0 + 32 + D.text_width(name, MIN_FONT + 1) + 13, y + 11, 20, D.GOLD)
    y += 30
    where = tr("Cell") if s["at"] == "cell" else s["at"]
    damage = f"{sum(k for _, k in s['dmg'])}/{s['health']}" if s["health"] else ""
    right = " · ".join(x for x in (where, damage) if x)
    text(d, (x1, y), right, MIN_FONT, D.MUTED, "rm")
    if s["player"]:
        text(d, (x0 + 32, y), D.fit(s["player"], MIN_FONT, x1 - x0 - 40 - D.text_width(right, MIN_FONT)),
             MIN_FONT, D.CREAM, "lm")
    if s["health"]:  # damage as a bar under the row, in the colours of whoever dealt it
        _damage_bar(img, s, x0 + 32, y + 12, x1)
    return y + 28


def _damage_bar(img, s: dict, x0: int, y: int, x1: int) -> None:
    pips = [src for src, k in s["dmg"] for _ in range(k)]
    total = max(s["health"], len(pips))
    step = min((x1 - x0) / total, 24)
    for i in range(total):
        fill = seat_colour(pips[i]) if i < len(pips) else (12, 40, 28)
        D.paste(img, D.rounded(max(3, round(step) - 2), 6, fill, None, 2, 0), x0 + i * step, y)


def _rose_row(img, d, f: dict, x0: int, y: int, x1: int) -> None:
    D.paste(img, D.disc(24, ROSE, D.INK, 2), x0, y)
    text(d, (x0 + 32, y + 12), tr("The Black Rose"), MIN_FONT + 1, (240, 150, 160), "lm", bold=True)
    text(d, (x1, y + 12), tr("{n} PP", n=f["rose_pp"]), MIN_FONT + 1, (240, 150, 160), "rm", bold=True)


def _event_lines(f: dict) -> list[list[str]]:
    """Each Event space's name in the lines its third of the row holds."""
    return [_wrap(W.event_name(e) if e else tr("empty"), MIN_FONT, EVENT_W - 34) for e in f["events"][:3]]


EVENT_W = (WIDTH - 48 - 90) // 3 - 6


def _events(img, d, f: dict, x0: int, y: int, x1: int) -> None:
    """The three Event spaces in one row after the word "Events"."""
    label = tr("Events")
    text(d, (x0, y + 15), label, MIN_FONT, D.CREAM, "lm", bold=True)
    left = x1 - 3 * EVENT_W - 12
    names = _event_lines(f)
    h = 30 + LINE * (max(map(len, names), default=1) - 1)
    for i, (e, lines) in enumerate(zip(f["events"][:3], names)):
        cx = left + i * (EVENT_W + 6)
        fill = (58, 30, 44) if e else (16, 48, 34)
        D.paste(img, D.rounded(EVENT_W, h, fill, (150, 96, 120) if e else D.FELT_LINE, 6, 1), cx, y)
        text(d, (cx + 12, y + h // 2 + 1), str(i + 1), MIN_FONT, D.GOLD if e else D.DIM, "mm", bold=True)
        for k, ln in enumerate(lines):
            text(d, (cx + 26, y + h // 2 + 1 + (k - (len(lines) - 1) / 2) * LINE), ln, MIN_FONT,
                 D.CREAM if e else D.DIM, "lm")
