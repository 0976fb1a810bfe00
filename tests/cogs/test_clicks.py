"""Fewer clicks (issue 12 §2): a forced move plays itself after a short pause (only where the public may see
it made), and a prompt with more than 100 choices is paged with "More…" instead of dropping the rest."""
from tests.support.components import action_components, components_of, text_of, walk
from tests.support.driver import started_table
from tests.cogs.test_pings import table_of
from tests.cogs.test_toy_flow import dm_last
from tests.support.toygame import ToyState


async def test_a_forced_move_plays_itself_after_the_pause_and_not_before(simcord_env):
    env = simcord_env
    channel, members, table = await started_table(env, "raven")
    services, service = env.bot.services, env.bot.service
    (dealer, legal), = table.pending().items()
    assert legal == [{"type": "deal"}]             # the first hand's deal: nothing to decide, nothing hidden
    now = service.clock()
    assert await services.timers.play_forced(now) == 0 and table.version == 0, "the table gets time to read first"
    assert await services.timers.play_forced(now + services.schedule.forced_delay + 0.1) == 1
    await services.publisher.settled()
    await env.settle()
    assert table.version == 1
    rows = await service.store.actions(table.id)
    assert rows[0]["seat"] == dealer and rows[0]["action"] == {"type": "deal"} and rows[0]["source"] == "player"
    assert all(len(v) > 1 for v in table.pending().values()), "bids are choices: none plays itself"
    assert services.schedule.forced_move(table) is None


async def test_a_single_choice_in_a_hidden_window_waits_for_the_player(simcord_env, monkeypatch):
    env = simcord_env
    channel, members, table = await table_of(env)
    for m in members:
        dm = dm_last(m)
        await m.user.click(dm, custom_id=action_components(dm)[0]["custom_id"])
    (winner, legal), = table.pending().items()     # "Next round": one choice
    real_view = ToyState.view
    named = {"about": "next", "seats": [winner]}
    monkeypatch.setattr(ToyState, "view", lambda self, seat: {**real_view(self, seat), "decision": named})

    def forced():
        table.touch()  # the patched rules changed what the table shows
        return env.bot.services.schedule.forced_move(table)

    assert forced() == (winner, env.bot.service.prompt_key(table, winner))
    named["seats"] = []                             # the public may not know who must act
    assert forced() is None
    named["seats"] = [winner]                       # a lone move naming a card: only the hand made it lone
    monkeypatch.setattr(ToyState, "pending", lambda self: {winner: [{"type": "pick", "card": "c1"}]})
    assert forced() is None
    named["obvious"] = True                         # ...unless everyone can tell (the seat's last card)
    assert forced() == (winner, env.bot.service.prompt_key(table, winner))


async def test_more_than_100_choices_are_all_reachable_through_pages(simcord_env):
    env = simcord_env
    channel, members, table = await table_of(env)
    ann = members[0]
    big = [f"c{i}" for i in range(100, 230)]       # 130 choices
    table.state.d["hands"]["p1"] = sorted(big)
    table.touch()
    async with table.lock:
        env.bot.services.publisher.publish(table)
    await env.bot.services.publisher.settled(table)
    await env.settle()
    dm = dm_last(ann)
    offered, page_turns = set(), 0
    for _ in range(4):
        comps = action_components(dm)
        selects = [c for c in comps if c["type"] == 3]
        assert len(selects) <= 3 and all(len(c["options"]) <= 25 for c in selects)
        offered |= {o["value"] for c in selects for o in c["options"]}
        more = next(c for c in components_of(dm) if c["custom_id"].startswith("rk:p:"))
        answer = await ann.user.click(dm, custom_id=more["custom_id"])
        assert not answer.ephemeral
        page_turns += 1
        dm = dm_last(ann)
    assert offered == {str(i) for i in range(130)}, "every choice is on some page"
    assert page_turns == 4                          # two pages of 75, then round again
    last_page = [c for c in action_components(dm) if c["type"] == 3]
    if not any(o["value"] == "129" for c in last_page for o in c["options"]):
        more = next(c for c in components_of(dm) if c["custom_id"].startswith("rk:p:"))
        await ann.user.click(dm, custom_id=more["custom_id"])
        dm = dm_last(ann)
        last_page = [c for c in action_components(dm) if c["type"] == 3]
    choice = next((c, o) for c in last_page for o in c["options"] if o["value"] == "129")
    result = await ann.user.select(dm, ["129"], custom_id=choice[0]["custom_id"])
    assert not result.ephemeral and table.state.d["picked"]["p1"] == "c229"


