"""A table's messages as Docs, shared by Discord and the terminal: boards, hands, the result, lobbies.
No Discord imports here; present.fmt turns a Doc into Markdown, an embed or plain text.

Every Doc is built from one reader's engine view (through the game's presenter) and the log lines
addressed to them, and the public "waiting for" line from the public view only, so nothing hidden can slip
into a message.
"""
from __future__ import annotations

from bot.tables import Table
from present import fmt, presenter
from present.base import Doc, Line, Name, Section, Strong, line

LIMIT = fmt.CONTENT_LIMIT
LOG_SHOWN = 8  # the running log on a board or hand; the whole game's log is kept in storage


def clip(text: str, limit: int = LIMIT) -> str:
    return fmt.clip(text, limit)


def minutes(seconds: int) -> str:
    if seconds >= 86400:
        return f"{seconds // 86400} day"
    if seconds >= 3600:
        return f"{seconds // 3600} h"
    return f"{seconds // 60} min" if seconds >= 60 else f"{seconds} s"


def waiting(table: Table) -> Line:
    """The public status line: paused, ended, finished, or whom the table waits for (from view(None))."""
    if table.status == "paused":
        return line("⏸️ ", Strong("Paused"), " — a moderator or the host can /game resume.")
    if table.status == "ended":
        return line("🛑 This game was ended.")
    if table.state is None:
        return ()
    if table.state.over:
        return line("🏁 Finished: the result is posted below.")
    p = presenter(table.game_key)
    found = p.waiting(table.state.view(None), table.names)
    return line("⏳ ", *found) if found else ()


def waiting_line(table: Table) -> str:
    return fmt.md_line(waiting(table))


def _log(table: Table, reader: str | None) -> Section:
    return Section("Recent", [line("› ", text) for text in table.lines_for(reader, LOG_SHOWN)], trim="start")


def board_doc(table: Table) -> Doc:
    """The public board posted in the channel."""
    p = presenter(table.game_key)
    doc = p.board(table.state.view(None), table.names)
    doc.title = f"{doc.title} · table #{table.id}"
    doc.sections.append(_log(table, None))
    foot = list(waiting(table))
    if table.status in ("active", "paused") and not table.state.over:
        foot += [" · timer ", minutes(table.turn_seconds), " · use ", Strong("My hand"), " for your cards"]
    doc.footer = tuple(foot)
    return doc


def hand_doc(table: Table, seat_id: str, where: str = "", private: bool = False) -> Doc:
    """A player's private hand: the board as they see it, their cards, and what to do now.

    `private`: the form kept in the seat's DM. It leaves out what the public board in the channel already
    shows (sections equal to the board's, the public log, the "waiting for" line), so the DM changes only
    when the seat's own cards or prompt change: one move no longer means one DM edit per player. Its own
    private log lines are in the Log button's answer."""
    p = presenter(table.game_key)
    seat = table.seat(seat_id)
    doc = p.hand(table.state.view(seat_id), table.names)
    if private:
        public = p.board(table.state.view(None), table.names).sections
        doc.sections = [s for s in doc.sections if s not in public]
    head = line("🂠 your seat: ", Strong(seat.name), f" {where}".rstrip())
    doc.sections.insert(0, Section("", [head]))
    if not private:  # the DM leaves the log to the board and the Log button: old lines scrolling away would edit it
        doc.sections.append(_log(table, seat_id))
    if not table.pending().get(seat_id):
        quiet = private and table.status == "active" and not table.state.over  # paused/over: say so
        doc.footer = (line("Not your move. The board is in the channel; I'll message you when it's your turn.")
                      if quiet else waiting(table))
    elif doc.footer:
        doc.footer = line("👉 ", Strong("Your move:"), " ", *doc.footer)
    return doc


def full_log(table: Table, reader: str | None, actions: list[dict]) -> list[Line]:
    """Every log line of the game this reader may read, rebuilt from the seed and the stored action log
    (`actions`: the storage rows, in order), so lines that scrolled away come back and nothing addressed
    to another seat is ever included."""
    p = presenter(table.game_key)
    names = table.names
    state = table.game.new([s.seat for s in table.seats], table.seed, table.options)
    out = []
    for entry in actions:
        for event in state.act(entry["seat"], entry["action"]):
            to = event.get("to")
            if to is None or to == reader:
                said = p.describe(event, names)
                if said:
                    out.append(said)
    return out


def result_doc(table: Table) -> Doc:
    p = presenter(table.game_key)
    return p.result(table.state.view(None), table.state.result(), table.names)


def lobby_doc(table: Table) -> Doc:
    game = table.game
    rows = [line(f"{i}. ", Name(s.name), " (bot)" if s.is_bot else "", " (host)" if s.user_id == table.host_id else "")
            for i, s in enumerate(table.seats, start=1)]
    options = [line(f"{name}: ", Strong(str(table.options.get(name, opt.default))), f" — {opt.help}" if opt.help else "")
               for name, opt in game.options.items()]
    options.append(line("turn timer: ", Strong(minutes(table.turn_seconds))))
    status = {
        "lobby": line("Press ", Strong("Join"), " to take a seat. The host presses ", Strong("Start"), " when ready."),
        "ended": line("🛑 This lobby was closed."),
    }.get(table.status, line("▶️ The game has started — see the board below."))
    return Doc(f"🎲 {game.title} — new table #{table.id}", [
        Section(f"Players ({len(table.seats)}/{game.max_players}, needs {game.min_players}+)", rows),
        Section("Options", options)], status)


# ---- Markdown text, for messages that are plain content
def board_text(table: Table) -> str:
    return fmt.markdown(board_doc(table))


def hand_text(table: Table, seat_id: str, where: str = "", private: bool = False) -> str:
    return fmt.markdown(hand_doc(table, seat_id, where, private))


def result_text(table: Table) -> str:
    return fmt.markdown(result_doc(table))


def lobby_text(table: Table) -> str:
    return fmt.markdown(lobby_doc(table))
