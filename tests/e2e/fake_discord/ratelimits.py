"""Discord's rate limits, as the fakes enforce them: a global bucket per bot token, per-route buckets scoped
by the path's top-level resource, Discord's 429 answer and X-RateLimit-* headers, and the count of invalid
requests that gets an IP banned. Shared by the e2e fake (rest.py calls admit() before routing) and the
simcord hook (tests/simcord_hook.py, which counts and, when a test asks, enforces).

What is documented and what is chosen (docs.discord.com/developers/topics/rate-limits, read 2026-12):
- DOCUMENTED: 50 requests per second per bot token in all ("Global Rate Limit"); interaction endpoints are
  not bound to it; buckets are scoped by the top-level resource of the path (channel_id, guild_id, webhook
  id + token) and named by X-RateLimit-Bucket "non-inclusive of top-level resources"; the header set; the
  429 body {message, retry_after, global}; X-RateLimit-Global only on a global 429; X-RateLimit-Scope
  (user | global | shared) only on 429s; invalid requests are 401, 403 and 429 (a 429 with scope shared
  excepted), and 10,000 of them in 10 minutes ban the IP.
- REPORTED, not documented (Discord says the numbers change and must be read from the headers): message
  create and edit 5 per 5 s per channel, delete 5 per 1 s per channel, reads 5 per 5 s, reactions 1 per
  0.25 s per channel (Discord's own 2016 bot-limit announcement, discord-api-docs issue #20, and the
  observed tables in HuyaneMatsu/hata rate_limit_groups and litecord, which give 5/4 s and 3/1 s for some of
  them: we take the rounder, widely quoted figures); interaction followups and edits 5 per 2 s per
  interaction (hata).
- CHOSEN here: opening a DM (POST /users/@me/channels) 10 per 10 s per token. Discord documents no number and
  hata saw no route bucket, but Discord refuses "opening direct messages too fast" (403, code 40003) after a
  few dozen at once; a bucket makes a bot that opens a DM per message visible. Interaction callbacks 5 per
  2 s per interaction (one answer is all Discord takes anyway). Every other route: its own bucket of 50 per
  1 s per top-level resource, so that every answer carries headers without inventing stricter limits.
  Windows are fixed: a bucket's window opens with its first request and resets `period` later, which is
  what X-RateLimit-Reset-After describes.
"""
from __future__ import annotations

import hashlib
import math
import re
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Callable, NamedTuple

INVALID_WINDOW = 600.0          # seconds: Discord's invalid-request window (10 minutes)
INVALID_BAN_THRESHOLD = 10_000  # invalid requests per window that get the IP banned for an hour
RATE_LIMITED = "You are being rate limited."


@dataclass(frozen=True)
class Limit:
    limit: int       # requests per window
    period: float    # seconds the window lasts


@dataclass(frozen=True)
class Rule:
    """One bucket: which requests fall in it, what scopes it, whether the global bucket counts them."""
    name: str
    methods: frozenset[str]
    pattern: re.Pattern
    scope: str | None           # the regex group holding the top-level resource (None: per bot token)
    exempt_global: bool = False


def _rule(name: str, methods: str, regex: str, scope: str | None, exempt_global: bool = False) -> Rule:
    return Rule(name, frozenset(methods.split("|")), re.compile(regex), scope, exempt_global)


RULES = (
    _rule("interaction.callback", "POST", r"/interactions/(?P<iid>\d+)/(?P<tok>[^/]+)/callback", "tok", True),
    _rule("interaction.webhook", "GET|POST|PATCH|DELETE", r"/webhooks/(?P<app>\d+)/(?P<tok>[^/]+)(?:/.*)?",
          "tok", True),
    _rule("messages.create", "POST", r"/channels/(?P<cid>\d+)/messages", "cid"),
    _rule("messages.edit", "PATCH", r"/channels/(?P<cid>\d+)/messages/\d+", "cid"),
    _rule("messages.delete", "DELETE", r"/channels/(?P<cid>\d+)/messages/\d+", "cid"),
    _rule("messages.read", "GET", r"/channels/(?P<cid>\d+)/messages(?:/\d+)?", "cid"),
    _rule("reactions", "PUT|DELETE", r"/channels/(?P<cid>\d+)/messages/\d+/reactions(?:/.*)?", "cid"),
    _rule("dm.open", "POST", r"/users/@me/channels", None),
)
LIMITS = {
    "interaction.callback": Limit(5, 2.0),   # chosen
    "interaction.webhook": Limit(5, 2.0),    # reported (hata)
    "messages.create": Limit(5, 5.0),        # reported
    "messages.edit": Limit(5, 5.0),          # reported
    "messages.delete": Limit(5, 1.0),        # reported
    "messages.read": Limit(5, 5.0),          # reported
    "reactions": Limit(1, 0.25),             # reported
    "dm.open": Limit(10, 10.0),              # chosen
}
_TOP_LEVEL = re.compile(r"^/(?:channels|guilds)/(\d+)")
_ID = re.compile(r"/\d+")


