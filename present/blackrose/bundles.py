"""Black Rose Wars' bundles (present/base.py `Bundle`): one click for several steps of one decision, built
from the seat's own view only, never hiding a legal move (each is offered alone too, as a bundle of one
step or beside the bundles).

- **A move and its room.** In the turn menu, "Go and activate A3 Forge" moves up to two rooms and
  activates the room reached: the usual Physical Action, two or three clicks made one. Offered only when
  nothing the mage cannot see can get in the way: when no other mage has an armed spell (a Room Trap
  could stop the move half-way, and a bundle refused there would tell the mover it was there) and so no
  reaction window can open on the way. Which room the mage passes through then changes nothing, so the
  first one next door (in the engine's order) is taken.
- **A spell and its target.** Where the engine asks a spell's target in a step of its own (more targets
  than it aims with the cast), "Cast Meteor Swarm at B3 Forge" casts and aims in one click: every target
  where all fit as buttons, else the rooms or models where a rival stands, beside the spell alone. Traps on
  casting spring only once the target is chosen, so nothing hidden can stop the bundle half-way.
- **A Trap or Protection and its arming.** "Arm Fireball (on Ben), fire" casts and arms it in one click
  (its target mage, mask and standing order), where every way of arming it fits a button.
- **Discarding a spell to move** (which spell, then where) and **the last cards of a school deck** in the
  Study are one click too.
- **A spell's move and attack.** A spell (Fire Dash, Nature's Wrath...) or the Forge moves the mage one room
  and lets them attack there: "Move to B3, attack Ben" is the step and the attack in one click, where the
  way is clear as for a move bundle. A spell's second attack that must find another target than the first
  (Nature's Wrath) is offered without that target, which its choice names (`avoid`: it was attacked in public).
- **The suggested Preparation.** Before a spell is readied, "Ready the suggested spells" readies the bot's
  choice from the seat's own hand (listed above the buttons) in one click.
- **The last ready spells.** With one or two spells readied, "Fireball (straight), then confirm" readies a third and
  confirms the Preparation; with two left in hand, "Fireball (straight), then Ice Burst (reverse)" readies
  both (the fourth confirms it): each order and side, beside each spell alone, only where every label fits a
  button (a side shown as an arrow where the word does not fit).
- **The Black Rose Room's discards.** "Keep only Fireball" (or "Discard all 4 spells") makes its four
  discards from the hand in one click, beside each discard alone.
- **The Evocation Phase.** With many Evocation moves on offer (a menu), "Hunt with every Evocation left"
  and "Done" stay buttons beside them.
- **Keeping 2 studied spells.** The pairs are buttons; keeping a pair and then removing a spell is offered
  beside them.
- **Copies.** Two copies of the same spell are the same choice (readying, discarding, taking one): one
  button stands for both (`alike`), so no two buttons read the same.

Labels too long for a button are shortened as for any prompt (choices.py `prompt_labels`).
"""
from __future__ import annotations

import re
from dataclasses import replace
from itertools import combinations

from engine.blackrose import board as B
from engine.blackrose import cards as C
from engine.blackrose.rooms import FORGOTTEN_DISCARDS
from present import fmt
from present.base import Bundle, fit_labels
from present.blackrose import card_text as T
from present.blackrose import choices as CH
from present.blackrose import words as W
from present.i18n import tr

# How many bundles fit is the Black Rose Wars cog's budget (present.fmt.budget()): `menu`, offered_bundles'
# limit (one menu: past it the host offers the steps as they are); `grid`, bundles and the rest all buttons;
# `short`, a label that fits a button. The cog's is PHONE (cogs/blackrose.py). Why not a phone's own numbers
# (at most 10 buttons, 34 characters, so a hand's picture, prompt and buttons fit one 860 px screen): priced
# with them, a Game Turn costs 17.2 clicks with the bench's bot and 22.2 with a player clicking uniformly
# among what is offered (bench/bench_clicks.py, 6 seeds), over issue 33's 15; with 34-character labels alone,
# 13.1 and 15.6. So the cog keeps the default numbers (13.0 and 14.7), and its labels are worded short where
# they can be (rooms by code, spells' texts in the message); a few labels of 35-40 characters still lose their end on a
# phone, and a hand with many choices runs past one screen (tests/cogs/test_phone_width.py marks both).
PHONE = fmt.Budget()
BUTTONS = PHONE.buttons


