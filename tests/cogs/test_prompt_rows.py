"""A prompt's rows (cogs/table/components.py choice_rows): bundles and the actions beside them are all
buttons, five rows at most, when they are few and short; past that the actions beside them go in a menu.
bench/bench_clicks.py prices them by the same rule (bot/render.py rest_as_buttons)."""
from bot.render import Choices, rest_as_buttons
from cogs.table.components import choice_rows, table_item
from present.base import Bundle


def _choices(bundles: int, rest: int, long: bool = False) -> Choices:
    labels = [("Move to somewhere far away, past the long hall " if long else "Cast ") + str(i)
              for i in range(bundles + rest)]
    found = [Bundle(labels[i], ({"type": "step", "to": str(i)},)) for i in range(bundles)]
    return Choices("1.0123abcd", labels, list(range(len(labels))), "Choose…", found,
                   list(range(bundles, len(labels))))


def _kinds(rows) -> list[list[str]]:
    """Each row's items by the table item class their custom_id names (what the Host would run)."""
    return [[table_item(item["custom_id"])[0].__name__ for item in row["components"]] for row in rows]


def test_bundles_and_what_is_beside_them_are_all_buttons_when_they_fit():
    rows = choice_rows(7, "p1", _choices(4, 14))
    kinds = _kinds(rows)
    assert len(rows) == 4 and sum(map(len, kinds)) == 18
    assert all(k in ("BundleButton", "ActionButton") for row in kinds for k in row)
    ids = [item["custom_id"] for row in rows for item in row["components"]]
    assert ids[:4] == [f"rk:b:7:p1:1.0123abcd:{n}" for n in range(4)]          # bundle n
    assert ids[4:] == [f"rk:a:7:p1:1.0123abcd:{i}" for i in range(4, 18)]     # legal action i
    assert rest_as_buttons([f"Cast {i}" for i in range(4)], [f"Cast {i}" for i in range(14)])


def test_too_many_or_too_long_beside_the_bundles_go_in_a_menu():
    for c in (_choices(4, 22), _choices(4, 8, long=True)):
        kinds = _kinds(choice_rows(7, "p1", c))
        assert kinds[-1] == ["ActionSelect"], kinds
        assert not rest_as_buttons([b.label for b in c.bundles], [c.labels[i] for i in c.rest])
    few = _kinds(choice_rows(7, "p1", _choices(4, 5, long=True)))  # up to 5 beside them: buttons, as before
    assert few[-1] == ["ActionButton"] * 5


def test_past_20_bundles_are_still_buttons_when_all_fit_in_five_rows():
    """A spell with its 19 targets beside a few other actions: 25 short buttons, no menu."""
    rows = choice_rows(7, "p1", _choices(22, 3))
    kinds = _kinds(rows)
    assert len(rows) == 5 and sum(map(len, kinds)) == 25
    assert [k for row in kinds for k in row] == ["BundleButton"] * 22 + ["ActionButton"] * 3
    menu = _kinds(choice_rows(7, "p1", _choices(22, 4)))        # 26: the bundles in a menu, as before
    assert menu[0] == ["BundleSelect"]
