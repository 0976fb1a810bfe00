"""The table service and storage without Discord: persistence, recovery, timers, moderation."""
import pytest

import tests.support.toygame  # noqa: F401
from tests.support.clock import Clock
from bot.storage import MIGRATIONS, DuplicateInteraction, Storage
from bot.seating import Seating
from bot.service import TableService
from bot.table import Actor

HOST = Actor(100, "Ann")
from bot.errors import Refusal


@pytest.fixture
async def world(tmp_path):
    path = str(tmp_path / "t.sqlite3")
    store = await Storage.open(path)
    clock = Clock()
    service = TableService(store, clock)
    yield path, store, service, clock
    await store.close()


async def started(service, humans=2, bots=0, turn=300, rounds=2):
    table = await Seating(service).create_lobby(1, 10, Actor(100, "Ann"), "toy", {"rounds": rounds}, turn)
    for i in range(1, humans):
        await Seating(service).join(table, 100 + i, f"P{i}")
    for _ in range(bots):
        await Seating(service).add_bot(table)
    await service.start(table)
    return table


async def test_migrations_are_versioned_and_idempotent(world):
    path, store, *_ = world
    ((version,),) = await store.db.execute_fetchall("PRAGMA user_version")
    assert version == len(MIGRATIONS)
    again = await Storage.open(path)
    assert await again.migrate() == len(MIGRATIONS)
    await again.close()


async def test_one_live_game_per_channel(world):
    _, store, service, _ = world
    await Seating(service).create_lobby(1, 10, Actor(100, "Ann"), "toy", None, 300)
    with pytest.raises(Refusal, match="already has a game"):
        await Seating(service).create_lobby(1, 10, Actor(200, "Bo"), "toy", None, 300)
    fresh = TableService(store)  # even a service that lost its memory asks the database
    with pytest.raises(Refusal):
        await Seating(fresh).create_lobby(1, 10, Actor(200, "Bo"), "toy", None, 300)


async def test_bad_options_and_seats_are_refused(world):
    _, _, service, _ = world
    with pytest.raises(Refusal, match="rounds"):
        await Seating(service).create_lobby(1, 11, Actor(100, "Ann"), "toy", {"rounds": 9}, 300)
    table = await Seating(service).create_lobby(1, 12, Actor(100, "Ann"), "toy", None, 300)
    with pytest.raises(Refusal, match="needs at least 2"):
        await service.start(table)
    with pytest.raises(Refusal, match="already seated"):
        await Seating(service).join(table, 100, "Ann")


async def test_every_accepted_action_is_on_disk_before_act_returns(world):
    path, _, service, _ = world
    table = await started(service)
    action = table.pending()["p1"][0]
    await service.act(table, "p1", action, interaction_id=555)
    other = await Storage.open(path)  # a second connection, as a restarted process would see it
    row = await other.get_game(table.id)
    assert row["version"] == 1 and row["state"] == table.state.to_json()
    assert [a["action"] for a in await other.actions(table.id)] == [action]
    await other.close()


async def test_duplicate_interaction_changes_nothing(world):
    _, _, service, _ = world
    table = await started(service)
    await service.act(table, "p1", table.pending()["p1"][0], interaction_id=7)
    before = table.state.to_json()
    with pytest.raises(DuplicateInteraction):
        await service.act(table, "p2", table.pending()["p2"][0], interaction_id=7)
    table = service.tables[table.id]
    assert table.state.to_json() == before and table.version == 1


async def test_illegal_action_changes_nothing(world):
    _, store, service, _ = world
    table = await started(service)
    before = table.state.to_json()
    with pytest.raises(Refusal):
        await service.act(table, "p1", {"type": "pick", "card": "nope"})
    assert table.state.to_json() == before and await store.actions(table.id) == []


async def test_restore_and_replay_give_the_stored_state(world):
    path, store, service, _ = world
    table = await started(service, humans=2, bots=1, rounds=3)
    while not table.state.over:
        seat, legal = next(iter(table.pending().items()))
        await service.act(table, seat, legal[-1])
        if table.version > 4:
            break
    restarted = TableService(await Storage.open(path))
    (again,) = await restarted.restore()
    assert again.state.to_json() == table.state.to_json()
    assert await restarted.replay(table.id) == table.state.to_json()
    await restarted.store.close()


