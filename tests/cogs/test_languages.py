"""Every player in their own language, through the real Discord side (issue 23): whole games on simcord.

- The pseudo-locale (accented, 40% longer, in ⟦brackets⟧): every word of every message, button, menu and log
  line the bot sends during a whole game of each game must come through the catalog. An English word that
  reaches a member names the string that bypassed it.
- Mixed locales: the board speaks the server's language, each DM and private answer its reader's, in one game.
"""
from __future__ import annotations

import json

import pytest

from bot.storage.base import GuildConfig
from engine import GAMES
from tests.engine.registry import shipped
from present.i18n import reading, trl
from tests.present.leaks import leaks
from tests.support.components import text_of
from tests.support.driver import Driver

# game -> (humans, settings): the smallest whole game that still shows every kind of message. Every shipped
# game is walked (the registry's, so a new game is not left out); these are the games' own overrides of the
# default, its fewest players with no settings. A test's own game has no catalog entries: it is left out.
_SMALLEST = {"raven": (2, "length=short"), "everrain": (2, None)}
WHOLE = {key: _SMALLEST.get(key, (GAMES[key].min_players, None))
         for key in shipped()}
NAMES = ("ann", "ben", "cat")


def sent_texts(env, since: int = 0) -> list[str]:
    """Every string a member can read in what the bot sent: message content, text displays, labels, menu
    placeholders and options, embed texts — in messages, edits, answers and follow-ups."""
    out: list[str] = []

    def walk(value, key=None):
        if isinstance(value, dict):
            for k, v in value.items():
                if k in ("content", "label", "placeholder", "description", "title", "text", "name", "value") \
                        and isinstance(v, str) and k != "custom_id":
                    if not (k == "value" and "components" not in value and "label" in value):  # option values
                        out.append(v)
                elif isinstance(v, (dict, list)):
                    walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)

    for request in env.http_requests[since:]:
        if request.method in ("POST", "PATCH") and isinstance(request.json, dict) and (
                "/messages" in request.path or request.path.endswith("/callback") or "/webhooks/" in request.path):
            body = request.json.get("data", request.json) if request.path.endswith("/callback") else request.json
            walk({k: v for k, v in body.items() if k not in ("allowed_mentions", "attachments")})
    return out


async def seat_members(env, game: str, humans: int, settings: str | None, member_langs: list[str],
                       server_lang: str):
    guild = env.create_guild()
    channel = guild.create_text_channel(game)
    members = [guild.add_member(env.create_user(n)) for n in NAMES[:humans]]
    services = env.bot.services
    await env.bot.store.save_guild_config(GuildConfig(guild.id, language=server_lang))
    services.settings.guild_changed(guild.id)
    for member, code in zip(members, member_langs):
        await services.settings.set_language(member.id, code)
    options = {"settings": settings} if settings else {}
    await members[0].slash(channel, "game new", game=game, **options)
    for m in members[1:]:
        await m.click(channel.last_message, custom_id=join_id(channel.last_message))
    if len(members) < GAMES[game].min_players:
        for _ in range(GAMES[game].min_players - len(members)):
            await members[0].click(channel.last_message, custom_id=lobby_id(channel.last_message, "bot"))
    await members[0].click(channel.last_message, custom_id=lobby_id(channel.last_message, "start"))
    return guild, channel, members, env.bot.service.in_channel(channel.id)


def lobby_id(message, verb: str) -> str:
    """A lobby button by its verb (its label is in the server's language)."""
    from tests.support.components import components_of
    return next(c["custom_id"] for c in components_of(message) if c["custom_id"].endswith(f":{verb}"))


def join_id(message) -> str:
    return lobby_id(message, "join")


async def play_whole(env, channel, members, table, seed: int = 3) -> None:
    driver = Driver(env, channel, {m.id: m for m in members}, seed=seed)
    for _ in range(3000):
        await env.bot.services.timers.play_forced(env.bot.service.clock() + 60)
        await env.settle()
        table = driver.table()
        if table is None or table.status != "active":
            return
        if any(not table.seat(s).is_bot for s in table.pending()):
            await driver.step()
    raise AssertionError("the game did not finish")


