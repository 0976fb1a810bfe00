"""1,000+ random Nevermore games through the shared conformance harness (3-6 players), with hidden-card
leak checks and conservation of all three decks (60 main, 25 Light, 25 Shadow) at every step."""
from __future__ import annotations

from collections import Counter

import pytest

from engine import GAMES
from engine.nevermore import cards as C
from tests.engine.conformance import playout

GAME = GAMES["nevermore"]
COUNTS = (3, 4, 5, 6)
GAMES_PER_COUNT = 250  # 4 x 250 = 1,000 games
CHUNKS = 10


def secrets(data: dict, seat: str | None) -> set[str]:
    if seat is None:  # undealt cards and deck orders
        return set(data["deck"]) | set(data["light"]) | set(data["shadow"])
    hidden = set(data["hand"][seat]) | set(data["magick"][seat])  # hand incl. passes in transit
    for zone in data["commits"].get(seat, {}).values():  # committed but not yet revealed
        hidden |= set(zone)
    return hidden


def zones(data: dict) -> list[str]:
    cards = data["deck"] + data["light"] + data["shadow"] + data["light_discard"] + data["shadow_discard"]
    cards += data["in_play"]
    for s in data["seats"]:
        cards += data["hand"][s] + data["magick"][s]
        cards += [c for ids in data["front"][s].values() for c in ids]
        cards += [c for ids in data["commits"].get(s, {}).values() for c in ids]
    return cards


ALL = sorted(C.MAIN_IDS + C.LIGHT_IDS + C.SHADOW_IDS)


def check(data: dict) -> None:
    cards = sorted(zones(data))
    if cards != ALL:
        got, want = Counter(cards), Counter(ALL)
        raise AssertionError(f"cards lost or duplicated: {sorted((got - want) | (want - got))}")
    light = sum(1 for c in cards if c[0] == "L")  # main ids start ATK/HEA/RAD/RAV/VIC
    shadow = sum(1 for c in cards if c[0] == "S")
    assert (len(cards) - light - shadow, light, shadow) == (60, 25, 25)
    for s in data["seats"]:
        assert 0 <= data["health"][s] <= 5
        assert set(data["picked"][s]) <= set(data["hand"][s])
        assert not data["raven"][s] or data["health"][s] == 0


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("n", COUNTS)
def test_random_playouts(n, chunk):
    seats = [f"p{i}" for i in range(1, n + 1)]
    per = GAMES_PER_COUNT // CHUNKS
    for k in range(per):
        seed = n * 100_000 + chunk * per + k
        state, log = playout(GAME, seats, seed, secrets=secrets, check=check)
        assert state.over and state.pending() == {}
        res = state.result()
        assert res["winners"], "a finished game has a winner"
        for w in res["winners"]:
            assert not state.raven[w]


@pytest.mark.parametrize("n", COUNTS)
def test_smoke_playout(n):
    """One quick conformance game per player count (the full 1,000 are marked slow)."""
    seats = [f"p{i}" for i in range(1, n + 1)]
    state, _ = playout(GAME, seats, 7 + n, secrets=secrets, check=check)
    assert state.over and state.result()["winners"]
