"""Bad requests to the watch page get a clear refusal and change nothing: an unknown, malformed or revoked
token, a message that is not a hello (not JSON, binary, another kind, too long), a flood of messages, too
many sockets from one address. None of them logs a traceback."""
import asyncio
import logging

import aiohttp
import pytest

from bot.web import server
from tests.web.conftest import move, path_of, raven_table


@pytest.fixture
def no_tracebacks(caplog):
    caplog.set_level(logging.INFO)
    yield
    assert not [r for r in caplog.records if r.exc_info], "a refusal logged a traceback"


async def test_the_page_is_served_with_its_policy_and_no_referrer(watch):
    table = await raven_table(watch.service)
    response = await watch.client.get(path_of(watch.web, table))
    assert response.status == 200
    assert response.headers["Referrer-Policy"] == "no-referrer"  # the token never leaves in a Referer
    assert "connect-src 'self'" in response.headers["Content-Security-Policy"]
    assert 'data-mode="live"' in await response.text()


@pytest.mark.parametrize("token", ["A" * 24, "short", "A" * 23 + "!", "A" * 30])
async def test_an_unknown_token_is_refused_plainly(watch, no_tracebacks, token):
    await raven_table(watch.service)
    for path in (f"/t/{token}", f"/t/{token}/ws"):
        response = await watch.client.get(path, headers={"Accept-Language": "de-DE,de;q=0.9"})
        assert response.status == 404
        assert "Dieser Zuschauerlink" in await response.text()


async def test_a_revoked_link_stops_at_once_and_a_new_one_works(watch):
    table = await raven_table(watch.service)
    old = path_of(watch.web, table)
    watch.web.links.revoke(table.id)
    assert watch.web.links.url(table.id) is None  # off: the board has no Watch button
    assert (await watch.client.get(old)).status == 404
    new = watch.web.links.turn_on(table.id)
    assert new.split("/")[-1] != old.split("/")[-1]
    assert (await watch.client.get(old)).status == 404
    assert (await watch.client.get(path_of(watch.web, table))).status == 200


async def refused(ws) -> tuple[str, int | None]:
    said = await ws.receive_json(timeout=5)
    closed = await ws.receive(timeout=5)
    assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
    return said["message"], ws.close_code


@pytest.mark.parametrize("message", ["not json", '{"kind": "move", "version": 1}', '{"kind": "hello"}',
                                     '{"kind": "hello", "version": true}', '{"kind": "hello", "version": -5}',
                                     '{"kind": "hello", "version": 1, "seat": "p1"}', "[1, 2]"])
async def test_a_malformed_message_closes_that_socket_and_changes_nothing(watch, no_tracebacks, message):
    table = await raven_table(watch.service)
    version, actions = table.version, len(await watch.store.actions(table.id))
    ws = await watch.client.ws_connect(path_of(watch.web, table) + "/ws")
    await ws.send_str(message)
    said, code = await refused(ws)
    assert "does not understand" in said and code == server.POLICY_VIOLATION
    assert table.version == version and len(await watch.store.actions(table.id)) == actions
    for _ in range(200):  # the server's handler ends just after the close it sent
        if not watch.web.watchers.count(table.id):
            break
        await asyncio.sleep(0.01)
    assert watch.web.watchers.count(table.id) == 0


async def test_binary_and_oversized_messages_are_refused(watch, no_tracebacks):
    table = await raven_table(watch.service)
    ws = await watch.client.ws_connect(path_of(watch.web, table) + "/ws")
    await ws.send_bytes(b"\x00" * 8)
    assert (await refused(ws))[1] == server.POLICY_VIOLATION
    big = await watch.client.ws_connect(path_of(watch.web, table) + "/ws")
    await big.send_str('{"kind": "hello", "version": 1' + " " * server.MAX_MESSAGE + "}")
    closed = await big.receive(timeout=5)
    assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED) and big.close_code == 1009
    # The table's page still works for everyone else.
    ok = await watch.client.ws_connect(path_of(watch.web, table) + "/ws")
    await ok.send_json({"kind": "hello", "version": -1})
    assert (await ok.receive_json(timeout=10))["kind"] == "frame"
    await ok.close()


async def test_a_flood_of_messages_closes_the_socket(watch, no_tracebacks):
    table = await raven_table(watch.service)
    ws = await watch.client.ws_connect(path_of(watch.web, table) + "/ws")
    for _ in range(server.MESSAGES_PER_MINUTE + 1):
        await ws.send_json({"kind": "hello", "version": table.version})
    said, code = await refused(ws)
    assert "Too many messages" in said and code == server.POLICY_VIOLATION


async def test_a_flood_of_sockets_from_one_address_is_refused(watch, no_tracebacks):
    table = await raven_table(watch.service)
    flood = {"X-Forwarded-For": "203.0.113.7"}  # as a reverse proxy on this machine names the client
    pages = [await watch.client.ws_connect(path_of(watch.web, table) + "/ws", headers=flood)
             for _ in range(server.SOCKETS_PER_ADDRESS)]
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused_socket:
        await watch.client.ws_connect(path_of(watch.web, table) + "/ws", headers=flood)
    assert refused_socket.value.status == 429
    # Another address is not held back by that one, and the pages already open keep following the game.
    other = await watch.client.ws_connect(path_of(watch.web, table) + "/ws", headers={"X-Forwarded-For": "198.51.100.2"})
    await other.close()
    await pages[0].send_json({"kind": "hello", "version": table.version})
    await move(watch, table)
    assert (await pages[0].receive_json(timeout=10))["frame"]["version"] == table.version
    for ws in pages:
        await ws.close()


async def test_new_sockets_too_fast_are_refused(watch, no_tracebacks):
    table = await raven_table(watch.service)
    for _ in range(server.CONNECTS_PER_MINUTE):
        ws = await watch.client.ws_connect(path_of(watch.web, table) + "/ws")
        await ws.close()
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused_socket:
        await watch.client.ws_connect(path_of(watch.web, table) + "/ws")
    assert refused_socket.value.status == 429
