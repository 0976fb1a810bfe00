"""The Everrain state: one plain dict, mutated only through act().

Turn: the active player picks a deck of the current Act (phase 'deck'). A face-down story of that type in
their own slot is read instead of drawing; otherwise the top card is drawn, and a sideways Story card that
belongs to someone else goes face down into its owner's slot while the drawer draws again. The card is
then resolved: a Skill Test (phase 'crew' picks who rolls, 'reroll' offers a second roll for 1 supply)
or a Choice (phase 'choose'). At the end of each turn the Act / game end is checked against the Discovery
Track; after the last seat's turn a new round begins and the track moves 1 space.
"""
from __future__ import annotations

import marshal

from engine.core import Event, IllegalAction, find_legal
from engine.everrain import cards as C
from engine.everrain.story import Stories
from engine.everrain.views import build_view
from engine.rng import Rng

NOTHING = {"text": "Nothing comes of it."}
# The public events that belong to a story being read, kept as "the last story read" (see _remember).
STORY_STEPS = frozenset({"roll", "choice", "outcome", "fetch", "taken", "condition", "story_end"})


def copy(data: dict) -> dict:
    """A deep copy of plain data, much faster than copy.deepcopy or a JSON round trip."""
    return marshal.loads(marshal.dumps(data))


def _voyage_deck(cards: list[str], rng: Rng) -> list[str]:
    """One Act's deck of one type, shuffled, with the cards that can open a story dealt every other card
    from the top: a voyage draws only a few cards per Act, and stories are the point of the game."""
    openers = [c for c in cards if any(o.get("story") is not None for o in C.outcomes(C.CARDS[c]))]
    others = [c for c in cards if c not in openers]
    rng.shuffle(openers)
    rng.shuffle(others)
    top: list[str] = []  # top of the deck first
    while openers or others:
        for pile in (openers, others):
            if pile:
                top.append(pile.pop())
    return top[::-1]  # the top of a deck is the end of its list


def solo_target(length: int) -> int:
    """The Glory a lone captain must reach to win (our own design: scaled to the voyage length)."""
    return C.SOLO_TARGET[str(length)]


