"""The Everrain pictures: the voyage (the Discovery Track with the Act ends and the fleet's position, the
card being resolved and any roll) and every ship's crew with its Island and Port skills, supplies and
glory. A seat's view adds only that seat's own face-down Story cards (number, title, type) under its
crew; a seat holding none gets the board's picture and key. Drawn from view facts and the players' names
only, phone-sized (present/phone.py): a crew member's role is on its card (`/game card`), not here."""
from __future__ import annotations

from PIL import Image

from present import draw as D
from present import phone as P
from present.everrain.presenter import _card_title, _deck, _skill, act_name, crew_name
from present.i18n import tr

SEA = (30, 64, 92)
SEA_DARK = (20, 44, 66)
WAVE = (70, 118, 150)
DECK_COLOUR = {"sea": (40, 110, 150), "expedition": (150, 112, 40), "denizen": (120, 60, 130)}
ISLAND, PORT = (64, 150, 90), (196, 120, 48)
ROMAN = {1: "I", 2: "II", 3: "III"}


def draw(view: dict, names: dict[str, str] | None = None) -> tuple[bytes, str] | None:
    return D.cached("everrain", facts_of(view, names), render)


def facts_of(view: dict, names: dict[str, str] | None = None) -> dict:
    seats = view["seats"]
    ships = view["ships"]
    card = view.get("card")
    f = {
        "act": view["act"], "track": view["track"], "length": view["length"], "ends": view["ends"],
        "round": view["round"], "phase": view["phase"],
        "active": seats.index(view["active"]) + 1 if view.get("active") in seats else None,
        "ships": [[[[c["name"], c["island"], c["port"]] for c in ships[s]["crew"]],
                   ships[s]["supplies"], ships[s]["glory"]] for s in seats],
        "card": None if not card else [card["title"], card["deck"], card.get("skill"), card.get("target")],
        "roll": [view["roll"]["die"], view["roll"]["value"], view["roll"]["total"]] if view.get("roll") else None,
        "tester": view["tester"]["name"] if view.get("tester") else None,
        "names": P.names_of(seats, names),
    }
    me = view.get("seat")
    mine = ships.get(me, {}).get("my_stories") if me is not None else None
    if mine:
        f["me"] = seats.index(me) + 1
        f["stories"] = [[c["number"], c["title"], c["deck"]] for c in mine]
    return f


def render(f: dict) -> Image.Image:
    img, d = P.canvas()
    # The sea: a dark-blue chart laid on the table, the voyage across it (as tall as its texts wrap to).
    bottom = _sea(None, None, f)
    D.paste(img, D.rounded(P.WIDTH - 28, bottom - 14, SEA, WAVE, 14, 2), 14, 14)
    _sea(img, d, f)
    y = _ships(img, d, f, bottom + 12)
    if "stories" in f:
        y = _stories(img, d, f, y + 14)
    return P.done(img, y)


def _sea(img: Image.Image | None, d, f: dict) -> int:
    """The title, the track and the card in play; gives the sea's bottom. Without `img`, measures only."""
    act = tr("Act {act}: {name}", act=ROMAN[f["act"]], name=act_name(f["act"])) if f["act"] in ROMAN else ""
    title, right = tr("The Everrain") + f" · {act}", tr("Round {n}", n=f["round"])
    y = P.header(d, 26, title, right) if d is not None else 26 + P.header_height(title, right)
    y += 34
    if img is not None:
        _track(img, d, f, y)
    return _card(img, d, f, y + 38) + 12


def _stories(img: Image.Image, d, f: dict, y: int) -> int:
    """The reader's own face-down Story cards: their backs show the type, the reader knows the rest."""
    D.text(d, (24, y), tr("Your Stories"), 12, D.GOLD, "lt", bold=True, width=P.ROOM)
    y += 18
    w = (P.ROOM - 6) / 2
    for r in range(0, len(f["stories"]), 2):
        row = f["stories"][r:r + 2]
        said = [tr("Story {n}", n=number) + " · " + _card_title(title) for number, title, _deck in row]
        h = max(P.lines_height(s, 11, w - 14) for s in said) + 12
        for k, ((_n, _t, deck), text) in enumerate(zip(row, said)):
            x = 24 + k * (w + 6)
            D.paste(img, D.rounded(int(w), h, DECK_COLOUR.get(deck, SEA_DARK), D.GOLD, 8, 1), x, y)
            P.lines(d, (x + 8, y + 6), text, 11, D.WHITE, "lt", width=w - 14)
        y += h + 6
    return y - 6


def _track(img: Image.Image, d, f: dict, y: int) -> None:
    """Spaces 0..length; the Act ends are islands; the ship sits on the fleet's space."""
    length = f["length"]
    left, right = 40, P.WIDTH - 40
    step = (right - left) / length
    d.line((left, y, right, y), fill=WAVE, width=3)
    every = 1 if step >= 24 else 2 if step >= 12 else 4  # space numbers never crowd one another
    for i in range(length + 1):
        x = left + step * i
        end = i in f["ends"]
        passed = i <= f["track"]
        size = 18 if end else 9
        fill = ISLAND if end else (D.CREAM if passed else SEA_DARK)
        D.paste(img, D.disc(size, fill, D.CREAM if end else WAVE, 2), x - size / 2, y - size / 2)
        if end:
            act = f["ends"].index(i) + 1
            D.text(d, (x, y + 14), tr("Act {act}", act=ROMAN[act]), 11, D.CREAM, "mt", width=max(3 * step, 40))
        elif i % every == 0 and all(abs(i - e) > 1 for e in f["ends"]):
            D.text(d, (x, y + 10), str(i), 10, D.MUTED, "mt", width=2 * step)
    D.put_symbol(img, "ship", left + step * f["track"], y - 20, 26, D.GOLD)


