"""Black Rose Wars' one-click choices (present/blackrose/bundles.py): every bundle offered in seeded games is
legal to its last step and does what it says, every legal move stays reachable, no two things offered read
the same, and a move bundle is offered only where nothing hidden could stop it half-way (a refused bundle
would tell the mover that a Trap waited there)."""
from __future__ import annotations

import random
import re

from engine.blackrose import GAME
from engine.blackrose import bot as brw_bot
from engine.blackrose import cards as C
from engine.core import IllegalAction
from present import fmt
from present.base import offered_bundles
from present.blackrose.prompts import prompt as worded_prompt  # (the placeholder is shorter)
from present.blackrose import bundles as BU
from present.blackrose.presenter import PRESENTER

NAMES = {"p1": "Ann", "p2": "Ben", "p3": "Cat", "p4": "Dan"}


def prompts(games: int = 12):
    """(state, seat, view, legal) for every pending seat of seeded games: random moves (which arm Traps
    often) and the game's bot (which moves and activates rooms), 2 to 4 seats."""
    for g in range(games):
        st = GAME.new([f"p{i + 1}" for i in range(2 + g % 3)], 300 + g, None)
        rng = random.Random(g)
        while not st.over:
            pend = st.pending()
            for seat, legal in pend.items():
                yield st, seat, st.view(seat), legal
            seat = sorted(pend)[0]
            act = brw_bot.bot_choice(st.view(seat), pend[seat], rng) if g % 2 else rng.choice(pend[seat])
            st.act(seat, act)


def _covered(st, seat: str, found, prefix: list[dict], shown) -> None:
    """Every way on from the steps `prefix` (the seat's next legal actions once they are made) is a bundle
    that begins with them, or the start of such bundles, each covered in turn: nothing is out of reach when
    a step is offered only inside its bundles (a spell with all its targets, a Trap with every way of arming
    it, a discarded spell with every room)."""
    trial = GAME.load(st.to_json())
    for step in prefix:
        trial.act(seat, step)
    for x in trial.pending().get(seat, ()):
        path = [*prefix, x]
        ends = [b for b in found if len(b.steps) >= len(path)
                and all(BU.choice_of(b.steps[k]) == BU.choice_of(path[k]) for k in range(len(path)))]
        assert ends, (path, shown)
        if not any(len(b.steps) == len(path) for b in ends):
            _covered(st, seat, found, path, shown)


