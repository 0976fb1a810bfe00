"""The Everrain in the Activity (issue 35; present/web/targets.py): the seat's cards are its crew (face up
on its ship) and its face-down stories (only it sees them), from the seat's own view only.

Choosing who takes a test names a crew member: clicking them chooses them. Drawing from a deck where the
seat holds a face-down story reads that story instead (the engine's rule, said by the label), so the
story is that draw's target. Every other choice (a deck, an option, a reroll) stays in the list."""
from __future__ import annotations

from present.everrain.presenter import _card_title, crew_name, role


def _target(action: dict, crew: list[str], stories: dict[str, str]) -> dict:
    if action.get("type") == "crew" and action.get("crew") in crew:
        return {"card": action["crew"]}
    if action.get("type") == "deck" and action.get("deck") in stories:
        return {"card": stories[action["deck"]]}
    return {}


def interactive(view: dict, legal: list[dict], names: dict[str, str]) -> dict:
    seat = view.get("seat")
    ship = (view.get("ships") or {}).get(seat) if seat else None
    if ship is None:
        return {"targets": [{} for _ in legal], "cards": None, "lodge": None}
    crew = ship.get("crew") or []
    mine = ship.get("my_stories") or []
    cards = [{"id": c["id"], "label": f"{crew_name(c['name'])} ({role(c['role'])})"} for c in crew]
    cards += [{"id": s["id"], "label": f"📜 +{s['number']}+ {_card_title(s['title'])}"} for s in mine]
    stories = {}
    for s in mine:  # the first story of a deck is the one read (views list them in the engine's order)
        stories.setdefault(s["deck"], s["id"])
    return {"targets": [_target(a, [c["id"] for c in crew], stories) for a in legal], "cards": cards,
            "lodge": None}
