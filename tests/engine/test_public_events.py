"""No public event names a card the public cannot see (Raven, Nevermore, The Deadlies, The Everrain; Black Rose
Wars has its own in test_blackrose_playout.py). The log words every public event for every reader, and the
stored log keeps the events themselves, so a hidden card in one is a leak even when today's wording leaves
it out. A card named in a public event must be on the public view just before or just after it, unless
the event shows it by rule (REVEALING, with the rule beside it)."""
import random
import re

import pytest

from engine import GAMES
from tests.engine.conformance import strings_in
from tests.engine.registry import shipped

CARD_ID = re.compile(r"[A-Z]{1,3}\d{1,3}")  # every card id of these four games ("SW13", "ATK10", "LU7", "SE111")

# Event types, and fields of any event, that show their cards to everyone by the rulebook.
REVEALING = {
    "raven": (set(), set()),
    "nevermore": (set(), set()),
    # Plays are face up; Greed deals face up; a Wrath thrown back, a Pride shown and the Lust discards
    # (revealed together) are shown.
    "deadlies": ({"greed_deal", "wrath_back", "pride_show", "lust_reveal"}, {"play"}),
    "everrain": (set(), set()),
}
SEATS = {"raven": (2, 3, 4), "nevermore": (3, 4, 5), "deadlies": (3, 4, 5), "everrain": (2, 3, 4)}


def hidden_names(game_key: str, seat_counts, seeds, is_card, types=frozenset(), fields=()) -> tuple[int, list]:
    """Random whole games (seat counts in turn, one per seed): (public events that named a card, [(event,
    cards the public view showed neither just before nor just after it)]). `is_card(s)` says which strings
    are cards; events of `types` and the `fields` of any event reveal theirs by rule and are not looked at."""
    game = GAMES[game_key]
    named, leaks = 0, []
    for k, seed in enumerate(seeds):
        n = seat_counts[k % len(seat_counts)]
        state = game.new([f"p{i}" for i in range(1, n + 1)], seed, None)
        rng = random.Random(seed)
        for _ in range(20000):  # a bound, far above any game's length
            if state.over:
                break
            before = strings_in(state.view(None))
            pending = state.pending()
            seat = sorted(pending)[0]
            events = state.act(seat, rng.choice(pending[seat]))
            after = strings_in(state.view(None))
            for ev in events:
                if ev.get("to") is not None or ev["type"] in types:
                    continue
                cards = {x for x in strings_in({k: v for k, v in ev.items() if k not in ("type", "to", *fields)})
                         if is_card(x)}
                named += bool(cards)
                if not cards <= before | after:
                    leaks.append((ev, cards - before - after))
    return named, leaks


def test_every_shipped_game_says_which_public_events_show_cards():
    """A new game is walked here (its REVEALING rules declared), or has a walk of its own: none is left out
    unseen. Black Rose Wars: test_blackrose_playout.py."""
    assert set(shipped()) == set(REVEALING) | {"blackrose"}


@pytest.mark.parametrize("game_key", sorted(REVEALING))
def test_a_public_event_names_no_card_the_public_cannot_see(game_key):
    types, fields = REVEALING[game_key]
    named, leaks = hidden_names(game_key, SEATS[game_key], range(900, 912), CARD_ID.fullmatch, types, fields)
    assert leaks == []
    if game_key != "nevermore":  # Nevermore's public events name suits and counts, never a card
        assert named, "public events that name cards were checked"


def test_a_hand_discarded_by_the_halo_is_a_count_in_public():
    """The Deadlies: the Halo sends its player's hand to the discard pile unseen. The public event says how
    many cards, not which (before, it listed them), and the log line reads that count."""
    from tests.engine.test_deadlies_effects import public_lines
    from tests.engine.test_deadlies_rules import make, play

    st = make({"p1": ["HALO", "WR3", "GL4"], "p2": ["GR2"], "p3": ["GR3"]})
    events = play(st, "p1", ["HALO"])
    halo = next(e for e in events if e["type"] == "halo")
    assert halo["to"] is None and halo["n"] == 2 and "cards" not in halo
    assert not {"WR3", "GL4"} & strings_in(halo)
    assert any("discards their hand (2 cards)" in line for line in public_lines(events))
