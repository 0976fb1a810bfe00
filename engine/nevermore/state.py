"""Nevermore's game state: plain-JSON fields, the task runner and its registry, and the shared helpers every
rule uses.

The game is a stack of plain-JSON tasks ("deal", "suit", "damage", "magick", ...). The runner runs the top
task's handler until one waits for a decision; a decision (act) is applied to the waiting top task, and the
runner continues. Because every pause point is a task on the stack, any Magick reaction can interrupt
anything (a blow, a VP gain, another card) and the whole game still serialises as plain data.

Each kind registers (phases.py, suits.py, rules.py, magick.py): handler(state, task) -> True when it waits
for players (it stays on top), else it finished (popped itself, maybe pushing follow-ups); and, for waiting
kinds, options(state, task) -> {seat: [legal actions]} and act(state, task, seat, action).
"""
from __future__ import annotations

from engine.flow import Flow, FlowState
from engine.rng import Rng
from engine.nevermore import cards as C
from engine.nevermore.views import build_view

# Nevermore's own registry on the shared kernel (engine/flow.py), as Black Rose Wars keeps its in its state.py.
FLOW = Flow("Nevermore")
task = FLOW.task
waits = FLOW.waits

# Every field is plain JSON; to_json/load copy exactly these.
FIELDS = (
    "seats", "rng", "hand_no", "dealer", "base_dir", "dir", "skip", "health", "vp", "raven",
    "deck", "light", "light_discard", "shadow", "shadow_discard", "magick", "in_play",
    "hand", "picked", "confirmed", "arrived", "round", "collected",
    "tokens", "revealed", "resolved", "peek", "cur_suit", "front", "commits", "bonus", "shield",
    "stack", "winners", "over", "draws", "last", "resolution",
)
# Fields added after games were first saved, and their value when loading a game saved before them.
LATER_FIELDS = {"resolution": None}
FRONT_ZONES = ("played", "killed", "ravens", "discarded", "skulk")


def _copy(x):
    """Deep copy of plain JSON data."""
    if type(x) is dict:
        return {k: _copy(v) for k, v in x.items()}
    if type(x) is list:
        return [_copy(v) for v in x]
    return x


def _same(x):
    return x


def _lists(d: dict) -> dict:
    return {k: v[:] for k, v in d.items()}


def _nested_lists(d: dict) -> dict:
    return {k: _lists(v) for k, v in d.items()}


def _tasks(tasks: list[dict]) -> list[dict]:
    # Task values are scalars, lists of scalars, or dicts of lists.
    return [{k: v[:] if type(v) is list else _lists(v) if type(v) is dict else v for k, v in t.items()}
            for t in tasks]


# How to copy each field cheaply, knowing its shape (to_json/load run at every step of the playouts).
_COPY = {f: _same for f in ("rng", "hand_no", "dealer", "base_dir", "dir", "skip", "round", "revealed",
                            "resolved", "cur_suit", "over")}
_COPY.update({f: list.copy for f in ("seats", "deck", "light", "light_discard", "shadow", "shadow_discard",
                                     "in_play", "confirmed", "tokens", "winners")})
_COPY.update({f: dict.copy for f in ("health", "vp", "raven", "bonus", "shield", "peek")})
_COPY.update({f: _lists for f in ("magick", "hand", "picked", "arrived", "collected")})
# `resolution` is replaced whole whenever it changes (suits.py), never edited in place, so it is shared.
_COPY.update({"front": _nested_lists, "commits": _nested_lists, "stack": _tasks, "draws": _copy, "last": _copy,
              "resolution": _same})
assert set(_COPY) == set(FIELDS)


class NevermoreState(FlowState):
    FLOW = FLOW  # pending(), act(), run(), done(), push() and emit() come from the shared kernel

    # ---- serialisation -------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {f: _COPY[f](getattr(self, f)) for f in FIELDS}

    @classmethod
    def from_json(cls, data: dict) -> "NevermoreState":
        st = cls()
        for f in FIELDS:
            setattr(st, f, _COPY[f](data[f] if f in data else LATER_FIELDS[f]))
        return st

    def hand_resolution(self) -> dict:
        """This hand's resolution summary (started by the Conspiracy check; a game saved before summaries
        existed gets an empty one here, so a suit resolving after the upgrade still has somewhere to go)."""
        if self.resolution is None or self.resolution["hand"] != self.hand_no:
            self.resolution = {"hand": self.hand_no, "conspiracy": [], "suits": [], "skulking": None}
        return self.resolution

    # ---- contract ------------------------------------------------------------------------------
    def result(self) -> dict:
        return {"scores": dict(self.vp), "winners": list(self.winners)}

    def view(self, seat: str | None) -> dict:
        return build_view(self, seat)

    # ---- shared helpers ------------------------------------------------------------------------
    def order(self) -> list[str]:
        """Priority: from the dealer's next seat in this hand's passing direction, dealer last."""
        n = len(self.seats)
        d = self.seats.index(self.dealer)
        return [self.seats[(d + self.dir * k) % n] for k in range(1, n + 1)]

    def humans(self) -> list[str]:
        return [s for s in self.seats if not self.raven[s]]

    def shuffle(self, items: list) -> None:
        r = Rng(self.rng)
        r.shuffle(items)
        self.rng = r.state

    def below(self, n: int) -> int:
        r = Rng(self.rng)
        i = r.below(n)
        self.rng = r.state
        return i

    def draw_magick(self, deck: str, n: int) -> list[str]:
        """Draw up to n cards; a used-up deck is rebuilt from its shuffled discards."""
        pile, discard = getattr(self, deck), getattr(self, deck + "_discard")
        got: list[str] = []
        for _ in range(n):
            if not pile and discard:
                pile.extend(discard)
                discard.clear()
                self.shuffle(pile)
                self.emit("reshuffle", deck=deck)
            if not pile:
                break
            got.append(pile.pop())
        return got

    def discard_magick(self, card: str) -> None:
        getattr(self, C.deck_of(card) + "_discard").append(card)

    def suit_count_in_hand(self, seat: str, suit: str) -> int:
        return sum(1 for c in self.hand[seat] if C.SUIT_OF[c] == suit)
