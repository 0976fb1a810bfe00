"""Persistent components of a table. Every custom_id carries what is needed to act after a restart, so
buttons on old messages keep working. Each item resolves its table and seat in `interaction_check` and
refuses there (privately, in the clicker's language); what it does when allowed is cogs/table/clicks.py's.

These items are not discord.py items: discord.py neither stores nor dispatches them. The Host does, from
on_interaction (`TABLE_ITEMS`, `table_item`), as discord.py does a DynamicItem (the component must be on the
clicked message; the item is made from its custom_id; its interaction_check may refuse; then its callback),
but without first rebuilding the whole clicked message as a view (discord.py does that for a DynamicItem:
for a Components V2 hand of dozens of parts, about a tenth of a click's answer). On a message they are
parts (cogs/table/parts.py), each class's `part` giving its JSON. The lobby's and history's items are
DynamicItems, as before.

custom_id formats (<= 100 chars):
  rk:a:<game>:<seat>:<prompt>:<index>   one legal action (button)
  rk:s:<game>:<seat>:<prompt>:<chunk>   a select of legal actions; values are action indexes
  rk:b:<game>:<seat>:<prompt>:<n>       bundle n: several steps of one decision in one click (button or
                                        a select whose values are bundle numbers)
  rk:p:<game>:<seat>:<prompt>:<page>    "More…": show that page of a prompt with more choices than one message holds
  rk:h:<game>                           "My hand" on the public board
  rk:g:<game>                           "Log" on the public board: the whole log, as the clicker may read it
  rk:v:<game>                           "Open table" on the public board (ROOKERY_ACTIVITY): launches the Activity
<prompt> is "<moves>.<fingerprint>" of the seat's legal actions, so a click on an older prompt is caught.
<game> has at most 18 digits, so every id that reaches a query fits SQLite's 63-bit INTEGER; a forged or
older custom_id that fits no template is answered by the Host ("out of date"), never dropped silently.
The lobby's own items (rk:l, rk:o, rk:e) are in cogs/lobby.py, history's (rkh:) in cogs/history.py.
"""
from __future__ import annotations

import logging
import re
from collections.abc import Mapping

import discord

from bot import errors, render
from bot.render import Choices, all_buttons, as_buttons
from bot.table import Actor, Pick, Seat, Table
from cogs.table import parts as P
from cogs.table.games import policy
from cogs.table.services import services_of
from present import fmt
from present.fmt import SELECT_SIZE
from present.i18n import tr

GAME = r"(?P<game>\d{1,18})"  # below 2**63: SQLite's INTEGER range
PROMPT = r"(?P<prompt>\d{1,9}\.[0-9a-f]{8})"
SEAT = r"(?P<seat>p\d{1,2})"
SELECTS_MAX = fmt.ROWS_MAX - 1  # leaves one row free
PAGE_SIZE = (SELECTS_MAX - 1) * SELECT_SIZE  # past 100 choices: three selects a page, the 4th row turns pages
SQLITE_MAX_ID = 2**63 - 1
log = logging.getLogger("rookery.table")


def actor(interaction: discord.Interaction) -> Actor:
    """Who asks, as the service's policy reads it."""
    perms = interaction.permissions
    roles = frozenset(r.id for r in getattr(interaction.user, "roles", []) or [])
    return Actor(interaction.user.id, interaction.user.display_name, perms.manage_channels, perms.manage_guild,
                 roles)


def index_of(values: list[str] | None) -> int:
    """A select value as an index; anything forged (not 1–4 ASCII digits) becomes -1, "not offered"."""
    value = (values or [""])[0]
    return int(value) if re.fullmatch(r"[0-9]{1,4}", value) else -1


def data_of(interaction: discord.Interaction) -> Mapping[str, object]:
    """The interaction's payload, read as a mapping (discord.py types it as a union of TypedDicts)."""
    return interaction.data or {}


def values_of(interaction: discord.Interaction) -> list[str]:
    values = data_of(interaction).get("values")
    return [str(v) for v in values] if isinstance(values, list) else []


def not_theirs(seat: Seat | None, user_id: int) -> errors.Refusal | None:
    """The refusal for a click on a seat's item by someone who does not hold that seat (None: they do).
    Checked by the item before the click runs; the service checks again under the table's lock (a kick may
    land between)."""
    if seat is not None and seat.user_id == user_id:
        return None
    owner = seat.name if seat else tr("another player")
    return errors.NotYourChoices(owner=f"**{owner}**")


