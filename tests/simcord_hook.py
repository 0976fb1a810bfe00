"""Where requests leave discord.py in simcord tests: every one is checked against Discord's specification
(tests/discord_spec), and a test may make chosen ones fail (tests/faults.py).

simcord replaces discord.py's `HTTPClient.request` and the webhook adapter's `request` (interaction
responses and followups) with `FakeHTTPClient.request` / `FakeWebhookAdapter.request`. `install()` wraps
both, once per process (tests/conftest.py calls it):
- a request Discord would refuse raises the `discord.HTTPException` that Discord's 400 answer gives, and is
  recorded (the autouse fixture in tests/conftest.py fails the test);
- a request that meets a fault of `faults(env)` runs through discord.py's own request code (the real
  `HTTPClient.request` or `AsyncWebhookAdapter.request`) against a stand-in session that answers with the
  fault, so discord.py does what it does with real Discord: waits out a 429 and tries again, retries a
  500/502/504, raises DiscordServerError on a 503, Forbidden on a 403, NotFound on a 404. Once the fault is
  spent, the same request reaches simcord as usual;
- every request is counted by the environment's rate limiter (`rate_limiter(env)`, the e2e fake's
  tests/e2e/fake_discord/ratelimits.py): its stats, its request log and the invalid requests (401, 403,
  429) in Discord's 10-minute window. It only counts unless a test asks it to enforce with
  `rate_limits(env, RateLimits(...))`: then a request over a bucket gets Discord's 429 through discord.py's
  own request code (the same stand-in session as a fault), which waits it out and sends again.
  Counting only, by default, because a simcord test plays at machine speed with no human between clicks:
  a hundred moves in a second would meet per-channel buckets no real table meets, and simcord's virtual
  clock does not move while discord.py sleeps (the limiter runs on real time).
"""
from __future__ import annotations

import asyncio
import json
from typing import Any

import discord
from discord.http import HTTPClient
from discord.webhook.async_ import AsyncWebhookAdapter
from multidict import CIMultiDict
from simcord.backend.errors import BackendError
from simcord.http import client as simcord_client
from simcord.http import router

from tests import discord_spec
from tests.discord_spec import Interaction
from tests.e2e.fake_discord.ratelimits import Decision, RateLimiter, RateLimits
from tests.faults import Fault, FaultPlan

_INSTALLED = "_rookery_spec_hook"


def faults(env) -> FaultPlan:
    """The fault plan of a simcord environment (made on first use)."""
    backend = env.backend
    if not hasattr(backend, "rookery_faults"):
        backend.rookery_faults = FaultPlan()
    return backend.rookery_faults


def rate_limiter(env) -> RateLimiter:
    """The rate limiter of a simcord environment (counting only, made on first use)."""
    return _limiter(env.backend)


def rate_limits(env, config: RateLimits) -> RateLimiter:
    """Enforce `config` (e.g. RateLimits() for Discord's) on this environment's requests from now on."""
    limiter = rate_limiter(env)
    limiter.reconfigure(config)
    return limiter


def install() -> None:
    if getattr(simcord_client.FakeHTTPClient.request, _INSTALLED, False):
        return
    http_request = simcord_client.FakeHTTPClient.request
    webhook_request = simcord_client.FakeWebhookAdapter.request

    async def request(self, route, *, files=None, form=None, **kwargs):
        body = router.parse_form(list(form), [])[0] if form is not None else kwargs.get("json")
        path = simcord_client._path_of(route.url)
        token = f"Bot {self.token}" if getattr(self, "token", None) else None
        decision = _limiter(self.backend).admit(route.method, path, token)
        # Validated before any injected fault: a request a fault answers must still be one Discord would take.
        _refuse_if_invalid(self.backend, route.method, path, body, decision)
        fault = None if decision.refused else _fault(self.backend, route.method, path)

        async def serve():
            return await http_request(self, route, files=files, form=form, **kwargs)
        if fault is None and not decision.refused:
            return await _counted(self.backend, decision, route.method, path, serve)
        if not isinstance(self._global_over, asyncio.Event):  # set by the real static_login, which simcord skips
            self._global_over = asyncio.Event()
            self._global_over.set()
        # A copy of this client whose session is the stand-in: nothing else ever sees that session.
        real = HTTPClient.__new__(type(self))
        real.__dict__.update(self.__dict__)
        real._HTTPClient__session = _FaultSession(self.backend, (decision, fault), serve, token)
        return await HTTPClient.request(real, route, files=files, form=form, **kwargs)

    async def adapter_request(self, route, session, *, payload=None, multipart=None, files=None, params=None,
                              **kwargs):
        body = router.parse_form(multipart, [])[0] if multipart else payload
        path = simcord_client._path_of(route.url)
        token = kwargs.get("auth_token") and f"Bot {kwargs['auth_token']}"
        decision = _limiter(self.backend).admit(route.method, path, token)
        _refuse_if_invalid(self.backend, route.method, path, body, decision)
        fault = None if decision.refused else _fault(self.backend, route.method, path)

        async def serve():
            return await webhook_request(self, route, session, payload=payload, multipart=multipart,
                                         files=files, params=params, **kwargs)
        if fault is None and not decision.refused:
            return await _counted(self.backend, decision, route.method, path, serve)
        return await AsyncWebhookAdapter.request(
            AsyncWebhookAdapter(), route, _FaultSession(self.backend, (decision, fault), serve, token),
            payload=payload, multipart=multipart, files=files, params=params, **kwargs)

    setattr(request, _INSTALLED, True)
    simcord_client.FakeHTTPClient.request = request
    simcord_client.FakeWebhookAdapter.request = adapter_request


