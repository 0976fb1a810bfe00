"""A bot seat for Black Rose Wars. It reads only its own view and its legal actions.

What wins (measured with bench/bench_bots.py): the Black Rose scores a few PP every Game Turn from its Events
and from every Quest a mage discards, so a mage must score faster than it and collect the end bonuses. The
bot therefore never discards a Quest, walks to the rooms its Quest asks for (and to the Treasure, the
Summoner Room and the Cemetery), hunts the weakest rival mage with its attacks, spells and Evocations (a
mage defeated with only your Damage gives 5 PP and a Trophy), and keeps the Crown late in the game.

Every decision is a one-step look-ahead on a value in PP: each legal action is scored by what it is likely
to bring (damage dealt towards a defeat, PP, a Quest, an Evocation, a better room to stand in), and the best
is played; ties go to the first (the engine's order)."""
from __future__ import annotations

import random

from engine.blackrose import board as B
from engine.blackrose import cards as C

SCHOOL_RANK = ("destruction", "necromancy", "transmutation", "conspiracy", "illusion", "divination")
MAGE_RANK = ("tessa", "nero", "rebecca", "jafar")
EVO_VALUE = {"malacoda": 2.6, "cerberus": 2.2, "landsknecht": 2.0, "bone_knight": 3.0, "andromeda": 0.8,
             "divine_altar": 0.6, "mutant_altar": 0.6, "infamy_of_crete": 2.5}
# What activating a room brings, in PP, before Quests and Events are counted (the board decides the rest).
ROOM_VALUE = {"treasure": 1.0, "summoner": 2.0, "cemetery": 1.8, "laboratory": 0.8, "bibliotheca": 0.5,
              "oracle": 0.5, "crypt": 0.3, "pleasures": 0.4, "armory": 0.2, "mirrors": 0.6, "abyss": 0.3,
              "altar": 0.6, "forge": 0.8, "garden": 0.3, "observatory": 0.2, "arena": 0.2, "sanctuary": 0.2,
              "throne": 0.3, "black_rose": 0.4}
QUEST_BONUS = 2.5  # a completed Quest also counts for the end bonus (6 PP to the mage with the most)


# ---- reading the view ---------------------------------------------------------------------------------------

class Look:
    """The bot's own view, indexed once per decision."""

    def __init__(self, view: dict) -> None:
        self.v = view
        self.me = view["me"]
        self.pos = view["pos"]
        self.evos = {e["id"]: e for e in view["evos"]}
        self.occ = view.get("occupants") or {}
        self.quests = [C.QUESTS[q]["cond"] | {"pp": C.QUESTS[q]["pp"]} for q in view.get("quests", ())]
        self.rivals = [s for s in view["seats"] if s != self.me]
        self.late = max(view["pp"].values()) >= 22

    def room(self, model: str) -> str | None:
        if model in self.pos:
            p = self.pos[model]
            return None if p == "cell" else p
        e = self.evos.get(model)
        return e["at"] if e else None

    def owner(self, model: str) -> str | None:
        return model if model in self.pos else (self.evos[model]["owner"] if model in self.evos else None)

    def hp_left(self, model: str) -> int:
        if model in self.pos:
            return C.MAGES[self.v["mage"][model]]["health"] - sum(self.v["dmg"][model].values())
        e = self.evos[model]
        hp = C.EVOS[e["kind"]]["health"] or C.MAGES[self.v["mage"][e["owner"]]]["health"]
        return hp - e["dmg"]

    def colour(self, label: str) -> str:
        return "black" if self.v["layout"][label] == "black_rose" else (
            self.v["tint"].get(label) or C.ROOMS[self.v["layout"][label]]["colour"])

    def can_activate(self, label: str | None) -> bool:
        v = self.v
        if label is None or label in v["destroyed"] or label in v["activated"]:
            return False
        rid = v["layout"][label]
        if rid == "black_rose" and (v["moon"] < 2 or len(v.get("hand", ())) < 4):
            return False
        return self.colour(label) not in v["mods"].get("no_activate", ())

    def mine(self, model: str) -> bool:
        return self.owner(model) == self.me


# ---- what things are worth ----------------------------------------------------------------------------------

