"""Activity instances, as Discord keeps them: one per launch in a channel, with the users in it. An instance
lives until its last user leaves (then its id is unknown again: 404), so the bot keys its state by channel.

Shared by the launch callback (interactions.py: LAUNCH_ACTIVITY, type 12, makes or joins the channel's
instance) and the REST lookup GET /applications/{app_id}/activity-instances/{instance_id}, whose answer is
`Instance.payload()` (the spec's EmbeddedActivityInstance)."""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field


@dataclass
class Instance:
    id: str
    app_id: int
    channel_id: int
    guild_id: int | None
    launch_id: int
    users: list[int] = field(default_factory=list)

    def payload(self) -> dict:
        location = {"id": f"gc-{self.guild_id}-{self.channel_id}" if self.guild_id else f"pc-{self.channel_id}",
                    "kind": "gc" if self.guild_id else "pc", "channel_id": str(self.channel_id)}
        if self.guild_id:
            location["guild_id"] = str(self.guild_id)
        return {"application_id": str(self.app_id), "instance_id": self.id, "launch_id": str(self.launch_id),
                "location": location, "users": [str(u) for u in self.users]}


class ActivityInstances:
    def __init__(self, app_id: int, snow) -> None:
        self.app_id = app_id
        self.snow = snow  # World.snow: new snowflakes
        self.by_id: dict[str, Instance] = {}
        self._serial = itertools.count(1)

    def in_channel(self, channel_id: int) -> Instance | None:
        return next((i for i in self.by_id.values() if i.channel_id == channel_id), None)

    def launch(self, channel_id: int, guild_id: int | None, user_id: int) -> Instance:
        """The user opens the Activity in a channel: they join its running instance, or start one."""
        instance = self.in_channel(channel_id)
        if instance is None:
            instance = Instance(f"i-{next(self._serial)}-{self.snow()}", self.app_id, channel_id, guild_id,
                                self.snow())
            self.by_id[instance.id] = instance
        if user_id not in instance.users:
            instance.users.append(user_id)
        return instance

    def leave(self, instance_id: str, user_id: int) -> None:
        """A user closes the Activity; the last one out ends the instance."""
        instance = self.by_id.get(instance_id)
        if instance is None:
            return
        instance.users = [u for u in instance.users if u != user_id]
        if not instance.users:
            del self.by_id[instance_id]
