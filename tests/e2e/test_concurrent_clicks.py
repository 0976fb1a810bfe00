"""Four games in four channels, one click in each at the same moment (issue 8 §1 seen from Discord): every
click is answered and applied exactly once. The 20-round figure comes from `soak_kill9.py --concurrent 20`."""
import pytest

from tests.e2e.soak_kill9 import concurrent

pytestmark = pytest.mark.e2e


async def test_simultaneous_clicks_in_four_games_are_all_applied():
    result = await concurrent(rounds=3, seed=4)
    assert result["clicks"] >= 10, result
    assert result["answered"] == result["clicks"], result
    assert result["applied"] == result["acknowledged"] == result["clicks"] and result["lost"] == 0, result
    assert result["tracebacks"] == 0, result
