"""The Deadlies pictures: the pile (top of the discard, the set being played, Greed's dealt cards), the
Halo and every seat's Wickedness and hand size from the public view; a seat's view adds its hand, with
the cards it has picked for its set lifted. Drawn from view facts and the players' names only, phone-sized
(present/phone.py)."""
from __future__ import annotations

from PIL import Image, ImageDraw

from engine.deadlies.cards import NUM, SUIT_NAME, SUIT_OF
from present import draw as D
from present import phone as P
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


def draw(view: dict, names: dict[str, str] | None = None) -> tuple[bytes, str] | None:
    return D.cached("deadlies", facts_of(view, names), render)


def facts_of(view: dict, names: dict[str, str] | None = None) -> dict:
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
        "names": P.names_of(seats, names),
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
    if w < 50:  # a small card (Greed's deal): its colour, number and mark only
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
    # A special card's name can be one long word ("Heiligenschein"): where it has no room, its mark (dove,
    # skull, ring: one card each) tells it, and the hand's text names it.
    if c not in SPECIAL or D.text_width(said, D.SMALLEST) <= w - 4:
        D.text(d, (x + w / 2, y + h - 7), said, 11, D.INK, "md", width=w - 4)


def back(img: Image.Image, x: float, y: float, w: int, h: int) -> None:
    D.card(img, x, y, w, h, BACK, D.CREAM)
    D.paste(img, D.rounded(w - 10, h - 10, BACK, (190, 120, 110), 5, 1), x + 5, y + 5)


def render(f: dict) -> Image.Image:
    img, d = P.canvas()
    y = P.header(d, 20, tr("The Deadlies") + " · " + tr("Turn {n}", n=f["turn_number"]),
                 tr("Deck {deck} · Discard pile {discard}", deck=f["deck"], discard=f["discard"]))
    y = _pile(img, d, f, y + 6)
    return P.done(img, (_hand if "hand" in f else _seats)(img, d, f, y + 14))


def _pile(img: Image.Image, d, f: dict, top: int) -> int:
    """The discard pile, the set being played and the Halo on one row; Greed's dealt cards under it."""
    w, h = 64, 90
    x = 24
    D.text(d, (x + w / 2, top), tr("Discard"), 12, D.MUTED, "mt", width=w + 12)
    if f["top"]:
        if f["discard"] > 1:
            back(img, x + 4, top + 24, w, h)
        face(img, x, top + 20, w, h, f["top"])
    else:
        D.paste(img, D.rounded(w, h, D.FELT, D.FELT_LINE, 9, 2), x, top + 20)
    x += w + 18
    halo = P.WIDTH - 24 - 84  # the Halo keeps the right end
    play = f["play"]
    if play:
        what = tr("{name} plays", name=P.short_name(P.seat_name(f, play["seat"]), halo - x - 60, 12))
        what += f" · {sin(play['as'])}" if play["as"] in SUIT_NAME else ""
        P.lines(d, (x, top), what, 12, D.CREAM, "lt", width=halo - x - 8, most=1, bold=True)
        cards = play["cards"]
        step = w + 6 if len(cards) <= 1 else min(w + 6, (halo - 8 - x - w) / (len(cards) - 1))
        for c in cards:
            face(img, x, top + 20 + (12 if len(cards) > 1 else 0), w, h, c,
                 raised=(c == play["top"] and len(cards) > 1))
            x += step
    # The Halo sits in the centre until someone takes it; it is shown where it is.
    hx = halo + 42
    D.put_symbol(img, "ring", hx, top + 50, 44, D.GOLD if f["halo"] == "centre" else D.DIM)
    where = (tr("Halo in the centre") if f["halo"] == "centre" else tr("Halo in play") if f["halo"] == "play"
             else tr("Halo: {name}", name=P.seat_name(f, f["halo"])))
    P.lines(d, (hx, top + 78), where, 11, D.GOLD if f["halo"] == "centre" else D.MUTED, "mt", width=84)
    bottom = top + 20 + h + 12 + 8
    if f["dealt"]:
        # Greed's cards, each over the player it was dealt to, on a row under the pile.
        y = bottom + 2
        D.text(d, (24, y), tr("Greed deals"), 12, D.CREAM, "lt", bold=True, width=P.ROOM)
        dealt = f["dealt"][:10]
        sw, sh = 30, 40
        step = min(60, P.ROOM / len(dealt))
        x = 24 + (P.ROOM - step * len(dealt)) / 2
        for seat, c in dealt:
            face(img, x + (step - sw) / 2, y + 20, sw, sh, c)
            P.name(d, (x + step / 2, y + 20 + sh + 4), P.seat_name(f, seat), 10, D.MUTED, width=step - 2, bold=False)
            x += step
        bottom = y + 20 + sh + 18
    return bottom


