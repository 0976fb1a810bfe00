"""The Black Rose Wars board at Discord's inline size, and its picture and text telling the same story.

Sizes are checked from the layout (every word the picture draws, with its font size: picture.LAYOUT), not by
OCR: shown SHOWN (550) px wide, each word must be at least 11 px tall. The numbers the picture draws (each
mage's PP, damage, the Black Rose's PP, each room's instability) must be the numbers the board text says."""
from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from tests.engine.conformance import advanced
from present import draw as D
from present import fmt
from present.blackrose import hand_picture as H
from present.blackrose import picture as P
from present.blackrose.presenter import PRESENTER
from present.i18n import reading
from tests.present.test_blackrose_picture import public_view, seat_view

NAMES = {"p1": "Ann", "p2": "Ben", "p3": "Cat", "p4": "Dan"}


def laid_out(view: dict, names=None) -> tuple[Image.Image, list[tuple[str, int]]]:
    """The picture drawn afresh (no cached tiles) and every word it drew with its font size."""
    D._recent.clear()
    for cached in (P._room_tile, P._cell_tile, H._strip_tile):
        cached.cache_clear()
    P.LAYOUT = []
    try:
        png, _ = P.draw(view, names)
        words = P.LAYOUT
    finally:
        P.LAYOUT = None
    img = Image.open(io.BytesIO(png))
    img.load()
    return img, words


def play(players: int, seed: int, steps: int):
    return advanced("blackrose", players, seed, steps)


def views():
    yield public_view()
    yield public_view(over=True, winners=["p2"], final={"totals": {"p1": 9, "p2": 15, "p3": 4, "p4": 8}})
    yield seat_view()
    for players, seed, steps in ((3, 1, 200), (4, 2, 170), (4, 2, 2000)):
        st = play(players, seed, steps)
        yield st.view(None)
        yield st.view("p1")


@pytest.mark.parametrize("view", list(views()), ids=lambda v: f"{v.get('me')}-{v.get('turn')}-{v.get('over')}")
def test_every_word_is_at_least_9_px_tall_on_a_phone_and_the_picture_fits_beside_the_prompt(view):
    """Discord's mobile app shows the picture 287 px wide on a 400 px phone: every word drawn is 9 px or more
    there, and the picture is at most 1.3 times as tall as wide (so it does not scroll away from the prompt)."""
    img, words = laid_out(view, NAMES)
    scale = 287 / img.width
    assert words and img.width in (P.WIDTH, H.WIDTH)
    small = [(w, size) for w, size in words if size * scale < 9]
    assert not small, small
    assert img.height <= 1.3 * img.width


def test_the_board_shows_the_players_beside_their_mages():
    _, words = laid_out(public_view(), NAMES)
    drawn = {w for w, _ in words}
    assert {"Ann", "Ben", "Cat", "Dan", "Nero", "Tessa"} <= drawn
    _, words = laid_out(public_view())  # no names given: the mages alone, nothing invented
    assert "Ann" not in {w for w, _ in words}


def test_evocations_are_drawn_in_their_rooms_and_listed_by_name_in_full_in_the_text():
    _, words = laid_out(public_view(), NAMES)
    drawn = [w for w, _ in words]
    assert "v1" in drawn and "v2" in drawn and not any(".." in w for w in drawn)
    text = fmt.plain(PRESENTER.board(public_view(), NAMES))
    assert "Malacoda (v1) in A3" in text and "Cerberus (v2) in B2" in text


def test_pp_past_30_stays_readable():
    """Markers on a 0-30 track piled up on the Black Rose's; now each PP is a number in its mage's row."""
    _, words = laid_out(public_view(pp={"p1": 34, "p2": 31, "p3": 3, "p4": 7, "rose": 30}), NAMES)
    drawn = [w for w, _ in words]
    assert "34 PP" in drawn and "31 PP" in drawn and "30 PP" in drawn


def board_numbers(view: dict) -> dict:
    """The numbers the board text says, read back from its plain text."""
    text = fmt.plain(PRESENTER.board(view, NAMES))
    out = {"pp": {}, "damage": {}, "inst": {}}
    for name, pp, dmg, hp in re.findall(r"^(\w+) \(.*?\) — (\d+) PP(?: \(final\))? · damage (\d+)/(\d+)", text, re.M):
        out["pp"][name] = int(pp)
        out["damage"][name] = f"{dmg}/{hp}"
    out["pp"]["rose"] = int(re.search(r"^The Black Rose — (\d+) PP", text, re.M).group(1))
    for lab, n, top in re.findall(r"^(X|[AB]\d+) .*? · instability (\d+)/(\d+)", text, re.M):
        out["inst"][lab] = f"{n}/{top}"
    return out


def picture_numbers(view: dict) -> dict:
    """The same numbers as the picture draws them (from the layout, in drawing order)."""
    _, words = laid_out(view, NAMES)
    drawn = [w for w, _ in words]
    f = P.facts_of(view, NAMES)
    out = {"pp": {}, "damage": {}, "inst": {}}
    pps = [w for w in drawn if re.fullmatch(r"\d+ PP", w)]
    for s, pp in zip(f["seats"], pps):
        out["pp"][s["player"]] = int(pp.split()[0])
    out["pp"]["rose"] = int(pps[len(f["seats"])].split()[0])
    rows = [w for w in drawn if re.fullmatch(r"(Cell|X|[AB]\d+) · \d+/\d+", w)]
    for s, row in zip(f["seats"], rows):
        out["damage"][s["player"]] = row.split(" · ")[1]
    counts = [w for w in drawn if re.fullmatch(r"\d+/\d+", w)]
    rooms = [r["label"] for r in f["rooms"] if not r["destroyed"]]
    out["inst"] = dict(zip(rooms, counts))
    return out


@pytest.mark.parametrize("view", [public_view(), public_view(over=True, winners=["p2"],
                                                             final={"totals": {"p1": 9, "p2": 15, "p3": 4, "p4": 8}}),
                                  play(3, 1, 200).view(None), play(4, 2, 2000).view(None)],
                         ids=["hand-written", "game-over", "3-seats", "4-seats-end"])
def test_the_picture_draws_the_numbers_the_text_says(view):
    said, drawn = board_numbers(view), picture_numbers(view)
    assert said["pp"] == drawn["pp"] and len(said["pp"]) == len(view["seats"]) + 1
    assert said["damage"] == drawn["damage"]
    destroyed = set(view.get("destroyed") or ())
    assert {k: v for k, v in said["inst"].items() if k not in destroyed} == drawn["inst"]


def test_the_reading_language_is_part_of_the_key_and_every_drawn_word_comes_from_the_catalog():
    english = P.draw(public_view(), NAMES)[1]
    with reading("en-XA"):
        pseudo = P.draw(public_view(), NAMES)[1]
        _, words = laid_out(public_view(), NAMES)
    assert english != pseudo
    # Outside the pseudo-locale's brackets only room labels, ids, numbers and the players' own names remain
    # (a name wrapped onto two lines is two consecutive words; a word cut to its box ends with "..").
    text = re.sub(r"-\n", "", "\n".join(w for w, _ in words))  # a word broken with a hyphen is one word
    while True:
        inner = re.sub(r"⟦[^⟦⟧]*?\.\.(?=\n|$)", "", re.sub(r"⟦[^⟦⟧]*⟧", "", text))
        if inner == text:
            break
        text = inner
    rest = re.sub(r"\b(X|[AB]\d+|v\d+|Ann|Ben|Cat|Dan)\b", "", text)
    assert not re.search(r"[A-Za-z]", rest), rest
