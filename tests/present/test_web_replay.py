"""The replay file in a real browser (tests/support/browser.py): each game stepped from its first step to its
last with the page's text compared with the presenters', the keys and buttons, the seats' views after the end
and their absence before it, no request at all, and the page in four languages."""
from __future__ import annotations

import random
import re
from functools import lru_cache

import pytest

from bot import render
from bot.replay import FORMAT, FORMAT_VERSION
from engine import GAMES
from engine.bots import bot_choice
from present import fmt
from present.i18n import reading
from present.web import replay
from present.web.page import unpack
from tests.support import browser as shared
from tests.support.browser import desktop_page, phone_page  # noqa: F401  (fixtures)

NAMES = ["Ann", "Ben", "Cat", "Dov"]
# (players, seed, options, moves: None plays to the end). Black Rose Wars is cut short (its whole game is in
# bench/bench_web_replay.py): a game ended early still has every seat's view.
GAMES_PLAYED = {"raven": (3, 3, {"length": "short"}, None), "nevermore": (3, 5, None, None),
                "deadlies": (3, 2, None, None), "everrain": (3, 4, {"length": 12}, None),
                "blackrose": (3, 1, None, 60)}


@pytest.fixture(scope="module")
def browser():
    """The shared browser, for this module only: Playwright's sync API keeps its event loop running while it is
    open, which would stop the async (simcord) tests that run after this module in the same process."""
    yield from shared.browser.__wrapped__()


def export(key: str, players: int, seed: int, options: dict | None, moves: int | None, status: str = "") -> dict:
    """A replay export (bot/replay.py's shape) of a game played by the bots."""
    game = GAMES[key]
    seats = [f"p{i + 1}" for i in range(players)]
    state, rng, actions = game.new(seats, seed, options), random.Random(seed), []
    while not state.over and (moves is None or len(actions) < moves):
        pending = state.pending()
        seat = sorted(pending)[0]
        action = bot_choice(game, state.view(seat), pending[seat], rng)
        state.act(seat, action)
        actions.append({"seat": seat, "action": action, "source": "bot"})
    return {"format": FORMAT, "format_version": FORMAT_VERSION, "game_id": 9, "game": key, "title": game.title,
            "status": status or ("over" if state.over else "ended"), "options": options, "seed": seed,
            "seats": [{"seat": s, "name": n, "bot": False} for s, n in zip(seats, NAMES)], "actions": actions,
            "turn_seconds": 300}


@lru_cache(maxsize=None)
def page_of(key: str, lang: str = "en", status: str = "") -> tuple[dict, bytes]:
    players, seed, options, moves = GAMES_PLAYED[key]
    data = export(key, players, seed, options, moves, status)
    with reading(lang):
        return data, replay.html(data)


def inline_data(html: str) -> str:
    return re.search(r'id="rookery-data">([^<]*)</script>', html).group(1)


def expected_steps(data: dict, reader: str | None, lang: str = "en") -> list[tuple[str, str]]:
    """(board text, last log line) at each version, straight from the presenters (bot/render.py)."""
    out, log = [], []
    with reading(lang):
        for table, events in replay.steps(data):
            log += [fmt.plain_line(said) for e in events
                    if e.get("to") in (None, reader) and (said := render.describe(table, e))]
            out.append((fmt.plain(render.board_doc(table)), log[-1] if log else ""))
    return out


def open_page(page, tmp_path, html: bytes, name: str = "replay.html"):
    path = tmp_path / name
    path.write_bytes(html)
    page.goto(path.as_uri())
    page.wait_for_function("() => document.getElementById('rookery').dataset.steps !== '0'")
    return path


def shown(page) -> dict:
    return page.evaluate("""() => { const r = document.getElementById('rookery');
        return {step: +r.dataset.step, steps: +r.dataset.steps, view: r.dataset.view,
                board: document.getElementById('board').innerText, log: document.getElementById('log').innerText,
                hand: document.getElementById('hand').innerText, turn: document.getElementById('turn').innerText}; }""")


def lines(text: str) -> list[str]:
    return [x.strip() for x in text.splitlines() if x.strip() and not x.strip().endswith(":")]


@pytest.mark.parametrize("key", list(GAMES_PLAYED))
def test_each_game_steps_from_first_to_last_showing_the_presenters_text(key, desktop_page, tmp_path):
    data, html = page_of(key)
    expected = expected_steps(data, None)
    open_page(desktop_page, tmp_path, html)
    for step, (board, last_log) in enumerate(expected):
        now = shown(desktop_page)
        assert (now["step"], now["steps"], now["view"]) == (step, len(expected), "public")
        for text in lines(board):
            assert text in now["board"], (step, text)
        assert now["log"].strip().endswith(last_log), step
        desktop_page.keyboard.press("ArrowRight")
    assert shown(desktop_page)["step"] == len(expected) - 1  # the last step stays the last
    desktop_page.wait_for_function(f"() => document.getElementById('rookery').dataset.picture === '{len(expected) - 1}'")


