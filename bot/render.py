"""Text shared by Discord and the terminal table: boards, hands, lobbies. No Discord imports here.

Every function takes a table and one reader, and builds text only from that reader's engine view and
the log lines addressed to them, so nothing hidden can slip into a message.
"""
from __future__ import annotations

from bot.tables import Table

LIMIT = 2000  # Discord's message content limit


def clip(text: str, limit: int = LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 2].rstrip() + " …"


def fit(head: str, body: str, tail: list[str], foot: str, limit: int = LIMIT) -> str:
    """Join the parts, dropping the oldest log lines first and trimming the body last."""
    tail = list(tail)
    while True:
        log = "\n".join(f"› {line}" for line in tail)
        parts = [p for p in (head, body, log, foot) if p]
        text = "\n\n".join(parts)
        if len(text) <= limit or not tail:
            break
        tail.pop(0)
    if len(text) > limit:
        room = limit - len(head) - len(foot) - 8
        text = "\n\n".join(p for p in (head, clip(body, max(room, 100)), foot) if p)
    return clip(text, limit)


def minutes(seconds: int) -> str:
    if seconds >= 86400:
        return f"{seconds // 86400} day"
    if seconds >= 3600:
        return f"{seconds // 3600} h"
    return f"{seconds // 60} min" if seconds >= 60 else f"{seconds} s"


def waiting_line(table: Table) -> str:
    if table.status == "paused":
        return "⏸️ **Paused** — a moderator or the host can `/game resume`."
    if table.status == "ended":
        return "🛑 This game was ended."
    if table.state is not None and table.state.over:
        return "🏁 **Game over.**"
    pending = table.pending()
    if not pending:
        return ""
    who = ", ".join(f"**{table.seat(s).name}**" for s in pending)
    return f"⏳ Waiting for {who}."


def board_text(table: Table) -> str:
    """The public board posted in the channel."""
    game = table.game
    head = f"🎲 **{game.title}** · table #{table.id} · turn timer {minutes(table.turn_seconds)}"
    body = game.render(table.state.view(None), table.names)
    foot = waiting_line(table)
    if table.state.over:
        foot = result_text(table)
    elif table.status in ("active", "paused"):
        foot += "\nUse **My hand** for your cards (it answers only you)."
    return fit(head, body, table.lines_for(None, 6), foot)


def hand_text(table: Table, seat_id: str, where: str = "") -> str:
    """A player's private hand: the board as they see it, their cards, and what to do now."""
    game = table.game
    seat = table.seat(seat_id)
    head = f"🂠 **{game.title}** {where}— your seat: **{seat.name}**".replace("  ", " ")
    body = game.render(table.state.view(seat_id), table.names)
    legal = table.pending().get(seat_id)
    if legal:
        foot = "👉 **Your move** — choose below."
    else:
        foot = waiting_line(table)
    return fit(head, body, table.lines_for(seat_id, 6), foot)


def result_text(table: Table) -> str:
    result = table.state.result()
    names = table.names
    winners = ", ".join(names.get(s, s) for s in result["winners"]) or "nobody"
    scores = " · ".join(f"{names.get(s, s)} {v}" for s, v in sorted(
        result["scores"].items(), key=lambda kv: -kv[1]))
    return f"🏁 **Game over!** Winner: **{winners}**\nFinal scores: {scores}"


def lobby_text(table: Table) -> str:
    game = table.game
    seats = "\n".join(
        f"{i}. {s.name}{' 🤖' if s.is_bot else ''}{' (host)' if s.user_id == table.host_id else ''}"
        for i, s in enumerate(table.seats, start=1)
    )
    opts = ", ".join(f"{k}: **{v}**" for k, v in table.options.items()) or "none"
    status = {
        "lobby": "Press **Join** to take a seat. The host presses **Start** when ready.",
        "ended": "🛑 This lobby was closed.",
    }.get(table.status, "▶️ The game has started — see the board below.")
    return clip(
        f"🎲 **{game.title}** — new table #{table.id}\n"
        f"Players ({len(table.seats)}/{game.max_players}, needs {game.min_players}+):\n{seats}\n"
        f"Options: {opts} · turn timer: **{minutes(table.turn_seconds)}**\n{status}"
    )
