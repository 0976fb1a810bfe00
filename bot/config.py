"""Settings from the environment. Only DISCORD_TOKEN is required to run the bot."""
from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    token: str = ""
    db_path: str = "rookery.sqlite3"
    guild_id: int | None = None      # sync slash commands to one server at once (handy while testing)
    sync_commands: bool = True
    timer_poll: float = 5.0          # seconds between turn-timer checks; 0 turns the loop off (tests)
    api_base: str | None = None      # test hook: a fake Discord's REST base
    gateway_url: str | None = None   # test hook: a fake Discord's gateway

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> "Settings":
        env = os.environ if env is None else env
        guild = env.get("ROOKERY_GUILD_ID")
        return cls(
            token=env.get("DISCORD_TOKEN", ""),
            db_path=env.get("ROOKERY_DB", "rookery.sqlite3"),
            guild_id=int(guild) if guild else None,
            sync_commands=env.get("ROOKERY_SYNC", "1") != "0",
            timer_poll=float(env.get("ROOKERY_TIMER_POLL", "5")),
            api_base=env.get("DISCORD_API_BASE") or None,
            gateway_url=env.get("DISCORD_GATEWAY_URL") or None,
        )
