"""Black Rose Wars' reaction windows on Discord (issue 33): an "ask me" Trap or Protection shows the table
its condition, so a window opens only where that condition is met, names its owner, and lasts as long as
they take; everywhere else the game goes on at once. So nobody is ever shown an empty reaction prompt
(not in their DM, not in My hand, not in the answer to their own click), nothing is held back from anyone,
and nobody but the owner asked can end a window."""
from __future__ import annotations

from engine.blackrose import GAME
from tests.engine.test_blackrose_reactions import _armed
from tests.engine.test_blackrose_rules import act, arm, ready, table as engine_table, turn
from tests.support.clock import Clock
from tests.support.components import action_components, text_of
from tests.support.driver import started_table

STEP_INTO_RED = {"type": "step", "to": "B2", "step": True}  # p1 walks into the red Summoner Room
EMPTY_PROMPT = ("nothing of yours can fire", "Nothing to trigger")


async def loaded_table(env, state):
    """A three-human Black Rose Wars table (Ann p1, Ben p2, Cat p3) playing `state`, on a hand-moved clock."""
    channel, members, table = await started_table(env, "blackrose", ("ann", "ben", "cat"))
    services, service = env.bot.services, env.bot.service
    clock = service.clock = Clock(service.clock())
    async with service.locked(table):
        table.state = GAME.load(state.to_json())
        table.touch()
        service._sync_timers(table)
        await services.changes.publish(table)
    await settle(env)
    return channel, members, table, clock


async def settle(env) -> None:
    await env.bot.services.publisher.settled()
    await env.settle()


async def ann_steps_into_red(env, table) -> None:
    service, services = env.bot.service, env.bot.services
    async with service.locked(table):
        outcome = await service.act(table, "p1", STEP_INTO_RED)
        await services.changes.publish(table, outcome)
    await settle(env)


def board_of(channel, table):
    return next(m for m in reversed(channel.history()) if m.id == table.board_message_id)


async def test_a_window_opens_where_the_condition_is_met_names_its_owner_and_ends_with_his_answer(simcord_env):
    env = simcord_env
    channel, members, table, clock = await loaded_table(env, _armed("blade_barrage", ask=True))
    ben, cat = members[1], members[2]
    await ann_steps_into_red(env, table)
    decision = table.frame().decision()
    assert decision["about"] == "reactions" and decision["seats"] == ["p2"] and "hold" not in decision
    assert "p2" in table.timers and "p3" not in table.timers
    assert "Waiting for ben to decide whether their armed spell fires" in text_of(board_of(channel, table))
    prompt = ben.user.dm_channel.last_message
    labels = [c.get("label") or "" for c in action_components(prompt)]
    assert any(label.startswith("Trigger Blade Barrage") for label in labels) and "Let it pass (it stays armed)" in labels
    # Cat is not asked: her My hand shows the window (public) and gives her nothing that could end it.
    mine = await cat.click(board_of(channel, table), label="My hand")
    assert mine.ephemeral and action_components(mine.response) == []
    assert not any(e in text_of(mine.response) for e in EMPTY_PROMPT)
    let_pass = next(c for c in action_components(prompt) if c.get("label") == "Let it pass (it stays armed)")
    mark = len(env.http_requests)
    await ben.user.click(prompt, custom_id=let_pass["custom_id"])
    await settle(env)
    assert table.frame().decision()["about"] != "reactions" and table.state.pos["p1"] == "B2"
    board_edits = [r for r in env.http_requests[mark:] if r.path.startswith(f"/channels/{channel.id}/")]
    assert board_edits, "the game goes on at once: nothing is held back, no clock has to run"


async def test_no_window_where_the_condition_is_not_met_and_my_hand_shows_no_empty_prompt(simcord_env):
    """Issue 33: Ben's "ask me" Trap (Profane Mark, grey and yellow) cannot fire in a red room. Ben was still
    held in a window there, and his My hand offered "Nothing to trigger: go on", which ended it early. Now
    no window opens: the step happens at once, and his My hand shows the game as it is, with no prompt."""
    env = simcord_env
    channel, members, table, clock = await loaded_table(env, _armed("profane_mark", ask=True))
    ben = members[1]
    await ann_steps_into_red(env, table)
    mine = await ben.click(board_of(channel, table), label="My hand")
    assert mine.ephemeral and not any(e in text_of(mine.response) for e in EMPTY_PROMPT)
    assert action_components(mine.response) == [] and "Reaction" not in text_of(mine.response)
    assert (table.frame().decision() or {}).get("about") != "reactions" and table.state.pos["p1"] == "B2"
    assert "p2" not in table.pending() and not env.bot.services.publisher.held_until(table)


def _ann_attacks_an_armoured_ben():
    """Ann (p1) holds an "ask me" Protection against spells (Ghost Assassin); Ben (p2) stands in her room
    with Obscure Armor armed by default, which hits an attacker back for 1 Damage."""
    st = engine_table()
    st.pos.update(p1="A2", p2="A2", p3="A4")
    ready(st, "p2", ("obscure_armor", "s"))
    ready(st, "p1", ("ghost_assassin", "s"))
    turn(st, "p2")
    act(st, "p2", type="cast", slot=0)
    arm(st, "p2")
    turn(st, "p1")
    act(st, "p1", type="cast", slot=0)
    arm(st, "p1", ask=True, mode="happy")
    return st


async def test_the_clickers_own_answer_never_shows_an_empty_reaction_prompt(simcord_env):
    """Issue 33: Ann's attack makes Ben's Obscure Armor hit her back. Her "ask me" Protection waits for spells,
    not Damage, yet the answer to her own click showed "Reaction window: nothing of yours can fire now" with
    "Nothing to trigger: go on". Now no window opens: her answer is her turn, going on."""
    env = simcord_env
    channel, members, table, clock = await loaded_table(env, _ann_attacks_an_armoured_ben())
    ann = members[0]
    prompt = ann.user.dm_channel.last_message
    attack = next(c for c in action_components(prompt) if c.get("label") == "Attack ben")
    result = await ann.user.click(prompt, custom_id=attack["custom_id"])
    await settle(env)
    answer = ann.user.dm_channel.last_message
    for said in (text_of(result.response) if result.response else "", text_of(answer)):
        assert not any(e in said for e in EMPTY_PROMPT) and "Reaction window" not in said
    assert table.state.dmg["p1"] == {"p2": 1}, "Ben's armour hit her back"
    assert (table.frame().decision() or {}).get("about") != "reactions" and "p1" in table.pending()
