"""The Activity's WebSocket over a real service: each member's own view, moves through TableService.click and the
one publish, the lobby from the socket, and a spectator who never gets a hidden card."""
import json

from bot.table import Pick
from tests.web.activity_support import PageSocket, act, raven_in, settle, sign_in  # noqa: F401 (a fixture)
from tests.web.conftest import secret_names


async def seated(act, names=("ann", "ben", "cat")):
    users = [await act.fake.add_user(n) for n in names]
    channel = await act.fake.add_channel("games")
    return users, channel


async def test_a_seat_gets_its_own_view_with_its_choices_and_a_spectator_the_public_one(act):
    users, games = await seated(act)
    table = await raven_in(act, games, users)
    eve = await act.fake.add_user("eve")
    ann = await PageSocket.open(act, await sign_in(act, users[0], games))
    spectator = await PageSocket.open(act, await sign_in(act, eve, games))
    mine = (await ann.next("frame"))["frame"]
    public = (await spectator.next("frame"))["frame"]
    assert mine["view"] == "p1" and mine["me"] == {"seat": "p1", "name": "ann"} and mine["hand"] is not None
    assert public["view"] == "public" and public["me"]["seat"] is None and public["hand"] is None
    assert public["choices"] is None and public["cards"] is None
    pending = table.pending()
    if "p1" in pending:
        choices = mine["choices"]
        assert choices["prompt"] == act.service.prompt_key(table, "p1")
        assert sorted(a["index"] for a in choices["actions"]) == list(range(len(pending["p1"])))
    hidden = secret_names(table.started)
    assert not any(name in json.dumps(public, ensure_ascii=False) for name in hidden)


async def test_a_move_from_the_socket_is_committed_published_and_reaches_every_page(act):
    users, games = await seated(act)
    table = await raven_in(act, games, users)
    pages = {u.name: await PageSocket.open(act, await sign_in(act, u, games)) for u in users}
    for page in pages.values():
        await page.next("frame")
    for _ in range(6):  # several moves, each by whoever must act, from their own page
        seat_id, legal = next(iter(table.pending().items()))
        user = next(u for u in users if table.seat_of(u.id).seat == seat_id)
        page = pages[user.name]
        frame = await page.frame_at(table.version)
        choices = frame["choices"]
        assert choices is not None, frame
        before = table.version
        action = choices["actions"][0]
        move = {"kind": "move", "ref": before, "prompt": choices["prompt"]}
        if choices["together"]:
            together = choices["together"]
            move["actions"] = together["indexes"][:together["min"]] if together["min"] > 1 else [together["indexes"][0]]
            if len(move["actions"]) == 1:
                move = {**move, "action": move.pop("actions")[0]}
        else:
            move["action"] = action["index"]
        await page.send(move)
        assert await page.next("done") == {"kind": "done", "ref": before}
        assert table.version > before and ("publish", table.id) in act.door.calls
        for other in pages.values():  # every page follows
            assert (await other.frame_at(table.version))["version"] == table.version
        # the same move again: its prompt is stale, refused, not applied twice
        await page.send(move)
        refused = await page.next("refused")
        assert refused["ref"] == before and refused["message"]
        stored = await act.store.actions(table.id)
        assert len(stored) == table.version


