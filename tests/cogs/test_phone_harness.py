"""The phone harness itself (tests/support/phone.py, phone_checks.py): Discord's Markdown as the app draws it,
and each check catching what it looks for in a message made to have it, and nothing in one made well."""
from __future__ import annotations

import io
import math

from PIL import Image

from tests.support import phone
from tests.support import phone_checks as check
from tests.support.browser import PHONE
from tests.support.phone_games import Picture, Shown


def picture(width: int, height: int, smallest: int) -> Picture:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (28, 84, 58)).save(out, "PNG")
    return Picture(out.getvalue(), width, height, [("Seat 1", smallest, smallest, 40.0, math.inf, width)])


def message(*parts: dict, pictured: Picture | None = None, where: str = "DM ann") -> Shown:
    inside = [{"type": 10, "content": "### 🪶 Raven · hand 1/5"}]
    if pictured is not None:
        inside.append({"type": 12, "items": [{"media": {"url": "attachment://board.png"}}]})
    container = {"type": 17, "accent_color": 0x3b3f58, "components": inside + list(parts)}
    return Shown(where, 1, [container], {"board.png": pictured} if pictured else {})


def text(content: str) -> dict:
    return {"type": 10, "content": content}


def buttons(*labels: str) -> dict:
    return {"type": 1, "components": [{"type": 2, "style": 1, "label": label, "custom_id": f"rk:a:{i}"}
                                      for i, label in enumerate(labels)]}


def laid_out(page, shown: list[Shown]) -> list:
    phone.show(page, shown)
    return list(zip(shown, phone.measure(page)))


def test_markdown_is_drawn_as_discord_draws_it():
    assert phone.inline(r"**ann** plays *Swords* `12` \*not bold\*") == \
        "<b>ann</b> plays <i>Swords</i> <code>12</code> *not bold*"
    assert phone.inline("<@123> at <t:1764680400:R>") == '<span class="mention">@member</span> at 2 December 2026 13:00'
    drawn = phone.markdown("### Title\n-# small\n- one\n```\n B7  A4\n```\nend")
    assert drawn == ('<div class="h3">Title</div><div class="sub">small</div><div class="li">• one</div>'
                     '<div class="code"><span class="cl"> B7  A4</span></div><div class="p">end</div>')


def test_each_check_catches_what_it_looks_for_and_nothing_in_a_well_made_message(phone_page):
    good = message(text("**Players**\nann 3 pts · ben 2 pts\nChoose your move…"),
                   text("```\n   B9  B10\n B7  A4  X\n```"), buttons("Play", "Pass"),
                   pictured=picture(400, 300, 13))   # 13 px drawn on 400, shown 287 wide: 9.3 px
    bad = [message(pictured=picture(800, 450, 10)),                       # 10 px on 800: 3.6 px shown
           message(text("```\n" + "B1 Forge (green) · instability 0/4 — ann, ben " * 2 + "\n```")),
           message(text(" B7    A4     X    A1    B1")),                  # a map in plain spaces
           message(text("Filler\n" * 60), pictured=picture(800, 600, 40), where="#raven"),  # scrolls away
           message(buttons("Play Nero: Destruction · hand 7 · move 2 · attack 2 · health 10")),
           message(text("Sabotage: another player counts 2 fewer cards of tha…\nChoose your move…")),
           message(pictured=picture(800, 4000, 40), where="DM ben")]  # taller than the screen
    laid = laid_out(phone_page, [good, *bad])
    assert [round(box["w"]) for _, seen in laid[:1] for box in seen["pictures"]] == [287]
    assert (check.readable(laid[:1]), check.fits(laid[:1]), check.whole(laid[:1], PHONE["height"]),
            check.labels(laid[:1]), check.uncut(laid[:1])) == ([], [], [], [], [])
    laid = laid[1:]
    readable, fits, whole = check.readable(laid), check.fits(laid), check.whole(laid, PHONE["height"])
    labels, uncut = check.labels(laid), check.uncut(laid)
    assert len(readable) == 1 and "'Seat 1' shown 3.6 px" in readable[0]
    assert len(fits) == 2 and "(wraps)" in fits[0] and "spaced with plain spaces" in fits[1]
    assert len(whole) == 2
    assert "#raven · move 1 board.png" in whole[0] and "from the picture's top to the message's end" in whole[0]
    assert "DM ben · move 1 board.png: shown 287 x 1435 px, taller than the 860 px screen" in whole[1]
    assert len(labels) == 1 and "Play Nero" in labels[0]
    assert len(uncut) == 1 and "'tha…'" in uncut[0]
