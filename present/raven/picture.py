"""Raven pictures: the table (trick, trump, every seat's score and tricks) from the public view, and a
seat's hand with its bid and the trick it plays to from that seat's view. Drawn from view facts and the
players' names only, phone-sized (present/phone.py)."""
from __future__ import annotations

from PIL import Image, ImageDraw

from engine.raven.cards import RANK_OF, SPECIALISTS, SUIT_OF
from present import draw as D
from present import phone as P
from present.i18n import tr, trn
from present.raven.presenter import hand_number, special, suit_name, theme_title

SUIT_COLOUR = {
    "raven": {"SH": (176, 118, 20), "SW": (40, 86, 164), "AX": (168, 38, 38), "WA": (18, 122, 124)},
    "prophecy": {"SH": (212, 106, 16), "SW": (44, 82, 156), "AX": (36, 122, 56), "WA": (116, 70, 38)},
}
SUIT_SYMBOL = {
    "raven": {"SH": "shield", "SW": "sword", "AX": "axe", "WA": "drop"},
    "prophecy": {"SH": "sun", "SW": "spear", "AX": "serpent", "WA": "eagle"},
}
SPECIAL_SYMBOL = {"RAVEN": "bird", "WOLF": "wolf", "SHAMAN": "eye", "DWARF": "pick"}
SPECIAL_FACE = (44, 34, 58)
BACK = (92, 40, 48)


def draw(view: dict, names: dict[str, str] | None = None) -> tuple[bytes, str] | None:
    facts = facts_of(view, names)
    return D.cached("raven", facts, render)


def facts_of(view: dict, names: dict[str, str] | None = None) -> dict:
    """Exactly what the picture shows, with seats as numbers 1..n and their players' names."""
    seats = view["seats"]
    num = {s: i + 1 for i, s in enumerate(seats)}
    f = {"theme": view["theme"], "hand_no": hand_number(view), "hands_total": view["hands_total"],
         "trump": view.get("trump"), "phase": view["phase"], "n": len(seats), "names": P.names_of(seats, names)}
    if view.get("trick"):
        start = seats.index(view["leader"])
        f["trick"] = [[num[seats[(start + i) % len(seats)]], c] for i, c in enumerate(view["trick"])]
        f["led"], f["called"] = view.get("led"), view.get("called")
        # Seats still to play this trick get an empty place, so the picture shows who plays next.
        f["to_play"] = [num[seats[(start + i) % len(seats)]] for i in range(len(view["trick"]), len(seats))]
    elif view.get("last_trick"):
        start = seats.index(view["last_leader"])
        f["trick"] = [[num[seats[(start + i) % len(seats)]], c] for i, c in enumerate(view["last_trick"])]
        f["winner"] = num[view["last_winner"]]
    f["turn"] = [num[s] for s in view.get("turn", ())]
    if view["phase"] == "bid":
        f["bids"] = view.get("bid_counts")
        f["bid_size"] = view.get("bid_size")
        f["shown"] = {str(num[s]): c for s, c in (view.get("revealed_bids") or {}).items()}
    me = view.get("seat")
    if me not in num:  # the public view (or a reader with no seat): the table
        f["scores"] = view["scores"]
        f["tricks"] = view.get("tricks")
        f["cards"] = view.get("hand_counts")
        f["winners"] = [num[s] for s in (view.get("result") or {}).get("winners", ())]
        shown = view.get("revealed_values") or {}
        if shown:
            f["bid_values"] = [shown.get(s) for s in seats]
        last = view.get("last_hand")
        if last and view["phase"] in ("hand_over", "over"):
            f["points"] = [last["points"].get(s, 0) for s in seats]
            f["made"] = [num[s] for s in last["made"]]
    else:
        f["me"] = num[me]
        f["hand"] = view.get("hand", [])
        f["bid"] = view.get("my_bid", [])
        f["bid_value"] = view.get("my_bid_value")
        f["my_turn"] = me in view.get("turn", ())
        if view.get("tricks") is not None:
            f["taken"] = view["tricks"][seats.index(me)]
        if view["phase"] == "bid":  # bidding (and my own bid) is what matters, the hand row shows it
            f["bid_to_go"] = view["bid_size"] - len(f["bid"])
    return f


