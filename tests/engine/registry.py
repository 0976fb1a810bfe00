"""The games the generic tests loop over: every game in the registry (engine.GAMES), read at collection.

Importing this module registers the toy game (tests/support/toygame.py) for the test run, so the generic
tests (card catalog checks, the pseudo-locale walk, the conformance playout) prove that a game added
with one registration line, and its own folders, is checked like the shipped ones. A game's settings
for a test (player counts, seeds) may be tuned per game; a game the tests don't know gets defaults.
"""
from __future__ import annotations

from engine import GAMES, PACKAGES
from tests.support.toygame import TOY  # noqa: F401  (registers the toy game and its presentation parts)


def keys() -> list[str]:
    """Every registered game, shipped or the test run's own, in registration order."""
    return list(GAMES)


def shipped() -> list[str]:
    """The registered games Rookery ships: their words are in our catalogs (a test game's are not)."""
    return [key for key in GAMES if key in PACKAGES]
