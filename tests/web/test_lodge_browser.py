"""Black Rose Wars' Lodge (present/web/activity/lodge.js) alone in a real browser (tests/support/browser.py),
under the Activity's Content Security Policy (scripts only from the page's own origin), on a frame built
from a real game's view (present/blackrose/activity.py through present/web/targets.py, labels and bundles
as chat words them): a highlighted room's click sends that room's move; a room with nothing to do is not
clickable; a spell's click casts it; a room with several actions lists them in place; a bundle button
sends its number; and the Lodge fits a 400 px phone."""
from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from engine import GAMES
from present import presenter
from present.base import offered_bundles, prompt_labels
from present.blackrose.activity import place_of
from present.web.targets import interactive
from tests.support.browser import browser, desktop_page, phone_page  # noqa: F401 (fixtures)

ASSETS = Path(__file__).resolve().parents[2] / "present" / "web" / "activity"
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "pictures"
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


def places(targets) -> list:
    return [place_of(t) for t in targets]


def single_room_steps(legal, targets, offered) -> bool:
    where = places(targets)
    return any(a["type"] == "step" and "activate" not in t and where.count(place_of(t)) == 1
               for a, t in zip(legal, targets))


def test_a_highlighted_room_sends_its_move_and_others_are_not_clickable(phone_page):
    frame = brw_frame(single_room_steps)
    open_lodge(phone_page, frame)
    actions = frame["choices"]["actions"]
    rooms = {a["room"] for a in actions if a.get("room") and not a.get("spell")}
    highlighted = set(phone_page.eval_on_selector_all(".lodge-room.target", "els => els.map(e => e.dataset.room)"))
    assert highlighted == rooms
    quiet = [r["code"] for r in frame["lodge"]["rooms"] if r["code"] not in rooms]
    assert quiet
    for code in quiet[:4]:  # a room with nothing to do: no button role, and a click sends nothing
        room = phone_page.locator(f'.lodge-room[data-room="{code}"]')
        assert room.get_attribute("role") is None
        room.locator(".lodge-hex").click(force=True)
    assert sent(phone_page) == []
    where = places(actions)
    step = next(a for a in actions if a.get("room") and not a.get("spell") and not a.get("activate")
                and not a.get("model") and where.count(place_of(a)) == 1)
    phone_page.locator(f'.lodge-room[data-room="{step["room"]}"] .lodge-hex').click()
    assert sent(phone_page) == [{"kind": "move", "prompt": "prompt-key-1", "action": step["index"]}]


def aimed_at_a_model(legal, targets, offered) -> bool:
    where = places(targets)
    return any(t.get("spell") and t.get("model") and where.count(place_of(t)) == 1 for t in targets) and \
        any(t.get("spell") and not t.get("room") and [x.get("spell") for x in targets].count(t["spell"]) == 1
            for t in targets)


def test_a_spell_tapped_then_its_target_tapped_casts_it_there(desktop_page):
    frame = brw_frame(aimed_at_a_model)
    open_lodge(desktop_page, frame)
    actions = frame["choices"]["actions"]
    where = places(actions)
    cast = next(a for a in actions if a.get("spell") and a.get("model") and where.count(place_of(a)) == 1)
    assert desktop_page.locator(".lodge-hint").inner_text() == frame["lodge"]["words"]["aim"]
    desktop_page.locator(f'.lodge-spell[data-spell="{cast["spell"]}"]').click()
    assert sent(desktop_page) == [], "a spell that aims is selected, not cast"
    if os.environ.get("ROOKERY_SCREENSHOTS"):  # the Lodge with a spell selected (docs/pictures)
        desktop_page.screenshot(path=str(SHOTS / "activity-lodge-desktop.png"), full_page=True)
    lit = set(desktop_page.eval_on_selector_all(".lodge-room.target", "els => els.map(e => e.dataset.room)"))
    assert lit == {a["room"] for a in actions if a.get("spell") == cast["spell"] and a.get("room")}
    desktop_page.locator(f'[data-room="{cast["room"]}"][data-model="{cast["model"]}"]').click()
    assert sent(desktop_page) == [{"kind": "move", "prompt": "prompt-key-1", "action": cast["index"]}]
    assert desktop_page.evaluate("document.getElementById('lodge').textContent.includes('Ann <b>')")
    assert desktop_page.locator("#lodge b").count() == 0, "a name's markup is text, never an element"


def test_a_spell_dragged_onto_its_target_casts_it_and_a_one_action_spell_casts_on_click(desktop_page):
    frame = brw_frame(aimed_at_a_model)
    open_lodge(desktop_page, frame)
    actions = frame["choices"]["actions"]
    where = places(actions)
    cast = next(a for a in actions if a.get("spell") and a.get("model") and where.count(place_of(a)) == 1)
    spell = desktop_page.locator(f'.lodge-spell[data-spell="{cast["spell"]}"]').bounding_box()
    desktop_page.mouse.move(spell["x"] + spell["width"] / 2, spell["y"] + spell["height"] / 2)
    desktop_page.mouse.down()
    token = desktop_page.locator(f'[data-room="{cast["room"]}"][data-model="{cast["model"]}"]').bounding_box()
    desktop_page.mouse.move(token["x"] + token["width"] / 2, token["y"] + token["height"] / 2, steps=5)
    desktop_page.mouse.up()
    assert sent(desktop_page) == [{"kind": "move", "prompt": "prompt-key-1", "action": cast["index"]}]
    plain = next(a for a in actions if a.get("spell") and not a.get("room")
                 and [b.get("spell") for b in actions].count(a["spell"]) == 1)
    desktop_page.locator(f'button.lodge-spell[data-spell="{plain["spell"]}"]').click()
    assert sent(desktop_page)[-1] == {"kind": "move", "prompt": "prompt-key-1", "action": plain["index"]}


