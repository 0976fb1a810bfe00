"""What users do, as the test asks: slash commands (built from the synced command tree), autocomplete,
clicks, selects, modal submits and plain messages. Each sends what Discord would and returns once the bot
answered and went quiet; what Discord would not let a user do fails the test unless forced."""
from __future__ import annotations

import json
from typing import Awaitable, Callable, NoReturn

from tests.e2e.fake_discord.application import Application
from tests.e2e.fake_discord.interactions import InteractionDesk, NotAnswered
from tests.e2e.fake_discord.messages import MessageStore
from tests.e2e.fake_discord.model import FakeChannel, FakeUser, Interaction
from tests.e2e.fake_discord.permissions import ALL_PERMS
from tests.e2e.fake_discord.world import World
from tests.support.components import iter_components


class UserActions:
    def __init__(self, world: World, app: Application, store: MessageStore, desk: InteractionDesk, *,
                 connected: Callable[[], bool], settle: Callable[[], Awaitable[None]],
                 fail: Callable[[str], NoReturn]):
        """connected(): a bot is on the gateway; settle(): wait until the bot is quiet; fail(why): raise
        with diagnostics."""
        self.world, self.app, self.store, self.desk = world, app, store, desk
        self._connected, self._settle, self._fail = connected, settle, fail

    async def interact(self, itype: int, user: FakeUser, channel: FakeChannel, data: dict,
                       message: dict | None, timeout: float, settle: bool = True) -> Interaction:
        """Send one interaction as Discord would; fails the test if the bot does not answer in time. Then waits
        for the bot to be quiet, unless settle=False (a caller that checks itself that the next prompt is live)."""
        if not self._connected():
            raise AssertionError("no bot is connected to the fake gateway")
        try:
            rec = await self.desk.send(itype, user, channel, data, message, timeout)
        except NotAnswered as e:
            self._fail(f"the bot did not answer interaction {e.rec.id} within {timeout}s ({json.dumps(data)[:200]})")
        if settle:
            await self._settle()
        return rec

    # ---------------------------------------------------------------- application commands
    def _build_options(self, spec: dict, options: dict, resolved: dict, where: str,
                       partial: bool = False, forged: bool = False) -> list[dict]:
        known = {o["name"]: o for o in spec.get("options") or [] if o["type"] not in (1, 2)}
        missing = [n for n, o in known.items() if o.get("required") and n not in options and not partial]
        if missing or set(options) - set(known):
            raise AssertionError(f"{where}: missing required {missing} / unknown {sorted(set(options) - set(known))};"
                                 f" options are {[(n, o['type'], o.get('required', False)) for n, o in known.items()]}")
        out = []
        for name, value in options.items():
            otype = known[name]["type"]
            if otype in (6, 7, 8, 9):  # user, channel, role, mentionable: ids plus "resolved" objects
                obj = value
                value = str(getattr(obj, "id", obj))
                if isinstance(obj, FakeUser):
                    resolved.setdefault("users", {})[value] = obj.payload()
                    if obj.member:
                        resolved.setdefault("members", {})[value] = {
                            k: v for k, v in obj.member_payload(with_permissions=True).items() if k != "user"}
                elif isinstance(obj, FakeChannel):
                    resolved.setdefault("channels", {})[value] = {**obj.payload(), "permissions": str(ALL_PERMS)}
                elif int(value) in self.world.roles:
                    resolved.setdefault("roles", {})[value] = self.world.roles[int(value)]
            elif partial:
                pass  # autocomplete: options hold what the user has typed so far
            elif otype == 4:
                value = int(value)
            elif otype == 10:
                value = float(value)
            elif otype == 5:
                value = bool(value)
            elif otype == 11:
                raise AssertionError(f"{where}: attachment options are not supported by the fake")
            choices = [c["value"] for c in known[name].get("choices") or []]
            if choices and value not in choices and not partial and not forged:
                raise AssertionError(f"{where}: {name}={value!r} is not one of the choices {choices}")
            out.append({"name": name, "type": otype, "value": value})
        return out

    async def slash(self, user: FakeUser, channel: FakeChannel | int, name: str, subcommand: str | None = None,
                    options: dict | None = None, *, timeout: float = 10.0, focused: str | None = None,
                    forged: bool = False) -> Interaction:
        """Run /name [group] [subcommand] with options, as built from the synced command tree.
        subcommand may be "sub" or "group sub". Returns once the bot answered and went quiet.
        With focused=option name it is an autocomplete request instead (see autocomplete()).
        forged=True lets an option carry a value outside its choices (a hand-made request)."""
        cmd, in_guild = self.app.command(name)
        spec, path = cmd, []
        for part in (subcommand or "").split():
            subs = {o["name"]: o for o in spec.get("options") or [] if o["type"] in (1, 2)}
            if part not in subs:
                raise AssertionError(f"/{name}: no subcommand {part!r}; have {sorted(subs)}")
            spec = subs[part]
            path.append(spec)
        if any(o["type"] in (1, 2) for o in spec.get("options") or []):
            raise AssertionError(f"/{name} {subcommand or ''}: a subcommand is required")
        resolved: dict = {}
        opts = self._build_options(spec, options or {}, resolved, f"/{name} {subcommand or ''}".strip(),
                                   partial=focused is not None, forged=forged)
        for opt in opts:
            if opt["name"] == focused:
                opt.update(focused=True, value=str(opt["value"]))
        for node in reversed(path):  # wrap leaf options in their subcommand / group layers
            opts = [{"name": node["name"], "type": node["type"], "options": opts}]
        data = {"id": str(cmd["id"]), "name": name, "type": 1, "options": opts}
        if resolved:
            data["resolved"] = resolved
        if in_guild:
            data["guild_id"] = str(self.world.guild_id)
        itype = 2 if focused is None else 4
        return await self.interact(itype, user, self.world.channel(channel), data, None, timeout)

    async def forge_command(self, user: FakeUser, channel: FakeChannel | int, data: dict, *,
                            timeout: float = 10.0) -> Interaction:
        """An application-command interaction with hand-made data (e.g. a command the bot never synced)."""
        channel = self.world.channel(channel)
        data = {"type": 1, "options": [], **data}
        if channel.guild_id:
            data.setdefault("guild_id", str(self.world.guild_id))
        return await self.interact(2, user, channel, data, None, timeout)

    async def autocomplete(self, user: FakeUser, channel: FakeChannel | int, name: str, subcommand: str | None,
                           options: dict, focused: str, *, timeout: float = 10.0) -> list[dict]:
        """The choices ([{"name", "value"}]) the bot offers while `focused` holds options[focused] (typed text)."""
        rec = await self.slash(user, channel, name, subcommand, options, timeout=timeout, focused=focused)
        return rec.choices or []

    # ---------------------------------------------------------------- components
    def _component_target(self, user: FakeUser, message: dict | int, custom_id: str | dict,
                          ctype: int, force: bool) -> tuple[dict, dict]:
        msg = self.store.current(message)
        cid = custom_id["custom_id"] if isinstance(custom_id, dict) else custom_id
        mid = int(msg["id"])
        owner = self.store.ephemeral_owner.get(mid)
        if owner is not None and owner != user.id and not force:
            raise AssertionError(f"{user.name} cannot see ephemeral message {mid}")
        channel = self.world.channels[int(msg["channel_id"])]
        if channel.type == 1 and channel.recipient is not user and not force:
            raise AssertionError(f"{user.name} cannot click in {channel.recipient.name}'s DM")
        comp = next((c for c in iter_components(msg["components"]) if c.get("custom_id") == cid), None)
        if not force:
            if comp is None:
                raise AssertionError(f"message {mid} has no component {cid!r}; it has "
                                     f"{[c.get('custom_id') for c in iter_components(msg['components'])]}")
            if comp["type"] != ctype or comp.get("disabled"):
                raise AssertionError(f"component {cid!r} is type {comp['type']} disabled={comp.get('disabled')}")
        return msg, comp or {"custom_id": cid, "type": ctype}

    async def click(self, user: FakeUser, message: dict | int, custom_id: str | dict, *,
                    force: bool = False, timeout: float = 10.0, settle: bool = True) -> Interaction:
        """Press a button (custom_id or the component dict) on a guild, DM or ephemeral message."""
        msg, comp = self._component_target(user, message, custom_id, 2, force)
        data = {"custom_id": comp["custom_id"], "component_type": 2, "id": comp.get("id")}
        return await self.interact(3, user, self.world.channels[int(msg["channel_id"])], data, msg, timeout, settle)

    async def select(self, user: FakeUser, message: dict | int, custom_id: str | dict, values: list[str], *,
                     force: bool = False, timeout: float = 10.0, settle: bool = True) -> Interaction:
        """Choose values in a string select."""
        msg, comp = self._component_target(user, message, custom_id, 3, force)
        allowed = [o["value"] for o in comp.get("options") or []]
        if not force and (set(values) - set(allowed) or not comp.get("min_values", 1) <= len(values)
                          <= comp.get("max_values", 1)):
            raise AssertionError(f"select {comp['custom_id']!r}: values {values} not allowed; options {allowed}, "
                                 f"min {comp.get('min_values', 1)} max {comp.get('max_values', 1)}")
        data = {"custom_id": comp["custom_id"], "component_type": 3, "values": list(values), "id": comp.get("id")}
        return await self.interact(3, user, self.world.channels[int(msg["channel_id"])], data, msg, timeout, settle)

    async def submit_modal(self, user: FakeUser, shown_by: Interaction, values: dict[str, str], *,
                           timeout: float = 10.0) -> Interaction:
        """Submit the modal the bot answered `shown_by` with (callback type 9); values by text input custom_id."""
        if shown_by.modal is None:
            raise AssertionError(f"interaction {shown_by.id} was not answered with a modal")

        def answer(comp: dict) -> dict:
            if comp.get("type") == 4:
                return {"type": 4, "custom_id": comp["custom_id"], "value": values.get(comp["custom_id"], "")}
            if comp.get("type") == 18:  # label wrapping one component
                return {"type": 18, "component": answer(comp["component"])}
            return {"type": comp.get("type"), "components": [answer(c) for c in comp.get("components") or []]}
        data = {"custom_id": shown_by.modal["custom_id"],
                "components": [answer(c) for c in shown_by.modal.get("components") or []]}
        msg = self.store.by_id.get(shown_by.message_id) if shown_by.message_id else None
        return await self.interact(5, user, self.world.channels[shown_by.channel_id], data, msg, timeout)

    async def say(self, user: FakeUser, channel: FakeChannel | int, content: str) -> dict:
        """A user posts a plain message (MESSAGE_CREATE)."""
        return await self.store.create(self.world.channel(channel), {"content": content}, author=user)
