"""The REST side (/api/v10/…): every request is recorded, counted against Discord's rate limits (a 429 if a
bucket is empty: ratelimits.py), checked against Discord's OpenAPI specification and documented limits
(tests/discord_spec), answered with an injected fault if a test asked for one, and only then routed to the
part of the fake that serves it. Anything unknown is a recorded 404. Every answer carries the bucket's
X-RateLimit-* headers, and its status goes to the limiter's log (invalid-request count, stats)."""
from __future__ import annotations

import json
import re
import time
from typing import Any, Callable

from aiohttp import web

from tests import discord_spec
from tests.e2e.fake_discord.attachments import read_body
from tests.e2e.fake_discord.interactions import RECEIVED, InteractionDesk
from tests.e2e.fake_discord.messages import MessageStore
from tests.e2e.fake_discord.model import DiscordError
from tests.e2e.fake_discord.ratelimits import RateLimiter
from tests.faults import FaultPlan


def json_response(payload: Any, status: int = 200) -> web.Response:
    # Exactly "application/json": discord.py compares the header verbatim (json_response adds a charset).
    return web.Response(status=status, body=json.dumps(payload).encode(),
                        headers={"Content-Type": "application/json"})


class SpecContext:
    """What Discord knows beyond a request's body: the interaction a callback answers, the message an edit
    changes (some refusals depend on them)."""

    def __init__(self, desk: InteractionDesk, store: MessageStore):
        self.desk, self.store = desk, store

    def __call__(self, method: str, path: str) -> dict:
        parts = path.strip("/").split("/")
        if method == "POST" and len(parts) == 4 and parts[0] == "interactions" and parts[3] == "callback":
            rec = self.desk.by_token.get(parts[2])
            if rec is None:
                return {}
            source = self.store.by_id.get(rec.message_id) if rec.message_id else None
            return {"interaction": discord_spec.Interaction(rec.type, rec.type == 5 and source is not None,
                                                            bool(rec.callbacks)),
                    "current_flags": source["flags"] if source else None}
        if method == "PATCH" and parts[0] in ("channels", "webhooks") and "messages" in parts:
            if parts[0] == "channels" and parts[-1].isdigit():
                msg = self.store.by_id.get(int(parts[-1]))
            else:
                rec = self.desk.by_token.get(parts[2])
                msg = rec and (rec.original if parts[-1] == "@original" else self.store.by_id.get(
                    int(parts[-1]) if parts[-1].isdigit() else 0))
            return {"current_flags": msg["flags"]} if msg else {}
        return {}


class Rest:
    def __init__(self, routes: list[tuple], spec_context: Callable[[str, str], dict],
                 limiter: RateLimiter | None = None):
        """routes: (methods "GET|POST", path regex with named groups, async handler(request, body, files, **groups))."""
        self.limiter = limiter or RateLimiter()
        self._routes = [(set(m.split("|")), re.compile(rx), fn) for m, rx, fn in routes]
        self._spec_context = spec_context
        self.calls: list[tuple[str, str, Any]] = []  # (method, path, json body) of every REST call
        self.unknown_routes: list[str] = []  # "METHOD /path" answered 404 because we do not know them
        self.errors: list[dict] = []  # every Discord error we answered: method, path, status, code, message
        self.faults = FaultPlan()  # errors a test asked for
        self.in_flight = 0
        self.last_activity = time.monotonic()
        # Until when the bot may be holding requests back: it was told a bucket is empty (Remaining 0) or
        # answered 429, and discord.py then sends nothing on that bucket before the reset.
        self.held_until = 0.0

    def quiet_for(self, seconds: float) -> bool:
        """No request has arrived or been served for `seconds`, counting from the end of any wait the
        rate limits imposed on the bot (a bot waiting for a bucket to reset is not done)."""
        return not self.in_flight and time.monotonic() - max(self.last_activity, self.held_until) >= seconds

    def _refuse(self, method: str, path: str, status: int, code: int, message: str, body: dict) -> web.Response:
        self.errors.append({"method": method, "path": path, "status": status, "code": code, "message": message})
        return json_response(body, status)

    async def handle(self, request: web.Request) -> web.Response:
        method, path = request.method, "/" + request.match_info["tail"]
        self.in_flight += 1
        try:
            try:
                body, files = await read_body(request)
            except DiscordError as e:  # a malformed or too large upload, refused as Discord would
                return self._refuse(method, path, e.status, e.code, e.message,
                                    {"message": e.message, "code": e.code})
            self.calls.append((method, path, body))
            # When the bot's request was wholly here: what the bot spent, before this fake's own checking.
            request[RECEIVED] = time.monotonic()
            # Rate limits first, as Discord does: a refused request is answered 429 whatever its body.
            decision = self.limiter.admit(method, path, request.headers.get("Authorization"))
            if decision.refused:
                response = json_response(decision.body(), 429)
            else:
                response = await self._answer(request, method, path, body, files)
            decision.stamp(response.headers)
            if decision.refused or decision.remaining == 0:
                wait = decision.retry_after if decision.refused else decision.reset_after
                self.held_until = max(self.held_until, time.monotonic() + wait)
            self.limiter.answered(decision, method, path, response.status,
                                  response.headers.get("X-RateLimit-Scope"))
            return response
        finally:
            self.in_flight -= 1
            self.last_activity = time.monotonic()

    async def _answer(self, request: web.Request, method: str, path: str, body: Any, files) -> web.Response:
        # Validated first: a request answered by an injected fault must still be one Discord would take.
        rejection = discord_spec.refusal(method, path, body, **self._spec_context(method, path))
        if rejection is not None:
            return self._refuse(method, path, rejection.status, rejection.body["code"], rejection.summary(),
                                rejection.body)
        fault = self.faults.take(method, path)
        if fault is not None:
            status, headers, payload = fault.answer()
            return web.Response(status=status, body=payload, headers=headers)
        for methods, rx, handler in self._routes:
            match = rx.fullmatch(path)
            if match and method in methods:
                try:
                    result = await handler(request, body, files, **match.groupdict())
                except DiscordError as e:
                    return self._refuse(method, path, e.status, e.code, e.message,
                                        {"message": e.message, "code": e.code})
                return web.Response(status=204) if result is None else json_response(result)
        self.unknown_routes.append(f"{method} {path}")
        return json_response({"message": "404: Not Found", "code": 0}, 404)
