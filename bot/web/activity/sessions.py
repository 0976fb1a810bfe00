"""The Activity's own session tokens: who a WebSocket speaks for, signed by the server, short-lived.

A session is issued once Discord has told the server who the user is and which channel their Activity runs in
(auth.py), and binds exactly that: user id, channel id, server id, display name, and an expiry. It is not
stored anywhere: it is `<payload>.<HMAC-SHA256>` in URL-safe base64, so any process holding the key can
check it. The key is derived from the application's client secret (never the secret itself), so a session
survives a restart, even a kill -9, and changing the secret revokes every session at once.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from dataclasses import dataclass
from typing import Callable

SESSION_SECONDS = 6 * 3600   # long enough for a long game; the page signs in again after (Discord's token lasts 7 days)
MAX_TOKEN = 1024             # characters: a session is about 200


@dataclass(frozen=True)
class Session:
    user_id: int
    channel_id: int
    guild_id: int | None
    name: str
    expires: float


def session_key(client_secret: str) -> bytes:
    """The signing key: one-way from the secret (a leaked session never helps guess the secret)."""
    return hmac.new(client_secret.encode(), b"rookery activity sessions v1", hashlib.sha256).digest()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Sessions:
    def __init__(self, key: bytes, clock: Callable[[], float] = time.time, seconds: float = SESSION_SECONDS) -> None:
        self._key = key
        self.clock = clock   # wall time: an expiry must mean the same after a restart
        self.seconds = seconds

    def __repr__(self) -> str:
        return "Sessions(<key hidden>)"

    def _sign(self, payload: str) -> str:
        return _b64(hmac.new(self._key, payload.encode(), hashlib.sha256).digest())

    def issue(self, user_id: int, channel_id: int, guild_id: int | None, name: str) -> str:
        body = {"u": str(user_id), "c": str(channel_id), "g": str(guild_id) if guild_id else None,
                "n": name[:80], "e": int(self.clock() + self.seconds)}
        payload = _b64(json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode())
        return f"{payload}.{self._sign(payload)}"

    def read(self, token: object) -> Session | None:
        """The session a token carries, or None: missing, malformed, forged (bad signature) or expired."""
        if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN or token.count(".") != 1:
            return None
        payload, signature = token.split(".")
        if not hmac.compare_digest(signature, self._sign(payload)):
            return None
        try:
            body = json.loads(_unb64(payload))
            session = Session(int(body["u"]), int(body["c"]), int(body["g"]) if body["g"] else None,
                              str(body["n"]), float(body["e"]))
        except (ValueError, KeyError, TypeError):
            return None
        return session if session.expires > self.clock() else None
