"""Discord's side of an Activity's sign-in (issue 35): the OAuth2 code grant and the two lookups the bot makes.

  POST /oauth2/token   form client_id, client_secret, grant_type=authorization_code, code -> {access_token,
                       token_type, expires_in, scope}; a bad, used or unknown code: 400 {"error": "invalid_grant"};
                       a wrong client id or secret: 401 {"error": "invalid_client"} (Discord's OAuth2 error shape)
  GET  /users/@me      with "Bearer <access token>": that user; an unknown token: 401. (The bot's own "Bot" login
                       on the same route is Application's.)
  GET  /applications/{app_id}/activity-instances/{instance_id}   with the bot's token: the instance (activities.py),
                       404 for an unknown one (or one whose last user left)

/oauth2/token is not in Discord's OpenAPI specification (it documents the REST API, not the OAuth2 endpoints),
so the spec check passes it through; this module checks its form as the OAuth2 docs describe it. The other two
are spec operations and are checked like every route.

Driver helpers: `authorize(user)` -> a one-use code (what the Discord client's AUTHORIZE gives the page) and
`enter_activity(user, channel)` -> the instance id the user is now in (as a launch would make or join).
"""
from __future__ import annotations

import secrets

from aiohttp import web

from tests.e2e.fake_discord.model import DiscordError, FakeChannel, FakeUser
from tests.e2e.fake_discord.world import World

CLIENT_SECRET = "fake-client-secret-not-for-logs"
UNKNOWN_INSTANCE = 10000  # a 404's code; the bot reads the status only


def oauth_error(status: int, error: str, description: str) -> web.Response:
    import json
    return web.Response(status=status, body=json.dumps({"error": error, "error_description": description}).encode(),
                        headers={"Content-Type": "application/json"})


class OAuth:
    def __init__(self, world: World, bot_login) -> None:
        """bot_login: Application's GET /users/@me handler, for the bot's own "Bot <token>" calls."""
        self.world = world
        self.client_secret = CLIENT_SECRET
        self.bot_login = bot_login
        self.codes: dict[str, int] = {}     # code -> user id (one use)
        self.tokens: dict[str, int] = {}    # access token -> user id
        self.exchanges = 0

    def routes(self) -> list[tuple]:
        return [("POST", r"/oauth2/token", self._r_token),
                ("GET", r"/users/@me", self._r_me),
                ("GET", r"/applications/(?P<app_id>\d+)/activity-instances/(?P<instance_id>[^/]+)", self._r_instance)]

    # ---- driver
    def authorize(self, user: FakeUser) -> str:
        code = secrets.token_urlsafe(18)
        self.codes[code] = user.id
        return code

    def enter_activity(self, user: FakeUser, channel: FakeChannel | int) -> str:
        channel = self.world.channel(channel)
        return self.world.activities.launch(channel.id, self.world.guild_id, user.id).id

    def leave_activity(self, user: FakeUser, instance_id: str) -> None:
        self.world.activities.leave(instance_id, user.id)

    # ---- routes
    async def _r_token(self, req, body, files):
        form = body if isinstance(body, dict) else {}
        if req.content_type != "application/x-www-form-urlencoded":
            return oauth_error(400, "invalid_request", "the body must be application/x-www-form-urlencoded")
        if form.get("client_id") != str(self.world.app_id) or form.get("client_secret") != self.client_secret:
            return oauth_error(401, "invalid_client", "Invalid client")
        if form.get("grant_type") != "authorization_code":
            return oauth_error(400, "unsupported_grant_type", "Unsupported grant type")
        user_id = self.codes.pop(str(form.get("code") or ""), None)
        if user_id is None:
            return oauth_error(400, "invalid_grant", 'Invalid "code" in request.')
        self.exchanges += 1
        token = secrets.token_urlsafe(24)
        self.tokens[token] = user_id
        return {"access_token": token, "token_type": "Bearer", "expires_in": 604800, "scope": "identify",
                "refresh_token": secrets.token_urlsafe(24)}

    async def _r_me(self, req, body, files):
        auth = req.headers.get("Authorization", "")
        if not auth.startswith("Bearer "):
            return await self.bot_login(req, body, files)
        user_id = self.tokens.get(auth[len("Bearer "):])
        if user_id is None or user_id not in self.world.users:
            raise DiscordError(401, 0, "401: Unauthorized")
        return {**self.world.users[user_id].payload(), "locale": "en-US", "mfa_enabled": False, "flags": 0,
                "premium_type": 0}

    async def _r_instance(self, req, body, files, app_id: str, instance_id: str):
        if req.headers.get("Authorization") != f"Bot {self.world.token}":
            raise DiscordError(401, 0, "401: Unauthorized")
        instance = self.world.activities.by_id.get(instance_id)
        if int(app_id) != self.world.app_id or instance is None:
            raise DiscordError(404, UNKNOWN_INSTANCE, "Unknown Activity Instance")
        return instance.payload()
