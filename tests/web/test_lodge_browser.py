"""Black Rose Wars' Lodge (present/web/activity/lodge.js) alone in a real browser (tests/support/browser.py),
under the Activity's Content Security Policy (scripts only from the page's own origin), on a frame built
from a real game's view (present/blackrose/activity.py through present/web/targets.py, labels and bundles
as chat words them): a highlighted room's click sends that room's move; a room with nothing to do is not
clickable; a spell's click casts it; a room with several actions lists them in place; a bundle button
sends its number; and the Lodge fits a 400 px phone."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine import GAMES
from present import presenter
from present.base import offered_bundles, prompt_labels
from present.web.targets import interactive
from tests.support.browser import browser, desktop_page, phone_page  # noqa: F401 (fixtures)

ASSETS = Path(__file__).resolve().parents[2] / "present" / "web" / "activity"
ORIGIN = "http://lodge.test"
CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:"
HARNESS = """
window.SENT = [];
window.RookeryLodge.render(document.getElementById("lodge"), window.FRAME,
                           function (msg) { window.SENT.push(msg); });
"""
PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>lodge</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><div id="lodge"></div>
<script src="/activity/lodge.js"></script><script src="/frame.js"></script><script src="/harness.js"></script>
</body></html>"""


def brw_frame(wanted) -> dict:
    """A frame for the seat to move at the first decision of a seeded 3-seat game where `wanted(legal,
    targets)` holds, with choices shaped as the activity contract says."""
    game, shown = GAMES["blackrose"], presenter("blackrose")
    seats = ["p1", "p2", "p3"]
    names = {"p1": "Ann <b>", "p2": "Ben", "p3": "Cat"}  # markup in a name must stay text
    for seed in range(1, 40):
        state, rng = game.new(seats, seed, None), random.Random(seed)
        for _ in range(3000):
            if state.over:
                break
            seat = rng.choice(sorted(state.pending()))
            legal = state.pending()[seat]
            view = state.view(seat)
            got = interactive("blackrose", view, legal, names)
            offered = offered_bundles(shown, view, legal, names=names)
            if wanted(legal, got["targets"], offered):
                labels = prompt_labels(shown, view, legal, names)
                return {"game": "blackrose", "seats": [{"seat": s, "name": names[s]} for s in seats],
                        "view": seat, "me": {"seat": seat, "name": names[seat]},
                        "choices": {"prompt": "prompt-key-1", "ask": shown.prompt(view),
                                    "actions": [dict({"index": i, "label": labels[i]}, **t)
                                                for i, t in enumerate(got["targets"])],
                                    "bundles": [{"n": n, "label": b.label} for n, b in enumerate(offered[0])]
                                    if offered else [], "together": None},
                        "cards": got["cards"], "lodge": got["lodge"]}
            state.act(seat, rng.choice(legal))
    pytest.fail("no such decision in the seeded games")


def open_lodge(page, frame: dict) -> None:
    files = {"/": ("text/html", PAGE), "/activity/lodge.js": ("text/javascript", (ASSETS / "lodge.js").read_text()),
             "/activity/lodge.css": ("text/css", (ASSETS / "lodge.css").read_text()),
             "/frame.js": ("text/javascript", "window.FRAME = " + json.dumps(frame) + ";"),
             "/harness.js": ("text/javascript", HARNESS)}
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)

    def serve(route):
        path = route.request.url[len(ORIGIN):].split("?")[0] or "/"
        if path not in files:
            return route.fulfill(status=404, body="")
        kind, body = files[path]
        route.fulfill(status=200, body=body, headers={"content-type": kind, "content-security-policy": CSP})

    page.route(ORIGIN + "/**", serve)
    page.goto(ORIGIN + "/")
    page.wait_for_selector(".lodge-map")
    assert not errors, errors


def sent(page) -> list[dict]:
    return page.evaluate("window.SENT")


def single_room_steps(legal, targets, offered) -> bool:
    rooms = [t.get("room") for t in targets if t.get("room")]
    return any(a["type"] == "step" and rooms.count(t.get("room")) == 1 for a, t in zip(legal, targets))


