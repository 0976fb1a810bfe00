"""The reaction window: a Trap or Protection's condition is met (or could be, as far as the table knows)
and the seats that might own one answer at once: trigger a matching spell, or let the moment pass (the
spell stays armed). BlackRoseState.act collects the answers and applies the paused action with them."""
from __future__ import annotations

from engine.blackrose.state import task


def react_options(st, t):
    if "values" in t:  # the owner's choice as their spell fires: a later step of the same reaction
        return {s: [{"type": "react", "value": v, "step": True} for v in t["values"]]
                for s in t["seats"] if s not in t["got"]}
    return {s: [{"type": "react", "card": c} for c in t["offers"][s]] + [{"type": "react", "card": None}]
            for s in t["seats"] if s not in t["got"]}


def react_act(st, t, seat, a):
    raise AssertionError("BlackRoseState.act answers reaction windows itself")


@task("react", react_options, react_act)
def react(st, t):
    return True  # it waits until every seat has answered; then act() removes it
