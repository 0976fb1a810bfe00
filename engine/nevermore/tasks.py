"""The task registry behind Nevermore's resumable rules machine.

The game is a stack of plain-JSON tasks ("deal", "suit", "damage", "magick", ...). The runner runs the top
task's handler until one waits for a decision; a decision (act) is applied to the waiting top task, and the
runner continues. Because every pause point is a task on the stack, any Magick reaction can interrupt
anything (a blow, a VP gain, another card) and the whole game still serialises as plain data.

Each kind registers: handler(state, task) -> True when it waits for players (it stays on top), else it
finished (popped itself, maybe pushing follow-ups); and, for waiting kinds, options(state, task) ->
{seat: [legal actions]} and act(state, task, seat, action).
"""
from __future__ import annotations

from engine.flow import Flow

# Nevermore's own registry on the shared kernel (engine/flow.py); `task` and `waits` keep their names.
FLOW = Flow("Nevermore")
HANDLERS, OPTIONS, ACTS = FLOW.handlers, FLOW.options, FLOW.acts
task = FLOW.task
waits = FLOW.waits