def _card(img: Image.Image | None, d, f: dict, y: int) -> int:
    """The card being resolved: its deck and title, its test (or "a choice") and any roll, one under another;
    gives the y under it. Without `img`, measures only."""
    card = f["card"]
    if not card:
        msg = tr("The voyage is over.") if f["phase"] == "over" else tr("Choosing where to sail next.")
        if d is not None:
            P.lines(d, (P.WIDTH / 2, y), msg, 14, D.MUTED, "mt")
        return y + P.lines_height(msg, 14)
    title, deck, skill, target = card
    rows = [(_deck(deck), 11, D.CREAM, False), (_card_title(title), 15, D.WHITE, True),
            (tr("{skill} test, target {target}", skill=_skill(skill), target=target) if skill else tr("A choice"),
             12, D.CREAM, True)]
    if f["roll"]:
        die, value, total = f["roll"]
        rolled = (tr("{crew}: rolled {die} + {value} = {total}", crew=crew_name(f["tester"]), die=die, value=value,
                     total=total) if f["tester"] else tr("rolled {die} + {value} = {total}", die=die, value=value,
                                                         total=total))
        rows.append((rolled, 12, D.GOLD if total >= target else D.CREAM, False))
    elif f["tester"]:
        rows.append((tr("Testing: {crew}", crew=crew_name(f["tester"])), 12, D.CREAM, False))
    inside = P.ROOM - 24
    height = sum(P.lines_height(text, size, inside) + 4 for text, size, _c, _b in rows) + 12
    if img is not None:
        D.paste(img, D.rounded(P.ROOM, height, DECK_COLOUR.get(deck, SEA_DARK), D.CREAM, 10, 2), 24, y)
        top = y + 8
        for text, size, fill, bold in rows:
            top += P.lines(d, (36, top), text, size, fill, "lt", width=inside, bold=bold) + 4
    return y + height


def _ships(img: Image.Image, d, f: dict, top: int) -> int:
    """Every ship's panel (two or three a row): its player, supplies and glory, and each crew member's Island
    and Port skills, coloured as the key above them says. Gives the y under them."""
    x = 24
    for skill, colour in (("island", ISLAND), ("port", PORT)):
        D.paste(img, D.disc(12, colour), x, top + 1)
        said = _skill(skill)
        D.text(d, (x + 16, top + 7), said, 11, D.MUTED, "lm", width=P.ROOM / 2 - 24)
        x += 16 + D.text_width(said, 11) + 14
    top += 22
    n = len(f["ships"])
    cols = 1 if n == 1 else 2  # three across leave a crew member no room for a name on a phone-sized picture
    left = 16  # the panels reach 8 px nearer the rim than the rest: a long crew name keeps its room
    width = (P.WIDTH - 2 * left) / cols
    y = top
    for r in range(0, n, cols):
        tallest = max(40 + 14 * max(1, len(f["ships"][i][0])) for i in range(r, min(n, r + cols)))
        for i in range(r, min(n, r + cols)):
            _ship(img, d, f, i, left + width * (i - r) + 3, y, width - 6, tallest)
        y += tallest + 6
    return y - 6


def _ship(img: Image.Image, d, f: dict, i: int, x: float, y: float, w: float, h: int) -> None:
    crew, supplies, glory = f["ships"][i]
    active = f["active"] == i + 1
    D.paste(img, D.rounded(int(w), h, D.FELT_DARK, D.GOLD if active else D.FELT_LINE, 10, 3 if active else 1), x, y)
    inside = w - 16
    if active:
        D.put_symbol(img, "ship", x + w - 16, y + 13, 15, D.GOLD)
    P.name(d, (x + 8, y + 6), P.seat_name(f, i + 1), 13, D.GOLD if active else D.CREAM, "lt",
           width=inside - (18 if active else 0))
    D.text(d, (x + 8, y + 23), tr("Supplies {n}", n=supplies) + " · " + tr("Glory {n}", n=glory), 11, D.MUTED, "lt",
           width=inside)
    skills = x + w - 6 - 31  # two skill badges at the right end of each crew line
    for k, (name, island, port) in enumerate(crew):
        cy = y + 45 + 14 * k
        D.text(d, (x + 8, cy), crew_name(name), 11, D.CREAM, "lm", bold=True, width=skills - x - 9)
        for j, (value, colour) in enumerate(((island, ISLAND), (port, PORT))):
            cx = skills + 7 + 16 * j
            D.paste(img, D.disc(14, colour), cx - 7, cy - 7)
            D.text(d, (cx, cy), str(value), 10, D.WHITE, "mm", bold=True, width=12)
    if not crew:
        D.text(d, (x + 8, y + 48), tr("nobody aboard"), 11, D.MUTED, "lm", width=inside)
