"""The bot's application: its login (/users/@me), application info, the gateway address, and the
application commands it syncs (global and guild).

With Activities on (FakeDiscord(activities=True)) the application has the Entry Point command Discord makes
when they are turned on in the Developer Portal (type 4 PRIMARY_ENTRY_POINT, handler 2
DISCORD_LAUNCH_ACTIVITY, named "launch"), and, as Discord does, refuses a bulk overwrite of the global
commands that leaves it out: 400, code 50240 (the message as Discord words it, quoted in issues of several
bot libraries hit by it: py-cord, JDA, poise)."""
from __future__ import annotations

from tests.e2e.fake_discord.gateway import Gateway
from tests.e2e.fake_discord.model import DiscordError
from tests.e2e.fake_discord.world import World

PRIMARY_ENTRY_POINT, DISCORD_LAUNCH_ACTIVITY = 4, 2
ENTRY_POINT_KEPT = ("You cannot remove this app's Entry Point command in a bulk update operation. Please include "
                    "the Entry Point command in your update request or delete it separately.")


class Application:
    def __init__(self, world: World, gateway: Gateway):
        self.world, self.gateway = world, gateway
        self.global_commands: list[dict] = [self.entry_point()] if world.activities_on else []
        self.guild_commands: list[dict] = []

    def entry_point(self) -> dict:
        """The Entry Point command as Discord lists it (an ApplicationCommandResponse)."""
        w = self.world
        return {"id": str(w.snow()), "application_id": str(w.app_id), "version": str(w.snow()),
                "default_member_permissions": None, "type": PRIMARY_ENTRY_POINT, "name": "launch",
                "description": "", "dm_permission": True, "contexts": [0, 1, 2], "integration_types": [0, 1],
                "nsfw": False, "handler": DISCORD_LAUNCH_ACTIVITY}

    def routes(self) -> list[tuple]:
        return [("GET", r"/users/@me", self._r_me),
                ("GET", r"/oauth2/applications/@me", self._r_app_info),
                ("GET", r"/gateway(?:/bot)?", self._r_gateway),
                ("GET|PUT", r"/applications/\d+(?:/guilds/(?P<gid>\d+))?/commands", self._r_commands)]

    @property
    def has_commands(self) -> bool:
        """Whether the bot synced commands (an Entry Point is Discord's, there before any sync)."""
        return any(c.get("type") != PRIMARY_ENTRY_POINT for c in self.global_commands + self.guild_commands)

    def command(self, name: str) -> tuple[dict, bool]:
        """The synced slash command of this name, and whether it is a guild command."""
        for cmds, in_guild in ((self.guild_commands, True), (self.global_commands, False)):
            for cmd in cmds:
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    return cmd, in_guild
        raise AssertionError(f"no synced slash command {name!r}; synced: "
                             f"{[c['name'] for c in self.guild_commands + self.global_commands]}")

    async def _r_me(self, req, body, files):
        w = self.world
        if req.headers.get("Authorization") != f"Bot {w.token}":  # how discord.py's login checks a token
            raise DiscordError(401, 0, "401: Unauthorized")
        return {**w.bot.payload(), "verified": True, "mfa_enabled": False, "flags": 0, "locale": "en-US"}

    async def _r_app_info(self, req, body, files):
        w = self.world
        return {"id": str(w.app_id), "name": w.bot.name, "description": "", "icon": None,
                "bot_public": True, "bot_require_code_grant": False, "owner": {**w.bot.payload(), "id": "1"},
                "verify_key": "0" * 64, "flags": 0, "team": None, "summary": "", "rpc_origins": [],
                "bot": w.bot.payload(), "interactions_endpoint_url": None, "redirect_uris": []}

    async def _r_gateway(self, req, body, files):
        return {"url": self.gateway.url, "shards": 1, "session_start_limit":
                {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}}

    async def _r_commands(self, req, body, files, gid=None):
        w = self.world
        if gid is not None and int(gid) != w.guild_id:
            raise DiscordError(403, 50001, "Missing Access")
        if req.method == "PUT":
            old = {c["name"]: c["id"] for c in (self.guild_commands if gid else self.global_commands)}
            had_entry = any(c.get("type") == PRIMARY_ENTRY_POINT for c in self.global_commands)
            if gid is None and had_entry and not any(c.get("type") == PRIMARY_ENTRY_POINT for c in body or []):
                raise DiscordError(400, 50240, ENTRY_POINT_KEPT)
            cmds = [{**c, "id": old.get(c["name"]) or str(w.snow()), "application_id": str(w.app_id),
                     "version": str(w.snow()), "type": c.get("type", 1), "options": c.get("options") or [],
                     **({"guild_id": gid} if gid else {})} for c in body or []]
            if gid:
                self.guild_commands = cmds
            else:
                self.global_commands = cmds
        return self.guild_commands if gid else self.global_commands