class EverrainState:
    __slots__ = ("d",)

    def __init__(self, d: dict) -> None:
        self.d = d

    @classmethod
    def new(cls, seats: list[str], seed: int, options: dict) -> "EverrainState":
        rng = Rng(seed)
        decks = {}
        for act in C.ACTS:
            decks[str(act)] = {}
            for t in C.DECK_TYPES:
                decks[str(act)][t] = _voyage_deck(C.DECKS[act][t], rng)
        pool = sorted(C.CREW)
        rng.shuffle(pool)
        ships = {}
        for s in seats:
            ships[s] = {"crew": [pool.pop() for _ in range(C.START_CREW)], "supplies": C.START_SUPPLIES,
                        "glory": 0, "told": 0}
        length = options["length"]
        d = {"seats": list(seats), "length": length, "ends": C.ACT_ENDS[length], "act": 1, "track": 0,
             "round": 1, "turn": 0, "phase": "deck", "rng": rng.state, "ships": ships, "decks": decks,
             "discard": [], "crew_pool": pool, "crew_lost": [],
             "story": C.STORY_CATALOG.fresh(seats), "card": None, "tester": None, "roll": None,
             "rerolled": False, "last_story": None, "last_act": None}
        return cls(d)

    # ----- contract ---------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.d["phase"] == "over"

    @property
    def active(self) -> str:
        return self.d["seats"][self.d["turn"]]

    def stories(self) -> Stories:
        return Stories(self.d["story"], C.STORY_CATALOG)

    def to_json(self) -> dict:
        return copy(self.d)

    def pending(self) -> dict[str, list[dict]]:
        d = self.d
        phase = d["phase"]
        if phase == "over":
            return {}
        seat = self.active
        if phase == "deck":
            return {seat: self._deck_actions(seat)}
        if phase == "crew":
            return {seat: [{"type": "crew", "crew": c} for c in d["ships"][seat]["crew"]]}
        if phase == "reroll":
            return {seat: [{"type": "reroll"}, {"type": "accept"}]}
        card = C.CARDS[d["card"]]
        return {seat: [{"type": "option", "option": i} for i in range(len(card["options"]))]}

    def _deck_actions(self, seat: str) -> list[dict]:
        decks = self.d["decks"][str(self.d["act"])]
        st = self.stories()
        return [{"type": "deck", "deck": t} for t in C.DECK_TYPES if decks[t] or st.slotted(seat, t)]

    def act(self, seat: str, action: dict) -> list[Event]:
        if self.over:
            raise IllegalAction("The voyage is over.")
        find_legal(self.pending(), seat, action)
        ev: list[Event] = []
        kind = action["type"]
        if kind == "deck":
            self._choose_deck(seat, action["deck"], ev)
        elif kind == "crew":
            self._roll(seat, action["crew"], ev)
        elif kind == "reroll":
            self.d["ships"][seat]["supplies"] -= 1
            self.d["rerolled"] = True
            self._roll(seat, self.d["tester"], ev)
        elif kind == "accept":
            self._resolve(seat, C.CARDS[self.d["card"]]["failure"], ev)
        else:
            option = C.CARDS[self.d["card"]]["options"][action["option"]]
            ev.append({"to": None, "type": "choice", "seat": seat, "name": option["name"]})
            self._resolve(seat, option, ev)
        self._remember(ev)
        return ev

    def _remember(self, ev: list) -> None:
        """Keep the last story read (its public events, from the reading to the end of that turn), so it
        stays on the board until the next one. Games saved before this fact existed have none yet."""
        d = self.d
        story = d.get("last_story")
        for e in ev:
            if e["to"] is not None:
                continue
            kind = e["type"]
            if kind == "story":
                story = d["last_story"] = {"events": [copy(e)], "open": True}
            elif kind in STORY_STEPS and story is not None and story["open"]:
                story["events"].append(copy(e))
            elif kind == "turn" and story is not None:
                story["open"] = False  # the turn is over: what follows belongs to someone else's draw

    def result(self) -> dict:
        ships = self.d["ships"]
        seats = self.d["seats"]
        scores = {s: ships[s]["glory"] for s in seats}
        if len(seats) == 1:  # solo: a target to beat, not an empty sea to win against
            target = solo_target(self.d["length"])
            return {"scores": scores, "winners": list(seats) if scores[seats[0]] >= target else [],
                    "target": target}
        key = {s: (ships[s]["glory"], ships[s]["told"], ships[s]["supplies"]) for s in seats}
        best = max(key.values())
        return {"scores": scores, "winners": [s for s in seats if key[s] == best]}

    # ----- a turn -----------------------------------------------------------------------------
    def _choose_deck(self, seat: str, deck_type: str, ev: list) -> None:
        d = self.d
        st = self.stories()
        if st.slotted(seat, deck_type):
            sid = st.take_slotted(seat, deck_type)  # Ruling: reading it replaces the draw
            ev.append(self._story_event(seat, sid, "slot"))
            self._start(seat, sid, ev)
            return
        deck = d["decks"][str(d["act"])][deck_type]
        while deck:
            card = deck.pop()
            what = st.surfaced(card, seat)
            if what == "theirs":
                owner = st.owner(card)
                ev.append({"to": None, "type": "sideways", "seat": seat, "owner": owner, "deck": deck_type,
                           "number": st.number(card)})
                c = C.CARDS[card]
                ev.append({"to": owner, "type": "slotted", "seat": owner, "story": card, "deck": deck_type,
                           "number": c["number"], "title": c["title"], "text": c["text"]})
                continue  # Ruling: the drawer draws again
            if what == "mine":
                ev.append(self._story_event(seat, card, "sideways"))
            else:
                ev.append(self._draw_event(seat, card))
            self._start(seat, card, ev)
            return
        ev.append({"to": None, "type": "empty", "seat": seat, "deck": deck_type})
        self._end_turn(ev)

    def _draw_event(self, seat: str, card: str) -> dict:
        c = C.CARDS[card]
        return {"to": None, "type": "draw", "seat": seat, "card": card, "deck": c["deck"], "title": c["title"],
                "text": c["text"], **self._challenge(c)}

    def _story_event(self, seat: str, sid: str, how: str) -> dict:
        c = C.CARDS[sid]
        return {"to": None, "type": "story", "seat": seat, "card": sid, "number": c["number"], "how": how,
                "deck": c["deck"], "title": c["title"], "text": c["text"], **self._challenge(c)}

    @staticmethod
    def _challenge(c: dict) -> dict:
        """The public face of a card: its test, or its option names (never the outcomes)."""
        if c["kind"] == "test":
            return {"skill": c["skill"], "target": c["target"]}
        if c["kind"] == "choice":
            # Which options lead on to a story is public: the choice between a story and goods now matters.
            return {"options": [o["name"] for o in c["options"]],
                    "story_options": [i for i, o in enumerate(c["options"]) if o.get("story") is not None]}
        return {}

    def _start(self, seat: str, card: str, ev: list) -> None:
        d = self.d
        d["card"] = card
        c = C.CARDS[card]
        ship = d["ships"][seat]
        if "condition" in c and not C.meets(ship, c["condition"]):
            ev.append({"to": None, "type": "condition", "seat": seat, "number": c["number"], "text": c["fail"]})
            self._close_story(seat, card, resolved=False, ev=ev)
            self._end_turn(ev)
        elif c["kind"] == "test":
            if len(ship["crew"]) >= 2:
                d["phase"] = "crew"
            else:  # one hand aboard (or none): nothing to choose
                self._roll(seat, ship["crew"][0] if ship["crew"] else None, ev)
        elif c["kind"] == "choice":
            d["phase"] = "choose"
        else:
            self._resolve(seat, c["outcome"], ev)

    def _roll(self, seat: str, crew: str | None, ev: list) -> None:
        d = self.d
        c = C.CARDS[d["card"]]
        rng = Rng(d["rng"])
        die = 1 + rng.below(C.FATE_DIE)
        d["rng"] = rng.state
        d["tester"] = crew
        value = C.CREW[crew][c["skill"]] if crew else 0
        success = die + value >= c["target"]
        ev.append({"to": None, "type": "roll", "seat": seat, "crew": crew, "skill": c["skill"], "value": value,
                   "die": die, "target": c["target"], "success": success, "reroll": d["rerolled"]})
        if not success and not d["rerolled"] and d["ships"][seat]["supplies"] >= 1:
            d["roll"] = die
            d["phase"] = "reroll"
            return
        self._resolve(seat, c["success" if success else "failure"], ev)

    def _resolve(self, seat: str, outcome: dict, ev: list) -> None:
        d = self.d
        if "need" in outcome and not C.meets(d["ships"][seat], outcome["need"]):
            outcome = outcome.get("otherwise", NOTHING)
        changes = self._apply(seat, outcome)
        ev.append({"to": None, "type": "outcome", "seat": seat, "text": outcome["text"], "changes": changes})
        card = d["card"]
        st = self.stories()
        number = outcome.get("story")
        fetched = None
        if number is not None:
            fetched, released = st.fetch(number, card, seat)
            if fetched:
                d["discard"].extend(released)
                told = st.is_story(card)
                if told:  # a Story card whose tale goes on is told too, and earns its Glory
                    d["ships"][seat]["told"] += 1
                    d["ships"][seat]["glory"] += C.STORY_GLORY
                ev.append({"to": None, "type": "fetch", "seat": seat, "number": number, "trigger": card,
                           "title": C.CARDS[card]["title"], "glory": C.STORY_GLORY if told else 0})
            else:  # Ruling: that Story card is already out; the outcome's other effects still stand
                ev.append({"to": None, "type": "taken", "seat": seat, "number": number})
        if not fetched:
            if st.is_story(card):
                self._close_story(seat, card, outcome.get("end") != "unresolved", ev)
            else:
                d["discard"].append(card)
        self._end_turn(ev)

    def _close_story(self, seat: str, sid: str, resolved: bool, ev: list) -> None:
        d = self.d
        d["discard"].extend(self.stories().finish(sid, resolved))
        if resolved:
            d["ships"][seat]["told"] += 1
            d["ships"][seat]["glory"] += C.STORY_GLORY
        ev.append({"to": None, "type": "story_end", "seat": seat, "number": C.CARDS[sid]["number"],
                   "title": C.CARDS[sid]["title"], "resolved": resolved, "glory": C.STORY_GLORY if resolved else 0})

    def _apply(self, seat: str, o: dict) -> dict:
        """Apply an outcome's effects; returns what actually changed (nothing goes below 0)."""
        d = self.d
        ship = d["ships"][seat]
        ch: dict = {}
        for key in ("supplies", "glory"):
            if o.get(key):
                new = max(0, ship[key] + o[key])
                ch[key] = new - ship[key]
                ship[key] = new
        if o.get("track"):
            new = min(d["length"], d["track"] + o["track"])
            ch["track"] = new - d["track"]
            d["track"] = new
        if o.get("crew", 0) > 0:
            if d["crew_pool"] and len(ship["crew"]) < C.MAX_CREW:
                hired = d["crew_pool"].pop()
                ship["crew"].append(hired)
                ch["hired"] = hired
            else:
                ch["hired"] = None
        elif o.get("crew", 0) < 0 and ship["crew"]:
            lost = d["tester"] if d["tester"] in ship["crew"] else ship["crew"][-1]
            ship["crew"].remove(lost)
            d["crew_lost"].append(lost)
            ch["lost"] = lost
        return ch

    def _end_turn(self, ev: list) -> None:
        d = self.d
        d["card"] = None
        d["tester"] = None
        d["roll"] = None
        d["rerolled"] = False
        d["turn"] += 1
        if d["turn"] == len(d["seats"]):
            d["turn"] = 0
            d["round"] += 1
            d["track"] = min(d["length"], d["track"] + 1)
            ev.append({"to": None, "type": "round", "round": d["round"], "track": d["track"]})
        d["phase"] = "deck"
        self._check_acts(ev)
        self._begin_turn(ev)

    def _check_acts(self, ev: list, force: bool = False) -> None:
        d = self.d
        while d["phase"] != "over" and d["track"] >= d["ends"][d["act"] - 1]:
            if d["act"] == 3:
                # The voyage ends only when a round is complete, so every seat has had the same turns.
                if d["turn"] == 0 or force:
                    self._game_over(ev)
                return
            st = self.stories()
            new = d["decks"][str(d["act"] + 1)]
            moved = st.end_of_act(new, d["decks"][str(d["act"])])
            counts = {t: 0 for t in C.DECK_TYPES}
            for sid in moved:
                counts[st.type_of(sid)] += 1
            ev.append({"to": None, "type": "act_end", "act": d["act"], "moved": counts,
                       "waiting": len(d["story"]["sideways"])})
            ships = d["ships"]  # the Act's result, on the board until the next Act ends
            d["last_act"] = {"act": d["act"], "moved": dict(counts), "waiting": len(d["story"]["sideways"]),
                             "track": d["track"], "glory": {s: ships[s]["glory"] for s in d["seats"]},
                             "told": {s: ships[s]["told"] for s in d["seats"]}}
            d["act"] += 1

    def _begin_turn(self, ev: list) -> None:
        d = self.d
        while d["phase"] == "deck":
            if self._deck_actions(self.active):
                ev.append({"to": None, "type": "turn", "seat": self.active, "act": d["act"], "round": d["round"]})
                return
            # Ruling: every deck of this Act is spent: the Act ends at once
            ev.append({"to": None, "type": "spent", "act": d["act"]})
            d["track"] = max(d["track"], d["ends"][d["act"] - 1])
            self._check_acts(ev, force=True)  # nothing left to draw at all: the round cannot be finished

    def _game_over(self, ev: list) -> None:
        d = self.d
        d["phase"] = "over"
        res = self.result()
        ev.append({"to": None, "type": "game_end", "scores": res["scores"], "winners": res["winners"],
                   "untold": len(self.stories().in_flight())})

    # ----- views ------------------------------------------------------------------------------
    def view(self, seat: str | None) -> dict:
        return build_view(self, seat)
