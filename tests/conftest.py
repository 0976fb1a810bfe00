import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import discord_spec, simcord_hook  # noqa: E402
from tests.support.browser import browser, desktop_page, phone_page  # noqa: E402,F401  (fixtures)

simcord_hook.install()  # every simcord test's requests are checked against Discord's specification


@pytest.fixture
def spec_violations() -> discord_spec.Violations:
    """The requests the fakes refused in this test; a test that plants a bad request takes them (.take())."""
    return discord_spec.VIOLATIONS


def _refused(found: list, made: str) -> str:
    shown = "\n".join(f"  {v}" for v in found[:10])
    more = f"\n  … and {len(found) - 10} more" if len(found) > 10 else ""
    return f"Discord would refuse {len(found)} request(s) {made}:\n{shown}{more}"


@pytest.fixture(autouse=True)
def discord_accepts_every_request():
    """Fails the test when a fake refused a request the way Discord would (tests/discord_spec). A refusal
    already waiting when the test starts (a fixture or task that outlived its test) fails it too: dropping it
    would hide a bad request."""
    if early := discord_spec.VIOLATIONS.take():
        pytest.fail(_refused(early, "before this test began (a fixture or a task left over)"), pytrace=False)
    yield
    if found := discord_spec.VIOLATIONS.take():
        pytest.fail(_refused(found, "this test made"), pytrace=False)
