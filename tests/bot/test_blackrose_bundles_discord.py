"""Black Rose Wars' multi-step bundles on simulated Discord: discarding a ready spell to move ("Discard
Fireball, go to A3 Cemetery") is one button; the host applies both steps, stores them one by one as the
engine took them, and the game is where the two separate clicks would have taken it."""
from __future__ import annotations

import random

from bot import render
from engine.blackrose import GAME
from engine.blackrose import bot as brw_bot
from tests.bot.driver import started_table, text_of
from tests.bot.test_bundles import bundle_buttons, choose, hand_dm


def _dmove_state():
    """A seeded 3-seat game at a seat's "which spell do you discard to move?" with rooms to choose from."""
    for seed in range(40):
        st = GAME.new(["p1", "p2", "p3"], seed, None)
        rng = random.Random(seed)
        while not st.over:
            pend = st.pending()
            for seat, legal in pend.items():
                if len(legal) > 1 and all(a["type"] == "discard_spell" for a in legal):
                    return st, seat
            seat = sorted(pend)[0]
            st.act(seat, brw_bot.choose(st.view(seat), pend[seat], rng))
    raise AssertionError("no discard-to-move prompt in 40 games")


async def test_discarding_a_spell_to_move_is_one_click_stored_step_by_step(simcord_env):
    env = simcord_env
    channel, members, table = await started_table(env, "blackrose", ("ann", "ben", "cat"))
    state, seat = _dmove_state()
    table.state = GAME.load(state.to_json())
    table.touch()
    async with table.lock:
        env.bot.host.publisher.publish(table)
    await env.bot.host.settled(table)
    await env.settle()
    member = next(m for m in members if m.id == table.seat(seat).user_id)
    dm = hand_dm(table, member)
    offered = render.choices(table, seat)
    go = [(n, b) for n, b in enumerate(offered.bundles or ()) if len(b.steps) == 2]
    assert go, text_of(dm)
    n, bundle = go[-1]
    button = next(b for b in bundle_buttons(dm) if b["custom_id"].endswith(f":{n}") or b["value"] == str(n))
    assert button["label"] == bundle.label and len(button["label"]) <= render.BUTTON_LABEL_MAX
    assert button["label"].startswith("Discard ") and bundle.steps[1]["to"] in button["label"]
    separately = GAME.load(state.to_json())
    for step in bundle.steps:
        separately.act(seat, step)
    version = table.version
    result = await choose(member.user, dm, button)
    assert not result.ephemeral, text_of(result.response)
    rows = (await env.bot.service.store.actions(table.id))[version:]
    mine = [r for r in rows if r["seat"] == seat][:2]
    assert [r["action"] for r in mine] == list(bundle.steps), "stored as the engine took them"
    assert sum(1 for r in mine if r["interaction_id"]) == 1, "one click, recorded once"
    assert len(rows) == 2 and table.state.to_json() == separately.to_json(), "where the two clicks lead"
