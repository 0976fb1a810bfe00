"""Drawing helpers for the card games' pictures (Raven, Nevermore, The Deadlies, The Everrain), sized for a
phone. Discord's mobile app shows a picture SHOWN = 287 px wide on a 400 px phone (the column after the avatar,
less the container's accent bar, border and padding: tests/support/phone.py lays it out so), scaling it up or
down to that width. A text reads at 9 px or more there when its size / picture width >= 9 / 287, so these
pictures are drawn WIDTH = 318 px wide and no text in them is smaller than draw.SMALLEST = 10 px:
10 x 287 / 318 = 9.0 px (issue 32). A desktop shows them whole, unscaled. Every picture stays at most
TALLEST x WIDTH high (shown at most 574 px high on that phone, of its 860 px screen), so a phone shows it beside its prompt.

Players are named as the text beside the picture names them (the table's names, part of the picture's facts
and so of its key), shortened only where the room is fixed: the whole name, else its first word, else its
start with '..'."""
from __future__ import annotations

from PIL import Image, ImageDraw

from present import draw as D
from present.i18n import tr

SHOWN = 287       # px: a picture's width on a 400 px phone
WIDTH = int(D.SMALLEST * SHOWN / 9)   # 318: the smallest text shown at 9 px
TALLEST = 2 * WIDTH
ROOM = WIDTH - 48      # between the rims' margins (24 px each side)


def names_of(seats: list[str], names: dict[str, str] | None) -> list[str] | None:
    """The players' names in seat order, for a picture's facts (None: drawn as "Seat n")."""
    return [names.get(s, s) for s in seats] if names else None


def seat_name(f: dict, n: int) -> str:
    """Seat number n's (1..) name from the facts."""
    return f["names"][n - 1] if f.get("names") else tr("Seat {n}", n=n)


def short_name(name: str, width: float, size: int = D.SMALLEST) -> str:
    """A name that fits `width`: whole when it does at about `size` (2 px smaller at most), else its first
    word (down to the smallest size), else its start, cut with '..'."""
    first = (name.split() or [name])[0]
    if D.text_width(name, max(D.SMALLEST, size - 2)) <= width or first == name:
        return name if D.text_width(name, D.SMALLEST) <= width else D.fit(name, D.SMALLEST, width)
    return first if D.text_width(first, D.SMALLEST) <= width else D.fit(first, D.SMALLEST, width)


def wins(who: str, width: float, size: int) -> str:
    """"{name} wins" with the name shortened so the whole fits `width` at about `size`."""
    return tr("{name} wins", name=short_name(who, width - D.text_width(tr("{name} wins", name=""), size), size))


def name(d: ImageDraw.ImageDraw, xy: tuple[float, float], who: str, size: int, fill, anchor: str = "mt",
         width: float = ROOM, bold: bool = True) -> None:
    D.text(d, xy, short_name(who, width, size), size, fill, anchor, bold=bold, width=width)


def columns(n: int) -> int:
    """Seat panels per row: one row up to three seats, two rows beyond (2 x 2 for four)."""
    return n if n <= 3 else 2 if n == 4 else 3


def lines(d: ImageDraw.ImageDraw, xy: tuple[float, float], s: str, size: int, fill, anchor: str = "mt",
          width: float = ROOM, most: int = 2, bold: bool = False, gap: int = 2) -> int:
    """s wrapped at spaces into at most `most` lines of `width` (a longer language's caption takes a second
    line rather than being cut); returns the height used. Anchors: "lt", "mt" or "rt"."""
    wrapped, used = D.wrap(s, size, width, most)
    x, y = xy
    for k, text in enumerate(wrapped):
        D.text(d, (x, y + k * (used + gap)), text, used, fill, anchor, bold=bold, width=width)
    return len(wrapped) * (used + gap) - gap


def lines_height(s: str, size: int, width: float = ROOM, most: int = 2, gap: int = 2) -> int:
    """The height lines() would use for s, without drawing it."""
    wrapped, used = D.wrap(s, size, width, most)
    return len(wrapped) * (used + gap) - gap


def header_height(left: str, right: str = "") -> int:
    """The height header() uses for these texts."""
    if right and D.text_width(left, 17) + 16 + D.text_width(right, 14) <= ROOM:
        return 24
    return lines_height(left, 17) + 6 + (lines_height(right, 14) + 6 if right else 0)


def header(d: ImageDraw.ImageDraw, y: int, left: str, right: str = "") -> int:
    """The title (left) and a status (right) on one row when both fit at their sizes, else the status on a
    row of its own (nothing shrinks to a cut); returns the y under them."""
    if right and D.text_width(left, 17) + 16 + D.text_width(right, 14) <= ROOM:
        D.text(d, (24, y), left, 17, D.CREAM, "lt", bold=True, width=ROOM)
        D.text(d, (WIDTH - 24, y + 3), right, 14, D.MUTED, "rt", width=D.text_width(right, 14))
        return y + 24
    y += lines(d, (24, y), left, 17, D.CREAM, "lt", bold=True) + 6
    if right:
        y += lines(d, (24, y), right, 14, D.MUTED, "lt") + 6
    return y


def canvas() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A table taller than any picture: drawn top down, then cut to the height used (`done`). (Layouts keep
    within TALLEST; tests/present/test_phone_pictures.py checks it over whole games.)"""
    return D.canvas(2 * WIDTH, WIDTH)


def done(img: Image.Image, bottom: float) -> Image.Image:
    """The picture cut 18 px under `bottom` (the lowest thing drawn), its rim closed again under it."""
    height = int(bottom) + 18
    out, _ = D.canvas(height, WIDTH)
    mask = Image.new("L", out.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((8, 8, WIDTH - 9, height - 9), radius=16, fill=255)
    out.paste(img.crop((0, 0, WIDTH, height)), (0, 0), mask)
    return out


def heading(d: ImageDraw.ImageDraw, top: float, left: str, right: str, lit: bool, size: int = 14) -> float:
    """A hand's heading: `left` (gold when `lit`: the reader must act) and `right` (their standing) on one row
    where both fit, else one under the other; returns the y below it."""
    colour = D.GOLD if lit else D.CREAM
    if D.text_width(left, size) + 16 + D.text_width(right, size) <= ROOM:
        D.text(d, (24, top), left, size, colour, "lt", bold=True, width=ROOM)
        D.text(d, (WIDTH - 24, top), right, size, D.CREAM, "rt", bold=True, width=D.text_width(right, size))
        return top + 18
    top += lines(d, (24, top), left, size, colour, "lt", bold=True) + 4
    return top + lines(d, (24, top), right, size, D.CREAM, "lt", bold=True)