def bundles(view: dict, legal: list[dict], names: dict | None = None) -> list[Bundle] | None:
    kind = (view.get("choice") or {}).get("kind")
    found = _turn(view, legal, names) if kind == "turn" else None
    if kind == "study" and any(a["type"] == "study_keep" for a in legal):
        found = _pairs(view, legal, names)
    elif kind == "study" and any(a["type"] == "study" for a in legal):
        found = _draws(view, legal, names)
    elif kind == "evo_seat" and len(legal) > 5:  # many Evocation moves: "Hunt" and "Done" stay buttons
        found = [Bundle(CH.label(a, view, names), (a,)) for a in legal if a["type"] in ("hunt", "done")]
    elif kind == "phys":
        found = _move_attacks(view, legal, names)
    elif kind == "pick" and (view.get("choice") or {}).get("op") == "room_forgotten" \
            and (view.get("choice") or {}).get("key") == "discard":
        found = _forgotten_discards(view, legal, names)
    elif kind == "dmove" and legal and all(a["type"] == "discard_spell" for a in legal):
        found = _discard_moves(view, legal, names)
    elif kind == "prep":
        found = _prep(view, legal, names)
    return _fit(view, found or _copies(view, legal, names), names)


def _prep(view: dict, legal: list[dict], names: dict | None = None) -> list[Bundle] | None:
    """Preparation with one or two spells readied: each spell left readied as the last one ("Fireball
    (straight), then confirm") and, with two readied and with just two left in hand, both in either order and side ("Fireball ↑, then Ice Burst ↓":
    the fourth confirms by itself), beside each ready alone. Each kind is offered only where every label fits
    a button, the pairs first, all in one wording."""
    readies = [a for a in legal if a["type"] == "ready"]
    placed = (view.get("choice") or {}).get("ready") or ()
    if not placed:
        return _suggested(view, legal, names)
    if len(placed) not in (1, 2) or not readies or len(placed) == 2 and not any(a["type"] == "confirm" for a in legal):
        return None
    singles = _copies(view, legal, names) or [Bundle(CH.label(a, view, names), (a,)) for a in legal]
    kinds: list[tuple[dict, ...]] = []
    # With one spell readied, the second with the confirmation: a Preparation of two spells in two clicks.
    for kind in ((_last_two(readies) if len(placed) == 2 else []), _then_confirm(readies)):
        if kind and len(singles) + len(kinds) + len(kind) <= fmt.budget().grid:
            kinds += kind
    found = _worded(kinds)  # one wording for all of them
    return singles + found if found else None


def suggested_plan(view: dict) -> list[tuple[str, str]]:
    """The spells the bot would ready from this hand, in order (Quick first), as (card, side): the seat's
    own hand only (engine/blackrose/bot.py prep_plan)."""
    from engine.blackrose.bot import prep_plan
    return prep_plan(list(view.get("hand") or ()))


def _suggested(view: dict, legal: list[dict], names: dict | None = None) -> list[Bundle] | None:
    """Preparation before any spell is readied: the whole suggested Preparation in one click (the hand above
    lists it, presenter.py), beside each spell alone. The 4th spell confirms by itself; fewer are confirmed."""
    plan = suggested_plan(view)
    if not plan:
        return None
    steps: list[dict] = []
    for i, (card, side) in enumerate(plan):
        steps.append({"type": "ready", "card": card, "side": side, "step": i > 0, **({"last": True} if i == 3 else {})})
    if len(plan) < 4:
        steps.append({"type": "confirm", "step": True})
    if steps[0] not in legal:
        return None
    singles = _copies(view, legal, names) or [Bundle(CH.label(a, view, names), (a,)) for a in legal]
    return singles + [Bundle(tr("Ready the suggested spells"), tuple(steps))]


