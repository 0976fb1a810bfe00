"""Making a fake Discord answer chosen requests with an error, exactly as Discord would (both fakes).

    plan.fail("PATCH", "/channels/*/messages/*", status=503, times=1)   # the next board edit fails
    plan.fail("POST", "/channels/*/messages", status=403, code=50007)   # "Cannot send messages to this user"
    plan.fail("*", "/interactions/*", status=429, retry_after=0.5, times=2)
    plan.clear()                                                        # stop every fault still set
    plan.injected                                                       # what was answered, in order

`method` is a method or "*"; `path` an fnmatch pattern of the path under /api/v10 (no query string);
`times` how many matching requests fail (None: until cleared). The e2e fake has one plan (`fake.faults`,
and `fake.fail(...)`); simcord tests get theirs with `tests.simcord_hook.faults(env)`.

The answers follow Discord's documentation (topics/rate-limits, topics/opcodes-and-status-codes): JSON
bodies `{"message", "code"}`; a 429 with `{"message": "You are being rate limited.", "retry_after": s,
"global": false}` and the Retry-After and X-RateLimit-* headers; every answer with the `Via` header that
Discord's edge adds (discord.py takes a 429 without it for a Cloudflare ban and does not wait it out);
a 502 as the HTML page the edge sends.
"""
from __future__ import annotations

import fnmatch
import json
import math
import time
from dataclasses import dataclass

# The usual code and message of each status (topics/opcodes-and-status-codes#json-json-error-codes).
DEFAULTS = {
    400: (50035, "Invalid Form Body"),
    401: (0, "401: Unauthorized"),
    403: (50013, "Missing Permissions"),
    404: (10008, "Unknown Message"),
    500: (0, "500: Internal Server Error"),
    502: (0, "502: Bad Gateway"),
    503: (0, "503: Service Unavailable"),
}
RATE_LIMITED = "You are being rate limited."


@dataclass
class Fault:
    method: str
    path: str
    status: int
    code: int
    message: str
    times: int | None = 1
    retry_after: float = 1.0       # 429 only
    is_global: bool = False        # 429 only

    def matches(self, method: str, path: str) -> bool:
        return self.method in ("*", method.upper()) and fnmatch.fnmatchcase(path.split("?", 1)[0], self.path)

    def answer(self) -> tuple[int, dict[str, str], bytes]:
        """(status, headers, body) as Discord sends them."""
        headers = {"Via": "1.1 google", "Content-Type": "application/json"}
        if self.status == 429:
            headers.update({
                "Retry-After": str(math.ceil(self.retry_after)), "X-RateLimit-Limit": "5",
                "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": f"{time.time() + self.retry_after:.3f}",
                "X-RateLimit-Reset-After": f"{self.retry_after:.3f}", "X-RateLimit-Bucket": "f4ul7bucket",
                "X-RateLimit-Scope": "global" if self.is_global else "user"})
            if self.is_global:
                headers["X-RateLimit-Global"] = "true"
            body = {"message": self.message, "retry_after": self.retry_after, "global": self.is_global}
            return 429, headers, json.dumps(body).encode()
        if self.status == 502:
            headers["Content-Type"] = "text/html"
            return 502, headers, b"<html><head><title>502 Bad Gateway</title></head><body>502 Bad Gateway</body></html>"
        return self.status, headers, json.dumps({"message": self.message, "code": self.code}).encode()


@dataclass(frozen=True)
class Injected:
    method: str
    path: str
    status: int
    code: int


class FaultPlan:
    def __init__(self) -> None:
        self.faults: list[Fault] = []
        self.injected: list[Injected] = []

    def fail(self, method: str, path: str, *, status: int, code: int | None = None, message: str | None = None,
             times: int | None = 1, retry_after: float = 1.0, is_global: bool = False) -> Fault:
        """Answer the next `times` requests matching (method, path glob) with `status` (see the module doc)."""
        if status == 429:
            default = (0, RATE_LIMITED)
        else:
            default = DEFAULTS.get(status, (0, f"{status}: Error"))
        fault = Fault(method.upper(), path, status, default[0] if code is None else code,
                      message or default[1], times, retry_after, is_global)
        self.faults.append(fault)
        return fault

    def clear(self) -> None:
        self.faults.clear()

    def take(self, method: str, path: str) -> Fault | None:
        """The fault this request meets (one use of it is spent and recorded), or None."""
        for fault in self.faults:
            if fault.matches(method, path):
                if fault.times is not None:
                    fault.times -= 1
                    if fault.times <= 0:
                        self.faults.remove(fault)
                self.injected.append(Injected(method.upper(), path.split("?", 1)[0], fault.status, fault.code))
                return fault
        return None
