"""FakeDiscord: the fake server the tests drive. It composes the parts (world, gateway, REST with its
routes, messages, interactions, what users do), listens on 127.0.0.1, and offers the test's view: set-up,
reading the world, and waiting for the bot."""
from __future__ import annotations

import asyncio
import json
import os
import time

from aiohttp import web

from tests.e2e.fake_discord.actions import UserActions
from tests.e2e.fake_discord.application import Application
from tests.e2e.fake_discord.attachments import Attachments
from tests.e2e.fake_discord.directory import Directory
from tests.e2e.fake_discord.gateway import Gateway
from tests.e2e.fake_discord.interactions import InteractionDesk
from tests.e2e.fake_discord.messages import MessageStore
from tests.e2e.fake_discord.model import FakeChannel, FakeUser
from tests.e2e.fake_discord.process import BotProcess
from tests.e2e.fake_discord.ratelimits import RateLimiter, RateLimits
from tests.e2e.fake_discord.rest import Rest, SpecContext
from tests.e2e.fake_discord.world import World
from tests.support.components import find_component


class FakeDiscord:
    def __init__(self, *, guild_name: str = "Test Guild", bot_name: str = "Rookery",
                 gateway: type[Gateway] = Gateway, rate_limits: RateLimits | None = None, clock=None):
        """gateway: the Gateway class to serve /gateway with (a subclass may route events differently).
        rate_limits: Discord's limits by default; RateLimits.off() for a test that must not meet them,
        RateLimits(global_per_second=...) for a bench. clock: the limiter's clock (ratelimits.ManualClock)."""
        self.world = World(guild_name=guild_name, bot_name=bot_name)
        self.gateway = gateway(self.world)
        self.files = Attachments(self.world.snow)
        self.store = MessageStore(self.world, self.gateway, self.files)
        self.desk = InteractionDesk(self.world, self.gateway, self.store)
        self.app = Application(self.world, self.gateway)
        self.directory = Directory(self.world, self.gateway)
        if rate_limits is None and os.environ.get("ROOKERY_FAKE_RATE_LIMITS") == "off":  # a whole run without
            rate_limits = RateLimits.off()                                               # (for comparisons)
        self.limiter = RateLimiter(rate_limits, **({"clock": clock} if clock else {}))
        self.rest = Rest(self.app.routes() + self.desk.routes() + self.directory.routes() + self.store.routes(),
                         SpecContext(self.desk, self.store), self.limiter)
        self.actions = UserActions(self.world, self.app, self.store, self.desk, connected=lambda: self.connected,
                                   settle=self.wait_quiet, fail=self._fail)
        self._identify_mark = 0
        self._watched: list[BotProcess] = []
        self._runner: web.AppRunner | None = None
        self.port = 0
        # What users do and what the test sets up, straight from the part that does it.
        a, d = self.actions, self.directory
        self.slash, self.forge_command, self.autocomplete = a.slash, a.forge_command, a.autocomplete
        self.click, self.select, self.submit_modal, self.say = a.click, a.select, a.submit_modal, a.say
        self.add_user, self.add_channel = d.add_user, d.add_channel
        self.set_channel_permissions, self.set_bot_permissions = d.set_channel_permissions, d.set_bot_permissions
        self.drop_gateway, self.invalidate_sessions = self.gateway.drop, self.gateway.invalidate_sessions
        self.bot_permissions, self.dm_channel = self.world.bot_permissions, self.world.dm_channel
        self.fail = self.rest.faults.fail  # tests/faults.py FaultPlan.fail: status=, code=, times=, retry_after=

    # ---------------------------------------------------------------- lifecycle
    async def start(self) -> "FakeDiscord":
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.serve)
        app.router.add_route("*", "/api/v10/{tail:.*}", self.rest.handle)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]
        self.gateway.url = self.gateway_url
        return self

    async def stop(self) -> None:
        await self.gateway.close()
        if self._runner:
            await self._runner.cleanup()
        if report := os.environ.get("ROOKERY_RATE_LIMIT_REPORT"):  # a file: one JSON line per fake (see NOTES)
            with open(report, "a") as out:
                out.write(json.dumps({"test": os.environ.get("PYTEST_CURRENT_TEST", "?"),
                                      **self.rate_limit_stats()}) + "\n")

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def env(self) -> dict[str, str]:
        return {"DISCORD_API_BASE": self.api_base, "DISCORD_GATEWAY_URL": self.gateway_url,
                "DISCORD_TOKEN": self.token}

    # ---------------------------------------------------------------- the parts' state, under its old names
    token = property(lambda self: self.world.token)
    bot = property(lambda self: self.world.bot)
    app_id = property(lambda self: self.world.app_id)
    guild_id = property(lambda self: self.world.guild_id)
    guild_name = property(lambda self: self.world.guild_name)
    roles = property(lambda self: self.world.roles)
    users = property(lambda self: self.world.users)
    channels = property(lambda self: self.world.channels)
    uploads = property(lambda self: self.files.uploads)
    interactions = property(lambda self: self.desk.by_id)
    global_commands = property(lambda self: self.app.global_commands)
    guild_commands = property(lambda self: self.app.guild_commands)
    sessions = property(lambda self: self.gateway.sessions)
    identify_count = property(lambda self: self.gateway.identify_count)
    resume_count = property(lambda self: self.gateway.resume_count)
    gateway_received = property(lambda self: self.gateway.received)
    presence = property(lambda self: self.gateway.presence)
    calls = property(lambda self: self.rest.calls)
    unknown_routes = property(lambda self: self.rest.unknown_routes)
    errors = property(lambda self: self.rest.errors)
    faults = property(lambda self: self.rest.faults)
    connected = property(lambda self: self.gateway.connected)

    # ---------------------------------------------------------------- Discord's rate limits (ratelimits.py)
    def invalid_requests(self, window: float = 600.0) -> int:
        """Invalid requests (401, 403, 429 except scope shared) in the last `window` s, as Discord counts them
        towards its ban (10,000 per 10 minutes)."""
        return self.limiter.invalid_requests(window)

    def rate_limit_stats(self) -> dict:
        """requests, 429_global, 429_route, 429_other (injected by a test), invalid, invalid_10min, and
        routes: {bucket name: {"requests": n, "429": k}}."""
        return self.limiter.stats()

    @property
    def request_log(self):
        """Every answered REST request, oldest first: Entry(t, method, route, path, status); t in the
        limiter's clock (time.monotonic unless a clock was given)."""
        return self.limiter.log

    def requests_per_second(self, since: float | None = None) -> list[int]:
        """Requests answered in each whole second of the log (the load bench's rate)."""
        return self.limiter.requests_per_second(since)

    def set_rate_limits(self, rate_limits: RateLimits) -> None:
        """Other limits from now on (e.g. RateLimits.off() after the bot started)."""
        self.limiter.reconfigure(rate_limits)

    # ---------------------------------------------------------------- reading the world
    def messages(self, channel: FakeChannel | int) -> list[dict]:
        """Current (edited) messages of a channel, oldest first; ephemeral ones never appear here."""
        return self.store.in_channel(self.world.channel(channel))

    def dm_messages(self, user: FakeUser) -> list[dict]:
        dm = self.world.dm_by_user.get(user.id)
        return self.store.in_channel(dm) if dm else []

    def message(self, message: dict | int) -> dict:
        """The current version of a message (by id or any earlier copy of its dict)."""
        return self.store.current(message)

    def find_component(self, message: dict | int, **filters) -> dict:
        """The first interactive component matching every given filter: label=, custom_id=, prefix=, type=."""
        return find_component(self.message(message), **filters)

    def find_button(self, message: dict | int, *, label: str | None = None, custom_id: str | None = None,
                    prefix: str | None = None) -> dict:
        return self.find_component(message, label=label, custom_id=custom_id, prefix=prefix, type=2)

    def find_select(self, message: dict | int, *, prefix: str | None = None,
                    custom_id: str | None = None) -> dict:
        return self.find_component(message, custom_id=custom_id, prefix=prefix, type=3)

    # ---------------------------------------------------------------- waiting
    def watch(self, proc: BotProcess) -> None:
        """A bot process (re)starting: wait_ready() needs its new IDENTIFY, and waits fail if it dies."""
        self.expect_identify()
        if proc not in self._watched:
            self._watched.append(proc)

    async def wait_until(self, ready, timeout: float = 10.0, what="a condition") -> None:
        """Poll ready() every 20 ms; fail with diagnostics (and the bot's output) on timeout or bot death."""
        what = what if callable(what) else (lambda text=what: text)
        deadline = time.monotonic() + timeout
        while not ready():
            for proc in self._watched:
                if proc.died_unexpectedly:
                    raise AssertionError(f"bot process exited with code {proc.returncode} while waiting for "
                                         f"{what()}\n--- bot output (tail) ---\n{proc.tail()}")
            if time.monotonic() > deadline:
                self._fail(f"timed out after {timeout}s waiting for {what()}")
            await asyncio.sleep(0.02)

    def _fail(self, why: str) -> None:
        tails = "".join(f"\n--- bot output (tail) ---\n{p.tail(40)}" for p in self._watched)
        raise AssertionError(f"{why}; unknown routes: {self.unknown_routes}; errors: {self.errors[-5:]}; "
                             f"last REST calls: {[c[:2] for c in self.calls[-8:]]}{tails}")

    async def wait_quiet(self, ms: int = 150, timeout: float = 10.0) -> None:
        """Until no REST call has arrived (or is being served) for `ms` milliseconds."""
        await self.wait_until(lambda: self.rest.quiet_for(ms / 1000), timeout,
                              lambda: f"the bot to be quiet for {ms} ms")

    def expect_identify(self) -> None:
        """The next wait_ready() needs an IDENTIFY newer than now (call before (re)starting the bot)."""
        self._identify_mark = self.gateway.identify_count

    async def wait_ready(self, timeout: float = 15.0) -> None:
        """Until the bot identified (after the last expect_identify), got READY + GUILD_CREATE, application
        commands exist, and it went quiet. The bot should use guild_ready_timeout≈0.05 under test."""
        g = self.gateway

        def ready() -> bool:
            s = g.session
            return (s is not None and s is g.ready_session and s.ws is not None and not s.ws.closed
                    and g.identify_count > self._identify_mark and self.app.has_commands)
        await self.wait_until(ready, timeout, lambda: f"the bot to be ready (identifies={g.identify_count}, "
                              f"mark={self._identify_mark}, commands={len(self.global_commands)}+"
                              f"{len(self.guild_commands)}, connected={self.connected})")
        await self.wait_quiet()
