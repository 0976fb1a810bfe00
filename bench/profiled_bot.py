"""The bot process (`python -m bot run`) under cProfile, for bench/bench_load.py --profile (py-spy is not
installed here). The event loop's thread and every worker thread (asyncio.to_thread: the pictures) get a
profiler each. Signals: SIGUSR2 starts afresh (after the bench's set-up), SIGUSR1 writes the merged
profile to ROOKERY_PROFILE.

    ROOKERY_PROFILE=out.prof python bench/profiled_bot.py run
"""
from __future__ import annotations

import asyncio
import cProfile
import functools
import os
import pstats
import signal
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

PROFILES: list[cProfile.Profile] = []
LOCAL = threading.local()
MAIN = cProfile.Profile(time.thread_time)  # CPU time, not wall time: the machine is shared


def thread_profile() -> cProfile.Profile:
    prof = getattr(LOCAL, "prof", None)
    if prof is None or prof not in PROFILES:  # none yet, or dropped by restart()
        prof = LOCAL.prof = cProfile.Profile(time.thread_time)
        PROFILES.append(prof)
    return prof


def profiled(func):
    @functools.wraps(func)
    def run(*args, **kwargs):
        prof = thread_profile()
        prof.enable()
        try:
            return func(*args, **kwargs)
        finally:
            prof.disable()
    return run


_to_thread = asyncio.to_thread


async def to_thread(func, /, *args, **kwargs):
    return await _to_thread(profiled(func), *args, **kwargs)


def restart(*_) -> None:
    global MAIN
    MAIN.disable()
    MAIN = cProfile.Profile(time.thread_time)
    PROFILES.clear()
    MAIN.enable()


def dump(*_) -> None:
    MAIN.disable()
    stats = pstats.Stats(MAIN)
    for prof in list(PROFILES):
        try:
            stats.add(prof)
        except TypeError:  # a thread's profiler that never ran anything
            pass
    stats.dump_stats(os.environ["ROOKERY_PROFILE"])
    MAIN.enable()


if __name__ == "__main__":
    asyncio.to_thread = to_thread  # type: ignore[assignment]
    signal.signal(signal.SIGUSR2, restart)
    signal.signal(signal.SIGUSR1, dump)
    from bot.cli import main
    MAIN.enable()
    main(sys.argv[1:])