def _seats(img: Image.Image, d, f: dict, top: int) -> int:
    """Every seat's panel: player, Wickedness and hand size (a Sloth's moon in its corner)."""
    n, cols, cell = len(f["wick"]), P.columns(len(f["wick"])), 86
    width = P.ROOM / cols
    for i in range(n):
        row, col = divmod(i, cols)
        in_row = min(cols, n - row * cols)
        x, y = 24 + (P.ROOM - width * in_row) / 2 + width * col, top + row * cell
        turn = f["turn"] == i + 1
        won = (i + 1) in f["winners"]
        rim = D.GOLD if turn or won else D.FELT_LINE
        D.paste(img, D.rounded(int(width) - 6, cell - 8, D.FELT_DARK, rim, 10, 3 if turn or won else 1), x + 3, y)
        cx, inside = x + width / 2, width - 16
        who = P.seat_name(f, i + 1)
        if won:
            who = P.wins(who, inside, 14)
        if f["sloth"][i]:
            D.put_symbol(img, "moon", x + 16, y + 15, 14, D.MUTED)
        P.name(d, (cx, y + 8), who, 14, D.GOLD if turn or won else D.CREAM, width=inside - (24 if f["sloth"][i] else 0))
        D.text(d, (cx, y + 28), tr("Wickedness {n}", n=f["wick"][i]), 13, D.WHITE, "mt", bold=True, width=inside)
        k = f["cards"][i]
        bw = 18
        span = min(k, 8)
        bx = cx - (bw + 6 * (span - 1)) / 2 - 8
        for j in range(span):
            back(img, bx + 6 * j, y + 48, bw, 26)
        D.text(d, (bx + bw + 6 * (span - 1) + 6, y + 61), f"{k}", 13, D.CREAM, "lm", width=24)
    return top + cell * -(-n // cols) - 8


def _hand(img: Image.Image, d, f: dict, top: int) -> int:
    """The reader's hand, its picked cards lifted, in rows when long (each card's number stays in sight)."""
    hand, picked = f["hand"], set(f["picked"])
    yours = f["turn"] == f["me"]
    head = tr("Your hand") + (" · " + tr("your turn") if yours else "")
    right = tr("Wickedness {n}", n=f["wick"][f["me"] - 1])
    top = P.heading(d, top, head, right, yours)
    top += 24  # a picked card is lifted into this gap
    w, h = 62, 88
    if not hand:
        D.text(d, (24, top + 20), tr("No cards in hand."), 15, D.MUTED, "lm", width=P.ROOM)
        return top + 40
    per_row = max(1, int((P.ROOM - w) / 28) + 1)
    rows = -(-len(hand) // per_row)
    per_row = -(-len(hand) // rows)
    for r in range(rows):
        row = hand[r * per_row:(r + 1) * per_row]
        step = w + 8 if len(row) <= 1 else min(w + 8, (P.ROOM - w) / (len(row) - 1))
        x = 24 + (P.ROOM - (w + step * (len(row) - 1))) / 2
        for c in row:
            face(img, x, top + r * (h + 22), w, h, c, raised=c in picked)
            x += step
    return top + rows * (h + 22) - 22
