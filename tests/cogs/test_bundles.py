"""Fewer clicks (issue 12 §2): a choice of several cards is one click. The presenter composes the engine's
steps into bundles (a Nevermore pass with its confirm, a Deadlies play with its top card); the host offers
each as one button, applies its steps together or not at all, and stores them one by one as the engine
took them. A stale bundle changes nothing and gets a private answer (forged ones:
tests/e2e/test_forged_payloads.py)."""
from tests.support.components import components_of, text_of
from tests.support.driver import Driver, started_table

NAMES = ("ann", "ben", "cat")


def bundle_buttons(message) -> list[dict]:
    """The bundles a message offers, as buttons or as the options of one menu (more than 20 of them):
    [{custom_id, label, value (None for a button)}]."""
    out = []
    for c in components_of(message):
        if (c.get("custom_id") or "").startswith("rk:b:"):
            options = [(c["label"], None)] if c["type"] == 2 else [(o["label"], o["value"]) for o in c["options"]]
            out += [{"custom_id": c["custom_id"], "label": label, "value": value} for label, value in options]
    return out


async def choose(user, message, bundle):
    if bundle["value"] is None:
        return await user.click(message, custom_id=bundle["custom_id"])
    return await user.select(message, [bundle["value"]], custom_id=bundle["custom_id"])


def board_of(channel, table):
    return next(m for m in channel.history() if m.id == table.board_message_id)


def member_of(table, members, seat_id):
    return next(m for m in members if m.id == table.seat(seat_id).user_id)


async def until_bundles(env, channel, members, table):
    """Play on (random clicks) until a seat's hand message offers bundles: (seat id, member, that DM).
    The table's seed is random, so the game may open with something else (a Magick window, a Greed)."""
    driver = Driver(env, channel, {m.id: m for m in members}, seed=1)
    for _ in range(200):
        await env.bot.services.publisher.settled()  # every hand message shows the current prompt
        for seat_id in sorted(table.pending()):
            member = member_of(table, members, seat_id)
            dm = hand_dm(table, member)
            if dm is not None and bundle_buttons(dm):
                return seat_id, member, dm
        await driver.step()
    raise AssertionError("no prompt with bundles in 200 moves")


def hand_dm(table, member):
    """The member's hand message (the DM the host keeps editing), not a ping that came after it."""
    seat = table.seat_of(member.id)
    return next((m for m in reversed(member.user.dm_channel.history()) if m.id == seat.dm_message_id), None)


async def test_a_nevermore_pass_is_one_click_stored_step_by_step(simcord_env):
    env = simcord_env
    channel, members, table = await started_table(env, "nevermore", NAMES)
    service = env.bot.service
    seat_id, member, dm = await until_bundles(env, channel, members, table)
    buttons = bundle_buttons(dm)
    count = table.state.view(seat_id)["prompt"]["count"]
    assert 1 <= len(buttons) <= 10, "every different set of suits, once"
    assert not any(c["label"].startswith("Pass a") for c in components_of(dm)), "no card-by-card picks"
    hand = table.state.view(seat_id)["hand"]
    version = table.version
    copy = await member.click(board_of(channel, table), label="My hand")
    copy_buttons = bundle_buttons(copy.response)
    assert [c["label"] for c in copy_buttons] == [c["label"] for c in buttons], "My hand offers the same"

    result = await choose(member.user, dm, buttons[0])
    assert not result.ephemeral
    assert seat_id not in table.pending(), "the pass is made and confirmed"
    rows = (await service.store.actions(table.id))[version:]
    mine = [r for r in rows if r["seat"] == seat_id]
    assert [r["action"]["type"] for r in mine] == ["pick"] * count + ["confirm"]
    assert sum(1 for r in mine if r["interaction_id"]) == 1, "one click, recorded once"
    assert all(r["source"] == "player" for r in mine)
    assert len(table.state.view(seat_id)["hand"]) == len(hand)  # nothing passed yet: the others still choose

    # The same pass again from the older copy: already made, privately, and nothing changes.
    before = table.state.to_json()
    again = await choose(member, copy.response, copy_buttons[-1])
    assert again.ephemeral and "already made" in text_of(again.response)
    assert table.state.to_json() == before and table.version == version + count + 1


async def test_a_deadlies_play_is_one_click_with_its_top_card(simcord_env):
    env = simcord_env
    channel, members, table = await started_table(env, "deadlies", NAMES)
    service = env.bot.service
    seat_id, member, dm = await until_bundles(env, channel, members, table)
    buttons = bundle_buttons(dm)
    assert buttons, "the build prompt offers whole plays"
    hand = list(table.state.view(seat_id)["hand"])
    already = list(table.state.view(seat_id).get("picked") or [])  # picked one at a time before (a big hand)
    # Prefer a play of several cards (a set shows which card goes on top), else any.
    chosen = next((b for b in buttons if " on top of " in b["label"] or "straight" in b["label"]), buttons[0])
    version = table.version
    result = await choose(member.user, dm, chosen)
    assert not result.ephemeral
    rows = [r for r in (await service.store.actions(table.id))[version:] if r["seat"] == seat_id]
    kinds = [r["action"]["type"] for r in rows]
    picks = [r["action"]["card"] for r in rows if r["action"]["type"] == "pick"]
    assert kinds[:len(picks)] == ["pick"] * len(picks) and kinds[len(picks)] == "play"
    played = already + picks
    assert played and set(played) <= set(hand)
    assert not set(played) & set(table.state.hands[seat_id]), "the played cards left the hand"
    if " on top of " in chosen["label"]:
        assert kinds[len(picks) + 1] == "top", "the card on top was part of the same click"
    assert sum(1 for r in rows if r["interaction_id"]) == 1
