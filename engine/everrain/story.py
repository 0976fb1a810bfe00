"""The Everrain Story system, as a piece any game can reuse.

Numbered Story cards wait in a Story deck. When an outcome names one ("+13+"), the card goes unread
under the Ongoing Story cover and the card that named it (the trigger) goes into the Story slot of the
player who caused it; that trigger records who owns the next step. At the End of an Act every card under
the cover is placed sideways on top of the deck of its own card type. A sideways card drawn by its owner
is resolved at once; drawn by anyone else it goes face down into the owner's slot and is resolved the next
time the owner draws from that deck type.

This module knows nothing of the rest of the game: it keeps its own plain-JSON state dict and is handed
the decks (lists, top = last item) it must put cards on or check. Seats are opaque strings. Zones it owns:
    pile      Story cards never fetched (the Story deck; fetched by number, so its order means nothing)
    cover     fetched, unread, under the Ongoing Story cover, in the order they were fetched
    slots     seat -> trigger cards in that player's Story slot (face up)
    facedown  seat -> sideways cards someone else drew, waiting face down in the owner's slot
    closed    story id -> "resolved" | "unresolved" for every Story card whose part is over
Cards sideways in a deck live in the caller's deck lists; `sideways` only marks them. A story being read
right now lives wherever the caller keeps the card in play; its thread still says who owns it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

RESOLVED = "resolved"
UNRESOLVED = "unresolved"


@dataclass(frozen=True)
class StoryCard:
    id: str
    number: int
    type: str  # the deck (card back) it is placed on at the End of an Act


class StoryCatalog:
    """The fixed list of Story cards, indexed both ways."""

    def __init__(self, cards: Iterable[StoryCard]) -> None:
        self.by_id = {c.id: c for c in cards}
        self.by_number = {c.number: c for c in self.by_id.values()}
        if len(self.by_number) != len(self.by_id):
            raise ValueError("Story numbers must be unique")

    def fresh(self, seats: Iterable[str]) -> dict:
        """A new Story state: every card in the Story deck, every slot empty."""
        seats = list(seats)
        pile = [c.id for c in sorted(self.by_id.values(), key=lambda c: c.number)]
        return {"pile": pile, "cover": [], "sideways": [], "threads": {}, "closed": {},
                "slots": {s: [] for s in seats}, "facedown": {s: [] for s in seats}}


class Stories:
    """Operations on one Story state dict. Cheap to build: wrap, act, throw away."""

    __slots__ = ("s", "cat")

    def __init__(self, state: dict, catalog: StoryCatalog) -> None:
        self.s = state
        self.cat = catalog

    # ----- questions -------------------------------------------------------------------------
    def is_story(self, card_id: str) -> bool:
        return card_id in self.cat.by_id

    def number(self, story_id: str) -> int:
        return self.cat.by_id[story_id].number

    def type_of(self, story_id: str) -> str:
        return self.cat.by_id[story_id].type

    def owner(self, story_id: str) -> str | None:
        """Who owns the next step: the seat whose Story slot holds this story's trigger card."""
        thread = self.s["threads"].get(story_id)
        return thread["owner"] if thread else None

    def in_flight(self) -> list[str]:
        """Stories fetched and not yet finished (under the cover, sideways, face down, or being read)."""
        return list(self.s["threads"])

    def awaited(self, trigger: str) -> str | None:
        """The story a trigger card in a slot is waiting for."""
        for story_id, thread in self.s["threads"].items():
            if thread["trigger"] == trigger:
                return story_id
        return None

    def where(self, story_id: str) -> str:
        """'cover', 'sideways', 'facedown', 'reading' (in play now) or 'closed' / 'pile'."""
        s = self.s
        if story_id in s["closed"]:
            return "closed"
        if story_id in s["cover"]:
            return "cover"
        if story_id in s["sideways"]:
            return "sideways"
        thread = s["threads"].get(story_id)
        if thread is None:
            return "pile"
        if story_id in s["facedown"][thread["owner"]]:
            return "facedown"
        return "reading"

    def slotted(self, seat: str, deck_type: str) -> str | None:
        """The oldest face-down story of this deck type waiting in the seat's slot, if any."""
        for story_id in self.s["facedown"][seat]:
            if self.cat.by_id[story_id].type == deck_type:
                return story_id
        return None

    # ----- moves -----------------------------------------------------------------------------
    def fetch(self, number: int, trigger: str, owner: str) -> tuple[str | None, list[str]]:
        """Outcome names +number+: the card goes under the cover, `trigger` into `owner`'s slot.

        Returns (story id or None when that card is not in the Story deck, released trigger cards). If
        the trigger is itself a story in flight, its own step is over: its old trigger leaves the slot
        (a Story card goes to closed; any other card is returned so the caller can discard it).
        """
        card = self.cat.by_number.get(number)
        s = self.s
        if card is None or card.id not in s["pile"]:
            return None, []
        s["pile"].remove(card.id)
        s["cover"].append(card.id)
        released: list[str] = []
        old = s["threads"].pop(trigger, None)
        if old is not None:
            released = self._release(old)
        s["threads"][card.id] = {"owner": owner, "trigger": trigger}
        s["slots"][owner].append(trigger)
        return card.id, released

    def finish(self, story_id: str, resolved: bool) -> list[str]:
        """The story being read is over (resolved, or ended unresolved). Returns released triggers."""
        thread = self.s["threads"].pop(story_id)
        self.s["closed"][story_id] = RESOLVED if resolved else UNRESOLVED
        return self._release(thread)

    def end_of_act(self, decks: dict[str, list], old_decks: dict[str, list] | None = None) -> list[str]:
        """Place every card under the cover sideways on top of its type's deck in `decks`.

        Sideways cards still waiting in `old_decks` (the decks of the Act that ends) first move, in
        order, to the top of the matching new deck, so an Act change never loses a story. Cover cards
        then go on top, the earliest fetched ending on top. Returns the cover cards moved.
        """
        s = self.s
        sideways = set(s["sideways"])
        if old_decks:
            for deck_type, old in old_decks.items():
                waiting = [c for c in old if c in sideways]
                if waiting:
                    old[:] = [c for c in old if c not in sideways]
                    decks[deck_type].extend(waiting)
        moved = s["cover"]
        for story_id in reversed(moved):
            decks[self.cat.by_id[story_id].type].append(story_id)
            s["sideways"].append(story_id)
        s["cover"] = []
        return moved

    def surfaced(self, card_id: str, drawer: str) -> str:
        """The caller popped `card_id` off a deck for `drawer`. Returns what happens to it:
        'card' (not a sideways story: resolve normally), 'mine' (the drawer owns it: resolve it now),
        'theirs' (moved face down into its owner's slot; the caller keeps it no longer)."""
        s = self.s
        if card_id not in s["sideways"]:
            return "card"
        s["sideways"].remove(card_id)
        owner = s["threads"][card_id]["owner"]
        if owner == drawer:
            return "mine"
        s["facedown"][owner].append(card_id)
        return "theirs"

    def take_slotted(self, seat: str, deck_type: str) -> str:
        """The owner draws from this deck type: their face-down story leaves the slot to be read."""
        story_id = self.slotted(seat, deck_type)
        if story_id is None:
            raise KeyError(f"{seat} has no face-down {deck_type} story")
        self.s["facedown"][seat].remove(story_id)
        return story_id

    def _release(self, thread: dict) -> list[str]:
        trigger = thread["trigger"]
        self.s["slots"][thread["owner"]].remove(trigger)
        if trigger in self.cat.by_id:
            self.s["closed"][trigger] = RESOLVED  # a story whose step led on: its part is told
            return []
        return [trigger]

    def zones(self) -> list[str]:
        """Every card id this module holds right now (for conservation checks; not sideways ones)."""
        s = self.s
        out = list(s["pile"]) + list(s["cover"]) + list(s["closed"])
        for seat in s["slots"]:
            out += s["slots"][seat] + s["facedown"][seat]
        return out
