"""The Deadlies pictures: the pile (top of the discard, the set being played, Greed's dealt cards), the
Halo and every seat's Wickedness and hand size from the public view; a seat's view adds its hand, with
the cards it has picked for its set lifted. Drawn from view facts only."""
from __future__ import annotations

from PIL import Image, ImageDraw

from engine.deadlies.cards import NUM, SUIT_NAME, SUIT_OF
from present import draw as D
from present.deadlies.presenter import name as card_name, sin
from present.i18n import tr

SUIT_COLOUR = {
    "greed": (190, 142, 20), "pride": (112, 62, 152), "wrath": (186, 38, 38), "lust": (206, 70, 134),
    "gluttony": (210, 104, 26), "sloth": (96, 110, 124), "envy": (44, 136, 66),
}
SUIT_SYMBOL = {
    "greed": "coin", "pride": "crown", "wrath": "flame", "lust": "heart", "gluttony": "fork",
    "sloth": "moon", "envy": "eye",
}
SPECIAL = {"PU0": ((70, 138, 196), "dove"), "CO8": ((36, 32, 40), "skull"), "HALO": ((206, 164, 52), "ring")}
BACK = (70, 22, 30)


def draw(view: dict) -> tuple[bytes, str] | None:
    return D.cached("deadlies", facts_of(view), render)


def facts_of(view: dict) -> dict:
    seats = list(view["wickedness"])  # per-seat dicts are in seat order
    num = {s: i + 1 for i, s in enumerate(seats)}
    p = view.get("in_play")
    eff = view.get("effect") or {}
    f = {
        "turn": num.get(view.get("turn")), "turn_number": view["turn_number"], "deck": view["deck"],
        "discard": view["discard"], "top": view.get("discard_top"),
        "wick": [view["wickedness"][s] for s in seats], "cards": [view["hand_sizes"][s] for s in seats],
        "sloth": [bool(view.get("sloths", {}).get(s)) for s in seats],
        "halo": view["halo"] if view["halo"] in ("centre", "play") else num[view["halo"]],
        "play": None if p is None else {"seat": num[p["seat"]], "cards": p["cards"], "top": p.get("top"),
                                        "as": p.get("as_suit") or p.get("effect")},
        "dealt": [[num[s], c] for s, c in eff.get("dealt", [])],
        "winners": [num[s] for s in view.get("winners", [])],
    }
    me = view.get("seat")
    if me is not None and "hand" in view:
        f["me"] = num[me]
        f["hand"] = view["hand"]
        f["picked"] = view.get("picked", [])
    return f


