"""Members' per-server settings the host reads on every publish (`/game notify`, `/game autoplay`): stored by
the storage backend, cached here per server so a publish costs no query. The host is the only writer in its
process (a server's interactions all reach the shard that owns it), so the cache stays true."""
from __future__ import annotations


class MemberSettings:
    def __init__(self, store) -> None:
        self.store = store
        self._cache: dict[tuple[str, int], set[int]] = {}  # (setting, guild id) -> the members it names

    async def _members(self, setting: str, guild_id: int) -> set[int]:
        key = (setting, guild_id)
        if key not in self._cache:
            self._cache[key] = await getattr(self.store, setting)(guild_id)
        return self._cache[key]

    async def _mark(self, setting: str, guild_id: int, user_id: int, named: bool) -> None:
        """After a write: keep the cached set in step with the store."""
        members = await self._members(setting, guild_id)
        (members.add if named else members.discard)(user_id)

    async def notify_off(self, guild_id: int) -> set[int]:
        """Members who turned "your turn" pings off."""
        return await self._members("notify_off", guild_id)

    async def set_notify(self, guild_id: int, user_id: int, on: bool) -> None:
        await self.store.set_notify(guild_id, user_id, on)
        await self._mark("notify_off", guild_id, user_id, not on)

    async def autoplay_on(self, guild_id: int) -> set[int]:
        """Members who let their only legal card play itself."""
        return await self._members("autoplay_on", guild_id)

    async def set_autoplay(self, guild_id: int, user_id: int, on: bool) -> None:
        await self.store.set_autoplay(guild_id, user_id, on)
        await self._mark("autoplay_on", guild_id, user_id, on)

    def forget(self, guild_id: int) -> None:
        """Drop a server's cached settings once its stored ones are deleted (/game forget)."""
        for setting in ("notify_off", "autoplay_on"):
            self._cache.pop((setting, guild_id), None)
