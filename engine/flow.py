"""The shared flow kernel: a game as a resumable stack of plain-JSON tasks, with its phases declared as data.

Why a stack: every point where the rules wait for people (a simultaneous face-down choice, one seat's
turn, a reaction window that may interrupt anything) is a task on the stack, so the whole game, paused
anywhere, is plain data that serialises and replays exactly.

A game makes one `Flow` and declares on it:
- task kinds: `@flow.task(kind)` for a step that just runs, or `@flow.task(kind, options, act)` for one
  that may wait for decisions. handler(state, task) returns True when it waits (it stays on top),
  otherwise it finished (it popped itself with state.done, maybe pushing follow-ups).
  options(state, task) -> {seat: [legal actions]}; act(state, task, seat, action) applies one of them.
- phases: `flow.phases(kind, steps)` declares an ordered list of task templates (boardgame.io's `phases`)
  and registers `kind` as the cursor that runs them one by one; the schedule lives in code, the state
  stores only the cursor's position.

Its state class inherits `FlowState` and sets `FLOW`; the kernel gives it pending(), act(), run(),
done(), push() and emit(). Registries live on the Flow object, one per game, never in module globals.

Options are worked out once per step: waits() keeps what it computed as the state's pending() cache, and
a simultaneous kind whose actions change only the actor's own choices declares `seat_options` so that
after an action only that seat's are worked out again (the conformance playouts check both against a
fresh computation at every step).

Multi-step decisions: a large choice (ordering spells into slots, picking several cards) is offered one
small step at a time. Actions that continue a decision already begun carry `"step": True`; timers and bots
treat a decision as one unit: an action without it starts a new decision.
"""
from __future__ import annotations

from typing import Callable

from engine.core import find_legal


class Flow:
    def __init__(self, game: str) -> None:
        self.game = game
        self.handlers: dict[str, Callable] = {}
        self.options: dict[str, Callable] = {}
        self.acts: dict[str, Callable] = {}
        self.schedules: dict[str, tuple[dict, ...]] = {}
        self.seat_options: dict[str, Callable] = {}

    def task(self, kind: str, options: Callable | None = None, act: Callable | None = None,
             seat_options: Callable | None = None):
        """seat_options(state, task, seat) -> that seat's legal actions (None: it has none), for a simultaneous
        kind where one seat's action changes only its own options (a face-down draft pick): after an
        action the kernel keeps the other seats' options and works out only the actor's again."""
        def wrap(handler: Callable) -> Callable:
            self.handlers[kind] = handler
            if options is not None:
                self.options[kind] = options
                self.acts[kind] = act
            if seat_options is not None:
                self.seat_options[kind] = seat_options
            return handler
        return wrap

    def waits(self, st, t) -> bool:
        """Standard ending for a waiting handler: wait exactly when someone has a legal action.

        The options it works out are exactly what pending() would build next (t is the top, and a handler
        that waits changes nothing after this), so they become the state's pending() cache: each step
        computes them once instead of twice."""
        after = st._after
        if after is not None and after[0] is t:  # the same task, just after one seat's action
            seat = after[2]
            opts = dict(after[1])
            mine = self.seat_options[t["k"]](st, t, seat)
            if mine is None:
                opts.pop(seat, None)
            else:
                opts[seat] = mine
        else:
            opts = self.options[t["k"]](st, t)
        if opts:
            st._pending, st._pending_top = opts, t
        return bool(opts)

    def phases(self, kind: str, steps: tuple[dict, ...] | list[dict], repeat: bool = True) -> None:
        """Declare a schedule. Its cursor task {"k": kind, "step": i} starts step i each time it is on
        top; after the last step it starts over (repeat) or finishes. A "stop" key ends it early (tests
        run a slice of the schedule this way)."""
        steps = tuple(steps)
        self.schedules[kind] = steps

        def cursor(st, t):
            step = t.get("step", 0)
            if step >= t.get("stop", len(steps)):
                if "stop" in t or not repeat:
                    return st.done(t)
                return st.done(t, {"k": kind, "step": 0})
            t["step"] = step + 1
            st.push(dict(steps[step]))
            return False

        self.handlers[kind] = cursor

    def step_index(self, kind: str, task_kind: str, **match) -> int:
        """Where a step sits in a declared schedule (tests start a slice there)."""
        return next(i for i, t in enumerate(self.schedules[kind])
                    if t["k"] == task_kind and all(t.get(k) == v for k, v in match.items()))


class FlowState:
    """The runner half of the kernel. Subclasses set FLOW and keep their fields plain JSON; `stack` and
    `over` are the only fields the kernel itself reads."""

    FLOW: Flow
    stack: list[dict]
    over: bool

    _pending_top: dict | None = None  # the task _pending was computed for
    # While act() runs a seat_options kind: (its task, the options before the action, the acting seat).
    _after: tuple | None = None

    def __init__(self) -> None:
        self._ev: list[dict] = []
        # Cache of pending(); every change goes through act() or run(), which clear it (a test that edits
        # fields by hand sets it to None). It is trusted only while its task is still the top.
        self._pending: dict | None = None

    def pending(self) -> dict[str, list[dict]]:
        if self.over or not self.stack:
            return {}
        top = self.stack[-1]
        if self._pending is None or self._pending_top is not top:
            self._pending, self._pending_top = self.FLOW.options[top["k"]](self, top), top
        return self._pending

    def act(self, seat: str, action: dict) -> list[dict]:
        before = self.pending()
        find_legal(before, seat, action)
        self._ev = []
        self._pending = None
        top = self.stack[-1]
        self.FLOW.acts[top["k"]](self, top, seat, action)
        if top["k"] in self.FLOW.seat_options:
            self._after = (top, before, seat)
        try:
            self.run()
        finally:
            self._after = None
        return self._ev

    def run(self) -> None:
        self._pending = None  # a waiting handler sets it again (Flow.waits)
        handlers = self.FLOW.handlers
        while not self.over and self.stack:
            top = self.stack[-1]
            if handlers[top["k"]](self, top):
                return
        if not self.over:
            raise RuntimeError(f"{self.FLOW.game}: the rules machine ran out of tasks")

    def done(self, t: dict, *then: dict) -> bool:
        """Finish task t (the top) and schedule follow-ups, first listed runs first. Returns False so a
        handler can `return st.done(...)`."""
        stack = self.stack
        assert stack[-1] is t
        stack.pop()
        if then:  # push() inlined: done() runs after nearly every step
            if len(then) == 1:
                stack.append(then[0])
            else:
                stack.extend(reversed(then))
        return False

    def push(self, *tasks: dict) -> None:
        if len(tasks) == 1:  # the common case, without a reversed iterator (a push follows most steps)
            self.stack.append(tasks[0])
        else:
            self.stack.extend(reversed(tasks))

    def emit(self, type_: str, to: str | None = None, **data) -> None:
        self._ev.append({"type": type_, "to": to, **data})
