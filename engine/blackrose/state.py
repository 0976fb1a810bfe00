"""Black Rose Wars game state: plain-JSON fields on the shared flow kernel, plus the small helpers every
rule uses (shuffling, drawing, Power Points and the Moon). Rules themselves live in the other modules."""
from __future__ import annotations

import operator
from functools import lru_cache

import orjson

from engine.core import find_legal
from engine.flow import Flow, FlowState
from engine.blackrose import cards as C

FLOW = Flow("Black Rose Wars")
task = FLOW.task
waits = FLOW.waits


class NeedReaction(Exception):
    """Raised at a moment nobody has answered yet: the action is undone and a reaction window opens."""

    def __init__(self, ask: dict) -> None:
        super().__init__("reaction window")
        self.ask = ask

FIELDS = (
    "seats", "rng", "opts", "turn", "moon", "crown", "order", "extra", "mage", "school", "colour",
    "layout", "cells", "pos", "destroyed", "activated", "inst", "dmg", "temp", "evos", "next_evo", "pp",
    "hand", "grimoire", "memories", "aside", "library", "discards", "forgotten", "removed",
    "quests", "done_quests", "qdeck", "qdiscard", "board", "edeck", "ediscard", "mods",
    "slots", "armed", "phys", "inhib", "buffs", "marks", "trophies", "tokens", "stats",
    "stack", "over", "winners", "final", "last", "ask_me",
)
# Fields a state saved before they existed lacks, and what they were then (a game in progress goes on).
_ADDED = {"ask_me": lambda data: {s: [] for s in data["seats"]}}


def _events_with() -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for e, d in C.EVENTS.items():
        for k in d.get("mod", ()):
            out.setdefault(k, set()).add(e)
    return {k: frozenset(v) for k, v in out.items()}


# The Events that say something about each key (BlackRoseState.event_mods: most often none is in play).
_EVENTS_WITH = _events_with()
_NONE: frozenset[str] = frozenset()


@lru_cache(maxsize=1024)
def _event_mods(board: tuple, key: str) -> tuple:
    return tuple(C.EVENTS[e]["mod"][key] for e in board if e and key in C.EVENTS[e].get("mod", ()))


_FIELDS_OF = operator.attrgetter(*FIELDS)


def _snapshot_groups() -> tuple[tuple[tuple[str, ...], operator.attrgetter], ...]:
    """A reaction snapshot (BlackRoseState._apply) is serialised in groups of fields. When a window opens the
    first group (the task stack, positions, Power Points: what almost every action changes) is put back, and
    each other group only if it changed, which serialising it again tells far more cheaply than parsing it
    back. Where windows open, the spells in slots have changed about half the time, the cards held a time in
    ten, the set-up, decks and piles almost never."""
    slots = ("slots", "armed")
    held = ("hand", "memories", "grimoire", "aside", "quests", "done_quests")
    still = ("seats", "opts", "mage", "school", "colour", "layout", "cells", "library", "discards", "forgotten",
             "removed", "qdeck", "qdiscard", "edeck", "ediscard")
    first = tuple(f for f in FIELDS if f not in slots + held + still)
    return tuple((group, operator.attrgetter(*group)) for group in (first, slots, held, still))


_SNAPSHOT = _snapshot_groups()
# Event fields that may name a model (an Evocation id gets its kind and owner added, see emit).
_MODEL_FIELDS = ("model", "tgt", "target", "seat", "evo", "victim")


_MASK = (1 << 64) - 1
_FIRE_CHOICE_CARDS = C.FIRE_CHOICE_CARDS


