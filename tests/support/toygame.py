"""A tiny game for platform tests: each round every player secretly picks a card; highest scores.

It exercises simultaneous hidden choices and a turn-based step (the round winner says "next round"). With
`react` set in its state (tests only), each reveal opens a held reaction window (engine.core.decision's
`hold`) for the seats that did not win: one holding a low card (c1 to c5) may give it up to steal the
round's point; every other one can only let it pass, and the host answers for them without asking.
It is also the sixth game the generic tests prove the registry with (tests/engine/registry.py): it brings
its own rules, presenter, card catalog and data words, registered for the test run only, and gets the
catalog checks, the pseudo-locale walk and the conformance playout without a line elsewhere.
"""
from __future__ import annotations

from engine import IllegalAction, register
from engine.core import Option, Traits, check_seats, find_legal, decision, resolve_options
from engine.rng import Rng
from present import PARTS, PRESENTERS
from present.base import BasePresenter, Doc, Name, Section, line
from present.i18n import tr, trl


def _low(hand: list[str]) -> str | None:
    """The card a seat may steal a point with in a held window: its lowest, if it is c1 to c5."""
    low = min(hand, key=lambda c: int(c[1:]), default=None)
    return low if low is not None and int(low[1:]) <= 5 else None


class ToyState:
    def __init__(self, data: dict) -> None:
        self.d = data

    @property
    def over(self) -> bool:
        return self.d["round"] > self.d["rounds"]

    def pending(self):
        d = self.d
        if self.over:
            return {}
        if d.get("window") is not None:  # a held window: a low card steals the point; others may only pass
            return {s: [{"type": "steal"}] * bool(_low(d["hands"][s])) + [{"type": "pass"}]
                    for s in d["seats"] if s not in d["window"] and s != d["winner"]}
        if d["winner"]:
            return {d["winner"]: [{"type": "next"}]}
        return {s: [{"type": "pick", "card": c} for c in d["hands"][s]] for s in d["seats"] if s not in d["picked"]}

    def act(self, seat, action):
        find_legal(self.pending(), seat, action)
        d = self.d
        if action["type"] in ("steal", "pass"):
            d["window"][seat] = action["type"]
            if len(d["window"]) < len(d["seats"]) - 1:  # (the winner is not in it)
                return []
            thief = next((s for s in d["seats"] if d["window"].get(s) == "steal"), None)
            d["window"] = None
            if thief is None:
                return []
            d["hands"][thief].remove(_low(d["hands"][thief]))
            d["scores"][d["winner"]] -= 1
            d["scores"][thief] += 1
            return [{"to": None, "type": "stolen", "seat": thief}]
        if action["type"] == "next":
            d["winner"] = None
            d["round"] += 1
            return [{"to": None, "type": "next"}]
        d["hands"][seat].remove(action["card"])
        d["picked"][seat] = action["card"]
        events = [{"to": seat, "type": "you_picked", "card": action["card"]}, {"to": None, "type": "picked", "seat": seat}]
        if len(d["picked"]) == len(d["seats"]):
            value = lambda s: int(d["picked"][s][1:])
            best = max(d["seats"], key=value)
            d["scores"][best] += 1
            events.append({"to": None, "type": "reveal", "picked": dict(d["picked"]), "winner": best})
            d["picked"] = {}
            d["winner"] = best
            if d.get("react"):
                d["window"] = {}
        return events

    def view(self, seat):
        d = self.d
        v = {"round": d["round"], "scores": dict(d["scores"]), "picked": sorted(d["picked"]),
             "hand": list(d["hands"][seat]) if seat else None,
             "mine": d["picked"].get(seat) if seat else None}
        if d.get("window") is not None:  # names nobody: who may steal depends on who holds a low card
            v["decision"] = decision("reactions", [], quick=True, hold=WINDOW_HOLD, id=f"w{d['round']}")
        return v

    def to_json(self):
        import json
        return json.loads(json.dumps(self.d))

    def result(self):
        top = max(self.d["scores"].values())
        return {"scores": dict(self.d["scores"]), "winners": [s for s, v in self.d["scores"].items() if v == top]}