def hit_value(look: Look, model: str, n: int) -> float:
    """Damage n to a model, in PP: progress towards a defeat, the defeat itself (4-5 PP and a Trophy), or an
    Evocation removed."""
    if n <= 0 or look.mine(model) or look.room(model) is None:
        return -0.5 * n if look.mine(model) else 0.0
    left = look.hp_left(model)
    if model in look.pos:
        if n >= left:
            others = sum(k for s, k in look.v["dmg"][model].items() if s != look.me)
            return 4.0 + (1.0 if not others else 0.0) + 1.5  # the defeat's PP and a Trophy
        return 0.45 * n + 0.08 * (C.MAGES[look.v["mage"][model]]["health"] - left)
    return 1.2 if n >= left else 0.2 * n


def room_value(look: Look, label: str | None) -> float:
    """Activating `label` now, in PP."""
    if not look.can_activate(label):
        return 0.0
    v = look.v
    rid = v["layout"][label]
    colour = look.colour(label)
    out = ROOM_VALUE.get(rid, 0.2)
    mine = sum(1 for e in v["evos"] if e["owner"] == look.me)
    if rid in ("summoner", "cemetery") and mine >= C.MAX_EVOS:
        out = 0.2
    if rid == "throne" and v["crown"] != look.me:
        out = 1.2 if look.late else 0.5
    if rid == "sanctuary":
        out = 0.25 * min(2, sum(v["dmg"][look.me].values()))
    if rid == "altar" and not any(look.room(s) for s in look.rivals):
        out = 0.1
    out += v["mods"].get("activate_colour_pp", []).count(colour)
    for q in look.quests:
        if q["when"] == "activate" and (q.get("room") == rid or q.get("colour") == colour):
            out += q["pp"] + QUEST_BONUS
    return out


def place_value(look: Look, label: str) -> float:
    """Standing in `label` for what comes next: rival mages near to hit, rooms worth activating next."""
    here = B.HEX[label]
    out = 0.0
    for s in look.rivals:
        r = look.room(s)
        if r is None:
            continue
        d = B.dist(here, B.HEX[r])
        weak = 1.0 + 0.15 * max(0, 6 - look.hp_left(s))
        out += weak * (0.5 if d == 0 else 0.35 if d == 1 else 0.2 if d == 2 else 0.0)
    near = max((room_value(look, r) for r in B.within(label, 2)), default=0.0)
    return out + 0.35 * near


def card_value(card: str) -> float:
    """A spell in hand, for keeping and readying: the better of its sides."""
    if C.is_room_trap(card):
        return 1.2
    return max(side_value(C.side_of(card, s)) for s in ("s", "r"))


def side_value(d: dict) -> float:
    """A spell side with no particular target in mind."""
    out = {"combat": 1.0, "contingency": 0.8, "protection": 0.7, "trap": 0.4}.get(d["type"], 0.3)
    for o in d["ops"]:
        op = o["op"]
        if op == "dmg" and isinstance(o.get("n"), int):
            out += 0.6 * o["n"]
        elif op in ("pp", "steal_pp"):
            out += 1.0 * o.get("n", 1)
        elif op == "summon":
            out += EVO_VALUE.get(o["evo"], 1.0) - (0.5 if o.get("cost") else 0.0)
        elif op in ("move_attack", "undead_to_target"):
            out += 1.0
        elif op == "prevent":
            out += 0.8
    if d.get("range") == "any":
        out += 0.5
    return out


def _targets_of(look: Look, d: dict, who: str, aim: dict) -> list[str]:
    """The models an op reaches for a given aim (the subset of effects.targets the bot needs)."""
    room = aim.get("room")
    mine = look.room(look.me)
    rooms: list[str] = []
    if who == "target":
        return [aim["model"]] if aim.get("model") else []
    if who in ("room", "room_mages"):
        rooms = [room] if room else []
    elif who == "adjacent":
        rooms = B.ADJ[room] if room else []
    elif who == "room+adjacent":
        rooms = [room, *B.ADJ[room]] if room else []
    elif who == "own_room":
        rooms = [mine] if mine else []
    elif who == "around_self":
        rooms = B.ADJ[mine] if mine else []
    elif who == "within2":
        rooms = B.within(mine, 2) if mine else []
    elif who == "all":
        rooms = list(B.ROOM_LABELS)
    out = [m for r in rooms for m in look.occ.get(r, ())]
    return [m for m in out if m in look.pos] if who == "room_mages" else out


