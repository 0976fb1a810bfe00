"""Black Rose Wars on a phone (issue 32): the pictures' words readable at 400 px, the pictures no taller
than a phone shows next to the prompt, the Lodge's text map in a code block, nothing a player reads cut
silently, and what a player decides written next to the prompt as well as in the picture."""
from __future__ import annotations

import re

from present import fmt
from present.blackrose.presenter import PRESENTER
from tests.present.test_blackrose_picture import public_view

NAMES = {"p1": "Ann", "p2": "Ben", "p3": "Cat", "p4": "Dan"}
PHONE = 400          # px: the width a phone gives a message's picture
PHONE_CODE_CHARS = 36  # monospace characters a phone shows on one line of a code block at 400 px


def test_the_lodge_map_is_a_code_block_that_fits_a_phone():
    """Spaced with plain spaces outside a code block, Discord's proportional font skewed the map's columns."""
    md = fmt.markdown(PRESENTER.board(public_view(), NAMES))
    block = re.search(r"```\n(.*?)\n```", md, re.S)
    assert block, md
    rows = block.group(1).split("\n")
    assert [r.split() for r in rows] == [["B9", "B10", "B11"], ["B8", "A5", "A6", "B12"], ["B7", "A4", "X", "A1", "B1"],
                                         ["B6", "A3", "A2", "B2"], ["B5", "B4", "B3"]]
    assert max(map(len, rows)) <= PHONE_CODE_CHARS
    # a hex's neighbours below it sit half a hex to either side: every label's right edge on a 3-column grid
    for r in rows:
        assert all((m.end() % 3) == 0 for m in re.finditer(r"\S+", r)), r
