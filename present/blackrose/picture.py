"""Black Rose Wars pictures: the Lodge (19 hex rooms, Cells, mages, Evocations, instability, activation
tokens) beside the Power Board (PP track, Moon, Events, Crown), drawn from public view facts only; a seat's
view draws that seat's spells instead (hand_picture.py).

Rooms carry the engine's own labels (X, A1-A6, B1-B12, engine/blackrose/board.py) and sit where its axial
coordinates put them, so "A2" on the picture is the room a spell targeting A2 hits. Seats are numbers 1..n
in a seat colour, named by their mage (never by player); the Black Rose's tokens are crimson."""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.blackrose import board as B
from engine.blackrose import cards as C
from present import draw as D

WIDTH = 1000         # Discord shows ~520 px; 1000 keeps the room labels sharp when scaled down
HEIGHT = 720
S = 62               # hex size: centre to corner, in px
BOARD_X, BOARD_Y = 338, 372   # the Black Rose Room's centre
PANEL_X = 676

SEAT_COLOUR = ((240, 132, 36), (64, 196, 232), (236, 96, 184), (246, 240, 224))
ROSE = (196, 30, 62)
ROOM_FILL = {"red": (150, 54, 48), "yellow": (168, 134, 44), "blue": (48, 86, 152), "grey": (100, 102, 108),
             "green": (52, 118, 64), "purple": (108, 62, 136), "black": (34, 26, 34)}
RUIN = (58, 52, 50)
NIGHT = (22, 24, 36)
PHASE_NAME = {"pick_mage": "Choosing mages", "pick_school": "Choosing schools", "quests": "Quests",
              "study": "Study", "prep": "Preparation", "turn": "Action Phase", "evo_seat": "Evocations",
              "crown_choice": "The Crown"}
ROMAN = {1: "I", 2: "II", 3: "III"}


def seat_colour(n: int) -> tuple:
    """Seat n's colour (1-based); 0 is the Black Rose."""
    return ROSE if n == 0 else SEAT_COLOUR[(n - 1) % len(SEAT_COLOUR)]


def draw(view: dict) -> tuple[bytes, str]:
    if view.get("me") in (view.get("seats") or ()) and view.get("hand") is not None:
        from present.blackrose import hand_picture
        return hand_picture.draw(view)
    return D.cached("blackrose", facts_of(view), render)


# ---- facts: exactly what the board shows, public keys only ---------------------------------------------

def facts_of(view: dict) -> dict:
    def get(k: str, default):  # a missing or empty fact draws as nothing, never as a crash
        return view.get(k) or default
    seats = list(get("seats", ()))
    num = {s: i + 1 for i, s in enumerate(seats)}
    num["rose"] = 0
    mages, dmg, pos = get("mage", {}), get("dmg", {}), get("pos", {})
    f = {
        "turn": get("turn", 0), "moon": get("moon", 1), "phase": PHASE_NAME.get(view.get("phase"), ""),
        "crown": num.get(view.get("crown")), "waiting": sorted(num[s] for s in get("waiting", ()) if s in num),
        "over": bool(view.get("over")), "winners": sorted(num[s] for s in get("winners", ()) if s in num),
        "rose_pp": get("pp", {}).get("rose", 0),
        "events": [C.EVENTS[e]["name"] if e in C.EVENTS else None for e in get("board", (None,) * 3)],
    }
    totals = get("final", {}).get("totals") if f["over"] else None
    f["seats"] = [{
        "n": num[s], "mage": C.MAGES.get(mages.get(s), {}).get("name", ""),
        "health": C.MAGES.get(mages.get(s), {}).get("health", 0),
        "dmg": sorted([num.get(src, 0), k] for src, k in (dmg.get(s) or {}).items() if k),
        "pp": (totals or get("pp", {})).get(s, 0), "at": pos.get(s, "cell"),
    } for s in seats]
    inst, tint, gone, used = get("inst", {}), get("tint", {}), get("destroyed", ()), get("activated", ())
    f["rooms"] = [{
        "label": lab, "name": C.ROOMS[rid]["name"], "colour": tint.get(lab) or C.ROOMS[rid]["colour"],
        "slots": C.ROOMS[rid]["resistance"], "destroyed": lab in gone, "inst": _instability(inst.get(lab) or {}, num),
        # The Black Rose Room's activation token comes onto the board with the Second Moon.
        "token": "none" if rid == "black_rose" and f["moon"] < 2 else "used" if lab in used else "ready",
    } for lab, rid in get("layout", {}).items() if lab in B.HEX and rid in C.ROOMS]
    f["cells"] = {str(num[s]): cell_hex(ex) for s, ex in get("cells", {}).items() if s in num and ex}
    f["evos"] = [{"id": e.get("id", ""), "name": C.EVOS.get(e.get("kind"), {}).get("name", ""),
                  "owner": num.get(e.get("owner"), 0), "at": e.get("at"), "dmg": e.get("dmg", 0)}
                 for e in get("evos", ())]
    return f