def test_every_bundle_is_legal_to_its_last_step_and_every_move_stays_reachable():
    multi: dict[str, int] = {}
    for st, seat, view, legal in prompts():
        offered = offered_bundles(PRESENTER, view, legal, names=NAMES)
        if not offered:
            labels = [PRESENTER.label(a, view, NAMES) for a in legal]
            assert len(set(labels)) == len(labels), labels
            continue
        found, rest = offered
        shown = [b.label for b in found] + [PRESENTER.label(legal[i], view, NAMES) for i in rest]
        assert len(set(shown)) == len(shown), shown  # two different choices never read the same
        alone = {BU.choice_of(b.steps[0]) for b in found if len(b.steps) == 1}
        for i, a in enumerate(legal):  # every legal action: beside the bundles, or a bundle of its own, or
            if i not in rest and BU.choice_of(a) not in alone:  # every way on from it is a bundle
                _covered(st, seat, found, [a], shown)
        for b in found:
            assert len(b.label) <= 80
            assert not re.search(r"\bp[1-4]\b", b.label), b  # players by their names, never by seat
            trial = GAME.load(st.to_json())
            try:
                for step in b.steps:
                    events = trial.act(seat, step)
            except IllegalAction as exc:
                raise AssertionError(f"{b} refused: {exc}") from None
            if len(b.steps) > 1:
                multi[b.steps[-1]["type"]] = multi.get(b.steps[-1]["type"], 0) + 1
                after = trial.view(seat)
                if b.steps[-1]["type"] == "discard_move":  # "Discard Fireball, go to A3": gone from the slots
                    # (unless a reaction window opens first, as it would after the two clicks)
                    if not any(e["type"] == "reactions" for e in events):
                        assert any(e["type"] == "discard_move" and e["room"] == b.steps[-1]["to"] for e in events), b
                        if after["my_slots"]:  # (the phase may have ended with this turn: Clean-up clears them)
                            assert after["my_slots"][b.steps[-1]["slot"]]["state"] == "lost", b
                elif b.steps[-1]["type"] == "target":  # "Cast Meteor Swarm at B3": aimed there (or a Trap
                    key = "room" if "room" in b.steps[-1] else "model"  # on casting springs first)
                    assert any(e["type"] == "aim" and e.get(key) == b.steps[-1][key] for e in events) or \
                        any(e["type"] in ("reactions", "trigger") for e in events), (b, events)
                elif b.steps[-1]["type"] == "study":  # "Draw the last 3 from Necromancy": that deck is empty
                    assert after["library"][b.steps[0]["school"]] == 0, b
                elif b.steps[-1]["type"] == "attack":  # "Move to B3, attack Ben": there, and attacked
                    assert after["pos"][seat] == b.steps[0]["to"], b
                    assert any(e["type"] == "attack" for e in events) or \
                        any(e["type"] in ("reactions", "trigger") for e in events), (b, events)
                elif b.steps[-1]["type"] == "pick":  # the Black Rose Room's discards: gone from the hand
                    assert not {s["value"] for s in b.steps} & set(after["hand"]), b
                    assert (after.get("choice") or {}).get("key") != "discard", b
                elif b.steps[-1]["type"] == "ready":  # the last two spells: the fourth confirms the Preparation
                    assert any(e["type"] == "prepared" and e["seat"] == seat and e["n"] == 4 for e in events), b
                elif b.steps[-1]["type"] == "confirm":  # a spell (or the suggested ones), then confirm
                    n = len((view.get("choice") or {}).get("ready") or ()) + sum(x["type"] == "ready" for x in b.steps)
                    assert any(e["type"] == "prepared" and e["seat"] == seat and e["n"] == n for e in events), b
                elif b.steps[-1]["type"] == "arm":  # "Arm Fireball (on Ben), fire": armed face down
                    assert any(e["type"] == "armed" and e["seat"] == seat or e["type"] in ("reactions", "trigger")
                               for e in events), (b, events)  # (a Trap on casting springs first)
                else:
                    room = b.steps[-1].get("room") or b.steps[-1]["to"]
                    # "Go and activate" (it may send them on; or the Game Turn went on to its Clean-up, with no
                    # one to ask in between: the Evocations hunt, the Quests are kept)
                    assert room in after["activated"] or any(e["type"] == "cleanup" for e in events), b
    assert multi["activate"] + multi["step"] > 100 and multi["discard_move"] > 10 and multi["study"] > 0, multi  # the Study is mostly one click now (issue 33)
    assert multi["target"] > 100, multi
    assert multi["attack"] > 10 and multi["pick"] > 3 and multi["ready"] > 10 and multi["confirm"] > 10, multi


def _turn_with_moves():
    for st, seat, view, legal in prompts(4):
        found = BU.bundles(view, legal)
        found = [b for b in found or () if b.steps[0]["type"] == "step"]  # (not a spell with its target)
        if (view.get("choice") or {}).get("kind") == "turn" and found and any(len(b.steps) > 1 for b in found):
            return view, legal, found
    raise AssertionError("no turn with move bundles")


def test_a_move_bundle_goes_to_a_room_and_activates_it_in_one_click():
    view, legal, found = _turn_with_moves()
    go = [b for b in found if len(b.steps) > 1]
    assert all(b.label.startswith("Go and activate ") for b in go)
    assert len({b.steps[-1].get("room") or b.steps[-1]["to"] for b in go}) == len(go)  # one bundle a room
    steps = [b for b in found if len(b.steps) == 1]
    assert {b.steps[0]["to"] for b in steps} == {a["to"] for a in legal if a["type"] == "step"}


def test_no_move_bundle_while_another_mage_has_an_armed_spell():
    """A Room Trap could stop the mage in the first room: a bundle refused there would tell the mover it was
    armed. The armed slot is public (not what it is), so the bundles depend on public facts only."""
    view, legal, _ = _turn_with_moves()
    other = next(s for s in view["seats"] if s != view["me"])
    view["slots"][other] = [dict(view["slots"][other][0] if view["slots"][other] else {"slot": "q"},
                                 state="armed")]
    found = BU.bundles(view, legal) or []
    assert not any(len(b.steps) > 1 and b.steps[0]["type"] == "step" for b in found)


