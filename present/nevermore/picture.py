"""Nevermore pictures: the Resolution tokens on the table and every player's health, VP and Raven state
from the public view; a seat's view adds the hand it is drafting from (picked cards lifted, cards that
just arrived marked) and its Magick cards. Drawn from view facts only."""
from __future__ import annotations

from PIL import Image, ImageDraw

from engine.nevermore.cards import MAGICK, MAX_HEALTH, SUIT_NAME, SUIT_OF, WIN_VP
from present import draw as D
from present.i18n import tr
from present.nevermore.presenter import magick as magick_name, suit

SUIT_COLOUR = {
    "attack": (178, 40, 40), "healing": (206, 78, 118), "radiance": (210, 160, 30),
    "victory": (44, 94, 168), "raven": (40, 34, 50),
}
SUIT_SYMBOL = {"attack": "sword", "healing": "heart", "radiance": "star", "victory": "cup", "raven": "bird"}
LIGHT, SHADOW = (238, 222, 170), (58, 44, 82)
RED = (214, 58, 64)


def draw(view: dict) -> tuple[bytes, str] | None:
    return D.cached("nevermore", facts_of(view), render)


def facts_of(view: dict) -> dict:
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
    mine = "hand" in f
    img, d = D.canvas(440 if mine else 420)
    if f["draft"]:
        direction = tr("left") if f["dir"] == "left" else tr("right")
        right = tr("Draft round {round}: pass {count} {direction}", round=f["draft"][0], count=f["draft"][1],
                   direction=direction)
    elif f["winners"]:
        right = tr("Game over")
    else:
        right = tr("Resolving {suit}", suit=suit(f["current"])) if f["current"] in SUIT_NAME else ""
    D.banner(d, 32, tr("Nevermore") + " · " + tr("Hand {n}", n=f["hand_no"]), right)
    _tokens(img, d, f, 62)
    if mine:
        _hand(img, d, f, 210)
    else:
        _players(img, d, f, 196)
    return img


def _tokens(img: Image.Image, d, f: dict, top: int) -> None:
    """The Resolution tokens in order: face down ('?') until revealed, dimmed once resolved."""
    toks = f["tokens"]
    size, gap = 78, 34
    x = (D.WIDTH - (size * len(toks) + gap * (len(toks) - 1))) / 2
    for i, t in enumerate(toks):
        done = i < f["resolved"]
        now = t == f["current"] and i == f["resolved"] and i < f["revealed"]
        if t == "?":
            D.paste(img, D.disc(size, (34, 30, 44), D.DIM, 2), x, top + 10)
            D.text(d, (x + size / 2, top + 10 + size / 2), "?", 34, D.DIM, "mm", bold=True, width=size)
            name = tr("face down")
        else:
            fill = tuple(int(v * .45 + 40) for v in SUIT_COLOUR[t]) if done else SUIT_COLOUR[t]
            D.paste(img, D.disc(size, fill, D.GOLD if now else D.CREAM, 4 if now else 2), x, top + 10)
            D.put_symbol(img, SUIT_SYMBOL[t], x + size / 2, top + 10 + size / 2, 40,
                         D.MUTED if done else D.WHITE)
            name = tr("{suit} (done)", suit=suit(t)) if done else suit(t)
        D.text(d, (x + size / 2, top + size + 18), name, 14, D.GOLD if now else D.MUTED, "mt", width=size + gap - 4)
        x += size + gap


