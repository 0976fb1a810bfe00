"""Black Rose Wars (Ludus Magnus Studio, 2019): mages battle through the Lodge for the Black Rose. 2-4 players.

Built on the shared flow kernel (engine/flow.py): set-up and the six phases of a Game Turn are declared as
data in phases.py; the Study and the Preparation are in study_prep.py, the Action Phase in action.py,
casting a spell in casting.py, Evocations in evocations.py; every spell side, room, Quest and Event is data
(data/blackrose/) read by the effect vocabulary in effects.py and rooms.py."""
from __future__ import annotations

from engine import register
from engine.core import Option, Traits, check_seats, resolve_options
from engine.blackrose import (  # noqa: F401  (imported to declare the task kinds)
    action, casting, effects, evocations, phases, react, rooms, study_prep)
from engine.blackrose.state import BlackRoseState


class BlackRoseWars:
    key = "blackrose"
    title = "Black Rose Wars"
    min_players = 2
    max_players = 4
    options = {
        "overkill": Option("overkill", False, (False, True), "Overkill: Damage past a defeated Mage's health counts for the PP."),
        "overload": Option("overload", False, (False, True), "Overload: Instability may exceed a room's resistance."),
        "for_the_crown": Option("for_the_crown", False, (False, True),
                                "For the Crown!: a new Crown bearer is First Player from the next phase."),
        "extra_turns": Option("extra_turns", False, (False, True), "Extra Game Turns: a tie for the win plays on."),
    }
    # Preparation is simultaneous and face down; "unready" takes back a spell being readied; Traps and
    # Protections open quick reaction windows.
    traits = Traits(simultaneous=True, reactions=True, pictures=True, undo=("unready",), partial=("pick",))

    def new(self, seats, seed, options=None):
        opts = resolve_options(self, options)
        check_seats(self, seats)
        return phases.new_state(seats, seed, opts)

    def load(self, data):
        return BlackRoseState.from_json(data)


GAME = register(BlackRoseWars())