def test_no_move_bundle_where_leaving_a_marked_room_could_stop_it():
    """Ring of Fire and Blade Barrage hurt a mage leaving a marked room (cast face up, but not in the view):
    no move bundle when that damage could defeat the mover, or open a window for their own "ask me"
    Protection."""
    view, legal, _ = _turn_with_moves()
    me = view["me"]
    low = dict(view, dmg=dict(view["dmg"], **{me: {"rose": C.MAGES[view["mage"][me]]["health"] - BU.MARK}}))
    asks = dict(view, my_armed=[{"card": "bone_armor.1", "side": "s", "kind": "protection", "ask": "protection"}])
    for v in (low, asks):
        assert not any(len(b.steps) > 1 and b.steps[0]["type"] == "step" for b in BU.bundles(v, legal) or [])


def test_copies_of_a_spell_are_one_button():
    view = {"me": "p1", "hand": ["fireball.1", "fireball.2", "ice_burst.1"], "choice": {"kind": "prep", "ready": []}}
    legal = [{"type": "ready", "card": c, "side": s, "step": True} for c in view["hand"] for s in "sr"]
    found, rest = offered_bundles(PRESENTER, view, legal)
    assert [b.label for b in found] == ["Ready Fireball (straight)", "Ready Fireball (reverse)",
                                        "Ready Ice Burst (straight)", "Ready Ice Burst (reverse)"]
    assert found[0].alike == ({"type": "ready", "card": "fireball.2", "side": "s", "step": True},) and rest == []
    # Offered as they are (e.g. past one menu of bundles), the copies still read apart.
    assert PRESENTER.label(legal[2], view, NAMES) == "Ready Fireball (straight), copy 2"


def test_a_spell_and_its_target_are_one_click_where_the_engine_asks_the_target_next():
    """A spell with more targets than the engine aims with the cast (Meteor Swarm at any room): each target
    is a bundle of the cast and its target, beside the spell alone (which then asks the target, as before)
    unless every target is a bundle;
    the presenter works the targets out from the view as the engine does (every one is legal, above)."""
    seen = 0
    for st, seat, view, legal in prompts(6):
        if (view.get("choice") or {}).get("kind") != "turn":
            continue
        for b in BU.bundles(view, legal) or ():
            if b.steps[-1]["type"] != "target":
                continue
            seen += 1
            cast = b.steps[0]
            assert cast in legal and not any(k in cast for k in ("room", "model"))
            trial = GAME.load(st.to_json())
            trial.act(seat, cast)
            assert b.steps[1] in trial.pending()[seat], "the very target the engine then asks"
            aimed = [x for x in BU.bundles(view, legal) if x.steps[0] == cast and len(x.steps) == 2]
            # the spell alone stays on offer, unless every target the engine would ask is a bundle
            assert any(x.steps == (cast,) for x in BU.bundles(view, legal)) or \
                len(aimed) == len(trial.pending()[seat]), "the spell alone stays on offer"
    assert seen > 50


def _first(wanted, games: int = 12):
    for st, seat, view, legal in prompts(games):
        if wanted(view, legal):
            return st, seat, view, legal
    raise AssertionError("no such prompt")


def _effect_move_with_attacks(view, legal) -> bool:
    return any(b.steps[-1]["type"] == "attack" for b in BU.bundles(view, legal) or ())


def test_a_spells_move_and_attack_is_one_click_but_never_a_tokens_move():
    """A spell's (or the Forge's) one-room move may attack after it: "Move to B3, attack Ben" stands for the
    two clicks, where they lead. A Physical Action token's move never attacks after moving, a rival's armed
    spell (a Room Trap on the way) leaves the steps as they are, and a second attack that must find another
    target is never offered at the first one."""
    st, seat, view, legal = _first(_effect_move_with_attacks)
    found = BU.bundles(view, legal)
    both = [b for b in found if b.steps[-1]["type"] == "attack"]
    assert all(b.label.startswith("Move to ") and ", attack " in b.label for b in both)
    for b in both:
        assert b.steps[0] in legal and b.steps[1]["target"] in BU.CH.models_in(view, b.steps[0]["to"])
        separately = GAME.load(st.to_json())
        separately.act(seat, b.steps[0])
        assert b.steps[1] in separately.pending()[seat], "the very attack the engine then offers"
    assert view["choice"]["mode"] == "spell"
    token = dict(view, choice=dict(view["choice"], mode="token"))  # a Physical Action token's move
    assert not any(b.steps[-1]["type"] == "attack" for b in BU.bundles(token, legal) or ())
    other = next(s for s in view["seats"] if s != seat)
    armed = dict(view, slots=dict(view["slots"], **{other: [{"slot": "q", "state": "armed"}]}))
    assert not any(b.steps[-1]["type"] == "attack" for b in BU.bundles(armed, legal) or ())
    target = next(b for b in both if len(b.steps) == 2).steps[1]["target"]
    second = dict(view, choice=dict(view["choice"], avoid=target))  # Nature's Wrath's second move and attack
    assert not any(b.steps[-1].get("target") == target for b in BU.bundles(second, legal) or ())