def render(f: dict) -> Image.Image:
    img, d = P.canvas()
    title = (tr("Ravenclaw round") if f["trump"] is None and f["hand_no"] else
             tr("Hand {n} of {total}", n=f["hand_no"], total=f["hands_total"]))
    if f["phase"] == "over":
        title = tr("Game over")
    y = P.header(d, 20, f"{theme_title(f['theme'])} · {title}")
    y = _trump(img, d, f, y) + 10
    if f.get("trick"):
        y = _trick(img, d, f, y)
    elif "bids" in f:
        y = _bids(img, d, f, y)
    else:
        y += P.lines(d, (P.WIDTH / 2, y + 8), _idle(f), 15, D.MUTED, "mt") + 16
    y = (_hand if "me" in f else _seats)(img, d, f, y + 12)
    return P.done(img, y)


def _idle(f: dict) -> str:
    if f["phase"] == "over":
        return tr("The game is over.")
    if f["phase"] in ("deal", "hand_over"):
        return tr("Waiting for the deal.")
    return tr("Waiting for the first card.")


def _trump(img: Image.Image, d, f: dict, y: int) -> int:
    """The trump under the title, its suit's mark in a disc; gives the y under it."""
    if f["trump"] is None:
        return y + P.lines(d, (24, y), tr("Only the {raven} is trump", raven=special("RAVEN", f["theme"])), 14,
                           D.GOLD, "lt")
    D.paste(img, D.disc(24, D.CREAM), 24, y - 3)
    D.put_symbol(img, SUIT_SYMBOL[f["theme"]][f["trump"]], 36, y + 9, 16, SUIT_COLOUR[f["theme"]][f["trump"]])
    said = tr("Trump: {suit}", suit=suit_name(f["trump"], f["theme"], emoji=False))
    D.text(d, (56, y + 9), said, 14, D.GOLD, "lm", width=P.ROOM - 32)
    return y + 22


