"""Every component the bot can build carries only emoji Discord accepts (issue 19 point 1).

Seeded random games of all five games are played through the TableService; at every step every pending
seat's hand prompt (each page of it), the board, the lobby with every option, the result's Rematch, the
history pages and the end and forget confirmations are built with the host's and the cogs' own builders.
Each emoji on a button or select option must be a fully-qualified emoji of Unicode's list (checked with the
`emoji` package) or a custom emoji; and the whole message must pass the same checks as the fakes'
(tests/discord_spec). Message content may hold any character: only component emoji are checked.

`views()` is the one place that knows how the bot builds its messages.
"""
from __future__ import annotations

import random
from types import SimpleNamespace

import discord
import pytest

from bot import render
from bot.records import Page
from bot.storage import Storage
from bot.table import Actor
from bot.app import build_services
from cogs.history import ForgetConfirm, page_view, result_rows
from cogs.lobby import EndButton
from cogs.table.components import pages
from cogs.table.services import Services
from cogs.table.layout import layout
from cogs.table.pages import rules_message
from tests.support.components import walk
from engine import GAMES
from tests.engine.registry import shipped
from engine.bots import bot_choice
from tests.discord_spec import check
from tests.discord_spec.emoji_rule import valid_component_emoji

# Every shipped game (the registry's: a new one is not left out), with four seats, or its own number here.
SEATS = {key: {"everrain": 3, "blackrose": 3}.get(key, min(4, GAMES[key].max_players)) for key in shipped()}
SEEDS = (1, 2)
STEP_LIMIT = 4000


async def views(services: Services, table, every: bool = True) -> list[tuple[str, dict]]:
    """(what, message body) for every message this table can show now, built as the bot builds them.
    every=False: only the hand prompts (what changes from one move to the next)."""
    if table.status == "lobby":
        return [("lobby", v2(await services.lobbies.message(table)))]
    out = []
    for seat_id, legal in table.pending().items():
        for page in range(pages(len(legal))):
            out.append((f"hand {seat_id} page {page}", v2(services.messages.hand_message(table, seat_id, private=True,
                                                                                      page=page))))
    if not every:
        return out
    out.append(("board", v2(services.messages.board_message(table, table.frame(), "en"))))
    out.append(("my hand", v2(services.messages.hand_message(table, table.seats[0].seat, private=False))))
    end = discord.ui.View(timeout=None)  # as Lobby.end builds its confirmation
    end.add_item(EndButton(table.id))
    out.append(("end confirmation", classic("End?", end)))
    if table.state is not None and table.state.over:
        result = layout(render.result_doc(table), colour=0, rows=result_rows(table))
        out.append(("result and rematch", v2(result)))
    for number in (1, 2, 3):
        out.append((f"history page {number}", classic("history", page_view("h", Page(number, 3, 60, []),
                                                                           table.game_key, 7))))
        out.append((f"leaderboard page {number}", classic("ranks", page_view("l", Page(number, 3, 60, []),
                                                                             table.game_key, None))))
    out.append(("forget confirmation", classic("forget?", ForgetConfirm(services, table.guild_id, 7))))
    for number in range(3):
        out.append((f"rules page {number}", v2(rules_message(table.game_key, number))))
    return out


def v2(message) -> dict:
    return {"flags": 1 << 15, "components": message.view.to_components()}


def classic(text: str, view) -> dict:
    return {"content": text, "components": view.to_components() if view is not None else []}


def emoji_faults(components: list[dict]) -> list[str]:
    found = []
    for item in walk(components):
        holders = [item] + list(item.get("options") or [])
        found += [f"{h.get('label')!r}: {h['emoji']!r}" for h in holders
                  if h.get("emoji") is not None and not valid_component_emoji(h["emoji"])]
    return found


@pytest.fixture
async def world(tmp_path):
    store = await Storage.open(str(tmp_path / "rookery.sqlite3"))
    bot = SimpleNamespace(get_channel=lambda channel_id: None, get_guild=lambda guild_id: None)
    services = build_services(bot, store)
    yield services
    await store.close()


@pytest.mark.parametrize("game", SEATS)
async def test_every_component_emoji_is_one_discord_accepts(world, game):
    services = world
    service, seating = services.service, services.seating
    built = 0
    for seed in SEEDS:
        channel = 1000 * seed + list(SEATS).index(game)
        table = await seating.create_lobby(1, channel, Actor(7, "Ann"), game, None, 300)
        for user in range(8, 7 + SEATS[game]):
            await seating.join(table, user, f"P{user}")
        built += _check(await views(services, table), game)
        table.seed = seed
        await service.start(table)
        rng = random.Random(seed)
        built += _check(await views(services, table), game)
        for _ in range(STEP_LIMIT):
            built += _check(await views(services, table, every=False), game)
            pending = table.pending()
            if table.status != "active" or not pending:
                break
            seat_id = rng.choice(sorted(pending))
            await service.act(table, seat_id, bot_choice(GAMES[game], table.state.view(seat_id), pending[seat_id], rng))
        built += _check(await views(services, table), game)
        assert table.status == "over", f"{game} seed {seed} did not finish in {STEP_LIMIT} moves"
    assert built > 50


def _check(found: list, game: str) -> int:
    count = 0
    for what, body in found:
        components = body["components"]
        assert not emoji_faults(components), f"{game} {what}: emoji Discord refuses: {emoji_faults(components)}"
        refusal = check("POST", "/channels/1/messages", body)
        assert refusal is None, f"{game} {what}: Discord would refuse it: {refusal.summary()}"
        count += 1
    return count


def test_the_emoji_check_knows_an_emoji_from_a_symbol():
    assert valid_component_emoji({"name": "🃏"}) and valid_component_emoji({"name": "⚔️"})
    assert valid_component_emoji({"id": "123456789012345678", "name": "rook"})
    assert not valid_component_emoji({"name": "🂠"}), "PLAYING CARD BACK is not in Unicode's emoji list"
    assert not valid_component_emoji({"name": "⚔"}), "unqualified (no U+FE0F): not what Discord renders"
    assert not valid_component_emoji({"name": "ok"})
