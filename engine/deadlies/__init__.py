"""The Deadlies (Paul Saxberg, Smirk & Dagger): shed the seven sins, empty your hand three times."""
from __future__ import annotations


from engine import register
from engine.core import IllegalAction, Option, Traits, check_seats, resolve_options
from engine.rng import Rng

from .state import DeadliesState

_FIRST = ("host", "random", "2", "3", "4", "5", "6")
# The old quick choice, no longer offered: 25 turns decided 77-99% of games by the limit. Games saved with it
# are rebuilt with game.new(seed, stored options) for replays and the full log, so it is still accepted.
_RETIRED_LIMITS = (25,)


class Deadlies:
    key = "deadlies"
    title = "The Deadlies"
    min_players = 3
    max_players = 6
    options = {
        "sixth_player": Option(
            "sixth_player", True, (True, False),
            "6 players only: the optional 6th-player rule (start with 4 cards; Wickedness 4, 2, 0). "
            "Off: 6 players start with 6 cards like 3–5."),
        "first_player": Option(
            "first_player", "host", _FIRST,
            "Who starts (and gets the extra card): the host (first seat), a seat number, or random."),
        "turn_limit": Option(
            "turn_limit", 200, (60, 100, 200),
            "Turns before the game is stopped (Gluttony's extra turns count): at the limit the game ends and "
            "the lowest Wickedness wins, then fewest cards. 60 makes a quicker game that still mostly ends "
            "by a win; 100 and 200 are safeguards."),
    }
    # Lust's secret discards are simultaneous; answers to Pride, Wrath and Lust are quick reactions.
    traits = Traits(simultaneous=True, reactions=True, pictures=True, undo=("unpick",), partial=("pick", "unpick"))

    def new(self, seats: list[str], seed: int, options: dict | None = None) -> DeadliesState:
        check_seats(self, seats)
        given = dict(options or {})
        retired = given.get("turn_limit") in _RETIRED_LIMITS
        if retired:
            limit = given.pop("turn_limit")
        opts = resolve_options(self, given)
        if retired:
            opts["turn_limit"] = limit
        first = opts["first_player"]
        if first == "host":
            starter = seats[0]
        elif first == "random":
            starter = seats[Rng(seed ^ 0x5EA7).below(len(seats))]
        else:
            if int(first) > len(seats):
                raise IllegalAction(f"The Deadlies: there is no seat {first} with {len(seats)} players.")
            starter = seats[int(first) - 1]
        start = 4 if len(seats) == 6 and opts["sixth_player"] else 6
        return DeadliesState.new(list(seats), seed, opts, start, starter, opts["turn_limit"])

    def load(self, data: dict) -> DeadliesState:
        return DeadliesState(data)


GAME = register(Deadlies())
