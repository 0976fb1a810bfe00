"""Fixtures for end-to-end tests: a FakeDiscord server and real bot subprocesses against it."""
import sys
from pathlib import Path

import pytest

from tests.e2e.fake_discord import BotProcess, FakeDiscord

REPO = Path(__file__).resolve().parents[2]
MINIBOT = [sys.executable, str(REPO / "tests" / "e2e" / "minibot.py")]


def pytest_configure(config):
    config.addinivalue_line("markers", "rate_limits(limits): the fake_discord fixture's RateLimits "
                                       "(default: Discord's, tests/e2e/fake_discord/ratelimits.py)")


@pytest.fixture
async def fake_discord(request):
    marker = request.node.get_closest_marker("rate_limits")
    fake = await FakeDiscord(rate_limits=marker.args[0] if marker else None).start()
    try:
        yield fake
    finally:
        await fake.stop()
    # A route Discord does not have is a 404 the bot might swallow: it fails the test that sent it.
    assert fake.unknown_routes == [], f"requests to routes Discord does not have: {fake.unknown_routes}"


@pytest.fixture
async def start_bot(fake_discord):
    """`bot = await start_bot(argv, env={...})` starts a bot process wired to fake_discord (its env() plus yours).
    Every process is SIGKILLed at teardown and its output printed (pytest shows it when the test fails)."""
    procs: list[BotProcess] = []

    async def start(argv: list[str], env: dict | None = None) -> BotProcess:
        proc = BotProcess(argv, env={**fake_discord.env(), **(env or {})}, cwd=str(REPO), fake=fake_discord)
        procs.append(proc)
        return await proc.start()

    try:
        yield start
    finally:
        for proc in procs:
            await proc.kill()
            print(f"--- output of {' '.join(proc.argv)} (pid {proc.pid}, rc {proc.returncode}) ---")
            print(proc.tail(150))
            Path(proc.log_path).unlink(missing_ok=True)