def _last_two(readies: list[dict]) -> list[tuple[dict, ...]]:
    """The last two spells of the hand, in either order and on either side (the fourth confirms)."""
    if len({a["card"] for a in readies}) != 2:
        return []
    steps: dict[tuple, tuple[dict, dict]] = {}  # (first, then) as they read -> the two readies
    for first in readies:
        for then in readies:
            said = (T.card_label(first["card"], first["side"]), T.card_label(then["card"], then["side"]))
            if then["card"] != first["card"] and said not in steps:  # (two copies of one spell: one choice)
                steps[said] = (first, {"type": "ready", "card": then["card"], "side": then["side"], "step": True,
                                       "last": True})
    return list(steps.values())


def _then_confirm(readies: list[dict]) -> list[tuple[dict, ...]]:
    """Each spell left readied as the third and last one, the Preparation confirmed with it."""
    steps: dict[str, tuple[dict, dict]] = {}
    for a in readies:
        steps.setdefault(T.card_label(a["card"], a["side"]), (a, {"type": "confirm", "step": True}))
    return list(steps.values())


def _worded(kind: list[tuple[dict, ...]]) -> list[Bundle]:
    """Preparation bundles in the longest wording whose labels all fit a button (one wording for all of them):
    "Ready Fireball (straight), then …", "Fireball (straight), then …", or the sides as arrows."""
    def said(a: dict, arrow: bool) -> str:
        return _arrow(a) if arrow else T.card_label(a["card"], a["side"])

    def words(steps: tuple[dict, ...], full: bool, arrow: bool) -> str:
        first, then = said(steps[0], arrow), steps[1]
        if then["type"] == "confirm":
            return tr("Ready {spell}, then confirm", spell=first) if full else \
                tr("{spell}, then confirm", spell=first)
        second = said(then, arrow)
        return tr("Ready {first}, then {second}", first=first, second=second) if full else \
            tr("{first}, then {second}", first=first, second=second)

    for full, arrow in ((True, False), (False, False), (False, True)):
        found = [Bundle(words(steps, full, arrow), steps) for steps in kind]
        if all(len(b.label) <= fmt.budget().short for b in found):
            return found
    return []


def _draws(view: dict, legal: list[dict], names: dict | None = None) -> list[Bundle] | None:
    """Study: the last cards of a school deck holding fewer than the draws left, in one click ("Draw the last 3
    from Destruction"), beside each draw as it is (the engine offers "all the rest from one deck" only where
    the deck holds them all). Nothing is seen until all 4 are drawn, so drawing them one by one tells nothing
    more."""
    choice = view.get("choice") or {}
    rest = 4 - (choice.get("drawn") or 0)
    out = [Bundle(CH.label(a, view, names), (a,)) for a in legal]
    for a in legal:
        if a["type"] != "study":
            continue
        left = (view.get("library") or {}).get(a["school"], 0)
        if a.get("n", 1) == 1 and 1 < left < rest:
            more = tuple({"type": "study", "school": a["school"], "step": True} for _ in range(left - 1))
            out.append(Bundle(tr("Draw the last {n} from {school}", n=left, school=W.school(a["school"])),
                              (a, *more)))
    return out if len(out) > len(legal) else None


def _exits(view: dict) -> list[str]:
    """The rooms a discarded spell can move the seat to (engine/blackrose/action.py _exits)."""
    me = view.get("me")
    here = (view.get("pos") or {}).get(me)
    if here == "cell":
        return list((view.get("cells") or {}).get(me) or ())
    return [] if "leave" in ((view.get("inhib") or {}).get(me) or ()) else list(B.ADJ.get(here, ()))


