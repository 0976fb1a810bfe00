"""The reaction window, for Traps and Protections armed "ask me" (rules.reaction): at a moment that meets such a
spell's shown condition (rules.waits_for), its owner answers: trigger it, or let the moment pass (the spell
stays armed). Only owners whose spell matches are asked, so every window is a real choice, named and never
held (data/blackrose/rules.md). The same task asks a spell's owner a choice it gives them as it fires
("values"). BlackRoseState.act collects the answers and applies the paused action with them."""
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
