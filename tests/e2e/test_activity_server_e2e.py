"""One table, two doors, on the real Rookery process against the fake Discord with ROOKERY_ACTIVITY=1: alice plays
from the Activity's WebSocket (signed in through the fake's OAuth2 code grant), bob from his DM buttons, carol
watches from her Activity as a spectator. The lobby is opened, joined, botted and started from both doors; the
bot is killed (-9) mid-game and alice's page carries on with the same session; the game is played to its end,
the chat board and the DMs in step; carol's frames never show a hidden card. Then a lobby opened from chat reaches
the pages, and its rules are chat's: carol, a moderator, starts it from her Activity; alice may not.

The page here is what the Activity's client does (the act-client's present/web/activity/app.js): a WebSocket
to /api/ws, a hello with the session and the last version seen, reconnecting after a lost connection.
"""
import asyncio
import json
import sys

import aiohttp
import pytest

from tests.e2e.fake_discord.oauth import CLIENT_SECRET
from tests.e2e.test_rookery_e2e import pending_prompt, play
from tests.e2e.test_watch_live import audit, free_port, stored

pytestmark = pytest.mark.e2e
ROOKERY = [sys.executable, "-m", "bot", "run"]


class ActivityPage:
    """An open Activity: keeps every message, reconnects (every 0.1 s) with the same session."""

    def __init__(self, base: str, session: str, locale: str = "en-US") -> None:
        self.base, self.session, self.locale = base, session, locale
        self.got: list[dict] = []
        self.connections = 0
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.task = asyncio.create_task(self.follow())

    @property
    def frames(self) -> list[dict]:
        return [m["frame"] for m in self.got if m["kind"] == "frame"]

    @property
    def last(self) -> dict | None:
        return self.got[-1] if self.got else None

    def latest(self, kind: str) -> dict | None:
        return next((m for m in reversed(self.got) if m["kind"] == kind), None)

    @property
    def version(self) -> int:
        frames = self.frames
        return frames[-1]["version"] if frames else -1

    async def follow(self) -> None:
        async with aiohttp.ClientSession() as http:
            while True:
                try:
                    async with http.ws_connect(self.base.replace("http", "ws") + "/api/ws") as ws:
                        self.connections += 1
                        self.ws = ws
                        await ws.send_json({"kind": "hello", "session": self.session, "version": self.version,
                                            "locale": self.locale})
                        async for message in ws:
                            data = json.loads(message.data)
                            assert data["kind"] != "error", data
                            self.got.append(data)
                except (aiohttp.ClientError, ConnectionError):
                    pass
                self.ws = None
                await asyncio.sleep(0.1)

    async def send(self, message: dict) -> dict:
        """Send a move or lobby action; its answer ("done" or "refused")."""
        mark = len(self.got)
        assert self.ws is not None
        await self.ws.send_json(message)
        for _ in range(400):
            answer = next((m for m in self.got[mark:] if m.get("ref") == message["ref"]), None)
            if answer is not None:
                return answer
            await asyncio.sleep(0.025)
        raise AssertionError(f"no answer to {message}")

    async def stop(self) -> None:
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)


async def signed_in(fake, base: str, user, channel) -> str:
    """The page's sign-in against the bot, which asks the fake Discord: code -> token -> session."""
    code, instance = fake.authorize(user), fake.enter_activity(user, channel)
    async with aiohttp.ClientSession() as http:
        async with http.post(base + "/api/token", json={"code": code}) as r:
            assert r.status == 200, await r.text()
            token = (await r.json())["access_token"]
        async with http.post(base + "/api/session", json={"access_token": token, "instance_id": instance}) as r:
            assert r.status == 200, await r.text()
            return (await r.json())["session"]


def socket_move(frame: dict, ref: int) -> dict:
    """What a player clicks: the first bundle if any (one click for a whole choice), else the fewest cards the
    grouped choice takes, else the first action shown."""
    choices = frame["choices"]
    move = {"kind": "move", "ref": ref, "prompt": choices["prompt"]}
    if choices["bundles"]:
        return {**move, "bundle": choices["bundles"][0]["n"]}
    together = choices["together"]
    if together and together["min"] > 1:
        return {**move, "actions": together["indexes"][:together["min"]]}
    return {**move, "action": choices["actions"][0]["index"]}


