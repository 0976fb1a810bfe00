"""The Deadlies' cards for `/game card`: all 52, each its own entry (no two are alike: a sin's seven cards
differ by number), with what it does on top of a play: the sin's effect or the special card's, as
data/deadlies/cards.json says it (through the data texts' catalog)."""
from __future__ import annotations

from engine.deadlies.cards import ALL_IDS, NAME, NUM, SPECIALS, SUIT_EFFECT, SUIT_NAME, SUIT_OF
from present.base import Doc, line
from present.cards import card_doc
from present.datawords import text
from present.deadlies.datawords import DEADLIES_TEXT
from present.deadlies.presenter import card as card_name, name, sin
from present.i18n import tr


def entries() -> list[tuple[str, str]]:
    return [(c, name(c)) for c in ALL_IDS]


def card(key: str) -> Doc | None:
    key = key.upper()
    if key not in NAME:
        return None
    if key in SPECIALS:
        return card_doc(card_name(key), [line(text(DEADLIES_TEXT, SPECIALS[key]["effect"]))], "deadlies", NAME[key])
    suit = SUIT_OF[key]
    lines = [line(tr("A {sin} card, number {number}.", sin=sin(suit), number=NUM[key])),
             line(tr("On top of a play: {effect}", effect=text(DEADLIES_TEXT, SUIT_EFFECT[suit]))),
             line(tr("Play it alone, in a same-suit set, in a same-number set or in a straight (numbers in a row "
                     "from 0 to 8, never wrapping from 8 to 0). Only the top card of a play acts."))]
    return card_doc(card_name(key), lines, "deadlies", SUIT_NAME[suit])