def _instability(placed: dict, num: dict) -> list[int]:
    """One entry per token, seats in seat order and the Black Rose (0) last, so equal rooms draw alike."""
    out = sorted((num[w], k) for w, k in placed.items() if w in num and w != "rose" and isinstance(k, int))
    rose = placed.get("rose", 0)
    return [n for n, k in out + [(0, rose if isinstance(rose, int) else 0)] for _ in range(max(0, k))]


def cell_hex(exits: list[str]) -> list[int] | None:
    """A Cell's hex, found from the two rooms it opens onto (the view gives its exits)."""
    want = sorted(exits)
    for q in range(-3, 4):
        for r in range(-3, 4):
            if B.dist((q, r), (0, 0)) == 3 and sorted(B.cell_exits((q, r))) == want:
                return [q, r]
    return None


# ---- drawing ---------------------------------------------------------------------------------------------

def hex_xy(q: float, r: float) -> tuple[float, float]:
    """Pointy-top axial layout, clockwise from the east on screen as board.py counts its labels."""
    return BOARD_X + S * math.sqrt(3) * (q + r / 2), BOARD_Y + S * 1.5 * r


def render(f: dict) -> Image.Image:
    img = _background(f["moon"]).copy()
    d = ImageDraw.Draw(img)
    for n, h in f["cells"].items():
        if h:
            x, y = hex_xy(*h)
            D.paste(img, _cell_tile(int(n)), x - S, y - S)
    where: dict[str, list] = {}
    for s in f["seats"]:
        where.setdefault(s["at"], []).append(("mage", s["n"], ""))
    for e in f["evos"]:
        where.setdefault(e["at"], []).append(("evo", e["owner"], e["id"]))
    for room in f["rooms"]:
        x, y = hex_xy(*B.HEX[room["label"]])
        D.paste(img, _room_tile(room["label"], room["name"], room["colour"], room["slots"], room["token"],
                                room["destroyed"]), x - S, y - S)
        if not room["destroyed"]:
            _slots(img, x, y + 36, room["slots"], room["inst"], ROOM_FILL.get(room["colour"], ROOM_FILL["grey"]))
        _models(img, d, x, y + 14, where.get(room["label"], []))
    for kind, n, _ in where.get("cell", []):
        h = f["cells"].get(str(n))
        if h:
            x, y = hex_xy(*h)
            _models(img, d, x, y + 12, [(kind, n, "")])
    _panel(img, d, f, PANEL_X, WIDTH - 22)
    return img


@lru_cache(maxsize=4)
def _background(moon: int) -> Image.Image:
    """The felt and the Power Board's fixed print (titles, Moon bands, legend): drawn once per Moon."""
    img, d = D.canvas(HEIGHT, WIDTH)
    x0, x1 = PANEL_X, WIDTH - 22
    D.paste(img, D.rounded(x1 - x0 + 12, HEIGHT - 36, (20, 56, 40), D.FELT_LINE, 12, 2), x0 - 6, 18)
    D.text(d, (x0 + 8, TRACK_Y), "Power Points", 16, D.CREAM, "lm", bold=True)
    _track_print(d, moon, x0 + 8, TRACK_Y + 80, x1 - 8)
    D.text(d, (x0 + 8, EVENTS_Y), "Events", 16, D.CREAM, "lm", bold=True)
    _legend(img, d, x0 + 8, HEIGHT - 52)
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


def _darker(c: tuple, k: float = .35) -> tuple:
    return tuple(round(v * (1 - k)) for v in c)


