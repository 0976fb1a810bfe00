"""Black Rose Wars' multi-step bundles on simulated Discord: discarding a ready spell to move ("Discard
Fireball, go to A3 Cemetery") and a spell with its target ("Cast Meteor Swarm at B3 Forge") are one button
each; the host applies both steps, stores them one by one as the engine took them, and the game is where
the two separate clicks would have taken it. A turn of more than 20 short choices is one grid of buttons
that Discord accepts (simcord checks every message against Discord's limits)."""
from __future__ import annotations

import random

import pytest

from bot import render
from cogs.blackrose import BUTTONS
from cogs.table.games import policy
from engine.blackrose import GAME
from engine.blackrose import bot as brw_bot
from present import fmt
from present.base import offered_bundles, prompt_labels
from present.blackrose.presenter import PRESENTER
from tests.support.components import action_components, text_of
from tests.support.driver import started_table
from tests.cogs.test_bundles import bundle_buttons, choose, hand_dm

BRW = policy("blackrose")


def _state_where(wanted):
    """A seeded 3-seat game at a seat's prompt that `wanted(view, legal)` picks."""
    for seed in range(40):
        st = GAME.new(["p1", "p2", "p3"], seed, None)
        rng = random.Random(seed)
        while not st.over:
            pend = st.pending()
            for seat, legal in pend.items():
                if wanted(st.view(seat), legal):
                    return st, seat
            seat = sorted(pend)[0]
            st.act(seat, brw_bot.bot_choice(st.view(seat), pend[seat], rng))
    raise AssertionError("no such prompt in 40 games")


async def _at_prompt(env, wanted):
    """A 3-human table on simcord loaded at a prompt `wanted` picks, published: (table, the state loaded,
    the seat, its member, its hand DM)."""
    channel, members, table = await started_table(env, "blackrose", ("ann", "ben", "cat"))
    state, seat = _state_where(wanted)
    table.state = GAME.load(state.to_json())
    table.touch()
    async with table.lock:
        env.bot.services.publisher.publish(table)
    await env.bot.services.publisher.settled(table)
    await env.settle()
    member = next(m for m in members if m.id == table.seat(seat).user_id)
    return table, state, seat, member, hand_dm(table, member)


async def _click_as_the_steps(env, table, state, seat, member, dm, button, bundle) -> None:
    """Click the bundle's button: accepted, its steps stored one by one as the engine took them with the
    click's id once, and the game where the separate clicks would have taken it."""
    separately = GAME.load(state.to_json())
    for step in bundle.steps:
        separately.act(seat, step)
    version = table.version
    result = await choose(member.user, dm, button)
    assert not result.ephemeral, text_of(result.response)
    rows = (await env.bot.service.store.actions(table.id))[version:]
    mine = [r for r in rows if r["seat"] == seat]
    assert [r["action"] for r in mine] == list(bundle.steps), "stored as the engine took them"
    assert sum(1 for r in mine if r["interaction_id"]) == 1, "one click, recorded once"
    assert len(rows) == len(bundle.steps) and table.state.to_json() == separately.to_json(), "where the clicks lead"


def _dmove(view, legal) -> bool:
    """Which spell to discard to move, with rooms to choose from."""
    return len(legal) > 1 and all(a["type"] == "discard_spell" for a in legal)


def _offered(view, legal):
    """The bundles as the Black Rose Wars cog offers them (its phone budget: cogs/blackrose.py)."""
    with fmt.fitting(BRW.budget):
        return offered_bundles(PRESENTER, view, legal)


def _big_turn(view, legal) -> bool:
    """A turn offering a spell with its targets, all buttons."""
    found = _offered(view, legal)
    if not found or not any(b.steps[-1]["type"] == "target" for b in found[0]):
        return False
    with fmt.fitting(BRW.budget):
        labels = prompt_labels(PRESENTER, view, legal, {})
    return render.all_buttons([b.label for b in found[0]], [labels[i] for i in found[1]], BRW.budget)


@pytest.mark.parametrize("wanted, first", [(_dmove, "Discard "), (_big_turn, "")])
async def test_a_two_step_bundle_is_one_click_stored_step_by_step(simcord_env, wanted, first):
    env = simcord_env
    table, state, seat, member, dm = await _at_prompt(env, wanted)
    offered = render.choices(table, seat, policy=BRW)
    go = [(n, b) for n, b in enumerate(offered.bundles or ()) if len(b.steps) == 2 and b.steps[0]["type"] != "step"]
    assert go, text_of(dm)
    n, bundle = go[-1]
    button = next(b for b in bundle_buttons(dm) if b["custom_id"].endswith(f":{n}") or b["value"] == str(n))
    assert button["label"] == bundle.label and len(button["label"]) <= fmt.PHONE_OPTION
    assert (button["value"] is None) == (len(offered.bundles) <= BUTTONS), "buttons, or past BUTTONS a menu"
    assert button["label"].startswith(first)
    where = bundle.steps[1].get("to") or bundle.steps[1].get("room")
    assert where is None or where in button["label"], "names the room it goes to or aims at"
    if wanted is _big_turn:
        assert 2 <= len([c for c in action_components(dm) if c["type"] == 2]) <= BRW.budget.grid, "all buttons"
    await _click_as_the_steps(env, table, state, seat, member, dm, button, bundle)


def _move_attack(view, legal) -> bool:
    """A spell's move of one room, with an attack there on offer."""
    found = _offered(view, legal)
    return bool(found) and any(b.steps[-1]["type"] == "attack" for b in found[0])


def _last_two(view, legal) -> bool:
    """Two spells readied, two left in hand."""
    found = _offered(view, legal)
    return bool(found) and any(b.steps[-1]["type"] == "ready" and len(b.steps) == 2 for b in found[0])


def _then_confirm(view, legal) -> bool:
    """Two spells readied: a third, then confirm."""
    found = _offered(view, legal)
    return bool(found) and any(b.steps[-1]["type"] == "confirm" and len(b.steps) == 2 for b in found[0])


def _forgotten(view, legal) -> bool:
    """The Black Rose Room's first discard."""
    found = _offered(view, legal)
    return bool(found) and any(b.steps[-1]["type"] == "pick" and len(b.steps) > 2 for b in found[0])


@pytest.mark.parametrize("wanted, last, first", [(_move_attack, "attack", "Move to "), (_last_two, "ready", ""),
                                                 (_then_confirm, "confirm", ""), (_forgotten, "pick", "")])
async def test_a_new_bundle_is_one_click_stored_step_by_step(simcord_env, wanted, last, first):
    """A spell's move and attack, the last ready spells, the Black Rose Room's discards: one button, the
    engine's steps stored one by one, and the game where the separate clicks would have taken it."""
    env = simcord_env
    table, state, seat, member, dm = await _at_prompt(env, wanted)
    offered = render.choices(table, seat, policy=BRW)
    n, bundle = [(n, b) for n, b in enumerate(offered.bundles or ()) if b.steps[-1]["type"] == last
                 and len(b.steps) > 1][-1]
    button = next(b for b in bundle_buttons(dm) if b["custom_id"].endswith(f":{n}") or b["value"] == str(n))
    assert button["label"] == bundle.label and button["label"].startswith(first), text_of(dm)
    assert button["value"] is None, "a button, not a menu"
    await _click_as_the_steps(env, table, state, seat, member, dm, button, bundle)