@dataclass(frozen=True)
class RateLimits:
    """The fake's limits. RateLimits.off() answers everything (still counted); RateLimits(global_per_second=
    500) for a bench that wants a bigger budget; routes={"messages.edit": Limit(50, 1)} overrides one bucket."""
    enabled: bool = True
    global_per_second: int = 50                               # documented
    routes: dict[str, Limit] = field(default_factory=dict)    # overrides of LIMITS by bucket name
    default: Limit = Limit(50, 1.0)                           # chosen: any other route, per resource
    log_size: int = 500_000                                   # requests kept in the per-request log

    @classmethod
    def off(cls, **kw) -> "RateLimits":
        return cls(enabled=False, **kw)

    def limit_of(self, name: str) -> Limit:
        return self.routes.get(name) or LIMITS.get(name) or self.default


class ManualClock:
    """A clock a test moves by hand: RateLimiter(clock=ManualClock()) then clock.advance(1.0)."""

    def __init__(self, start: float = 1000.0):
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Window:
    """A fixed window: opens with its first request, holds `limit` of them, resets `period` later."""
    __slots__ = ("limit", "period", "opened", "used")

    def __init__(self, limit: Limit):
        self.limit, self.period = limit.limit, limit.period
        self.opened, self.used = -math.inf, 0

    def _roll(self, now: float) -> None:
        if now >= self.opened + self.period:
            self.opened, self.used = now, 0

    def remaining(self, now: float) -> int:
        self._roll(now)
        return self.limit - self.used

    def reset_after(self, now: float) -> float:
        """Seconds until the window resets (a full period if none is open)."""
        self._roll(now)
        return self.period if self.used == 0 else max(0.0, self.opened + self.period - now)

    def take(self, now: float) -> None:
        self._roll(now)
        if self.used == 0:
            self.opened = now
        self.used += 1


class Entry(NamedTuple):
    """One answered request: when (limiter clock seconds), what, and Discord's status."""
    t: float
    method: str
    route: str     # the bucket name (e.g. "messages.edit", or "GET /channels/{id}" for other routes)
    path: str
    status: int


@dataclass
class Decision:
    """What admit() decided; stamp() puts its headers on whatever answer the request finally gets."""
    route: str
    bucket: str
    limit: int
    remaining: int
    reset_after: float
    reset_at: float                  # epoch seconds
    refused: str | None = None       # None, "global" or "user"
    retry_after: float = 0.0

    def headers(self) -> dict[str, str]:
        h = {"X-RateLimit-Limit": str(self.limit), "X-RateLimit-Remaining": str(self.remaining),
             "X-RateLimit-Reset": f"{self.reset_at:.3f}", "X-RateLimit-Reset-After": f"{self.reset_after:.3f}",
             "X-RateLimit-Bucket": self.bucket,
             # discord.py takes a 429 without Via for a Cloudflare ban and does not wait it out.
             "Via": "1.1 google"}
        if self.refused:
            h["Retry-After"] = str(max(1, math.ceil(self.retry_after)))
            h["X-RateLimit-Scope"] = self.refused
            if self.refused == "global":
                h["X-RateLimit-Global"] = "true"
        return h

    def body(self) -> dict:
        return {"message": RATE_LIMITED, "retry_after": round(self.retry_after, 3),
                "global": self.refused == "global"}

    def stamp(self, headers) -> None:
        """Add our headers to an answer, keeping any it has (an injected 429 keeps its own)."""
        for key, value in self.headers().items():
            if key not in headers:
                headers[key] = value


def bucket_hash(name: str) -> str:
    """A stable opaque id per bucket name, like Discord's (which excludes the top-level resource)."""
    return hashlib.md5(name.encode()).hexdigest()


