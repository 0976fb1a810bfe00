"""Random whole games of The Deadlies through the shared conformance harness (>= 1,000 in total)."""
from __future__ import annotations

from collections import Counter

import pytest

from engine import GAMES
from engine.deadlies.cards import ALL_IDS, HALO
from tests.engine.conformance import playout

GAME = GAMES["deadlies"]
ALL = sorted(ALL_IDS)


def secrets(data: dict, seat: str | None) -> set[str]:
    # Cards shown face up during the last action (played, thrown, revealed, dealt) may be named by its
    # public events even if a reshuffle then put them back in the deck or drew them into a hand.
    shown = set(data["revealed"])
    if seat is None:
        # No view may name a card in the deck (views carry only its size, never contents or order).
        return set(data["deck"]) - shown
    hidden = set(data["hands"][seat]) - set(data["known"][seat]) - {HALO} - shown
    effect = data["effect"] or {}
    choice = effect.get("choices", {}).get(seat)
    if choice and choice not in data["known"][seat]:
        # (A known card's id is public anyway: the string check can't tell that it was chosen.)
        hidden.add(choice)
    return hidden


def zones(data: dict) -> list[str]:
    """Every card's place: deck, discard, hands, Sloths in front, the Halo's centre spot, in resolution."""
    cards = data["deck"] + data["discard"]
    for hand in data["hands"].values():
        cards += hand
    cards += [c for c in data["sloth"].values() if c]
    if data["halo_centre"]:
        cards.append(HALO)
    if data["play"]:
        cards += data["play"]["cards"]
    if data["effect"]:
        cards += [c for _, c in data["effect"].get("dealt", [])]
    return cards


def check(data: dict) -> None:
    assert sorted(zones(data)) == ALL, "all 52 cards must be somewhere exactly once"
    for seat, known in data["known"].items():
        assert set(known) <= set(data["hands"][seat]), "known cards must be in that hand"
    assert set(data["picks"]) <= set(data["hands"][data["turn"]])
    assert all(0 <= w <= data["start"] for w in data["wick"].values())
    if data["over"]:
        assert data["winners"]
    else:
        assert data["turns"] < data["limit"]


def _seats(n: int) -> list[str]:
    return [f"p{i}" for i in range(1, n + 1)]


def _all_configs() -> list[tuple[int, dict]]:
    """Every player count with every option combination that applies to it (87 in all)."""
    out = []
    for n in (3, 4, 5, 6):
        for first in ("host", "random", *(str(i) for i in range(2, n + 1))):
            for limit in GAME.options["turn_limit"].choices:
                for sixth in ((True, False) if n == 6 else (True,)):
                    out.append((n, {"first_player": first, "turn_limit": limit, "sixth_player": sixth}))
    return out


ALL_CONFIGS = _all_configs()
# Random play seldom finishes inside 25 turns, so games with the retired limit of 25 (no longer offered, still
# accepted for saved games) are the cheap majority, spread evenly over the player counts; every offered
# combination is still played at least once.
QUICK_CONFIGS = {n: [(n, {**c[1], "turn_limit": 25}) for c in ALL_CONFIGS if c[0] == n and c[1]["turn_limit"] == 60]
                 for n in (3, 4, 5, 6)}
TOTAL_GAMES = 1000
CHUNKS = 20


def config_for(game: int) -> tuple[int, dict]:
    if game < len(ALL_CONFIGS):
        return ALL_CONFIGS[game]
    quick = QUICK_CONFIGS[3 + game % 4]
    return quick[(game // 4) % len(quick)]


def test_every_option_combination_is_covered():
    seen = {(n, tuple(sorted(o.items()))) for n, o in map(config_for, range(TOTAL_GAMES))}
    assert {(n, tuple(sorted(o.items()))) for n, o in ALL_CONFIGS} <= seen and len(ALL_CONFIGS) == 87


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games(chunk: int) -> None:
    ends = Counter()
    for game in range(chunk, TOTAL_GAMES, CHUNKS):
        n, opts = config_for(game)
        state, _ = playout(GAME, _seats(n), game, opts, secrets=secrets, check=check, max_steps=20_000)
        assert state.over
        ends[state.ended] += 1
    assert sum(ends.values()) == TOTAL_GAMES // CHUNKS
