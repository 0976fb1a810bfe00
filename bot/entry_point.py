"""Syncing the global application commands without removing Discord's Entry Point command.

An application with Activities turned on has an Entry Point command (type 4 PRIMARY_ENTRY_POINT, handler 2
DISCORD_LAUNCH_ACTIVITY, usually named "launch") that Discord made, not the bot. A bulk overwrite of the
global commands (PUT /applications/{id}/commands) that leaves it out is refused as a whole (400, code
50240: "You cannot remove this app's Entry Point command in a bulk update operation"), so none of our
commands would be synced. discord.py 2.7 has no type for it, and `tree.sync()` sends only the tree's own.

So the payload is built here as `tree.sync()` builds it (translated, since the Host sets a translator), and
every Entry Point the application has is sent back beside ours, as Discord gave it, less the fields a
command only has in Discord's answers. It keeps its id, so Discord updates it in place (nothing changes).
This runs whether or not ROOKERY_ACTIVITY is set: turning Activities on in the Developer Portal is enough
to make the Entry Point, and the bot must still start then.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from discord import app_commands
from discord.http import HTTPClient

PRIMARY_ENTRY_POINT = 4
# In Discord's answer (ApplicationCommandResponse) but not in a request (ApplicationCommandUpdateRequest).
ANSWER_ONLY = ("application_id", "version", "guild_id", "name_localized", "description_localized")


def as_request(command: Mapping[str, Any]) -> dict[str, Any]:
    """A command as Discord listed it, made fit to send back in a bulk overwrite."""
    sent = {k: v for k, v in command.items() if k not in ANSWER_ONLY}
    permissions = sent.get("default_member_permissions")
    if isinstance(permissions, str):  # answered as a string of digits; a request takes the integer
        sent["default_member_permissions"] = int(permissions) if permissions.isdigit() else None
    return sent


def entry_points(commands: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The application's Entry Point commands among its global commands, ready to send back."""
    return [as_request(c) for c in commands if c.get("type") == PRIMARY_ENTRY_POINT]


async def our_payload(tree: app_commands.CommandTree) -> list[dict[str, Any]]:
    """The tree's global commands, as `tree.sync()` would send them."""
    commands = tree.get_commands()
    translator = tree.translator
    if translator is not None:
        return [await command.get_translated_payload(tree, translator) for command in commands]
    return [command.to_dict(tree) for command in commands]


async def sync_global(tree: app_commands.CommandTree, http: HTTPClient, application_id: int) -> list[Any]:
    """Overwrite the global commands with the tree's, keeping any Entry Point; returns what Discord answers."""
    payload = await our_payload(tree)
    kept = entry_points(await http.get_global_commands(application_id))
    return await http.bulk_upsert_global_commands(application_id, payload=payload + kept)
