"""The Everrain pictures: the voyage (the Discovery Track with the Act ends and the fleet's position, the
card being resolved and any roll) and every ship's crew with its Island and Port skills, supplies and
glory. A seat's view adds only that seat's own face-down Story cards (number, title, type) under its
crew; a seat holding none gets the board's picture and key."""
from __future__ import annotations

from PIL import Image

from present import draw as D
from present.everrain.presenter import _card_title, _deck, _skill, act_name, crew_name, role
from present.i18n import tr

SEA = (30, 64, 92)
SEA_DARK = (20, 44, 66)
WAVE = (70, 118, 150)
DECK_COLOUR = {"sea": (40, 110, 150), "expedition": (150, 112, 40), "denizen": (120, 60, 130)}
ISLAND, PORT = (64, 150, 90), (196, 120, 48)
ROMAN = {1: "I", 2: "II", 3: "III"}


def draw(view: dict) -> tuple[bytes, str] | None:
    return D.cached("everrain", facts_of(view), render)


def facts_of(view: dict) -> dict:
    seats = view["seats"]
    ships = view["ships"]
    card = view.get("card")
    f = {
        "act": view["act"], "track": view["track"], "length": view["length"], "ends": view["ends"],
        "round": view["round"], "phase": view["phase"],
        "active": seats.index(view["active"]) + 1 if view.get("active") in seats else None,
        "ships": [[[[c["name"], c["role"], c["island"], c["port"]] for c in ships[s]["crew"]],
                   ships[s]["supplies"], ships[s]["glory"]] for s in seats],
        "card": None if not card else [card["title"], card["deck"], card.get("skill"), card.get("target")],
        "roll": [view["roll"]["die"], view["roll"]["value"], view["roll"]["total"]] if view.get("roll") else None,
        "tester": view["tester"]["name"] if view.get("tester") else None,
    }
    me = view.get("seat")
    mine = ships.get(me, {}).get("my_stories") if me is not None else None
    if mine:
        f["me"] = seats.index(me) + 1
        f["stories"] = [[c["number"], c["title"], c["deck"]] for c in mine]
    return f


def render(f: dict) -> Image.Image:
    n = len(f["ships"])
    img, d = D.canvas(268 + 92 * n + (64 if "stories" in f else 0))
    # The sea: a dark-blue chart laid on the table; the voyage runs across it.
    D.paste(img, D.rounded(D.WIDTH - 28, 226, SEA, WAVE, 14, 2), 14, 14)
    act = tr("Act {act}: {name}", act=ROMAN[f["act"]], name=act_name(f["act"])) if f["act"] in ROMAN else ""
    D.banner(d, 38, tr("The Everrain") + f" · {act}", tr("Round {n}", n=f["round"]))
    _track(img, d, f, 104)
    _card(img, d, f, 164)
    top = 256
    for i, ship in enumerate(f["ships"]):
        _ship(img, d, f, i, ship, top + 92 * i)
    if "stories" in f:
        _stories(img, d, f, top + 92 * n + 4)
    return img


def _stories(img: Image.Image, d, f: dict, y: int) -> None:
    """The reader's own face-down Story cards: their backs show the type, the reader knows the rest."""
    D.text(d, (24, y + 26), tr("Your Stories (Ship {n})", n=f["me"]), 15, D.GOLD, "lm", bold=True, width=168)
    x, w = 200, 140
    for number, title, deck in f["stories"][:4]:
        D.paste(img, D.rounded(w, 52, DECK_COLOUR.get(deck, SEA_DARK), D.GOLD, 8, 1), x, y)
        D.text(d, (x + 8, y + 5), tr("Story {n}", n=number), 14, D.WHITE, "lt", bold=True, width=w - 14)
        lines, size = D.wrap(_card_title(title), 13, w - 14)
        for k, text in enumerate(lines):  # one line at 13 px, or two (a long title in a longer language)
            D.text(d, (x + 8, y + (26 if len(lines) == 1 else 22 + 13 * k)), text, size, D.CREAM, "lt", width=w - 14)
        x += w + 6
    if len(f["stories"]) > 4:
        D.text(d, (x, y + 26), f"+{len(f['stories']) - 4}", 14, D.CREAM, "lm", width=D.WIDTH - 24 - x)


