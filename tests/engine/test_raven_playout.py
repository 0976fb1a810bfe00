"""1,000+ random Raven games through the shared conformance harness: every player count, both lengths,
both themes, with hidden-card leak checks and 60-card conservation at every step."""
from __future__ import annotations

import random

import pytest

from engine import GAMES
from engine.raven.cards import DECK
from tests.engine.conformance import playout

GAME = GAMES["raven"]
COMBOS = [(n, length, theme) for n in range(2, 7) for length in ("standard", "short")
          for theme in ("raven", "prophecy")]
GAMES_PER_COMBO = 50  # 20 combos x 50 = 1,000 games
CHUNKS = 5


def secrets(data: dict, seat: str | None) -> set[str]:
    if seat is None:
        return set(data["undealt"])  # the unseen cards of a 2-3 player deal (and the deck before dealing)
    hidden = set(data["hands"][seat])
    revealers = data["revealers"]
    face_up = seat in revealers and all(s in data["locked"] for s in revealers)
    if data["phase"] in ("bid", "play") and not face_up:
        hidden |= set(data["bids"][seat])
    return hidden


DECK_SET = frozenset(DECK)


def check(data: dict) -> None:
    cards: list[str] = list(data["undealt"])
    for s in data["seats"]:
        cards += data["hands"][s]
        cards += data["bids"][s]
    cards += data["trick"]
    cards += data["taken"]
    assert len(cards) == 60, f"{len(cards)} cards in play"
    assert set(cards) == DECK_SET, "a card was duplicated or lost"
    if data["phase"] == "play":
        assert len(data["taken"]) == sum(data["tricks"].values()) * len(data["seats"])


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("n,length,theme", COMBOS)
def test_random_playouts(n, length, theme, chunk):
    seats = [f"p{i}" for i in range(1, n + 1)]
    per = GAMES_PER_COMBO // CHUNKS
    for k in range(per):
        seed = COMBOS.index((n, length, theme)) * 1000 + chunk * per + k
        state, _ = playout(GAME, seats, seed, {"length": length, "theme": theme}, secrets=secrets,
                           check=check)
        assert state.over
        assert state.hand_no == (8 if length == "standard" else 5)
        assert sum(state.last_hand["tricks"].values()) == {2: 13, 3: 14, 4: 12, 5: 10, 6: 8}[n]



@pytest.mark.parametrize("n", range(2, 7))
def test_prompt_fits_a_menu_placeholder_in_every_view(n):
    # The platform shows the presenter's prompt as the move menu's placeholder (150 characters at most).
    from present import presenter

    prompt = presenter("raven").prompt
    rng = random.Random(n)
    for theme in ("raven", "prophecy"):
        state = GAME.new([f"p{i}" for i in range(1, n + 1)], n, {"length": "short", "theme": theme})
        while not state.over:
            for reader in state.pending():
                assert len(prompt(state.view(reader))) <= 120
            seat, legal = rng.choice(sorted(state.pending().items()))
            state.act(seat, rng.choice(legal))


@pytest.mark.parametrize("seed", range(3))
def test_json_view_reads_as_to_json_at_every_step(seed):
    """The host encodes json_view() (to_json without its copies): it must say exactly what to_json says, or
    a stored game would differ from the state it came from."""
    rng = random.Random(seed)
    st = GAMES["raven"].new([f"p{i}" for i in range(1, 2 + seed + 1)], seed, None)
    while not st.over:
        assert st.json_view() == st.to_json()
        seat, legal = rng.choice(sorted(st.pending().items()))
        st.act(seat, rng.choice(legal))
    assert st.json_view() == st.to_json()
