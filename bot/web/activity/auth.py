"""Sign-in for the Activity: what the server asks Discord, trusting nothing the page says.

1. exchange(code): the code from the SDK's authorize goes to Discord's POST /oauth2/token with the application's
   secret; the page gets the access token back (to call the SDK's authenticate), nothing else.
2. identify(token, instance_id): GET /users/@me with that token says who the user is; GET
   /applications/{app}/activity-instances/{instance} with the bot's token says where the Activity runs
   (location.channel_id) and who is in it: the user must be. The channel is Discord's, never the page's.

Every request goes to discord.http.Route.BASE (the e2e fake sets it). A refusal is a SignInRefused carrying
an English msgid for the page; Discord's own answers and the secret never reach the page or the logs.
"""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

import aiohttp
import discord

from present.i18n import mark

log = logging.getLogger("rookery.activity")
TIMEOUT = aiohttp.ClientTimeout(total=10)


class SignInRefused(Exception):
    def __init__(self, status: int, text: str) -> None:
        super().__init__(text)
        self.status = status
        self.text = text   # an English msgid (mark()): the page reads it in its language


@dataclass(frozen=True)
class Who:
    user_id: int
    name: str
    channel_id: int
    guild_id: int | None


BAD_CODE = mark("Discord did not accept this sign-in: close the Activity and open it again.")
BAD_CLIENT = mark("The bot's Activity settings are wrong (client id or secret): tell the bot's operator.")
UNREACHABLE = mark("Discord could not be reached to sign you in: try again in a moment.")
BAD_TOKEN = mark("Discord did not recognise your sign-in: close the Activity and open it again.")
NOT_IN_INSTANCE = mark("You are not in this Activity: open it from the channel first.")
UNKNOWN_INSTANCE = mark("This Activity is not running any more: open it again from the channel.")


class DiscordSignIn:
    def __init__(self, client_id: int, client_secret: str, bot_token: str) -> None:
        self.client_id = client_id
        self._secret = client_secret
        self._bot_token = bot_token
        self._http: aiohttp.ClientSession | None = None

    def __repr__(self) -> str:
        return f"DiscordSignIn(client_id={self.client_id})"

    @property
    def http(self) -> aiohttp.ClientSession:
        if self._http is None or self._http.closed:
            self._http = aiohttp.ClientSession(timeout=TIMEOUT)
        return self._http

    async def close(self) -> None:
        if self._http is not None:
            await self._http.close()

    async def _call(self, method: str, path: str, **kwargs) -> tuple[int, dict]:
        try:
            async with self.http.request(method, discord.http.Route.BASE + path, **kwargs) as response:
                try:
                    body = await response.json(content_type=None)
                except ValueError:
                    body = {}
                return response.status, body if isinstance(body, dict) else {}
        except (aiohttp.ClientError, asyncio.TimeoutError) as exc:
            log.warning("activity sign-in: %s %s failed: %s", method, path.split("/")[1], type(exc).__name__)
            raise SignInRefused(502, UNREACHABLE) from None

    async def exchange(self, code: str) -> str:
        """The access token for an authorization code (scope identify)."""
        status, body = await self._call("POST", "/oauth2/token", data={
            "client_id": str(self.client_id), "client_secret": self._secret,
            "grant_type": "authorization_code", "code": code})
        token = body.get("access_token")
        if status == 200 and isinstance(token, str) and token:
            return token
        if status == 401 or body.get("error") == "invalid_client":
            log.error("activity sign-in: Discord refused the client id or DISCORD_CLIENT_SECRET (invalid_client)")
            raise SignInRefused(502, BAD_CLIENT)
        if 400 <= status < 500:
            raise SignInRefused(400, BAD_CODE)
        raise SignInRefused(502, UNREACHABLE)

    async def identify(self, access_token: str, instance_id: str) -> Who:
        status, user = await self._call("GET", "/users/@me", headers={"Authorization": f"Bearer {access_token}"})
        if status in (401, 403):
            raise SignInRefused(401, BAD_TOKEN)
        if status != 200 or not str(user.get("id", "")).isdigit():
            raise SignInRefused(502, UNREACHABLE)
        user_id = int(user["id"])
        name = str(user.get("global_name") or user.get("username") or user_id)
        status, instance = await self._call(
            "GET", f"/applications/{self.client_id}/activity-instances/{instance_id}",
            headers={"Authorization": f"Bot {self._bot_token}"})
        if status == 404:
            raise SignInRefused(404, UNKNOWN_INSTANCE)
        location = instance.get("location") if status == 200 else None
        if not isinstance(location, dict) or not str(location.get("channel_id", "")).isdigit():
            raise SignInRefused(502, UNREACHABLE)
        if str(user_id) not in [str(u) for u in instance.get("users") or []]:
            raise SignInRefused(403, NOT_IN_INSTANCE)
        guild = str(location.get("guild_id") or "")
        return Who(user_id, name, int(location["channel_id"]), int(guild) if guild.isdigit() else None)
