"""Watch links: each table's unguessable address on the web page, kept in storage so a link survives a restart,
and revocable (`/game watch off`).

A token is 144 random bits (`secrets`), made the first time the table's board is built with the web page on.
The board is built under the table's lock without awaiting, so the token is known at once and written in the
background (`saved()` waits for it); a process killed in that instant gives the table a new token after the
restart, and the board is edited to show it. '' stands for "watching turned off" for that table.
"""
from __future__ import annotations

import asyncio
import logging
import re
import secrets

from bot import errors
from bot.storage import Storage
from present.i18n import mark

log = logging.getLogger("rookery.web")
TOKEN = re.compile(r"[A-Za-z0-9_-]{24}")  # what token_urlsafe(18) gives: anything else is refused unread
OFF = ""


class WatchingOff(errors.Refusal):
    text = mark("The host or a moderator turned the watch link off for this table.")


class WatchLinks:
    """Tokens by game id and game ids by token, in memory (loaded once at start), written through to storage."""

    def __init__(self, store: Storage, base_url: str) -> None:
        self.store = store
        self.base_url = base_url.rstrip("/")
        self._tokens: dict[int, str] = {}
        self._games: dict[str, int] = {}
        self._writes: set[asyncio.Task] = set()

    async def load(self) -> None:
        for game_id, token in (await self.store.watch_links()).items():
            self._set(game_id, token)

    def url(self, game_id: int) -> str | None:
        """The table's watch address (made now if it has none), or None where watching is off."""
        token = self._tokens.get(game_id)
        if token is None:
            token = self._issue(game_id)
        return f"{self.base_url}/t/{token}" if token else None

    def game_of(self, token: str) -> int | None:
        """The game a token opens; None for a malformed, unknown or revoked one."""
        return self._games.get(token) if TOKEN.fullmatch(token) else None

    def is_off(self, game_id: int) -> bool:
        return self._tokens.get(game_id) == OFF

    def turn_on(self, game_id: int) -> str:
        """A fresh link for a table whose watching was off (the old token stays dead)."""
        self._issue(game_id)
        url = self.url(game_id)
        assert url is not None, "a table just given a token has a link"
        return url

    def revoke(self, game_id: int) -> None:
        """The table's link stops working at once; the table has none until a moderator turns it on again."""
        self._set(game_id, OFF)
        self._write(game_id, OFF)

    async def saved(self) -> None:
        """Wait until every token made or revoked so far is in storage."""
        while self._writes:
            await asyncio.gather(*list(self._writes), return_exceptions=True)

    def _issue(self, game_id: int) -> str:
        token = secrets.token_urlsafe(18)
        self._set(game_id, token)
        self._write(game_id, token)
        return token

    def _set(self, game_id: int, token: str) -> None:
        old = self._tokens.get(game_id)
        if old:
            self._games.pop(old, None)
        self._tokens[game_id] = token
        if token:
            self._games[token] = game_id

    def _write(self, game_id: int, token: str) -> None:
        task = asyncio.get_running_loop().create_task(self._save(game_id, token))
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)

    async def _save(self, game_id: int, token: str) -> None:
        try:
            await self.store.save_watch_link(game_id, token)
        except Exception as exc:  # the link works until a restart; the next board build does not retry it
            log.warning("table %s: the watch link was not stored: %s", game_id, exc)
