"""The Deadlies game state: zones, turn flow (play, resolve, discard, lower Wickedness) and act().

Effects live in effects.py; texts in text.py. The state is plain lists/dicts so to_json is a cheap copy.
"""
from __future__ import annotations

from engine.core import IllegalAction
from engine.rng import Rng

from . import effects, views
from .cards import (ALL_IDS, HALO, SUITS, can_grow, counts_as, effect_of, kinds, legal_picks, pick_error,
                    top_card)


def _copy(x):
    """Copy of nested plain dicts/lists (much cheaper than copy.deepcopy)."""
    if isinstance(x, dict):
        return {k: _copy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_copy(v) for v in x]
    return x


class DeadliesState:
    __slots__ = ("seats", "opts", "rng", "deck", "discard", "hands", "known", "wick", "start", "sloth",
                 "halo_centre", "turn", "turns", "limit", "phase", "picks", "play", "effect", "extra",
                 "halo_lowered", "winners", "over", "ended", "revealed", "reshuffles", "last", "_pending", "_public")

    def __init__(self, d: dict) -> None:
        self.seats: list[str] = list(d["seats"])
        self.opts: dict = dict(d["opts"])
        self.rng = Rng(d["rng"])
        self.deck: list[str] = list(d["deck"])  # top of the deck is the end of the list
        self.discard: list[str] = list(d["discard"])  # top of the pile is the end of the list
        self.hands: dict[str, list[str]] = {s: list(h) for s, h in d["hands"].items()}
        # Cards everyone knows are in a hand (a shown Pride, cards Greed dealt face up).
        self.known: dict[str, list[str]] = {s: list(h) for s, h in d["known"].items()}
        self.wick: dict[str, int] = dict(d["wick"])
        self.start: int = d["start"]
        self.sloth: dict[str, str | None] = dict(d["sloth"])  # the Sloth face up in front of each seat
        self.halo_centre: bool = d["halo_centre"]
        self.turn: str = d["turn"]
        self.turns: int = d["turns"]  # turns completed (Gluttony's extra turns count)
        self.limit: int = d["limit"]
        self.phase: str = d["phase"]  # build | top | effect | over
        self.picks: list[str] = list(d["picks"])
        p, e = d["play"], d["effect"]
        if p is not None:
            p = dict(p)
            p["cards"] = list(p["cards"])
        self.play: dict | None = p  # the cards being resolved
        self.effect: dict | None = _copy(e) if e else None
        self.extra: bool = d["extra"]
        self.halo_lowered: str | None = d["halo_lowered"]
        self.winners: list[str] = list(d["winners"])
        self.over: bool = d["over"]
        self.ended: str | None = d["ended"]
        self.revealed: list[str] = list(d["revealed"])  # cards shown face up during the last action
        self.reshuffles: int = d["reshuffles"]
        # The last Greed bust and Lust reveal, kept until the next of each so nobody misses one
        # ({"greed": {...} | None, "lust": {...} | None}); older saved games have none yet.
        self.last: dict = _copy(d.get("last") or {"greed": None, "lust": None})
        self._pending: dict | None = None  # caches, cleared by every accepted action
        self._public: dict | None = None

    # ----------------------------------------------------------------- setup / serialisation
    @classmethod
    def new(cls, seats: list[str], seed: int, opts: dict, start: int, first: str, limit: int):
        rng = Rng(seed)
        deck = [c for c in ALL_IDS if c != HALO]
        rng.shuffle(deck)
        hands: dict[str, list[str]] = {s: [] for s in seats}
        i = seats.index(first)
        order = seats[i:] + seats[:i]
        for _ in range(start):
            for s in order:
                hands[s].append(deck.pop())
        hands[first].append(deck.pop())  # the starting player gets one more card
        return cls({
            "seats": seats, "opts": opts, "rng": rng.state, "deck": deck, "discard": [],
            "hands": hands, "known": {s: [] for s in seats}, "wick": {s: start for s in seats},
            "start": start, "sloth": {s: None for s in seats}, "halo_centre": True, "turn": first,
            "turns": 0, "limit": limit, "phase": "build", "picks": [], "play": None, "effect": None,
            "extra": False, "halo_lowered": None, "winners": [], "over": False, "ended": None,
            "revealed": [], "reshuffles": 0, "last": {"greed": None, "lust": None},
        })

    def to_json(self) -> dict:
        p, e = self.play, self.effect
        if p is not None:
            p = dict(p)
            p["cards"] = list(p["cards"])
        if e is not None:
            e = dict(e)
            if "dealt" in e:
                e["dealt"] = [list(x) for x in e["dealt"]]
            if "choices" in e:
                e["choices"] = dict(e["choices"])
        return {
            "seats": self.seats[:], "opts": self.opts.copy(), "rng": self.rng.state,
            "deck": self.deck[:], "discard": self.discard[:],
            "hands": {s: h[:] for s, h in self.hands.items()},
            "known": {s: h[:] for s, h in self.known.items()}, "wick": self.wick.copy(),
            "start": self.start, "sloth": self.sloth.copy(), "halo_centre": self.halo_centre,
            "turn": self.turn, "turns": self.turns, "limit": self.limit, "phase": self.phase,
            "picks": self.picks[:], "play": p, "effect": e,
            "extra": self.extra, "halo_lowered": self.halo_lowered, "winners": self.winners[:],
            "over": self.over, "ended": self.ended, "revealed": self.revealed[:],
            "reshuffles": self.reshuffles, "last": _copy(self.last),
        }

    # ----------------------------------------------------------------- queries
    def others(self, seat: str) -> list[str]:
        """Everyone but seat, clockwise starting on seat's left."""
        i = self.seats.index(seat)
        return self.seats[i + 1:] + self.seats[:i]

    def halo_place(self) -> str:
        """'centre', 'play' (being resolved) or the seat holding it."""
        if self.halo_centre:
            return "centre"
        for s in self.seats:
            if HALO in self.hands[s]:
                return s
        return "play"

    def awaiting(self) -> list[str]:
        if self.over:
            return []
        if self.phase != "effect":
            return [self.turn]
        return effects.awaiting(self)

    def pending(self) -> dict[str, list[dict]]:
        if self._pending is None:
            self._pending = self._compute_pending()
        return {s: list(acts) for s, acts in self._pending.items()}

    def _compute_pending(self) -> dict[str, list[dict]]:
        if self.over:
            return {}
        if self.phase == "build":
            return {self.turn: self._build_actions()}
        if self.phase == "top":
            return {self.turn: [{"type": "top", "card": c} for c in self.play["cards"]]}
        return effects.pending(self)

    def _build_actions(self) -> list[dict]:
        hand, picks = self.hands[self.turn], self.picks
        out = [{"type": "play", "as": k} for k in kinds(picks)] if picks else []
        out += [{"type": "pick", "card": c} for c in legal_picks(picks, hand)]
        if picks:  # put back the last pick (one button, not one per card)
            out.append({"type": "unpick", "card": picks[-1]})
        return out

    def result(self) -> dict:
        # Score = how many times the seat emptied its hand (each step down the Wickedness track).
        return {"scores": {s: (self.start - self.wick[s]) // 2 for s in self.seats},
                "winners": list(self.winners)}

    # ----------------------------------------------------------------- acting
    def act(self, seat: str, action: dict) -> list[dict]:
        if self._pending is None:
            self._pending = self._compute_pending()
        legal = self._pending.get(seat)
        if not legal:
            if self.over:
                raise IllegalAction("The game is over.")
            raise IllegalAction("It isn't your turn to act." if seat in self.seats
                                else "You aren't playing in this game.")
        if not isinstance(action, dict):
            raise IllegalAction("That isn't a move.")
        if action not in legal:
            raise IllegalAction(self._why_illegal(seat, action))
        events: list[dict] = []
        self.revealed = []
        self._pending = self._public = None
        kind = action["type"]
        if kind == "pick":
            self.picks.append(action["card"])
        elif kind == "unpick":
            self.picks.remove(action["card"])
        elif kind == "play":
            self._play(seat, action["as"], events)
        elif kind == "top":
            self.play["top"] = action["card"]
            self.resolve_top(events)
        else:
            effects.act(self, seat, action, events)
        return events

    def _why_illegal(self, seat: str, action: dict) -> str:
        kind, card = action.get("type"), action.get("card")
        hand = self.hands.get(seat, [])
        if kind == "pick" and self.phase == "build":
            if card not in hand:
                return "You don't hold that card."
            if card in self.picks:
                return "You already picked that card."
            if not can_grow(self.picks, card, hand):
                return pick_error(self.picks, card, hand)
        if kind == "unpick":
            if card not in self.picks:
                return "That card isn't among your picks."
            return "Put back your picks in reverse order: the last one first."
        if kind == "play" and self.phase == "build":
            if not self.picks:
                return "Pick the cards to play first."
            return ("Those cards don't make a play: play one card, a same-suit set, a same-number set "
                    "or a straight of consecutive numbers.")
        if kind in ("show", "wrath", "lust_discard") and card is not None and card not in hand:
            return "You don't hold that card."
        if kind == "show":
            return "Only a Pride (or Corruption, which counts as Pride) can be shown."
        if kind == "wrath":
            return "Only a Wrath (or Corruption, which counts as Wrath) can be thrown back."
        if kind == "lust_discard" and card == HALO:
            return "The Halo can't be discarded to Lust."
        if kind == "swap" and any(counts_as(c, "envy") for c in hand):
            return "You hold an Envy (Corruption counts as Envy), so you can't trade hands."
        if kind in ("target", "swap", "steal") and action.get("seat") == seat:
            return "Choose another player."
        if kind == "steal" and action.get("seat") in self.hands and not self.hands[action["seat"]]:
            return "That player has no cards to take."
        if kind == "suit" and action.get("suit") not in SUITS:
            return "Corruption can only act as one of the seven sins (Purity is not a suit)."
        return "That move isn't allowed right now."

    # ----------------------------------------------------------------- zones
    def remove_card(self, seat: str, card: str) -> None:
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)

    def show(self, cards) -> None:
        """Cards turned face up for everyone in this action (played, thrown, dealt, revealed)."""
        self.revealed.extend(cards)

    def to_discard(self, cards: list[str], events: list[dict]) -> None:
        self.discard.extend(cards)
        self._refill(events)

    def _refill(self, events: list[dict]) -> None:
        """'If at any time the deck is depleted, immediately shuffle the discards to form a new deck.'"""
        if not self.deck and self.discard:
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
            self.reshuffles += 1
            events.append({"type": "reshuffle", "to": None, "cards": len(self.deck)})

    def pop_deck(self, events: list[dict]) -> str | None:
        """The top card of the deck (None if deck and discard are both empty)."""
        if not self.deck:
            self._refill(events)
            if not self.deck:
                return None
        card = self.deck.pop()
        self._refill(events)
        return card

    def draw(self, seat: str, n: int, events: list[dict]) -> int:
        got = []
        for _ in range(n):
            card = self.pop_deck(events)
            if card is None:
                break
            got.append(card)
        self.hands[seat].extend(got)
        if got:
            events.append({"type": "drew", "to": seat, "cards": got})
        if len(got) < n:
            events.append({"type": "short", "to": None, "seat": seat, "wanted": n, "got": len(got)})
        return len(got)

    def effect_event(self, events: list[dict], ev: dict) -> None:
        """A public effect line; the first one of a play also carries the play itself."""
        ev["to"] = None
        p = self.play
        if p is not None and not p["told"]:
            p["told"] = True
            self.show(p["cards"])
            ev["play"] = {"seat": p["seat"], "cards": list(p["cards"]), "kind": p["kind"],
                          "top": p["top"], "as_suit": p.get("as_suit")}
        events.append(ev)

    # ----------------------------------------------------------------- turn flow
    def _play(self, seat: str, kind: str, events: list[dict]) -> None:
        cards, self.picks = self.picks, []
        for c in cards:
            self.remove_card(seat, c)
        self.show(cards)
        if HALO in cards:
            self.halo_centre = False
        self.play = {"seat": seat, "cards": cards, "kind": kind, "top": top_card(kind, cards),
                     "effect": None, "told": False}
        if kind == "number":
            self.phase = "top"  # the player puts one of the cards on top as the next step
            return
        self.resolve_top(events)

    def resolve_top(self, events: list[dict]) -> None:
        p = self.play
        eff = effect_of(p["kind"], p["top"], p["cards"])
        self.phase = "effect"
        if eff == "choose":
            self.effect = {"kind": "suit"}
            return
        effects.begin(self, eff, events)

    def end_turn(self, events: list[dict]) -> None:
        """Step 3 (discard the played cards) and step 4 (empty hands lower Wickedness), then next turn."""
        p = self.play
        if p is not None:
            keep = p["top"] if p["effect"] == "sloth" else None
            if HALO in p["cards"]:
                self.halo_centre = True
            if keep:
                self.sloth[p["seat"]] = keep
            self.to_discard([c for c in p["cards"] if c != HALO and c != keep], events)
        self.play, self.effect, self.picks = None, None, []
        while True:
            self._lower_empty_hands(events)
            if self.over:
                return
            if self.limit and self.turns >= self.limit:
                self._end_by_limit(events)
                return
            nxt = self.turn if self.extra else self.others(self.turn)[0]
            self.extra = False
            if self._start_turn(nxt, events):
                return
            # A skipped turn still ends: the loop runs its end-of-turn step too.

    def _lower_empty_hands(self, events: list[dict]) -> None:
        self.turns += 1
        winners = []
        for s in [self.turn] + self.others(self.turn):
            if self.hands[s]:
                continue
            before = self.wick[s]
            if s != self.halo_lowered:  # the Halo already lowered this seat this turn (ruling)
                self.wick[s] = max(0, before - 2)
            events.append({"type": "emptied", "to": None, "seat": s, "from": before, "now": self.wick[s]})
            if self.wick[s] == 0:
                winners.append(s)
            else:
                self.draw(s, self.wick[s], events)
        self.halo_lowered = None
        if len(winners) == 1:
            self._finish(winners, "win", events)
        elif winners:
            events.append({"type": "tie", "to": None, "seats": winners})
            for s in winners:
                self.draw(s, 1, events)

    def _start_turn(self, seat: str, events: list[dict]) -> bool:
        """Begin seat's turn; False if they hold no card and must skip it (nothing left to draw)."""
        self.turn, self.phase = seat, "build"
        slo = self.sloth[seat]
        if slo is not None:
            self.sloth[seat] = None
            self.show([slo])
            events.append({"type": "sloth_off", "to": None, "seat": seat, "card": slo})
            self.to_discard([slo], events)
        events.append({"type": "turn", "to": None, "seat": seat})
        if self.hands[seat]:
            return True
        events.append({"type": "skip", "to": None, "seat": seat})
        return False

    def _end_by_limit(self, events: list[dict]) -> None:
        # Safeguard ruling: lowest Wickedness wins, then fewest cards in hand; still tied = shared win.
        best = min((self.wick[s], len(self.hands[s])) for s in self.seats)
        winners = [s for s in self.seats if (self.wick[s], len(self.hands[s])) == best]
        self._finish(winners, "limit", events)

    def _finish(self, winners: list[str], how: str, events: list[dict]) -> None:
        self.winners, self.over, self.ended, self.phase = winners, True, how, "over"
        events.append({"type": "over", "to": None, "winners": list(winners), "how": how})

    def view(self, seat: str | None) -> dict:
        if self._public is None:
            self._public = views.public(self)
        return views.build(self, self._public, seat)
