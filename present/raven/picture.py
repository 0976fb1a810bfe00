"""Raven pictures: the table (trick, trump, every seat's score and tricks) from the public view, and a
seat's hand with its bid and the trick it plays to from that seat's view. Drawn from view facts only."""
from __future__ import annotations

from PIL import Image, ImageDraw

from engine.raven.cards import RANK_OF, SPECIALISTS, SUIT_OF
from present import draw as D
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


def draw(view: dict) -> tuple[bytes, str] | None:
    facts = facts_of(view)
    return D.cached("raven", facts, render)


def facts_of(view: dict) -> dict:
    """Exactly what the picture shows, with seats as numbers 1..n (the picture has no names)."""
    seats = view["seats"]
    num = {s: i + 1 for i, s in enumerate(seats)}
    f = {"theme": view["theme"], "hand_no": hand_number(view), "hands_total": view["hands_total"],
         "trump": view.get("trump"), "phase": view["phase"], "n": len(seats)}
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
    mine = "me" in f
    height = 500 if mine else 450
    img, d = D.canvas(height)
    title = (tr("Ravenclaw round") if f["trump"] is None and f["hand_no"] else
             tr("Hand {n} of {total}", n=f["hand_no"], total=f["hands_total"]))
    if f["phase"] == "over":
        title = tr("Game over")
    room = _trump(img, d, f)
    D.text(d, (24, 32), f"{theme_title(f['theme'])} · {title}", 22, D.CREAM, "lm", bold=True, width=room)
    if f.get("trick"):
        _trick(img, d, f, 64)
    elif "bids" in f:
        _bids(img, d, f, 70)
    else:
        D.text(d, (D.WIDTH / 2, 170), _idle(f), 20, D.MUTED, "mm", width=D.WIDTH - 48)
    if mine:
        _hand(img, d, f, 290)
    else:
        _seats(img, d, f, 310)
    return img


def _idle(f: dict) -> str:
    if f["phase"] == "over":
        return tr("The game is over.")
    if f["phase"] in ("deal", "hand_over"):
        return tr("Waiting for the deal.")
    return tr("Waiting for the first card.")


def _trump(img: Image.Image, d, f: dict) -> float:
    """The trump at the top right; gives the width left for the title on the same row."""
    right = D.WIDTH - 24
    most = (D.WIDTH - 48) * 0.45
    if f["trump"] is None:
        said = tr("Only the {raven} is trump", raven=special("RAVEN", f["theme"]))
        width = min(D.text_width(said, 18), most)
        D.text(d, (right, 32), said, 18, D.GOLD, "rm", width=width)
        return D.WIDTH - 48 - width - 16
    said = tr("Trump: {suit}", suit=suit_name(f["trump"], f["theme"], emoji=False))
    width = min(D.text_width(said, 18), most - 38)
    D.text(d, (right, 32), said, 18, D.GOLD, "rm", width=width)
    x = right - width - 22
    D.paste(img, D.disc(30, D.CREAM), x - 15, 17)
    D.put_symbol(img, SUIT_SYMBOL[f["theme"]][f["trump"]], x, 32, 20, SUIT_COLOUR[f["theme"]][f["trump"]])
    return D.WIDTH - 48 - width - 38 - 16


