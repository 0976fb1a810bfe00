"""A real browser for the tests that look at pages and pictures: Playwright for Python driving Debian's
`chromium` package (Playwright's own browser download cannot be reached from our machines).

Where Playwright or Chromium is missing, the tests that need them skip and say which is missing; they never
pass without a browser. `.ci/run` installs Chromium as it installs PostgreSQL.
"""
from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest

# Debian installs the browser here; ROOKERY_CHROMIUM points elsewhere (another distribution, a local build).
CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
PHONE = {"width": 400, "height": 860}     # a phone's CSS width, the one the issues measure at
DESKTOP = {"width": 1280, "height": 900}


def chromium_path() -> str | None:
    wanted = os.environ.get("ROOKERY_CHROMIUM")
    if wanted:
        return wanted if os.path.exists(wanted) else None
    for path in CANDIDATES:
        if os.path.exists(path):
            return path
    return shutil.which("chromium")


def why_no_browser() -> str | None:
    """None when a browser test can run, else the reason it cannot (for pytest.skip)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (pip install -e '.[test]')"
    if chromium_path() is None:
        return "Chromium is not installed (apt-get install chromium), or ROOKERY_CHROMIUM names no file"
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator:
    """One headless Chromium per test process (xdist worker), shared by its browser tests."""
    if reason := why_no_browser():
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        # --no-sandbox: CI runs as root in a container, where Chromium's sandbox cannot start.
        launched = pw.chromium.launch(executable_path=chromium_path(), headless=True,
                                      args=["--no-sandbox", "--disable-gpu"])
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def phone_page(browser) -> Iterator:
    """A fresh page at a phone's width; offline (a request off loopback fails the test's page load)."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def desktop_page(browser) -> Iterator:
    context = browser.new_context(viewport=DESKTOP, device_scale_factor=1)
    try:
        yield context.new_page()
    finally:
        context.close()