class TableItem:
    """Mixin for an item on a table's message: resolves the table (and the seat the item belongs to)
    once, refuses in interaction_check, and runs `handle` through Answer.safely."""

    game: int
    seat_id: str | None = None
    statuses: tuple[str, ...] = ("active", "paused")
    table: Table | None = None

    async def resolve(self, interaction: discord.Interaction) -> None:
        service = services_of(interaction).service
        self.table = await service.get(self.game) if 0 < self.game <= SQLITE_MAX_ID else None

    @property
    def seat(self) -> Seat | None:
        if self.table is None or self.seat_id is None:
            return None
        return next((s for s in self.table.seats if s.seat == self.seat_id), None)

    @property
    def checked_table(self) -> Table:
        """The table, once interaction_check has resolved and checked it (handle runs only after that)."""
        assert self.table is not None, "handle() runs only after check() found the table"
        return self.table

    @property
    def checked_seat_id(self) -> str:
        """The seat this item belongs to; only for items made with one (check() verified it is theirs)."""
        assert self.seat_id is not None, "a seat item always carries its seat"
        return self.seat_id

    def check(self, interaction: discord.Interaction) -> None:
        """Raise the Refusal that stops this click before anything runs."""
        if self.table is None or self.table.status not in self.statuses or self.table.state is None:
            raise errors.NotRunning()
        if self.seat_id is not None and (refusal := not_theirs(self.seat, interaction.user.id)) is not None:
            raise refusal

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        answer = services_of(interaction).answer
        await answer.speak_to(interaction)
        await self.resolve(interaction)
        try:
            services_of(interaction).service.require_served(self.table)  # a game this process doesn't run: kept as is
            self.check(interaction)
        except errors.Refusal as refusal:
            await answer.refusal(interaction, refusal)
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        # interaction_check, just before in the same task, already set the member's language
        await services_of(interaction).answer.safely(interaction, self.handle(interaction), spoken=True)

    async def handle(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class HostItem(TableItem):
    """A table item the Host dispatches itself (see the module's docstring): `template` is the custom_id it
    answers, compiled as `custom_id_pattern`; `from_match` makes the item from a match of it."""

    custom_id_pattern: re.Pattern[str]
    custom_id: str

    def __init_subclass__(cls, template: str | None = None, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if template is not None:
            cls.custom_id_pattern = re.compile(template)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> "HostItem":
        raise NotImplementedError


class PromptItem(HostItem):
    """An item of one seat's prompt: its custom_id names the game, the seat, the prompt key and a number
    (`kind` is its letter in the custom_id)."""

    kind: str

    def __init__(self, game: int, seat: str, prompt: str, n: int = 0) -> None:
        self.game, self.seat_id, self.prompt, self.n = game, seat, prompt, n
        self.custom_id = self.id_of(game, seat, prompt, n)

    @classmethod
    def id_of(cls, game: int, seat: str, prompt: str, n: int | str) -> str:
        return f"rk:{cls.kind}:{game}:{seat}:{prompt}:{n}"

    @classmethod
    def from_match(cls, match: re.Match[str]) -> "PromptItem":
        g = match.groupdict()
        return cls(int(g["game"]), g["seat"], g["prompt"], int(g.get("n") or 0))

    async def move(self, interaction: discord.Interaction, pick: Pick, values: tuple[str, ...] = ()) -> None:
        """Make the move; with `values` (a select's or an action button's), only if this very component
        offers them on the live prompt (a forged value naming another legal action is refused)."""
        offered = None
        if values:
            def offered(table: Table) -> bool:
                choices = render.choices(table, self.checked_seat_id, policy=policy(table.game_key))
                return set(values) <= offered_values(self.game, self.checked_seat_id, choices, self.custom_id)
        await services_of(interaction).clicks.move(interaction, self.checked_table, self.checked_seat_id, self.prompt,
                                                   pick, offered)


class ActionButton(PromptItem, template=rf"rk:a:{GAME}:{SEAT}:{PROMPT}:(?P<n>\d{{1,4}})"):
    """Legal action n."""

    kind = "a"

    @classmethod
    def part(cls, game: int, seat: str, prompt: str, index: int, label: str, style: int = P.PRIMARY) -> dict:
        return P.button(cls.id_of(game, seat, prompt, index), label, style)

    async def handle(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, Pick((self.n,)), (self.custom_id,))


class ActionSelect(PromptItem, template=rf"rk:s:{GAME}:{SEAT}:{PROMPT}:(?P<n>\d)"):
    """A menu of legal actions (menu n of the prompt); each value is an action's index. Past one value
    (`count`: min, max) it is a multi-select: the chosen actions are the steps of one decision (cards of a
    bid), applied together or not at all."""

    kind = "s"

    @classmethod
    def part(cls, game: int, seat: str, prompt: str, chunk: int, options: list[dict], placeholder: str,
             count: tuple[int, int] = (1, 1)) -> dict:
        return P.select(cls.id_of(game, seat, prompt, chunk), options, placeholder, count)

    async def handle(self, interaction: discord.Interaction) -> None:
        values = values_of(interaction)[:SELECT_SIZE]
        await self.move(interaction, Pick(tuple(index_of([v]) for v in values) or (-1,)), tuple(values) or ("",))


class BundleButton(PromptItem, template=rf"rk:b:{GAME}:{SEAT}:{PROMPT}:(?P<n>\d{{1,2}})"):
    """A whole multi-step choice (the presenter's bundle n, recomputed by the service from the live view:
    the prompt key already says the view is the one the button was made for)."""

    kind = "b"

    @classmethod
    def part(cls, game: int, seat: str, prompt: str, n: int, label: str) -> dict:
        return P.button(cls.id_of(game, seat, prompt, n), label)

    async def handle(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, Pick(bundle=self.n))


class BundleSelect(PromptItem, template=rf"rk:b:{GAME}:{SEAT}:{PROMPT}:s"):
    """More bundles than buttons hold (or long labels): one menu, each value a bundle number."""

    kind = "b"

    @classmethod
    def id_of(cls, game: int, seat: str, prompt: str, n: int | str = 0) -> str:
        return super().id_of(game, seat, prompt, "s")

    @classmethod
    def part(cls, game: int, seat: str, prompt: str, options: list[dict], placeholder: str) -> dict:
        return P.select(cls.id_of(game, seat, prompt), options, placeholder)

    async def handle(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, Pick(bundle=index_of(values_of(interaction))))


class PageButton(PromptItem, template=rf"rk:p:{GAME}:{SEAT}:{PROMPT}:(?P<n>\d{{1,3}})"):
    """Turns a long prompt's page: no option is ever dropped, however many the rules allow."""

    kind = "p"

    @classmethod
    def part(cls, game: int, seat: str, prompt: str, page: int, label: str) -> dict:
        return P.button(cls.id_of(game, seat, prompt, page), label, P.SECONDARY)

    async def handle(self, interaction: discord.Interaction) -> None:
        await services_of(interaction).clicks.turn_page(interaction, self.checked_table, self.checked_seat_id, self.prompt, self.n)


class BoardItem(HostItem):
    """An item on the public board: its custom_id names only the game."""

    kind: str

    def __init__(self, game: int) -> None:
        self.game = game
        self.custom_id = self.id_of(game)

    @classmethod
    def id_of(cls, game: int) -> str:
        return f"rk:{cls.kind}:{game}"

    @classmethod
    def from_match(cls, match: re.Match[str]) -> "BoardItem":
        return cls(int(match["game"]))


class HandButton(BoardItem, template=rf"rk:h:{GAME}"):
    kind = "h"

    @classmethod
    def part(cls, game: int) -> dict:
        return P.button(cls.id_of(game), tr("My hand"), P.SUCCESS, "🃏")

    async def handle(self, interaction: discord.Interaction) -> None:
        await services_of(interaction).clicks.show_hand(interaction, self.checked_table)


class LogButton(BoardItem, template=rf"rk:g:{GAME}"):
    """The whole game's log as the clicking member may read it (rebuilt from the stored actions)."""

    kind = "g"
    statuses = ("active", "paused", "over", "ended")

    @classmethod
    def part(cls, game: int) -> dict:
        return P.button(cls.id_of(game), tr("Log"), P.SECONDARY, "📜")

    async def handle(self, interaction: discord.Interaction) -> None:
        await services_of(interaction).clicks.show_log(interaction, self.checked_table)


class ActivityButton(BoardItem, template=rf"rk:v:{GAME}"):
    """"Open table": Discord opens the Activity (issue 35) in the board's channel, answering the click with the
    LAUNCH_ACTIVITY callback (type 12). The Activity finds the table by its channel, so the custom_id needs
    no more than the game, which it names only to refuse a finished one. The button is on the board only
    while Activities are on (Messages.activity); an older board's button is refused once they are off."""

    kind = "v"
    statuses = ("active", "paused", "over", "ended")  # a finished game gets its own words, below

    @classmethod
    def part(cls, game: int) -> dict:
        return P.button(cls.id_of(game), tr("Open table"), P.PRIMARY, "🎲")

    def check(self, interaction: discord.Interaction) -> None:
        if not services_of(interaction).messages.activity:
            raise errors.ActivityOff()
        if self.table is not None and self.table.status in ("over", "ended"):
            raise errors.GameOver()
        super().check(interaction)

    async def handle(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.response.launch_activity()
        except discord.HTTPException as exc:
            # Discord refuses the launch for an application without Activities (the operator set
            # ROOKERY_ACTIVITY but not the Developer Portal). A refused callback leaves the interaction
            # unanswered, so the member still gets a private answer.
            log.warning("Discord refused to launch the Activity (HTTP %s, code %s): are Activities turned on "
                        "for this application in the Developer Portal?", exc.status, exc.code)
            raise errors.ActivityRefused() from None


TABLE_ITEMS = (ActionButton, ActionSelect, BundleButton, BundleSelect, PageButton, HandButton, LogButton,
               ActivityButton)


_BY_KIND = {kind: tuple(i for i in TABLE_ITEMS if i.kind == kind) for kind in {i.kind for i in TABLE_ITEMS}}


def table_item(custom_id: str) -> tuple[type[HostItem], re.Match[str]] | None:
    """The table item class this custom_id names, with the match its item is made from (None: not one).
    Only the classes of its kind (the letter after "rk:") are tried."""
    for item in _BY_KIND.get(custom_id[3:4], ()) if custom_id.startswith("rk:") else ():
        if (match := item.custom_id_pattern.fullmatch(custom_id)) is not None:
            return item, match
    return None


# ---- a prompt's rows (parts: cogs/table/parts.py)
def _row_of(items: list[dict]) -> list[dict]:
    """Buttons five to a row, in order."""
    return [P.row(items[i:i + fmt.ROW_SIZE]) for i in range(0, len(items), fmt.ROW_SIZE)]


def _options(labels: list[str], indexes: list[int]) -> list[dict]:
    return [P.option(labels[i], str(i)) for i in indexes]


def pages(count: int) -> int:
    """How many pages a prompt of `count` choices needs (1 up to 100 choices: four selects)."""
    return 1 if count <= SELECTS_MAX * SELECT_SIZE else -(-count // PAGE_SIZE)


def _rest(game_id: int, seat: str, c: Choices, rest: list[int]) -> list[dict]:
    """The actions offered beside a bundle or a multi-select: small buttons, or one menu per 25."""
    if len(rest) <= c.budget.few:
        return _row_of([ActionButton.part(game_id, seat, c.key, i, c.labels[i], P.SECONDARY) for i in rest])
    return [P.row([ActionSelect.part(game_id, seat, c.key, chunk,
                                     _options(c.labels, rest[chunk * SELECT_SIZE:(chunk + 1) * SELECT_SIZE]),
                                     c.placeholder)])
            for chunk in range(min(SELECTS_MAX - 1, -(-len(rest) // SELECT_SIZE)))]


def choice_rows(game_id: int, seat: str, c: Choices | None, page: int = 0) -> list[dict]:
    """Buttons for a few choices, select menus for many, pages of three selects and a "More…" button past
    100. Index i always means legal action i, whatever the display order or the page puts where."""
    if c is None or not c.labels:
        return []
    if c.bundles is not None:
        names = [b.label for b in c.bundles]
        rest = [i for i in c.order if i in (c.rest or [])]
        if len(names) + len(rest) > c.budget.few and all_buttons(names, [c.labels[i] for i in rest], c.budget):
            # one grid of buttons, every row
            return _row_of([BundleButton.part(game_id, seat, c.key, n, name) for n, name in enumerate(names)]
                           + [ActionButton.part(game_id, seat, c.key, i, c.labels[i], P.SECONDARY) for i in rest])
        if as_buttons(names, c.budget):  # at most 4 rows of buttons: the 5th is left for what else is on offer
            rows = _row_of([BundleButton.part(game_id, seat, c.key, n, name) for n, name in enumerate(names)])
        else:
            rows = [P.row([BundleSelect.part(game_id, seat, c.key, [P.option(name, str(n))
                                                                    for n, name in enumerate(names)],
                                             c.placeholder)])]
        return rows + _rest(game_id, seat, c, rest)
    if c.together is not None:  # (indexes, min, max): one multi-select for them, the other actions as usual
        indexes, low, high = c.together
        hint = tr("{prompt} (choose {n})", prompt=c.placeholder, n=low) if low == high else \
            tr("{prompt} (up to {n} at once)", prompt=c.placeholder, n=high)
        rows = [P.row([ActionSelect.part(game_id, seat, c.key, 9, _options(
            c.labels, [i for i in c.order if i in indexes]), hint, (low, high))])]
        return rows + _rest(game_id, seat, c, [i for i in c.order if i not in indexes])
    if c.as_buttons:
        return _row_of([ActionButton.part(game_id, seat, c.key, i, c.labels[i]) for i in c.order])
    total = pages(len(c.labels))
    page = page % total
    first = page * PAGE_SIZE if total > 1 else 0
    shown = c.order[first:first + (PAGE_SIZE if total > 1 else SELECTS_MAX * SELECT_SIZE)]
    rows = []
    for chunk in range(-(-len(shown) // SELECT_SIZE)):
        part = shown[chunk * SELECT_SIZE:(chunk + 1) * SELECT_SIZE]
        start = first + chunk * SELECT_SIZE
        suffix = tr(" ({first}–{last} of {n})", first=start + 1, last=start + len(part), n=len(c.labels)) \
            if len(c.labels) > SELECT_SIZE else ""
        rows.append(P.row([ActionSelect.part(game_id, seat, c.key, chunk, _options(c.labels, part),
                                             c.placeholder + suffix)]))
    if total > 1:
        nxt = (page + 1) % total
        rows.append(P.row([PageButton.part(game_id, seat, c.key, nxt,
                                           tr("More… (page {n} of {total})", n=nxt + 1, total=total))]))
    return rows


def offered_values(game_id: int, seat: str, c: Choices | None, custom_id: str) -> set[str]:
    """What the component `custom_id` offers on the seat's prompt, on any of its pages: a select's option
    values, or a button's own custom_id."""
    out: set[str] = set()
    for page in range(pages(len(c.labels)) if c is not None else 0):
        for row in choice_rows(game_id, seat, c, page):
            for part in row["components"]:
                if part.get("custom_id") == custom_id:
                    out |= {o["value"] for o in part.get("options") or ()} or {custom_id}
    return out


def board_rows(game_id: int, watch: str | None = None, activity: bool = False) -> list[dict]:
    """The board's buttons; `watch`: the table's watch page (a link button) when the web page is on;
    `activity`: the Open table button, when Activities are on (ROOKERY_ACTIVITY)."""
    buttons = [HandButton.part(game_id), LogButton.part(game_id)]
    if activity:
        buttons.append(ActivityButton.part(game_id))
    if watch:
        buttons.append(P.link(watch, tr("Watch"), emoji="📺"))
    return [P.row(buttons)]


def handled(custom_id: str, items=TABLE_ITEMS) -> bool:
    """Whether one of these persistent items (the Host's, or DynamicItems) answers this custom_id (else it
    is forged or out of date)."""
    patterns = (getattr(item, "custom_id_pattern", None) or item.__discord_ui_compiled_template__ for item in items)
    return any(pattern.fullmatch(custom_id) for pattern in patterns)


class Items:
    """Every persistent item type the bot answers: the table's own (the Host runs them) and each cog's
    DynamicItems (discord.py runs them once registered here), so buttons on old messages work again after a
    restart, and a custom_id none of them answers is out of date (the Host says so)."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.kinds: list = list(TABLE_ITEMS)

    def register(self, *items) -> None:
        self.bot.add_dynamic_items(*items)
        self.kinds += [i for i in items if i not in self.kinds]

    def unregister(self, *items) -> None:
        self.bot.remove_dynamic_items(*items)
        self.kinds = [i for i in self.kinds if i not in items]

    def handled(self, custom_id: str) -> bool:
        return handled(custom_id, self.kinds)
