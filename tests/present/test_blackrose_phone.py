"""Black Rose Wars on a phone (issue 32): the pictures' words readable at 400 px, the pictures no taller
than a phone shows next to the prompt, the Lodge's text map in a code block, nothing a player reads cut
silently, and what a player decides written next to the prompt as well as in the picture."""
from __future__ import annotations

import re

import pytest

from present import fmt
from present.blackrose.prompts import prompt as worded_prompt  # (the placeholder is shorter)
from present.blackrose.presenter import PRESENTER
from present.i18n import reading, tr
from tests.present.test_blackrose_picture import public_view, seat_view

NAMES = {"p1": "Ann", "p2": "Ben", "p3": "Cat", "p4": "Dan"}
PHONE = 287          # px: the width Discord's mobile app shows a message's picture at on a 400 px phone
PHONE_CODE_CHARS = 36  # monospace characters a phone shows on one line of a code block at 400 px


def test_the_lodge_map_is_a_code_block_that_fits_a_phone():
    """Spaced with plain spaces outside a code block, Discord's proportional font skewed the map's columns."""
    md = fmt.markdown(PRESENTER.board(public_view(), NAMES))
    block = re.search(r"```\n(.*?)\n```", md, re.S)
    assert block, md
    rows = block.group(1).split("\n")
    assert [r.split() for r in rows] == [["B9", "B10", "B11"], ["B8", "A5", "A6", "B12"], ["B7", "A4", "X", "A1", "B1"],
                                         ["B6", "A3", "A2", "B2"], ["B5", "B4", "B3"]]
    assert max(map(len, rows)) <= PHONE_CODE_CHARS
    # a hex's neighbours below it sit half a hex to either side: every label's right edge on a 3-column grid
    for r in rows:
        assert all((m.end() % 3) == 0 for m in re.finditer(r"\S+", r)), r


# ---- the pictures --------------------------------------------------------------------------------------

def _drawn(draw) -> list[tuple[str, tuple, int]]:
    """Every text a drawing call draws: (text, xy, size), in drawing order."""
    from present import draw as D
    seen: list[tuple[str, tuple, int]] = []
    real = D.text

    def spy(d, xy, s, size, *args, **kwargs):
        seen.append((s, xy, size))
        return real(d, xy, s, size, *args, **kwargs)

    D.text = spy
    try:
        draw()
    finally:
        D.text = real
    return seen


def _fresh():
    from present import draw as D
    from present.blackrose import hand_picture as H
    from present.blackrose import picture as P
    D._recent.clear()
    for cached in (P._room_tile, P._cell_tile, H._strip_tile):
        cached.cache_clear()


@pytest.mark.parametrize("lang", ["en", "de", "es-ES", "pt-BR"])
def test_a_room_shows_its_code_alone_and_the_board_text_names_it(lang):
    """A room's name at a size a phone can read does not fit its hex (codes used to be drawn over two-line
    names): the hex shows its code, never a cut word, and the board text names every room beside its code."""
    from engine.blackrose import cards as C
    from present.blackrose import picture as P
    from present.blackrose import words as W
    with reading(lang):
        for rid in C.ROOMS:
            for destroyed in (False, True):
                _fresh()
                drawn = _drawn(lambda: P._room_tile("B12", "red", "ready", destroyed, lang))
                assert [s for s, _, _ in drawn] == ["B12"], (rid, drawn)
        text = fmt.plain(PRESENTER.board(public_view(), NAMES))
        for room in public_view()["layout"].values():
            assert W.room_kind_name(room) in text, room


def _words(view) -> str:
    from present.blackrose import picture as P
    _fresh()
    P.LAYOUT = []
    try:
        P.draw(view)
        return re.sub(r"-\s", "", " ".join(w for w, _ in P.LAYOUT))
    finally:
        P.LAYOUT = None


def test_the_hand_picture_draws_every_sides_text_whole():
    """The strips used to stop each side after two lines ("…instability i.."): now every side is drawn in full."""
    from present.blackrose import hand_picture as H
    view = seat_view(choice={"kind": "study", "look": ["profane_mark.1", "putrefying_poison.1"]})
    drawn = _words(view).replace(" ", "")
    facts = H.facts_of(view)
    for card in facts["look"] + facts["hand"] + facts["ready"]:
        for _, side in card["sides"]:
            assert side.replace(" ", "") in drawn, side
    assert ".." not in drawn


BIG_HAND = dict(hand=["fireball.1", "jester_hat.2", "ring_of_fire.1", "meteor_swarm.1", "ice_burst.1", "maelstrom.1",
                      "gaze.1"],
                choice={"kind": "study", "look": ["demons_howl.3", "vampires_bite.1", "profane_mark.1", "stone_claws.1"]})


def test_a_big_hand_stays_phone_sized_and_names_what_it_leaves_out():
    """Seven spells in hand and four studied: the picture stays at most 1.3 times as tall as wide, the cards
    being studied come first, and every spell not drawn is named (with where to read it), none dropped."""
    import io
    from PIL import Image
    from present.blackrose import hand_picture as H
    from present.blackrose import picture as P
    view = seat_view(**BIG_HAND)
    _fresh()
    img = Image.open(io.BytesIO(P.draw(view)[0]))
    assert img.width == 800 and img.height <= 1.3 * img.width
    drawn = _words(view)
    facts = H.facts_of(view)
    names = [c["name"] for c in facts["look"] + facts["hand"] + facts["ready"]]
    assert all(n in drawn for n in names)
    assert drawn.index("Demon's Howl") < drawn.index("Fireball")  # what the seat decides on comes first
    assert "Not drawn here:" in drawn and "/game card" in drawn


