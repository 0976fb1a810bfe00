"""Watch links survive a restart (the token is in storage), a revoked one stays dead, and the settings that
turn the page on are checked with a plain message."""
import pytest

from bot.config import Settings
from bot.storage import Storage
from bot.web.links import WatchLinks
from tests.web.conftest import PUBLIC_URL, raven_table


async def test_a_link_survives_a_restart_and_a_revoked_one_stays_dead(watch):
    table = await raven_table(watch.service)
    url = watch.web.links.url(table.id)
    await watch.web.links.saved()
    again = WatchLinks(watch.store, PUBLIC_URL)
    await again.load()
    assert again.url(table.id) == url
    watch.web.links.revoke(table.id)
    await watch.web.links.saved()
    third = WatchLinks(await Storage.open(str(watch.path / "watch.sqlite3")), PUBLIC_URL)
    await third.load()
    assert third.url(table.id) is None and third.game_of(url.rsplit("/", 1)[1]) is None
    await third.store.close()


def test_the_page_is_off_without_a_port_and_needs_its_address_with_one():
    assert Settings.from_env({}).web_port is None
    on = Settings.from_env({"ROOKERY_WEB_PORT": "8080", "ROOKERY_WEB_URL": "https://rookery.example.org/"})
    assert on.web_port == 8080 and on.web_url == "https://rookery.example.org"
    with pytest.raises(ValueError, match="ROOKERY_WEB_URL"):
        Settings.from_env({"ROOKERY_WEB_PORT": "8080"})
    with pytest.raises(ValueError, match="ROOKERY_WEB_PORT"):
        Settings.from_env({"ROOKERY_WEB_PORT": "eighty", "ROOKERY_WEB_URL": "https://x.example"})
