"""The lobby speaks the server's language from its very first message (issue 32, "Languages"): a server
whose Discord language is German, Spanish or Brazilian Portuguese, with no `/game config language`, sees
its lobby's text, option names and values, and button labels in that language."""
from __future__ import annotations

import re

import pytest

from tests.support.components import components_of, text_of

# English words of today's English lobby that none of the three languages shares
ENGLISH = {"press", "join", "leave", "add", "start", "seat", "host", "presses", "when", "ready", "length",
           "short", "options", "players", "needs", "turn", "timer", "new", "table", "theme", "off",
           "on", "the", "take", "day"}


def lobby_words(message) -> set[str]:
    labels = []
    for comp in components_of(message):
        labels += [comp.get("label") or "", comp.get("placeholder") or ""]
        labels += [o["label"] for o in comp.get("options", [])]
    return {w.lower() for w in re.findall(r"[^\W\d_]+", " ".join([text_of(message), *labels]))}


@pytest.mark.parametrize("locale", ["de", "es-ES", "pt-BR"])
@pytest.mark.parametrize("game", ["raven", "blackrose"])
async def test_the_first_lobby_in_a_server_reads_in_the_servers_language(simcord_env, locale, game):
    env = simcord_env
    guild = env.create_guild(preferred_locale=locale)
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    await ann.slash(channel, "game new", game=game)
    english = lobby_words(channel.last_message) & ENGLISH - {"raven"}
    assert not english, f"the {locale} server's lobby reads English: {sorted(english)}\n{text_of(channel.last_message)}"