async def test_one_table_two_doors_to_the_end_across_a_kill_9(fake_discord, start_bot, tmp_path):
    fake = fake_discord
    alice, bob = await fake.add_user("alice"), await fake.add_user("bob")
    carol = await fake.add_user("carol", admin=True)  # a moderator (Manage Channels), watching
    games = await fake.add_channel("games")
    db_path, port = str(tmp_path / "rookery.sqlite3"), free_port()
    base = f"http://127.0.0.1:{port}"
    env = {"ROOKERY_DB": db_path, "ROOKERY_GUILD_ID": str(fake.guild_id), "ROOKERY_TIMER_POLL": "0",
           "ROOKERY_WEB_PORT": str(port), "ROOKERY_WEB_URL": base, "ROOKERY_WEB_HOST": "127.0.0.1",
           "ROOKERY_ACTIVITY": "1", "DISCORD_CLIENT_SECRET": CLIENT_SECRET}
    bot = await start_bot(ROOKERY, env=env)
    await fake.wait_ready()

    page = ActivityPage(base, await signed_in(fake, base, alice, games))
    spectator = ActivityPage(base, await signed_in(fake, base, carol, games))
    await fake.wait_until(lambda: page.latest("lobby") and spectator.latest("lobby"), what="the empty lobby")
    assert page.latest("lobby")["lobby"]["table"] is None

    # The lobby: opened from the Activity, set to short and joined from chat, bots added and started from it.
    assert (await page.send({"kind": "lobby", "ref": 1, "do": "open", "game": "raven"}))["kind"] == "done"
    await fake.wait_until(lambda: any("Raven" in json.dumps(m) for m in fake.messages(games)), what="the lobby post")
    lobby_message = fake.messages(games)[-1]
    await fake.wait_until(lambda: page.latest("lobby")["lobby"]["table"], what="the open lobby on the page")
    table_id = page.latest("lobby")["lobby"]["table"]
    await fake.wait_quiet()
    await fake.select(alice, lobby_message, fake.find_select(lobby_message, custom_id=f"rk:o:{table_id}:length"),
                      ["short"])
    await fake.click(bob, lobby_message, fake.find_button(lobby_message, label="Join"))
    await fake.wait_until(lambda: len(page.latest("lobby")["lobby"]["seats"]) == 2, what="bob's chat join on the page")
    for ref in (2, 3, 4, 5):  # four bots: the host plays them at once, so the two humans' game is shorter
        assert (await page.send({"kind": "lobby", "ref": ref, "do": "bot"}))["kind"] == "done"
    assert (await page.send({"kind": "lobby", "ref": 6, "do": "start"}))["kind"] == "done"
    await fake.wait_until(lambda: fake.dm_messages(bob) and page.frames and spectator.frames,
                          what="bob's DM and the pages' first frames")
    assert page.frames[-1]["me"]["seat"] is not None and spectator.frames[-1]["me"]["seat"] is None

    ref, socket_moves, dm_moves, refused, killed = 10, 0, 0, 0, False
    for _ in range(600):
        if stored(db_path)["status"] == "over":
            break
        if not killed and socket_moves >= 12:
            await fake.wait_quiet()
            await bot.kill()
            connections = page.connections
            await bot.start()
            await fake.wait_ready()
            await fake.wait_until(lambda: page.connections > connections, timeout=20, what="the page reconnecting")
            killed = True
        await fake.wait_until(lambda: page.version >= stored(db_path)["version"], what="alice's page in step")
        frame = page.frames[-1]
        if frame["choices"]:
            ref += 1
            answer = await page.send(socket_move(frame, ref))
            if answer["kind"] == "done":
                socket_moves += 1
            else:
                refused += 1  # a DM move landed first and moved the prompt on: the next frame has the new one
            continue
        if pending_prompt(fake, [bob]):
            dm_moves += await play(fake, [bob], 1)
            continue
        await asyncio.sleep(0.05)
    game = stored(db_path)
    assert game["status"] == "over", (socket_moves, dm_moves, refused)
    await fake.wait_until(lambda: page.frames[-1]["over"] and spectator.frames[-1]["over"], what="the last frames")
    await fake.wait_quiet()
    print(f"moves: {socket_moves} from the Activity, {dm_moves} from DMs, {refused} refused as stale")
    assert killed and socket_moves > 20 and dm_moves > 20 and refused <= 5
    assert fake.oauth.exchanges == 2, "after the kill the page kept its session: no new sign-in"
    # both doors in step: the chat board says the game is over, bob's last DM has no choices left
    assert any("Finished" in json.dumps(m) or "🏁" in json.dumps(m) for m in fake.messages(games))
    assert pending_prompt(fake, [bob]) is None
    # the spectator's frames: the public view only, never a seat's hidden card
    for frame in spectator.frames:
        assert frame["me"]["seat"] is None and frame["choices"] is None and frame["cards"] is None
    assert audit([{k: v for k, v in f.items() if k != "me"} for f in spectator.frames], game) >= 20
    # after the result, the lobby to open another; one opened from chat reaches the page as it is posted
    await fake.wait_until(lambda: page.last["kind"] == "lobby" and page.last["lobby"]["table"] is None,
                          what="the empty lobby after the result")
    await fake.slash(bob, games, "game", subcommand="new", options={"game": "raven"})
    await fake.wait_until(lambda: page.last["kind"] == "lobby" and page.last["lobby"]["can_join"],
                          what="bob's new lobby on alice's page")
    assert (await page.send({"kind": "lobby", "ref": ref + 1, "do": "join"}))["kind"] == "done"
    await fake.wait_until(lambda: "alice" in json.dumps(fake.messages(games)[-1]), what="the chat lobby naming alice")
    # the lobby's rules from the Activity are chat's, with the member's Discord permissions: alice (neither host
    # nor moderator) may not start bob's table; carol, a moderator, may, from her Activity
    assert "host" in (await page.send({"kind": "lobby", "ref": ref + 2, "do": "start"}))["message"]
    assert (await spectator.send({"kind": "lobby", "ref": 1, "do": "start"}))["kind"] == "done"
    await fake.wait_until(lambda: page.frames[-1]["status"] == "active" and not page.frames[-1]["over"],
                          what="the moderator's start on alice's page")
    assert CLIENT_SECRET not in bot.output() and "Traceback" not in bot.output()
    assert page.session not in bot.output()
    await page.stop()
    await spectator.stop()
