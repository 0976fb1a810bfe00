"""A clock a test sets by hand: TableService(store, clock) calls it for the time; tests move clock.now."""


class Clock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now