def _turn_discard_moves(view: dict, dmove: dict, names: dict | None = None) -> list[Bundle]:
    """From the turn's choices, discarding a spell to move in one click: the spell and the room (each asked
    only where there is more than one, as the engine does); nothing happens between the steps."""
    spells = [i for i, sl in enumerate(view.get("my_slots") or ()) if sl["state"] in ("ready", "armed")]
    exits = _exits(view)
    if len(spells) * len(exits) < 2:
        return []
    out = []
    for i in spells:
        for r in exits:
            steps = [dmove] + ([{"type": "discard_spell", "slot": i, "step": True}] if len(spells) > 1 else [])
            if len(exits) > 1:
                steps.append({"type": "discard_move", "slot": i, "to": r, "step": True})
            step = {"type": "discard_move", "slot": i, "to": r, "step": True}
            out.append(Bundle(_discard_move_label(view, step, r, spells), tuple(steps)))
    return out


def _discard_moves(view: dict, legal: list[dict], names: dict | None = None) -> list[Bundle] | None:
    """Discarding a spell to move 1: which spell and where in one click ("Discard Fireball, go to A3
    Cemetery"), beside each spell alone. Both are the seat's own or public (its spells, the rooms next door),
    and nothing happens between the two steps."""
    exits = _exits(view)
    if len(exits) < 2:
        return None  # one room next door: the engine moves there at once
    # Every spell with every room: the whole decision in one click (a spell alone would only ask the room
    # next, among the same rooms: nothing is left out).
    out = []
    for a in legal:
        for r in exits:
            step = {"type": "discard_move", "slot": a["slot"], "to": r, "step": True}
            out.append(Bundle(_discard_move_label(view, step, r, [x["slot"] for x in legal]), (a, step)))
    return out if len(out) <= fmt.budget().menu else None


def _discard_move_label(view: dict, step: dict, room: str, among: list[int] | None = None) -> str:
    """"Discard Fireball, go to A3": the room by its code (the board names it), a spell held twice by its
    slot's number or "Quick" (as a cast names it)."""
    mine = [i for i, sl in enumerate(view.get("my_slots") or ()) if sl["state"] in ("ready", "armed")]
    spell = CH.slot_spell_name(view, step["slot"], mine if among is None else among)
    sl = CH._my_slot(view, step["slot"])
    if sl and spell != W.card_name(sl["card"]):
        spell = tr("{spell} ({slot})", spell=W.card_name(sl["card"]),
                   slot=tr("Quick") if sl["slot"] == "q" else str(sl["slot"]))
    return tr("Discard {spell}, go to {room}", spell=spell, room=room)


def _short(view: dict, b: Bundle, names: dict | None = None) -> str:
    """A bundle's short label: its one step's, or a spell with its target worded as the cast aimed at once."""
    if len(b.steps) == 1:
        return CH.short_label(b.steps[0], view, names)
    if b.steps[-1]["type"] == "target":
        return CH.short_label({**b.steps[0], **{k: v for k, v in b.steps[-1].items() if k in ("room", "model")}},
                              view, names)
    if b.steps[-1]["type"] == "attack":  # "Move to A3, attack Landsknecht (v2)": the room by its label alone
        return tr("Move to {room}, attack {target}", room=b.steps[0]["to"],
                  target=CH._short_model(view, b.steps[-1]["target"], names or {}))
    return b.label


def _fit(view: dict, found: list[Bundle] | None, names: dict | None = None) -> list[Bundle] | None:
    """Bundles labelled short enough to be buttons where a label is too long (choices.py prompt_labels)."""
    if not found or all(len(b.label) <= fmt.budget().short for b in found):
        return found
    short = fit_labels([_short(view, b, names) for b in found], fmt.budget().short, T.clip)
    return [replace(b, label=s) for b, s in zip(found, short)] if short else found


def _pairs(view: dict, legal: list[dict], names: dict | None = None) -> list[Bundle]:
    """Keeping 2 studied spells: each pair is a button of its own, and keeping a pair to go on and remove a
    spell from the hand is offered beside them (a menu of the same pairs): the usual choice first."""
    labels = CH.prompt_labels(view, legal, names)  # (by the spells' numbers where two names do not fit)
    return [Bundle(said, (a,)) for a, said in zip(legal, labels) if a["type"] == "study_keep" and "then" not in a]