async def test_a_bid_is_one_multi_select_applied_whole_or_not_at_all(simcord_env, monkeypatch):
    import pytest

    from dataclasses import replace

    from bot.errors import Refusal
    from present import fmt

    # Short card labels are buttons (one click a card); with long labels the choices are menus, and a
    # bid becomes one multi-select instead of one menu per card. (No label is short in the Raven cog's
    # budget here.)
    env = simcord_env
    monkeypatch.setattr(type(env.bot.get_cog("Raven")), "budget", replace(fmt.BUDGET, short=0))
    channel, members, table = await started_table(env, "raven")
    services, service = env.bot.services, env.bot.service
    await services.timers.play_forced(service.clock() + services.schedule.forced_delay + 1)   # the deal
    await services.publisher.settled()
    await env.settle()
    seat_id = next(s for s, legal in table.pending().items() if any(a["type"] == "bid" for a in legal))
    seat = table.seat(seat_id)
    size = table.state.view(seat_id)["bid_size"]
    assert size >= 2

    # All or nothing: a second step that is illegal (the same card twice) leaves the game as it was.
    card = next(a for a in table.pending()[seat_id] if a["type"] == "bid")
    before, version = table.state.to_json(), table.version
    async with table.lock:
        with pytest.raises(Refusal):
            await service.act(table, seat_id, [card, card])
    assert table.state.to_json() == before and table.version == version

    member = next(m for m in members if m.id == seat.user_id)
    dm = member.user.dm_channel.last_message
    multi = next(c for c in walk(dm.components) if getattr(c, "max_values", 1) > 1)
    assert multi.max_values == size and multi.custom_id.startswith("rk:s:")
    values = [o.value for o in multi.options[:size]]
    result = await member.user.select(dm, values, custom_id=multi.custom_id)
    assert not result.ephemeral
    assert len(table.state.view(seat_id)["my_bid"]) == size, "one click set the whole bid aside"
    rows = await service.store.actions(table.id)
    mine = [r for r in rows[version:] if r["seat"] == seat_id]
    assert [r["action"]["type"] for r in mine] == ["bid"] * size, "the engine took it step by step"
    assert sum(1 for r in mine if r["interaction_id"]) == 1, "one click, recorded once"


