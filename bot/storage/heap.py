"""Keeping Python's cyclic garbage collector out of the way of thousands of live tables.

Every table holds many small dicts and lists (its engine state). The collector's full passes walk all of
them: loading 10,000 games triggered dozens of full passes (over half the restore time), and afterwards
each full pass stalled the event loop for a quarter of a second. Game state is acyclic data freed by
reference counting, so the collector has nothing to find there; we keep it from looking.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def bulk_load() -> Iterator[None]:
    """No collections while a bulk load allocates (it only creates live objects, so none are garbage)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


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
    """After every full pass, freeze the survivors, so the next pass walks only what is new since.

    The cost: a frozen object that later becomes part of a garbage cycle is never reclaimed. Table state
    is acyclic and freed by reference counting regardless, but other cyclic objects that live through a
    full pass and die later (say, evicted cached messages) stay. That is why tune_for() only turns this on
    when thousands of tables make full passes long.
    Idempotent: installing twice keeps one callback.
    """
    if _freeze_after_full_pass not in gc.callbacks:
        gc.callbacks.append(_freeze_after_full_pass)


def _freeze_after_full_pass(phase: str, info: dict) -> None:
    if phase == "stop" and info["generation"] == 2:
        gc.freeze()
