"""Whole seeded games of every registered game (but Black Rose Wars, walked by its own tests), rendered as their readers read them (every board, hand,
label, bundle, prompt, waiting line, log line, result and picture text):

- in the pseudo-locale, no English word reaches a reader: any is a string that bypassed the catalog, and
  the failure names it and where it was read;
- in German, Spanish and Portuguese, every lookup the rendering made was answered by the catalog (only
  entries flagged `identical`, proper names, may read as the English);
- in every language, labels fit Discord (80), prompts fit a menu placeholder (150), and every text drawn
  in a picture fits its box, measured with the font it is drawn in."""
from __future__ import annotations

import pytest

import engine
from present import i18n
from present.fmt import LABEL_LIMIT, SELECT_PLACEHOLDER
from tests.present.i18n_games import CARD_GAMES, NAMES, play, plain
from tests.engine.registry import shipped
from tests.present.leaks import leaks

LANGS = ("en-XA", "de", "es-ES", "pt-BR")


@pytest.fixture(scope="module")
def games():
    """Each (game, language) played once for the whole module; the catalog misses are collected per game."""
    out = {}
    for key, (players, seed, options) in CARD_GAMES.items():
        for code in LANGS:
            i18n.misses = set()
            try:
                read = play(key, code, players, seed, options)
            finally:
                missed, i18n.misses = i18n.misses, None
            out[key, code] = (read, missed)
    return out


@pytest.mark.parametrize("key", list(CARD_GAMES))
def test_pseudo_locale_whole_game_leaks_no_english(games, key):
    read, _ = games[key, "en-XA"]
    assert read.ended and read.moves > 10 and read.texts[-1][0] == "result", "the game was played to its end"
    found = []
    for where, text in read.texts + read.labels + read.prompts + [("picture", row[0]) for row in read.drawn]:
        words = leaks(text, allowed=NAMES.values())
        if words:
            found.append(f"{where}: {words} in {plain(text)[:160]!r}")
    assert not found, f"{len(found)} texts bypassed the catalog, e.g.:\n" + "\n".join(found[:20])


@pytest.mark.parametrize("code", ["de", "es-ES", "pt-BR"])
@pytest.mark.parametrize("key", [key for key in CARD_GAMES if key in shipped()])  # a test game's words aren't ours
def test_every_lookup_of_a_whole_game_hits_the_catalog(games, key, code):
    read, missed = games[key, code]
    assert read.texts and read.labels
    assert not missed, f"{len(missed)} messages read as English:\n" + "\n".join(
        f"[{ctx}] {msgid!r}" for _c, ctx, msgid in sorted(missed, key=str)[:20])


@pytest.mark.parametrize("code", LANGS)
@pytest.mark.parametrize("key", list(CARD_GAMES))
def test_labels_prompts_and_picture_texts_fit_in_every_language(games, key, code):
    read, _ = games[key, code]
    long = [(where, label) for where, label in read.labels if len(label) > LABEL_LIMIT]
    assert not long or code == "en-XA" and all(len(label) <= LABEL_LIMIT * 1.5 for _w, label in long), long[:5]
    assert all(len(prompt) <= SELECT_PLACEHOLDER * (1.5 if code == "en-XA" else 1) for _w, prompt in read.prompts)
    assert read.drawn or not engine.GAMES[key].traits.pictures, "pictures were drawn"
    over = [row for row in read.drawn if row[3] > row[4] + 0.5]
    assert not over, "texts wider than their boxes (text, size, drawn size, width, box): " + repr(over[:5])


def test_a_picture_and_its_key_follow_the_reading_language():
    """The same view drawn in two languages is two pictures with two keys (a host caching by key never
    shows a German reader the English picture); the same language gives the same key and bytes again."""
    import engine
    from present import draw as D
    from present import presenter

    view = engine.GAMES["deadlies"].new(["p1", "p2", "p3"], 3, None).view(None)
    drawn = {}
    for code in ("en", "de", "en-XA", "de"):
        D._recent.clear()
        with i18n.reading(code):
            png, key = presenter("deadlies").picture(view)
        assert drawn.setdefault(code, (png, key)) == (png, key)
    assert len({key for _png, key in drawn.values()}) == len({png for png, _key in drawn.values()}) == 3
