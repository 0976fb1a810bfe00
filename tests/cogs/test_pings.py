"""Players are told when it is their turn (issue 12 §1): a seat that must act after others moved gets its
prompt as a NEW DM message (Discord notifies of new messages, not of edits), once per turn; no re-ping while
play stays with it; `/game notify off` stops it (stored, survives a restart); a seat the public decision
doesn't name is never mentioned in the channel.

The toy game (tests/support/toygame.py): everyone picks a card at once, then the round's winner alone presses
"Next round", then everyone picks again.
"""
from tests.support.components import action_components, text_of
from tests.cogs.test_toy_flow import dm_last
from tests.support.toygame import ToyState


async def table_of(env, names=("ann", "ben", "cat"), closed=()):
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(n)) for n in names]
    for m in members:
        if m.user.name in closed:
            env.inject_error(method="POST", path=f"/channels/{m.user.dm_channel.id}/messages", status=403,
                             code=50007, message="Cannot send messages to this user", times=None)
    await members[0].slash(channel, "game new", game="toy")
    for m in members[1:]:
        await m.click(channel.last_message, label="Join")
    await members[0].click(channel.last_message, label="Start")
    return channel, members, env.bot.service.in_channel(channel.id)


def new_dms(env, member, since: int) -> int:
    path = f"/channels/{member.user.dm_channel.id}/messages"
    return sum(1 for r in env.http_requests[since:] if r.method == "POST" and r.path == path)


async def pick(member):
    dm = dm_last(member)
    return await member.user.click(dm, custom_id=action_components(dm)[0]["custom_id"])


async def test_a_new_turn_pings_once_and_a_seat_that_keeps_the_play_is_not_pinged_again(simcord_env):
    env = simcord_env
    channel, members, table = await table_of(env)
    ann, ben, cat = members
    mark = len(env.http_requests)
    await pick(ann)
    await pick(ben)
    assert all(new_dms(env, m, mark) == 0 for m in members), "still the same turn: nobody is pinged"
    await pick(cat)                                     # the round is revealed: the winner alone must act
    winner = next(m for m in members if table.seat_of(m.id).seat in table.pending())
    others = [m for m in members if m is not winner]
    # cat picked last: if she won, play stayed with her (her click's answer shows "Next round"), no ping
    assert new_dms(env, winner, mark) == (0 if winner is cat else 1)
    assert all(new_dms(env, m, mark) == 0 for m in others)
    assert action_components(dm_last(winner)), "her message carries the prompt"

    mark = len(env.http_requests)
    await pick(winner)                                  # "Next round": everyone picks again
    assert set(table.pending()) == {"p1", "p2", "p3"}
    assert new_dms(env, winner, mark) == 0, "play stayed with the winner: no second ping"
    assert all(new_dms(env, m, mark) == 1 for m in others), "the others have a new turn: one ping each"


async def test_notify_off_means_no_new_message_and_survives_a_restart(simcord_env, make_bot):
    env = simcord_env
    channel, members, table = await table_of(env)
    for m in members:
        answer = await m.slash(channel, "game notify", setting="off")
        assert answer.ephemeral and "No more pings" in text_of(answer.response)
    await env.restart_bot(make_bot())
    await env.bot.services.republish.done.wait()
    table = env.bot.service.in_channel(channel.id)
    mark = len(env.http_requests)
    for m in members:
        await pick(m)
    winner = next(m for m in members if table.seat_of(m.id).seat in table.pending())
    await pick(winner)                                   # new turns for the two others, and nobody is pinged
    assert all(new_dms(env, m, mark) == 0 for m in members)
    assert all(action_components(dm_last(m)) for m in members), "the prompts still arrive, by edits"
    answer = await members[1].slash(channel, "game notify", setting="on")
    assert "new message" in text_of(answer.response)
    assert await env.bot.services.settings.notify_off(channel.guild.id) == {members[0].id, members[2].id}


async def test_closed_dms_are_mentioned_in_the_channel_only_when_the_public_decision_names_the_seat(
        simcord_env, monkeypatch):
    env = simcord_env
    channel, members, table = await table_of(env, closed=("cat",))
    ann, ben, cat = members
    assert table.seat_of(cat.id).dm_closed

    async def by_my_hand(member):
        board = next(m for m in channel.history() if m.id == table.board_message_id)
        hand = (await member.click(board, label="My hand")).response
        await member.click(hand, custom_id=action_components(hand)[0]["custom_id"])

    async def play_a_round_through_my_hand():
        """Cat picks first, so whoever wins, exactly one new turn of hers follows in a round."""
        await by_my_hand(cat)
        for m in (ann, ben):
            await pick(m)
        winner = next(m for m in members if table.seat_of(m.id).seat in table.pending())
        await (by_my_hand(cat) if winner is cat else pick(winner))

    def mentions_of_cat(since):
        return [m for m in channel.history()[since:] if f"<@{cat.id}>" in text_of(m) and "🔔" in text_of(m)]

    # A hidden window: the public decision names nobody, so nobody may be named in the channel.
    real_view = ToyState.view
    monkeypatch.setattr(ToyState, "view", lambda self, seat: {**real_view(self, seat),
                                                              "decision": {"about": "pick", "seats": []}})
    since = len(channel.history())
    await play_a_round_through_my_hand()
    assert mentions_of_cat(since) == []

    # A public turn names her: one mention for her new turn.
    monkeypatch.setattr(ToyState, "view", real_view)
    since = len(channel.history())
    await play_a_round_through_my_hand()
    assert len(mentions_of_cat(since)) == 1