def _players(img: Image.Image, d, f: dict, top: int) -> None:
    n = len(f["players"])
    col = (D.WIDTH - 48) / n
    for i, (health, vp, raven, magick, front) in enumerate(f["players"]):
        seat = i + 1
        x = 24 + col * i
        hot = seat in f["winners"] or seat in f["waiting"]
        D.paste(img, D.rounded(int(col) - 8, 196, D.FELT_DARK, D.GOLD if hot else D.FELT_LINE, 10,
                               3 if hot else 1), x + 4, top)
        cx = x + col / 2
        inside = col - 20
        head = tr("Seat {n} wins", n=seat) if seat in f["winners"] else tr("Seat {n}", n=seat)
        D.text(d, (cx, top + 10), head, 17, D.GOLD if hot else D.CREAM, "mt", bold=True, width=inside)
        if raven:
            D.put_symbol(img, "bird", cx, top + 58, 40, D.CREAM)
            D.text(d, (cx, top + 82), tr("a Raven"), 15, D.CREAM, "mt", width=inside)
        else:
            pip = min(20, int((col - 24) / MAX_HEALTH) - 2)
            hx = cx - (pip + 2) * MAX_HEALTH / 2
            for h in range(MAX_HEALTH):
                D.put_symbol(img, "heart", hx + (pip + 2) * h + pip / 2, top + 48, pip,
                             RED if h < health else D.DIM)
            D.text(d, (cx, top + 64), tr("Health {n}", n=health), 14, D.MUTED, "mt", width=inside)
        D.text(d, (cx, top + 104), tr("{vp} / {win} VP", vp=vp, win=WIN_VP), 18, D.WHITE, "mt", bold=True,
               width=inside)
        D.text(d, (cx, top + 130), tr("{n} Magick", n=magick), 14, D.MUTED, "mt", width=inside)
        # Cards played in front this hand, by suit.
        fx = cx - 34 * len(front) / 2
        for suit, count in front.items():
            D.put_symbol(img, SUIT_SYMBOL[suit], fx + 11, top + 166, 20, SUIT_COLOUR[suit] if suit != "raven"
                         else D.CREAM)
            D.text(d, (fx + 23, top + 166), str(count), 15, D.CREAM, "lm", bold=True, width=11)
            fx += 34


def face(img: Image.Image, x: float, y: float, w: int, h: int, name: str, raised: bool, new: bool) -> None:
    """Cards of one suit are identical: the suit's colour, its mark and its name."""
    if raised:
        y -= 16
    colour = SUIT_COLOUR[name]
    D.card(img, x, y, w, h, colour, D.GOLD if raised else D.CREAM)
    if raised:
        D.paste(img, D.rounded(w, h, colour, D.GOLD, 9, 4), x, y)
    D.paste(img, D.rounded(w - 12, h - 12, colour, (255, 255, 255, 120), 6, 1), x + 6, y + 6)
    D.put_symbol(img, SUIT_SYMBOL[name], x + w / 2, y + h * .45, int(w * .55), D.WHITE)
    d = ImageDraw.Draw(img)
    D.text(d, (x + w / 2, y + h - 12), suit(name), 15, D.WHITE, "md", bold=True, width=w - 10)
    if new:
        D.text(d, (x + 12, y + 12), tr("new"), 12, D.GOLD, "lt", bold=True, width=w - 24)


def _hand(img: Image.Image, d, f: dict, top: int) -> None:
    health, vp, raven = f["players"][f["me"] - 1][:3]
    waiting = f["me"] in f["waiting"]
    head = tr("Your hand (Seat {n})", n=f["me"]) + (" · " + tr("pick your passes") if waiting else "")
    state = (tr("a Raven") if raven else tr("Health {n}", n=health)) + " · " + tr("{n} VP", n=vp)
    right = min(D.text_width(state, 18), (D.WIDTH - 48) * 0.4)
    D.text(d, (D.WIDTH - 24, top), state, 18, D.CREAM, "rt", bold=True, width=right)
    D.text(d, (24, top), head, 18, D.GOLD if waiting else D.CREAM, "lt", bold=True, width=D.WIDTH - 48 - right - 16)
    w, h, gap = 100, 140, 14
    magick = f["magick"]
    mag_room = 180 if magick else 0
    n = len(f["hand"])
    room = D.WIDTH - 48 - mag_room
    step = w + gap if n <= 1 else min(w + gap, (room - w) / (n - 1))
    x = 24 + max(0, (room - (w + step * (n - 1))) / 2)
    for kind, picked, new in zip(f["hand"], f["picked"], f["arrived"]):
        face(img, x, top + 56, w, h, kind, picked, new)
        x += step
    if not n:
        D.text(d, (24, top + 120), tr("No cards in hand."), 18, D.MUTED, "lm", width=room)
    if magick:
        mx = D.WIDTH - 24 - 160
        D.text(d, (mx, top + 40), tr("Magick"), 15, D.MUTED, "lt", width=160)
        for i, (name, deck) in enumerate(magick[:4]):
            y = top + 62 + i * 40
            light = deck == "light"
            D.paste(img, D.rounded(160, 34, LIGHT if light else SHADOW, D.GOLD, 7, 1), mx, y)
            D.text(d, (mx + 80, y + 17), magick_name(name), 14, D.INK if light else D.CREAM, "mm", width=148)
        if len(magick) > 4:
            D.text(d, (mx + 80, top + 62 + 4 * 40), tr("+{n} more", n=len(magick) - 4), 14, D.MUTED, "mt", width=160)