def _track(img: Image.Image, d, f: dict, y: int) -> None:
    """Spaces 0..length; the Act ends are islands; the ship sits on the fleet's space."""
    length = f["length"]
    left, right = 40, D.WIDTH - 40
    step = (right - left) / length
    d.line((left, y, right, y), fill=WAVE, width=3)
    for i in range(length + 1):
        x = left + step * i
        end = i in f["ends"]
        passed = i <= f["track"]
        size = 26 if end else 14
        fill = ISLAND if end else (D.CREAM if passed else SEA_DARK)
        D.paste(img, D.disc(size, fill, D.CREAM if end else WAVE, 2), x - size / 2, y - size / 2)
        if end:
            act = f["ends"].index(i) + 1
            D.text(d, (x, y + 20), tr("Act {act}", act=ROMAN[act]), 13, D.CREAM, "mt", width=max(2 * step, 60))
        elif i % 2 == 0 or length <= 12:
            D.text(d, (x, y + 14), str(i), 12, D.MUTED, "mt", width=2 * step)
    sx = left + step * f["track"]
    D.put_symbol(img, "ship", sx, y - 30, 34, D.GOLD)


def _card(img: Image.Image, d, f: dict, y: int) -> None:
    card = f["card"]
    if not card:
        msg = tr("The voyage is over.") if f["phase"] == "over" else tr("Choosing where to sail next.")
        D.text(d, (D.WIDTH / 2, y + 30), msg, 17, D.MUTED, "mm", width=D.WIDTH - 80)
        return
    title, deck, skill, target = card
    colour = DECK_COLOUR.get(deck, SEA_DARK)
    D.paste(img, D.rounded(D.WIDTH - 80, 60, colour, D.CREAM, 10, 2), 40, y)
    D.text(d, (56, y + 10), _deck(deck), 13, D.CREAM, "lt", width=380)
    D.text(d, (56, y + 30), _card_title(title), 19, D.WHITE, "lt", bold=True, width=380)
    test = tr("{skill} test, target {target}", skill=_skill(skill), target=target) if skill else tr("A choice")
    D.text(d, (D.WIDTH - 56, y + 10), test, 15, D.CREAM, "rt", bold=True, width=300)
    if f["roll"]:
        die, value, total = f["roll"]
        rolled = (tr("{crew}: rolled {die} + {value} = {total}", crew=crew_name(f["tester"]), die=die, value=value,
                     total=total) if f["tester"] else tr("rolled {die} + {value} = {total}", die=die, value=value,
                                                         total=total))
        D.text(d, (D.WIDTH - 56, y + 34), rolled, 15, D.GOLD if total >= target else D.CREAM, "rt", width=300)
    elif f["tester"]:
        D.text(d, (D.WIDTH - 56, y + 34), tr("Testing: {crew}", crew=crew_name(f["tester"])), 15, D.CREAM, "rt",
               width=300)


def _ship(img: Image.Image, d, f: dict, i: int, ship: list, y: int) -> None:
    crew, supplies, glory = ship
    active = f["active"] == i + 1
    D.text(d, (24, y + 12), tr("Ship {n}", n=i + 1), 17, D.GOLD if active else D.CREAM, "lt", bold=True,
           width=76 if active else 100)
    D.text(d, (24, y + 38), tr("Supplies {n}", n=supplies), 14, D.MUTED, "lt", width=100)
    D.text(d, (24, y + 58), tr("Glory {n}", n=glory), 14, D.MUTED, "lt", width=100)
    if active:
        D.put_symbol(img, "ship", 112, y + 20, 20, D.GOLD)
    x, w, h = 130, 124, 80
    for name, trade, island, port in crew[:5]:
        D.card(img, x, y + 2, w, h, D.PAPER, D.GOLD if active else D.INK)
        D.text(d, (x + 8, y + 9), crew_name(name), 14, D.INK, "lt", bold=True, width=w - 14)
        D.text(d, (x + 8, y + 28), role(trade), 12, (90, 80, 70), "lt", width=w - 14)
        # i18n: a crew card's two skills, abbreviated to fit a small card (Island, Port)
        _pips(img, d, x + 8, y + 54, tr("Isl"), island, ISLAND)
        _pips(img, d, x + 8, y + 70, tr("Port"), port, PORT)
        x += w + 4


def _pips(img: Image.Image, d, x: float, y: float, what: str, value: int, colour) -> None:
    D.text(d, (x, y), what, 11, (90, 80, 70), "lm", width=30)
    for k in range(3):
        D.paste(img, D.disc(11, colour if k < value else D.PAPER, colour, 1), x + 32 + 14 * k, y - 6)
    D.text(d, (x + 32 + 14 * 3 + 2, y), str(value), 12, D.INK, "lm", bold=True, width=12)