def _limiter(backend) -> RateLimiter:
    if not hasattr(backend, "rookery_limiter"):
        backend.rookery_limiter = RateLimiter(RateLimits.off())
    return backend.rookery_limiter


async def _counted(backend, decision: Decision, method: str, path: str, serve):
    """simcord's answer, with its status recorded by the rate limiter (an error's too)."""
    try:
        result = await serve()
    except discord.HTTPException as exc:
        _limiter(backend).answered(decision, method, path, exc.status)
        raise
    _limiter(backend).answered(decision, method, path, 204 if result is None else 200)
    return result


def _fault(backend, method: str, path: str) -> Fault | None:
    plan = getattr(backend, "rookery_faults", None)
    return plan.take(method, path) if plan is not None else None


def _refuse_if_invalid(backend, method: str, path: str, body: Any, decision: Decision) -> None:
    rejection = discord_spec.refusal(method, path, body, **_context(backend, method, path))
    if rejection is not None:
        _limiter(backend).answered(decision, method, path, rejection.status)
        raise_json = rejection.body
        simcord_client._raise_for(BackendError(rejection.status, raise_json["code"], raise_json["message"],
                                               errors=raise_json.get("errors")))


def _context(backend, method: str, path: str) -> dict:
    """What Discord knows beyond the body: the interaction a callback answers, the message an edit changes."""
    parts = path.strip("/").split("/")
    try:
        if method == "POST" and len(parts) == 4 and parts[0] == "interactions" and parts[3] == "callback":
            record = backend.interactions.get(int(parts[1]))
            if record is None:
                return {}
            source = (backend.get_message(record.channel_id, record.source_message_id)
                      if record.source_message_id else None)
            return {"interaction": Interaction(record.type, record.source_message_id is not None, record.responded),
                    "current_flags": getattr(source, "flags", None)}
        if method == "PATCH" and len(parts) == 4 and parts[0] == "channels" and parts[2] == "messages":
            return {"current_flags": getattr(backend.get_message(int(parts[1]), int(parts[3])), "flags", None)}
        if method == "PATCH" and len(parts) == 5 and parts[0] == "webhooks" and parts[3] == "messages":
            record = backend.interaction_by_token(parts[2])  # an interaction's original or a follow-up
            message_id = record.message_id if parts[4] == "@original" else int(parts[4])
            return {"current_flags": getattr(backend.get_message(record.channel_id, message_id), "flags", None)}
    except (BackendError, ValueError, KeyError, AttributeError):
        pass
    return {}


class _FaultSession:
    """Stands in for aiohttp's session in discord.py's request code. Each attempt meets the rate limits (a
    429 when a bucket is empty and they are enforced), then a fault while one lasts, then simcord's answer
    (a simcord refusal becomes the same Discord error answer). The first attempt's was decided already."""

    def __init__(self, backend, first: tuple[Decision, Fault | None], serve, token: str | None) -> None:
        self.backend, self.serve, self.token = backend, serve, token
        self.first: tuple[Decision, Fault | None] | None = first

    def request(self, method: str, url: str, **kwargs) -> "_Response":
        return _Response(self, method, url)


class _Response:
    def __init__(self, session: _FaultSession, method: str, url: str) -> None:
        self.session, self.method, self.url = session, method, url
        self.status, self.reason, self.headers, self._body = 200, "OK", CIMultiDict(), b""

    async def __aenter__(self) -> "_Response":
        session, path = self.session, simcord_client._path_of(self.url)
        limiter = _limiter(session.backend)
        if session.first is not None:
            (decision, fault), session.first = session.first, None
        else:
            decision = limiter.admit(self.method, path, session.token)
            fault = None if decision.refused else _fault(session.backend, self.method, path)
        await self._answer(decision, fault)
        decision.stamp(self.headers)
        limiter.answered(decision, self.method, path, self.status, self.headers.get("X-RateLimit-Scope"))
        return self

    async def _answer(self, decision: Decision, fault: Fault | None) -> None:
        if decision.refused or fault is not None:
            if decision.refused:
                self.status, headers = 429, {"Content-Type": "application/json", **decision.headers()}
                self._body = json.dumps(decision.body()).encode()
            else:
                self.status, headers, self._body = fault.answer()
            self.headers = CIMultiDict(headers)
            self.reason = {429: "Too Many Requests", 403: "Forbidden", 404: "Not Found"}.get(self.status, "Error")
            return
        self.headers = CIMultiDict({"Content-Type": "application/json"})
        try:
            result = await self.session.serve()
        except discord.HTTPException as exc:
            self.status, self.reason = exc.status, "Error"
            self._body = json.dumps({"code": exc.code, "message": exc.text}).encode()
            return
        self.status, self._body = (200, json.dumps(result).encode()) if result is not None else (204, b"")

    async def __aexit__(self, *exc) -> None:
        return None

    async def text(self, encoding: str = "utf-8") -> str:
        return self._body.decode(encoding)
