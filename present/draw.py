"""Shared drawing helpers for the game pictures: fonts, card and token shapes, symbols, PNG encoding.

Every picture is drawn from facts only (a dict pulled out of a view) and the reading language, so the same
facts in the same language always give the same bytes. That holds on a fresh machine too: English is drawn
in the font Pillow bundles (Aileron, which has ASCII only), every other language in DejaVu Sans Condensed
(present/fonts/, a Latin subset of about the same width), both loaded with the basic layout engine so an
optional libraqm cannot shift a glyph; all shapes are drawn here. Words drawn come from tr(), and each text
is given the width of its box: a longer language gets a smaller size there, never an overflow.
Shapes that want smooth edges are drawn 4x larger once, shrunk, and cached as sprites, so a picture
costs a few pastes rather than a supersampled redraw.
"""
from __future__ import annotations

import hashlib
import io
import json
import math
import threading
from contextlib import contextmanager
from functools import lru_cache
from typing import Callable, Iterator

from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from present.i18n import DEFAULT, lang

# Bump when the drawing changes: keys then change too, so a host never keeps an outdated picture.
STYLE = 3
WIDTH = 800          # Discord shows ~400-520 px; 800 stays sharp when scaled down
SS = 4               # supersampling factor for sprites

FELT = (28, 84, 58)
FELT_DARK = (18, 58, 40)
FELT_LINE = (58, 122, 90)
INK = (34, 30, 28)
CREAM = (248, 243, 230)
PAPER = (236, 228, 208)
WHITE = (255, 255, 255)
GOLD = (230, 190, 90)
MUTED = (170, 200, 182)
DIM = (120, 150, 134)
SHADOW = (0, 0, 0, 90)

Colour = tuple


LATIN_FONT = Path(__file__).with_name("fonts") / "DejaVuSansCondensed-Latin.ttf"
SMALLEST = 10        # a text shrinks to fit its box, never below this size (then it is shortened)
# A test sets this to a list to collect every text drawn: (text, size asked, size used, width, box width (inf
# for a text drawn without one), width of the picture it is drawn on).
measured: list | None = None


@lru_cache(maxsize=128)
def _font(size: int, latin: bool) -> ImageFont.FreeTypeFont:
    if latin:
        found = ImageFont.truetype(str(LATIN_FONT), size, layout_engine=ImageFont.Layout.BASIC)
    else:
        found = ImageFont.load_default(size=size).font_variant(layout_engine=ImageFont.Layout.BASIC)
    _keep_masks(found)
    return found


MASKS = 4096  # rendered texts kept per font (a few MB at most: most are a word or a number)


def _keep_masks(f: ImageFont.FreeTypeFont) -> None:
    """Rendering a text's glyphs (FreeType) was the largest single cost of drawing a picture: a board draws
    the same names, labels and numbers version after version. Pillow's ImageDraw.text asks the font for
    the text's mask (`getmask2`) and only reads it, so the mask of equal arguments is kept and given again:
    the very same pixels. Colour fonts (mode RGBA, whose mask ImageDraw changes) are not kept."""
    render = f.getmask2
    masks: dict = {}

    def getmask2(text, mode="", direction=None, features=None, language=None, stroke_width=0, anchor=None,
                 ink=0, start=None, *args, **kwargs):
        if mode == "RGBA" or args:
            return render(text, mode, direction, features, language, stroke_width, anchor, ink, start,
                          *args, **kwargs)
        key = (text, mode, direction, tuple(features or ()), language, stroke_width, anchor, ink,
               tuple(start) if start is not None else None, tuple(sorted(kwargs.items())))
        found = masks.get(key)
        if found is None:
            if len(masks) >= MASKS:
                masks.clear()  # drawing threads may race here: a mask rendered twice is the same mask
            found = masks[key] = render(text, mode, direction, features, language, stroke_width, anchor,
                                        ink, start, **kwargs)
        return found
    f.getmask2 = getmask2  # type: ignore[method-assign]


