"""A short kill -9 soak (the full one is tests/e2e/soak_kill9.py, run by hand): four live games, the real
process SIGKILLed while quiet, with clicks in flight, and right after Start."""
import pytest

from tests.e2e.soak_kill9 import soak

pytestmark = pytest.mark.e2e


async def test_short_kill9_soak_loses_nothing_and_leaves_nobody_stuck(tmp_path):
    figures = await soak(restarts=4, seed=3, db_dir=str(tmp_path), verbose=False)
    assert figures.restarts == 4 and sum(figures.kills.values()) == 4
    assert figures.kills["after_start"] >= 1 and figures.kills["in_flight"] >= 1, figures.kills
    assert figures.acknowledged > 0
    assert figures.lost == 0, "every acknowledged move is on disk"
    assert figures.stale_prompts == 0, "after each restart every player who must act has current buttons"
    assert figures.boards_wrong == 0, "every board names the right players"
    assert figures.wrong_but_stored_published == 0, "a table a kill left wrong is never stored as published"
