"""The publisher under a spent budget (cogs/table/pacer.py): what waits is coalesced, built and drawn when
its turn comes, and goes out in the order players need it."""
import asyncio

from bot import render
from tests.support.components import built_text, text_of
from tests.support.driver import started_table


class Gate:
    """Stands for a budget spent elsewhere: no turn is granted until `open()` (what is wished meanwhile
    waits in the pacer's lanes)."""

    def __init__(self, pacer) -> None:
        self.pacer, self.real_pick = pacer, pacer.pick
        pacer.pick = lambda: None

    def open(self) -> None:
        self.pacer.pick = self.real_pick
        self.pacer._poke()


async def move(services, table):
    async with table.lock:
        seat_id, legal = next(iter(table.pending().items()))
        await services.changes.publish(table, await services.service.act(table, seat_id, legal[0]))


async def test_a_queued_board_is_sent_once_in_its_newest_form_and_drawn_once(simcord_env, monkeypatch):
    env = simcord_env
    channel, members, table = await started_table(env, "everrain")
    services = env.bot.services
    await services.publisher.settled()
    await env.settle()
    drawn, real_board_picture = [], render.board_picture

    def board_picture(table, frame=None):
        drawn.append(table.version)
        return real_board_picture(table, frame)

    monkeypatch.setattr(render, "board_picture", board_picture)
    gate = Gate(services.publisher.pacer)
    mark = len(env.http_requests)
    for _ in range(4):
        await move(services, table)
    await asyncio.sleep(0.05)
    assert len(env.http_requests) == mark, "nothing is sent while the budget is spent"
    assert services.publisher.pacer.queued() <= 4, "one entry per lane for the table, however many moves"
    assert drawn == [], "a board waiting for its turn is not drawn"
    gate.open()
    await services.publisher.settled()
    await env.settle()
    board_edits = [r for r in env.http_requests[mark:]
                   if r.path.endswith(f"/messages/{table.board_message_id}") and r.method == "PATCH"]
    assert len(board_edits) == 1, "four moves, one board edit"
    assert set(drawn) == {table.version}, f"only the board that was sent was drawn (versions {drawn})"
    board = next(m for m in channel.history() if m.id == table.board_message_id)
    assert text_of(board) == built_text(services.messages.board_message(table, table.frame(), "en")), \
        "the board sent is the newest"


async def test_the_due_prompt_goes_before_the_board_and_shrinks_go_last(simcord_env):
    env = simcord_env
    channel, members, table = await started_table(env, "everrain")
    services = env.bot.services
    await services.publisher.settled()
    await env.settle()
    gate = Gate(services.publisher.pacer)
    mark = len(env.http_requests)
    await move(services, table)
    due = next(iter(table.pending()))
    seat = table.seat(due)
    gate.open()
    await services.publisher.settled()
    await env.settle()
    requests = [r for r in env.http_requests[mark:] if not r.path.endswith("/callback")]
    kinds = []
    for r in requests:
        if r.path.endswith(f"/messages/{table.board_message_id}"):
            kinds.append("board")
        elif (r.method == "POST" and r.path == f"/channels/{seat.dm_channel_id}/messages") or (
                r.method == "PATCH" and r.path == f"/channels/{seat.dm_channel_id}/messages/{seat.dm_message_id}"):
            kinds.append("prompt")  # its new prompt, or its prompt edited in place
        elif r.method == "PATCH" and r.path.startswith(f"/channels/{seat.dm_channel_id}/messages/"):
            kinds.append("shrink")
    assert "prompt" in kinds and "board" in kinds, kinds
    assert kinds.index("prompt") < kinds.index("board"), f"the due seat's prompt first: {kinds}"
    if "shrink" in kinds:
        assert kinds.index("shrink") > kinds.index("board"), f"the older DM is shrunk last: {kinds}"
    dm = next(m for m in members if m.id == seat.user_id).user.dm_channel
    assert text_of(dm.last_message) == built_text(services.messages.hand_message(table, due, private=True))


async def test_a_quiet_table_is_served_while_a_busy_one_keeps_moving(simcord_env):
    """Two tables, the budget spent: the busy one moves five times; the quiet one's single move is
    published in the first round of turns, not after the busy table's backlog."""
    env = simcord_env
    _, _, busy = await started_table(env, "everrain")
    _, _, quiet = await started_table(env, "everrain", names=("eve", "fay", "gus", "hal"))
    services = env.bot.services
    await services.publisher.settled()
    await env.settle()
    pacer = services.publisher.pacer
    gate = Gate(pacer)
    for _ in range(3):
        await move(services, busy)
    await move(services, quiet)
    for _ in range(2):
        await move(services, busy)
    order = []
    publisher = services.publisher
    real_pass = publisher._pass

    async def granted(table, lane):  # each turn the pacer grants, in order
        order.append((table.id, lane))
        return await real_pass(table, lane)

    publisher._pass = granted
    gate.open()
    await services.publisher.settled()
    await env.settle()
    quiet_turns = [i for i, (table_id, _) in enumerate(order) if table_id == quiet.id]
    busy_turns = [i for i, (table_id, _) in enumerate(order) if table_id == busy.id]
    assert quiet_turns and busy_turns
    assert order[quiet_turns[0]][1] == order[busy_turns[0]][1] == 0, "both start with their due prompt"
    assert quiet_turns[0] <= 1, f"the quiet table's prompt is among the first two turns: {order}"
    assert len(order) <= 8, f"a lane per table, whatever the number of moves: {order}"