async def test_reminder_then_bot_moves_and_deadlines_survive_restart(world):
    path, store, service, clock = world
    table = await started(service, turn=60)
    assert service.due(clock.now) == []
    clock.now += 31
    assert {(d.seat, d.kind) for d in service.due(clock.now)} == {("p1", "remind"), ("p2", "remind")}
    await service.mark_reminded(table, "p1")
    restarted = TableService(await Storage.open(path), clock)
    (again,) = await restarted.restore()
    assert {(d.seat, d.kind) for d in restarted.due(clock.now)} == {("p2", "remind")}
    clock.now += 30
    assert {d.kind for d in restarted.due(clock.now)} == {"expire"}
    steps = await restarted.expire(again, "p1")
    assert [s.source for s in steps][0] == "timer" and again.seat("p1").moves == 1
    assert (await restarted.store.actions(again.id))[0]["source"] == "timer"
    await restarted.store.close()


async def test_pause_freezes_timers_and_actions(world):
    _, _, service, clock = world
    table = await started(service, turn=60)
    await service.pause(table, HOST)
    clock.now += 1000
    assert service.due(clock.now) == []
    with pytest.raises(Refusal, match="paused"):
        await service.act(table, "p1", table.state.pending()["p1"][0])
    await service.resume(table, HOST)
    assert all(t.due == clock.now + 60 for t in table.timers.values())


async def test_kicked_seat_is_played_by_a_bot(world):
    _, _, service, _ = world
    table = await started(service)
    await Seating(service).replace(table, HOST, 101, None)
    assert table.seat("p2").is_bot
    steps = await service.run_bots(table)
    assert [s.seat for s in steps] == ["p2"]


async def test_end_frees_the_channel(world):
    _, _, service, _ = world
    table = await started(service)
    await Seating(service).end(table)
    await Seating(service).create_lobby(1, 10, Actor(100, "Ann"), "toy", None, 300)


async def test_one_click_is_one_service_call_with_typed_refusals(world):
    """TableService.click: the seat's holder, the current prompt, an action on offer; then one commit."""
    from bot import errors
    from bot.table import Pick

    _, store, service, _ = world
    table = await started(service)
    prompt = service.prompt_key(table, "p1")
    async with table.lock:
        with pytest.raises(errors.NotYourChoices):
            await service.click(table, "p1", 101, prompt, Pick((0,)))          # p2's member on p1's prompt
        with pytest.raises(errors.OutOfDate):
            await service.click(table, "p1", 100, "0.00000000", Pick((0,)))    # an older prompt
        with pytest.raises(errors.OutOfDate):
            await service.click(table, "p1", 100, prompt, Pick((99,)))         # nothing on offer there
        with pytest.raises(errors.OutOfDate):
            await service.click(table, "p1", 100, prompt, Pick((0, 0)))        # the same action twice
        assert table.version == 0 and await store.actions(table.id) == []
        action = table.pending()["p1"][0]
        outcome = await service.click(table, "p1", 100, prompt, Pick((0,)), interaction_id=42)
        assert [s.action for s in outcome.steps] == [action] and table.version == 1
        with pytest.raises(errors.AlreadyHandled):  # the same interaction delivered twice
            await service.click(table, "p2", 101, service.prompt_key(table, "p2"), Pick((0,)), interaction_id=42)
    assert table.version == 1 and [a["action"] for a in await store.actions(table.id)] == [action]


async def test_timers_are_stored_as_the_same_json_and_older_rows_load(world):
    from bot.table import Timer, timers_from_json, timers_to_json

    path, store, service, clock = world
    table = await started(service, turn=60)
    row = await store.get_game(table.id)
    assert row["timers"]["p1"] == {"due": clock.now + 60, "moves": 0, "reminded": False, "seconds": 60}
    assert timers_from_json(row["timers"]) == table.timers and timers_to_json(table.timers) == row["timers"]
    old = Timer.from_json({"due": 5.0, "reminded": True})  # a row from before moves and seconds were kept
    assert (old.due, old.moves, old.reminded, old.seconds) == (5.0, 0, True, 0)