def test_keys_buttons_and_slider(phone_page, tmp_path):
    data, html = page_of("raven")
    open_page(phone_page, tmp_path, html)
    steps = len(data["actions"]) + 1
    rounds = [frame[1] for frame in unpack(inline_data(html.decode()))["frames"]["public"]]
    press = phone_page.keyboard.press
    press("End")
    assert shown(phone_page)["step"] == steps - 1
    press("Home")
    assert shown(phone_page)["step"] == 0
    press("PageDown")
    first_change = next(i for i, r in enumerate(rounds) if r != rounds[0])
    assert shown(phone_page)["step"] == first_change
    press("PageDown")
    second = next(i for i, r in enumerate(rounds) if i > first_change and r != rounds[first_change])
    assert shown(phone_page)["step"] == second
    press("PageUp")
    assert shown(phone_page)["step"] == first_change
    press("ArrowRight"), press("ArrowRight"), press("ArrowLeft")
    assert shown(phone_page)["step"] == first_change + 1
    phone_page.click("#next")
    phone_page.click("#next")
    phone_page.click("#prev")
    assert shown(phone_page)["step"] == first_change + 2
    phone_page.click("#last")
    assert shown(phone_page)["step"] == steps - 1 and phone_page.is_disabled("#next")
    phone_page.click("#first")
    assert shown(phone_page)["step"] == 0 and phone_page.is_disabled("#prev")
    phone_page.fill("#slider", "7")
    assert shown(phone_page)["step"] == 7
    # The whole picture fits the phone's width; a tap shows it at full size, scrolling sideways.
    phone_page.wait_for_function("() => document.getElementById('rookery').dataset.picture === '7'")
    width = "() => document.getElementById('canvas').getBoundingClientRect().width"
    natural = "() => document.getElementById('canvas').width"
    assert phone_page.evaluate(width) <= 400
    phone_page.click("#canvas")
    assert phone_page.evaluate(width) == phone_page.evaluate(natural)  # its own pixels, one for one
    assert phone_page.evaluate("() => window.scrollY") == 0  # the log's own box scrolls, never the page


def test_a_seats_view_after_the_end_shows_its_hand_and_private_log(desktop_page, tmp_path):
    data, html = page_of("raven")
    open_page(desktop_page, tmp_path, html)
    expected = expected_steps(data, "p2")
    desktop_page.select_option("#view", "p2")
    desktop_page.keyboard.press("End")
    now = shown(desktop_page)
    assert now["view"] == "p2" and now["hand"]
    assert now["log"].strip().endswith(expected[-1][1])
    # p2's own bids are in its log ("You set aside …"), never in the public's.
    assert "You set aside" in now["log"]
    desktop_page.select_option("#view", "public")
    public = shown(desktop_page)
    assert public["view"] == "public" and not public["hand"] and "You set aside" not in public["log"]
    assert public["step"] == now["step"]  # switching the view keeps the step


def test_a_game_still_going_is_public_only_down_to_its_bytes(desktop_page, tmp_path):
    data, html = page_of("raven", status="active")
    packed = unpack(inline_data(html.decode()))
    assert packed["views"] == ["public"] and list(packed["frames"]) == ["public"]
    # What only a seat may read appears nowhere in the file: its hand and its private log lines.
    with reading("en"):
        for table, _ in replay.steps(data):
            pass
        private = [fmt.plain_line(x) for x in render.full_log(table, "p1", data["actions"])]
        public = set(fmt.plain_line(x) for x in render.full_log(table, None, data["actions"]))
    secrets = [x for x in private if x not in public and x.startswith("You set aside")]  # p1's own bids
    assert secrets
    text = repr(packed)
    for secret in secrets:
        assert secret not in text
    assert "You set aside" not in text
    open_page(desktop_page, tmp_path, html)
    assert desktop_page.is_hidden("#view-pick")
    assert shown(desktop_page)["view"] == "public"


