"""Bad input on a Black Rose Wars prompt: a select answered with a value its menu did not offer (one past
the last option, or a legal action the one-click bundles stand in for, as a forged or tampered interaction
sends) is refused privately and changes nothing; the values it did offer still work."""
from __future__ import annotations

from simcord import actors as simcord_actors

from tests.cogs.test_blackrose_bundles_discord import _at_prompt
from tests.support.components import components_of, text_of


def _keeping(view, legal) -> bool:
    """The Study's keep: the raw keep actions stand behind one-click bundles, the rest in a menu."""
    return sum(a["type"] == "study_keep" for a in legal) >= 12


async def forged_select(user, message, custom_id: str, values: list[str]):
    """A select interaction as a tampered client sends it: simcord's own select() checks the values against
    the menu's options (as Discord's client does), so this sends the payload directly."""
    stored = simcord_actors._visible_message(user, message)
    return await simcord_actors._component_interaction(user, stored, {"custom_id": custom_id, "component_type": 3,
                                                                      "values": values})


def _selects(message) -> list[dict]:
    return [c for c in components_of(message) if c["type"] == 3 and (c.get("custom_id") or "").startswith("rk:s:")]


async def test_a_value_the_menu_did_not_offer_is_refused_privately_and_changes_nothing(simcord_env):
    env = simcord_env
    table, _, seat, member, dm = await _at_prompt(env, _keeping)
    menus = _selects(dm)
    assert menus, "the Study's keep offers a menu"
    legal = table.pending()[seat]
    menu = menus[0]
    offered = [int(o["value"]) for o in menu["options"]]
    hidden = [i for i in range(len(legal)) if i not in offered]
    assert hidden, "some keeps are legal actions the menu does not list (the bundles stand in for them)"
    for forged in [max(offered) + 1, *hidden]:
        before, version = table.state.to_json(), table.version
        result = await forged_select(member.user, dm, menu["custom_id"], [str(forged)])
        assert table.state.to_json() == before and table.version == version, f"value {forged} changed the game"
        assert result.ephemeral, "the refusal is private"
        assert "isn't one this menu offered" in text_of(result.response)
    # an offered value is still taken
    result = await member.user.select(dm, [str(offered[0])], custom_id=menu["custom_id"])
    assert table.version > version
