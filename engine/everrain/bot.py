"""The Everrain bot: it reads only its own view. Its own stories first (a face-down one in its slot, then
a deck where one of its stories lies sideways), its best crew member for each test, a second roll while
supplies last; a timeout never spends supplies."""
from __future__ import annotations

import random


def _my_sideways_decks(view: dict) -> set[str]:
    """Deck types on which one of this seat's own stories lies sideways: drawing there reads it at once."""
    ship = view["ships"][view["seat"]]
    return {e["deck"] for e in ship.get("slot", []) if e.get("where") == "sideways" and e.get("deck")}


def choose(view: dict, legal: list[dict], rng: random.Random) -> dict:
    kinds = {a["type"] for a in legal}
    if "deck" in kinds:
        ship = view["ships"][view["seat"]]
        for wanted in ({s["deck"] for s in ship.get("my_stories", [])}, _my_sideways_decks(view)):
            own = [a for a in legal if a["deck"] in wanted]
            if own:
                return own[0]
        return rng.choice(legal)
    if "crew" in kinds:
        skill = view["card"]["skill"]
        crew = {c["id"]: c[skill] for c in view["ships"][view["seat"]]["crew"]}
        return max(legal, key=lambda a: crew.get(a["crew"], 0))
    if "reroll" in kinds:
        return {"type": "reroll"}
    return rng.choice(legal)


def timeout_choice(view: dict, legal: list[dict]) -> dict:
    """A deck, a crew member or an option must be chosen (the bot's pick); a failed roll is accepted
    rather than spending a supply for an absent captain."""
    if {"type": "accept"} in legal:
        return {"type": "accept"}
    return choose(view, legal, random.Random(0))
