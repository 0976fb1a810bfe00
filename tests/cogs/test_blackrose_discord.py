"""Black Rose Wars on Discord (simcord): a whole game from /game new to the Grand Master.

Two members and a bot: Ann plays in DMs, Ben has DMs closed and plays through the ephemeral "My hand".
Preparation is made in private, a trap fires, mages are defeated, the Moon changes, and the bot restarts in
the middle of a Preparation that Ann has already confirmed (it stays confirmed, Ben's buttons keep working).
Ann's turn runs out once (a bot moves for her, said in the channel) and so does one of her reaction windows
(said to her alone, by DM). Before every move the message the member acts on and the board are checked
against the other seats' hidden cards (Ann's DM again every 10 moves), and the board always carries the
Lodge picture, uploaded again only when it changed and never moved by hidden cards.

The members are driven by a policy that chooses like the engine's bot (so the game is fast and purposeful)
but readies Traps first; the table's seed was chosen so that, with the service's bot seeded too, a trap
fires.
"""
from __future__ import annotations

import json
import random
import re

from bot import render
from cogs.table.games import policy
from engine.blackrose import bot as brw_bot
from engine.blackrose import cards as C
from present import fmt, presenter
from tests.support.components import action_components, text_of
from tests.present.board_pictures import PictureWatch, board_message

SEED = 5  # a seed where Ann gets a reaction window with a spell to trigger (any seed that passes is as good)