def aim_value(look: Look, d: dict, aim: dict) -> float:
    """A revealed spell side cast at `aim` ({"room": ..} or {"model": ..} or nothing), in PP."""
    out = 0.0
    for o in d["ops"]:
        op = o["op"]
        if op == "dmg" and isinstance(o.get("n"), int):
            out += sum(hit_value(look, m, o["n"]) for m in _targets_of(look, d, o.get("who", "target"), aim))
        elif op in ("pp",):
            out += o["n"]
        elif op in ("steal_pp", "lose_pp", "drain_pp"):
            m = aim.get("model")
            out += 0.8 * o.get("n", o.get("gain", 1)) if m in look.pos and not look.mine(m) else 0.0
        elif op == "summon":
            full = sum(1 for e in look.v["evos"] if e["owner"] == look.me) >= C.MAX_EVOS
            out += (0.3 if full else EVO_VALUE.get(o["evo"], 1.0)) - (o.get("cost") or 0)
        elif op == "activate":
            out += room_value(look, aim.get("room"))
        elif op in ("move_attack", "undead_to_target", "evo_act"):
            out += 1.0
        elif op == "heal":
            out += 0.3 * min(o["n"], sum(look.v["dmg"][look.me].values()))
        elif op == "inst":
            out += 0.1 * o.get("n", 1)
        elif op == "remove_evo":
            room = aim.get("room")
            evs = [m for m in look.occ.get(room, ()) if m in look.evos]
            out += sum(0.8 if not look.mine(m) else -1.0 for m in evs[:o.get("n", 1)])
        elif op in ("draw_grimoire", "memories", "grimoire_pick", "library_search", "draw_quest"):
            out += 0.4
        elif op == "move_self":
            out += 0.3 * place_value(look, aim["room"]) if aim.get("room") else 0.0
        else:
            out += 0.2
    return out + (0.5 if d["element"] in {q.get("element") for q in look.quests} else 0.0)


# ---- the Action Phase ------------------------------------------------------------------------------------

def _slot(look: Look, i: int) -> dict:
    return look.v["my_slots"][i]


def phys_value(look: Look, a: dict) -> float:
    """A Physical Action by what it does first (or a later step of one)."""
    here = look.room(look.me)
    kind = a["type"]
    then = room_value(look, here) if a.get("then") == "activate" else 0.0
    if kind == "attack":
        n = C.MAGES[look.v["mage"][look.me]]["attack"] + sum(look.v["mods"].get("attack_plus", ()))
        return hit_value(look, a["target"], n) + then
    if kind == "activate":
        return room_value(look, a.get("room", here)) + 0.1
    if kind == "step":
        to = a["to"]
        left = (look.v.get("choice") or {}).get("left", 2)
        stop = place_value(look, to)
        if a.get("then") == "activate":
            return room_value(look, to) + stop
        more = left - 1 if look.v.get("choice", {}).get("kind") == "phys" else 1
        onward = max((room_value(look, r) + place_value(look, r) for r in B.ADJ[to]), default=0.0) if more > 0 else 0
        return max(stop + (room_value(look, to) if more > 0 else 0.0), onward - 0.1)
    if kind == "done":
        return place_value(look, here) if here else 0.0
    return 0.0  # "phys": a Physical Action spent staying put


def cast_value(look: Look, a: dict) -> float:
    sl = _slot(look, a["slot"])
    d = C.side_of(sl["card"], sl["side"])
    if d["type"] in ("trap", "protection"):
        return 0.9 if d["type"] == "protection" else 0.6
    aim = {k: a[k] for k in ("room", "model") if k in a}
    if aim:
        return aim_value(look, d, aim)
    return max((aim_value(look, d, x) for x in _aims(look, d)), default=aim_value(look, d, {}))