async def test_refused_moves_change_nothing_and_keep_the_socket(act):
    users, games = await seated(act)
    table = await raven_in(act, games, users)
    eve = await act.fake.add_user("eve")
    seat_id = next(iter(table.pending()))
    holder = next(u for u in users if table.seat_of(u.id).seat == seat_id)
    other = next(u for u in users if u is not holder)
    page = await PageSocket.open(act, await sign_in(act, other, games))
    spectator = await PageSocket.open(act, await sign_in(act, eve, games))
    await page.next("frame")
    await spectator.next("frame")
    prompt = act.service.prompt_key(table, seat_id)
    version = table.version
    # a move naming a seat that is not theirs
    await page.send({"kind": "move", "ref": 1, "prompt": prompt, "action": 0, "seat": seat_id})
    assert "not yours" in (await page.next("refused"))["message"]
    # a spectator's move: not seated
    await spectator.send({"kind": "move", "ref": 2, "prompt": prompt, "action": 0})
    assert (await spectator.next("refused"))["ref"] == 2
    # the other player's own seat has no prompt now (or an out-of-range action): stale
    mine = table.seat_of(other.id).seat
    await page.send({"kind": "move", "ref": 3, "prompt": act.service.prompt_key(table, mine), "action": 9999})
    assert (await page.next("refused"))["ref"] == 3
    # a bundle that is not on offer
    await page.send({"kind": "move", "ref": 4, "prompt": "old", "bundle": 7})
    assert (await page.next("refused"))["ref"] == 4
    assert table.version == version and len(await act.store.actions(table.id)) == version
    assert not [c for c in act.door.calls if c[0] == "publish"]
    # still open: a hello catches up
    await page.send({"kind": "hello", "session": "ignored", "version": -1})


async def test_the_lobby_from_the_socket_open_join_bot_start(act):
    users, games = await seated(act, ("ann", "ben"))
    ann = await PageSocket.open(act, await sign_in(act, users[0], games), locale="en-US")
    ben = await PageSocket.open(act, await sign_in(act, users[1], games))
    empty = (await ann.next("lobby"))["lobby"]
    assert empty["table"] is None and any(g["key"] == "raven" for g in empty["games"])
    await ben.next("lobby")
    await ann.send({"kind": "lobby", "ref": 1, "do": "open", "game": "raven"})
    assert (await ann.next("done"))["ref"] == 1
    lobby = (await ben.next("lobby"))["lobby"]
    assert lobby["game"] == "raven" and lobby["can_join"] and not lobby["can_start"]
    table = act.service.in_channel(games.id)
    assert ("lobby_opened", table.id) in act.door.calls
    await ben.send({"kind": "lobby", "ref": 2, "do": "start"})  # not the host
    assert (await ben.next("refused"))["ref"] == 2
    await ben.send({"kind": "lobby", "ref": 3, "do": "join"})
    assert (await ben.next("done"))["ref"] == 3
    await ben.send({"kind": "lobby", "ref": 4, "do": "join"})  # twice: already seated
    assert (await ben.next("refused"))["ref"] == 4
    await ann.send({"kind": "lobby", "ref": 5, "do": "bot"})
    assert (await ann.next("done"))["ref"] == 5
    seen = (await ann.next("lobby"))["lobby"]
    while len(seen["seats"]) < 3:
        seen = (await ann.next("lobby"))["lobby"]
    assert [s["bot"] for s in seen["seats"]] == [False, False, True] and seen["can_start"]
    await ann.send({"kind": "lobby", "ref": 6, "do": "open", "game": "raven"})  # the channel is taken
    assert (await ann.next("refused"))["ref"] == 6
    await ann.send({"kind": "lobby", "ref": 7, "do": "start"})
    assert (await ann.next("done"))["ref"] == 7
    assert table.status == "active" and ("started", table.id) in act.door.calls
    frame = (await ben.next("frame"))["frame"]
    assert frame["me"]["seat"] == table.seat_of(users[1].id).seat


async def test_pages_read_their_own_language(act):
    users, games = await seated(act, ("ann", "ben", "cat"))
    await raven_in(act, games, users)
    page = await PageSocket.open(act, await sign_in(act, users[0], games), locale="de")
    frame = (await page.next("frame"))["frame"]
    english = await PageSocket.open(act, await sign_in(act, users[1], games))
    other = (await english.next("frame"))["frame"]
    assert frame["round_label"] != other["round_label"] or frame["board"]["title"] != other["board"]["title"]
    await page.send({"kind": "move", "ref": 1, "prompt": "x", "bundle": 99})
    refused = (await page.next("refused"))["message"]
    await english.send({"kind": "move", "ref": 1, "prompt": "x", "bundle": 99})
    assert refused != (await english.next("refused"))["message"]