def shuffle(state: int, items: list) -> int:
    """engine.rng.Rng(state).shuffle(items), returning the generator's new state: the same SplitMix64 draws
    and rejection sampling, inlined (a game shuffles a few hundred times, most of it while setting up, and a
    method call per draw was a fair part of that). tests/engine/test_blackrose_stream.py checks it against
    Rng."""
    x = state & 0xFFFFFFFFFFFFFFFF  # the mask as a literal: a constant, not a global looked up per draw
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        while True:
            x = (x + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            z ^= z >> 31
            # Accepted below the limit 2**64-1 - (2**64-1) % n; that limit is never under 2**64 - 2**32 (n is
            # a list's length, far below 2**32), so the first test settles nearly every draw.
            if z < 0xFFFFFFFF00000000 or z < _MASK - _MASK % n:
                break
        j = z % n
        items[i], items[j] = items[j], items[i]
    return x


class BlackRoseState(FlowState):
    """Reaction windows (Traps and Protections the owner may trigger) can open deep inside an action, in the
    middle of a Damage or a move. Rather than make every rule resumable, an action is applied from a
    snapshot: the first unanswered moment (rules.reaction) raises, the state goes back to the snapshot and
    a "react" task waits for the owners' answers; then the same action is applied again, deterministically,
    with the answers given so far (`rx`, one per moment in the order the action reaches them)."""

    FLOW = FLOW
    # Every field is a slot: reading a field is the rules' commonest operation, and with this many fields an
    # instance dict is a plain dict (past CPython's shared-key limit), read by lookup; a slot is read directly.
    __slots__ = FIELDS + ("rx", "rx_i", "rx_asks", "_snap", "_ev", "_pending", "_pending_top", "_after")

    def __init__(self) -> None:
        super().__init__()
        self.rx: list[dict] | None = None  # the answers while an action is applied; None: no window may open
        self.rx_i = 0
        self.rx_asks = False  # whether a spell was armed "ask me" when this action began (rules.reaction)
        self._pending_top = self._after = None
        self._snap: tuple[dict, list[bytes]] | None = None  # the snapshot a reaction window was opened from

    def act(self, seat: str, action: dict) -> list[dict]:
        before = self._pending
        if before is None or self.over or not self.stack or self._pending_top is not self.stack[-1]:
            before = self.pending()  # not cached (pending() trusts the cache under the same conditions)
        for offered in before.get(seat) or ():  # a driver usually hands back one of the very dicts offered
            if offered is action:
                break
        else:
            find_legal(before, seat, action)  # compares by value; raises, with the player's message
        top = self.stack[-1]
        kind = top["k"]
        if kind == "react":
            return self._answer(top, seat, action)
        if kind in self.FLOW.seat_options:  # only this seat's options change (Flow.waits)
            self._after = (top, before, seat)
        try:
            return self._apply(seat, action, [])
        finally:
            self._after = None

    def _answer(self, top: dict, seat: str, action: dict) -> list[dict]:
        """One seat's answer to a reaction window; the last one applies the paused action with them all."""
        top["got"][seat] = action["value"] if "values" in top else action["card"]
        self._pending = None
        self._ev = []
        if len(top["got"]) < len(top["seats"]):
            return self._ev
        self.stack.pop()
        # The state is again as the window found it, so the snapshot taken then still holds (one kept only
        # for this very task: a loaded state takes a new one).
        snap = self._snap[1] if self._snap is not None and self._snap[0] is top else None
        self._snap = None
        return self._apply(top["redo"]["seat"], top["redo"]["action"], top["answers"] + [top["got"]], snap)

    def _apply(self, seat: str, action: dict, answers: list[dict], snap: list[bytes] | None = None) -> list[dict]:
        self._ev = []
        self._pending = None
        top = self.stack[-1]
        for rec in self.armed:
            if "ask" in rec or rec["card"] in _FIRE_CHOICE_CARDS:
                break  # armed "ask me", or asking its owner as it fires: a window may open
        else:
            # Nothing armed "ask me", and nothing whose firing asks its owner: no window can open (a spell
            # armed so during this very action fires by default, rules.reaction), so no snapshot is
            # needed. Almost every action is here.
            self.FLOW.acts[top["k"]](self, top, seat, action)
            self.run()
            return self._ev
        # The snapshot is serialised only (orjson, the cheapest copy of plain JSON); it is parsed back only
        # when a window opens.
        if snap is None:
            snap = [orjson.dumps(values(self)) for _, values in _SNAPSHOT]
        self.rx, self.rx_i = answers, 0
        # Only a spell armed "ask me" before the action can open a window; one armed during it fires like the
        # default (rules.reaction), whatever else armed made this snapshot necessary.
        self.rx_asks = False
        for rec in self.armed:
            if "ask" in rec:
                self.rx_asks = True
                break
        try:
            self.FLOW.acts[top["k"]](self, top, seat, action)
            self.run()
        except NeedReaction as need:
            for i, (fields, values) in enumerate(_SNAPSHOT):
                if i == 0 or orjson.dumps(values(self)) != snap[i]:
                    for f, value in zip(fields, orjson.loads(snap[i])):
                        setattr(self, f, value)
            self._ev = []
            self._pending = None
            react = {"k": "react", "redo": {"seat": seat, "action": action}, "answers": answers, "got": {},
                     **need.ask}
            self.stack.append(react)
            self._snap = (react, snap)  # for the answers' replay (_answer)
            self.emit("reactions")
        finally:
            self.rx = None
        return self._ev

    def to_json(self) -> dict:
        # A deep copy through orjson (the fields are plain JSON): five times quicker than copying in Python.
        return dict(zip(FIELDS, orjson.loads(orjson.dumps(_FIELDS_OF(self)))))

    @classmethod
    def from_json(cls, data: dict) -> "BlackRoseState":
        st = cls()
        got = [data[f] if f in data or f not in _ADDED else _ADDED[f](data) for f in FIELDS]
        for f, value in zip(FIELDS, orjson.loads(orjson.dumps(got))):
            setattr(st, f, value)  # a deep copy, as in to_json
        return st

    def view(self, seat):
        from engine.blackrose.views import build_view
        return build_view(self, seat)

    def result(self) -> dict:
        scores = self.final.get("totals") if self.final else None
        return {"scores": scores or {s: self.pp[s] for s in self.seats}, "winners": list(self.winners),
                "rose": self.pp["rose"]}

    # ---- events ----------------------------------------------------------------------------------
    def emit(self, type_: str, to: str | None = None, **data) -> None:
        """Every event also carries the public facts a log line needs and the emitting rule did not know to
        add: what an Evocation named in it is ("evos": id -> [kind, owner]), which room a label is
        ("room_id"), and the running totals of damage on a model and instability in a room. Facts only
        (ids and counts), all public on the board already."""
        if self.evos:
            # Whether any value looks like an Evocation id ("v..."), looked at first: most events name none.
            # ("v" <= v < "w" is a string starting with "v": two comparisons, quicker than slicing it.)
            named = False
            for v in data.values():
                if type(v) is str and "v" <= v < "w":
                    named = True
                    break
            if named:
                for k in _MODEL_FIELDS:
                    if k in data:
                        v = data[k]
                        if type(v) is str and "v" <= v < "w" and (ev := self.evo(v)) is not None:
                            data.setdefault("evos", {})[v] = [ev["kind"], ev["owner"]]
        if "room" in data:
            room = data["room"]
            if type(room) is str and room in self.layout:
                data["room_id"] = self.layout[room]
                if type_ == "instability":
                    data["total"] = sum(self.inst.get(room, {}).values())
        if type_ == "damage":
            m = data.get("tgt")
            if m in self.pos:
                data["total"], data["health"] = sum(self.dmg[m].values()), self.health(m)
            elif (ev := self.evo(m)) is not None:
                hp = C.EVOS[ev["kind"]]["health"] or self.health(ev["owner"])
                data["total"], data["health"] = ev["dmg"], hp
        self._ev.append({"type": type_, "to": to, **data})

    # ---- randomness -----------------------------------------------------------------------------
    def shuffle(self, items: list) -> None:
        self.rng = shuffle(self.rng, items)

    # ---- seats and models --------------------------------------------------------------------------
    def in_cell(self, seat: str) -> bool:
        return self.pos[seat] == "cell"

    def room_of(self, model: str) -> str | None:
        """The room label a model (seat or evocation id) stands in; None for a mage in their Cell."""
        if model in self.pos:
            p = self.pos[model]
            return None if p == "cell" else p
        ev = self.evo(model)
        return ev["at"] if ev else None

    def evo(self, eid: str) -> dict | None:
        for e in self.evos:
            if e["id"] == eid:
                return e
        return None

    def owner(self, model: str) -> str | None:
        if model in self.pos:
            return model
        ev = self.evo(model)
        return ev["owner"] if ev else None

    def models_in(self, room: str) -> list[str]:
        """The mages (in turn order), then the Evocations, in a room (plain loops: a comprehension costs a
        call on Python 3.11, and this is asked often)."""
        pos, out = self.pos, []
        for s in self.order:
            if pos[s] == room:
                out.append(s)
        for e in self.evos:
            if e["at"] == room:
                out.append(e["id"])
        return out

    def occupancy(self) -> dict[str, list[str]]:
        """Every room's models (mages in turn order, then Evocations): models_in for all rooms at once."""
        out: dict[str, list[str]] = {}
        for s in self.order:
            out.setdefault(self.pos[s], []).append(s)
        for e in self.evos:
            out.setdefault(e["at"], []).append(e["id"])
        return out

    def room_id(self, label: str) -> str:
        return self.layout[label]

    def colour_of(self, label: str) -> str:
        return self.mods.get("tint", {}).get(label) or C.ROOMS[self.layout[label]]["colour"]

    def health(self, seat: str) -> int:
        return C.MAGES[self.mage[seat]]["health"]

    def next_seats(self, seat: str) -> list[str]:
        """Every other seat clockwise (in turn order) from the one after `seat`."""
        order = self.order
        i = order.index(seat) + 1
        return order[i:] + order[:i - 1]  # (slices: a comprehension costs a call on Python 3.11)

    # ---- cards -----------------------------------------------------------------------------------
    def draw_grimoire(self, seat: str, n: int) -> list[str]:
        got = []
        for _ in range(n):
            if not self.grimoire[seat] and self.memories[seat]:
                self.grimoire[seat] = self.memories[seat]
                self.memories[seat] = []
                self.shuffle(self.grimoire[seat])
                self.emit("reshuffle", seat=seat)
            if not self.grimoire[seat]:
                break
            got.append(self.grimoire[seat].pop())
        self.take_into_hand(seat, got)
        return got

    def take_into_hand(self, seat: str, cards: list[str]) -> None:
        """Cards join the hand; another mage's Custom Spell goes straight to its owner's Memories."""
        for c in cards:
            owner = C.spell_of(c).get("mage")
            if owner is not None and owner != self.mage[seat]:
                s = next((x for x in self.seats if self.mage[x] == owner), None)
                (self.memories[s] if s else self.removed).append(c)
            else:
                self.hand[seat].append(c)
        if cards:
            self.emit("drew", to=seat, cards=list(cards))
            self.emit("draw", seat=seat, n=len(cards))

    def discard_to_school(self, card: str) -> None:
        sp = C.spell_of(card)
        if sp["school"] in C.SCHOOLS:
            self.discards[sp["school"]].append(card)
        else:
            self.removed.append(card)

    def hand_limit(self, seat: str) -> int:
        return C.MAGES[self.mage[seat]]["hand"]

    # ---- power points and the moon -----------------------------------------------------------------
    def gain(self, who: str, n: int, why: str = "") -> None:
        """PP change at once; the Moon they may reach changes only after the current Action (settle)."""
        if n == 0:
            return
        self.pp[who] = max(0, self.pp[who] + n)
        if self.extra and who != "rose" and why in ("defeat", "quest"):
            self.stat(who, "extra_pp", n)  # Extra Game Turns count only defeats, Quests and rooms
        self.emit("pp", seat=who, n=n, why=why, total=self.pp[who])

    def next_in_order(self, t: dict) -> str | None:
        """The next mage in turn order for a phase that visits each one once (its task counts them in "i");
        None once every mage had their go."""
        if t["i"] >= len(self.order):
            return None
        t["i"] += 1
        return self.order[t["i"] - 1]

    def settle(self) -> bool:
        """Rulebook, Power Points and Moon Phases: "the Moon Phase changes immediately following the Action
        that moved the token". Called where an Action has just ended (a part of a turn, an Evocation's
        activation, a Quest discarded, the Event drawn): the decks change, each mage takes a set-aside
        Custom Spell, and anyone now over their hand limit discards down (pushed; True when it pushed)."""
        if self.moon >= 3 or max(self.pp.values()) < C.MOON_AT[self.moon + 1]:
            return False  # the next Moon's mark is not reached (checked after every Action, so said first)
        best = max(self.pp.values())
        target = 3 if best >= C.MOON_AT[3] else 2 if best >= C.MOON_AT[2] else 1
        while self.moon < target:
            self.moon += 1
            self.emit("moon", moon=self.moon)
            for s in self.order:
                if self.aside[s]:
                    self.hand[s].append(self.aside[s].pop(0))
                    self.emit("custom", seat=s)
                    self.emit("drew", to=s, cards=[self.hand[s][-1]])
        self.push({"k": "hand_limits"})
        return True

    def event_mods(self, key: str) -> list:
        """What the Events in play say about `key` in this Action Phase (rulebook, Event Board and 4. Action
        Phase: an Event on the board is in play until it leaves, and an Action Phase Event applies in every
        Action Phase while it is there). One value per Event: two of them add up."""
        if not self.mods.get("action") or _EVENTS_WITH.get(key, _NONE).isdisjoint(self.board):
            return []
        return list(_event_mods(tuple(self.board), key))

    def stat(self, seat: str, key: str, n: int = 1) -> None:
        self.stats[seat][key] = self.stats[seat].get(key, 0) + n