def _forgotten_discards(view: dict, legal: list[dict], names: dict | None = None) -> list[Bundle] | None:
    """The Black Rose Room's discards (4 spells from the hand, one prompt each) in one click, named by what
    stays in hand ("Keep only Fireball, Ice Burst", "Discard all 4 spells"), beside each discard alone. The hand
    is the seat's own and nothing happens between the discards. The engine takes a last lone card itself, so
    a bundle's steps stop before it."""
    gone = (view.get("choice") or {}).get("gone")
    hand = sorted(a["value"] for a in legal if isinstance(a.get("value"), str))
    if gone is None or len(hand) != len(legal):
        return None
    n = FORGOTTEN_DISCARDS - gone  # discards still to make
    groups: dict[tuple, tuple[str, ...]] = {}  # the spells kept -> the cards discarded (the first copies)
    for gone in combinations(hand, n):
        kept = tuple(_same(c) for c in hand if c not in gone)
        groups.setdefault(kept, gone)
    singles = _copies(view, legal, names) or [Bundle(CH.label(a, view, names), (a,)) for a in legal]
    if len(groups) + len(singles) > fmt.budget().grid:
        return None
    out = list(singles)
    for kept, gone in groups.items():
        # (a discard is asked while the hand holds 2 cards or more)
        steps = [{"type": "pick", "value": c} for i, c in enumerate(gone) if len(hand) - i >= 2]
        text = tr("Keep only {spells}", spells=", ".join(W.card_name(c) for c in kept)) if kept else \
            tr("Discard all {n} spells", n=n)
        if len(steps) > 1:
            out.append(Bundle(text, tuple(steps)))
    return out if len(out) > len(singles) else None


def prep_offered(view: dict) -> tuple[bool, bool, bool]:
    """How the Preparation prompt offers its bundles, for prompts.py to say so: (the last two spells at once,
    a spell then confirm, the sides shown as arrows)."""
    ready = (view.get("choice") or {}).get("ready") or ()
    left = sorted(set(view.get("hand") or ()) - {c for c, _ in ready})
    if len(ready) not in (1, 2) or not left:
        return False, False, False
    legal = [{"type": "ready", "card": c, "side": x, "step": True} for c in left
             for x in (("s",) if C.is_room_trap(c) else ("s", "r"))]
    confirm = [{"type": "confirm", "step": True}] if len(ready) == 2 else []
    with fmt.fitting(PHONE):  # as the cog offers them (the prompt must not promise a bundle it lacks)
        found = _prep(view, legal + confirm + [{"type": "unready", "step": True}]) or ()
    kinds = {b.steps[-1]["type"] for b in found if len(b.steps) == 2}
    arrows = {_arrow(a) for a in legal} - {T.card_label(a["card"], a["side"]) for a in legal}
    return "ready" in kinds, "confirm" in kinds, any(x in b.label for b in found for x in arrows)


def _arrow(ready: dict) -> str:
    """A readied spell with its side as an arrow, where a button has no room for the word: the straight side
    up ("Fireball ↑"), the reverse down ("Fireball ↓"), as the card lies on the Mage Sheet."""
    if C.is_room_trap(ready["card"]):
        return T.card_label(ready["card"], ready["side"])
    return tr("{spell} ↑", spell=W.card_name(ready["card"])) if ready["side"] == "s" else \
        tr("{spell} ↓", spell=W.card_name(ready["card"]))


# ---- copies ---------------------------------------------------------------------------------------------

_COPY = re.compile(r"^([a-z0-9_]+)\.\d+$")


def _same(value):
    """A card id without its copy number ("fireball.2" -> "fireball"), inside any action field."""
    if isinstance(value, str):
        m = _COPY.match(value)
        return m.group(1) if m and m.group(1) in C.SPELLS else value
    if isinstance(value, (list, tuple)):
        return tuple(_same(v) for v in value)
    return value


def choice_of(action: dict) -> tuple:
    """What an action chooses, whichever copy of a card it names."""
    return tuple(sorted((k, _same(v)) for k, v in action.items()))