WINDOW_HOLD = 5  # seconds a held window stays open, answered or not


class Toy:
    key, title, min_players, max_players = "toy", "Toy", 2, 4
    traits = Traits(reactions=True)  # its windows are quick; without `react` its views carry no decision
    options = {"rounds": Option("rounds", 3, (1, 2, 3))}

    def new(self, seats, seed, options=None):
        check_seats(self, seats)
        opts = resolve_options(self, options)
        deck = [f"c{i}" for i in range(1, 21)]
        Rng(seed).shuffle(deck)
        hands = {s: sorted(deck[i * 4:(i + 1) * 4]) for i, s in enumerate(seats)}
        return ToyState({"seats": seats, "hands": hands, "picked": {}, "winner": None, "round": 1,
                         "rounds": opts["rounds"], "scores": {s: 0 for s in seats}})

    def load(self, data):
        return ToyState(data)


class ToyPresenter(BasePresenter):
    """The toy game's words: platform tests read them like any game's."""

    key, title = "toy", "Toy"

    def board(self, view, names) -> Doc:
        scores = ", ".join(f"{names.get(s, s)} {v}" for s, v in view["scores"].items())
        return Doc(f"{self.emoji} {self.game_title()}",
                   [Section("", [line(tr("Round {round} · scores {scores}", round=view["round"], scores=scores))])],
                   self.waiting(view, names))

    def hand(self, view, names) -> Doc:
        doc = self.board(view, names)
        if view["hand"] is not None:
            doc.sections.append(Section("", [line(tr("Your hand: {cards}", cards=", ".join(view["hand"])))]))
        doc.footer = ()
        return doc

    def label(self, action, view, names) -> str:
        words = {"next": "Next round", "steal": "Steal the point with my low card", "pass": "Let it pass"}
        return tr(words[action["type"]]) if action["type"] in words else tr("Card {card}", card=action["card"])

    def describe(self, event, names):
        if event["type"] == "reveal":
            return trl("Revealed: {picked} — {player} wins the round", picked=str(event["picked"]),
                       player=Name(names[event["winner"]]))
        if event["type"] == "you_picked":
            return line(tr("You picked {card}", card=event["card"]))
        return None

    def waiting(self, view, names):
        if (view.get("decision") or {}).get("about") == "reactions":
            return line(tr("Waiting for reactions…"))
        return line(tr("Waiting for players."))


class ToyCatalog:
    """The toy game's cards for `/game card` (its present/<key>/catalog.py, were it shipped)."""

    @staticmethod
    def entries() -> list[tuple[str, str]]:
        return [(f"c{n}", tr("Card {number}", number=n)) for n in range(1, 21)]

    @staticmethod
    def card(key: str) -> Doc | None:
        number = key[1:] if key[:1] == "c" else ""
        if not number.isdecimal() or not 1 <= int(number) <= 20:
            return None
        return Doc(tr("Card {number}", number=int(number)),
                   [Section("", [line(tr("Worth {number}: the highest card picked wins the round.",
                                         number=int(number)))])])


class ToyWords:
    """The toy game's data words (its present/<key>/datawords.py, were it shipped)."""

    @staticmethod
    def glossary() -> list[tuple[str, str, str, bool]]:
        return [("toy: word", "round", "every player picks a card; the highest wins", False)]


def register_toy() -> Toy:
    """Registers the toy game and its presentation (presenter, catalog, data words) for this test run."""
    PRESENTERS["toy"] = ToyPresenter()
    PARTS["toy"] = {"catalog": ToyCatalog(), "datawords": ToyWords()}
    return register(Toy())


TOY = register_toy()

# Imported once "toy" is registered: the cogs build their menus of games (cogs/table/group.py) on import.
from cogs.table.games import EXTENSIONS  # noqa: E402

# The toy game's cog is its own module: discord.py runs an extension's module afresh on each load, and this
# one must run once (tests patch its classes).
EXTENSIONS["toy"] = "tests.support.toycog"