def _aims(look: Look, d: dict) -> list[dict]:
    here = look.room(look.me)
    if d["target"] in ("self", "special", "room") or here is None:
        return []
    rooms = list(B.ROOM_LABELS) if d["range"] == "any" else B.in_line(here, int(d["range"]))
    if d["target"] == "area":
        return [{"room": r} for r in rooms]
    return [{"model": m} for r in rooms for m in look.occ.get(r, ()) if m != look.me]


def turn_value(look: Look, a: dict) -> float:
    kind = a["type"]
    if kind in ("step", "attack", "activate", "phys", "done"):
        return phys_value(look, a)
    if kind == "cast":
        return cast_value(look, a)
    if kind == "end":
        return 0.35  # keep the rest for a later turn of this phase
    if kind == "discard_to_move":
        return 0.2 if look.pos[look.me] == "cell" else -0.5
    if kind == "discard_spell":
        return -card_value(_slot(look, a["slot"])["card"])
    if kind == "discard_move":
        return place_value(look, a["to"]) + room_value(look, a["to"]) * 0.5
    if kind == "target":
        sl = (look.v.get("choice") or {})
        d = C.side_of(sl["card"], sl["side"])
        return aim_value(look, d, {k: a[k] for k in ("room", "model") if k in a})
    return 0.0


# ---- Evocations ---------------------------------------------------------------------------------------------

def evo_value(look: Look, a: dict) -> float:
    """An Evocation's next move (in the Evocation Phase, by what it does first)."""
    choice = look.v.get("choice") or {}
    if a["type"] == "done":
        return 0.05
    eid = a["evo"] if a["type"] == "evoke" else choice.get("evo")
    e = look.evos.get(eid)
    if e is None:
        return 1.0  # the Abomination (the mage itself)
    atk = C.EVOS[e["kind"]]["attack"]
    if "target" in a:
        return hit_value(look, a["target"], atk) + 0.1
    if a["type"] == "activate" or (a["type"] == "evoke" and "room" in a):
        return room_value(look, a.get("room"))
    if "to" in a:
        to = a["to"]
        best = 0.0
        more = a["type"] == "evoke" or choice.get("left", 0) > 1
        for r in [to, *B.ADJ[to]] if more else [to]:
            w = 0.9 if r == to else 0.5
            for m in look.occ.get(r, ()):
                if not look.mine(m) and m != eid:
                    best = max(best, w * (hit_value(look, m, atk) + 0.2))
        return best + 0.1 * place_value(look, to)
    return 0.0


# ---- Preparation -------------------------------------------------------------------------------------------

def prep_plan(hand: list[str]) -> list[tuple[str, str]]:
    """The spells to ready, in order (Quick first): the four best sides, the most flexible one Quick."""
    sides = []
    for c in hand:
        for s in (("s",) if C.is_room_trap(c) else ("s", "r")):
            d = C.side_of(c, s)
            sides.append((side_value(d) + (0.4 if d.get("range") == "any" else 0.0), c, s))
    plan, used = [], set()
    for _, c, s in sorted(sides, reverse=True):
        if c not in used:
            plan.append((c, s))
            used.add(c)
        if len(plan) == 4:
            break
    return plan


def prep_choice(look: Look, by: dict[str, list[dict]]) -> dict:
    placed = [tuple(x) for x in (look.v.get("choice") or {}).get("ready", [])]
    hand = list(look.v.get("hand", ()))
    plan = prep_plan(hand)
    for c, s in plan[len(placed):]:
        for a in by.get("ready", ()):
            if a["card"] == c and a["side"] == s:
                return a
    if "confirm" in by:
        return by["confirm"][0]
    return max(by["ready"], key=lambda a: side_value(C.side_of(a["card"], a["side"])))


# ---- picks ------------------------------------------------------------------------------------------------

# What a pick is for, told by its question (the view's choice "key") and the op asking it ("op"): whom
# Damage or an attack reaches, which Quest to let go, which card to give up.
HIT_KEYS = frozenset({"next", "second", "burst", "victim"})
QUEST_KEYS = frozenset({"quest_over", "swap"})
# Picks of a card that the bot values from the worst card up. Taking from a school's discard pile is one:
# it was matched by its old English prompt ("...discard pile"), and the bot still plays it the same way.
DISCARD_OPS = frozenset({"school_discard_pick", "discard_for", "discard_own_for_ready"})