def test_a_second_attack_that_must_find_another_target_is_one_click_too():
    """Nature's Wrath moves and attacks twice, the second time another target: its choice names the first
    (`avoid`, attacked in public), so the second move and attack is one click as well, never at that target,
    and each such bundle is what the separate clicks do."""
    st, seat, view, legal = _first(lambda v, l: "avoid" in (v.get("choice") or {}) and _effect_move_with_attacks(v, l))
    avoid = view["choice"]["avoid"]
    both = [b for b in BU.bundles(view, legal) if len(b.steps) == 2 and b.steps[-1]["type"] == "attack"]
    assert both and all(b.steps[1]["target"] != avoid for b in both)
    for b in both:
        separately = GAME.load(st.to_json())
        separately.act(seat, b.steps[0])
        assert b.steps[1] in separately.pending()[seat]


def test_the_last_two_ready_spells_are_one_click_in_either_order_and_side():
    """Two spells readied and two left in hand: each order and side of the last two is a button (the fourth
    confirms the Preparation), beside each spell alone; a label too long for a button shows the side as an
    arrow (straight up, reverse down)."""
    view = {"me": "p1", "hand": ["fireball.1", "ice_burst.1", "meteor_swarm.1", "stone_claws.1"],
            "choice": {"kind": "prep", "ready": [["fireball.1", "s"], ["ice_burst.1", "r"]]}}
    legal = [{"type": "ready", "card": c, "side": s, "step": True} for c in ("meteor_swarm.1", "stone_claws.1")
             for s in "sr"] + [{"type": "confirm", "step": True}, {"type": "unready", "step": True}]
    found = BU.bundles(view, legal)
    pairs = [b for b in found if len(b.steps) == 2 and b.steps[1]["type"] == "ready"]
    assert len(pairs) == 8 and len(found) == 18  # (and each spell then confirm: the next test)
    assert {(b.steps[0]["card"], b.steps[0]["side"], b.steps[1]["card"], b.steps[1]["side"]) for b in pairs} == \
        {(x, s, y, t) for x in ("meteor_swarm.1", "stone_claws.1") for y in ("meteor_swarm.1", "stone_claws.1")
         if x != y for s in "sr" for t in "sr"}
    assert all(b.steps[1]["last"] and b.steps[0] in legal for b in pairs)
    assert "Meteor Swarm ↑, then Stone Claws ↓" in [b.label for b in pairs]
    assert all(len(b.label) <= 40 for b in found)
    three_left = dict(view, choice={"kind": "prep", "ready": [["fireball.1", "s"]]})
    # One readied: each spell alone, or with the confirmation (a Preparation of 2), never two at once.
    one = BU.bundles(three_left, legal[:4] + legal[5:])
    assert [b.steps[1] for b in one if len(b.steps) == 2] == [{"type": "confirm", "step": True}] * 4
    # The prompt says the last two go at once (and what the arrows mean) only where they do.
    assert "both at once (↑ straight side, ↓ reverse side)" in worded_prompt(view)
    assert "both at once" not in worded_prompt(three_left)
    long = dict(view, hand=["fireball.1", "ice_burst.1", "change_past_future.1", "disfiguring_mutation.1"])
    long_legal = [dict(a, card={"meteor_swarm.1": "change_past_future.1",
                                "stone_claws.1": "disfiguring_mutation.1"}[a["card"]]) if "card" in a else a
                  for a in legal]
    assert not any(b.steps[-1].get("last") for b in BU.bundles(long, long_legal) or ())  # too long for buttons
    assert "both at once" not in worded_prompt(long)
    swap = {"meteor_swarm.1": "gaze.1", "stone_claws.1": "plot.1"}  # names short enough for the words
    short = dict(view, hand=["fireball.1", "ice_burst.1", "gaze.1", "plot.1"])
    worded = [b.label for b in BU.bundles(short, [dict(a, card=swap[a["card"]]) if "card" in a else a
                                                  for a in legal]) if b.steps[-1].get("last")]
    assert "Gaze (straight), then Plot (reverse)" in worded and not any("↑" in x for x in worded)
    assert worded_prompt(short).endswith("or confirm these 2 spells")


