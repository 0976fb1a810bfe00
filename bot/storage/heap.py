"""Keeping Python's cyclic garbage collector out of the way of thousands of live tables.

Every table holds many small dicts and lists (its engine state). The collector's full passes walk all of
them: loading 10,000 games triggered dozens of full passes (over half the restore time), and afterwards
each full pass stalled the event loop for a quarter of a second. Game state is acyclic data freed by
reference counting, so the collector has nothing to find there; we keep it from looking.
"""
from __future__ import annotations

import asyncio
import gc
import time
from contextlib import contextmanager
from typing import Iterator


BIG_LOAD = 50_000  # tracked objects a load leaves behind (about 1,000 tables) before it is frozen


@contextmanager
def bulk_load() -> Iterator[None]:
    """No collections while a bulk load allocates; after a big one, its survivors are frozen.

    A paused collector does not forget: every object allocated meanwhile waits in the youngest generation,
    and the first collection afterwards walks all of them (a third of a second after 10,000 games), then
    the older generations walk them again. What a load leaves alive is long-lived table state, so after a
    big load it goes straight to the permanent generation instead.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
        if gc.get_count()[0] > BIG_LOAD:
            gc.freeze()


MANY_TABLES = 1000  # below this a full pass is already short (a few ms), and freezing only costs memory


def tune_for(live_tables: int) -> None:
    """After a restore: with thousands of live tables, freeze them and keep freezing long-lived survivors."""
    if live_tables >= MANY_TABLES:
        settle()
        keep_full_passes_short()


def settle() -> None:
    """Collect once, then move every surviving object out of the collector's sight (gc.freeze)."""
    gc.collect()
    gc.freeze()


def keep_full_passes_short() -> None:
    """Full passes walk only what arrived since the last one: after each, the survivors are frozen.

    The collector cannot be told to freeze inside its own pass, and left alone it waits until a quarter
    as many objects as the last pass kept have piled up (so, after freezing 10,000 tables, one pass walked
    hundreds of thousands of objects again). So it no longer starts full passes itself: the event loop runs
    one after every few middle-generation passes, then freezes the survivors. How many is adapted so that
    a pass takes about FULL_PASS_TARGET seconds.

    The cost: a frozen object that later becomes part of a garbage cycle is never reclaimed. Table state
    is acyclic and freed by reference counting regardless, but other cyclic objects that live through a
    full pass and die later (say, evicted cached messages) stay. That is why tune_for() only turns this on
    when thousands of tables make full passes long. Idempotent.
    """
    if _after_middle_pass in gc.callbacks:
        return
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, NEVER)
    gc.callbacks.append(_after_middle_pass)


FULL_PASS_TARGET = 0.004
MOST_MIDDLE_PASSES = 4  # between full passes; more lets too many new objects pile up for one pass
NEVER = 2**30  # a full-pass threshold the collector never reaches by itself
_cadence: dict = {"every": 1, "middle_passes": 0, "scheduled_on": None}  # start brisk: no history yet


def _after_middle_pass(phase: str, info: dict) -> None:
    if phase != "stop" or info["generation"] != 1:
        return
    _cadence["middle_passes"] += 1
    if _cadence["middle_passes"] < _cadence["every"]:
        return
    pending_on = _cadence["scheduled_on"]
    if pending_on is not None and not pending_on.is_closed():
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # a thread without a loop allocated; the loop's thread will schedule it soon
        return
    _cadence["scheduled_on"] = loop
    loop.call_soon(_full_pass_then_freeze)


def _full_pass_then_freeze() -> None:
    _cadence["middle_passes"], _cadence["scheduled_on"] = 0, None
    started = time.perf_counter()
    gc.collect()
    gc.freeze()
    took = time.perf_counter() - started
    if took > FULL_PASS_TARGET:
        _cadence["every"] = max(1, _cadence["every"] // 2)
    elif took < FULL_PASS_TARGET / 4:
        _cadence["every"] = min(MOST_MIDDLE_PASSES, _cadence["every"] + 1)