@pytest.mark.parametrize("game", WHOLE)
async def test_a_whole_game_in_the_pseudo_locale_reads_nothing_that_skipped_the_catalog(simcord_env, game):
    env = simcord_env
    humans, settings = WHOLE[game]
    guild, channel, members, table = await seat_members(env, game, humans, settings, ["en-XA"] * humans, "en-XA")
    await play_whole(env, channel, members, table)
    await env.bot.services.publisher.settled()
    assert table.status == "over"
    texts = sent_texts(env)
    # Player names (also as pseudo-possessives, "ann'š"), game titles, the server's and channel's names.
    allowed = [*NAMES, *(f"{n}'š" for n in NAMES), *(g.title for g in GAMES.values()), "Bot", "Test Guild",
               game, "games", "rookery", "full-text.txt",
               "A", "B", "X",  # the Lodge's room labels (A1, B12, X) are printed as they are
               "game", "card"]  # /game card: command names stay English in the pseudo-locale (i18n.command_word)
    found = leaks(texts, allowed)
    where = {word: next(t for t in texts if word in t) for word in found[:8]}
    assert not found, "English reached a member in the pseudo-locale:\n" + json.dumps(where, ensure_ascii=False,
                                                                                        indent=1)
    assert len(texts) > 50


def marker(code: str) -> str:
    """The start of the hand's header in a language ("🃏 your seat: ", "🃏 dein Platz: " …)."""
    with reading(code):
        runs = trl("🃏 your seat: {name}", name="")
    return "".join(r if isinstance(r, str) else r.text for r in runs).strip()


@pytest.mark.parametrize("server", ["de", "es-ES", "pt-BR", "en"])
async def test_each_reader_reads_their_own_language_in_one_game(simcord_env, server):
    env = simcord_env
    readers = {"de": ["de", "pt-BR", "en"], "es-ES": ["es-ES", "de", "pt-BR"], "pt-BR": ["pt-BR", "en", "es-ES"],
               "en": ["en", "es-ES", "de"]}[server]
    guild, channel, members, table = await seat_members(env, "deadlies", 3, None, readers, server)
    await play_whole(env, channel, members, table, seed=server.__hash__() % 7)
    await env.bot.services.publisher.settled()
    assert len({marker(c) for c in ("de", "es-ES", "pt-BR", "en")}) == 4, "each language has its own words"
    for member, code in zip(members, readers):
        dms = [text_of(m) for m in member.user.dm_channel.history()]
        assert dms and all(marker(code) in t for t in dms if "🃏" in t), f"{member.user.name} reads {code}"
        others = {marker(c) for c in ("de", "es-ES", "pt-BR", "en") if c != code}
        assert not any(m in t for t in dms for m in others), f"no other language in {member.user.name}'s DMs"
    board = next(m for m in channel.history() if m.id == table.board_message_id)
    with reading(server):
        title = GAMES["deadlies"].title
    assert title in text_of(board)


async def test_after_forget_the_servers_locale_is_stored_again(tmp_path):
    """/game forget deletes the server's stored config, its Discord locale included; the next interaction
    from that server tells it again (kept in memory; after a restart the gateway's cache has it), so its
    boards do not fall back to English."""
    from types import SimpleNamespace

    from bot.records import HistoryService
    from bot.storage import Storage
    from cogs.table.settings import MemberSettings

    store = await Storage.open(str(tmp_path / "forget.sqlite3"))
    try:
        settings = MemberSettings(store)
        seen = SimpleNamespace(user=SimpleNamespace(id=7), locale="de", guild_id=99, guild_locale="de")
        await settings.seen(seen)
        assert await settings.guild_lang(99) == "de"
        await HistoryService(store).forget_guild(99)
        settings.forget(99)
        assert await settings.guild_lang(99) == "en"
        await settings.seen(seen)
        assert await settings.guild_lang(99) == "de", "told again by the next interaction"
    finally:
        await store.close()
