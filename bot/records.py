"""A server's memory: what finished (or was ended), who played, who won, and ratings per game per server.

The games table stays the source of truth; this keeps a small summary per game beside it. The service
records a game when TableService reports it over or ended (after the move that ended it is committed),
and `catch_up()` at start-up records any game a crash left unrecorded, so nothing is ever missed, and a
game is never recorded (or rated) twice: the summary row's primary key decides.

The rating rule (also in the README):
  * Only games that were played to their end are rated; a game ended early (/game end) is listed in the
    history as ended, counts in nobody's played/won figures, and changes no rating. Solo games are not
    rated either (there is nobody to compare with).
  * A seat's result belongs to the person who made more than half of that seat's moves (moves the turn
    timer made for them count as theirs). A player who left or was kicked early is therefore not credited
    (and cannot dodge a loss by leaving late: past half the seat's moves the result is still theirs); a
    replacement who took over most of a seat is. A seat nobody held for most of its moves counts as a bot.
  * Bot seats are rated as one shared "bot" player, never listed with people.
"""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any, Callable

from bot import ratings
from bot.storage import Storage
from bot.storage.records import BOT_USER, history_store
from engine import GAMES

log = logging.getLogger("rookery.history")
PAGE_SIZE = 10


@dataclass
class Page:
    number: int      # 1-based
    pages: int
    total: int
    rows: list