def font(size: int) -> ImageFont.FreeTypeFont:
    """The reading language's font at `size`: Pillow's bundled Aileron for English (nothing to ship), the
    packaged DejaVu Sans Condensed subset for any other language (accents, ß, ¿, the pseudo-locale)."""
    return _font(size, lang() != DEFAULT)


def text(d: ImageDraw.ImageDraw, xy: tuple[float, float], s: str, size: int, fill: Colour = WHITE,
         anchor: str = "la", bold: bool = False, width: float | None = None) -> None:
    """Draw s; with `width` (its box, in pixels) a text too wide is drawn smaller, down to SMALLEST, and
    only then shortened with '..'."""
    used = size
    if width is not None:
        while used > SMALLEST and text_width(s, used) > width:
            used -= 1
    if measured is not None:
        measured.append((s, size, used, text_width(s, used), math.inf if width is None else width, d.im.size[0]))
    if width is not None:
        s = fit(s, used, width)
    # Aileron ships one weight; a hairline stroke in the same colour reads as bold.
    d.text(xy, s, font=font(used), fill=fill, anchor=anchor,
           stroke_width=1 if bold else 0, stroke_fill=fill if bold else None)


def text_width(s: str, size: int) -> float:
    return _width(s, size, lang() != DEFAULT)


@lru_cache(maxsize=16384)
def _width(s: str, size: int, latin: bool) -> float:
    """Measured once per text, size and font: fitting a label measures it at each size it tries."""
    return _font(size, latin).getlength(s)


def wrap(s: str, size: int, width: float, most: int = 2) -> tuple[list[str], int]:
    """s broken at spaces into at most `most` lines that each fit `width`, at the largest size from `size`
    down to SMALLEST (a title that a longer language makes too long for one line)."""
    lines: list[str] = [s]
    for used in range(size, SMALLEST - 1, -1):
        lines, current = [], ""
        for word in s.split():
            trial = f"{current} {word}".strip()
            if current and text_width(trial, used) > width:
                lines.append(current)
                current = word
            else:
                current = trial
        lines.append(current)
        if len(lines) <= most and all(text_width(line, used) <= width for line in lines):
            return lines, used
    return lines[:most], SMALLEST


def fit(s: str, size: int, width: float) -> str:
    """s, shortened with '..' so it fits in width pixels (names and titles come from data)."""
    if text_width(s, size) <= width:
        return s
    while s and text_width(s + "..", size) > width:
        s = s[:-1]
    return s.rstrip() + ".."


