"""cogs/table/parts.py builds a message's Components V2 JSON directly: each part must be exactly what
discord.py sends for the same part, so what Discord receives and each message's stored hash are unchanged."""
import discord

from cogs.table import parts as P
from cogs.table.components import board_rows


def _same(ours: dict, theirs) -> None:
    assert ours == theirs.to_component_dict()


def test_each_part_is_what_discord_py_sends_for_it():
    _same(P.text("**Your hand**\n🃏"), discord.ui.TextDisplay("**Your hand**\n🃏"))
    _same(P.gallery("attachment://hand.png"),
          discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://hand.png")))
    _same(P.file("attachment://full-text.txt"), discord.ui.File("attachment://full-text.txt"))
    _same(P.separator(), discord.ui.Separator())
    button = discord.ui.Button(label="🪓 Axes 2", style=discord.ButtonStyle.primary, custom_id="rk:a:1:p1:6.0a:0")
    _same(P.button("rk:a:1:p1:6.0a:0", "🪓 Axes 2"), button)
    _same(P.button("rk:h:1", "My hand", P.SUCCESS, "🃏"),
          discord.ui.Button(label="My hand", emoji="🃏", style=discord.ButtonStyle.success, custom_id="rk:h:1"))
    menu = discord.ui.Select(custom_id="rk:s:1:p1:6.0a:9", placeholder="Bid (choose 3)", min_values=3,
                             max_values=3, options=[discord.SelectOption(label=f"Card {i}", value=str(i))
                                                    for i in range(4)])
    _same(P.select("rk:s:1:p1:6.0a:9", [P.option(f"Card {i}", str(i)) for i in range(4)], "Bid (choose 3)",
                   (3, 3)), menu)
    _same(P.row([P.button("rk:a:1:p1:6.0a:0", "🪓 Axes 2")]), discord.ui.ActionRow(button))
    container = discord.ui.Container(accent_colour=0x3B3F58)
    container.add_item(discord.ui.TextDisplay("### Raven"))
    container.add_item(discord.ui.ActionRow(button))
    _same(P.container(0x3B3F58, [P.text("### Raven"), P.row([P.button("rk:a:1:p1:6.0a:0", "🪓 Axes 2")])]),
          container)


def test_labels_are_cut_to_discords_limits_as_before():
    long = "x" * 200
    assert len(P.button("rk:h:1", long)["label"]) == 80
    assert len(P.option(long, "0")["label"]) == 100
    assert len(P.select("rk:s:1:p1:6.0a:0", [P.option("a", "0")], long)["placeholder"]) == 150


def test_parts_pass_where_discord_py_wants_a_view():
    """discord.py asks a view for its JSON and whether it is V2, and stores it only if it is not finished."""
    view = P.Parts([P.container(None, board_rows(7))])
    assert hasattr(view, "__discord_ui_view__") and view.has_components_v2()
    assert view.is_finished() and not view.is_dispatchable()
    assert view.to_components()[0]["components"][0]["components"][0]["custom_id"] == "rk:h:7"
