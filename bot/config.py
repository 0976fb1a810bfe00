"""Settings from the environment. Only DISCORD_TOKEN is required to run the bot."""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.sharding import scaling_from_env
from engine import GAMES


@dataclass(frozen=True)
class Settings:
    token: str = ""
    db_path: str = "rookery.sqlite3"
    guild_id: int | None = None      # sync slash commands to one server at once (handy while testing)
    sync_commands: bool = True
    timer_poll: float = 5.0          # seconds between turn-timer checks; 0 turns the loop off (tests)
    api_base: str | None = None      # test hook: a fake Discord's REST base
    gateway_url: str | None = None   # test hook: a fake Discord's gateway
    database_url: str | None = None  # postgresql://… instead of the SQLite file (bot/storage/postgres.py)
    shard_count: int = 1             # several processes split the servers (bot/sharding.py)
    shard_ids: tuple[int, ...] = (0,)
    global_rate: float = 50.0        # the token's requests a second, all shards together (cogs/table/pacer.py)
    durability: str = "normal"       # "full": SQLite fsyncs every commit (survives a power cut; see README)
    games: tuple[str, ...] | None = None  # the games this process runs (ROOKERY_GAMES); None: every game
    web_url: str = ""                # the watch page's public address (ROOKERY_WEB_URL; bot/web/)
    web_port: int | None = None      # serve the watch page on this port (ROOKERY_WEB_PORT); None: no web server
    web_host: str = "0.0.0.0"        # the address it listens on (ROOKERY_WEB_HOST; 127.0.0.1 behind a local proxy)
    activity: bool = False           # the Discord Activity and the board's Open table button (ROOKERY_ACTIVITY)
    # The application's OAuth2 secret (DISCORD_CLIENT_SECRET): never printed, so not in the repr either.
    client_secret: str = field(default="", repr=False)
    client_id: int | None = None     # DISCORD_CLIENT_ID; None: the bot's application id, learnt at login

    @property
    def game_keys(self) -> tuple[str, ...]:
        """The games to load: those chosen, else every game the engine knows."""
        return self.games if self.games is not None else tuple(GAMES)

    @property
    def database(self) -> str:
        return self.database_url or self.db_path

    @classmethod
    def from_env(cls, given: Mapping[str, str] | None = None) -> "Settings":
        """Raises ValueError naming the variable and the value expected when a setting is malformed."""
        env = os.environ if given is None else given
        return cls(
            token=env.get("DISCORD_TOKEN", "").strip(),
            db_path=env.get("ROOKERY_DB", "rookery.sqlite3"),
            guild_id=_guild_id(env.get("ROOKERY_GUILD_ID", "").strip()),
            sync_commands=_flag(env.get("ROOKERY_SYNC", "1").strip()),
            timer_poll=_seconds(env.get("ROOKERY_TIMER_POLL", "5").strip()),
            durability=_durability(env.get("ROOKERY_DURABILITY", "normal").strip()),
            api_base=env.get("DISCORD_API_BASE") or None,
            gateway_url=env.get("DISCORD_GATEWAY_URL") or None,
            games=_games(env.get("ROOKERY_GAMES", "").strip()),
            global_rate=_rate(env.get("ROOKERY_GLOBAL_RATE", "50").strip() or "50"),
            **web_from_env(env),
            **activity_from_env(env),
            **scaling_from_env(env),  # ROOKERY_DATABASE_URL, ROOKERY_SHARD_COUNT, ROOKERY_SHARD_IDS
        )


def web_from_env(env: Mapping[str, str]) -> dict:
    """ROOKERY_WEB_PORT turns the watch page on; ROOKERY_WEB_URL is the address players open (what a reverse
    proxy serves), needed with it."""
    port, url = env.get("ROOKERY_WEB_PORT", "").strip(), env.get("ROOKERY_WEB_URL", "").strip().rstrip("/")
    host = env.get("ROOKERY_WEB_HOST", "").strip() or "0.0.0.0"
    if not port:
        return {"web_url": url, "web_port": None, "web_host": host}
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"ROOKERY_WEB_PORT={port!r} is not a port; expected 1 to 65535 (or leave it unset: no "
                         "web page).")
    if not url.startswith(("http://", "https://")) or len(url) < 10:
        raise ValueError(f"ROOKERY_WEB_URL={url!r}: with ROOKERY_WEB_PORT set, expected the public address of "
                         "the web page, e.g. https://rookery.example.org")
    return {"web_url": url, "web_port": int(port), "web_host": host}