def _page(total: int, rows: list, number: int) -> Page:
    return Page(number, max(1, -(-total // PAGE_SIZE)), total, rows)


class HistoryService:
    def __init__(self, store: Storage, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.db = history_store(store)
        self.clock = clock

    # ---- hooks called by TableService (it holds the table's lock)
    async def game_over(self, table) -> None:
        """A game finished or was ended: record it. A failure here is logged, never raised: the game's own
        commit already happened, and catch_up() at the next start records whatever was missed."""
        try:
            await self.record(table.id, table.guild_id, table.game_key, table.status,
                              [dict(vars(s)) for s in table.seats], table.state, table.version, self.clock())
        except Exception:
            log.exception("recording the history of game %s failed; catch_up() will retry", table.id)

    async def seat_handed_over(self, table, seat) -> None:
        """Called before a running game's seat changes hands: remember who held it for how many moves."""
        await self.db.handover(table.id, seat.seat, seat.user_id, seat.name, table.version)

    async def catch_up(self) -> int:
        """Record every over/ended game that has no summary yet (a crash between its last move and the
        summary, or games from before this feature). Returns how many were recorded. A game whose module
        is missing right now is left for a later start; one whose state no longer loads is listed as ended."""
        count, waiting = 0, set[int]()
        while ids := [i for i in await self.db.unrecorded(len(waiting) + 500) if i not in waiting]:
            for game_id in ids:
                row = await self.store.get_game(game_id)
                assert row is not None, "the history lists only stored games"
                if row["game_key"] not in GAMES:
                    waiting.add(game_id)
                    continue
                fields = (game_id, row["guild_id"], row["game_key"])
                try:
                    state = GAMES[row["game_key"]].load(row["state"])
                    await self.record(*fields, row["status"], row["seats"], state, row["version"], row["updated_at"])
                except Exception:
                    log.exception("game %s can't be summarised; recorded as ended", game_id)
                    await self.record(*fields, "ended", row["seats"], None, row["version"], row["updated_at"])
                count += 1
        return count

    # ---- recording
    async def record(self, game_id: int, guild_id: int, game_key: str, status: str, seats: list[dict],
                     state: Any, moves: int, finished_at: float) -> bool:
        ended = status != "over" or state is None
        result = state.result() if not ended else {"scores": {}, "winners": []}
        credited = await self.credited(game_id, seats)
        names = {BOT_USER: "Bots"}
        rows, members, raters, seen = [], [], [], set()
        for s in seats:
            user, name = credited[s["seat"]]
            won = s["seat"] in result["winners"]
            score = result["scores"].get(s["seat"])
            rows.append({"name": s["name"], "user": user, "score": score, "won": won})
            raters.append(user if user is not None else BOT_USER)
            if user is not None:
                names.setdefault(user, name)
                if user not in seen:
                    seen.add(user)
                    members.append({"user": user, "won": won})
        summary = {"game_id": game_id, "guild_id": guild_id, "game_key": game_key, "ended": ended,
                   "started_at": await self.db.first_action_at(game_id), "finished_at": finished_at, "moves": moves,
                   "seats": rows, "raters": raters, "names": names}
        rate = None
        if not ended and len(seats) >= 2:
            places = ratings.ranks([r["score"] for r in rows], [r["won"] for r in rows])
            rate = _rater(raters, places)
        return await self.db.record(summary, members, rate)

    async def credited(self, game_id: int, seats: list[dict]) -> dict[str, tuple[int | None, str]]:
        """seat -> (user id or None for a bot, their name): who made more than half of the seat's moves."""
        out = {s["seat"]: (s["user_id"], s["name"]) for s in seats}
        handovers = await self.db.handovers(game_id)
        if not handovers:
            return out  # nobody ever changed seats: the occupant played every move
        moves = await self.db.seat_moves(game_id)
        for s in seats:
            earlier = [(user, name, until) for seat, user, name, until in handovers if seat == s["seat"]]
            if not earlier:
                continue
            spans = [*earlier, (s["user_id"], s["name"], float("inf"))]
            counts: dict[int | None, int] = {}
            start: float = 0
            for user, _name, until in spans:
                counts[user] = counts.get(user, 0) + sum(1 for seq, seat in moves if seat == s["seat"]
                                                         and start <= seq < until)
                start = until
            total = sum(counts.values())
            best = max(counts, key=lambda u: counts[u])
            name = next(n for u, n, _ in reversed(spans) if u == best)
            out[s["seat"]] = (best, name) if total and counts[best] * 2 > total else (
                (s["user_id"], s["name"]) if not total else (None, "bot"))
        return out

    # ---- questions people ask
    async def history(self, guild_id: int, game_key: str | None = None, user_id: int | None = None,
                      page: int = 1) -> Page:
        total, rows = await self.db.history(guild_id, game_key, user_id, PAGE_SIZE, (page - 1) * PAGE_SIZE)
        return _page(total, rows, page)

    async def stats(self, guild_id: int, user_id: int, game_key: str | None = None) -> dict:
        """Played and won count finished games only; `ended` counts games ended early."""
        played = won = ended = 0
        per_game: dict[str, int] = {}
        for key, was_ended, games, wins in await self.db.member_results(guild_id, user_id):
            if game_key is not None and key != game_key:
                continue
            if was_ended:
                ended += games
                continue
            played, won = played + games, won + (wins or 0)
            per_game[key] = per_game.get(key, 0) + games
        favourite = max(sorted(per_game), key=lambda k: per_game[k]) if per_game else None
        rating = await self.db.rating(guild_id, game_key, user_id) if game_key else None
        return {"played": played, "won": won, "ended": ended, "rate": won / played if played else 0.0,
                "favourite": favourite, "favourite_games": per_game[favourite] if favourite is not None else 0, "rating": rating}

    async def leaderboard(self, guild_id: int, game_key: str, page: int = 1) -> Page:
        total, rows = await self.db.leaderboard(guild_id, game_key, PAGE_SIZE, (page - 1) * PAGE_SIZE)
        return _page(total, rows, page)

    async def forget_guild(self, guild_id: int) -> dict[str, int]:
        return await self.db.forget_guild(guild_id)


def _rater(raters: list[int], places: list[int]):
    """The callback the store runs inside its transaction: current ratings in, new ratings out. A player
    (usually the bots) in several seats gets the mean of their seats' new ratings."""
    def rate(current: dict[int, tuple[float, float] | None]) -> dict[int, tuple[float, float, float]]:
        after = ratings.rate([current.get(u) for u in raters], places)
        out: dict[int, list] = {}
        for user, new in zip(raters, after):
            out.setdefault(user, []).append(new)
        return {u: tuple(sum(v[i] for v in news) / len(news) for i in range(3)) for u, news in out.items()}

    return rate


def forget_guild_main(guild_id: int, db_path: str | None = None, out=None) -> int:
    """`rookery forget-guild GUILD_ID`: delete a server's history, stats, ratings, settings and finished
    games (games still being played there are kept). Safe while the bot runs: one short transaction."""
    import asyncio
    import os
    import sys

    out = out or sys.stdout
    path = db_path or os.environ.get("ROOKERY_DB", "rookery.sqlite3")
    if not os.path.exists(path):
        print(f"rookery forget-guild: no database at {path} (set ROOKERY_DB or pass --db)", file=sys.stderr)
        return 1

    async def forget() -> dict[str, int]:
        store = await Storage.open(path)
        try:
            return await HistoryService(store).forget_guild(guild_id)
        finally:
            await store.close()

    counts = asyncio.run(forget())
    summary = ", ".join(f"{n} {table}" for table, n in counts.items())
    print(f"Forgot server {guild_id} in {path}: deleted {summary}.", file=out)
    return 0
