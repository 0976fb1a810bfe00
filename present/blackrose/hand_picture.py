"""A Black Rose Wars seat's spells as a picture: the cards it is studying, every spell in hand, the spells
readied in its slots (and those it is readying now, no longer shown in hand), each as a strip with its name,
school colour and every side in full: the side's type, target and range, then what it does. Drawn from
that seat's own view: its private cards plus public facts, never another seat's. Sized like the board
(picture.py): every word at least MIN_FONT px, so READABLE px on a phone, and at most MAX_RATIO times as
tall as wide: spells past that are named on a last line (`/game card` shows them; the message names what
the seat decides among, with its texts), never cut. Words go through present/i18n.py and the reading language is in the key."""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.blackrose import cards as C
from present import draw as D
from present.blackrose import card_text as T
from present.blackrose import choices as CH
from present.blackrose import words as W
from present.blackrose.picture import MIN_FONT, ROOM_FILL, STYLE, _wrap, seat_colour, text
from present.i18n import command, lang, tr, trn

WIDTH = 800
LEFT = 18
STRIP_W = WIDTH - 2 * LEFT
ROW = MIN_FONT + 6           # one line of a side's text
HEAD = MIN_FONT + 16         # the strip's title row
GAP = 8
TOP = 62                     # the title row
GROUP = 38                   # a group's title ("In hand")
# Lower than the board's MAX_RATIO: a phone shows the hand's picture, its prompt and up to BUTTONS buttons
# (cogs/blackrose.py) on one screen; the spells' texts are in the message above the picture.
HAND_RATIO = 0.8
MAX_HEIGHT = round(WIDTH * HAND_RATIO)
SCHOOL_FILL = {**{s: ROOM_FILL[c] for s, c in C.SCHOOL_COLOUR.items()}, "forgotten": (40, 30, 44)}


def draw(view: dict) -> tuple[bytes, str]:
    return D.cached("blackrose", facts_of(view), render)


def facts_of(view: dict) -> dict:
    seats = list(view.get("seats") or ())
    me = view.get("me")
    choice = view.get("choice") or {}  # the seat's own decision in progress (private to it)
    readying = [x for x in CH.readying(view) if _known(x[0])]  # on the Mage Sheet: shown as readying
    hand = Counter(c.split(".")[0] for c in CH.held(view) if _known(c))
    return {
        "hand_of": seats.index(me) + 1 if me in seats else 0, "lang": lang(), "style": STYLE,
        "mage": W.mage_name((view.get("mage") or {}).get(me, "")) if (view.get("mage") or {}).get(me) else "",
        "in_hand": sum(hand.values()),
        "hand": [dict(spell_facts(f"{sid}.1"), count=n) for sid, n in sorted(hand.items())],
        # (a strip left out is named on the last line: a readied spell with its side, "Fireball (reverse)")
        "ready": [dict(spell_facts(sl["card"], sl.get("side")), slot=_slot(sl.get("slot"), sl.get("state", "")),
                       named=T.card_label(sl["card"], sl["side"]) if sl.get("side") else W.card_name(sl["card"]))
                  for sl in view.get("my_slots") or () if _known(sl.get("card"))],
        "readying": [dict(spell_facts(c, side), slot=_slot(i or "q", ""), named=T.card_label(c, side))
                     for i, (c, side) in enumerate(readying)],
        "look": [spell_facts(c) for c in choice.get("look") or () if _known(c)],
        "quests": [T.quest_short(q) for q in view.get("quests") or () if q in C.QUESTS],
    }


def _known(card) -> bool:
    return isinstance(card, str) and card.split(".", 1)[0] in C.SPELLS


def spell_facts(card: str, chosen: str | None = None) -> dict:
    """One strip: the spell's name, school colour and tag, and one (tag, line) per side; a readied spell
    shows only the side it was readied with."""
    sp = C.spell_of(card)
    school = sp.get("school", "")
    if sp.get("mage") in C.MAGES:  # a Custom Spell wears its mage's school colour
        school = C.MAGES[sp["mage"]]["school"]
    sides = [(k, tr("{header}: {effect}", header=T.header(d), effect=T.effect(card, k))) for k, d in T.sides_of(card)
             if chosen is None or k == chosen or C.is_room_trap(card)]
    tag = T.spell_school(card)
    if sp.get("instability"):
        tag = tr("{school} · instability", school=tag)
    return {"name": W.card_name(card), "school": school, "tag": tag, "sides": [list(s) for s in sides]}


def _slot(slot, state: str) -> str:
    where = W.slot_name(slot)
    said = {"ready": tr("ready"), "armed": tr("armed"), "used": tr("used"), "lost": tr("lost")}.get(state, "")
    return tr("{slot}, {state}", slot=where, state=said) if said else where


# ---- drawing ---------------------------------------------------------------------------------------------