def _copies(view: dict, legal: list[dict], names: dict | None = None) -> list[Bundle] | None:
    """One button per different choice when some legal actions differ only by which copy of a card they
    name; None when none do (the prompt is offered as it is)."""
    groups: dict[tuple, list[dict]] = {}
    for a in legal:
        groups.setdefault(choice_of(a), []).append(a)
    if len(groups) == len(legal) or len(groups) > fmt.budget().menu:
        return None
    return [Bundle(CH.label(same[0], view, names), (same[0],), tuple(same[1:])) for same in groups.values()]


# ---- a turn: moves, and spells with their targets -----------------------------------------------------

def _turn(view: dict, legal: list[dict], names: dict | None = None) -> list[Bundle] | None:
    """The turn's bundles: the moves with their rooms (where the way is clear), then each spell with its
    target where the engine asks the target in a step of its own (more targets than it aims with the cast).
    Every target of a spell, where they all fit as buttons beside everything else; else the rooms or models
    where a rival stands; else none (the spell, then its target, as before)."""
    out = list(_moves(view, legal, names) or ())
    for a in legal:
        arms = _arms(view, a, names) if a["type"] == "cast" else None
        if arms:
            beside = sum(1 for x in legal if not any(x in b.steps for b in out))
            if len(out) + beside - 1 + len(arms) <= fmt.budget().grid:  # (-1: the cast alone is in them)
                out += arms
            continue
        if a["type"] == "discard_to_move":
            moves = _turn_discard_moves(view, a, names)
            beside = sum(1 for x in legal if not any(x in b.steps for b in out))
            if moves and len(out) + beside - 1 + len(moves) <= fmt.budget().grid \
                    and all(len(b.label) <= fmt.budget().short for b in moves):
                out += moves
            continue
        aims = _aims(view, a) if a["type"] == "cast" else None
        if not aims:
            continue
        beside = sum(1 for x in legal if not any(x in b.steps for b in out))  # still offered as they are
        key, values = aims
        for pick in (values, [v for v in values if _rival_in(view, key, v)]):
            alone = pick != values  # the spell alone, for the targets not bundled (with all of them: none)
            if pick and len(out) + beside + len(pick) + alone <= fmt.budget().grid:
                if alone:
                    out.append(Bundle(CH.label(a, view, names), (a,)))
                out += [Bundle(CH.label(dict(a, **{key: v}), view, names),
                               (a, {"type": "target", key: v, "step": True})) for v in pick]
                break
    return out or None


def _arms(view: dict, cast: dict, names: dict | None = None) -> list[Bundle] | None:
    """A Trap or Protection cast and armed in one click ("Arm Fireball (on Ben), fire"): every way of arming
    it (engine/blackrose/casting.py arm_options: its target mage, its mask, its standing order), where every
    label fits a button. Nothing can happen between the cast and the arming (the arming is asked at once,
    before any Trap on casting), so the bundle never stops half-way."""
    sl = CH._my_slot(view, cast.get("slot"))
    if not sl or sl.get("state") != "ready":
        return None
    side = C.side_of(sl["card"], sl["side"])
    if side["type"] not in ("trap", "protection"):
        return None
    me = view.get("me")
    tgts = [s for s in view.get("order") or () if s != me] if side["type"] == "trap" and side.get("target") == "single" \
        else [None]
    modes = list(side.get("modes", ())) or [None]
    spell = W.card_name(sl["card"])
    out = []
    for tgt in tgts:
        for mode in modes:
            details = ", ".join(x for x in (tr("on {who}", who=CH.seat_name(names or {}, tgt)) if tgt else "",
                                            T.mode_name(mode) if mode else "") if x)
            for ask in (False, True):
                arm = {"type": "arm", "ask": ask, "step": True, **({"tgt": tgt} if tgt else {}),
                       **({"mode": mode} if mode else {})}
                if details:
                    said = tr("Arm {spell} ({details}), ask me", spell=spell, details=details) if ask else \
                        tr("Arm {spell} ({details}), fire", spell=spell, details=details)
                    if len(said) > fmt.budget().short:  # the mage without "on": "Arm Fireball (Ben), ask"
                        bare = ", ".join(x for x in (CH.seat_name(names or {}, tgt) if tgt else "",
                                                     T.mode_name(mode) if mode else "") if x)
                        said = tr("Arm {spell} ({details}), ask", spell=spell, details=bare) if ask else \
                            tr("Arm {spell} ({details}), fire", spell=spell, details=bare)
                else:
                    said = tr("Arm {spell}, ask me", spell=spell) if ask else tr("Arm {spell}, fire", spell=spell)
                out.append(Bundle(said, (cast, arm)))
    return out if all(len(b.label) <= fmt.budget().short for b in out) else None


