"""The presentation layer's contract: a Presenter turns an engine view (facts) into a Doc (text with light
structure) and, optionally, a PNG picture. It sits outside engine/ the way python-chess keeps chess/svg.py
outside its rules core: the engine never formats, and a presenter never reads a state, only a view.

Docs are neutral: no Markdown, no Discord limits. `present.fmt` turns a Doc into Discord Markdown/embeds
(with every player name escaped) or into plain terminal text. How a game looks and is played on Discord
(its accent colour, whether its hand picture goes in the DM, how its choices become buttons or menus) is
its cog's (cogs/<game>.py), not its presenter's.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Protocol, Union

from engine.core import Action, Event, View
from present.i18n import join_runs, tr, trln


@dataclass(frozen=True)
class Strong:
    """An emphasised run (bold on Discord, plain in the terminal)."""

    text: str


@dataclass(frozen=True)
class Name:
    """A player's display name for a seat; formatters escape it (names are user input)."""

    text: str


class Code(str):
    """A block of preformatted lines (a map aligned in columns): a code block on Discord, whose font is
    monospace on every client, and plain text in the terminal. A str, so any other reader shows its text."""


Run = Union[str, Strong, Name]
Line = tuple[Run, ...]


def line(*runs: Run) -> Line:
    return tuple(r for r in runs if r != "")


@dataclass
class Section:
    """A titled block of lines (a trick, a hand, a score table, the last hand's result...)."""

    title: str
    lines: list[Line] = field(default_factory=list)
    trim: str = "end"   # where lines go first when a message is too long: "start" for logs (oldest first)


@dataclass
class Doc:
    """One message's worth of presentation: a title, sections, a footer line and an optional picture."""

    title: str
    sections: list[Section] = field(default_factory=list)
    footer: Line = ()
    picture: bytes | None = None      # PNG, rendered from the same view only
    picture_key: str | None = None    # a hash of what the picture shows; equal key = identical picture
    # The picture right above the footer and the buttons, after the sections: a board's text is often longer
    # than a phone's screen, and the picture must stay beside what the reader must do (issue 32), so this is
    # every game's layout; False puts it first (a short message whose picture is its point).
    picture_last: bool = True


class Presenter(Protocol):
    """One per game, registered in present.PRESENTERS under the game's key."""

    key: str
    emoji: str       # the game's mark in titles

    def board(self, view: View, names: dict[str, str]) -> Doc:
        """The public board, from a spectator view (view(None))."""

    def hand(self, view: View, names: dict[str, str]) -> Doc:
        """One seat's private hand and board, from that seat's view."""

    def label(self, action: Action, view: View, names: dict[str, str]) -> str:
        """Plain text (<= 80 chars) for one legal action, as the viewing seat sees it."""

    def describe(self, event: Event, names: dict[str, str]) -> Line | None:
        """One log line for an event, or None for events not worth a line."""

    def waiting(self, view: View, names: dict[str, str]) -> Line | None:
        """Who the table waits for, from a PUBLIC view only (it must not reveal hidden cards)."""

    def prompt(self, view: View) -> str:
        """What the viewing seat's current decision is about (a select placeholder, <= 150 chars)."""

    def picture(self, view: View, names: dict[str, str] | None = None) -> tuple[bytes, str] | None:
        """(PNG bytes, key) drawn from this view only (and the players' names, where the picture shows
        them), or None for a game without pictures."""

    def result(self, view: View, result: dict[str, Any], names: dict[str, str]) -> Doc:
        """The one end-of-game message: winners and the final scores explained."""

    def order(self, action: Action) -> tuple:
        """A sort key for showing one legal action in a menu (cards in hand order); () keeps engine order."""

    def labels(self, view: View, legal: list[Action], names: dict[str, str]) -> list[str]:
        """Every legal action's label for one prompt, worded together (optional: present.base.prompt_labels
        falls back to label() one by one), e.g. short enough to be buttons while each still reads apart
        (within present.fmt.budget(), the game cog's)."""

    def bundles(self, view: View, legal: list[Action]) -> list[Bundle] | None:
        """Whole multi-step choices offered as one click each (a Nevermore pass: its cards and the
        confirm), or None. Each bundle's steps are applied together or not at all, each checked against
        the rules as it comes; legal actions no bundle contains stay on offer beside them. A presenter
        whose `bundles_named` is true takes the players' names too (`names=`), for labels that name them.
        How many it may offer, and which fit as buttons, it reads from present.fmt.budget() (the game cog's)."""


@dataclass(frozen=True)
class Bundle:
    """One click that makes several steps of one decision: `steps` are engine actions, in order. `alike`:
    legal actions that would make the very same choice as its first step (another copy of the same card),
    so they are not offered again beside it."""

    label: str
    steps: tuple[Action, ...]
    alike: tuple[Action, ...] = ()


