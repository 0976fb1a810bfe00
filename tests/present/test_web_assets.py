"""The page's assets ship inside the package with no build step: plain JavaScript, CSS and HTML that
pyproject.toml's package-data installs, and a script that parses (checked with Node where Node is installed)."""
from __future__ import annotations

import shutil
import subprocess
import tomllib
from fnmatch import fnmatch
from html import unescape
from pathlib import Path

import pytest

from present.web import page

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ("client.js", "style.css", "page.html")


def test_every_asset_is_package_data():
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["present"]
    for name in ASSETS:
        assert (page.HERE / name).is_file()
        assert any(fnmatch(f"web/{name}", glob) for glob in globs), name


def test_the_script_parses():
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is not installed: the script is checked by the browser tests only "
                    "(there is no build step, so nothing else to compare)")
    done = subprocess.run([node, "--check", str(page.HERE / "client.js")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_live_page_has_no_data_and_allows_only_its_own_socket():
    html = unescape(page.render(None))
    assert 'data-mode="live"' in html and 'id="rookery-data"></script>' in html
    assert "connect-src 'self'" in html and "default-src 'none'" in html
