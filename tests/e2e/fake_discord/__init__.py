"""A small in-memory fake Discord (REST /api/v10 + gateway /gateway) on 127.0.0.1.

A real discord.py bot process connects to it when its entry point sets
``discord.http.Route.BASE = os.environ["DISCORD_API_BASE"]`` and
``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["DISCORD_GATEWAY_URL"])``.
The world (one guild, channels, users, messages, commands, interactions) lives in this object and
survives bot restarts. See /work/shared/research/discord-testing.md for the pitfalls worked around here.

Driver (test side): fake = await FakeDiscord().start(); u = await fake.add_user("ann", admin=True);
ch = await fake.add_channel("games"); bot = await BotProcess(argv, env=fake.env(), fake=fake).start();
await fake.wait_ready(); r = await fake.slash(u, ch, "game", subcommand="new", options={...});
await fake.click(u, r.original, fake.find_button(r.original, label="Join")); fake.messages(ch);
fake.dm_messages(u); await bot.kill(); await bot.start(); await fake.wait_ready(). Interaction results hold
live message dicts (they follow later edits). Anything unexpected lands in fake.unknown_routes / fake.errors.

Every request is checked against Discord's OpenAPI specification and documented limits (tests/discord_spec):
one Discord would refuse gets Discord's 400 answer and fails the test (tests/conftest.py). Errors on
purpose: fake.fail("PATCH", "/channels/*/messages/*", status=503, times=1) (see tests/faults.py; what was
answered is in fake.faults.injected). Permissions: await fake.set_channel_permissions(channel, deny=...)
and await fake.set_bot_permissions(...) change what the bot may do (enforced on sends) and tell the bot
with CHANNEL_UPDATE / GUILD_ROLE_UPDATE, as Discord does. Discord's rate limits are on (ratelimits.py):
FakeDiscord(rate_limits=RateLimits.off()) for a test that must not meet them; fake.rate_limit_stats(),
fake.invalid_requests() and fake.request_log say what the bot met.

The parts, one job each (FakeDiscord in server.py composes them):
  world.py        the guild: ids, roles, users, channels, DMs, permission maths
  activities.py   launched Activity instances (who is in which channel's Activity)
  gateway.py      /gateway: sessions, IDENTIFY/RESUME, events to the bot (Gateway, Session)
  rest.py         /api/v10: record, rate-limit, check against the spec, inject faults, route (Rest, SpecContext)
  ratelimits.py   Discord's rate limits: global and per-route buckets, 429s, headers, invalid-request count
  application.py  login, application info, the synced application commands
  directory.py    users, members, channels, DMs: REST reads and the test's set-up
  messages.py     every message: create, edit, delete, announce; /channels/{id}/messages
  interactions.py interactions sent to the bot and its callbacks, followups and webhook edits
  attachments.py  request bodies and uploads
  actions.py      what users do: slash commands, autocomplete, clicks, selects, modals, messages
  components.py   message flags; numbering the components the bot sends
  process.py      BotProcess, a bot run as a real subprocess
"""
from tests.e2e.fake_discord.components import EPHEMERAL, LOADING
from tests.e2e.fake_discord.gateway import Gateway, Session
from tests.e2e.fake_discord.model import DiscordError, FakeChannel, FakeUser, Interaction
from tests.e2e.fake_discord.permissions import *  # noqa: F401,F403  (tests import the bits from here)
from tests.e2e.fake_discord.process import BotProcess
from tests.e2e.fake_discord.ratelimits import Limit, ManualClock, RateLimits
from tests.e2e.fake_discord.server import FakeDiscord

__all__ = ["BotProcess", "DiscordError", "EPHEMERAL", "FakeChannel", "FakeDiscord", "FakeUser", "Gateway",
           "Interaction", "LOADING", "Limit", "ManualClock", "RateLimits", "Session"]