def face(img: Image.Image, x: float, y: float, w: int, h: int, c: str, theme: str, raised: bool = False) -> None:
    """One Raven card: rank and suit mark in the corners and a big mark in the middle."""
    if raised:
        y -= 14
    if c in SPECIALISTS:
        D.card(img, x, y, w, h, SPECIAL_FACE, D.GOLD)
        D.put_symbol(img, SPECIAL_SYMBOL[c], x + w / 2, y + h * .42, int(w * .6), D.GOLD)
        size = max(11, w // 7)
        D.text(ImageDraw.Draw(img), (x + w / 2, y + h - 8), special(c, theme), size, D.GOLD, "md", width=w - 8)
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


def _row_x(n: int, w: int, gap: int, left: int = 24, right: int = D.WIDTH - 24) -> tuple[float, float]:
    """Start x and step for n cards of width w centred in [left, right], overlapping when they must."""
    room = right - left
    step = w + gap if n <= 1 else min(w + gap, (room - w) / (n - 1))
    used = w + step * (n - 1)
    return left + (room - used) / 2, step


def _trick(img: Image.Image, d, f: dict, top: int) -> None:
    cards = f["trick"]
    w, h = 96, 136
    x, step = _row_x(len(cards) + len(f.get("to_play", ())), w, 22, 40, D.WIDTH - 40)
    what = tr("Last trick") if "winner" in f else tr("The trick")
    if f.get("called"):
        what += " · " + tr("{suit} called", suit=suit_name(f["called"], f["theme"], emoji=False))
    elif f.get("led"):
        what += " · " + tr("{suit} led", suit=suit_name(f["led"], f["theme"], emoji=False))
    D.text(d, (D.WIDTH / 2, top + 6), what, 16, D.MUTED, "mt", width=D.WIDTH - 48)
    room = max(step, w) + 8  # a seat's caption may use the gap beside its card
    for seat, c in cards:
        face(img, x, top + 34, w, h, c, f["theme"], raised=False)
        won = f.get("winner") == seat
        said = tr("Seat {n} wins", n=seat) if won else tr("Seat {n}", n=seat)
        D.text(d, (x + w / 2, top + 34 + h + 10), said, 16, D.GOLD if won else D.CREAM, "mt", bold=won, width=room)
        x += step
    for i, seat in enumerate(f.get("to_play", ())):
        nxt = i == 0
        D.paste(img, D.rounded(w, h, D.FELT_DARK, D.GOLD if nxt else D.FELT_LINE, 9, 2), x, top + 34)
        if nxt:
            D.text(d, (x + w / 2, top + 34 + h / 2), tr("to play"), 15, D.GOLD, "mm", width=w - 8)
        D.text(d, (x + w / 2, top + 34 + h + 10), tr("Seat {n}", n=seat), 16, D.GOLD if nxt else D.MUTED, "mt",
               width=room)
        x += step


def _bids(img: Image.Image, d, f: dict, top: int) -> None:
    """Bidding: each seat's places for its bid, filled face down (face up for a score leader) as it
    sets cards aside."""
    n, size = f["n"], f["bid_size"]
    D.text(d, (D.WIDTH / 2, top), trn("Bidding: each seat sets aside {n} card", "Bidding: each seat sets aside {n} cards",
                                      size), 16, D.MUTED, "mt", width=D.WIDTH - 48)
    col = (D.WIDTH - 48) / n
    w, h = 56, 80
    step = min(w + 6, (col - 20 - w) / max(1, size - 1))
    for i in range(n):
        cx = 24 + col * i + col / 2
        shown = f["shown"].get(str(i + 1))
        count = f["bids"][i]
        x = cx - (w + step * (size - 1)) / 2
        for k in range(size):
            if shown and k < len(shown):
                face(img, x, top + 34, w, h, shown[k], f["theme"])
            elif k < count:
                back(img, x, top + 34, w, h)
            else:
                D.paste(img, D.rounded(w, h, D.FELT_DARK, D.FELT_LINE, 8, 1), x, top + 34)
            x += step
        turn = (i + 1) in f["turn"]
        D.text(d, (cx, top + 34 + h + 12), tr("Seat {n}", n=i + 1), 15, D.GOLD if turn else D.CREAM, "mt", bold=turn,
               width=col - 8)
        D.text(d, (cx, top + 34 + h + 32), tr("{done} of {size} set aside", done=count, size=size), 13, D.MUTED,
               "mt", width=col - 8)


def _seats(img: Image.Image, d, f: dict, top: int) -> None:
    n = f["n"]
    col = (D.WIDTH - 48) / n
    for i in range(n):
        x = 24 + col * i
        won = (i + 1) in f.get("winners", ())
        turn = (i + 1) in f["turn"] or won
        D.paste(img, D.rounded(int(col) - 8, 122, D.FELT_DARK, D.GOLD if turn else D.FELT_LINE, 10,
                               3 if turn else 1), x + 4, top)
        cx = x + col / 2
        inside = col - 20
        D.text(d, (cx, top + 12), tr("Seat {n} wins", n=i + 1) if won else tr("Seat {n}", n=i + 1), 17,
               D.GOLD if turn else D.CREAM, "mt", bold=True, width=inside)
        score = f["scores"][i]
        D.text(d, (cx, top + 38), trn("{n} pt", "{n} pts", score), 20,
               D.WHITE, "mt", bold=True, width=inside)
        counts = []
        if f.get("tricks") is not None:
            counts.append(trn("{n} trick", "{n} tricks", f["tricks"][i]))
        if f.get("cards") is not None:
            counts.append(trn("{n} card", "{n} cards", f["cards"][i]))
        together = "  ".join(counts)
        lines = [together] if D.text_width(together, 14) <= inside else counts
        for k, text in enumerate(lines):
            D.text(d, (cx, top + 66 + 18 * k), text, 14, D.MUTED, "mt", width=inside)
        # A bid once it is face up: a score leader's during the hand, everyone's once the hand is scored.
        bid = f.get("bid_values", [None] * n)[i]
        if bid is not None:
            made = (i + 1) in f.get("made", ())
            text = tr("bid {n}", n=bid) + (f" · +{f['points'][i]}" if "points" in f else "")
            D.text(d, (cx, top + 66 + 18 * len(lines) + 2), text, 15, D.GOLD if made else D.CREAM, "mt",
                   bold=made, width=inside)


def _hand(img: Image.Image, d, f: dict, top: int) -> None:
    hand, bid = f["hand"], f["bid"]
    doing = (" · " + tr("set aside {n} more", n=f["bid_to_go"])) if f.get("bid_to_go") and f["my_turn"] else ""
    head = tr("Your hand (Seat {n})", n=f["me"]) + (doing or (" · " + tr("your turn") if f["my_turn"] else ""))
    right = ""
    if bid:
        right = tr("Your bid: {n}", n=f["bid_value"]) + (" · " + tr("taken {n}", n=f["taken"]) if "taken" in f else "")
        D.text(d, (D.WIDTH - 24, top), right, 18, D.CREAM, "rt", bold=True, width=(D.WIDTH - 48) * 0.4)
    left = D.WIDTH - 48 - (min(D.text_width(right, 18), (D.WIDTH - 48) * 0.4) + 16 if right else 0)
    D.text(d, (24, top), head, 18, D.GOLD if f["my_turn"] else D.CREAM, "lt", bold=True, width=left)
    w, h = 82, 118
    bid_room = (len(bid) * 48 + 60) if bid else 0
    if hand:
        x, step = _row_x(len(hand), w, 8, 24, D.WIDTH - 24 - bid_room)
        for c in hand:
            face(img, x, top + 44, w, h, c, f["theme"])
            x += step
    else:
        D.text(d, (24, top + 90), tr("No cards in hand."), 18, D.MUTED, "lm", width=D.WIDTH - 48)
    x = D.WIDTH - 24 - (len(bid) - 1) * 48 - w
    for c in bid:
        face(img, x, top + 44 + 20, w, h - 20, c, f["theme"])
        x += 48
