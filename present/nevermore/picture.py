"""Nevermore pictures: the Resolution tokens on the table and every player's health, VP and Raven state
from the public view; a seat's view adds the hand it is drafting from (picked cards lifted, cards that
just arrived marked) and its Magick cards. Drawn from view facts and the players' names only, phone-sized
(present/phone.py)."""
from __future__ import annotations

from PIL import Image, ImageDraw

from engine.nevermore.cards import MAGICK, MAX_HEALTH, SUIT_NAME, SUIT_OF, WIN_VP
from present import draw as D
from present import phone as P
from present.i18n import tr
from present.nevermore.presenter import magick as magick_name, suit

SUIT_COLOUR = {
    "attack": (178, 40, 40), "healing": (206, 78, 118), "radiance": (210, 160, 30),
    "victory": (44, 94, 168), "raven": (40, 34, 50),
}
SUIT_SYMBOL = {"attack": "sword", "healing": "heart", "radiance": "star", "victory": "cup", "raven": "bird"}
LIGHT, SHADOW = (238, 222, 170), (58, 44, 82)
RED = (214, 58, 64)


def draw(view: dict, names: dict[str, str] | None = None) -> tuple[bytes, str] | None:
    return D.cached("nevermore", facts_of(view, names), render)


def facts_of(view: dict, names: dict[str, str] | None = None) -> dict:
    players = view["players"]
    num = {p["seat"]: i + 1 for i, p in enumerate(players)}
    prompt = view.get("prompt") or {}
    f = {
        "hand_no": view["hand_no"], "dir": view["dir"], "tokens": view["tokens"],
        "revealed": view["revealed"], "resolved": view["resolved"], "current": view.get("current"),
        "players": [[p["health"], p["vp"], p["raven"], p.get("magick", 0),
                     {s: c[0] for s, c in sorted(p.get("front", {}).items()) if c[0]}] for p in players],
        "draft": [prompt["round"] + 1, prompt["count"]] if prompt.get("kind") == "draft" else None,
        "waiting": sorted(num[s] for s in prompt.get("waiting", ())) if prompt.get("kind") == "draft" else [],
        "winners": sorted(num[s] for s in view.get("winners", [])),
        "names": P.names_of([p["seat"] for p in players], names),
    }
    me = view.get("seat")
    if me is not None and "hand" in view:
        f["me"] = num[me]
        f["hand"] = [SUIT_OF[c] for c in view["hand"]]
        f["picked"] = [c in view.get("picked", ()) for c in view["hand"]]
        f["arrived"] = [c in view.get("arrived", ()) for c in view["hand"]]
        f["magick"] = [[MAGICK[c]["name"], MAGICK[c]["deck"]] for c in view.get("magick_cards", [])]
    return f


def render(f: dict) -> Image.Image:
    img, d = P.canvas()
    if f["draft"]:
        direction = tr("left") if f["dir"] == "left" else tr("right")
        right = tr("Draft round {round}: pass {count} {direction}", round=f["draft"][0], count=f["draft"][1],
                   direction=direction)
    elif f["winners"]:
        right = tr("Game over")
    else:
        right = tr("Resolving {suit}", suit=suit(f["current"])) if f["current"] in SUIT_NAME else ""
    y = P.header(d, 20, tr("Nevermore") + " · " + tr("Hand {n}", n=f["hand_no"]), right)
    y = _tokens(img, d, f, y + 4)
    return P.done(img, (_hand if "hand" in f else _players)(img, d, f, y + 12))


def _tokens(img: Image.Image, d, f: dict, top: int) -> int:
    """The Resolution tokens in order: face down ('?') until revealed, dimmed once resolved."""
    toks = f["tokens"]
    size, gap = 52, 24
    x = (P.WIDTH - (size * len(toks) + gap * (len(toks) - 1))) / 2
    low = top
    for i, t in enumerate(toks):
        done = i < f["resolved"]
        now = t == f["current"] and i == f["resolved"] and i < f["revealed"]
        if t == "?":
            D.paste(img, D.disc(size, (34, 30, 44), D.DIM, 2), x, top)
            D.text(d, (x + size / 2, top + size / 2), "?", 26, D.DIM, "mm", bold=True, width=size)
            name = tr("face down")
        else:
            fill = tuple(int(v * .45 + 40) for v in SUIT_COLOUR[t]) if done else SUIT_COLOUR[t]
            D.paste(img, D.disc(size, fill, D.GOLD if now else D.CREAM, 3 if now else 2), x, top)
            D.put_symbol(img, SUIT_SYMBOL[t], x + size / 2, top + size / 2, 28, D.MUTED if done else D.WHITE)
            name = tr("{suit} (done)", suit=suit(t)) if done else suit(t)
        used = P.lines(d, (x + size / 2, top + size + 6), name, 11, D.GOLD if now else D.MUTED, "mt",
                       width=size + gap - 4)
        low = max(low, top + size + 6 + used)
        x += size + gap
    return low