def test_a_place_with_several_actions_lists_them_in_place(desktop_page):
    def crowded(legal, targets, offered):
        where = [p for p in places(targets) if p and p[0] is None]
        return any(where.count(p) > 1 for p in where)
    frame = brw_frame(crowded)
    open_lodge(desktop_page, frame)
    actions = frame["choices"]["actions"]
    where = [place_of(a) for a in actions]
    spot = next(p for p in where if p and p[0] is None and where.count(p) > 1)
    selector = f'[data-room="{spot[1]}"][data-model="{spot[3]}"]' if spot[2] == "model" else \
        f'[data-room="{spot[1]}"][data-activate]' if spot[2] == "activate" else \
        f'.lodge-room[data-room="{spot[1]}"] .lodge-hex'
    desktop_page.locator(selector).click()
    assert sent(desktop_page) == [], "several actions: listed, not sent"
    listed = desktop_page.eval_on_selector_all(".lodge-menu .lodge-choice", "els => els.map(e => +e.dataset.index)")
    assert sorted(listed) == sorted(a["index"] for a, p in zip(actions, where) if p == spot)
    assert desktop_page.locator(".lodge-cancel").get_attribute("aria-label") == frame["lodge"]["words"]["cancel"]
    desktop_page.locator(f'.lodge-menu .lodge-choice[data-index="{listed[-1]}"]').click()
    assert sent(desktop_page) == [{"kind": "move", "prompt": "prompt-key-1", "action": listed[-1]}]


def test_a_bundle_button_sends_its_number_and_the_lodge_fits_a_phone(phone_page):
    frame = brw_frame(lambda legal, targets, offered: bool(offered) and any(t.get("room") for t in targets))
    open_lodge(phone_page, frame)
    if os.environ.get("ROOKERY_SCREENSHOTS"):
        phone_page.screenshot(path=str(SHOTS / "activity-lodge-phone.png"), full_page=True)
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


def test_a_spell_with_several_actions_shows_each_on_it(phone_page):
    def several(legal, targets, offered):
        plain = [t["spell"] for t in targets if t.get("spell") and not t.get("room")]
        return any(plain.count(s) > 1 for s in plain)
    frame = brw_frame(several)
    open_lodge(phone_page, frame)
    actions = frame["choices"]["actions"]
    plain = [a["spell"] for a in actions if a.get("spell") and not a.get("room")]
    spell = next(s for s in plain if plain.count(s) > 1)
    mine = [a["index"] for a in actions if a.get("spell") == spell and not a.get("room")]
    buttons = phone_page.eval_on_selector_all(f'.lodge-spell[data-spell="{spell}"] .lodge-sub',
                                              "els => els.map(e => +e.dataset.index)")
    assert buttons == mine
    phone_page.locator(f'.lodge-spell[data-spell="{spell}"] .lodge-sub[data-index="{mine[-1]}"]').click()
    assert sent(phone_page) == [{"kind": "move", "prompt": "prompt-key-1", "action": mine[-1]}]


def test_a_reaction_window_is_answered_on_the_armed_spell(phone_page):
    """An "ask me" window opens where the spell lies: the armed spell on the sheet triggers it, and letting
    it pass is a button beside."""
    frame = brw_frame(lambda legal, targets, offered: any(a["type"] == "react" and a.get("card") for a in legal))
    open_lodge(phone_page, frame)
    actions = frame["choices"]["actions"]
    trigger = next(a for a in actions if a.get("spell"))
    sheet = {s["id"]: s for s in frame["lodge"]["sheet"]}
    assert sheet[trigger["spell"]]["state"] == "armed"
    passing = [a["index"] for a in actions if not a.get("spell")]
    shown = phone_page.eval_on_selector_all(".lodge-rest .lodge-choice", "els => els.map(e => +e.dataset.index)")
    assert shown == passing
    phone_page.locator(f'button.lodge-spell[data-spell="{trigger["spell"]}"]').click()
    assert sent(phone_page) == [{"kind": "move", "prompt": "prompt-key-1", "action": trigger["index"]}]


def test_a_spectator_sees_the_lodge_and_nothing_to_click(phone_page):
    """A public frame: the Lodge and who is where, no Mage Sheet, no choices, nothing clickable."""
    game = GAMES["blackrose"]
    state, rng = game.new(["p1", "p2", "p3"], 2, None), random.Random(2)
    for _ in range(200):
        seat = rng.choice(sorted(state.pending()))
        state.act(seat, rng.choice(state.pending()[seat]))
    got = interactive("blackrose", state.view(None), [], {"p1": "Ann", "p2": "Ben", "p3": "Cat"})
    frame = {"game": "blackrose", "view": "public", "me": {"seat": None, "name": "Dee"},
             "seats": [{"seat": s, "name": n} for s, n in (("p1", "Ann"), ("p2", "Ben"), ("p3", "Cat"))],
             "choices": None, "cards": got["cards"], "lodge": got["lodge"]}
    open_lodge(phone_page, frame)
    assert phone_page.locator(".lodge-room").count() == len(frame["lodge"]["rooms"])
    assert phone_page.locator(".lodge-sheet").count() == 0
    assert phone_page.locator('[role="button"], button').count() == 0
    assert sent(phone_page) == []