class RateLimiter:
    def __init__(self, config: RateLimits | None = None, *, clock: Callable[[], float] = time.monotonic,
                 wall: Callable[[], float] | None = None):
        """clock: seconds for the windows (time.monotonic, or a ManualClock); wall: epoch seconds for
        X-RateLimit-Reset (by default real time, or the manual clock's own reading when it is driven)."""
        self.config = config or RateLimits()
        self.clock = clock
        self.wall = wall or (time.time if clock is time.monotonic else clock)
        self._global: dict[str, Window] = {}
        self._buckets: dict[tuple[str, str, str], Window] = {}
        self._invalid: deque[float] = deque()
        self.log: deque[Entry] = deque(maxlen=self.config.log_size)
        self.counts: Counter[str] = Counter()           # requests, 429_global, 429_route, 429_other, invalid
        self.by_route: dict[str, Counter[str]] = {}     # bucket name -> requests, 429

    # ---------------------------------------------------------------- deciding
    def classify(self, method: str, path: str) -> tuple[Rule | None, str, str]:
        """(rule or None, bucket name, top-level resource) of a request."""
        path = path.split("?", 1)[0]
        for rule in RULES:
            if method in rule.methods:
                match = rule.pattern.fullmatch(path)
                if match:
                    return rule, rule.name, match.group(rule.scope) if rule.scope else ""
        top = _TOP_LEVEL.match(path)
        return None, method + " " + _ID.sub("/{id}", path), top.group(1) if top else ""

    def admit(self, method: str, path: str, token: str | None) -> Decision:
        """Count the request against its buckets, or refuse it (Decision.refused) without counting it."""
        now = self.clock()
        rule, name, resource = self.classify(method, path)
        limit = self.config.limit_of(name)
        key = (token or "", name, resource)
        window = self._buckets.get(key)
        if window is None:
            window = self._buckets[key] = Window(limit)
        decision = Decision(name, bucket_hash(name), window.limit, 0, 0.0, 0.0)
        if self.config.enabled:
            glob = None
            if not (rule and rule.exempt_global):
                glob = self._global.get(key[0])
                if glob is None:
                    glob = self._global[key[0]] = Window(Limit(self.config.global_per_second, 1.0))
            if glob is not None and glob.remaining(now) <= 0:
                decision.refused, decision.retry_after = "global", glob.reset_after(now)
            elif window.remaining(now) <= 0:
                decision.refused, decision.retry_after = "user", window.reset_after(now)
            else:
                window.take(now)
                if glob is not None:
                    glob.take(now)
        # Off: headers still describe the bucket, but it never runs out (so discord.py never waits either).
        decision.remaining = max(0, window.remaining(now))
        decision.reset_after = window.reset_after(now)
        decision.reset_at = self.wall() + decision.reset_after
        return decision

    # ---------------------------------------------------------------- recording
    def answered(self, decision: Decision, method: str, path: str, status: int, scope: str | None = None) -> None:
        """Record what the request got; scope: the answer's X-RateLimit-Scope (a shared 429 is not invalid)."""
        now = self.clock()
        self.log.append(Entry(now, method, decision.route, path, status))
        self.counts["requests"] += 1
        route = self.by_route.setdefault(decision.route, Counter())
        route["requests"] += 1
        if status == 429:
            route["429"] += 1
            self.counts["429_global" if decision.refused == "global" else
                        "429_route" if decision.refused else "429_other"] += 1
        if status in (401, 403) or (status == 429 and scope != "shared"):
            self.counts["invalid"] += 1
            self._invalid.append(now)

    def invalid_requests(self, window: float = INVALID_WINDOW) -> int:
        """Invalid requests (401, 403, 429 but not scope shared) in the last `window` seconds."""
        now = self.clock()
        while self._invalid and self._invalid[0] <= now - INVALID_WINDOW:
            self._invalid.popleft()
        return sum(1 for t in self._invalid if t > now - window)

    def stats(self) -> dict:
        """Totals since the start: requests, 429s (global, route, other = injected by a test), invalid
        requests (all, and in the last 10 minutes), and per bucket name its requests and 429s."""
        c = self.counts
        return {"requests": c["requests"], "429_global": c["429_global"], "429_route": c["429_route"],
                "429_other": c["429_other"], "invalid": c["invalid"], "invalid_10min": self.invalid_requests(),
                "routes": {name: dict(counter) for name, counter in sorted(self.by_route.items())}}

    def requests_per_second(self, since: float | None = None) -> list[int]:
        """Requests answered in each whole second of the log (from `since`, or its first entry)."""
        if not self.log:
            return []
        start = self.log[0].t if since is None else since
        per = Counter(int(e.t - start) for e in self.log if e.t >= start)
        return [per.get(i, 0) for i in range(max(per) + 1)] if per else []

    def reconfigure(self, config: RateLimits) -> None:
        """New limits from now on (open windows are dropped)."""
        self.config = config
        self._global.clear()
        self._buckets.clear()


__all__ = ["Decision", "Entry", "INVALID_BAN_THRESHOLD", "LIMITS", "Limit", "ManualClock", "RateLimiter",
           "RateLimits"]