def _players(img: Image.Image, d, f: dict, top: int) -> int:
    """Every player's panel: name, health (or Raven), VP, Magick count and the cards in front, by suit."""
    n, cols, cell = len(f["players"]), P.columns(len(f["players"])), 142
    width = P.ROOM / cols
    for i, (health, vp, raven, magick, front) in enumerate(f["players"]):
        seat = i + 1
        row, col = divmod(i, cols)
        in_row = min(cols, n - row * cols)
        x, y = 24 + (P.ROOM - width * in_row) / 2 + width * col, top + row * cell
        hot = seat in f["winners"] or seat in f["waiting"]
        D.paste(img, D.rounded(int(width) - 6, cell - 8, D.FELT_DARK, D.GOLD if hot else D.FELT_LINE, 10,
                               3 if hot else 1), x + 3, y)
        cx, inside = x + width / 2, width - 16
        who = P.seat_name(f, seat)
        if seat in f["winners"]:
            who = P.wins(who, inside, 14)
        P.name(d, (cx, y + 8), who, 14, D.GOLD if hot else D.CREAM, width=inside)
        if raven:
            D.put_symbol(img, "bird", cx, y + 42, 28, D.CREAM)
            D.text(d, (cx, y + 58), tr("a Raven"), 12, D.CREAM, "mt", width=inside)
        else:
            pip = max(6, min(14, int(inside / MAX_HEALTH) - 2))
            hx = cx - (pip + 2) * MAX_HEALTH / 2
            for h in range(MAX_HEALTH):
                D.put_symbol(img, "heart", hx + (pip + 2) * h + pip / 2, y + 40, pip, RED if h < health else D.DIM)
            D.text(d, (cx, y + 54), tr("Health {n}", n=health), 12, D.MUTED, "mt", width=inside)
        D.text(d, (cx, y + 74), tr("{vp} / {win} VP", vp=vp, win=WIN_VP), 15, D.WHITE, "mt", bold=True, width=inside)
        D.text(d, (cx, y + 94), tr("{n} Magick", n=magick), 12, D.MUTED, "mt", width=inside)
        # Cards played in front this hand, by suit.
        step = min(30, inside / max(1, len(front)))
        fx = cx - step * len(front) / 2
        for kind, count in front.items():
            D.put_symbol(img, SUIT_SYMBOL[kind], fx + 8, y + 120, 15, SUIT_COLOUR[kind] if kind != "raven" else D.CREAM)
            D.text(d, (fx + 17, y + 120), str(count), 12, D.CREAM, "lm", bold=True, width=step - 17)
            fx += step
    return top + cell * -(-n // cols) - 8


def face(img: Image.Image, x: float, y: float, w: int, h: int, name: str, raised: bool, new: bool) -> None:
    """Cards of one suit are identical: the suit's colour, its mark and its name."""
    if raised:
        y -= 12
    colour = SUIT_COLOUR[name]
    D.card(img, x, y, w, h, colour, D.GOLD if raised else D.CREAM)
    if raised:
        D.paste(img, D.rounded(w, h, colour, D.GOLD, 9, 4), x, y)
    D.paste(img, D.rounded(w - 10, h - 10, colour, (255, 255, 255, 120), 6, 1), x + 5, y + 5)
    D.put_symbol(img, SUIT_SYMBOL[name], x + w / 2, y + h * .42, int(w * .5), D.WHITE)
    d = ImageDraw.Draw(img)
    D.text(d, (x + w / 2, y + h - 9), suit(name), 11, D.WHITE, "md", bold=True, width=w - 4)
    if new:
        D.text(d, (x + 9, y + 9), tr("new"), 11, D.GOLD, "lt", bold=True, width=w - 18)


def _hand(img: Image.Image, d, f: dict, top: int) -> int:
    """The reader's hand (picked cards lifted, new ones marked), then every Magick card it holds."""
    health, vp, raven = f["players"][f["me"] - 1][:3]
    waiting = f["me"] in f["waiting"]
    head = tr("Your hand") + (" · " + tr("pick your passes") if waiting else "")
    state = (tr("a Raven") if raven else tr("Health {n}", n=health)) + " · " + tr("{n} VP", n=vp)
    top = P.heading(d, top, head, state, waiting)
    top += 22  # a picked card is lifted into this gap
    w, h, gap = 62, 88, 6
    n = len(f["hand"])
    # Cards side by side, never overlapping (a card's name is at its foot): four a row, more rows beyond.
    per_row = max(1, int((P.ROOM + gap) // (w + gap)))
    rows = -(-n // per_row)
    per_row = -(-n // rows) if n else per_row
    cards = list(zip(f["hand"], f["picked"], f["arrived"]))
    for r in range(rows):
        row = cards[r * per_row:(r + 1) * per_row]
        x = 24 + (P.ROOM - (w * len(row) + gap * (len(row) - 1))) / 2
        for kind, picked, new in row:
            face(img, x, top + r * (h + 16), w, h, kind, picked, new)
            x += w + gap
    if not n:
        D.text(d, (24, top + 30), tr("No cards in hand."), 15, D.MUTED, "lm", width=P.ROOM)
    top += rows * (h + 16) - 4 if n else 60
    if not f["magick"]:
        return top
    D.text(d, (24, top), tr("Magick"), 12, D.MUTED, "lt", width=P.ROOM)
    top += 18
    cw = (P.ROOM - 8) / 2
    for i, (name, deck) in enumerate(f["magick"]):
        row, col = divmod(i, 2)
        x, y = 24 + col * (cw + 8), top + row * 36
        light = deck == "light"
        D.paste(img, D.rounded(int(cw), 32, LIGHT if light else SHADOW, D.GOLD, 7, 1), x, y)
        P.lines(d, (x + cw / 2, y + 9), magick_name(name), 12, D.INK if light else D.CREAM, "mt", width=cw - 12,
                most=1)
    return top + 36 * -(-len(f["magick"]) // 2) - 4
