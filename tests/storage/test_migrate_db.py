"""rookery migrate-db: a SQLite database copied into PostgreSQL, row for row, with the counts checked."""
import io
import shutil
import sqlite3
from pathlib import Path

import pytest

from bot import cli
from bot.records import HistoryService
from bot.storage import GuildConfig, Storage, migrate_db
from bot.storage.migrate_db import TABLES
from bot.seating import Seating
from bot.service import TableService
from bot.table import Actor

OLD_V1 = Path(__file__).resolve().parent.parent / "data" / "old_schema_v1.sqlite3"


async def a_server_with_history(path: str) -> None:
    """Two finished toy games (recorded, rated, one seat handed over), one live game, a lobby, settings."""
    store = await Storage.open(path)
    history = HistoryService(store)
    tables = TableService(store, history=history)
    for channel in (10, 11, 12):
        table = await Seating(tables).create_lobby(1, channel, Actor(100, "Ann"), "toy", {"rounds": 2}, 300)
        await Seating(tables).join(table, 101, "Ben")
        await tables.start(table)
        if channel == 10:
            await history.db.handover(table.id, "p2", 99, "Cy", 0)
        clicks = 0
        while table.status == "active" and (channel != 12 or clicks < 2):
            seat, legal = next(iter(table.pending().items()))
            await tables.act(table, seat, legal[0], interaction_id=channel * 1000 + clicks)
            clicks += 1
    await Seating(tables).create_lobby(1, 13, Actor(100, "Ann"), "toy", {"rounds": 2}, 300)
    await store.save_guild_config(GuildConfig(1, 55, (10, 11), 120))
    await store.set_notify(1, 101, False)  # /game notify off
    await store.save_member(101, dm_channel_id=7001, discord_locale="de", language="pt-BR")  # /game language
    await store.save_guild_locale(1, "es-ES")
    await store.save_watch_link(1, "A" * 24)  # the watch page's link (bot/web/)
    await store.close()


def contents(rows) -> list[tuple]:
    return sorted(tuple(r) for r in rows)


async def test_everything_is_copied_row_for_row_and_the_bot_carries_on(tmp_path, pg_cluster):
    path = str(tmp_path / "server.sqlite3")
    await a_server_with_history(path)
    url = pg_cluster.new_database()
    out = io.StringIO()
    assert await migrate_db.copy(f"sqlite://{path}", url, out) is True
    assert "finished_games: 2 in SQLite, 2 in PostgreSQL" in out.getvalue()
    lite = sqlite3.connect(path)
    store = await Storage.open(url)
    try:
        for table in TABLES:
            columns = [r[1] for r in lite.execute(f"PRAGMA table_info({table})")]
            expected = contents(lite.execute(f"SELECT {', '.join(columns)} FROM {table}"))
            assert expected, f"the test server should have {table} rows"
            assert contents(await store.db.execute_fetchall(f"SELECT {', '.join(columns)} FROM {table}")) == expected
        # the live game restores and replays on PostgreSQL, and new games get fresh ids
        service = TableService(store)
        restored = {t.id: t for t in await service.restore()}
        assert sorted(t.status for t in restored.values()) == ["active", "lobby"]
        live = next(t for t in restored.values() if t.status == "active")
        assert await service.replay(live.id) == live.state.to_json()
        starter = Actor(100, "Ann", role_ids=frozenset({55}))  # the server lets only role 55 start games
        fresh = await Seating(service).create_lobby(1, 10, starter, "toy", {"rounds": 2}, 300)
        assert fresh.id == max(restored) + 1
        assert await store.guild_config(1) == GuildConfig(1, 55, (10, 11), 120, discord_locale="es-ES")
        assert (await store.members([101]))[101].language == "pt-BR"
    finally:
        await store.close()
        lite.close()


def test_a_first_schema_database_without_history_tables_is_copied(tmp_path, pg_cluster):
    path = str(tmp_path / "old.sqlite3")
    shutil.copy(OLD_V1, path)
    url = pg_cluster.new_database()
    out = io.StringIO()
    assert migrate_db.main(path, url, out) == 0
    report = out.getvalue()
    assert "games: 3 in SQLite, 3 in PostgreSQL" in report and "ratings" not in report
    assert "every count matches" in report
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone() == (1,)  # the source is untouched


def test_copying_into_a_database_that_has_games_is_refused(tmp_path, pg_cluster, capsys):
    path = str(tmp_path / "old.sqlite3")
    shutil.copy(OLD_V1, path)
    url = pg_cluster.new_database()
    assert migrate_db.main(path, url, io.StringIO()) == 0
    with pytest.raises(SystemExit) as exit_:
        cli.main(["migrate-db", "--from", f"sqlite://{path}", "--to", url])
    assert exit_.value.code == 2 and "already has games" in capsys.readouterr().err


def test_a_missing_source_or_a_wrong_target_says_so(tmp_path, capsys):
    assert migrate_db.main(f"sqlite://{tmp_path}/nope.sqlite3", "postgresql://x@127.0.0.1:1/x") == 2
    assert "no SQLite database at" in capsys.readouterr().err
    shutil.copy(OLD_V1, tmp_path / "old.sqlite3")
    assert migrate_db.main(str(tmp_path / "old.sqlite3"), str(tmp_path / "other.sqlite3")) == 2
    assert "must be a postgresql:// URL" in capsys.readouterr().err


@pytest.mark.parametrize("form", ["sqlite:///{path}", "sqlite:////{path}", "{path}"])
def test_the_source_can_be_written_as_users_type_it(tmp_path, form):
    """sqlite:////abs/path (SQLAlchemy's absolute form) and sqlite:///abs/path both name /abs/path."""
    path = tmp_path / "a dir?#" / "old.sqlite3"  # characters a URI would otherwise take apart
    path.parent.mkdir()
    shutil.copy(OLD_V1, path)
    source = form.format(path=str(path).lstrip("/") if form.startswith("sqlite:") else path)
    assert migrate_db.sqlite_path(source) == str(path)
    lite = migrate_db.open_readonly(source)
    try:
        assert lite.execute("SELECT count(*) FROM games").fetchone()[0] > 0
    finally:
        lite.close()


@pytest.mark.parametrize("source", ["sqlite://tmp/old.sqlite3", "sqlite:old.sqlite3", "postgresql://x@h/db",
                                    "file:///tmp/old.sqlite3", ""])
def test_any_other_source_form_gets_one_line_with_an_example(source, capsys):
    assert migrate_db.main(source, "postgresql://x@127.0.0.1:1/x") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "sqlite:////absolute/path/rookery.sqlite3" in err, err