class BasePresenter:
    """Shared defaults a game's presenter may inherit (it need not: the Protocol above is the contract).

    picture() calls present/<key>/picture.py `draw(view, names)` when that module exists, so a game gains
    pictures by adding the module."""

    key = ""
    emoji = "🎲"
    title = ""
    bundles_named = False  # whether bundles() takes names= (labels that name players)
    # Event types for which whether describe() gives a line depends on more than the type (present.LogFilter
    # asks describe() about each of those; about any other type, once).
    log_varies: frozenset[str] = frozenset()

    def _drawer(self):
        if not hasattr(self, "_draw"):
            from present import part  # present/<key>/picture.py, or a test game's own (present.PARTS)

            self._draw = getattr(part(self.key, "picture"), "draw", None)
        return self._draw

    def picture(self, view: View, names: dict[str, str] | None = None) -> tuple[bytes, str] | None:
        draw = self._drawer()
        return draw(view, names) if draw is not None else None

    def prompt(self, view: View) -> str:
        return tr("Choose your move…")

    def order(self, action: Action) -> tuple:
        return ()

    def bundles(self, view: View, legal: list[Action]) -> list[Bundle] | None:
        return None

    def dm_hand(self, view: View, public: View, names: dict[str, str]) -> Doc | None:
        """The hand's DM form, built without the board: hand(view) minus the sections the public board
        (board(public)) shows too, or None when this presenter can't tell them apart without building the
        board (the caller then compares with the board's sections, as it always may)."""
        return None

    def game_title(self) -> str:
        """The game's name in the reading language (published titles stay as printed)."""
        return tr(self.title)

    def result(self, view: View, result: dict[str, Any], names: dict[str, str]) -> Doc:
        """Winners, then every seat's final score, highest first."""
        scores = result["scores"]
        winners = [Strong(names.get(s, s)) for s in result["winners"]]
        won = trln("Winner: {names}", "Winners: {names}", len(winners), names=join_runs(winners))
        rows = [line(Name(names.get(s, s)), f": {v}") for s, v in sorted(scores.items(), key=lambda kv: -kv[1])]
        return Doc(self.over_title(self.game_title()), [Section("", [won]), Section(tr("Final scores"), rows)])

    def over_title(self, game: str) -> str:
        return tr("{emoji} {game} — Game over!", emoji=self.emoji, game=game)


def prompt_labels(p, view: View, legal: list[Action], names: dict[str, str]) -> list[str]:
    """The labels of one prompt's legal actions (index i is legal action i): the presenter's own wording of
    the whole prompt when it has one (`labels`), else label() for each action."""
    whole = getattr(p, "labels", None)
    return whole(view, legal, names) if whole else [p.label(a, view, names) for a in legal]


def fit_labels(labels: list[str], most: int, clip) -> list[str] | None:
    """The labels clipped to `most` characters (by `clip(text, most)`), or None when clipping would make two
    of them read alike (they stay long, in a menu): the same, or one clipped where it says how it differs
    from another ("Attack X" beside "Attack X, then…", "Keep A and B" beside "Keep A and…")."""
    short = [s if len(s) <= most else clip(s, most) for s in labels]
    if len(set(short)) != len(set(labels)):
        return None
    stems = {s: s[:-1].rstrip() for s, full in zip(short, labels) if s != full}
    for s, stem in stems.items():
        for other in short:
            if other != s and (other.startswith(stem) or stem.startswith(stems.get(other, other))):
                return None
    return short


def offered_bundles(p, view: View, legal: list[Action], most: int | None = None,
                    names: dict[str, str] | None = None) -> tuple[list[Bundle], list[int]] | None:
    """The presenter's bundles for this prompt and the indexes of the legal actions no bundle contains
    (offered beside them, e.g. a take-back), or None: no bundles, or more than `most` (by default the
    budget's one menu: present.fmt.budget().menu) of them or of the rest. A bundle whose first step isn't
    legal now would be a presenter bug: it is left out, never offered to fail."""
    if most is None:
        from present import fmt  # (fmt builds on this module)
        most = fmt.budget().menu
    offer = getattr(p, "bundles", None)
    if offer and names is not None and getattr(p, "bundles_named", False):  # labels that name players
        offer = functools.partial(offer, names=names)
    found = [b for b in (offer(view, legal) or ()) if b.steps and b.steps[0] in legal] if offer else []
    if not found or len(found) > most:
        return None
    rest = [i for i, a in enumerate(legal) if not any(a in b.steps or a in b.alike for b in found)]
    return (found, rest) if len(rest) <= most else None


def who(names: dict[str, str], seat: str | None) -> Name:
    """A seat's display name as a run (formatters escape it)."""
    return Name(tr("everyone") if seat is None else names.get(seat, seat))


def join_names(names: dict[str, str], seats: list[str], last: str | None = None) -> Line:
    """"Ann", "Ann and Bo", "Ann, Bo and Cy" as runs, as the reading language writes a list; with
    `last=", "` a plain comma list ("Ann, Bo, Cy")."""
    if last is None:
        return join_runs(who(names, s) for s in seats)
    out: list[Run] = []
    for i, s in enumerate(seats):
        if i:
            out.append(last if i == len(seats) - 1 else ", ")
        out.append(who(names, s))
    return tuple(out)
