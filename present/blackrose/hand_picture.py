"""A Black Rose Wars seat's spells as a picture: every card in hand, the spells readied in its slots (and
those it is readying now) and the cards it is studying, each with its name, school colour and both sides'
type, target, range and element. Drawn from that seat's own view: its private cards plus public facts,
never another seat's."""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.blackrose import cards as C
from present import draw as D
from present.blackrose.picture import ROOM_FILL, seat_colour

WIDTH = 1000
STRIP_W, STRIP_H, GAP = 470, 92, 12
LEFT = 24
SCHOOL_FILL = {**{s: ROOM_FILL[c] for s, c in C.SCHOOL_COLOUR.items()}, "forgotten": (40, 30, 44)}
SIDE_TAG = {"s": "S", "r": "R"}
SIDE_NAME = {"s": "straight", "r": "reverse"}


def draw(view: dict) -> tuple[bytes, str]:
    return D.cached("blackrose", facts_of(view), render)


def facts_of(view: dict) -> dict:
    seats = list(view.get("seats") or ())
    me = view.get("me")
    choice = view.get("choice") or {}  # the seat's own decision in progress (private to it)
    f = {"hand_of": seats.index(me) + 1 if me in seats else 0,
         "mage": C.MAGES.get((view.get("mage") or {}).get(me), {}).get("name", ""),
         "hand": [spell_facts(c) for c in view.get("hand") or () if _known(c)],
         "ready": [dict(spell_facts(sl["card"]), side=sl.get("side"), state=sl.get("state", ""), slot=sl.get("slot"))
                   for sl in view.get("my_slots") or () if _known(sl.get("card"))],
         "readying": [dict(spell_facts(x[0]), side=x[1]) for x in choice.get("ready") or ()
                      if len(x) == 2 and _known(x[0])],
         "look": [spell_facts(c) for c in choice.get("look") or () if _known(c)],
         "quests": [f"{C.QUESTS[q]['name']} ({C.QUESTS[q]['pp']} PP)" for q in view.get("quests") or ()
                    if q in C.QUESTS]}
    return f


def _known(card) -> bool:
    return isinstance(card, str) and card.split(".", 1)[0] in C.SPELLS


def spell_facts(card: str) -> dict:
    """What a strip shows of one spell: its name, school (colour) and each side's type, target, range, element."""
    sp = C.spell_of(card)
    school, tag = sp.get("school", ""), sp.get("school", "").title()
    if sp.get("mage") in C.MAGES:  # a Custom Spell wears its mage's school colour
        school = C.MAGES[sp["mage"]]["school"]
        tag = f"{C.MAGES[sp['mage']]['name']}'s own"
    sides = sp["room_trap"] if "room_trap" in sp else {k: sp[k] for k in ("s", "r") if k in sp}
    return {"name": sp["name"], "school": school, "tag": tag, "instability": bool(sp.get("instability")),
            "sides": [[k, _side_line(d)] for k, d in sides.items()]}


def _side_line(d: dict) -> str:
    bits = [str(d.get("type", "")).title(), str(d.get("target", "")).title()]
    rng = d.get("range")
    if rng is not None:
        bits.append("any range" if rng == "any" else f"range {rng}")
    if d.get("element"):
        bits.append(str(d["element"]).title())
    return " · ".join(b for b in bits if b)


# ---- drawing ---------------------------------------------------------------------------------------------

def _block(n: int) -> int:
    """Height of a group of n strips, two to a row (an empty group has one line of text)."""
    return (n + 1) // 2 * (STRIP_H + GAP) if n else 34


