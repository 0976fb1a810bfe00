"""Raven on Discord (simcord): a whole 4-player game from /game new to the final scores.

Covers the issue's list: simulated members and DMs, a player with DMs closed (plays through "My hand"),
a wrong member pressing a button, a double click on an older copy of a prompt, and a bot restart
mid-hand after which the old DM buttons still work. Along the way no message any member can read names
a card that is in another player's hand.
"""
import re

from present.raven.presenter import card_name
from tests.support.components import action_components, text_of
from tests.support.driver import Driver
from tests.present.board_pictures import PictureWatch, board_message


def hidden_names(table, seat_id):
    """Long names of cards in other players' hands and concealed bids (what `seat_id` must never read)."""
    data = table.state.to_json()
    out = set()
    for other, hand in data["hands"].items():
        if other != seat_id:
            out |= {card_name(c, data["theme"]) for c in hand}
    for other, bid in data["bids"].items():
        if other != seat_id and other not in data["revealers"] and data["phase"] in ("bid", "play"):
            out |= {card_name(c, data["theme"]) for c in bid}
    return out


def current(content):
    """A message without its log lines: those tell the past (a card played last hand may be dealt again),
    and the engine tests check every event against its reader already."""
    return "\n".join(line for line in content.splitlines() if not line.startswith("› "))


def readable_by(member, channel, dm_message, board):
    texts = [current(text_of(board))]
    if dm_message is not None:
        texts.append(current(text_of(dm_message)))
        texts += [c.get("label") or "" for c in action_components(dm_message)]
        texts += [o["label"] for c in action_components(dm_message) for o in c.get("options", [])]
    return "\n".join(texts)


def assert_nothing_leaks(driver, members, channel):
    table = driver.table()
    board = driver.message(table.board_message_id)
    for seat in table.seats:
        member = members[seat.user_id]
        dm = None if seat.dm_closed else member.user.dm_channel.last_message
        text = readable_by(member, channel, dm, board)
        for name in hidden_names(table, seat.seat):
            found = re.search(re.escape(name) + r"(?!\d)", text)
            assert not found, f"{seat.name} can read {name}: ...{text[max(0, found.start() - 300):found.end() + 50]}"


async def test_whole_four_player_raven_game(simcord_env, make_bot):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("raven")
    alice, bob, carol, dave, eve = (guild.add_member(env.create_user(n)) for n in
                                    ("alice", "bob", "carol", "dave", "eve"))
    env.inject_error(method="POST", path=f"/channels/{dave.user.dm_channel.id}/messages", status=403,
                     code=50007, message="Cannot send messages to this user", times=None)
    members = {m.id: m for m in (alice, bob, carol, dave)}

    result = await alice.slash(channel, "game new", game="raven")
    assert not result.ephemeral and "Raven" in text_of(result.response)
    lobby = channel.last_message
    for m in (bob, carol, dave):
        await m.click(lobby, label="Join")
    refused = await bob.click(lobby, label="Start")          # a wrong member pressing the host's button
    assert refused.ephemeral and "Only the host" in text_of(refused.response)
    await alice.click(lobby, label="Start")
    table = env.bot.service.in_channel(channel.id)
    assert table.status == "active" and len(table.seats) == 4

    history = channel.history()
    assert any("can't send you direct messages" in text_of(m) and str(dave.id) in text_of(m) for m in history)
    assert "raven" in text_of(alice.user.dm_channel.last_message).lower()
    assert "Test Guild" in text_of(alice.user.dm_channel.last_message)
    board = next(m for m in history if m.id == table.board_message_id)
    outsider = await eve.click(board, label="My hand")          # not seated: told so, privately
    assert outsider.ephemeral and "don't have a seat" in text_of(outsider.response)

    driver = Driver(env, channel, members, seed=2)
    watch = PictureWatch()
    restarted = double_clicked = False
    while not table.state.over:
        data = table.state.to_json()
        pending = table.pending()
        if not restarted and data["phase"] == "play" and len(data["trick"]) >= 1:
            old = {m.id: m.user.dm_channel.last_message for m in (alice, bob, carol)}
            version = table.version
            picture = board_message(channel, table).attachments[0].id
            await env.restart_bot(make_bot())                     # restart mid-hand
            await env.bot.services.republish.done.wait()
            table = env.bot.service.in_channel(channel.id)
            assert table.version == version and table.state.to_json() == data
            # the stored picture key says the board's picture is right: the restart uploads nothing
            assert board_message(channel, table).attachments[0].id == picture
            seat = table.seat(next(s for s in table.pending()))
            if not seat.dm_closed:
                message = old[seat.user_id]
                comp = action_components(message)[0]
                actor = members[seat.user_id].user
                if comp["type"] == 2:
                    res = await actor.click(message, custom_id=comp["custom_id"])
                else:
                    res = await actor.select(message, [comp["options"][0]["value"]], custom_id=comp["custom_id"])
                assert not res.ephemeral and table.version > version, "an old DM button works after restart"
            restarted = True
            continue
        if not double_clicked and "p1" in pending and data["phase"] == "play":
            copy = await driver.open_hand(table.seat("p1"))       # an ephemeral copy of the same prompt
            comp = action_components(copy)[0]
            await driver.step_seat("p1")
            version = table.version
            if comp["type"] == 2:
                again = await alice.click(copy, custom_id=comp["custom_id"])
            else:
                again = await alice.select(copy, [comp["options"][0]["value"]], custom_id=comp["custom_id"])
            assert again.ephemeral and "already made" in text_of(again.response)
            assert table.version == version, "the second click changed nothing"
            double_clicked = True
            continue
        await driver.step()
        watch.check(channel, table)
        if driver.moves % 40 == 0:
            assert_nothing_leaks(driver, members, channel)
    assert restarted and double_clicked
    assert watch.uploads >= 20 and watch.swaps >= 20
    final = text_of(channel.history()[-1])
    assert "Game over" in final and "Final scores" in final
    assert table.status == "over"
    assert await env.bot.service.replay(table.id) == table.state.to_json()
    rows = await env.bot.service.store.actions(table.id)
    assert {r["source"] for r in rows} == {"player"}               # four humans, no timer ran out
