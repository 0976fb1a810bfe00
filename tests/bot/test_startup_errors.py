"""`rookery run` explains operator mistakes in one line and exits non-zero (issue 8 "Also")."""
import asyncio
import os
import socket
import sys

import pytest

from bot.config import Settings
from tests.e2e.fake_discord import FakeDiscord

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.parametrize("name, value, expected", [
    ("ROOKERY_GUILD_ID", "my-server", "numeric id"),
    ("ROOKERY_GUILD_ID", "-5", "numeric id"),
    ("ROOKERY_TIMER_POLL", "fast", "0 to 3600"),
    ("ROOKERY_TIMER_POLL", "nan", "0 to 3600"),
    ("ROOKERY_TIMER_POLL", "-1", "0 to 3600"),
    ("ROOKERY_SYNC", "maybe", "expected 1"),
    ("ROOKERY_GAMES", "raven,chess", "separated by commas"),
])
def test_a_malformed_setting_names_the_variable_and_what_it_expects(name, value, expected):
    with pytest.raises(ValueError) as error:
        Settings.from_env({"DISCORD_TOKEN": "t", name: value})
    assert name in str(error.value) and repr(value) in str(error.value) and expected in str(error.value)


def test_good_settings_are_read():
    settings = Settings.from_env({"DISCORD_TOKEN": " t ", "ROOKERY_GUILD_ID": "123", "ROOKERY_TIMER_POLL": "0.5",
                                  "ROOKERY_SYNC": "0"})
    assert (settings.token, settings.guild_id, settings.timer_poll, settings.sync_commands) == ("t", 123, 0.5, False)


async def rookery_run(env: dict, tmp_path) -> tuple[int, list[str]]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "run", cwd=ROOT, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        env={**os.environ, "ROOKERY_DB": str(tmp_path / "r.sqlite3"), "ROOKERY_TIMER_POLL": "0", **env})
    out, _ = await asyncio.wait_for(proc.communicate(), 60)
    return proc.returncode, out.decode(errors="replace").strip().splitlines()


def assert_one_clear_line(lines: list[str], *words: str) -> None:
    text = "\n".join(lines)
    assert "Traceback" not in text, text
    assert len(lines) <= 3, text  # discord.py's own "logging in" line may precede ours
    assert all(w in lines[-1] for w in words), text


async def test_bad_setting_stops_run_with_one_line(tmp_path):
    code, lines = await rookery_run({"DISCORD_TOKEN": "t", "ROOKERY_GUILD_ID": "my-server"}, tmp_path)
    assert code != 0
    assert_one_clear_line(lines, "ROOKERY_GUILD_ID", "my-server")


async def test_no_route_to_discord_is_one_line(tmp_path):
    with socket.socket() as s:  # a loopback port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code, lines = await rookery_run({"DISCORD_TOKEN": "t", "DISCORD_API_BASE": f"http://127.0.0.1:{port}/api/v10",
                                     "DISCORD_GATEWAY_URL": f"ws://127.0.0.1:{port}/gateway"}, tmp_path)
    assert code != 0
    assert_one_clear_line(lines, "can't reach Discord", str(port))


async def test_bad_token_is_one_line(tmp_path):
    fake = await FakeDiscord().start()
    try:
        code, lines = await rookery_run({**fake.env(), "DISCORD_TOKEN": "not-the-token"}, tmp_path)
    finally:
        await fake.stop()
    assert code != 0
    assert_one_clear_line(lines, "refused the token", "DISCORD_TOKEN")