def render(f: dict) -> Image.Image:
    groups = [("In hand", f["hand"]), ("Ready", f["ready"]), ("Readying now", f["readying"]),
              ("Studying", f["look"])]
    groups = [(t, cards) for t, cards in groups if cards or t == "In hand"]
    height = 64 + sum(34 + _block(len(cards)) for _, cards in groups)
    height += 34 if f["quests"] else 0
    img, d = D.canvas(height + 12, WIDTH)
    n = f["hand_of"]
    D.paste(img, D.disc(30, seat_colour(n), D.INK, 2), LEFT, 17)
    D.text(d, (LEFT + 15, 33), str(n), 17, D.INK, "mm", bold=True)
    D.text(d, (LEFT + 42, 32), f"{f['mage'] or 'Your'} · your spells", 22, D.CREAM, "lm", bold=True)
    D.text(d, (WIDTH - LEFT, 32), f"{len(f['hand'])} in hand", 18, D.MUTED, "rm")
    y = 64
    for title, cards in groups:
        D.text(d, (LEFT, y + 14), title, 17, D.GOLD, "lm", bold=True)
        y += 34
        if not cards:
            D.text(d, (LEFT, y + 12), "No spells in hand.", 16, D.MUTED, "lm")
        for i, c in enumerate(cards):
            row, col = divmod(i, 2)
            x = LEFT + col * (STRIP_W + (WIDTH - 2 * LEFT - 2 * STRIP_W))
            _strip(img, x, y + row * (STRIP_H + GAP), c)
        y += _block(len(cards))
    if f["quests"]:
        D.text(d, (LEFT, y + 14), D.fit("Your Quests: " + " · ".join(f["quests"]), 16, WIDTH - 2 * LEFT), 16,
               D.CREAM, "lm")
    return img


def _strip(img: Image.Image, x: int, y: int, c: dict) -> None:
    sides = tuple(tuple(s) for s in c["sides"])
    tile = _strip_tile(c["name"], c["school"], c["tag"], c["instability"], sides, c.get("side"),
                       _slot_name(c["slot"], c["state"]) if c.get("slot") is not None else "")
    D.paste(img, D.shadow(STRIP_W, STRIP_H), x - 4, y - 3)
    D.paste(img, tile, x, y)


@lru_cache(maxsize=64)  # ~170 KB each; a hand picture has up to a dozen
def _strip_tile(name: str, school: str, tag: str, instability: bool, sides: tuple, chosen: str | None,
                slot: str) -> Image.Image:
    """One spell as a wide card: school band on the left, name and school on top, one line per side
    (the readied side marked, the other dimmed)."""
    colour = SCHOOL_FILL.get(school, (120, 110, 100))
    tile = D.rounded(STRIP_W, STRIP_H, D.CREAM, D.INK, 9, 2).copy()
    tile.alpha_composite(D.rounded(30, STRIP_H, colour, D.INK, 9, 2), (0, 0))
    tile.alpha_composite(Image.new("RGBA", (14, STRIP_H - 4), colour + (255,)), (16, 2))  # square right edge
    d = ImageDraw.Draw(tile)
    d.line((29, 2, 29, STRIP_H - 3), fill=D.INK, width=1)
    D.text(d, (42, 17), D.fit(name, 19, 250), 19, D.INK, "lm", bold=True)
    right = slot or tag
    if instability:
        right = (right + " · " if right else "") + "instability"
    D.text(d, (STRIP_W - 12, 17), D.fit(right, 13, 170), 13, _darken(colour) if not slot else (140, 90, 20), "rm")
    for i, (key, line) in enumerate(sides[:2]):
        ly = 46 + i * 28
        dim = chosen is not None and key != chosen
        ink = (150, 142, 130) if dim else D.INK
        if key in SIDE_TAG:
            tag_fill = D.GOLD if chosen == key else (214, 204, 184)
            tile.alpha_composite(D.rounded(24, 22, tag_fill, D.INK, 5, 1), (40, ly - 11))
            D.text(d, (52, ly + 1), SIDE_TAG[key], 14, D.INK, "mm", bold=True)
        else:  # a Room Trap's side is chosen by the colour of the room it springs in
            tile.alpha_composite(D.rounded(24, 22, ROOM_FILL.get(key, (120, 120, 120)), D.INK, 5, 1), (40, ly - 11))
        text = line if key in SIDE_TAG else f"{key.title()} room: {line}"
        if chosen == key:
            text += f"  ({SIDE_NAME.get(key, key)})"
        D.text(d, (74, ly), D.fit(text, 16, STRIP_W - 86), 16, ink, "lm")
    return tile


def _slot_name(slot, state: str) -> str:
    return f"{'quick slot' if slot == 'q' else f'slot {slot}'} · {state}"


def _darken(c: tuple) -> tuple:
    return tuple(round(v * .8) for v in c)
