"""The shared flow kernel (engine/flow.py): phases declared as data, the runner, waiting tasks, and the
legality gate every game gets from it."""
from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.flow import Flow, FlowState

FLOW = Flow("Toy")
FLOW.phases("round", ({"k": "say", "word": "a"}, {"k": "ask"}, {"k": "say", "word": "b"}))


@FLOW.task("say")
def say(st, t):
    st.log.append(t["word"])
    st.emit("said", word=t["word"])
    return st.done(t)


def ask_options(st, t):
    return {"p1": [{"type": "go"}, {"type": "stop"}]}


def ask_act(st, t, seat, a):
    if a["type"] == "stop":
        st.over = True
    st.stack.pop()


@FLOW.task("ask", ask_options, ask_act)
def ask(st, t):
    return FLOW.waits(st, t)


class Toy(FlowState):
    FLOW = FLOW

    def __init__(self, stack):
        super().__init__()
        self.stack, self.over, self.log = stack, False, []


def test_phases_run_in_order_and_repeat():
    st = Toy([{"k": "round", "step": 0}])
    st.run()
    assert st.log == ["a"] and st.pending() == {"p1": [{"type": "go"}, {"type": "stop"}]}
    events = st.act("p1", {"type": "go"})
    assert st.log == ["a", "b", "a"]  # the schedule started over after its last step
    assert [e["word"] for e in events] == ["b", "a"]
    st.act("p1", {"type": "stop"})
    assert st.over and st.pending() == {}


def test_a_stop_runs_a_slice_and_an_empty_stack_is_an_error():
    st = Toy([{"k": "round", "step": 2, "stop": 3}])
    with pytest.raises(RuntimeError, match="Toy: the rules machine ran out of tasks"):
        st.run()
    assert st.log == ["b"]


def test_illegal_actions_change_nothing():
    st = Toy([{"k": "round", "step": 0}])
    st.run()
    before = [dict(t) for t in st.stack]
    with pytest.raises(IllegalAction):
        st.act("p2", {"type": "go"})
    with pytest.raises(IllegalAction):
        st.act("p1", {"type": "fly"})
    assert st.stack == before and st.log == ["a"]


def test_step_index_and_separate_registries():
    assert FLOW.step_index("round", "say", word="b") == 2
    other = Flow("Other")
    assert "say" not in other.handlers and "say" in FLOW.handlers


def test_nevermore_and_blackrose_use_the_kernel():
    from engine.blackrose.state import BlackRoseState
    from engine.nevermore.state import NevermoreState

    assert issubclass(NevermoreState, FlowState) and issubclass(BlackRoseState, FlowState)
    assert NevermoreState.FLOW is not BlackRoseState.FLOW
    assert "hand" in NevermoreState.FLOW.schedules and "game_turn" in BlackRoseState.FLOW.schedules