def _move_attacks(view: dict, legal: list[dict], names: dict | None = None) -> list[Bundle] | None:
    """A spell's (or the Forge's) move and attack: "Move to B3 Forge, attack Ben" in one click, beside each
    step and attack alone, where nothing hidden can stop the step (as a move bundle). Only for an effect's
    move of one room, before it moves: the mage may attack after its step there, which a Physical Action
    token's move never allows."""
    me = view.get("me")
    if not _effect_move(view) or not _nothing_hidden_on_the_way(view, me):
        return None
    avoid = (view.get("choice") or {}).get("avoid")  # a second attack must find another target than the first
    out = [Bundle(CH.label(a, view, names), (a,)) for a in legal]
    for a in legal:
        if a["type"] == "step":
            for m in CH.models_in(view, a["to"]):
                if m != avoid and _rival_in(view, "model", m):
                    out.append(Bundle(CH.label(dict(a, target=m), view, names),
                                      (a, {"type": "attack", "target": m, "step": True})))
    return out if len(legal) < len(out) <= fmt.budget().grid else None


def _effect_move(view: dict) -> bool:
    """Whether the seat's move decision is an effect's move and attack with one step left (a spell,
    the Forge), not a Physical Action token's own move, after which the mage may not attack."""
    choice = view.get("choice") or {}
    return choice.get("kind") == "phys" and choice.get("mode") == "spell" and choice.get("left") == 1


def _rival_in(view: dict, key: str, value: str) -> bool:
    me = view.get("me")
    if key == "model":
        return value != me and (CH.evo_of(view, value) or {}).get("owner") != me
    return any(m != me and (CH.evo_of(view, m) or {}).get("owner") != me for m in CH.models_in(view, value))


def _aims(view: dict, cast: dict) -> tuple[str, list[str]] | None:
    """engine/blackrose/casting.py `_aims` for a revealed spell cast without its target (the engine asks it
    next), from the seat's own view: ("room", rooms) or ("model", models); None when the spell is cast face
    down, has effects still to choose from, needs no target, or was aimed with the cast."""
    if any(k in cast for k in ("room", "model")):
        return None
    me = view.get("me")
    sl = CH._my_slot(view, cast.get("slot"))
    if not sl:
        return None
    side = C.side_of(sl["card"], sl["side"])
    what, reach = side.get("target"), side.get("range")
    if side["type"] in ("trap", "protection") or side.get("modes") and "mode" not in cast \
            or what in ("self", "special", "room", None):
        return None
    here = (view.get("pos") or {}).get(me)
    if here in (None, "cell") or reach is None:
        return None
    rooms = B.ROOM_LABELS if reach == "any" else B.in_line(here, int(reach))
    colour = C.only_colour(side)
    if colour:
        tint = view.get("tint") or {}
        rooms = [r for r in rooms if (tint.get(r) or C.ROOMS[view["layout"][r]]["colour"]) == colour]
    if what == "area":
        values = list(rooms)
    else:
        values = [m for r in rooms for m in CH.models_in(view, r) if m != me]
    return ("room" if what == "area" else "model", values) if len(values) > 1 else None


# ---- a move and its room --------------------------------------------------------------------------------

