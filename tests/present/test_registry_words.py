"""A game's data words reach extraction through the registry (present/datawords.py): the test run's toy game
(tests/engine/registry.py) brings its own glossary and lobby setting, and they stay out of Rookery's
catalogs, which hold the shipped games' words only."""
from __future__ import annotations

from present import datawords
from tests.engine.registry import keys, shipped


def test_a_registered_game_brings_its_own_terms_and_settings():
    words = {(ctx, english) for ctx, english, _note, _same in datawords.glossary(["toy"])}
    assert words == {("toy: word", "round"), (datawords.GAME_OPTION, "rounds")}


def test_the_catalogs_hold_the_shipped_games_words_only():
    assert "toy" in keys() and "toy" not in shipped()
    contexts = {ctx.split(":")[0] for ctx, *_ in datawords.glossary()}
    assert {"raven", "nevermore", "deadlies", "everrain", "blackrose"} <= contexts and "toy" not in contexts
    assert not any("toy:" in note for *_x, note, _same in datawords.glossary())


def test_every_shipped_game_has_its_words_module_and_key_words():
    """present/<game>/datawords.py and data/<game>/terms.toml: each game's own, gathered in game order."""
    from present import part

    for key in shipped():
        assert part(key, "datawords") is not None, key
        assert (datawords.DATA / key / "terms.toml").exists(), key
    found = [entry for entry in datawords.glossary() if entry[0].endswith(": word")]
    assert [ctx.split(":")[0] for ctx, *_ in found] == sorted(
        (ctx.split(":")[0] for ctx, *_ in found), key=shipped().index)
