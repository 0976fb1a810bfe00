"""The Activity's WebSocket over a real service: each member's own view, moves through TableService.click and the
one publish, the lobby from the socket, and a spectator who never gets a hidden card."""
import json

import pytest

from bot.table import Actor
from bot.web.activity.views import frame_message
from cogs.table.games import policy
from engine import GAMES
from present.i18n import reading
from tests.web.activity_support import PageSocket, act, raven_in, sign_in  # noqa: F401 (a fixture)
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


async def test_a_finished_game_shows_its_last_frame_then_the_lobby(act):
    users, games = await seated(act, ("ann", "ben"))
    table = await raven_in(act, games, users)
    table.options["length"] = "short"
    page = await PageSocket.open(act, await sign_in(act, users[0], games))
    await page.next("frame")
    while table.status == "active":
        async with table.lock:
            seat, legal = next(iter(table.pending().items()))
            await act.service.act(table, seat, legal[0])
        act.play.changed(table)
    last = await page.frame_at(table.version)
    assert last["over"] and last["status"] == "over"
    lobby = (await page.next("lobby"))["lobby"]
    assert lobby["table"] is None and lobby["games"]


async def test_a_session_outlives_the_process_that_issued_it(act, tmp_path):
    """A restart (a new process: new Sessions, new Play) with the same secret and database takes the old session."""
    from tests.web.activity_support import close_activity, make_activity
    users, games = await seated(act)
    table = await raven_in(act, games, users)
    session = await sign_in(act, users[0], games)
    again = await make_activity(tmp_path, "act.sqlite3", fake=act.fake)
    try:
        await again.service.restore()
        page = await PageSocket.open(again, session)
        frame = (await page.next("frame"))["frame"]
        assert frame["me"]["seat"] == "p1" and frame["version"] == table.version
    finally:
        await close_activity(again, stop_fake=False)


async def test_spectators_share_one_public_frame_per_version(act, monkeypatch):
    import bot.web.activity.play as play_module
    built = []
    real = play_module.frame_message
    monkeypatch.setattr(play_module, "frame_message", lambda *a: built.append(a[2]) or real(*a))
    users, games = await seated(act)
    await raven_in(act, games, users)
    watchers = [await act.fake.add_user(f"fan{i}") for i in range(4)]
    pages = [await PageSocket.open(act, await sign_in(act, u, games)) for u in watchers]
    frames = [(await p.next("frame"))["frame"] for p in pages]
    assert len(built) == 1 and {f["me"]["name"] for f in frames} == {u.name for u in watchers}
    assert frames[0]["picture"]["src"] and all(f["picture"] == frames[0]["picture"] for f in frames)


async def test_nothing_new_reaches_a_page_while_the_table_is_held(act):
    """A held reaction window must look as if it lasted its whole time: the page learns no more, and no sooner,
    than the channel (the publisher tells the pages again when the hold ends)."""
    import asyncio
    users, games = await seated(act)
    table = await raven_in(act, games, users)
    page = await PageSocket.open(act, await sign_in(act, users[0], games))
    await page.next("frame")
    held = {"on": True}
    act.play.door.held = lambda t: held["on"]
    async with table.lock:
        seat, legal = next(iter(table.pending().items()))
        await act.service.act(table, seat, legal[0])
    act.play.changed(table)
    await page.send({"kind": "hello", "session": "x", "version": -1})  # a catch-up asks too
    try:
        await page.next("frame", timeout=0.5)
        raise AssertionError("a frame went out during the hold")
    except asyncio.TimeoutError:
        pass
    held["on"] = False
    act.play.changed(table)  # the publisher's pass once the hold is over
    assert (await page.frame_at(table.version))["version"] == table.version


async def test_a_pause_reaches_the_pages_though_the_version_stays(act):
    from bot.table import Actor
    users, games = await seated(act)
    table = await raven_in(act, games, users)
    page = await PageSocket.open(act, await sign_in(act, users[1], games))
    first = (await page.next("frame"))["frame"]
    async with table.lock:
        await act.service.pause(table, Actor(users[0].id, "ann"))
    act.play.changed(table)
    paused = (await page.next("frame"))["frame"]
    assert paused["version"] == first["version"] and paused["status"] == "paused" and paused["choices"] is None


@pytest.mark.parametrize("game_key", sorted(GAMES))
async def test_every_games_seat_frame_offers_every_legal_action(act, game_key):
    """Each game's frames build, a seat's "actions" are all its legal actions (each once), a bundle's number is
    one TableService.click resolves, and the public frame carries no choices."""
    game = GAMES[game_key]
    users = [await act.fake.add_user(f"u{i}") for i in range(game.min_players)]
    games = await act.fake.add_channel("games")
    table = await act.seating.create_lobby(act.fake.guild_id, games.id, Actor(users[0].id, "u0"), game_key, None, 300)
    for user in users[1:]:
        await act.seating.join(table, user.id, user.name)
    await act.service.start(table)
    frame = table.frame()
    for user in users:
        seat = table.seat_of(user.id).seat
        with reading("en"):
            data = frame_message(table, frame, user.id, user.name, policy(game_key))["frame"]
        legal = frame.prompted(seat)
        assert data["view"] == seat
        if not legal:
            assert data["choices"] is None
            continue
        choices = data["choices"]
        assert sorted(a["index"] for a in choices["actions"]) == list(range(len(legal)))
        assert len(choices["bundles"]) == len(act.service.bundles(table, seat))
    with reading("en"):
        public = frame_message(table, frame, 999, "fan", policy(game_key))["frame"]
    assert public["view"] == "public" and public["choices"] is None and public["hand"] is None


async def test_a_seat_gets_its_hand_picture_only_without_cards_to_click(act, monkeypatch):
    import bot.web.activity.views as views
    users, games = await seated(act)
    table = await raven_in(act, games, users)
    frame = table.frame()
    with reading("en"):
        plain = frame_message(table, frame, users[0].id, "ann", policy("raven"))["frame"]
    assert plain["cards"] is None and plain["hand_picture"]["src"].startswith("data:image/webp")
    monkeypatch.setattr(views.targets, "interactive", lambda key, view, legal, names: {
        "targets": [{} for _ in legal], "cards": [{"id": "x", "label": "X"}], "lodge": None})
    table.touch()
    frame = table.frame()
    with reading("en"):
        with_cards = frame_message(table, frame, users[0].id, "ann", policy("raven"))["frame"]
    assert with_cards["cards"] == [{"id": "x", "label": "X"}] and with_cards["hand_picture"] is None
    assert with_cards["picture"]["key"] == plain["picture"]["key"]
