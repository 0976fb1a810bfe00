"""A table's messages as neutral parts, shared by Discord and the terminal: boards, hands with their
choices, the result, the lobby, the log. No Discord imports here; the Discord side lays the parts out
(cogs/table/layout.py), the terminal prints them (present.fmt.plain).

Every part is built from one reader's view in a Frame (each view computed once per version) and the log
events addressed to that reader, worded in the language being written (present.i18n.reading); the public
"waiting for" line comes from the public view only, so nothing hidden can slip into a message.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from bot.table import LOG_SHOWN, Frame, Table
from present import draw as drawing, fmt, presenter
from present.base import Bundle, Doc, Line, Name, Section, Strong, line, offered_bundles, prompt_labels
from present.datawords import GAME_OPTION, GAME_OPTION_HELP, GAME_OPTION_VALUE, option_words, term
from present.i18n import command, lang, tr, trl, trn


def minutes(seconds: int) -> str:
    if seconds >= 86400:
        return trn("{n} day", "{n} days", seconds // 86400)
    if seconds >= 3600:
        return tr("{n} h", n=seconds // 3600)
    return tr("{n} min", n=seconds // 60) if seconds >= 60 else tr("{n} s", n=seconds)


# ---- the log, worded per reader
def describe(table: Table, event: dict) -> Line | None:
    """One log line for an event: the platform's own (type "_…") or the game presenter's."""
    kind = event.get("type", "")
    if kind == "_away":
        return trl("💤 {name} seems to be away: timeouts keep passing for them until they make a move "
                   "themselves.", name=Name(table.names.get(event["seat"], event["seat"])))
    if kind == "_text":  # a line stored as English by an older version
        return line(event["text"])
    return presenter(table.game_key).describe(event, table.names)


def log_lines(table: Table, reader: str | None, count: int = LOG_SHOWN) -> list[Line]:
    """The last log lines this reader may read (public ones and their own private ones)."""
    out: list[Line] = []
    for to, event in reversed(table.logs.get("log", [])):
        if to is None or to == reader:
            said = describe(table, event)
            if said:
                out.append(said)
                if len(out) == count:
                    break
    return out[::-1]


def full_log(table: Table, reader: str | None, actions: list[dict]) -> list[Line]:
    """Every log line of the game this reader may read, rebuilt from the seed and the stored action log
    (`actions`: the storage rows, in order), so lines that scrolled away come back and nothing addressed
    to another seat is ever included."""
    state = table.game.new([s.seat for s in table.seats], table.seed, table.options)
    out = []
    for entry in actions:
        for event in state.act(entry["seat"], entry["action"]):
            if event.get("to") in (None, reader):
                said = describe(table, event)
                if said:
                    out.append(said)
    return out


def _log(table: Table, reader: str | None, shown: list[Section]) -> Section:
    """The recent log under a message's `shown` sections, leaving out lines they show already (The Everrain's
    board tells its last story in full: the same lines twice read as if it happened twice)."""
    already = {said for section in shown for said in section.lines}
    return Section(tr("Recent"), [line("› ", *said) for said in log_lines(table, reader) if said not in already],
                   trim="start")


# ---- boards
def waiting(table: Table, frame: Frame | None = None) -> Line:
    """The public status line: paused, ended, finished, or whom the table waits for (from view(None))."""
    if table.status == "paused":
        paused = tr("Paused")  # (a tr() inside another's arguments is not extracted: hoisted)
        return trl("⏸️ {paused} — a moderator or the host can {resume} it.", paused=Strong(paused),
                   resume=command("game resume"))
    if table.status == "ended":
        return line(tr("🛑 This game was ended."))
    if table.state is None:
        return ()
    if table.state.over:
        return line(tr("🏁 Finished: the result is posted below."))
    frame = frame or table.frame()
    found = presenter(table.game_key).waiting(frame.view(None), table.names)
    return line("⏳ ", *found) if found else ()


def board_doc(table: Table, frame: Frame | None = None) -> Doc:
    """The public board posted in the channel."""
    frame = frame or table.frame()
    doc = presenter(table.game_key).board(frame.view(None), table.names)
    doc.title = tr("{title} · table #{id}", title=doc.title, id=table.id)
    doc.sections.append(_log(table, None, doc.sections))
    foot = list(waiting(table, frame))
    if table.status in ("active", "paused") and not table.started.over:
        foot += trl(" · timer {time} · use {button} for your cards", time=minutes(table.turn_seconds),
                    button=Strong(tr("My hand")))
    doc.footer = tuple(foot)
    return doc


# ---- hands
def hand_doc(table: Table, seat_id: str, where: str = "", private: bool = False,
             board: Callable[[], Doc] | None = None, frame: Frame | None = None) -> Doc:
    """A player's private hand: the board as they see it, their cards, and what to do now.

    `private`: the form kept in the seat's DM. It leaves out what the public board in the channel already
    shows (sections equal to the board's, the public log, the "waiting for" line), so the DM changes only
    when the seat's own cards or prompt change. Its own private log lines are in the Log button's answer.
    The presenter may build that form without the board (dm_hand: a click's answer need not wait for the
    board); else `board()` gives the board's Doc to compare with (built here without it)."""
    frame = frame or table.frame()
    p = presenter(table.game_key)
    seat = table.seat(seat_id)
    dm_hand = getattr(p, "dm_hand", None) if private else None
    doc = dm_hand(frame.view(seat_id), frame.view(None), table.names) if dm_hand else None
    if doc is None:
        doc = p.hand(frame.view(seat_id), table.names)
        if private:
            public = (board() if board else board_doc(table, frame)).sections
            doc.sections = [s for s in doc.sections if s not in public]
    head = trl("🃏 your seat: {name}", name=Strong(seat.name)) + ((" " + where,) if where else ())
    doc.sections.insert(0, Section("", [head]))
    if not private:  # the DM leaves the log to the board and the Log button: old lines scrolling away would edit it
        doc.sections.append(_log(table, seat_id, doc.sections))
    if not frame.prompted(seat_id):
        quiet = private and table.status == "active" and not table.started.over  # paused/over: say so
        doc.footer = (line(tr("Not your move. The board is in the channel; I'll message you when it's your turn."))
                      if quiet else waiting(table, frame))
    elif doc.footer:
        your_move = tr("Your move:")
        doc.footer = trl("👉 {your_move} {what}", your_move=Strong(your_move), what="") + doc.footer
    return doc


class ChoicePolicy:
    """How a game's choices become one prompt's components: the shared defaults. Each game's cog
    (cogs/table/games.py `GameCog`, one per game in cogs/<game>.py) is one and may change any of it, so
    the Discord side asks the game's cog; the terminal, which has no components, uses these."""

    budget: fmt.Budget = fmt.BUDGET  # how many choices may be buttons (its numbers: present/fmt.py)

    def multiselect(self, view: dict, legal: list[dict]) -> tuple[str, int, int] | None:
        """(action type, min, max): several step actions of that type chosen at once in one multi-select
        (a Raven bid's cards), or None."""
        return None

    def bundles(self, p, view: dict, legal: list[dict],
                names: dict[str, str]) -> tuple[list[Bundle], list[int]] | None:
        """The presenter's whole multi-step choices (one click each) and the legal actions beside them,
        within this budget (present.base.offered_bundles), or None."""
        return offered_bundles(p, view, legal, most=self.budget.menu, names=names)


PLAIN = ChoicePolicy()


@dataclass
class Choices:
    """A seat's legal actions as a prompt offers them: labels (index i is legal action i), the display
    order, the menu placeholder, and the game's groupings (whole bundles, or one multi-select), all within
    the game's budget."""

    key: str                                     # the prompt key the components carry
    labels: list[str]
    order: list[int]
    placeholder: str
    bundles: list[Bundle] | None = None          # whole multi-step choices, one click each
    rest: list[int] | None = None                # legal actions offered beside the bundles
    together: tuple[list[int], int, int] | None = None  # (indexes, min, max) for one multi-select
    budget: fmt.Budget = fmt.BUDGET

    @property
    def as_buttons(self) -> bool:
        return as_buttons(self.labels, self.budget)


def as_buttons(labels: list[str], budget: fmt.Budget = fmt.BUDGET) -> bool:
    """A handful of choices, or up to 20 short ones (a hand of cards), are buttons."""
    return len(labels) <= budget.few or (len(labels) <= budget.buttons and max(map(len, labels)) <= budget.short)


def all_buttons(bundles: list[str], rest: list[str], budget: fmt.Budget = fmt.BUDGET) -> bool:
    """Whether a prompt's bundles and the actions beside them are all buttons, laid out together in at most
    five rows: up to 25 short labels in all."""
    return len(bundles) + len(rest) <= budget.grid and max(map(len, bundles + rest)) <= budget.short


def rest_as_buttons(bundles: list[str], rest: list[str], budget: fmt.Budget = fmt.BUDGET) -> bool:
    """Whether the actions offered beside a prompt's bundles are buttons too (else menus): up to 5 of them,
    or all fit."""
    return len(rest) <= budget.few or all_buttons(bundles, rest, budget)


def choices(table: Table, seat_id: str, frame: Frame | None = None,
            policy: ChoicePolicy = PLAIN) -> Choices | None:
    """The seat's prompt, or None when it has nothing to decide. `policy`: the game's (its cog's). Built once
    per version and language: a click's check of what its component offered (cogs/table/components.py)
    reuses the prompt the seat's message was built from."""
    frame = frame or table.frame()
    return frame.memo(("choices", seat_id, lang(), id(policy)), lambda: _choices(table, seat_id, frame, policy))


def _choices(table: Table, seat_id: str, frame: Frame, policy: ChoicePolicy) -> Choices | None:
    legal = frame.prompted(seat_id)
    if not legal:
        return None
    p = presenter(table.game_key)
    view = frame.view(seat_id)
    with fmt.fitting(policy.budget):  # the presenter words labels and bundles for the game's budget
        labels = [fmt.label(s) for s in prompt_labels(p, view, legal, table.names)]
        found = policy.bundles(p, view, legal, table.names)
    order = sorted(range(len(legal)), key=lambda i: p.order(legal[i]))  # stable: ties keep engine order
    out = Choices(frame.prompt_key(seat_id), labels, order, fmt.placeholder(p.prompt(view)), budget=policy.budget)
    if found:
        out.bundles, out.rest = found
    else:
        out.together = together(policy, view, legal, labels)
    return out


def bundle_steps(table: Table, seat_id: str, policy: ChoicePolicy = PLAIN) -> list[list[dict]]:
    """The whole choices the seat's prompt offers (the game's bundles), each as its steps: what a bundle
    click names (TableService.click, under the lock, from the live view). `policy`: the game's (its cog's)."""
    found = choices(table, seat_id, policy=policy)
    return [list(b.steps) for b in found.bundles] if found and found.bundles else []


def together(policy: ChoicePolicy, view: dict, legal: list[dict],
             labels: list[str]) -> tuple[list[int], int, int] | None:
    """The game's grouping of several step actions into one multi-select (e.g. a Raven bid: choose its
    cards at once), as (indexes, min, max); None when the prompt has no such choice. A select holds 25.
    Only where the choices would be select menus anyway: k cards as buttons cost k clicks, a multi-select
    k + 2 (open, tick k, close), but k separate menus cost 2k."""
    if as_buttons(labels, policy.budget):
        return None
    found = policy.multiselect(view, legal)
    if not found:
        return None
    kind, low, high = found
    indexes = [i for i, a in enumerate(legal) if a["type"] == kind]
    high = min(high, len(indexes))
    if high < 2 or len(indexes) > fmt.SELECT_SIZE or low > high:
        return None
    return indexes, low, high


def hand_picture(table: Table, seat_id: str, frame: Frame | None = None):
    """The seat's own picture (its hand, drawn from its own view only), or None when the game has no
    pictures or the seat's picture would show nothing beyond the public board's. Whether it goes in the
    seat's DM is the game cog's choice (cogs/table/games.py `GameCog.dm_picture`)."""
    if not table.game.traits.pictures or table.state is None:
        return None
    frame = frame or table.frame()
    seen: Frame = frame  # for the closure: mypy reads the parameter there as still Optional

    def draw():
        mine = presenter(table.game_key).picture(seen.view(seat_id), table.names)
        if mine is None:
            return None
        board = board_picture_key(table, seen)
        return None if board == mine[1] else mine
    # Once per version, seat and language: its answer, its DM and a refusal's "where things stand" all ask
    # for it, and each ask would otherwise build the picture's facts and hash them (the board's too).
    return frame.memo(("hand-picture", seat_id, lang()), draw)


def board_picture(table: Table, frame: Frame | None = None):
    """The public board's picture: once per version and language (every hand picture compares with it)."""
    if not table.game.traits.pictures or table.state is None:
        return None
    frame = frame or table.frame()
    seen: Frame = frame
    return frame.memo(("board-picture", lang()),
                      lambda: presenter(table.game_key).picture(seen.view(None), table.names))


def board_picture_key(table: Table, frame: Frame) -> str | None:
    """The board picture's key (None: the game draws none) without drawing it: each hand picture compares
    with it, in every version, while the board itself is drawn only when its (coalesced) turn comes."""
    def key():
        with drawing.keys_only():
            found = presenter(table.game_key).picture(frame.view(None), table.names)
        return found[1] if found is not None else None
    return frame.memo(("board-picture-key", lang()), key)


# ---- the end, and the lobby
def option_label(name: str) -> str:
    return term(GAME_OPTION, option_words(name))


def option_value(value) -> str:
    """A setting's value as a reader reads it: on/off, a word of the game's, or a number."""
    if isinstance(value, bool):
        return tr("on") if value else tr("off")
    if isinstance(value, str) and not value.isdecimal():
        return term(GAME_OPTION_VALUE, value)
    return str(value)

def result_doc(table: Table, frame: Frame | None = None) -> Doc:
    p = presenter(table.game_key)
    return p.result((frame or table.frame()).view(None), table.started.result(), table.names)


def lobby_doc(table: Table) -> Doc:
    game = table.game
    rows = []
    for i, s in enumerate(table.seats, start=1):
        marks = "".join([tr(" (bot)") if s.is_bot else "", tr(" (host)") if s.user_id == table.host_id else ""])
        rows.append(line(f"{i}. ", Name(s.name), marks))
    options = [line(f"{option_label(name)}: ", Strong(option_value(table.options.get(name, opt.default))),
                    f" — {term(GAME_OPTION_HELP, opt.help)}" if opt.help else "")
               for name, opt in game.options.items()]
    options.append(line(tr("turn timer: "), Strong(minutes(table.turn_seconds))))
    join, start = tr("Join"), tr("Start")
    status = {
        "lobby": trl("Press {join} to take a seat. The host presses {start} when ready.",
                     join=Strong(join), start=Strong(start)),
        "ended": line(tr("🛑 This lobby was closed.")),
    }.get(table.status, line(tr("▶️ The game has started — see the board below.")))
    players = tr("Players ({seated}/{most}, needs {least}+)", seated=len(table.seats), most=game.max_players,
                 least=game.min_players)
    return Doc(tr("🎲 {game} — new table #{id}", game=game.title, id=table.id),
               [Section(players, rows), Section(tr("Options"), options)], status)