def canvas(height: int, width: int = WIDTH) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A felt table: flat green with a darker rim (flat areas keep the PNG small)."""
    img = Image.new("RGB", (width, height), FELT_DARK)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((6, 6, width - 7, height - 7), radius=18, fill=FELT, outline=FELT_LINE, width=2)
    return img, d


def banner(d: ImageDraw.ImageDraw, y: int, left: str, right: str = "", width: int = WIDTH) -> None:
    """The title on the left, a status on the right; the two share the row (the title keeps 60%)."""
    room = width - 48
    right_room = 0.0
    if right:
        right_room = min(text_width(right, 18), room * 0.4)
        text(d, (width - 24, y), right, 18, MUTED, "rm", width=right_room)
    text(d, (24, y), left, 22, CREAM, "lm", bold=True, width=room - right_room - (16 if right else 0))


def label(d: ImageDraw.ImageDraw, xy: tuple[float, float], s: str, size: int = 15, fill: Colour = MUTED,
          anchor: str = "mt", width: float | None = None) -> None:
    text(d, xy, s, size, fill, anchor, width=width)


# ---- sprites: smooth shapes drawn once, big, then shrunk -------------------------------------------

def _shrink(big: Image.Image, w: int, h: int) -> Image.Image:
    return big.resize((w, h), Image.Resampling.LANCZOS)


@lru_cache(maxsize=256)
def rounded(w: int, h: int, fill: Colour, outline: Colour | None = None, radius: int = 9,
            line: int = 2) -> Image.Image:
    """An anti-aliased rounded rectangle (a card, a panel, a chip) as an RGBA sprite. Only a small
    one is supersampled; a bigger one is nine-sliced from it (corners kept, edges stretched), so a
    panel the width of the picture costs no more than a card."""
    c = radius + line + 2          # corner size: the curve and the outline fit inside it
    k = 2 * c + 1                  # the small sprite has one middle row and column to stretch
    if w <= 3 * k and h <= 3 * k:
        big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
        ImageDraw.Draw(big).rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), radius=radius * SS, fill=fill,
                                              outline=outline, width=line * SS if outline else 0)
        return _shrink(big, w, h)
    small = rounded(k, k, fill, outline, radius, line)
    out = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    for (sx, sy), (dx, dy) in (((0, 0), (0, 0)), ((k - c, 0), (w - c, 0)), ((0, k - c), (0, h - c)),
                               ((k - c, k - c), (w - c, h - c))):
        out.paste(small.crop((sx, sy, sx + c, sy + c)), (dx, dy))
    out.paste(small.crop((c, 0, c + 1, c)).resize((w - 2 * c, c)), (c, 0))
    out.paste(small.crop((c, k - c, c + 1, k)).resize((w - 2 * c, c)), (c, h - c))
    out.paste(small.crop((0, c, c, c + 1)).resize((c, h - 2 * c)), (0, c))
    out.paste(small.crop((k - c, c, k, c + 1)).resize((c, h - 2 * c)), (w - c, c))
    out.paste(small.getpixel((c, c)), (c, c, w - c, h - c))
    return out


@lru_cache(maxsize=64)
def shadow(w: int, h: int, radius: int = 9) -> Image.Image:
    pad = 6
    img = Image.new("RGBA", (w + 2 * pad, h + 2 * pad), (0, 0, 0, 0))
    ImageDraw.Draw(img).rounded_rectangle((pad, pad, pad + w, pad + h), radius=radius, fill=SHADOW)
    return img.filter(ImageFilter.GaussianBlur(3))


@lru_cache(maxsize=64)
def disc(size: int, fill: Colour, outline: Colour | None = None, line: int = 2) -> Image.Image:
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    ImageDraw.Draw(big).ellipse((0, 0, size * SS - 1, size * SS - 1), fill=fill, outline=outline,
                                width=line * SS if outline else 0)
    return _shrink(big, size, size)


def paste(img: Image.Image, sprite: Image.Image, x: float, y: float) -> None:
    img.paste(sprite, (round(x), round(y)), sprite)


def card(img: Image.Image, x: float, y: float, w: int, h: int, fill: Colour = CREAM,
         outline: Colour = INK, raised: bool = False) -> None:
    """A card blank with a soft shadow; `raised` lifts it (a picked card) and rims it gold."""
    if raised:
        y -= 14
    paste(img, shadow(w, h), x - 6 + 2, y - 6 + 3)
    paste(img, rounded(w, h, fill, GOLD if raised else outline, 9, 3 if raised else 2), x, y)


# ---- symbols: unit-square painters drawn at SS x size --------------------------------------------

Painter = Callable[[ImageDraw.ImageDraw, float, Colour], None]
SYMBOLS: dict[str, Painter] = {}


def symbol_painter(name: str) -> Callable[[Painter], Painter]:
    def register(fn: Painter) -> Painter:
        SYMBOLS[name] = fn
        return fn
    return register


@lru_cache(maxsize=256)
def symbol(name: str, size: int, colour: Colour) -> Image.Image:
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    SYMBOLS[name](ImageDraw.Draw(big), size * SS, colour)
    return _shrink(big, size, size)


def put_symbol(img: Image.Image, name: str, cx: float, cy: float, size: int, colour: Colour) -> None:
    paste(img, symbol(name, size, colour), cx - size / 2, cy - size / 2)


def _pts(s: float, pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    return [(x * s, y * s) for x, y in pts]


@symbol_painter("shield")
def _shield(d, s, c):
    d.polygon(_pts(s, [(.15, .1), (.85, .1), (.85, .5), (.5, .92), (.15, .5)]), fill=c)


@symbol_painter("sword")
def _sword(d, s, c):
    d.polygon(_pts(s, [(.5, .04), (.58, .16), (.58, .66), (.42, .66), (.42, .16)]), fill=c)
    d.rectangle(_pts(s, [(.24, .66), (.76, .74)]), fill=c)
    d.rectangle(_pts(s, [(.45, .74), (.55, .9)]), fill=c)
    d.ellipse(_pts(s, [(.42, .88), (.58, .98)]), fill=c)


@symbol_painter("axe")
def _axe(d, s, c):
    d.rectangle(_pts(s, [(.42, .06), (.52, .96)]), fill=c)
    d.polygon(_pts(s, [(.5, .16), (.74, .12), (.86, .02), (.86, .6), (.74, .48), (.5, .4)]), fill=c)
    d.chord(_pts(s, [(.72, .02), (.98, .6)]), 270, 90, fill=c)
    d.polygon(_pts(s, [(.44, .2), (.2, .28), (.44, .36)]), fill=c)


@symbol_painter("drop")
def _drop(d, s, c):
    d.ellipse(_pts(s, [(.2, .38), (.8, .96)]), fill=c)
    d.polygon(_pts(s, [(.5, .02), (.78, .55), (.22, .55)]), fill=c)


@symbol_painter("sun")
def _sun(d, s, c):
    for i in range(12):
        a = i * math.pi / 6
        d.polygon([(s * (.5 + .48 * math.cos(a)), s * (.5 + .48 * math.sin(a))),
                   (s * (.5 + .3 * math.cos(a + .22)), s * (.5 + .3 * math.sin(a + .22))),
                   (s * (.5 + .3 * math.cos(a - .22)), s * (.5 + .3 * math.sin(a - .22)))], fill=c)
    d.ellipse(_pts(s, [(.26, .26), (.74, .74)]), fill=c)


@symbol_painter("spear")
def _spear(d, s, c):
    d.polygon(_pts(s, [(.5, .02), (.64, .3), (.5, .38), (.36, .3)]), fill=c)
    d.rectangle(_pts(s, [(.46, .34), (.54, .98)]), fill=c)
    d.rectangle(_pts(s, [(.38, .4), (.62, .45)]), fill=c)


@symbol_painter("serpent")
def _serpent(d, s, c):
    # An S-shaped body: a thick line through a vertical sine wave, the head at the top.
    pts = [(s * (.5 + .24 * math.sin(t / 20 * 2.4 * math.pi)), s * (.2 + .74 * t / 20)) for t in range(21)]
    d.line(pts, fill=c, width=int(s * .13), joint="curve")
    d.ellipse(_pts(s, [(.36, .04), (.68, .28)]), fill=c)


@symbol_painter("eagle")
def _eagle(d, s, c):
    d.polygon(_pts(s, [(.02, .3), (.5, .55), (.98, .3), (.8, .62), (.56, .7), (.5, .95), (.44, .7),
                       (.2, .62)]), fill=c)
    d.ellipse(_pts(s, [(.4, .28), (.6, .5)]), fill=c)


@symbol_painter("bird")
def _bird(d, s, c):
    d.polygon(_pts(s, [(.04, .38), (.36, .44), (.5, .3), (.66, .32), (.8, .22), (.74, .4), (.96, .46),
                       (.66, .58), (.56, .8), (.4, .62), (.14, .56)]), fill=c)


@symbol_painter("wolf")
def _wolf(d, s, c):
    d.polygon(_pts(s, [(.14, .06), (.36, .3), (.64, .3), (.86, .06), (.84, .5), (.5, .96), (.16, .5)]),
              fill=c)


@symbol_painter("eye")
def _eye(d, s, c):
    d.chord(_pts(s, [(.02, .2), (.98, 1.1)]), 200, 340, fill=c)
    d.chord(_pts(s, [(.02, -.1), (.98, .8)]), 20, 160, fill=c)
    d.ellipse(_pts(s, [(.34, .34), (.66, .66)]), fill=(0, 0, 0, 0))
    d.ellipse(_pts(s, [(.42, .42), (.58, .58)]), fill=c)


@symbol_painter("pick")
def _pick(d, s, c):
    d.arc(_pts(s, [(.06, .1), (.94, .7)]), 200, 340, fill=c, width=int(s * .12))
    d.line(_pts(s, [(.5, .12), (.5, .96)]), fill=c, width=int(s * .1))


@symbol_painter("heart")
def _heart(d, s, c):
    d.ellipse(_pts(s, [(.06, .12), (.52, .56)]), fill=c)
    d.ellipse(_pts(s, [(.48, .12), (.94, .56)]), fill=c)
    d.polygon(_pts(s, [(.09, .44), (.91, .44), (.5, .92)]), fill=c)


@symbol_painter("star")
def _star(d, s, c):
    pts = []
    for i in range(10):
        r = .48 if i % 2 == 0 else .2
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((s * (.5 + r * math.cos(a)), s * (.52 + r * math.sin(a))))
    d.polygon(pts, fill=c)


@symbol_painter("cup")
def _cup(d, s, c):
    d.chord(_pts(s, [(.2, -.2), (.8, .62)]), 0, 180, fill=c)
    w = int(s * .07)
    d.arc(_pts(s, [(.04, .12), (.34, .42)]), 90, 270, fill=c, width=w)
    d.arc(_pts(s, [(.66, .12), (.96, .42)]), 270, 450, fill=c, width=w)
    d.rectangle(_pts(s, [(.45, .58), (.55, .78)]), fill=c)
    d.rectangle(_pts(s, [(.28, .78), (.72, .9)]), fill=c)


@symbol_painter("coin")
def _coin(d, s, c):
    d.ellipse(_pts(s, [(.08, .08), (.92, .92)]), fill=c)
    d.ellipse(_pts(s, [(.24, .24), (.76, .76)]), outline=(0, 0, 0, 0), width=int(s * .06))


@symbol_painter("crown")
def _crown(d, s, c):
    d.polygon(_pts(s, [(.08, .8), (.08, .26), (.3, .5), (.5, .16), (.7, .5), (.92, .26), (.92, .8)]),
              fill=c)


@symbol_painter("flame")
def _flame(d, s, c):
    d.ellipse(_pts(s, [(.2, .42), (.8, .96)]), fill=c)
    d.polygon(_pts(s, [(.21, .72), (.16, .38), (.32, .5), (.4, .12), (.52, .42), (.64, .02), (.72, .4),
                       (.86, .3), (.79, .72)]), fill=c)


@symbol_painter("fork")
def _fork(d, s, c):
    for x in (.3, .44, .56, .7):
        d.rectangle(_pts(s, [(x - .035, .06), (x + .035, .38)]), fill=c)
    d.chord(_pts(s, [(.26, .18), (.74, .58)]), 0, 180, fill=c)
    d.rectangle(_pts(s, [(.45, .5), (.55, .96)]), fill=c)


@symbol_painter("moon")
def _moon(d, s, c):
    d.ellipse(_pts(s, [(.08, .08), (.92, .92)]), fill=c)
    d.ellipse(_pts(s, [(.3, -.04), (1.1, .76)]), fill=(0, 0, 0, 0))


@symbol_painter("dove")
def _dove(d, s, c):
    d.polygon(_pts(s, [(.04, .5), (.34, .56), (.3, .14), (.6, .46), (.84, .36), (.96, .42), (.8, .5),
                       (.6, .8), (.3, .74)]), fill=c)


@symbol_painter("skull")
def _skull(d, s, c):
    d.ellipse(_pts(s, [(.14, .06), (.86, .72)]), fill=c)
    d.rectangle(_pts(s, [(.3, .6), (.7, .9)]), fill=c)
    d.ellipse(_pts(s, [(.26, .32), (.46, .52)]), fill=(0, 0, 0, 0))
    d.ellipse(_pts(s, [(.54, .32), (.74, .52)]), fill=(0, 0, 0, 0))


@symbol_painter("ring")
def _ring(d, s, c):
    d.ellipse(_pts(s, [(.06, .22), (.94, .78)]), outline=c, width=int(s * .12))


@symbol_painter("ship")
def _ship(d, s, c):
    d.polygon(_pts(s, [(.06, .62), (.94, .62), (.78, .86), (.22, .86)]), fill=c)
    d.rectangle(_pts(s, [(.47, .08), (.53, .62)]), fill=c)
    d.polygon(_pts(s, [(.53, .12), (.86, .54), (.53, .54)]), fill=c)
    d.polygon(_pts(s, [(.47, .2), (.47, .54), (.2, .54)]), fill=c)


# ---- output ---------------------------------------------------------------------------------------

def encode(img: Image.Image, colours: int = 64) -> bytes:
    """A small PNG: an adaptive palette (no dithering: flat areas stay flat and compress well). Fast
    octree quantizing and plain zlib: median cut or optimize=True cost 5-10x the time for ~5% bytes."""
    pal = img.quantize(colors=colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    pal.save(out, "PNG")
    return out.getvalue()


def key(game: str, facts: dict) -> str:
    """A short hash of exactly the facts drawn, the language they are drawn in (English adds nothing, so
    its keys are unchanged) and the drawing's style version: equal key, equal PNG.
    A hand picture's key hashes that hand, and a small hand can be guessed back from its hash: send a
    key only where its picture goes (the seat's own DM or ephemeral reply), never in a public message."""
    drawn = [STYLE, game, facts] + ([lang()] if lang() != DEFAULT else [])
    blob = json.dumps(drawn, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def cached(game: str, facts: dict, render: Callable[[dict], Image.Image]) -> tuple[bytes, str]:
    """(PNG, key); the host asks for the same picture once per reader, so recent ones are reused. The host
    also draws on a worker thread (cogs/table/messages.py `_draw_ahead`): the cache is changed under a
    lock and the drawing done outside it (two threads may draw one picture once each; both are equal)."""
    k = key(game, facts)
    png = _recent.get(k)
    if png is None and getattr(_asked, "keys_only", False):
        return b"", k  # only the key was asked for (keys_only): nothing is drawn
    if png is None:
        png = encode(render(facts))
        with _recent_lock:
            global _recent_bytes
            if not _recent:
                _recent_bytes = 0  # tests empty the cache by hand
            if k not in _recent:
                _recent[k] = png
                _recent_bytes += len(png)
            while _recent_bytes > CACHE_BYTES and len(_recent) > 1:
                _recent_bytes -= len(_recent.pop(next(iter(_recent))))
    return png, k


@contextmanager
def keys_only() -> Iterator[None]:
    """Within it, `cached` gives a picture's key without drawing it (its PNG b"" unless already drawn): for
    comparing two pictures (is a seat's picture the board's?) without drawing a board no one may be sent."""
    before = getattr(_asked, "keys_only", False)
    _asked.keys_only = True
    try:
        yield
    finally:
        _asked.keys_only = before


_asked = threading.local()  # per thread: the loop and the drawing threads ask independently

# Bounded by bytes, not by count: with hundreds of tables publishing at once, a few dozen pictures were evicted
# between a pass drawing them ahead on the worker thread and the same pass building its messages, which then
# drew them again on the event loop (and every hand picture redrew the board's to compare). A picture is
# 10-60 KB: 24 MB holds the current board and hands of several hundred tables.
CACHE_BYTES = 24 * 1024 * 1024
_recent: dict[str, bytes] = {}
_recent_bytes = 0
_recent_lock = threading.Lock()