def test_no_request_at_all_beyond_the_file(browser, tmp_path):
    _, html = page_of("raven")
    context = browser.new_context()
    try:
        page = context.new_page()
        requests = []
        page.on("request", lambda request: requests.append(request.url))
        path = tmp_path / "replay.html"

        def only_the_file(route):
            requests.append("routed " + route.request.url)
            return route.continue_() if route.request.url == path.as_uri() else route.abort()

        context.route("**/*", only_the_file)
        open_page(page, tmp_path, html)
        page.keyboard.press("End")
        page.wait_for_function("() => document.getElementById('rookery').dataset.picture === "
                               "document.getElementById('rookery').dataset.step")
        assert [u for u in requests if not u.startswith("routed")] == [path.as_uri()]
        assert [u for u in requests if u.startswith("routed")] in ([], ["routed " + path.as_uri()])
    finally:
        context.close()


@pytest.mark.parametrize("lang,word", [("en", "Public view"), ("de", "Öffentliche Ansicht"),
                                       ("es-ES", "Vista pública"), ("pt-BR", "Visão pública")])
def test_the_page_speaks_the_askers_language(lang, word, desktop_page, tmp_path):
    data, html = page_of("raven", lang)
    open_page(desktop_page, tmp_path, html, f"replay-{lang}.html")
    assert desktop_page.evaluate("document.documentElement.lang") == lang
    assert word in desktop_page.inner_text("#view")
    board, _ = expected_steps(data, None, lang)[0]
    assert lines(board)[0] in shown(desktop_page)["board"]
    text = desktop_page.inner_text("body")
    assert "Ann" in text and not re.search(r"\d{17,}", html.decode(errors="ignore").split("rookery-data")[0])


def test_size_of_a_card_game(tmp_path):
    _, html = page_of("raven")
    assert len(html) <= 1_000_000, len(html)


def test_rookery_replay_html_writes_the_same_page(tmp_path, capsys):
    from bot import cli
    from bot.replay import engine_version, state_hash, to_bytes

    data = export("raven", 3, 3, {"length": "short"}, 20)
    state = GAMES["raven"].new(["p1", "p2", "p3"], 3, {"length": "short"})
    for entry in data["actions"]:
        state.act(entry["seat"], entry["action"])
    data.update(engine=engine_version("raven"), final_state_hash=state_hash(state.to_json()))
    source, out = tmp_path / "game.json", tmp_path / "game.html"
    source.write_bytes(to_bytes(data))
    with pytest.raises(SystemExit) as done:
        cli.main(["replay", str(source), "--html", str(out), "--lang", "de"])
    assert done.value.code == 0, capsys.readouterr()
    with reading("de"):
        assert out.read_bytes() == replay.html(data)
    assert 'lang="de"' in out.read_text()


def test_the_canvas_shows_the_presenters_picture_at_each_step(desktop_page, tmp_path):
    """The picture rebuilt from key pictures and changed tiles is the board picture of that very step: close to
    it everywhere (lossy WebP), with no tile left over from an earlier step."""
    import base64
    import io

    from PIL import Image, ImageChops, ImageStat

    from present.web.pictures import TILE

    data, html = page_of("raven")
    packed = unpack(inline_data(html.decode()))
    open_page(desktop_page, tmp_path, html)
    stale = {int(step) for step in packed["stale"]}  # (JSON's keys are strings)
    pictured = [s for s in range(len(packed["shown"])) if s not in stale]
    assert len(pictured) > len(packed["shown"]) / 2
    with reading("en"):
        tables = {step: render.board_picture(table) for step, (table, _) in enumerate(replay.steps(data))
                  if step in pictured[::9]}
    for step, (png, _) in tables.items():
        desktop_page.fill("#slider", str(step))
        desktop_page.wait_for_function(f"() => document.getElementById('rookery').dataset.picture === '{step}'")
        url = desktop_page.evaluate("() => document.getElementById('canvas').toDataURL('image/png')")
        shown_image = Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("RGB")
        drawn = Image.open(io.BytesIO(png)).convert("RGB").resize(shown_image.size, Image.Resampling.LANCZOS)
        diff = ImageChops.difference(shown_image, drawn).convert("L")
        assert ImageStat.Stat(diff).mean[0] < 4, step
        worst = max(ImageStat.Stat(diff.crop((x, y, x + TILE, y + TILE))).mean[0]
                    for x in range(0, diff.width, TILE) for y in range(0, diff.height, TILE))
        assert worst < 16, (step, worst)  # lossy WebP alone: ~11 at most


def test_one_changed_pixel_marks_its_tile_even_on_a_partial_last_row():
    from PIL import Image

    from present.web.pictures import changed_tiles

    before = Image.new("RGB", (560, 315), (20, 70, 40))
    after = before.copy()
    for x, y in ((100, 300), (5, 314), (559, 0)):
        after.putpixel((x, y), (240, 200, 60))
    assert sorted(changed_tiles(before, after)) == [(0, 19), (6, 18), (34, 0)]
