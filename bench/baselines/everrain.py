"""The Everrain bot before issue 12 (EverrainGame.bot_choose), kept as the baseline."""
from __future__ import annotations

import random


def choose(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """Read your own waiting story when you can, send your best hand, always try a reroll."""
    kinds = {a["type"] for a in legal}
    if "deck" in kinds:
        mine = {s["deck"] for s in view["ships"][view["seat"]].get("my_stories", [])}
        own = [a for a in legal if a["deck"] in mine]
        return rng.choice(own or legal)
    if "crew" in kinds:
        skill = view["card"]["skill"]
        crew = {c["id"]: c[skill] for c in view["ships"][view["seat"]]["crew"]}
        return max(legal, key=lambda a: crew.get(a["crew"], 0))
    if "reroll" in kinds:
        return {"type": "reroll"}
    return rng.choice(legal)
