"""The recent log kept in a game's row (bot/table.py Table.log): only the tail some reader still sees, so
the row stays small, and every reader's board or hand shows exactly the lines it showed when 30 events were
kept (the public the last LOG_SHOWN public lines, each seat those and its own)."""
import random

from bot.table import LOG_KEEP, LOG_SHOWN, Seat, Table


def _table(seats: int) -> Table:
    return Table(1, 1, 1, "raven", "active", 1, {}, 60, 1,
                 [Seat(f"p{i}", 100 + i, f"player {i}") for i in range(1, seats + 1)])


def _seen(log: list, reader: str | None) -> list:
    return [event for to, event in log if to is None or to == reader][-LOG_SHOWN:]


def test_every_reader_keeps_its_last_lines_and_the_rest_is_dropped():
    rng = random.Random(5)
    for seats in (2, 4, 6):
        table, everything = _table(seats), []
        readers = [None] + [s.seat for s in table.seats]
        for n in range(400):
            to = None if rng.random() < 0.6 else rng.choice(readers[1:])
            event = {"type": "play", "n": n}
            table.log(to, event)
            everything.append([to, event])
            kept = table.logs["log"]
            assert len(kept) <= LOG_KEEP
            for reader in readers:
                assert _seen(kept, reader) == _seen(everything[-LOG_KEEP:], reader), (seats, n, reader)
        assert len(table.logs["log"]) < LOG_KEEP  # mostly public lines: far fewer than the old 30 are kept


def test_a_quiet_seat_keeps_its_old_private_lines_up_to_the_cap():
    table = _table(3)
    table.log("p3", {"type": "secret"})
    for n in range(LOG_KEEP + 5):
        table.log("p1", {"type": "mine", "n": n})
    kept = table.logs["log"]
    assert len(kept) == LOG_KEEP and kept[-1][1] == {"type": "mine", "n": LOG_KEEP + 4}
    assert all(to == "p1" for to, _ in kept)  # the public has no line: nothing older than the cap is kept


def test_only_public_lines_keep_just_what_the_board_shows():
    table = _table(4)
    for n in range(50):
        table.log(None, {"type": "play", "n": n})
    assert [e["n"] for _, e in table.logs["log"]] == list(range(50 - LOG_SHOWN, 50))



def test_the_everrain_board_does_not_repeat_its_last_story_in_the_recent_log():
    """The board tells the last story read in full; its Recent log showed the same lines again below it."""
    import engine
    from bot.render import board_doc, hand_doc

    seats = [Seat(f"p{i}", 100 + i, f"player {i}") for i in (1, 2, 3)]
    table = Table(1, 1, 1, "everrain", "active", 1, {"length": 16}, 60, 4, seats)
    table.state = engine.GAMES["everrain"].new([s.seat for s in seats], 4, {"length": 16})
    rng, stories = random.Random(4), 0
    while not table.state.over:
        pending = table.state.pending()
        seat = sorted(pending)[0]
        for event in table.state.act(seat, rng.choice(pending[seat])):
            table.log(event.get("to"), event)
        table.touch()
        for doc in (board_doc(table), hand_doc(table, "p1")):
            recent = next(s for s in doc.sections if s.title == "Recent")
            above = {said for s in doc.sections if s is not recent for said in s.lines}
            told = [said for said in recent.lines if said[1:] in above]
            assert not told, told
        stories += any(s.title.startswith("📜 Last story read") for s in board_doc(table).sections)
    assert stories > 5