def face(img: Image.Image, x: float, y: float, w: int, h: int, c: str, raised: bool = False) -> None:
    """A Deadlies card: a band in its sin's colour, the number, the sin's mark and its name."""
    if raised:
        y -= 16
    if c in SPECIAL:
        colour, mark = SPECIAL[c]
    else:
        colour, mark = SUIT_COLOUR[SUIT_OF[c]], SUIT_SYMBOL[SUIT_OF[c]]
    if w < 60:  # a small card (Greed's deal): its colour, number and mark only
        D.card(img, x, y, w, h, colour, D.CREAM)
        d = ImageDraw.Draw(img)
        if NUM[c] >= 0:
            D.text(d, (x + w / 2, y + 6), str(NUM[c]), 17, D.WHITE, "mt", bold=True, width=w - 4)
        D.put_symbol(img, mark, x + w / 2, y + h * .68, int(w * .5), D.WHITE)
        return
    D.card(img, x, y, w, h, D.CREAM, D.GOLD if raised else D.INK)
    if raised:
        D.paste(img, D.rounded(w, h, D.CREAM, D.GOLD, 9, 3), x, y)
    D.paste(img, D.rounded(w - 8, int(h * .3), colour, None, 6), x + 4, y + 4)
    d = ImageDraw.Draw(img)
    size = max(14, w // 4)
    if NUM[c] >= 0:
        D.text(d, (x + 9, y + 8), str(NUM[c]), size, D.WHITE, bold=True, width=w / 2)
    D.put_symbol(img, mark, x + w - 6 - size * .55, y + 8 + size * .6, int(size * 1.05), D.WHITE)
    D.put_symbol(img, mark, x + w / 2, y + h * .58, int(w * .46), colour)
    said = card_name(c) if c in SPECIAL else sin(SUIT_OF[c])
    small = max(11, w // 8)
    D.text(d, (x + w / 2, y + h - 7), said, small, D.INK, "md", width=w - 8)


def back(img: Image.Image, x: float, y: float, w: int, h: int) -> None:
    D.card(img, x, y, w, h, BACK, D.CREAM)
    D.paste(img, D.rounded(w - 10, h - 10, BACK, (190, 120, 110), 5, 1), x + 5, y + 5)


def render(f: dict) -> Image.Image:
    mine = "hand" in f
    img, d = D.canvas(510 if mine else 446)
    D.banner(d, 32, tr("The Deadlies") + " · " + tr("Turn {n}", n=f["turn_number"]),
             tr("Deck {deck} · Discard pile {discard}", deck=f["deck"], discard=f["discard"]))
    _pile(img, d, f, 66)
    if mine:
        _hand(img, d, f, 306)
    else:
        _seats(img, d, f, 308)
    return img


def _pile(img: Image.Image, d, f: dict, top: int) -> None:
    w, h = 92, 130
    x = 40
    D.text(d, (x + w / 2, top), tr("Discard"), 15, D.MUTED, "mt", width=w + 30)
    if f["top"]:
        if f["discard"] > 1:
            back(img, x + 6, top + 30, w, h)
        face(img, x, top + 24, w, h, f["top"])
    else:
        D.paste(img, D.rounded(w, h, D.FELT, D.FELT_LINE, 9, 2), x, top + 24)
    x += w + 40
    play = f["play"]
    if play:
        what = tr("Seat {n} plays", n=play["seat"]) + (f" · {sin(play['as'])}" if play["as"] in SUIT_NAME else "")
        room = D.WIDTH - 180 - x  # the Halo keeps the right end
        D.text(d, (x, top), what, 15, D.CREAM, "lt", bold=True, width=room)
        cards = play["cards"]
        step = w + 10 if len(cards) <= 1 else min(w + 10, (room - w) / (len(cards) - 1))
        for c in cards:
            face(img, x, top + 24, w, h, c, raised=(c == play["top"] and len(cards) > 1))
            x += step
    if f["dealt"]:
        # Greed's cards, each in front of the seat it was dealt to, on a row under the pile.
        y = top + h + 30
        D.text(d, (40, y + 24), tr("Greed deals"), 15, D.CREAM, "lm", bold=True, width=104)
        sw, sh = 38, 50
        x = 150
        for seat, c in f["dealt"][:10]:
            face(img, x, y, sw, sh, c)
            D.text(d, (x + sw / 2, y + sh + 3), tr("Seat {n}", n=seat), 11, D.MUTED, "mt", width=sw + 14)
            x += sw + 16
    # The Halo sits in the centre until someone takes it; it is shown where it is.
    hx = D.WIDTH - 100
    D.put_symbol(img, "ring", hx, top + 80, 64, D.GOLD if f["halo"] == "centre" else D.DIM)
    where = (tr("Halo in the centre") if f["halo"] == "centre" else tr("Halo in play") if f["halo"] == "play"
             else tr("Halo: Seat {n}", n=f["halo"]))
    D.text(d, (hx, top + 122), where, 14, D.GOLD if f["halo"] == "centre" else D.MUTED, "mt", width=176)


def _seats(img: Image.Image, d, f: dict, top: int) -> None:
    n = len(f["wick"])
    col = (D.WIDTH - 48) / n
    for i in range(n):
        x = 24 + col * i
        turn = f["turn"] == i + 1
        won = (i + 1) in f["winners"]
        rim = D.GOLD if turn or won else D.FELT_LINE
        D.paste(img, D.rounded(int(col) - 8, 118, D.FELT_DARK, rim, 10, 3 if turn or won else 1), x + 4, top)
        cx = x + col / 2
        inside = col - 20
        D.text(d, (cx, top + 10), tr("Seat {n} wins", n=i + 1) if won else tr("Seat {n}", n=i + 1), 17,
               D.GOLD if turn or won else D.CREAM, "mt", bold=True, width=inside)
        D.text(d, (cx, top + 36), tr("Wickedness {n}", n=f["wick"][i]), 16, D.WHITE, "mt", bold=True, width=inside)
        k = f["cards"][i]
        bw = 22
        span = min(k, 8)
        bx = cx - (bw + 7 * (span - 1)) / 2
        for j in range(span):
            back(img, bx + 7 * j, top + 62, bw, 32)
        D.text(d, (cx + (bw + 7 * (span - 1)) / 2 + 8, top + 78), f"{k}", 15, D.CREAM, "lm", width=24)
        if f["sloth"][i]:
            D.put_symbol(img, "moon", x + 22, top + 22, 18, D.MUTED)


def _hand(img: Image.Image, d, f: dict, top: int) -> None:
    hand, picked = f["hand"], set(f["picked"])
    yours = f["turn"] == f["me"]
    right = tr("Wickedness {n}", n=f["wick"][f["me"] - 1])
    right_room = min(D.text_width(right, 18), (D.WIDTH - 48) * 0.4)
    D.text(d, (D.WIDTH - 24, top), right, 18, D.CREAM, "rt", bold=True, width=right_room)
    D.text(d, (24, top), tr("Your hand (Seat {n})", n=f["me"]) + (" · " + tr("your turn") if yours else ""), 18,
           D.GOLD if yours else D.CREAM, "lt", bold=True, width=D.WIDTH - 48 - right_room - 16)
    w, h = 86, 122
    if not hand:
        D.text(d, (24, top + 90), tr("No cards in hand."), 18, D.MUTED, "lm", width=D.WIDTH - 48)
        return
    room = D.WIDTH - 48
    step = w + 10 if len(hand) <= 1 else min(w + 10, (room - w) / (len(hand) - 1))
    x = 24 + (room - (w + step * (len(hand) - 1))) / 2
    for c in hand:
        face(img, x, top + 50, w, h, c, raised=c in picked)
        x += step
