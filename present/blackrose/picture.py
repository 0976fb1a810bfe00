"""Black Rose Wars pictures: the Lodge (19 hex rooms, Cells, mages, Evocations, instability, activation tokens)
beside the mages' panel (PP, damage, Evocations, Crown, Moon, Events), drawn from public view facts only
(board_facts.py, which the board text reads too); a seat's view draws that seat's spells instead
(hand_picture.py).

Designed for Discord's inline width: the picture is WIDTH px wide and every word is drawn at least MIN_FONT
px, so shown 550 px wide (SHOWN) every label is at least 11 px tall (tests check the layout's font sizes).
Rooms carry the engine's own labels (X, A1-A6, B1-B12, engine/blackrose/board.py) and sit where its axial
coordinates put them. Seats are numbers 1..n in a seat colour, named by mage and, when the names are
given, by player; the Black Rose's tokens are crimson. Every word goes through present/i18n.py, and the
reading language is part of the picture's key."""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.blackrose import board as B
from present import draw as D
from present.blackrose import board_facts as F
from present.blackrose import words as W
from present.i18n import lang, tr

WIDTH, HEIGHT = 800, 600
SHOWN = 550                                   # Discord's inline width
MIN_FONT = math.ceil(11 * WIDTH / SHOWN)      # 16: 11 px when shown SHOWN px wide
S = 55                                        # hex size: centre to corner, in px
BOARD_X, BOARD_Y = 284, 300                   # the Black Rose Room's centre
CELL = 32                                     # a Cell's hex size (drawn smaller than a room)
PANEL_X = 566

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


def render(f: dict) -> Image.Image:
    img, d = D.canvas(HEIGHT, WIDTH)
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
                _models(img, d, x, y + 12, [("mage", int(n), n)])
    for room in f["rooms"]:
        x, y = hex_xy(*B.HEX[room["label"]])
        D.paste(img, _room_tile(room["label"], W.room_kind_name(room["room"]), room["colour"], room["token"],
                                room["destroyed"], tr("destroyed")), x - S, y - S)
        if not room["destroyed"]:
            _instability(img, d, x, y + 38, room["slots"], room["inst"])
        _models(img, d, x, y + 16, where.get(room["label"], []))
    _panel(img, d, f, PANEL_X, WIDTH - 14)
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
        text(d, (x, y - 31), label, LABEL_FONT, (200, 190, 178), "mm", bold=True)
        text(d, (x, y - 8), D.fit(ruined, NAME_FONT, 2 * S - 12), NAME_FONT, (210, 200, 190), "mm")
        text(d, (x, y + 12), D.fit(name, NAME_FONT, 2 * S - 14), NAME_FONT, (160, 150, 140), "mm")
        return tile
    _paste_hex(tile, x, y, S - 2, base, _lighter(base, .35), 2)
    width = D.text_width(label, LABEL_FONT)
    lx = x - (9 if token != "none" else 0)
    text(d, (lx, y - 32), label, LABEL_FONT, D.WHITE, "mm", bold=True)
    if token != "none":
        _token(tile, round(lx + width / 2 + 10), y - 32, token == "ready", base)
    lines = _wrap(name, NAME_FONT, 2 * S - 12)
    for i, ln in enumerate(lines[:2]):
        text(d, (x, y - 12 + i * 16 - (len(lines[:2]) - 1) * 8), ln, NAME_FONT, D.CREAM, "mm")
    return tile


def text(d, xy, s: str, size: int, fill=D.WHITE, anchor: str = "la", bold: bool = False) -> None:
    """Every word on the picture is drawn here, at MIN_FONT px or more (LAYOUT records them for the tests)."""
    if LAYOUT is not None:
        LAYOUT.append((s, size))
    D.text(d, xy, s, size, fill, anchor, bold)


LAYOUT: list | None = None  # set to a list to record (text, size) of every word drawn


