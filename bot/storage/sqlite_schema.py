"""SQLite's schema for bot/storage/sqlite.py: the migrations, applied in order at start-up (PostgreSQL's, in
postgres_schema.py, are the same tables and columns)."""
from __future__ import annotations

# Append-only: a database made by any earlier version upgrades in place, one script after another.
MIGRATIONS: list[str] = [
    # 1: the first schema.
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        game_key TEXT NOT NULL,
        status TEXT NOT NULL,              -- lobby | active | paused | over | ended
        host_id INTEGER NOT NULL,
        options TEXT NOT NULL,
        turn_seconds INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        seats TEXT NOT NULL,               -- JSON list of seat records
        state TEXT,                        -- JSON of the engine state (NULL in the lobby)
        version INTEGER NOT NULL DEFAULT 0,-- number of accepted actions
        board_message_id INTEGER,
        board_posted_at REAL,
        timers TEXT NOT NULL DEFAULT '{}', -- JSON {seat: {"due": epoch, "reminded": bool}}
        logs TEXT NOT NULL DEFAULT '{}',   -- JSON recent log lines, per reader
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE UNIQUE INDEX one_live_game_per_channel ON games(channel_id)
        WHERE status IN ('lobby', 'active', 'paused');
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        seat TEXT NOT NULL,
        action TEXT NOT NULL,
        source TEXT NOT NULL,              -- player | bot | timer
        interaction_id INTEGER UNIQUE,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE guild_config (
        guild_id INTEGER PRIMARY KEY,
        starter_role_id INTEGER,
        channel_ids TEXT NOT NULL DEFAULT '[]',
        turn_seconds INTEGER
    );
    """,
    # 2: a server's memory (bot/records.py): one small row per finished or ended game, one per member
    # credited with a seat (stats and history by member), ratings per game per server, and who held a
    # seat before it changed hands (so a replaced player is credited only for the moves they made).
    """
    CREATE TABLE finished_games (
        game_id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        game_key TEXT NOT NULL,
        ended INTEGER NOT NULL,            -- 1: ended early (abandoned), never rated
        rated INTEGER NOT NULL,
        started_at REAL,
        finished_at REAL NOT NULL,
        moves INTEGER NOT NULL,
        seats TEXT NOT NULL                -- JSON [{"name", "user", "score", "won"}] in seat order
    );
    CREATE INDEX finished_by_guild ON finished_games(guild_id, finished_at);
    CREATE INDEX finished_by_guild_game ON finished_games(guild_id, game_key, finished_at);
    CREATE TABLE finished_seats (
        game_id INTEGER NOT NULL,
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        game_key TEXT NOT NULL,
        ended INTEGER NOT NULL,
        won INTEGER NOT NULL,
        finished_at REAL NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX member_results ON finished_seats(guild_id, user_id, ended, game_key, won);
    CREATE INDEX member_history ON finished_seats(guild_id, user_id, finished_at);
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        game_key TEXT NOT NULL,
        user_id INTEGER NOT NULL,          -- 0: the bots
        name TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        ordinal REAL NOT NULL,             -- mu - 3 sigma: what the leaderboard sorts by
        games INTEGER NOT NULL,
        PRIMARY KEY (guild_id, game_key, user_id)
    );
    CREATE INDEX rating_board ON ratings(guild_id, game_key, ordinal);
    CREATE TABLE seat_handovers (
        game_id INTEGER NOT NULL,
        seat TEXT NOT NULL,
        user_id INTEGER,                   -- who held the seat until then (NULL: a bot)
        name TEXT NOT NULL,
        until_seq INTEGER NOT NULL         -- the number of actions in the game when they left it
    );
    CREATE INDEX handovers_by_game ON seat_handovers(game_id);
    """,
    # 3: per member per server settings; `notify` 0 turns "it's your turn" pings off (/game notify).
    """
    CREATE TABLE member_settings (
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        notify INTEGER NOT NULL DEFAULT 1,
        PRIMARY KEY (guild_id, user_id)
    );
    """,
    # 4: `autoplay` 1 lets the host play a member's only legal card by itself (/game autoplay).
    """
    ALTER TABLE member_settings ADD COLUMN autoplay INTEGER NOT NULL DEFAULT 0;
    """,
    # 5: what the board message shows (its hash and picture key: a restart edits nothing that is right),
    # languages (a server's choice and its Discord locale), and members whatever the server: the DM channel
    # opened once (no user lookup per DM) and their language.
    """
    ALTER TABLE games ADD COLUMN board_shown TEXT NOT NULL DEFAULT '';
    ALTER TABLE games ADD COLUMN board_picture TEXT NOT NULL DEFAULT '';
    ALTER TABLE guild_config ADD COLUMN language TEXT;
    ALTER TABLE guild_config ADD COLUMN discord_locale TEXT;
    CREATE TABLE members (
        user_id INTEGER PRIMARY KEY,
        dm_channel_id INTEGER,
        discord_locale TEXT,
        language TEXT
    );
    """,
    # 6: a table's watch link (bot/web/): the token in its unguessable address, kept across restarts;
    # '' when a moderator turned watching off (/game watch off).
    """
    CREATE TABLE watch_links (
        game_id INTEGER PRIMARY KEY,
        token TEXT NOT NULL
    );
    """,
    # 7: the version whose messages are all out (cogs/table/publisher.py); NULL: unknown (rows from before
    # this, or a publish under way). A restart republishes only tables behind it, without decoding the rest.
    """
    ALTER TABLE games ADD COLUMN published_version INTEGER;
    """,
]