@lru_cache(maxsize=128)  # ~60 KB each; a game uses 19-40
def _room_tile(label: str, name: str, colour: str, slots: int, token: str, destroyed: bool) -> Image.Image:
    """One room's tile with its label, name and activation token (instability and models go on top), a sprite
    2S x 2S centred on the hex; rooms change rarely, so most pictures reuse every tile."""
    tile = Image.new("RGBA", (2 * S, 2 * S), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    x = y = S
    base = ROOM_FILL.get(colour, ROOM_FILL["grey"])
    if destroyed:  # turned over: the ruined back of the tile, its label still there to target
        _paste_hex(tile, x, y, S - 3, RUIN, (94, 86, 80), 2)
        D.text(d, (x, y - 36), label, 21, (200, 190, 178), "mm", bold=True)
        D.text(d, (x, y - 12), "destroyed", 13, (190, 180, 170), "mm")
        for i, ln in enumerate(_wrap(name, 11, 86)):
            D.text(d, (x, y + 32 + i * 12), ln, 11, (150, 140, 130), "mm")
        return tile
    _paste_hex(tile, x, y, S - 3, base, _lighter(base, .35), 2)
    D.text(d, (x, y - 36), label, 21, D.WHITE, "mm", bold=True)
    if token != "none":
        _token(tile, x + 27, y - 33, token == "ready", base)
    lines = _wrap(name, 12, 88)
    for i, ln in enumerate(lines):
        D.text(d, (x, y - 13 + i * 13 - (len(lines) - 1) * 6), ln, 12, D.CREAM, "mm")
    return tile


def _wrap(s: str, size: int, width: float) -> list[str]:
    if D.text_width(s, size) <= width or " " not in s:
        return [D.fit(s, size, width)]
    words = s.split()
    best = [s]
    for i in range(1, len(words)):
        a, b = " ".join(words[:i]), " ".join(words[i:])
        if D.text_width(a, size) <= width and D.text_width(b, size) <= width:
            return [a, b]
    return [D.fit(best[0], size, width)]


def _token(tile, x: int, y: int, ready: bool, base: tuple) -> None:
    """The room's activation token: a gold disc while it can be activated, an empty ring once used."""
    sprite = D.disc(15, D.GOLD, (90, 60, 20), 1) if ready else D.disc(15, (0, 0, 0, 0), _lighter(base, .6), 2)
    tile.alpha_composite(sprite, (x - 7, y - 7))


def _slots(img, x, y, n: int, filled: list[int], base: tuple) -> None:
    """Instability slots (the room's resistance), filled left to right in their owners' colours; overflow
    (allowed until Clean-up destroys the room) adds slots."""
    total = max(n, len(filled))
    per_row = total if total <= 6 else math.ceil(total / 2)
    size, gap = 10, 3
    rows = math.ceil(total / per_row)
    for i in range(total):
        row, col = divmod(i, per_row)
        cnt = min(per_row, total - row * per_row)
        cx = x - (cnt * size + (cnt - 1) * gap) / 2 + col * (size + gap)
        cy = y - (rows - 1) * (size + 1) / 2 + row * (size + 1) - size / 2
        if i < len(filled):
            fill = seat_colour(filled[i])
            D.paste(img, D.disc(size, fill, (20, 16, 16), 1), cx, cy)
        else:
            D.paste(img, D.disc(size, _darker(base), _lighter(base, .3), 1), cx, cy)


def _models(img, d, x, y, models: list) -> None:
    """Mages (discs with the seat number) and Evocations (tags with their id), in their owners' colours: one
    row, shrunk to fit the hex; a crowd of more than five splits into mages above, Evocations below."""
    if not models:
        return
    rows = [models]
    if len(models) > 5:
        rows = [r for r in ([m for m in models if m[0] == "mage"], [m for m in models if m[0] == "evo"]) if r]
    dy = 0 if len(rows) == 1 else -9
    for row in rows:
        w = sum(24 if k == "mage" else 28 for k, _, _ in row) + 3 * (len(row) - 1)
        scale = min(1.0, 92 / w)
        cx = x - w * scale / 2
        for kind, n, ident in row:
            if kind == "mage":
                s = round(24 * scale)
                D.paste(img, D.disc(s, seat_colour(n), D.INK, 2), cx, y + dy - s / 2)
                D.text(d, (cx + s / 2, y + dy + 1), str(n), max(10, round(15 * scale)), D.INK, "mm", bold=True)
                cx += (24 + 3) * scale
            else:
                w2, h2 = round(28 * scale), round(17 * scale)
                D.paste(img, D.rounded(w2, h2, seat_colour(n), D.INK, 4, 1), cx, y + dy - h2 / 2)
                D.text(d, (cx + w2 / 2, y + dy + 1), ident, max(9, round(12 * scale)), D.INK, "mm")
                cx += (28 + 3) * scale
        dy += 18


@lru_cache(maxsize=8)
def _cell_tile(n: int) -> Image.Image:
    tile = Image.new("RGBA", (2 * S, 2 * S), (0, 0, 0, 0))
    _paste_hex(tile, S, S, S - 12, NIGHT, seat_colour(n), 3)
    D.text(ImageDraw.Draw(tile), (S, S - 18), f"Cell {n}", 13, seat_colour(n), "mm", bold=True)
    return tile


# ---- the Power Board: title, mages, PP track, Events ---------------------------------------------------------

def _panel(img, d, f: dict, x0: int, x1: int) -> None:
    title = "Game over" if f["over"] else f"Game turn {f['turn']}" if f["turn"] else "Setting up"
    D.text(d, (x0 + 8, 44), title, 22, D.CREAM, "lm", bold=True)
    moon = f"Moon {ROMAN.get(f['moon'], f['moon'])}"
    D.text(d, (x1 - 8, 44), moon, 17, D.CREAM, "rm")
    D.put_symbol(img, "moon", x1 - 24 - D.text_width(moon, 17), 44, 24, (226, 222, 200))
    who = {s["n"]: s["mage"] or f"seat {s['n']}" for s in f["seats"]}
    sub = f["phase"]
    if f["over"]:
        sub = "Grand Master: " + (", ".join(who.get(n, str(n)) for n in f["winners"]) or "none, the Black Rose wins")
    elif f["waiting"]:
        sub += (" · " if sub else "") + "waiting for " + ", ".join(who.get(n, str(n)) for n in f["waiting"])
    D.text(d, (x0 + 8, 72), D.fit(sub, 15, x1 - x0 - 16), 15, D.MUTED, "lm")
    y = 96
    for s in f["seats"]:
        _seat_row(img, d, s, f, x0 + 8, y, x1 - 8)
        evos = [e for e in f["evos"] if e["owner"] == s["n"]]
        if evos:
            line = " · ".join(f"{e['id']} {e['name']}" + (f" ({e['dmg']} dmg)" if e["dmg"] else "") for e in evos)
            D.text(d, (x0 + 48, y + 48), D.fit(line, 13, x1 - x0 - 56), 13, D.MUTED, "lm")
        y += 62
    _pp_track(img, d, f, x0 + 8, TRACK_Y, x1 - 8)
    _events(img, d, f["events"], x0 + 8, EVENTS_Y, x1 - 8)


def _seat_row(img, d, s: dict, f: dict, x0: int, y: int, x1: int) -> None:
    n, colour = s["n"], seat_colour(s["n"])
    D.paste(img, D.disc(30, colour, D.INK, 2), x0, y)
    D.text(d, (x0 + 15, y + 16), str(n), 17, D.INK, "mm", bold=True)
    name = s["mage"] or f"Seat {n}"
    if n in f["waiting"]:
        D.paste(img, D.disc(38, (0, 0, 0, 0), D.GOLD, 2), x0 - 4, y - 4)
    D.text(d, (x0 + 40, y + 9), name, 18, D.CREAM, "lm", bold=True)
    nx = x0 + 46 + D.text_width(name, 18)
    if f["crown"] == n:
        D.put_symbol(img, "crown", nx + 12, y + 8, 22, D.GOLD)
    where = "in Cell" if s["at"] == "cell" else f"in {s['at']}"
    pp = f"{s['pp']} PP"
    D.text(d, (x1, y + 9), pp, 16, D.GOLD, "rm", bold=True)
    D.text(d, (x1 - D.text_width(pp, 16) - 12, y + 9), where, 14, D.MUTED, "rm")
    if not s["health"] and not s["dmg"]:
        return  # no mage chosen yet: no health to show
    # Health: one pip per point, Damage filling it in the colours of whoever dealt it.
    pips = [src for src, k in s["dmg"] for _ in range(k)]
    size = 11 if s["health"] <= 12 else 8
    for i in range(max(s["health"], len(pips))):
        px = x0 + 40 + i * (size + 3)
        if i < len(pips):
            D.paste(img, D.rounded(size, size, seat_colour(pips[i]), D.INK, 2, 1), px, y + 22)
        else:
            D.paste(img, D.rounded(size, size, (12, 40, 28), (90, 140, 110), 2, 1), px, y + 22)
    D.text(d, (x0 + 40 + max(s["health"], len(pips)) * (size + 3) + 4, y + 27),
           f"{len(pips)}/{s['health']} damage", 13, D.MUTED, "lm")


TRACK_MAX = C.WIN_PP
TRACK_Y, EVENTS_Y = 352, 488


def _track_print(d, moon: int, x0: int, ty: int, x1: int) -> None:
    """The track's fixed print: the three Moon bands (the current one named brighter) and the scale."""
    step = (x1 - x0) / TRACK_MAX
    bands = ((0, C.MOON_AT[2], (34, 46, 66)), (C.MOON_AT[2], C.MOON_AT[3], (44, 52, 86)),
             (C.MOON_AT[3], TRACK_MAX, (60, 52, 100)))
    for i, (a, b, col) in enumerate(bands):
        d.rectangle((x0 + a * step, ty - 6, x0 + b * step, ty + 6), fill=col)
        D.text(d, (x0 + (a + b) / 2 * step, ty + 18), f"Moon {ROMAN[i + 1]}", 12,
               D.CREAM if moon == i + 1 else D.DIM, "mm", bold=moon == i + 1)
    for k in range(0, TRACK_MAX + 1, 6):
        D.text(d, (x0 + k * step, ty + 32), str(k), 11, D.DIM, "mm")


def _pp_track(img, d, f: dict, x0: int, y: int, x1: int) -> None:
    """Power Points 0..30: a marker per seat and the Black Rose, stacked where tokens share a space."""
    D.text(d, (x1, y), f"Black Rose {f['rose_pp']}", 15, (240, 150, 160), "rm", bold=True)
    ty = y + 80
    step = (x1 - x0) / TRACK_MAX
    stacks: dict[int, int] = {}
    for n, pp in [(0, f["rose_pp"])] + [(s["n"], s["pp"]) for s in f["seats"]]:
        v = max(0, min(TRACK_MAX, pp))
        h = stacks.get(v, 0)
        stacks[v] = h + 1
        mx, my = x0 + v * step, ty - 15 - h * 12
        D.paste(img, D.disc(16, seat_colour(n), D.INK, 1), mx - 8, my - 8)
        if n:
            D.text(d, (mx, my + 1), str(n), 10, D.INK, "mm", bold=True)


def _events(img, d, events: list, x0: int, y: int, x1: int) -> None:
    for i, name in enumerate(events[:3]):
        top = y + 16 + i * 42
        fill = (58, 30, 44) if name else (16, 48, 34)
        D.paste(img, D.rounded(x1 - x0, 36, fill, (150, 96, 120) if name else D.FELT_LINE, 7, 2), x0, top)
        D.text(d, (x0 + 18, top + 18), str(i + 1), 15, D.GOLD if name else D.DIM, "mm", bold=True)
        D.text(d, (x0 + 36, top + 18), D.fit(name, 16, x1 - x0 - 46) if name else "empty", 16,
               D.CREAM if name else D.DIM, "lm")


def _legend(img, d, x: int, y: int) -> None:
    D.paste(img, D.disc(13, D.GOLD, (90, 60, 20), 1), x, y - 6)
    D.text(d, (x + 18, y), "token ready", 12, D.MUTED, "lm")
    D.paste(img, D.disc(13, (0, 0, 0, 0), (200, 200, 190), 2), x + 100, y - 6)
    D.text(d, (x + 118, y), "token used", 12, D.MUTED, "lm")
    D.paste(img, D.rounded(22, 13, D.CREAM, D.INK, 3, 1), x + 200, y - 6)
    D.text(d, (x + 226, y), "Evocation", 12, D.MUTED, "lm")
    D.text(d, (x, y + 20), "dots: instability, in the colour of whoever placed it", 12, D.MUTED, "lm")
