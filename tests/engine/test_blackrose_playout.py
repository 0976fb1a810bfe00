"""Black Rose Wars through the shared conformance harness: random whole games over 2, 3 and 4 players and
every option, with leak checks (hands, Grimoires, ready spells, armed traps, Quests, deck orders), card
conservation, JSON round-trips, illegal actions and replay from seed + log."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.blackrose import GAME
from engine.blackrose import cards as C
from tests.engine.conformance import playout


def secrets(data: dict, seat: str | None) -> set[str]:
    peeked = set(data["mods"].get("peeked", []))
    if seat is None:
        out = {c for pile in data["library"].values() for c in pile} | set(data["forgotten"])
        out |= {q for d in data["qdeck"].values() for q in d} | {e for d in data["edeck"].values() for e in d}
        return out - peeked
    out = set(data["hand"][seat]) | set(data["grimoire"][seat]) | set(data["quests"][seat])
    out |= {sl["card"] for sl in data["slots"][seat] if sl["state"] in ("ready", "armed") and not sl.get("shown")}
    for t in data["stack"]:
        if t["k"] == "study" and t["seat"] == seat:
            out |= set(t["look"])
    # A spell shown face up on its sheet (and then lost, to the Memories and maybe a reshuffled Grimoire)
    # was seen by everyone: its slot still shows it, and that is no leak.
    out -= {sl["card"] for sl in data["slots"][seat] if sl.get("shown")}
    return out - peeked


def check(data: dict) -> None:
    seats = data["seats"]
    held = []
    for s in seats:
        held += data["hand"][s] + data["grimoire"][s] + data["memories"][s] + data["aside"][s]
        held += [sl["card"] for sl in data["slots"][s] if sl["state"] != "lost"]
    for t in data["stack"]:
        if t["k"] == "study":
            held += t["look"]
    held += [c for p in data["library"].values() for c in p] + [c for p in data["discards"].values() for c in p]
    held += data["forgotten"] + data["removed"]
    want = [c for school in C.SCHOOLS for c in C.school_cards(school)] + list(C.FORGOTTEN)
    want += [c for s in data["school"] for c in C.custom_cards(data["mage"][s])]
    assert Counter(held) == Counter(want), Counter(held) - Counter(want) or Counter(want) - Counter(held)
    choosing = {t["seat"] for t in data["stack"] if t["k"] == "pick" and t["key"] == "quest_over"}
    for s in seats:
        # Over 2 Quests only while discards are being chosen (rulebook, Quest Card: "immediately"); after
        # Obscure Intuition the caster chooses first and a receiver waits its turn (rules.md).
        assert len(data["quests"][s]) <= C.MAX_QUESTS + bool(choosing)
        assert sum(1 for e in data["evos"] if e["owner"] == s) <= C.MAX_EVOS
        if s in data["mage"] and not data["over"]:
            hp = C.MAGES[data["mage"][s]]["health"]
            assert sum(data["dmg"][s].values()) < hp or data["opts"]["overkill"]


OPTION_SETS = [{}, {"overkill": True}, {"overload": True}, {"for_the_crown": True}, {"extra_turns": True},
               {"overkill": True, "overload": True, "for_the_crown": True, "extra_turns": True}]


@pytest.mark.parametrize("seed", range(6))
def test_random_games_pass_conformance(seed):
    seats = [f"p{i}" for i in range(1, 2 + seed % 3 + 1)]
    state, log = playout(GAME, seats, seed, OPTION_SETS[seed % len(OPTION_SETS)], secrets=secrets, check=check)
    assert state.over and log


def _cheap_game(seed: int, every: int) -> int:
    """One random whole game through pending() + act(): every step checks the acting seat's action is legal
    and the game goes on; every `every`-th step also runs the full checks (JSON round-trip, card
    conservation, no leak in any view or the step's events); at the end the seed + log replay exactly."""
    import json
    import random

    from tests.engine.conformance import assert_no_leak

    seats = [f"p{i}" for i in range(1, 2 + seed % 3 + 1)]
    opts = OPTION_SETS[seed % len(OPTION_SETS)]
    rng = random.Random(seed)
    state = GAME.new(seats, seed, opts)
    log = []
    for step in range(20_000):
        pending = state.pending()
        if state.over:
            assert not pending
            break
        assert pending, "a running game must always have someone to act"
        seat = rng.choice(sorted(pending))
        action = rng.choice(pending[seat])
        events = state.act(seat, action)
        log.append((seat, action))
        if step % every == 0:
            data = state.to_json()
            assert json.loads(json.dumps(data)) == data
            assert GAME.load(data).to_json() == data
            check(data)
            # A spell that fires or is cast is shown to everyone by rule (REVEALING), and may be hidden again
            # before the step ends (Clean-up, then the next Study reshuffles the Memories into the Grimoire
            # when no Quest or Evocation asks anyone in between): that is no leak.
            assert_no_leak(state, seats, secrets, [e for e in events if e["type"] not in REVEALING])
    else:
        raise AssertionError("game did not end")
    replay = GAME.new(seats, seed, opts)
    for seat, action in log:
        replay.act(seat, action)
    assert replay.to_json() == state.to_json()
    return len(log)


@pytest.mark.parametrize("block", range(10))
def test_a_thousand_random_games(block):
    """1,000 whole games over 2, 3 and 4 players and every option set (100 per block)."""
    steps = sum(_cheap_game(1000 + block * 100 + g, every=37) for g in range(100))
    assert steps > 0


# A spell is shown to everyone when it is cast, aimed, triggered or fizzles (rulebook: it is revealed as it
# resolves), and a Quest when it is completed; those events may name a card the board no longer shows.
REVEALING = {"cast", "aim", "trigger", "fizzle", "quest"}


def test_a_public_event_names_no_card_the_public_cannot_see():
    """Every spell or Quest a public event names is on the public board just before or just after it, or the
    event reveals it by rule (REVEALING). A card gone face down (to Memories, a ready slot, a hand, a
    discarded Quest) must not be named to everyone: the log words every public event for every reader."""
    from tests.engine.test_public_events import hidden_names

    st = GAME.new(["p1", "p2", "p3", "p4"], 1, None)
    card_ids = {c for deck in st.to_json()["library"].values() for c in deck} | {
        c for hand in st.to_json()["hand"].values() for c in hand} | set(C.QUESTS)
    named, leaks = hidden_names("blackrose", (2, 3, 4), range(300, 324), card_ids.__contains__, REVEALING)
    assert leaks == []
    assert named, "public events that name spells or Quests were checked"
