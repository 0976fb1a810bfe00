"""The shared browser fixture works: Debian's Chromium, driven by Playwright, lays a page out at a phone's width."""
from tests.support.browser import PHONE


def test_a_phone_page_is_400_css_pixels_wide_and_lays_text_out(phone_page):
    phone_page.set_content("<body style='margin:0'><p id=p style='font-size:16px'>Raven</p></body>")
    assert phone_page.evaluate("window.innerWidth") == PHONE["width"]
    size = phone_page.evaluate("getComputedStyle(document.getElementById('p')).fontSize")
    assert size == "16px"
    assert phone_page.evaluate("document.getElementById('p').getBoundingClientRect().width") == PHONE["width"] - 0