def test_a_highlighted_room_sends_its_move_and_others_are_not_clickable(phone_page):
    frame = brw_frame(single_room_steps)
    open_lodge(phone_page, frame)
    actions = frame["choices"]["actions"]
    rooms = {a["room"] for a in actions if a.get("room")}
    highlighted = set(phone_page.eval_on_selector_all(".lodge-room.target", "els => els.map(e => e.dataset.room)"))
    assert highlighted == rooms
    quiet = [r["code"] for r in frame["lodge"]["rooms"] if r["code"] not in rooms]
    assert quiet
    for code in quiet[:4]:  # a room with nothing to do: no button role, and a click sends nothing
        room = phone_page.locator(f'[data-room="{code}"]')
        assert room.get_attribute("role") is None
        room.click(force=True)
    assert sent(phone_page) == []
    step = next(a for a in actions if a.get("room") and [b.get("room") for b in actions].count(a["room"]) == 1)
    phone_page.locator(f'[data-room="{step["room"]}"]').click()
    assert sent(phone_page) == [{"kind": "move", "prompt": "prompt-key-1", "action": step["index"]}]


def test_a_spell_click_casts_it_and_a_crowded_room_lists_its_actions(desktop_page):
    def fits(legal, targets, offered):
        spells = [t.get("spell") for t in targets if t.get("spell") and not t.get("room")]
        rooms = [t.get("room") for t in targets if t.get("room")]
        return any(a["type"] == "cast" and spells.count(t.get("spell")) == 1 and not t.get("room")
                   for a, t in zip(legal, targets)) and any(rooms.count(r) > 1 for r in rooms)
    frame = brw_frame(fits)
    open_lodge(desktop_page, frame)
    actions = frame["choices"]["actions"]
    cast = next(a for a in actions if a.get("spell") and not a.get("room")
                and [b.get("spell") for b in actions].count(a["spell"]) == 1)
    desktop_page.locator(f'.lodge-spell.target[data-spell="{cast["spell"]}"]').click()
    assert sent(desktop_page)[-1] == {"kind": "move", "prompt": "prompt-key-1", "action": cast["index"]}
    crowded = next(r for r in {a.get("room") for a in actions if a.get("room")}
                   if sum(a.get("room") == r for a in actions) > 1)
    before = len(sent(desktop_page))
    desktop_page.locator(f'[data-room="{crowded}"]').click()
    assert len(sent(desktop_page)) == before, "several actions: listed, not sent"
    listed = desktop_page.eval_on_selector_all(".lodge-menu .lodge-choice", "els => els.map(e => +e.dataset.index)")
    assert sorted(listed) == sorted(a["index"] for a in actions if a.get("room") == crowded)
    desktop_page.locator(f'.lodge-menu .lodge-choice[data-index="{listed[-1]}"]').click()
    assert sent(desktop_page)[-1] == {"kind": "move", "prompt": "prompt-key-1", "action": listed[-1]}
    assert desktop_page.evaluate("document.getElementById('lodge').textContent.includes('Ann <b>')")
    assert desktop_page.locator("#lodge b").count() == 0, "a name's markup is text, never an element"


def test_a_bundle_button_sends_its_number_and_the_lodge_fits_a_phone(phone_page):
    frame = brw_frame(lambda legal, targets, offered: bool(offered) and any(t.get("room") for t in targets))
    open_lodge(phone_page, frame)
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    assert width <= 400, f"the page scrolls sideways at 400 px ({width})"
    hexes = phone_page.eval_on_selector_all(".lodge-room", "els => els.map(e => e.getBoundingClientRect().width)")
    assert len(hexes) == len(frame["lodge"]["rooms"]) and min(hexes) >= 40, "rooms too small to tap on a phone"
    last = frame["choices"]["bundles"][-1]
    phone_page.locator(f'.lodge-bundle[data-bundle="{last["n"]}"]').click()
    assert sent(phone_page) == [{"kind": "move", "prompt": "prompt-key-1", "bundle": last["n"]}]
    rest = [a for a in frame["choices"]["actions"] if not a.get("room") and not a.get("spell")]
    shown = phone_page.eval_on_selector_all(".lodge-rest .lodge-choice", "els => els.map(e => +e.dataset.index)")
    assert shown == [a["index"] for a in rest], "every action with no room or spell is a button"
