"""Message flags, and what Discord does to the components a bot sends (reading them: tests/support/components.py)."""
from __future__ import annotations

from tests.support.components import children

EPHEMERAL, LOADING = 64, 128  # message flags


def number_components(components: list, counter: list[int] | None = None) -> list:
    """Give every component a numeric id, as Discord does when the bot did not."""
    counter = counter if counter is not None else [0]
    for comp in components or []:
        counter[0] += 1
        comp.setdefault("id", counter[0])
        number_components(children(comp), counter)
    return components