async def test_autoplay_plays_a_lone_card_for_members_who_chose_it_and_only_for_them(simcord_env):
    """`/game autoplay on`: a member whose only legal card is not their last one (so nobody could tell)
    lets the host play it after the pause; members who didn't choose it still click it themselves."""
    from tests.support.driver import Driver

    env = simcord_env
    channel, members, table = await started_table(env, "raven")
    services, service = env.bot.services, env.bot.service
    ann, ben, cat, dan = members
    for m, setting in ((ann, "on"), (ben, "on"), (cat, "off")):
        answer = await m.slash(channel, "game autoplay", setting=setting)
        said = "plays itself" if setting == "on" else "click every card"
        assert answer.ephemeral and said in text_of(answer.response)
    assert await service.store.autoplay_on(channel.guild.id) == {ann.id, ben.id}
    driver = Driver(env, channel, {m.id: m for m in members}, seed=3)
    seen = {"on": 0, "off": 0}
    while min(seen.values()) < 2:
        assert not table.state.over, "a whole game without a lone card both ways"
        pending = table.pending()
        seat_id, legal = next(iter(pending.items()))
        lone = (len(pending) == 1 and len(legal) == 1 and legal[0]["type"] == "play"  # bids are at once
                and not table.state.view(None)["decision"].get("obvious"))
        if lone:
            member = next(m for m in members if m.id == table.seat(seat_id).user_id)
            scheduled = getattr(services.schedule.forced.get(table.id), "seat", None) == seat_id
            if member in (ann, ben):
                assert scheduled, "the member chose autoplay: their lone card is scheduled"
                version = table.version
                assert await services.timers.play_forced(service.clock() + services.schedule.forced_delay + 1) == 1
                await services.publisher.settled()
                await env.settle()
                assert table.version == version + 1
                row = (await service.store.actions(table.id))[version]
                assert row["seat"] == seat_id and row["action"] == legal[0] and row["source"] == "player"
                seen["on"] += 1
                continue
            assert not scheduled, "nobody chose it for them: they click it"
            seen["off"] += 1
        if services.schedule.forced.get(table.id):
            await services.timers.play_forced(service.clock() + services.schedule.forced_delay + 1)
            await services.publisher.settled()
            await env.settle()
            continue
        await driver.step()
        await services.publisher.settled()
        await env.settle()


async def test_a_refused_click_answers_with_the_clickers_dm_form_below_why(simcord_env):
    """A click on a prompt the table has moved past (here: "My hand"'s copy, after a move from the DM) is
    refused with why, above the clicker's own DM form of the current version: the very Message the
    publisher built for that DM (nothing built or drawn for the refusal), never another seat's hand."""
    env = simcord_env
    channel, (ann, ben, cat), table = await table_of(env)
    hand = await ann.slash(channel, "game hand")
    stale = action_components(hand.response)[0]["custom_id"]
    dm = dm_last(ann)
    await ann.user.click(dm, custom_id=action_components(dm)[0]["custom_id"])
    await env.bot.services.publisher.settled()
    seat = table.seat_of(ann.user.id).seat
    refused = await ann.click(hand.response, custom_id=stale)
    text = text_of(refused.response)
    assert refused.ephemeral and "That choice was already made or is out of date." in text.split("\n")[0]
    dm_form = env.bot.services.messages.hand_message(table, seat, private=True, lang="en")
    assert "Your hand" in text and text.endswith(text_of({"components": dm_form.view.to_components()}))
    for other in (ben, cat):  # another seat's hand never shows
        theirs = text_of(dm_last(other)).split("Your hand: ")[1].split("\n")[0]
        assert theirs not in text
    assert table.seat(seat).moves == 1, "the refused click changed nothing"


async def test_a_refusal_leaves_out_the_picture_the_dm_already_shows():
    """The refusal reuses the DM form's message; its picture goes only when the DM does not show it yet."""
    from cogs.table import parts as P
    from cogs.table.layout import Message
    from cogs.table.messages import Messages

    dm_form = Message(P.Parts([P.container(1, [P.text("### Table"), P.gallery("attachment://hand.png"),
                                               P.text("Your hand: 3")])]), (b"png", "key1", "hand.png"))

    class Fake(Messages):
        def hand_message(self, table, seat_id, frame=None, **kw):
            assert kw.get("private") is True and seat_id == "p1"
            return dm_form

    messages = Fake(None, None)
    shown = messages.refusal_message(None, "p1", lang="en", note="Out of date.", dm_picture="key1")
    parts = shown.view.to_components()[0]["components"]
    assert shown.picture is None and all(p["type"] != P.GALLERY for p in parts)
    assert parts[0]["content"].startswith("Out of date.") and parts[-1]["content"] == "Your hand: 3"
    stale = messages.refusal_message(None, "p1", lang="en", note="Out of date.", dm_picture="key0")
    assert stale.picture == dm_form.picture and any(p["type"] == P.GALLERY for p in stale.view.to_components()[0]["components"])
    assert dm_form.view.to_components()[0]["components"][0]["content"] == "### Table", "the memoized DM form is unchanged"