def trap_first(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """Choose like the bot, but ready a Trap side whenever one can be readied (so traps get a chance), and
    arm Traps and Protections with the standing order "ask me" (so reaction windows open)."""
    traps = [a for a in legal if a["type"] == "ready"
             and (C.is_room_trap(a["card"]) or C.side_of(a["card"], a["side"])["type"] == "trap")]
    if traps and len((view.get("choice") or {}).get("ready", [])) < 4:
        return traps[0]
    asks = [a for a in legal if a["type"] == "arm" and a["ask"]]
    if asks:
        return asks[0]
    return brw_bot.bot_choice(view, legal, rng)


# ---- what a seat may not read
def _names_in(obj, out: set[str]) -> set[str]:
    """Spell and Quest names of every card/Quest id anywhere in a JSON value."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            _names_in(k, out)
            _names_in(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _names_in(v, out)
    elif isinstance(obj, str):
        if obj.split(".", 1)[0] in C.SPELLS and "." in obj:
            out.add(C.spell_of(obj)["name"])
        elif obj in C.QUESTS:
            out.add(C.QUESTS[obj]["name"])
    return out


def secrets_of(data: dict, seat: str) -> set[str]:
    """The ids only `seat` may know: hand, Grimoire, Quests, face-down ready/armed spells, studied cards."""
    out = set(data["hand"][seat]) | set(data["grimoire"][seat]) | set(data["quests"][seat])
    out |= {sl["card"] for sl in data["slots"][seat] if sl["state"] in ("ready", "armed") and not sl.get("shown")}
    for t in data["stack"]:
        if t["k"] == "study" and t["seat"] == seat:
            out |= set(t["look"])
    return out


def hidden_from(table, reader: str) -> set[str]:
    """Names in other seats' secrets that appear nowhere in the reader's own view (3 copies of each spell
    exist, so a name the reader holds or sees face up is not evidence of a leak)."""
    data = table.state.to_json()
    secret = set()
    for other in data["seats"]:
        if other != reader:
            _names_in(sorted(secrets_of(data, other)), secret)
    if table.state.view(None)["phase"] == "pick_school":  # the starting Grimoires on offer are public data
        secret -= {C.SPELLS[c]["name"] for pair in C.GRIMOIRES.values() for deck in pair for c in deck}
    return secret - _names_in(table.state.view(reader), set())


def readable(message) -> str:
    """What a member reads now in a message, less the log lines (the past: a spell cast last turn may be
    back in someone's hand; the engine tests check each event's reader)."""
    text = [line for line in (text_of(message) or "").splitlines() if not line.startswith("› ")]
    for c in action_components(message):
        text.append(c.get("label") or "")
        text += [o["label"] for o in c.get("options", [])]
    return "\n".join(text)


def assert_no_leak(table, reader: str, *messages) -> None:
    text = "\n".join(readable(m) for m in messages if m is not None)
    for name in hidden_from(table, reader):
        found = re.search(r"\b" + re.escape(name) + r"\b", text)
        assert not found, f"{reader} can read {name!r}: ...{text[max(0, found.start() - 200):found.end() + 50]}"


def swap_hidden(data: dict) -> dict:
    """Move a hidden card between two seats' hands (counts unchanged): the public picture must not change."""
    data = json.loads(json.dumps(data))
    a, b = data["seats"][:2]
    if data["hand"][a] and data["hand"][b]:
        data["hand"][a][0], data["hand"][b][0] = data["hand"][b][0], data["hand"][a][0]
    return data


# ---- driving one member's move through Discord
def hand_dm(member, seat):
    """The seat's hand DM (private notices, e.g. a timed-out reaction, come as separate DMs after it)."""
    return next(m for m in reversed(member.user.dm_channel.history()) if m.id == seat.dm_message_id)


def current_prompt(message, prompt: str) -> bool:
    return any(f":{prompt}:" in c["custom_id"] for c in action_components(message))


async def move(env, channel, table, member, seat, rng, closed: bool, answers: dict):
    """The policy's choice for a pending seat, clicked on the member's DM, or with DMs closed on the last
    ephemeral answer while its prompt is current (else a fresh one from the board's My hand)."""
    if closed:
        message, actor = answers.get(seat.seat), member
        if message is None or not current_prompt(message, env.bot.service.prompt_key(table, seat.seat)):
            answer = await member.click(board_message(channel, table), label="My hand")
            assert answer.ephemeral
            message = answer.response
    else:
        message, actor = hand_dm(member, seat), member.user
    assert_no_leak(table, seat.seat, message, board_message(channel, table))
    legal = table.pending()[seat.seat]
    index = legal.index(trap_first(table.state.view(seat.seat), legal, rng))
    # An action the prompt offers as a bundle (a button standing for every copy of a spell, a move with its
    # room's activation) is clicked as the bundle of that one step: "rk:b:…:n" or a bundle menu's value n.
    offered = render.choices(table, seat.seat, policy=policy("blackrose"))  # (its cog's phone budget)
    bundle = next((n for n, b in enumerate(offered.bundles or ())
                   if b.steps == (legal[index],) or legal[index] in b.alike), None)
    if bundle is None:  # a step offered only inside its bundles (every way on is one): the one whose next
        # step the policy would choose (a Trap armed "ask me"), else the first of them
        starts = [n for n, b in enumerate(offered.bundles or ()) if b.steps[0] == legal[index]]
        if starts:
            trial = table.game.load(table.state.to_json())
            trial.act(seat.seat, legal[index])
            then = trap_first(trial.view(seat.seat), trial.pending().get(seat.seat) or [{}], random.Random(0))
            bundle = next((n for n in starts if offered.bundles[n].steps[1:2] == (then,)), starts[0])
    kind, value = ("rk:b:", str(bundle)) if bundle is not None else (("rk:a:", "rk:s:"), str(index))
    for comp in action_components(message):
        if not comp["custom_id"].startswith(kind):
            continue
        if comp["type"] == 2 and comp["custom_id"].endswith(f":{value}"):
            result = await actor.click(message, custom_id=comp["custom_id"])
            break
        if comp["type"] == 3 and any(o["value"] == value for o in comp["options"]):
            result = await actor.select(message, [value], custom_id=comp["custom_id"])
            break
    else:
        raise AssertionError(f"choice {index} ({legal[index]}) is not offered to {seat.name}:\n{text_of(message)}")
    assert not result.ephemeral or closed, f"refused: {text_of(result.response)}"
    if closed:
        assert "already made" not in text_of(result.response), text_of(result.response)
        answers[seat.seat] = result.response   # the ephemeral message, edited to the next prompt
    return legal[index]


async def test_whole_black_rose_wars_game(simcord_env, make_bot):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("black-rose")
    ann, ben, eve = (guild.add_member(env.create_user(n)) for n in ("ann", "ben", "eve"))
    env.inject_error(method="POST", path=f"/channels/{ben.user.dm_channel.id}/messages", status=403,
                     code=50007, message="Cannot send messages to this user", times=None)
    members = {ann.id: ann, ben.id: ben}

    result = await ann.slash(channel, "game new", game="blackrose", settings="overkill=True extra_turns=True")
    assert not result.ephemeral and "Black Rose Wars" in text_of(result.response)
    lobby = channel.last_message
    await ben.click(lobby, label="Join")
    await ann.click(lobby, label="Add bot")
    table = env.bot.service.in_channel(channel.id)
    table.seed = SEED                                # the deal, Lodge and decks, made repeatable
    env.bot.service.bot_rng = random.Random(SEED)    # and the bot seat's few random choices
    await ann.click(lobby, label="Start")
    assert table.status == "active" and len(table.seats) == 3
    assert table.state.to_json()["opts"]["overkill"] and table.state.to_json()["opts"]["extra_turns"]
    assert any("can't send you direct messages" in text_of(m) and str(ben.id) in text_of(m)
               for m in channel.history())
    assert "Black Rose Wars" in text_of(ann.user.dm_channel.last_message)
    outsider = await eve.click(board_message(channel, table), label="My hand")
    assert outsider.ephemeral and "don't have a seat" in text_of(outsider.response)

    rng = random.Random(SEED)
    watch = PictureWatch()
    watch.check(channel, table)
    p = presenter("blackrose")
    done: list[dict] = []
    prepared_in_dm = restarted = timed_out = reaction_timed_out = False
    answers: dict = {}   # Ben's last ephemeral My hand answer
    while not table.state.over:
        data = table.state.to_json()
        pending = table.pending()
        ann_seat, ben_seat = table.seat_of(ann.id), table.seat_of(ben.id)
        if (not restarted and data["turn"] >= 2 and table.state.view(None)["phase"] == "prep"
                and ann_seat.seat not in pending and ben_seat.seat in pending):
            # Ann confirmed her Preparation, Ben is still choosing: the table only learns who it waits for.
            assert "Waiting for ben to ready their spells." in text_of(board_message(channel, table))
            # Restart now.
            version = table.version
            picture = board_message(channel, table).attachments[0].id
            await env.restart_bot(make_bot())
            await env.bot.services.republish.done.wait()
            env.bot.service.bot_rng = random.Random(SEED)
            table = env.bot.service.in_channel(channel.id)
            assert table.version == version and table.state.to_json() == data
            assert ann_seat.seat not in table.pending(), "Ann's confirmed Preparation survived the restart"
            assert not action_components(hand_dm(ann, ann_seat)), "and she can't change it"
            assert board_message(channel, table).attachments[0].id == picture, "a restart uploads nothing"
            answers.clear()  # Ben opens My hand again, as after any restart
            restarted = True
            continue
        humans = sorted(s for s in pending if not table.seat(s).is_bot)
        assert humans, "only bots are pending but nothing moved"
        seat = table.seat(humans[0])
        if seat.user_id == ann.id and data["stack"][-1]["k"] == "prep" and not prepared_in_dm:
            # Her DM shows every spell she holds in full under the prompt: both sides, nothing to look up.
            dm = text_of(hand_dm(ann, seat))
            for card in data["hand"][seat.seat]:
                spell = C.spell_of(card)
                # "**Fireball** — Straight: Combat · a room, range 1 · Fire — ..."
                assert f"{spell['name']}** — Straight: " in dm or \
                    C.is_room_trap(card) and f"{spell['name']}** — In a " in dm, (spell["name"], dm)
            prepared_in_dm = True
        if (restarted and not timed_out and seat.user_id == ann.id
                and table.state.view(None)["phase"] == "turn"):
            # Ann walks away on her turn: when her time is up a bot makes a legal move, said in the channel.
            version, clock = table.version, env.bot.service.clock
            env.bot.service.clock = lambda clock=clock: clock() + 3600  # bound now: both branches may run
            await env.bot.services.timers.tick()
            await env.bot.services.publisher.settled()  # the table's publisher sends the board and hands after the tick
            assert table.version > version
            assert "ran out of time" in text_of(channel.history()[-1]) or any(
                "ran out of time" in text_of(m) for m in channel.history()[-3:])
            timed_out = True
            continue
        if (not reaction_timed_out and seat.user_id == ann.id and data["stack"][-1]["k"] == "react"):
            # A reaction window in her DM, with the short timer: her "ask me" spell's shown condition is met,
            # so the board names her (data/blackrose/rules.md); when the time is up the spell is triggered
            # for her, and the table is told she ran out of time, as for any named seat.
            assert "Reaction window" in text_of(hand_dm(ann, seat))
            assert f"Waiting for {seat.name} to decide whether their armed spell fires" in \
                text_of(board_message(channel, table))
            assert table.state.view(None)["decision"]["seats"] == [seat.seat]
            version, clock, before = table.version, env.bot.service.clock, len(channel.history())
            env.bot.service.clock = lambda clock=clock: clock() + 3600  # bound now: both branches may run
            await env.bot.services.timers.tick()
            await env.bot.services.publisher.settled()  # the table's publisher sends the board and hands after the tick
            assert table.version > version
            assert any("ran out of time" in text_of(m) for m in channel.history()[before:])
            reaction_timed_out = True
            continue
        done.append(await move(env, channel, table, members[seat.user_id], seat, rng, seat.dm_closed, answers))
        watch.check(channel, table)
        if len(done) % 10 == 0 and not table.state.over:
            other = table.game.load(swap_hidden(table.state.to_json()))
            assert p.picture(other.view(None), table.names)[1] == p.picture(table.state.view(None), table.names)[1]
            assert_no_leak(table, ann_seat.seat, hand_dm(ann, ann_seat))
        assert len(done) < 1500, "the game should end"

    assert restarted and prepared_in_dm and timed_out
    assert reaction_timed_out or not table.game.traits.reactions, "a reaction window timed out privately"
    assert table.seat_of(ben.id).dm_closed and ben.user.dm_channel.last_message is None
    assert {"ready", "cast", "target"} <= {a["type"] for a in done}
    assert any(a["type"] == "confirm" or a.get("last") for a in done)  # the fourth spell readied confirms
    actions = await env.bot.service.store.actions(table.id)
    public = "\n".join(fmt.plain_line(line) for line in render.full_log(table, None, actions))
    assert re.search(r"'s [^.]+ fires( on [^:]+)?: ", public), "a trap fired, and its line says what it does"
    assert "is defeated by" in public, "a mage was defeated"
    assert "The Moon changes" in public
    assert watch.uploads >= 20 and watch.kept >= 2
    final = text_of(channel.history()[-1])
    assert "Game over" in final and "Final scores" in final
    assert await env.bot.service.replay(table.id) == table.state.to_json()
