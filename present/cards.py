"""Every game's cards for `/game card`: present/<game>/catalog.py gives each game's entries and cards; this
searches them all. (Placeholder until the games' catalogs land: no entries.)"""
from __future__ import annotations

import importlib

from engine import GAMES
from present.base import Doc


def _module(game_key: str):
    try:
        return importlib.import_module(f"present.{game_key}.catalog")
    except ModuleNotFoundError:
        return None


def search(query: str, lang: str) -> list[tuple[str, str, str]]:
    found = []
    for key, game in GAMES.items():
        module = _module(key)
        for card_key, name in (module.entries() if module else []):
            if query.lower() in name.lower():
                found.append((key, card_key, f"{name} ({game.title})"))
    return found[:25]


def lookup(game_key: str, card_key: str) -> Doc | None:
    module = _module(game_key)
    return module.card(card_key) if module else None
