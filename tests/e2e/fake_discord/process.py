"""A bot run as a real subprocess against the fake."""
from __future__ import annotations

import asyncio
import os
import signal
import tempfile
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.e2e.fake_discord.server import FakeDiscord


class BotProcess:
    """A bot run as a real subprocess (output to a temp file, so no pipe can fill up); kill() is SIGKILL.
    Given the fake, each start() makes the fake wait for a new IDENTIFY and watch for the process dying."""

    def __init__(self, argv: list[str], *, env: dict[str, str] | None = None, cwd: str | None = None,
                 fake: FakeDiscord | None = None):
        self.argv, self.env, self.cwd, self.fake = argv, env or {}, cwd, fake
        self.proc: asyncio.subprocess.Process | None = None
        self._expect_exit = False
        fd, self.log_path = tempfile.mkstemp(prefix="bot-", suffix=".log")
        os.close(fd)

    async def start(self) -> "BotProcess":
        if self.fake is not None:
            self.fake.watch(self)
        self._expect_exit = False
        with open(self.log_path, "ab") as log:
            log.write(f"--- start {' '.join(self.argv)}\n".encode())
            log.flush()
            self.proc = await asyncio.create_subprocess_exec(
                *self.argv, cwd=self.cwd, stdin=asyncio.subprocess.DEVNULL, stdout=log, stderr=log,
                env={**os.environ, "PYTHONUNBUFFERED": "1", **self.env})
        return self

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    @property
    def returncode(self) -> int | None:
        return self.proc.returncode if self.proc else None

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    @property
    def died_unexpectedly(self) -> bool:
        return self.proc is not None and self.proc.returncode is not None and not self._expect_exit

    async def kill(self) -> None:
        """SIGKILL (no cleanup in the bot at all) and reap it."""
        self._expect_exit = True
        if self.alive:
            self.proc.send_signal(signal.SIGKILL)
        if self.proc is not None:
            await self.proc.wait()

    async def terminate(self, timeout: float = 5.0) -> None:
        """SIGTERM, then SIGKILL if it has not exited within `timeout`."""
        self._expect_exit = True
        if self.alive:
            self.proc.terminate()
            try:
                await asyncio.wait_for(self.proc.wait(), timeout)
            except asyncio.TimeoutError:
                await self.kill()

    def output(self) -> str:
        with open(self.log_path, encoding="utf-8", errors="replace") as f:
            return f.read()

    def tail(self, lines: int = 80) -> str:
        return "\n".join(self.output().splitlines()[-lines:])
