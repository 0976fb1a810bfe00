"""What the bot tells Discord about its slash commands: today's fields, set on the top-level command.

Discord reads `contexts` and `integration_types` from top-level commands only (marks on subcommands never
reach it), so /game must carry them itself: offered in servers only, installed to servers only. The
deprecated `dm_permission` (interactions/application-commands: "Deprecated (use contexts instead)") is
always sent by discord.py 2.7.1 (`Group.to_dict`), with no setting to leave it out; it must at least
agree with `contexts`. `default_permission` (to be deprecated) is never sent.
"""
GUILD = 0        # InteractionContextType GUILD
GUILD_INSTALL = 0  # ApplicationIntegrationType GUILD_INSTALL


def synced_commands(requests) -> list[dict]:
    """The commands of the last bulk overwrite (PUT …/commands) among (method, path, body) requests."""
    puts = [body for method, path, body in requests if method == "PUT" and path.rstrip("/").endswith("/commands")]
    assert puts, "the bot never synced its commands"
    return puts[-1]


def assert_server_only(commands: list[dict]) -> None:
    assert commands, "no commands synced"
    for command in commands:
        name = command["name"]
        assert command.get("contexts") == [GUILD], f"/{name} contexts: {command.get('contexts')}"
        assert command.get("integration_types") == [GUILD_INSTALL], f"/{name}: {command.get('integration_types')}"
        assert command.get("dm_permission", False) is False, f"/{name} dm_permission contradicts contexts"
        assert "default_permission" not in command, f"/{name} sends the deprecated default_permission"


async def test_game_is_offered_in_servers_only(simcord_env):
    requests = [(e.method, e.path, e.json) for e in simcord_env.backend.http_requests]
    commands = synced_commands(requests)
    assert [c["name"] for c in commands] == ["game"], "/game is the one top-level command"
    assert_server_only(commands)
    subcommands = commands[0]["options"]
    assert all("contexts" not in s and "dm_permission" not in s for s in subcommands), \
        "subcommands carry no context marks (Discord ignores them there)"


def _with_options(items: list[dict], path: str = ""):
    """Every command, subcommand and option of the payload, with its path ("game notify setting")."""
    for item in items:
        where = f"{path} {item['name']}".strip()
        yield where, item
        yield from _with_options(item.get("options") or [], where)


async def test_every_command_and_option_is_described_in_every_language(simcord_env):
    """Issue 32: `/game notify` and `/game autoplay`'s `setting` had no description in de, es-ES or pt-BR."""
    requests = [(e.method, e.path, e.json) for e in simcord_env.backend.http_requests]
    missing = []
    for where, item in _with_options(synced_commands(requests)):
        for locale in ("de", "es-ES", "pt-BR"):
            described = (item.get("description_localizations") or {}).get(locale)
            if not described or described == item.get("description"):
                missing.append(f"{where} [{locale}]")
    assert not missing, "without a description in its reader's language: " + ", ".join(missing)
