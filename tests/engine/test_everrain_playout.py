"""Random whole games of The Everrain through the shared conformance harness: 1,005 games over every
player count (1-5) and every length (8, 12, 16), with hidden-information and card-conservation checks."""
from __future__ import annotations

from collections import Counter

import pytest

from engine import GAMES
from engine.everrain import cards as C
from tests.engine.conformance import playout

GAME = GAMES["everrain"]
ALL_IDS = Counter(list(C.CARDS) + list(C.CREW))
ALL_SORTED = sorted(ALL_IDS.elements())
GAMES_PER_CASE = 67  # 5 player counts x 3 lengths x 67 = 1,005 games


def secrets(data: dict, seat: str | None) -> set[str]:
    """Face-down slotted stories are their owner's; deck order, undrawn cards, the crew pool, the Story
    deck and every unread story (under the cover or sideways in a deck) are nobody's."""
    st = data["story"]
    if seat is not None:
        return set(st["facedown"].get(seat, []))
    hidden = set(st["pile"]) | set(st["cover"]) | set(data["crew_pool"])
    for decks in data["decks"].values():
        for deck in decks.values():
            hidden.update(deck)
    return hidden


def places(data: dict) -> list[str]:
    st = data["story"]
    out = list(data["discard"]) + list(data["crew_pool"]) + list(data["crew_lost"])
    for decks in data["decks"].values():
        for deck in decks.values():
            out += deck
    if data["card"]:
        out.append(data["card"])
    for ship in data["ships"].values():
        out += ship["crew"]
    out += st["pile"] + st["cover"] + list(st["closed"])
    for seat in data["seats"]:
        out += st["slots"][seat] + st["facedown"][seat]
    return out


def check(data: dict) -> None:
    """Every card and crew id is in exactly one place; the Story bookkeeping agrees with the zones."""
    cards = sorted(places(data))
    if cards != ALL_SORTED:  # (a sorted list compares in C; Counter's == walks both in Python)
        seen = Counter(cards)
        raise AssertionError(f"conservation broken: extra {seen - ALL_IDS}, missing {ALL_IDS - seen}")
    st = data["story"]
    current = data["decks"][str(data["act"])]
    on_decks = {c for deck in current.values() for c in deck}
    assert set(st["sideways"]) <= on_decks, "a sideways card must sit on a deck of the current Act"
    for sid in st["sideways"]:
        assert sid in current[C.CARDS[sid]["deck"]], "a sideways card sits on the deck of its own type"
    triggers = Counter()
    for sid, thread in st["threads"].items():
        assert sid not in st["closed"] and sid not in st["pile"]
        assert thread["trigger"] in st["slots"][thread["owner"]]
        triggers[(thread["owner"], thread["trigger"])] += 1
        in_play = sid == data["card"]
        placed = (sid in st["cover"]) + (sid in st["sideways"]) + (sid in st["facedown"][thread["owner"]]) + in_play
        assert placed == 1, f"story {sid} must be in exactly one story place"
    for seat in data["seats"]:
        for t in st["slots"][seat]:
            assert triggers[(seat, t)] == 1, f"slot card {t} of {seat} awaits exactly one story"
    for seat, ship in data["ships"].items():
        assert ship["supplies"] >= 0 and ship["glory"] >= 0 and len(ship["crew"]) <= C.MAX_CREW
    assert 0 <= data["track"] <= data["length"]


CASES = [(players, length) for players in range(1, 6) for length in (8, 12, 16)]


@pytest.mark.slow
@pytest.mark.parametrize("players,length", CASES)
def test_random_games(players: int, length: int) -> None:
    seats = [f"p{i}" for i in range(1, players + 1)]
    for k in range(GAMES_PER_CASE):
        seed = players * 100_000 + length * 1_000 + k
        state, log = playout(GAME, seats, seed, {"length": length}, secrets=secrets, check=check)
        assert state.over
        assert len(log) < 400, "a voyage should last a few dozen turns"


def test_a_few_games_quickly() -> None:
    """A fast smoke run for every player count (the full 1,005 are marked slow)."""
    for players in range(1, 6):
        seats = [f"p{i}" for i in range(1, players + 1)]
        for length in (8, 12, 16):
            playout(GAME, seats, players * 7 + length, {"length": length}, secrets=secrets, check=check)