def face(img: Image.Image, x: float, y: float, w: int, h: int, c: str, theme: str, raised: bool = False) -> None:
    """One Raven card: rank and suit mark in the corners and a big mark in the middle."""
    if raised:
        y -= 14
    if c in SPECIALISTS:
        D.card(img, x, y, w, h, SPECIAL_FACE, D.GOLD)
        D.put_symbol(img, SPECIAL_SYMBOL[c], x + w / 2, y + h * .42, int(w * .6), D.GOLD)
        if w >= 50:  # a small card (a bid shown face up) has no room for its name: its mark tells it
            D.text(ImageDraw.Draw(img), (x + w / 2, y + h - 8), special(c, theme), 11, D.GOLD, "md", width=w - 4)
        return
    suit, rank = SUIT_OF[c], RANK_OF[c]
    colour = SUIT_COLOUR[theme][suit]
    mark = SUIT_SYMBOL[theme][suit]
    D.card(img, x, y, w, h)
    d = ImageDraw.Draw(img)
    size = max(14, w // 4)
    D.text(d, (x + 7, y + 5), str(rank), size, colour, bold=True, width=w - 14)
    D.put_symbol(img, mark, x + 7 + size * .45, y + 12 + size * 1.35, int(size * .95), colour)
    D.put_symbol(img, mark, x + w / 2, y + h * .56, int(w * .5), colour)
    D.text(d, (x + w - 7, y + h - 5), str(rank), int(size * .8), colour, "rd", width=w - 14)


def back(img: Image.Image, x: float, y: float, w: int, h: int) -> None:
    D.card(img, x, y, w, h, BACK, D.CREAM)
    D.paste(img, D.rounded(w - 14, h - 14, BACK, (200, 160, 150), 6, 1), x + 7, y + 7)
    D.put_symbol(img, "bird", x + w / 2, y + h / 2, int(w * .5), (200, 160, 150))


def _row_x(n: int, w: int, gap: int, left: float = 24, right: float = P.WIDTH - 24) -> tuple[float, float]:
    """Start x and step for n cards of width w centred in [left, right], overlapping when they must."""
    room = right - left
    step = w + gap if n <= 1 else min(w + gap, (room - w) / (n - 1))
    used = w + step * (n - 1)
    return left + (room - used) / 2, step


def _trick(img: Image.Image, d, f: dict, top: int) -> int:
    """The trick (or the last one, with its winner), each card over its player's name, and an empty place
    for each seat still to play; gives the y under it."""
    cards, theme = f["trick"], f["theme"]
    w, h = 64, 90
    x, step = _row_x(len(cards) + len(f.get("to_play", ())), w, 10)
    if "winner" in f:
        what = tr("Last trick · won by {name}", name=P.seat_name(f, f["winner"]))
    else:
        what = tr("The trick")
    if f.get("called"):
        what += " · " + tr("{suit} called", suit=suit_name(f["called"], theme, emoji=False))
    elif f.get("led"):
        what += " · " + tr("{suit} led", suit=suit_name(f["led"], theme, emoji=False))
    top += P.lines(d, (P.WIDTH / 2, top), what, 13, D.MUTED, "mt") + 8
    room = max(step, w) - 2
    for seat, c in cards:
        face(img, x, top, w, h, c, theme)
        won = f.get("winner") == seat
        P.name(d, (x + w / 2, top + h + 6), P.seat_name(f, seat), 12, D.GOLD if won else D.CREAM, width=room,
               bold=won)
        x += step
    for i, seat in enumerate(f.get("to_play", ())):
        nxt = i == 0
        D.paste(img, D.rounded(w, h, D.FELT_DARK, D.GOLD if nxt else D.FELT_LINE, 9, 2), x, top)
        if nxt:
            P.lines(d, (x + w / 2, top + h / 2 - 7), tr("to play"), 12, D.GOLD, "mt", width=w - 6)
        P.name(d, (x + w / 2, top + h + 6), P.seat_name(f, seat), 12, D.GOLD if nxt else D.MUTED, width=room,
               bold=nxt)
        x += step
    return top + h + 24


def _cells(n: int) -> list[tuple[float, float, float]]:
    """(x, y, width) of n seat panels in rows of P.columns(n), the last row centred; rows are 0 high here."""
    cols = P.columns(n)
    w = P.ROOM / cols
    out = []
    for i in range(n):
        row, col = divmod(i, cols)
        in_row = min(cols, n - row * cols)
        out.append((24 + (P.ROOM - w * in_row) / 2 + w * col, row, w))
    return out


def _bids(img: Image.Image, d, f: dict, top: int) -> int:
    """Bidding: each seat's places for its bid, filled face down (face up for a score leader) as it
    sets cards aside."""
    n, size = f["n"], f["bid_size"]
    top += P.lines(d, (P.WIDTH / 2, top), trn("Bidding: each seat sets aside {n} card",
                                             "Bidding: each seat sets aside {n} cards", size), 13, D.MUTED, "mt") + 8
    w, h, cell = 40, 56, 104
    for i, (x, row, col) in enumerate(_cells(n)):
        y = top + row * cell
        cx = x + col / 2
        shown = f["shown"].get(str(i + 1))
        count = f["bids"][i]
        step = min(w + 4, (col - 16 - w) / max(1, size - 1))
        px = cx - (w + step * (size - 1)) / 2
        for k in range(size):
            if shown and k < len(shown):
                face(img, px, y, w, h, shown[k], f["theme"])
            elif k < count:
                back(img, px, y, w, h)
            else:
                D.paste(img, D.rounded(w, h, D.FELT_DARK, D.FELT_LINE, 8, 1), px, y)
            px += step
        turn = (i + 1) in f["turn"]
        P.name(d, (cx, y + h + 8), P.seat_name(f, i + 1), 13, D.GOLD if turn else D.CREAM, width=col - 8, bold=turn)
        P.lines(d, (cx, y + h + 28), tr("{done} of {size} set aside", done=count, size=size), 11, D.MUTED, "mt",
                width=col - 8)
    return top + cell * -(-n // P.columns(n))


def _seats(img: Image.Image, d, f: dict, top: int) -> int:
    """Every seat's panel: its player, score, tricks and cards, and its bid once face up."""
    n, cell = f["n"], 100
    for i, (x, row, col) in enumerate(_cells(n)):
        y = top + row * cell
        won = (i + 1) in f.get("winners", ())
        turn = (i + 1) in f["turn"] or won
        D.paste(img, D.rounded(int(col) - 6, cell - 8, D.FELT_DARK, D.GOLD if turn else D.FELT_LINE, 10,
                               3 if turn else 1), x + 3, y)
        cx, inside = x + col / 2, col - 16
        who = P.seat_name(f, i + 1)
        if won:
            who = P.wins(who, inside, 14)
        P.name(d, (cx, y + 8), who, 14, D.GOLD if turn else D.CREAM, width=inside)
        D.text(d, (cx, y + 28), trn("{n} pt", "{n} pts", f["scores"][i]), 16, D.WHITE, "mt", bold=True, width=inside)
        counts = []
        if f.get("tricks") is not None:
            counts.append(trn("{n} trick", "{n} tricks", f["tricks"][i]))
        if f.get("cards") is not None:
            counts.append(trn("{n} card", "{n} cards", f["cards"][i]))
        together = " · ".join(counts)
        rows = counts if D.text_width(together, 11) > inside else [together] if together else []
        for k, text in enumerate(rows):
            D.text(d, (cx, y + 50 + 14 * k), text, 11, D.MUTED, "mt", width=inside)
        # A bid once it is face up: a score leader's during the hand, everyone's once the hand is scored.
        bid = f.get("bid_values", [None] * n)[i]
        if bid is not None:
            made = (i + 1) in f.get("made", ())
            text = tr("bid {n}", n=bid) + (f" · +{f['points'][i]}" if "points" in f else "")
            D.text(d, (cx, y + 52 + 14 * len(rows)), text, 12, D.GOLD if made else D.CREAM, "mt", bold=made,
                   width=inside)
    return top + cell * -(-n // P.columns(n)) - 8


def _hand(img: Image.Image, d, f: dict, top: int) -> int:
    """The reader's bid set aside (once there is one), then their hand (in rows when long: each card's corner
    must show)."""
    hand, bid, theme = f["hand"], f["bid"], f["theme"]
    doing = (" · " + tr("set aside {n} more", n=f["bid_to_go"])) if f.get("bid_to_go") and f["my_turn"] else ""
    head = tr("Your hand") + (doing or (" · " + tr("your turn") if f["my_turn"] else ""))
    top += P.lines(d, (24, top), head, 14, D.GOLD if f["my_turn"] else D.CREAM, "lt", bold=True) + 10
    w, h = 56, 80
    if bid:  # the bid set aside: its cards at the right of a row of its own, so the hand below has every column
        bid_w = w + 24 * (len(bid) - 1)
        said = [tr("Your bid: {n}", n=f["bid_value"])] + ([tr("taken {n}", n=f["taken"])] if "taken" in f else [])
        for k, text in enumerate(said):
            D.text(d, (24, top + 8 + 18 * k), text, 13, D.CREAM, "lt", bold=True, width=P.ROOM - bid_w - 14)
        x = P.WIDTH - 24 - bid_w
        for c in bid:
            face(img, x, top, w, h - 10, c, theme)
            x += 24
        top += h
    if not hand:
        D.text(d, (24, top + 30), tr("No cards in hand."), 15, D.MUTED, "lm", width=P.ROOM)
        return top + 40
    per_row = max(1, int((P.ROOM - w) / 24) + 1)  # a card's corner (its rank) stays 24 px wide
    rows = -(-len(hand) // per_row)
    per_row = -(-len(hand) // rows)
    for r in range(rows):
        row = hand[r * per_row:(r + 1) * per_row]
        x, step = _row_x(len(row), w, 6)
        for c in row:
            face(img, x, top + r * (h + 8), w, h, c, theme)
            x += step
    return top + rows * (h + 8) - 8