def activity_from_env(env: Mapping[str, str]) -> dict:
    """ROOKERY_ACTIVITY=1 serves the Activity from the watch page's web server, so it needs that server
    (ROOKERY_WEB_PORT, ROOKERY_WEB_URL) and the application's DISCORD_CLIENT_SECRET for the sign-in. The
    secret's value is never part of a message."""
    raw = env.get("ROOKERY_ACTIVITY", "0").strip().lower() or "0"
    if raw not in ("1", "true", "yes", "on", "0", "false", "no", "off"):
        raise ValueError(f"ROOKERY_ACTIVITY={raw!r}: expected 1 (serve the Discord Activity) or 0 (no Activity).")
    on = raw in ("1", "true", "yes", "on")
    secret = env.get("DISCORD_CLIENT_SECRET", "").strip()
    client = env.get("DISCORD_CLIENT_ID", "").strip()
    if client and (not client.isdigit() or not 0 < int(client) < 2**64):
        raise ValueError(f"DISCORD_CLIENT_ID={client!r} is not an application id; expected the numeric id from "
                         "the Developer Portal (General Information), or leave it unset (the bot's own).")
    if on:
        missing = [name for name, value in (("ROOKERY_WEB_PORT", env.get("ROOKERY_WEB_PORT", "").strip()),
                                            ("ROOKERY_WEB_URL", env.get("ROOKERY_WEB_URL", "").strip()),
                                            ("DISCORD_CLIENT_SECRET", secret)) if not value]
        if missing:
            raise ValueError(f"ROOKERY_ACTIVITY=1 needs {', '.join(missing)} set too: the Activity is served by the "
                             "web page's server (ROOKERY_WEB_PORT, ROOKERY_WEB_URL) and signs players in with the "
                             "application's OAuth2 secret (Developer Portal → OAuth2 → Client Secret).")
    return {"activity": on, "client_secret": secret if on else "", "client_id": int(client) if client else None}


def _guild_id(raw: str) -> int | None:
    if not raw:
        return None
    if not raw.isdigit() or not 0 < int(raw) < 2**64:
        raise ValueError(f"ROOKERY_GUILD_ID={raw!r} is not a server id; expected the server's numeric id "
                         "(Developer Mode → right-click the server → Copy Server ID), or leave it unset.")
    return int(raw)


def _games(raw: str) -> tuple[str, ...] | None:
    """ROOKERY_GAMES=raven,blackrose: only those games (their cogs) are loaded; unset or empty: all of them."""
    if not raw:
        return None
    keys = tuple(dict.fromkeys(k.strip().lower() for k in raw.split(",") if k.strip()))
    unknown = [k for k in keys if k not in GAMES]
    if unknown or not keys:
        raise ValueError(f"ROOKERY_GAMES={raw!r}: {', '.join(unknown) or 'no game'} is not a game here; expected "
                         f"some of {','.join(GAMES)}, separated by commas (or leave it unset for all of them).")
    return keys


def _rate(raw: str) -> float:
    try:
        rate = float(raw)
    except ValueError:
        rate = 0.0
    if not 1 <= rate <= 10_000:
        raise ValueError(f"ROOKERY_GLOBAL_RATE={raw!r}: expected the bot token's global request budget per "
                         "second, all shard processes together (Discord's default is 50).")
    return rate


def _seconds(raw: str) -> float:
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 3600 or value != value:  # value != value: NaN
        raise ValueError(f"ROOKERY_TIMER_POLL={raw!r} is not a number of seconds; expected 0 to 3600 "
                         "(e.g. 5; 0 turns the turn timers off).")
    return value


def _durability(raw: str) -> str:
    word = raw.lower() or "normal"
    if word not in ("normal", "full"):
        raise ValueError(f"ROOKERY_DURABILITY={raw!r}: expected normal (a commit survives a killed process) or "
                         "full (also a power cut: an fsync per commit).")
    return word


def _flag(raw: str) -> bool:
    word = raw.lower()
    if word not in ("1", "true", "yes", "on", "0", "false", "no", "off"):
        raise ValueError(f"ROOKERY_SYNC={raw!r}: expected 1 (sync slash commands at start) or 0 (skip).")
    return word in ("1", "true", "yes", "on")
