"""A real browser page for async tests (the watch page's): Playwright's async API driving Debian's chromium, as
tests/support/browser.py finds it, skipping with its reason where either is missing.

Async, on the test's own event loop, beside the servers it talks to: the shared fixture's sync API keeps a loop
running for the whole session, which the async tests after it in the same process could not share.
"""
from __future__ import annotations

import pytest

from tests.support.browser import DESKTOP, chromium_path, why_no_browser


@pytest.fixture
async def page():
    if reason := why_no_browser():
        pytest.skip(reason)
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium_path(), headless=True,
                                           args=["--no-sandbox", "--disable-gpu"])
        try:
            context = await browser.new_context(viewport=DESKTOP, device_scale_factor=1)
            yield await context.new_page()
        finally:
            await browser.close()


async def shows_version(page, version: int) -> None:
    """The page shows that version's frame (data-step alone is 0 before the first frame arrives)."""
    await page.wait_for_function("v => document.getElementById('rookery').dataset.step === String(v)"
                                 " && document.getElementById('board').innerText.trim() !== ''",
                                 arg=version, timeout=40_000)