def render(f: dict) -> Image.Image:
    """The groups one under the other, the cards being studied first (what the seat decides on), then its
    Mage Sheet, then its hand; a strip
    that would make the picture taller than MAX_HEIGHT is named on the last line instead."""
    # The Mage Sheet before the hand: the spells a seat chooses among in its hand are worded in full in the
    # message above the picture (presenter.py deciding_lines), its ready and armed spells only here.
    groups = [(tr("Studying"), f["look"]), (tr("Ready"), f["ready"]), (tr("Readying now"), f["readying"]),
              (tr("In hand"), f["hand"])]
    groups = [(t, [(c.get("named", c["name"]), _tile(c)) for c in cards]) for i, (t, cards) in enumerate(groups)
              if cards or i == 3]
    quests = [_wrap(q, MIN_FONT, WIDTH - 2 * LEFT) for q in f["quests"]]
    quest_h = (40 + sum(ROW * len(q) + 8 for q in quests)) if quests else 0
    room = MAX_HEIGHT - TOP - quest_h - 16 - 3 * ROW  # three lines kept for naming what is left out
    placed: list[tuple[str, list]] = []
    left_out: list[str] = []
    used = 0
    for title, tiles in groups:
        kept = []
        for name, tile in tiles:
            cost = tile.height + GAP + (0 if kept else GROUP)
            if left_out or used + cost > room:
                left_out.append(name)
                continue
            kept.append(tile)
            used += cost
        if kept or (not tiles and not left_out):
            placed.append((title, kept))
            used += 0 if kept else GROUP + ROW
    more = _wrap(tr("Not drawn here: {spells}. {card} shows any card in full.", spells=", ".join(left_out),
                    card=command("game card").strip("`")), MIN_FONT, WIDTH - 2 * LEFT) if left_out else []
    height = TOP + used + quest_h + (ROW * len(more) + 12 if more else 0) + 10
    img, d = D.canvas(height, WIDTH)
    n = f["hand_of"]
    D.paste(img, D.disc(34, seat_colour(n), D.INK, 2), LEFT, 13)
    text(d, (LEFT + 17, 31), str(n), MIN_FONT, D.INK, "mm", bold=True)
    title = tr("{mage} · your spells", mage=f["mage"]) if f["mage"] else tr("Your spells")
    count = tr("{n} in hand", n=f["in_hand"])
    text(d, (WIDTH - LEFT, 30), count, MIN_FONT, D.MUTED, "rm")
    text(d, (LEFT + 46, 30), D.fit(title, MIN_FONT + 4, WIDTH - 2 * LEFT - 64 - D.text_width(count, MIN_FONT)),
         MIN_FONT + 4, D.CREAM, "lm", bold=True)
    y = TOP
    for title, tiles in placed:
        text(d, (LEFT, y + GROUP // 2 - 2), title, MIN_FONT + 1, D.GOLD, "lm", bold=True)
        y += GROUP
        if not tiles:
            text(d, (LEFT, y + ROW // 2), tr("No spells in hand."), MIN_FONT, D.MUTED, "lm")
            y += ROW
        for tile in tiles:
            D.paste(img, D.shadow(tile.width, tile.height), LEFT - 4, y - 3)
            D.paste(img, tile, LEFT, y)
            y += tile.height + GAP
    for i, ln in enumerate(more):
        text(d, (LEFT, y + ROW // 2 + i * ROW), ln, MIN_FONT, D.CREAM, "lm")
    y += ROW * len(more) + (12 if more else 0)
    if quests:
        text(d, (LEFT, y + GROUP // 2 - 2), tr("Your Quests"), MIN_FONT + 1, D.GOLD, "lm", bold=True)
        y += 40
        for lines in quests:
            for i, ln in enumerate(lines):
                text(d, (LEFT, y + ROW // 2 + i * ROW), ln, MIN_FONT, D.CREAM, "lm")
            y += ROW * len(lines) + 8
    return img


def _tile(c: dict) -> Image.Image:
    return _strip_tile(c["name"], c["school"], c["tag"], tuple(tuple(x) for x in c["sides"]), c.get("slot", ""),
                       c.get("count", 1))


@lru_cache(maxsize=64)
def _strip_tile(name: str, school: str, tag: str, sides: tuple, slot: str, count: int) -> Image.Image:
    """One spell as a wide strip: school band on the left, name and school on top, each side's text below
    its side chip (S / R, or a Room Trap's colour)."""
    width = STRIP_W - 78
    wrapped = [(key, _wrap(line, MIN_FONT, width)) for key, line in sides]
    h = HEAD + sum(ROW * len(ls) + 4 for _, ls in wrapped) + 6
    colour = SCHOOL_FILL.get(school, (120, 110, 100))
    tile = D.rounded(STRIP_W, h, D.CREAM, D.INK, 9, 2).copy()
    tile.alpha_composite(D.rounded(30, h, colour, D.INK, 9, 2), (-12, 0))  # the left 18 px: a school band
    d = ImageDraw.Draw(tile)
    d.line((17, 2, 17, h - 3), fill=D.INK, width=1)
    title = name if count == 1 else trn("{spell}, {n} copy", "{spell}, {n} copies", count, spell=name)
    right = slot or tag
    right_w = min(D.text_width(right, MIN_FONT), STRIP_W // 2)
    text(d, (28, HEAD // 2), D.fit(title, MIN_FONT + 2, STRIP_W - 60 - right_w), MIN_FONT + 2, D.INK, "lm",
         bold=True)
    text(d, (STRIP_W - 10, HEAD // 2), D.fit(right, MIN_FONT, STRIP_W // 2), MIN_FONT,
         (140, 90, 20) if slot else _darken(colour), "rm")
    y = HEAD + ROW // 2 - 4
    for key, lines in wrapped:
        chip = D.GOLD if key in ("s", "r") else ROOM_FILL.get(key, (120, 120, 120))
        tile.alpha_composite(D.rounded(30, 28, chip, D.INK, 5, 1), (28, y - 14))
        if key in ("s", "r"):
            text(d, (43, y), W.side_name(key)[:1].upper(), MIN_FONT, D.INK, "mm", bold=True)
        for i, ln in enumerate(lines):
            text(d, (66, y + i * ROW), ln, MIN_FONT, D.INK, "lm")
        y += ROW * len(lines) + 4
    return tile


def _darken(c: tuple) -> tuple:
    return tuple(round(v * .8) for v in c)
