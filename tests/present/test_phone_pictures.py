"""The card games' pictures read on a phone (issue 32), over whole seeded games (every board and hand picture
drawn along the way, present/draw.py `measured` recording each text drawn):

- players are called by the names the text beside the picture uses, never "Seat n" / "Ship n";
- every text is at least 9 px high once the picture is shown as a 400 px phone shows it, 287 px wide
  (present/phone.py SHOWN; scaled up or down to it): size x 287 / picture width >= 9;
- a picture is at most twice as high as it is wide (at most 574 px high on that phone), so a phone shows
  it next to its prompt;
- nothing is cut: a text fits its box, and only a player's name may be shortened ('..')."""
from __future__ import annotations

import re

import pytest

from present import draw as D
from present import phone as P
from present.i18n import DEFAULT
from tests.present.i18n_games import NAMES, play

READABLE, TALLEST = 9, P.TALLEST / P.WIDTH
# Long names too, so shortening shows; whole seeded games at the biggest tables and at the i18n tests' ones.
LONG = {**NAMES, "p2": "Benedict Cumberbatch", "p4": "Maximiliana Featherstonehaugh"}
SETUPS = {("raven", 6, 2, None), ("raven", 4, 3, (("length", "short"),)), ("nevermore", 6, 2, None),
          ("nevermore", 4, 5, None), ("deadlies", 6, 2, None), ("deadlies", 4, 2, None), ("everrain", 5, 2, None),
          ("everrain", 4, 4, (("length", 16),))}


@pytest.fixture(scope="module")
def games():
    """Each setup played once: its drawn texts and the sizes of its pictures."""
    out = {}
    encode = D.encode
    for key, players, seed, options in sorted(SETUPS, key=str):
        sizes: set = set()

        def record(img, colours=64, sizes=sizes):
            sizes.add(img.size)
            return encode(img, colours)

        D.encode = record
        try:
            read = play(key, DEFAULT, players, seed, dict(options) if options else None, names=LONG)
        finally:
            D.encode = encode
        out[key, players] = (read, sizes, [LONG[f"p{i + 1}"] for i in range(players)])
    return out


SETUP_IDS = sorted((key, players) for key, players, _seed, _options in SETUPS)


@pytest.mark.parametrize("setup", SETUP_IDS, ids=lambda s: f"{s[0]}-{s[1]}")
def test_pictures_name_the_players_as_the_text_does(games, setup):
    read, _sizes, names = games[setup]
    texts = [row[0] for row in read.drawn]
    assert read.ended and texts
    numbered = [t for t in texts if re.search(r"\b(Seat|Ship) \d", t)]
    assert not numbered, numbered[:5]
    for name in names:
        first = name.split()[0]
        assert any(first in t for t in texts), f"{name} is never named in a picture"


@pytest.mark.parametrize("setup", SETUP_IDS, ids=lambda s: f"{s[0]}-{s[1]}")
def test_every_text_reads_at_least_9_px_on_a_phone(games, setup):
    read, _sizes, _names = games[setup]
    small = sorted({(round(used * P.SHOWN / width, 1), text, used, width)
                    for text, _asked, used, _w, _box, width in read.drawn if used * P.SHOWN / width < READABLE})
    assert not small, (f"{len(small)} texts under {READABLE} px shown {P.SHOWN} px wide (px, text, size, picture "
                       f"width): {small[:5]}")


@pytest.mark.parametrize("setup", SETUP_IDS, ids=lambda s: f"{s[0]}-{s[1]}")
def test_pictures_are_no_taller_than_a_phone_shows_beside_the_prompt(games, setup):
    _read, sizes, _names = games[setup]
    assert sizes
    tall = [(w, h) for w, h in sizes if h > TALLEST * w]
    assert not tall, f"pictures higher than {TALLEST} x their width: {sorted(tall)[:5]}"


@pytest.mark.parametrize("setup", SETUP_IDS, ids=lambda s: f"{s[0]}-{s[1]}")
def test_no_text_is_cut_but_a_name_shortened(games, setup):
    read, _sizes, names = games[setup]
    over = [row[:5] for row in read.drawn if row[3] > row[4] + 0.5]
    assert not over, f"texts wider than their boxes, cut with '..' (text, size, used, width, box): {over[:5]}"
    cut = {row[0] for row in read.drawn if row[0].endswith("..")}
    assert all(any(name.startswith(t[:-2]) for name in names) for t in cut), sorted(cut)[:5]