def _wrap(s: str, size: int, width: float) -> list[str]:
    """Up to two lines that fit `width`; a word too long for a line is shortened with '..'."""
    if D.text_width(s, size) <= width or " " not in s:
        return [D.fit(s, size, width)]
    words = s.split()
    for i in range(len(words) - 1, 0, -1):
        a, b = " ".join(words[:i]), " ".join(words[i:])
        if D.text_width(a, size) <= width:
            return [a, D.fit(b, size, width)]
    return [D.fit(words[0], size, width), D.fit(" ".join(words[1:]), size, width)]


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
    widths = [24 if k == "mage" else max(30, round(D.text_width(ident, MIN_FONT)) + 8) for k, _, ident in models]
    full = sum(widths)
    gap = 2 if full + 2 * (len(models) - 1) <= 2 * S - 10 else -max(0, (full - (2 * S - 10)) // max(1, len(models) - 1))
    cx = x - (full + gap * (len(models) - 1)) / 2
    for (kind, n, ident), w in zip(models, widths):
        if kind == "mage":
            D.paste(img, D.disc(24, seat_colour(n), D.INK, 2), cx, y - 12)
        else:
            D.paste(img, D.rounded(w, 22, seat_colour(n), D.INK, 5, 1), cx, y - 11)
        text(d, (cx + w / 2, y + 1), ident, MIN_FONT, D.INK, "mm", bold=True)
        cx += w + gap


@lru_cache(maxsize=8)
def _cell_tile(n: int, label: str) -> Image.Image:
    tile = Image.new("RGBA", (2 * CELL + 4, 2 * CELL + 4), (0, 0, 0, 0))
    _paste_hex(tile, CELL + 2, CELL + 2, CELL, NIGHT, seat_colour(n), 3)
    text(ImageDraw.Draw(tile), (CELL + 2, CELL - 12), D.fit(label, MIN_FONT, 2 * CELL - 8), MIN_FONT, seat_colour(n),
         "mm", bold=True)
    return tile


# ---- the panel: turn, Moon, mages, the Black Rose, Events ------------------------------------------------

def _panel(img, d, f: dict, x0: int, x1: int) -> None:
    D.paste(img, D.rounded(x1 - x0 + 8, HEIGHT - 24, (20, 56, 40), D.FELT_LINE, 12, 2), x0 - 4, 12)
    x0, x1 = x0 + 8, x1 - 8
    title = tr("Game over") if f["over"] else tr("Game turn {n}", n=f["turn"]) if f["turn"] else tr("Setting up")
    moon = tr("Moon {n}", n=W.moon(f["moon"]))
    text(d, (x1, 34), moon, MIN_FONT, D.CREAM, "rm")
    D.put_symbol(img, "moon", x1 - D.text_width(moon, MIN_FONT) - 12, 34, 20, (226, 222, 200))
    text(d, (x0, 34), D.fit(title, MIN_FONT + 4, x1 - x0 - D.text_width(moon, MIN_FONT) - 30), MIN_FONT + 4, D.CREAM,
         "lm", bold=True)
    who = {s["n"]: s["player"] or W.mage_name(s["mage"]) or tr("Seat {n}", n=s["n"]) for s in f["seats"]}
    if f["over"]:
        won = ", ".join(who.get(n, str(n)) for n in f["winners"])
        sub = [tr("Grand Master: {who}", who=won) if won else tr("The Black Rose wins")]
    else:
        sub = [phase_name(f["phase"])]
        if f["waiting"]:
            sub.append(tr("waiting for {who}", who=", ".join(who.get(n, str(n)) for n in f["waiting"])))
    y = 60
    for s in sub:
        if s:
            text(d, (x0, y), D.fit(s, MIN_FONT, x1 - x0), MIN_FONT, D.MUTED, "lm")
            y += 20
    y += 8
    evo_room = HEIGHT - 96 - 24 - 4 * 50 - y  # what is left for Evocation lines above the Events
    per_line = max(0, evo_room // 19)
    for s in f["seats"]:
        evos = [e for e in f["evos"] if e["owner"] == s["n"]]
        y = _seat_rows(img, d, s, f, x0, y, x1)
        shown = evos if len(evos) <= per_line else []
        for e in shown:
            line = tr("{id} {evo} in {room}", id=e["id"], evo=W.evo_kind_name(e["kind"]), room=e["at"])
            if e["dmg"]:
                line += f"  {e['dmg']}/{e['health']}"
            text(d, (x0 + 30, y), D.fit(line, MIN_FONT, x1 - x0 - 30), MIN_FONT, D.MUTED, "lm")
            y += 19
        per_line -= len(shown)
        if evos and not shown:  # too many to list one a line: their ids and rooms on one line
            line = ", ".join(f"{e['id']} {e['at']}" for e in evos)
            text(d, (x0 + 30, y), D.fit(line, MIN_FONT, x1 - x0 - 30), MIN_FONT, D.MUTED, "lm")
            y += 19
        y += 6
    _rose_row(img, d, f, x0, y + 2, x1)
    _events(img, d, f["events"], x0, HEIGHT - 108, x1)


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
    step = (x1 - x0) / total
    for i in range(total):
        fill = seat_colour(pips[i]) if i < len(pips) else (12, 40, 28)
        D.paste(img, D.rounded(max(3, round(step) - 2), 6, fill, None, 2, 0), x0 + i * step, y)


def _rose_row(img, d, f: dict, x0: int, y: int, x1: int) -> None:
    D.paste(img, D.disc(24, ROSE, D.INK, 2), x0, y)
    text(d, (x0 + 32, y + 12), tr("The Black Rose"), MIN_FONT + 1, (240, 150, 160), "lm", bold=True)
    text(d, (x1, y + 12), tr("{n} PP", n=f["rose_pp"]), MIN_FONT + 1, (240, 150, 160), "rm", bold=True)


def _events(img, d, events: list, x0: int, y: int, x1: int) -> None:
    text(d, (x0, y), tr("Events"), MIN_FONT, D.CREAM, "lm", bold=True)
    for i, e in enumerate(events[:3]):
        top = y + 12 + i * 28
        fill = (58, 30, 44) if e else (16, 48, 34)
        D.paste(img, D.rounded(x1 - x0, 25, fill, (150, 96, 120) if e else D.FELT_LINE, 6, 1), x0, top)
        text(d, (x0 + 12, top + 13), str(i + 1), MIN_FONT, D.GOLD if e else D.DIM, "mm", bold=True)
        name = W.event_name(e) if e else tr("empty")
        text(d, (x0 + 26, top + 13), D.fit(name, MIN_FONT, x1 - x0 - 32), MIN_FONT, D.CREAM if e else D.DIM, "lm")
