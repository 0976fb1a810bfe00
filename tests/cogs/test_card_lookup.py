"""`/game card`: typing a name offers matching cards of every game (Discord's autocomplete, 25 at most), and
the chosen card comes in full, privately, in the reader's language (issue 22)."""
from __future__ import annotations

from tests.support.components import text_of


async def test_typing_offers_cards_and_the_pick_shows_the_whole_card_privately(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    offered = await ann.autocomplete(channel, "game card", "name", "fireb")
    assert offered and len(offered) <= 25 and all(len(c["name"]) <= 100 for c in offered)
    fireball = next(c for c in offered if c["name"].startswith("Fireball"))
    assert "Black Rose Wars" in fireball["name"]
    shown = await ann.slash(channel, "game card", name=fireball["value"])
    assert shown.ephemeral
    text = text_of(shown.response)
    assert "Fireball" in text and "damage" in text.lower()
    wrath = await ann.autocomplete(channel, "game card", "name", "wrath")
    assert any("The Deadlies" in c["name"] for c in wrath), "every game's cards are offered"
    typed = await ann.slash(channel, "game card", name="Wrath 3")  # typed, not picked: the best match
    assert typed.ephemeral and "Wrath" in text_of(typed.response)
    unknown = await ann.slash(channel, "game card", name="zzzz-no-such-card")
    assert unknown.ephemeral and "no card called" in text_of(unknown.response)


async def test_the_card_reads_in_the_members_language(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    await ann.slash(channel, "game language", language="de")
    offered = await ann.autocomplete(channel, "game card", "name", "zorn")
    assert offered, "German names are searched for a German reader"
    shown = await ann.slash(channel, "game card", name=offered[0]["value"])
    assert "Zorn" in text_of(shown.response)