def _gives_up(choice: dict) -> bool:
    key = choice.get("key")
    return key in ("discard", "quest_over") or key == "card" and choice.get("op") in DISCARD_OPS


def pick_value(look: Look, a: dict) -> float:
    choice = look.v.get("choice") or {}
    key = choice.get("key")
    val = a["value"]
    if val is None:
        return 0.1 if key != "replace" else -0.5
    if isinstance(val, str):
        if key in HIT_KEYS:
            return hit_value(look, val, 2) if (val in look.pos or val in look.evos) else 0.0
        if key == "replace":  # three Evocations: replace the most damaged of mine
            e = look.evos.get(val)
            return 0.5 + (e["dmg"] if e else 0)
        if key in QUEST_KEYS and val in C.QUESTS:  # discard the Quest least likely to be done
            return 1.0 if C.QUESTS[val]["cond"]["when"] in ("defeat", "trap", "kill_evo") else 0.0
        if val in B.HEX:
            return place_value(look, val) + room_value(look, val) * 0.3
        if val.split(".")[0] in C.SPELLS and "/" not in val:
            if _gives_up(choice):
                return -card_value(val)
            return card_value(val)
        if val in look.pos or val in look.evos:
            return hit_value(look, val, 2)
    return 0.0


# ---- choose ------------------------------------------------------------------------------------------------

def bot_choice(view: dict, legal: list[dict], rng: random.Random) -> dict:
    look = Look(view)
    by: dict[str, list[dict]] = {}
    for a in legal:
        by.setdefault(a["type"], []).append(a)
    kinds = set(by)
    me = look.me
    if "tribute" in by:
        return next(a for a in by["tribute"] if not a["cancel"])  # go on with the spell
    if "react" in by:
        return by["react"][0]  # a spell whose moment came is worth triggering ("ask me" is never chosen)
    if "arm" in by:
        rich = max(look.rivals, key=lambda s: view["pp"][s])
        fire = [a for a in by["arm"] if not a["ask"]]
        return next((a for a in fire if a.get("tgt") in (None, rich) and a.get("mode") in (None, "happy")), fire[0])
    if "mage" in by:
        return min(by["mage"], key=lambda a: MAGE_RANK.index(a["mage"]))
    if "school" in by:
        return min(by["school"], key=lambda a: (SCHOOL_RANK.index(a["school"]), a["grimoire"]))
    if kinds <= {"discard_quest", "keep"} and "keep" in by:
        return by["keep"][0]  # a discarded Quest feeds the Black Rose
    if "study" in by:
        best = min(by["study"], key=lambda a: (SCHOOL_RANK.index(a["school"]), -a.get("n", 1)))
        return best
    if "study_keep" in by:
        plain = [a for a in by["study_keep"] if "then" not in a]
        return max(plain, key=lambda a: sum(card_value(c) for c in a["cards"]))
    if "remove" in by:
        worst = min(by["remove"], key=lambda a: card_value(a["card"]))
        done = by.get("done")
        return done[0] if done and card_value(worst["card"]) > 1.6 else worst
    if kinds == {"discard"}:
        return min(by["discard"], key=lambda a: card_value(a["card"]))
    if "ready" in by or "confirm" in by:
        return prep_choice(look, by)
    if "crown_pick" in by:
        return next((a for a in by["crown_pick"] if a["winner"] == me), by["crown_pick"][0])
    if "mode" in by:
        return by["mode"][0]
    kind = (view.get("choice") or {}).get("kind")
    if "hunt" in by:
        return by["hunt"][0]  # the shortcut plays the Evocations much as this bot would, in one click
    if kind in ("evo_seat", "evo_turn"):
        return max(legal, key=lambda a: evo_value(look, a))
    if "pick" in by:
        return max(legal, key=lambda a: pick_value(look, a))
    return max(legal, key=lambda a: turn_value(look, a))


def timeout_choice(view: dict, legal: list[dict]) -> dict:
    """An absent player keeps their Quests, triggers a Trap or Protection whose moment came (what they armed
    it for), arms to fire at the first chance, and otherwise plays as the bot would (every step here is part
    of a required decision: the rules never let a mage pass while spells or physical actions remain)."""
    return bot_choice(view, legal, random.Random(0))
