"""The watch page's WebSocket: a page says which version it has and gets the newest frame; every change
after a commit reaches every page; one frame is built per version whatever the number of pages; and no
frame a page receives shows what the public may not see (a whole Raven game audited frame by frame)."""
import re

import pytest

from bot import render
from present import fmt
from present.i18n import reading
from present.web import frames as web_frames
from tests.web.conftest import move, path_of, raven_table, secret_names


async def hello(ws, version=-1):
    await ws.send_json({"kind": "hello", "version": version})


async def next_frame(ws) -> dict:
    message = await ws.receive_json(timeout=10)
    assert message["kind"] == "frame", message
    return message["frame"]


async def test_a_page_catches_up_then_follows_every_move(watch):
    table = await raven_table(watch.service)
    ws = await watch.client.ws_connect(path_of(watch.web, table) + "/ws")
    await hello(ws)
    first = await next_frame(ws)
    assert first["version"] == table.version and first["view"] == "public"
    for _ in range(3):
        await move(watch, table)
        assert (await next_frame(ws))["version"] == table.version
    await ws.close()
    # A page back after a lost connection names the last version it saw: it gets the newest one.
    await move(watch, table)
    again = await watch.client.ws_connect(path_of(watch.web, table) + "/ws")
    await hello(again, first["version"])
    assert (await next_frame(again))["version"] == table.version
    await again.close()


async def test_an_up_to_date_page_gets_nothing_twice(watch):
    table = await raven_table(watch.service)
    ws = await watch.client.ws_connect(path_of(watch.web, table) + "/ws")
    await hello(ws, table.version)
    await move(watch, table)
    assert (await next_frame(ws))["version"] == table.version  # the move's frame, not the one it had
    await ws.close()


async def test_one_frame_per_version_whatever_the_number_of_pages(watch):
    table = await raven_table(watch.service)
    pages = [await watch.client.ws_connect(path_of(watch.web, table) + "/ws") for _ in range(5)]
    for ws in pages:
        await hello(ws)
        await next_frame(ws)
    built = watch.web.watchers.frames_built
    await move(watch, table)
    frames = [await next_frame(ws) for ws in pages]
    assert {f["version"] for f in frames} == {table.version}
    assert watch.web.watchers.frames_built == built + 1
    for ws in pages:
        await ws.close()


def readable(frame: dict) -> str:
    """Every text of a frame but its log (the past: a card played last hand may be dealt again; the engine
    tests check each event against its readers) and the board's recent-log lines ("› ...")."""
    texts: list[str] = []

    def walk(value):
        if isinstance(value, str):
            texts.extend(line for line in value.splitlines() if not line.startswith("› "))
        elif isinstance(value, dict):
            for key, item in value.items():
                if key not in ("log", "src"):
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
    walk(frame)
    return "\n".join(texts)


async def test_no_frame_of_a_whole_game_shows_a_hidden_card(watch, monkeypatch):
    # The audit reads each frame's text and its picture's key; encoding every picture for the page would
    # only make it slow (the browser test shows real pictures).
    monkeypatch.setattr(web_frames, "picture_src", lambda png, key: "data:image/png;base64,")
    table = await raven_table(watch.service, settings="length=short")
    ws = await watch.client.ws_connect(path_of(watch.web, table) + "/ws")
    await hello(ws)
    frames = 0
    while True:
        frame = await next_frame(ws)
        assert frame["version"] == table.version, "one frame per move, in order"
        assert frame["view"] == "public" and not frame.get("hand") and not frame.get("hand_picture")
        picture = render.board_picture(table)
        assert (frame["picture"] or {}).get("key") == (picture[1] if picture else None), "the public picture"
        text = readable(frame)
        for name in secret_names(table.state):
            found = re.search(re.escape(name) + r"(?!\d)", text)
            assert not found, f"the watch page shows {name}, a hidden card: {text[found.start() - 200:]}"
        frames += 1
        if table.state.over:
            break
        await move(watch, table)
    assert frames > 20 and frame["status"] == "over"
    await ws.close()


async def test_a_held_window_keeps_the_page_where_the_channel_is(watch):
    """While the publisher holds a table's messages back (a reaction window that closed early must look as if
    it lasted its whole time), a page that connects gets the frame the channel shows, not the newer one."""
    table = await raven_table(watch.service)
    first = await watch.client.ws_connect(path_of(watch.web, table) + "/ws")
    await hello(first)
    shown = (await next_frame(first))["version"]
    holding = [True]
    watch.web.watchers.held = lambda t: holding[0]
    async with table.lock:  # a move lands during the hold: the publisher makes no pass, so no push either
        seat, legal = next(iter(table.pending().items()))
        await watch.service.act(table, seat, legal[0])
    late = await watch.client.ws_connect(path_of(watch.web, table) + "/ws")
    await hello(late)
    assert (await next_frame(late))["version"] == shown < table.version
    holding[0] = False
    watch.web.watchers.changed(table)  # the hold ends: the publisher's pass
    assert (await next_frame(first))["version"] == (await next_frame(late))["version"] == table.version
    for ws in (first, late):
        await ws.close()


@pytest.mark.parametrize("lang", ["de", "es-ES", "pt-BR"])
async def test_the_page_and_its_frames_are_in_the_servers_language(watch, lang):
    async def servers(guild_id):
        return lang
    watch.web.watchers.language = watch.web.server.language = servers
    table = await raven_table(watch.service)
    page = await (await watch.client.get(path_of(watch.web, table))).text()
    assert f'<html lang="{lang}">' in page
    ws = await watch.client.ws_connect(path_of(watch.web, table) + "/ws")
    await hello(ws)
    frame = await next_frame(ws)
    with reading("en"):
        english = fmt.plain_line(render.waiting(table))
    assert frame["turn"] and frame["turn"] != english and "Waiting for" in english
    await ws.close()


async def test_a_finished_game_after_a_restart_shows_its_last_frame_built_once(watch):
    table = await raven_table(watch.service, settings="length=short")
    path = path_of(watch.web, table)
    while not table.state.over:
        async with table.lock:
            seat, legal = next(iter(table.pending().items()))
            await watch.service.act(table, seat, legal[0])
    watch.service.tables.clear()  # as after a restart: a finished game is only in storage
    built = watch.web.watchers.frames_built
    pages = [await watch.client.ws_connect(path + "/ws") for _ in range(3)]
    for ws in pages:
        await hello(ws)
        last = await next_frame(ws)
        assert last["status"] == "over" and last["version"] == table.version
    assert watch.web.watchers.frames_built == built + 1
    for ws in pages:
        await ws.close()