def _moves(view: dict, legal: list[dict], names: dict | None = None) -> list[Bundle] | None:
    me = view.get("me")
    firsts = [a for a in legal if a["type"] == "step" and "then" not in a]
    if not firsts or not _clear_way(view, me):
        return None
    out = [Bundle(CH.label(a, view, names), (a,)) for a in firsts]  # each first step stays a choice of its own
    done: set[str] = set()
    for a in firsts:  # the rooms next door, then the rooms two away (through the first room next door)
        y = a["to"]
        if y not in done and can_activate(view, me, y):
            done.add(y)
            out.append(_go(view, y, (a, {"type": "activate", "room": y, "step": True})))
    for a in firsts:
        for r in B.ADJ[a["to"]]:
            if r not in done and r != view["pos"].get(me) and can_activate(view, me, r):
                done.add(r)
                out.append(_go(view, r, (a, {"type": "step", "to": r, "then": "activate", "step": True})))
    return out[:fmt.budget().menu] if len(out) > len(firsts) else None


def _go(view: dict, room: str, steps: tuple) -> Bundle:
    return Bundle(CH.roomed(view, room, lambda said: tr("Go and activate {room}", room=said)), steps)


def _ops(obj):
    if isinstance(obj, dict):
        if "op" in obj:
            yield obj
        for v in obj.values():
            yield from _ops(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _ops(v)


# The most damage leaving a marked room deals (Ring of Fire, Blade Barrage): the marks are public (the spells
# that make them are cast face up) but not in the view, so a move bundle keeps clear of them.
MARK = max(o.get("n", 0) for o in _ops(list(C.SPELLS.values())) if o["op"] == "mark_leave")


def _clear_way(view: dict, me: str) -> bool:
    """Whether a two-room move can only go as planned, from the seat's own view: no other mage has an armed
    spell (no Room Trap, no reaction window on the way); the mage moves by the plain rule (a Physical Action
    of 2 rooms, not one that may move and attack); and leaving a marked room could neither
    defeat them nor open a window for their own "ask me" Protection."""
    if not _nothing_hidden_on_the_way(view, me):
        return False
    mage = C.MAGES.get((view.get("mage") or {}).get(me), {})
    held = set((view.get("inhib") or {}).get(me) or ())
    return mage.get("move", 0) == 2 and "move_attack" not in ((view.get("buffs") or {}).get(me) or ()) \
        and not held & {"move", "leave"}


def _nothing_hidden_on_the_way(view: dict, me: str) -> bool:
    """No other mage has an armed spell (no Room Trap, no reaction window on the way), and leaving a marked
    room could neither defeat the mage nor open a window for their own "ask me" Protection."""
    slots = view.get("slots") or {}
    if any(sl.get("state") == "armed" for s, mine in slots.items() if s != me for sl in mine):
        return False
    if any(a.get("ask") == "protection" for a in view.get("my_armed") or ()):
        return False
    mage = C.MAGES.get((view.get("mage") or {}).get(me), {})
    return mage.get("health", 0) - sum(((view.get("dmg") or {}).get(me) or {}).values()) > MARK


def can_activate(view: dict, me: str, room: str) -> bool:
    """engine/blackrose/rooms.py `can_activate`, from the seat's view (a test checks every bundle built on
    it is legal to its last step)."""
    rid = (view.get("layout") or {}).get(room)
    if rid is None or room in (view.get("destroyed") or ()) or room in (view.get("activated") or ()):
        return False
    if rid == "black_rose" and (view.get("moon", 1) < 2 or len(view.get("hand") or ()) < 4):
        return False
    if {"activate", "activate_next_now"} & set((view.get("inhib") or {}).get(me) or ()):
        return False
    colour = (view.get("tint") or {}).get(room) or C.ROOMS[rid]["colour"]
    if colour in ((view.get("mods") or {}).get("no_activate") or ()):
        return False
    if rid == "mirrors":
        return any(view["layout"][r] not in ("throne", "black_rose", "mirrors") and r not in view["destroyed"]
                   for r in view.get("activated") or ())
    return True
