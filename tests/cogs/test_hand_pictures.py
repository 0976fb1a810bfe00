"""A seat's own picture (drawn from its own view): on the Black Rose Wars hand DM, uploaded again only when
it changes; in every game with pictures it comes with the private **My hand** answer."""
from tests.support.driver import Driver, started_table


def uploads(env, path: str, since: int, method: str, answers_too: bool = False) -> int:
    """Requests (of one method) to a DM channel since `since` that upload a picture; `answers_too`: the
    answer to the click counts too (a click's answer is the edit of the clicked DM)."""
    def new_files(body) -> bool:
        return any("filename" in a for a in (body or {}).get("attachments") or [])
    direct = sum(1 for r in env.http_requests[since:]
                 if r.method == method and r.path.startswith(path) and new_files(r.json))
    answers = sum(1 for r in env.http_requests[since:] if answers_too and r.path.endswith("/callback")
                  and (r.json or {}).get("type") == 7 and new_files((r.json or {}).get("data")))
    return direct + answers


async def test_black_rose_spells_picture_rides_on_the_dm_and_is_uploaded_only_when_it_changes(simcord_env):
    env = simcord_env
    channel, members, table = await started_table(env, "blackrose", ("ann", "ben"))
    driver = Driver(env, channel, {m.id: m for m in members}, seed=3)
    ann = members[0]
    seat = table.seat_of(ann.id)
    path = f"/channels/{ann.user.dm_channel.id}/messages"
    changes = 0
    for _ in range(60):
        # What a held window kept back goes out first: from here on, one click makes one change.
        await driver.let_windows_pass()
        await env.bot.services.publisher.settled()
        seat = env.bot.service.in_channel(channel.id).seat_of(ann.id)
        before, mark = seat.picture, len(env.http_requests)
        clicker, _, _ = await driver.step()
        await env.bot.services.publisher.settled()
        seat = env.bot.service.in_channel(channel.id).seat_of(ann.id)
        edits = uploads(env, path, mark, "PATCH", answers_too=clicker == seat.seat)
        if seat.picture == before:
            assert edits == 0, "an edit re-uploaded a picture that did not change"
        elif seat.picture:
            changes += 1  # a changed picture went out: on an edit, or on a new (ping) message
            assert edits + uploads(env, path, mark, "POST") == 1
    assert changes >= 2, "Ann's spells changed during the opening turns"
    dm = next(m for m in reversed(ann.user.dm_channel.history()) if m.id == seat.dm_message_id)
    if seat.picture:
        assert [a.filename for a in dm.attachments] == ["hand.png"]
    board = next(m for m in channel.history() if m.id == table.board_message_id)
    assert [a.filename for a in board.attachments] == ["board.png"], "the board keeps the public picture"


async def test_my_hand_brings_the_seats_own_picture_and_raven_dms_stay_text(simcord_env):
    env = simcord_env
    channel, members, table = await started_table(env, "raven", ("ann", "ben", "cat"))
    driver = Driver(env, channel, {m.id: m for m in members}, seed=1)
    for _ in range(3):  # past the deal: everyone holds cards
        await driver.step()
    seat = table.seat_of(members[1].id)
    response = await driver.open_hand(seat)
    assert [a.filename for a in response.attachments] == ["hand.png"]
    dm = driver.hand_message(seat)
    assert not dm.attachments, "Raven's seat picture shows the trick too, so DMs stay text (no edit per move)"
