"""A replay's pictures, small enough to carry a whole game inline: each picture is stored as the tiles that
changed since the one before it, packed into one small lossy WebP (an "atlas"), with a whole picture (a key
picture) now and then, so the page can rebuild any step's picture from the nearest key picture on.

Why: a board picture changes at almost every step (a card played, a mage moved), so storing each whole one
(deduplicated or not) would cost a Raven game ~8 MB and a Black Rose Wars game ~25 MB. What changes between
two steps is a small part of the picture; its tiles cost a few kB. The page (client.js) draws them on a canvas.
"""
from __future__ import annotations

import base64
import io
from dataclasses import dataclass, field

from PIL import Image, ImageChops

TILE = 16          # px: a changed card costs only the tiles it covers (32 px tiles: a quarter fewer pictures fit)
KEY_EVERY = 120    # a whole picture at least this often, so a jump rebuilds at most this many patches
KEY_SHARE = 0.45   # a change covering more than this share of the tiles is stored as a whole picture
QUALITY = 60       # lossy WebP for a card game's big cards (every word is in the page's text too)
FINE_QUALITY = 72  # for pictures with small words (the Lodge)
GUTTER = 0         # px of each tile's real surroundings kept around it in an atlas, against WebP's deblocking
                   # bleeding a neighbouring tile's colour into it. Measured on a Raven game: the worst tile's mean
                   # error goes from 11.5 to 10.6 (of 255) with 2 px, for 37 % fewer pictures in the budget: 0.
WIDTH = 560        # px: a card game's picture is stored at most this wide (the card games draw theirs 318 wide now)
NOISE = 12         # a pixel that moved by no more than this (of 255) is unchanged: anti-aliasing, gradients


def webp(image: Image.Image, quality: int = QUALITY) -> str:
    out = io.BytesIO()
    image.save(out, "WEBP", quality=quality, method=4)
    return base64.b64encode(out.getvalue()).decode("ascii")


@dataclass
class Stream:
    """The pictures of one view (the board picture at each step), each stored once, as a key picture or as the
    tiles changed since the previous one. `entries[i]`: [width, height, image] for a key picture, or
    [image, columns, [tile x, tile y, …]] for a patch (the atlas holds its tiles in order, `columns` a row)."""

    images: list[str]                       # the WebP pictures, base64 (shared by every stream of the file)
    width: int | None = WIDTH               # stored at most this wide (None: as drawn)
    quality: int = QUALITY
    entries: list[list] = field(default_factory=list)
    _keys: dict[str, int] = field(default_factory=dict)
    _last: Image.Image | None = None
    _since_key: int = 0
    _size: int = 0

    def size(self) -> int:
        """The bytes of the pictures so far, as the page carries them (base64)."""
        return self._size

    def add(self, png: bytes, key: str) -> int:
        """The entry number of this picture (a picture shown before, at the step before, is not added again)."""
        if key in self._keys and self._keys[key] == len(self.entries) - 1:
            return self._keys[key]
        with Image.open(io.BytesIO(png)) as opened:
            image = opened.convert("RGB")
        if self.width and image.width > self.width:
            image = image.resize((self.width, round(image.height * self.width / image.width)),
                                 Image.Resampling.LANCZOS)
        self.entries.append(self._entry(image))
        self._last = image
        self._keys[key] = len(self.entries) - 1
        return len(self.entries) - 1

    def _entry(self, image: Image.Image) -> list:
        last = self._last
        if last is not None and last.size == image.size and self._since_key < KEY_EVERY:
            tiles = changed_tiles(last, image)
            columns, rows = -(-image.width // TILE), -(-image.height // TILE)
            if len(tiles) <= KEY_SHARE * columns * rows:
                self._since_key += 1
                return [self._image(atlas(image, tiles)), atlas_columns(len(tiles)), [n for t in tiles for n in t]]
        self._since_key = 0
        return [image.width, image.height, self._image(image)]

    def _image(self, image: Image.Image) -> int:
        self.images.append(webp(image, self.quality))
        self._size += len(self.images[-1])
        return len(self.images) - 1


def changed_tiles(before: Image.Image, after: Image.Image) -> list[tuple[int, int]]:
    """The (column, row) of every tile that visibly differs between two pictures of the same size."""
    columns, rows = -(-after.width // TILE), -(-after.height // TILE)
    diff = ImageChops.difference(before, after).convert("L").point(lambda v: 255 if v > NOISE else 0)
    # Padded to whole tiles first, so each averaged box is exactly one tile; one changed pixel of a tile's
    # TILE² averages to 255 / 256 at 16 px, which still rounds to 1.
    small = diff.crop((0, 0, columns * TILE, rows * TILE)).resize((columns, rows), Image.Resampling.BOX)
    width = small.width
    return [(i % width, i // width) for i, v in enumerate(small.tobytes()) if v]


def atlas_columns(count: int) -> int:
    return max(1, int(count ** 0.5 + 0.999))


def atlas(image: Image.Image, tiles: list[tuple[int, int]]) -> Image.Image:
    """The changed tiles side by side, `atlas_columns` to a row, each with GUTTER px of what surrounds it in the
    picture (the page draws only the tile itself)."""
    columns, cell = atlas_columns(len(tiles)), TILE + 2 * GUTTER
    out = Image.new("RGB", (columns * cell, -(-len(tiles) // columns) * cell))
    for n, (x, y) in enumerate(tiles):
        box = (x * TILE - GUTTER, y * TILE - GUTTER, (x + 1) * TILE + GUTTER, (y + 1) * TILE + GUTTER)
        out.paste(image.crop(box), ((n % columns) * cell, (n // columns) * cell))
    return out