def test_a_third_spell_can_be_readied_and_confirmed_in_one_click():
    """Two spells readied: each spell left, on each side, can be the third and last one, the Preparation
    confirmed with it ("Meteor Swarm (straight), then confirm"), beside each ready alone; on a real game, the
    bundle is what the two clicks do. Past a grid of buttons (a hand of 8) it is not offered."""
    hand = ["fireball.1", "ice_burst.1", "meteor_swarm.1", "stone_claws.1", "gaze.1", "plot.1"]
    view = {"me": "p1", "hand": hand, "choice": {"kind": "prep", "ready": [["fireball.1", "s"], ["ice_burst.1", "r"]]}}
    legal = [{"type": "ready", "card": c, "side": s, "step": True} for c in hand[2:] for s in "sr"] + \
        [{"type": "confirm", "step": True}, {"type": "unready", "step": True}]
    found = BU.bundles(view, legal)
    finals = [b for b in found if len(b.steps) == 2]
    assert [b.steps for b in finals] == [(a, {"type": "confirm", "step": True}) for a in legal[:8]]
    assert "Meteor Swarm (straight), then confirm" in [b.label for b in finals]
    assert all(len(b.label) <= 40 for b in found) and len(found) == 18
    assert "confirm" in worded_prompt(view) and "both at once" not in worded_prompt(view)
    eight = dict(view, hand=hand + ["fire_dash.1", "maelstrom.1"])
    more = [{"type": "ready", "card": c, "side": s, "step": True} for c in eight["hand"][2:] for s in "sr"]
    assert BU.bundles(eight, more + legal[-2:]) is None  # 12 spells alone and 12 with confirm: no grid
    st, seat, view, legal = _first(lambda v, l: (v.get("choice") or {}).get("kind") == "prep"
                                   and len(v["choice"].get("ready") or ()) == 2
                                   and any(b.steps[-1]["type"] == "confirm" for b in BU.bundles(v, l) or ()))
    for b in BU.bundles(view, legal):
        if len(b.steps) == 2 and b.steps[1]["type"] == "confirm":
            both = GAME.load(st.to_json())
            both.act(seat, b.steps[0])
            both.act(seat, b.steps[1])
            assert seat not in both.pending() or both.view(seat)["choice"].get("kind") != "prep"


def test_the_black_rose_rooms_four_discards_are_one_click_named_by_what_stays():
    """Discarding 4 spells for the Black Rose Room: "Keep only Fireball" (a hand of 5) or "Discard all 4
    spells" (a hand of 4, whose last card the engine takes without asking), beside each discard alone."""
    choice = {"kind": "pick", "op": "room_forgotten", "key": "discard", "gone": 0}
    hand = ["fireball.1", "fireball.2", "ice_burst.1", "maelstrom.1", "putrefy.1"]
    view = {"me": "p1", "hand": hand, "choice": choice}
    found = BU.bundles(view, [{"type": "pick", "value": c} for c in hand])
    keeps = {b.label: b.steps for b in found if len(b.steps) > 1}
    assert set(keeps) == {"Keep only Fireball", "Keep only Ice Burst", "Keep only Maelstrom", "Keep only Putrefy"}
    assert keeps["Keep only Fireball"] == tuple({"type": "pick", "value": c} for c in hand if c != "fireball.2")
    four = BU.bundles(dict(view, hand=hand[1:]), [{"type": "pick", "value": c} for c in hand[1:]])
    assert [(b.label, len(b.steps)) for b in four if len(b.steps) > 1] == [("Discard all 4 spells", 3)]
    later = dict(choice, gone=2)
    two = BU.bundles(dict(view, choice=later), [{"type": "pick", "value": c} for c in hand[:3]])
    assert {b.label for b in two if len(b.steps) > 1} == {"Keep only Fireball", "Keep only Ice Burst"}