def test_every_black_rose_text_reports_to_draw_measured():
    """present/draw.py's `measured` sees the Black Rose Wars texts too, so one check covers every game:
    used size x 287 / width >= 9 for each (a phone shows the picture 287 px wide)."""
    from present import draw as D
    from present.blackrose import picture as P
    for view in (public_view(), seat_view(), seat_view(**BIG_HAND)):
        _fresh()
        D.measured = []
        try:
            P.draw(view, NAMES)
            seen = D.measured
        finally:
            D.measured = None
        assert len(seen) > 20
        assert all(used * PHONE / P.WIDTH >= 9 for _, _, used, *_ in seen)


# ---- what a player decides, next to the prompt ----------------------------------------------------------

def _footer(view) -> str:
    return fmt.md_line(PRESENTER.hand(view, NAMES).footer)


def _spells(view) -> str:
    """The hand's "Your spells" section, which comes before the picture (the picture is last, beside the
    prompt and its buttons)."""
    doc = PRESENTER.hand(view, NAMES)
    assert doc.picture_last
    return "\n".join(fmt.md_line(ln) for sec in doc.sections if sec.title == "Your spells" for ln in sec.lines)


@pytest.mark.parametrize("choice", [{"kind": "prep"}, {"kind": "study", "look": ["demons_howl.3", "gaze.1"]},
                                    {"kind": "pick", "key": "discard"}])
def test_the_spells_a_player_chooses_among_are_worded_above_the_picture(choice):
    """Readying spells, keeping studied cards, discarding: each spell's sides (type, target, effect) are in
    the message's "Your spells", above the picture; the prompt line under the picture is the prompt alone,
    so that a phone shows the picture, the prompt and its buttons on one screen."""
    from present.blackrose import card_text as T
    from present.blackrose import presenter as PR
    view = seat_view(choice=choice)
    assert _footer(view) == fmt.escape(worded_prompt(view))
    spells = _spells(view)
    among = PR.choosing_among(view)
    assert among and len(spells) <= fmt.TEXT_MAX // 2
    for card in among:
        for key, _ in T.sides_of(card):
            assert fmt.escape(T.effect(card, key)) in spells, (card, key)


def test_a_long_hand_names_the_spells_past_the_room_above_the_picture():
    view = seat_view(**dict(BIG_HAND, choice={"kind": "prep"}))
    from present.blackrose import presenter as PR
    said = "\n".join(fmt.plain_line(ln) for ln in PR.deciding_lines(view))
    assert len(said) <= PR.DECIDING_ROOM + 400
    shown = [n for n in ("Fireball", "Gaze", "Ice Burst", "Jester Hat", "Maelstrom", "Meteor Swarm", "Ring of Fire")
             if n in said]
    assert len(shown) == 7 and "/game card" in said and said in fmt.plain(PRESENTER.hand(view, NAMES))


# ---- the picture beside the prompt ----------------------------------------------------------------------

def _kinds(doc) -> list[str]:
    """The message's parts in order: 'picture', 'footer', 'text', 'buttons'."""
    from cogs.table import parts
    from cogs.table.layout import layout
    message = layout(doc, colour=0, picture=(b"png", "key"), picture_name="board.png",
                     rows=[{"type": 1, "components": [{"type": 2, "style": 1, "label": "My hand",
                                                       "custom_id": "x"}]}])
    footer = fmt.md_line(doc.footer)
    out = []
    for c in message.view.to_components()[0]["components"]:
        if c["type"] == parts.GALLERY:
            out.append("picture")
        elif c["type"] == parts.TEXT:
            out.append("footer" if c["content"] == footer else "text")
        elif c["type"] == 1:
            out.append("buttons")
    return out


def test_the_board_and_hand_pictures_sit_right_above_the_prompt():
    """The board's text runs past a phone's screen (2,245 px from the picture's top to the message's end
    when the picture came first): the picture now follows the text, right above the waiting line or the
    prompt and the buttons, so a phone shows them together."""
    board = PRESENTER.board(public_view(decision={"about": "turn", "seats": ["p2"]}), NAMES)
    assert board.footer  # "Waiting for Ben to act."
    kinds = _kinds(board)
    assert kinds[-3:] == ["picture", "footer", "buttons"] and kinds.count("text") >= 3, kinds
    hand = PRESENTER.hand(seat_view(), NAMES)
    assert _kinds(hand)[-3:] == ["picture", "footer", "buttons"]


BUTTON_CHARS = 34  # about what a phone's button shows whole (255 px at 14 px, tests/support/phone.py)


@pytest.mark.parametrize("action", [{"type": "discard", "card": "obscure_explosion.1"},
                                    {"type": "remove", "card": "putrefying_poison.1"},
                                    {"type": "mage", "mage": "tessa"}])
def test_a_phone_shows_these_buttons_whole_with_the_rest_said_by_the_prompt(action):
    """'Discard Obscure Explosion to my Memories' and 'Remove Putrefying Poison from my hand' were cut on a
    phone; the prompt already says where the card goes ('discard a card to your Memories')."""
    label = PRESENTER.label(action, seat_view(), NAMES)
    assert len(label) <= BUTTON_CHARS and "…" not in label, label
    assert label.split()[0] in ("Discard", "Remove", "Play")
