"""The things the fake's world is made of: users, channels, interaction records, Discord's errors."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import datetime, timezone

from tests.e2e.fake_discord.components import EPHEMERAL
from tests.e2e.fake_discord.permissions import EVERYONE_PERMS
from tests.support.components import text_of


def now() -> str:
    return datetime.now(timezone.utc).isoformat()


class DiscordError(Exception):
    """Raised by a route handler; becomes a Discord-shaped JSON error response."""

    def __init__(self, status: int, code: int, message: str):
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message = status, code, message


@dataclass(eq=False)
class FakeUser:
    id: int
    name: str
    permissions: int = EVERYONE_PERMS  # effective guild permissions (what interactions carry)
    role_ids: list[int] = field(default_factory=list)
    bot: bool = False
    dm_closed: bool = False  # DMs to this user fail with 403 / 50007
    member: bool = True
    joined_at: str = field(default_factory=now)

    def payload(self) -> dict:
        return {"id": str(self.id), "username": self.name, "discriminator": "0", "global_name": self.name,
                "avatar": None, "bot": self.bot, "system": False, "public_flags": 0}

    def member_payload(self, *, with_permissions: bool = False) -> dict:
        payload = {"user": self.payload(), "roles": [str(r) for r in self.role_ids], "nick": None,
                   "avatar": None, "joined_at": self.joined_at, "premium_since": None, "deaf": False,
                   "mute": False, "pending": False, "flags": 0, "communication_disabled_until": None}
        if with_permissions:
            payload["permissions"] = str(self.permissions)
        return payload


@dataclass(eq=False)
class FakeChannel:
    id: int
    name: str
    type: int = 0  # 0 guild text, 1 DM
    guild_id: int | None = None
    recipient: FakeUser | None = None  # DM channels only
    message_ids: list[int] = field(default_factory=list)
    overwrites: list[dict] = field(default_factory=list)  # permission overwrites (guild channels)

    def payload(self) -> dict:
        last = str(self.message_ids[-1]) if self.message_ids else None
        if self.type == 1:
            return {"id": str(self.id), "type": 1, "last_message_id": last, "flags": 0,
                    "recipients": [self.recipient.payload()]}
        return {"id": str(self.id), "type": self.type, "name": self.name, "guild_id": str(self.guild_id),
                "position": 0, "permission_overwrites": list(self.overwrites), "parent_id": None, "topic": None,
                "nsfw": False, "rate_limit_per_user": 0, "last_message_id": last, "flags": 0}


@dataclass(eq=False)
class Interaction:
    """What the bot answered to one interaction. Message dicts are live (they follow later edits)."""
    id: int
    token: str
    type: int  # 2 application command, 3 message component, 5 modal submit
    user: FakeUser
    channel_id: int
    data: dict
    message_id: int | None = None  # the message a component/modal lived on
    callbacks: list[dict] = field(default_factory=list)  # [{"type": 4|5|6|7|9, "data": {...}}]
    original: dict | None = None  # type 4/5: the response message; type 6/7: the component's message
    followups: list[dict] = field(default_factory=list)
    modal: dict | None = None  # type 9 callback data (title, custom_id, components)
    choices: list[dict] | None = None  # type 8 autocomplete answer
    latency: float | None = None  # seconds until the bot's answer was received and processed (Discord allows 3)
    reached: float | None = None  # seconds until the answer's request had fully reached us, before we checked it
    answered: asyncio.Event = field(default_factory=asyncio.Event, repr=False)

    @property
    def callback_type(self) -> int | None:
        return self.callbacks[0]["type"] if self.callbacks else None

    @property
    def content(self) -> str | None:
        return None if self.original is None else self.original["content"]

    @property
    def components(self) -> list[dict]:
        return [] if self.original is None else self.original["components"]

    @property
    def ephemeral(self) -> bool:
        return self.original is not None and bool(self.original["flags"] & EPHEMERAL)

    @property
    def texts(self) -> list[str]:
        """Text of the response and every followup, in order (content and V2 text displays)."""
        return [text_of(m) for m in ([self.original] if self.original else []) + self.followups]
