"""Black Rose Wars effects in plain words, written from the effect data (data/blackrose/*.json), never by
hand per card: one template per effect atom (an "op" of engine/blackrose/effects.py), composed in order.

`sentences(ops, c)` gives one sentence per op. `c` says where the ops come from, which some atoms need:
"trap" (the mage who sets a Trap off is "them"), "area" (a spell aimed at a room), "self" (no target)."""
from __future__ import annotations

from present.blackrose import words as W
from present.i18n import tr, trn


def sentences(ops: list[dict], c: dict | None = None) -> list[str]:
    c = c or {}
    out = []
    for o in ops:
        write = OPS.get(o.get("op"))
        said = write(o, c) if write else _unknown(o)
        if said:
            out.append(said)
    return out


def text(ops: list[dict], c: dict | None = None) -> str:
    return " ".join(sentences(ops, c))


def _unknown(o: dict) -> str:
    # A new op nobody has worded yet: say so plainly rather than print an internal name (tests catch it).
    return tr("A special effect.")


# ---- damage ------------------------------------------------------------------------------------------------

def _dmg(o, c):
    n, who = o.get("n", 0), o.get("who", "target")
    if who == "target":
        return tr("Deal {n} damage to the target.", n=n)
    if who == "room":
        return tr("Deal {n} damage to every model in the target room.", n=n)
    if who == "room+adjacent":
        return tr("Deal {n} damage to every model in the target room and in each room next to it.", n=n)
    if who == "own_room":
        return tr("Deal {n} damage to every model in your room.", n=n)
    if who == "around_self":
        return tr("Deal {n} damage to every model in the rooms next to yours.", n=n)
    if who == "all":
        return tr("Deal {n} damage to every model in play.", n=n)
    if who == "damaged_all":
        return tr("Deal {n} damage to every model in play that already has damage.", n=n)
    if who == "within2":
        return tr("Deal {n} damage to every model within 2 rooms of yours.", n=n)
    if who == "trigger":
        return tr("Deal {n} damage to them.", n=n)
    if who == "trigger_room":
        return tr("Deal {n} damage to every model in their room.", n=n)
    if who == "trigger_adjacent":
        return tr("Deal {n} damage to every model in the rooms next to theirs.", n=n)
    if who == "any_mage":
        return tr("Deal {n} damage to a rival mage.", n=n)
    return tr("Deal {n} damage.", n=n)


def _chain(o, c):
    steps = o.get("n") or []
    if len(set(steps)) == 1:
        return tr("Then deal {n} damage to a new model within 1 room of the last one, again and again while "
                  "new models remain (at most {k} more).", n=steps[0], k=len(steps))
    return tr("Then the damage jumps on: {amounts} damage to new models, each within 1 room of the last one.",
              amounts=", ".join(str(x) for x in steps))


def _temporary(o, c):
    return tr("If the target survives, {n} of that damage is removed at the end of the turn.", n=o.get("n", 0))


def _convert_dmg(o, c):
    n, who = o.get("n", 0), o.get("who", "target")
    if who == "self":
        first = tr("Convert up to {n} damage on yourself to your own colour.", n=n)
    elif who == "hit":
        first = tr("Convert up to {n} damage on each model hit to your colour.", n=n)
    elif who == "room+adjacent_mages":
        first = tr("Convert up to {n} damage on every mage in the target room and next to it to your colour.", n=n)
    elif who == "trigger":
        first = tr("Convert up to {n} damage on them to your colour.", n=n)
    else:
        first = tr("Convert up to {n} damage on the target to your colour.", n=n)
    more = []
    if o.get("pp_each"):
        more.append(tr("Gain {n} PP for each damage converted.", n=o["pp_each"]))
    if o.get("dmg_if_none"):
        more.append(tr("With nothing to convert, deal {n} damage instead.", n=o["dmg_if_none"]))
    if o.get("pp_missing"):
        more.append(tr("Gain {n} PP for each damage you could not convert.", n=o["pp_missing"]))
    if o.get("lose_missing"):
        more.append(tr("A mage loses {n} PP for each damage you could not convert.", n=o["lose_missing"]))
    return " ".join([first, *more])


def _heal(o, c):
    who = o.get("who", "self")
    if who in ("room", "room_all"):
        return tr("Heal {n} damage on every model in the target room, yours included.", n=o.get("n", 0))
    return tr("Heal {n} of your damage.", n=o.get("n", 0))


def _transfer_dmg(o, c):
    first = (tr("Move up to {n} of your own damage onto them.", n=o.get("n", 0)) if o.get("who") == "trigger"
             else tr("Move up to {n} of your own damage onto the target.", n=o.get("n", 0)))
    if o.get("pp_each"):
        first += " " + tr("Gain {n} PP for each damage moved.", n=o["pp_each"])
    return first


def _reflect(o, c):
    if o.get("n") == "same":
        if o.get("max"):
            return tr("Its source takes the same damage (at most {max}).", max=o["max"])
        return tr("Its source takes the same damage; if that defeats a mage, you alone score it.")
    return tr("Its source takes {n} damage.", n=o.get("n", 0))


def _prevent(o, c):
    if o.get("n", 0) >= 99:
        return tr("Ignore the damage (other effects still apply).")
    return tr("Prevent up to {n} of the damage.", n=o["n"])


def _cancel(o, c):
    if c.get("on") == "activate":
        return tr("Their activation fails (the room's token stays).")
    if c.get("on") == "trap":
        return tr("Ignore the Trap's whole effect.")
    return tr("Cancel its whole effect on you.")


def _inhibit(o, c):
    what, who = o.get("what"), o.get("who", "hit")
    if who == "trigger":
        return {"move": tr("They cannot move with Physical Actions this turn."),
                "leave": tr("They cannot leave their room this turn.")}.get(what, tr("They are held back this turn."))
    if who == "room_mages":
        return tr("This turn, mages in the target room cannot leave it, by spell or Physical Action.")
    return {"move": tr("Mages hit cannot move with Physical Actions this turn."),
            "leave": tr("Mages hit cannot leave their room this turn."),
            "move_next": tr("Mages hit cannot move in their next Action Phase."),
            "activate_next": tr("Mages hit cannot activate rooms in their next Action Phase.")}.get(
        what, tr("Mages hit are held back this turn."))


def _mark_leave(o, c):
    if o.get("who") == "hit":
        return tr("This turn, a mage hit who leaves that room takes {n} more damage.", n=o.get("n", 0))
    return tr("If they leave that room this turn, they take {n} more damage.", n=o.get("n", 0))


def _push(o, c):
    whom = tr("them") if o.get("who") == "trigger" else tr("the target")
    steps = o.get("steps", 1)
    if steps > 1:
        first = tr("Move {whom} up to {n} rooms, in any direction.", whom=whom, n=steps)
    else:
        first = tr("Push {whom} into a room next to theirs.", whom=whom)
    if o.get("companion"):
        first += " " + tr("Another model from their room goes with them.")
    if o.get("bump"):
        first += " " + tr("If another model is there, both take {n} damage.", n=o["bump"])
    return first


def _mist(o, c):
    first = tr("Every mage in the target room or next to it discards a ready spell to their Memories, or refuses.")
    if o.get("refuse") == "pp":
        return first + " " + tr("You gain 1 PP for each mage who refuses.")
    return first + " " + tr("Each mage who refuses takes 2 damage.")


# ---- instability -------------------------------------------------------------------------------------------

def _inst(o, c):
    n, where = o.get("n", 0), o.get("where", "target_room")
    if where == "own_room":
        return tr("Place {n} instability in your room.", n=n)
    if where == "target_model_room":
        return tr("Place {n} instability in the target's room.", n=n)
    if where == "per_hit":
        return tr("Then place 1 instability in the target room for each model hit (at most 4).")
    if where == "room+adjacent":
        return tr("Place {n} instability in the target room and in each room next to it.", n=n)
    return tr("Place {n} instability in the target room.", n=n)


def _remove_inst(o, c):
    first = tr("Remove up to {n} instability of any colour from the target room.", n=o.get("n", 0))
    if o.get("pp_each"):
        first += " " + tr("Gain {n} PP for each one removed.", n=o["pp_each"])
    return first


def _if(condition: str, then: list[dict], c: dict) -> str:
    return tr("{condition}: {effect}", condition=condition, effect=text(then, c))


# ---- power points ------------------------------------------------------------------------------------------

def _pp_models_colour(o, c):
    col = W.colour(o.get("colour", ""))
    gain = tr("Gain 1 PP for each model that is not yours in all {colour} rooms (at most {max}).", colour=col,
              max=o.get("max", 4))
    if o.get("tint"):
        return tr("The target room is {colour} until the end of the turn.", colour=col) + " " + gain
    return gain


def _pp_event(o, c):
    if c.get("on") == "contingency":
        return tr("Gain the PP they gained.")
    return tr("Gain the PP of the Quest they complete.")


def _caster_cards(o, c):
    if o.get("which") == "ready":
        return tr("the caster's ready spells")
    return tr("the caster's revealed spells")


# ---- evocations and moving ---------------------------------------------------------------------------------

def _summon(o, c):
    evo = W.evo_kind_name(o.get("evo", ""))
    where = tr("in the target room") if c.get("area") else tr("in your room")
    first = (tr("Pay {cost} PP to summon one {evo} {where}.", cost=o["cost"], evo=evo, where=where) if o.get("cost")
             else tr("Summon one {evo} {where}.", evo=evo, where=where))
    if o.get("act"):
        first += " " + tr("It may act at once.")
    return first


def _remove_evo(o, c):
    kind, n = o.get("kind", "any"), o.get("n", 1)
    if kind == "any":
        first = tr("Remove every Evocation from the target room.") if n > 4 else \
            trn("Remove {n} Evocation from the target room.", "Remove up to {n} Evocations from the target room.", n)
    elif kind == "undead":
        first = tr("Remove an Undead from the target room.")
    else:
        first = tr("Remove one {evo} (anyone's) from the target room.", evo=W.evo_kind_name(kind))
    if o.get("need"):
        first += " " + tr("Without one there, nothing else happens.")
    if o.get("pp_each"):
        first += " " + tr("Gain {n} PP for each one removed (at most {max}).", n=o["pp_each"], max=o.get("max", 99))
    return first


def _move_self(o, c):
    if o.get("colour"):
        return tr("Move into the target {colour} room and activate it if it is still unused.",
                  colour=W.colour(o["colour"]))
    if o.get("activate"):
        return tr("Move into the target room and activate it if it is still unused.")
    return tr("Move into the target room.")


def _move_attack(o, c):
    if o.get("different"):
        return tr("Then move {n} room again and attack a different model.", n=o.get("moves", 1))
    return tr("Move up to {n} room and make one attack.", n=o.get("moves", 1))


def _buff(o, c):
    key = o.get("key")
    return {
        "abomination": tr("Until the end of the turn you become an Abomination: your attacks deal 3, you also act "
                          "in the Evocation Phase (move 2, then attack), and you count as one of your Evocations."),
        "move_attack": tr("Until the end of the turn, each of your Physical Actions may both move and attack."),
        "heavy": tr("Until the end of the turn, your physical attacks deal 3 damage."),
        "sweep": tr("Until the end of the turn, your physical attacks hit every model in your room."),
        "poison": tr("Until the end of the turn, each of your physical attacks also places 1 instability in "
                     "your room."),
        "flames_plus": tr("Until the end of the turn, each physical attack removes 1 instability from your room "
                          "to deal 1 more damage."),
        "flames_inst": tr("Until the end of the turn, your physical attacks place 2 instability in your room "
                          "instead of dealing damage."),
    }.get(key, tr("Until the end of the turn, you are empowered."))


def _cast_from_hand(o, c):
    n = o.get("n", 1)
    first = trn("Swap {n} of your spells in play for a spell from your hand and cast it now",
                "Swap {n} of your spells in play for spells from your hand and cast them now", n)
    if o.get("from") == "andromeda":
        return tr("{first}, from one of your Andromedas (Traps and Protections arrive armed).", first=first)
    return tr("{first} (Traps and Protections arrive armed).", first=first)


def _play_event(o, c):
    first = tr("Look at the top {n} Events of the current Moon; you may play one.", n=o.get("look", 2))
    if o.get("crown"):
        return first + " " + tr("If it is a Crown Event gain 2 PP, otherwise take the Crown. The other goes back "
                                "on top.")
    return first + " " + tr("If you do, gain 2 PP.")


def _activate(o, c):
    if o.get("again"):
        return tr("Activate again a room already activated this turn (not the Black Rose Room).")
    return tr("Activate the target room from afar (its effect happens there).")


OPS = {
    # damage
    "dmg": _dmg,
    "chain": _chain,
    "no_protection": lambda o, c: tr("No Protection can be triggered against it."),
    "temporary": _temporary,
    "second_target": lambda o, c: tr("You may choose a second target within range 2: deal it {n} damage and "
                                     "place {inst} instability in its room.", n=o.get("n", 1), inst=o.get("inst", 1)),
    "dmg_half": lambda o, c: tr("Deal 1 damage for every 2 damage already on the target, or 2 damage if it has "
                                "none."),
    "extra_vs_altar": lambda o, c: tr("Altars hit take {n} more damage.", n=o.get("n", 0)),
    "execute": lambda o, c: tr("Defeat the target if it already has at least 1 damage."),
    "undead_burst": lambda o, c: tr("Remove an Undead from play, then deal {n} damage to a model in its room or "
                                    "next to it.", n=o.get("n", 0)),
    "convert_dmg": _convert_dmg,
    "convert_or_dmg": lambda o, c: tr("Convert 1 damage on every model in the rooms next to it; a model with "
                                      "nothing to convert takes 1 damage."),
    "transfer_dmg": _transfer_dmg,
    "heal": _heal,
    "echo": lambda o, c: tr("Every other model in play takes the same damage (at most {max}); mages in their "
                            "Cells are safe.", max=o.get("max", 5)),
    "survive": lambda o, c: tr("Heal fully and stay in play; the mage who dealt you the most damage is defeated "
                               "instead."),
    "rose_hurts_self": lambda o, c: tr("You take {n} damage from the Black Rose.", n=o.get("n", 1)),
    "reflect_spell": lambda o, c: tr("Deal the damage you took to the spell's caster."),
    "solo_kill": lambda o, c: tr("If this defeats a mage, you alone score the defeat."),
    # protections and traps
    "prevent": _prevent,
    "cancel": _cancel,
    "avoid": lambda o, c: tr("Cancel all its effects on you (it still counts as cast)."),
    "reflect": _reflect,
    "pass_damage": lambda o, c: tr("Pass the damage to another model in your room or next to it, in your colour "
                                   "(with nobody there, ignore it)."),
    "redirect": lambda o, c: tr("The spell goes to another model in your room or next to it instead."),
    "move_colour": lambda o, c: tr("Move into a {colour} room.", colour=W.colour(o.get("colour", ""))),
    "inhibit": _inhibit,
    "spend_physical": lambda o, c: tr("Each mage hit loses one unused Physical Action."),
    "mark_leave": _mark_leave,
    "offer_cancel": lambda o, c: tr("They may cancel their spell (it still counts as cast). If they go on: "
                                    "{then}", then=text(o.get("then", []), c)),
    "deny_quest": lambda o, c: tr("They cannot complete that Quest this turn."),
    "activate_theirs": lambda o, c: tr("Their activation fails and you activate that room yourself."),
    "complete_own_quest": lambda o, c: tr("Complete one of your own Quests, with its rewards."),
    "hijack_next": lambda o, c: tr("At once resolve their next ready spell as if you had cast it; then their turn "
                                   "goes on."),
    "steal_quest": lambda o, c: tr("Take one of their completed Quests."),
    "steal_completed": lambda o, c: tr("The Quest they complete counts as yours instead."),
    "pp_per_damage": lambda o, c: tr("Gain 1 PP for every {per} damage on them (at most {max}); if they have no "
                                     "damage, they lose all their Physical Actions.", per=o.get("per", 2),
                                     max=o.get("max", 4)),
    "evo_turns_on_owner": lambda o, c: tr("The target Evocation goes to its summoner's room and attacks them, in "
                                          "your colour."),
    "puppet_attack": lambda o, c: tr("The target mage moves 1 room and attacks a model there, under your control "
                                     "(the damage is yours)."),
    "reveal_next": lambda o, c: tr("Reveal the target's next ready spell: gain {a} PP if it is a Contingency, {b} PP "
                                   "if it is a Combat spell.", a=o.get("pp_contingency", 1), b=o.get("pp_combat", 2)),
    # instability
    "inst": _inst,
    "convert_inst": lambda o, c: tr("Convert up to {n} instability in the target room to your colour.",
                                    n=o.get("n", 0)),
    "remove_inst": _remove_inst,
    "inst_amount": lambda o, c: tr("Place 1 instability in your room for each damage taken."),
    "inst_per_damage": lambda o, c: tr("Place 1 instability in the target's room for every {per} damage on it (at "
                                       "most {max}).", per=o.get("per", 2), max=o.get("max", 3)),
    "inst_per_evo": lambda o, c: tr("Place 1 instability in the target room for each {evo} in play.",
                                    evo=W.evo_kind_name(o.get("kind", ""))),
    "per_altar": lambda o, c: tr("Gain 1 PP and place 1 instability in the target room for each Altar in play (at "
                                 "most {max} each).", max=o.get("max", 4)),
    "if_inst": lambda o, c: _if(tr("If the target room holds at least {n} instability", n=o.get("n", 0)),
                                o.get("then", []), c),
    "if_altar": lambda o, c: _if(tr("If the target room holds an Altar"), o.get("then", []), c),
    "if_evo": lambda o, c: _if(tr("If the target room holds one {evo}", evo=W.evo_kind_name(o.get("kind", ""))),
                               o.get("then", []), c),
    "if_own_room": lambda o, c: _if(tr("If it is your own room"), o.get("then", []), c),
    "become_room": lambda o, c: tr("It becomes a copy of another room of your choice (colour and effect, not the "
                                   "Black Rose Room) until the end of the turn, and you activate it now."),
    "crete_destroy": lambda o, c: tr("Two rooms next to the target room (never the Throne Room or the Black Rose "
                                     "Room) are destroyed at once, and you take their Activation Tokens."),
    # power points
    "pp": lambda o, c: tr("Gain {n} PP.", n=o.get("n", 0)),
    "lose_pp": lambda o, c: tr("The target loses {n} PP.", n=o.get("n", 0)),
    "steal_pp": lambda o, c: (tr("Steal {n} PP from them.", n=o.get("n", 0)) if o.get("who") == "trigger"
                              else tr("Steal {n} PP from the target.", n=o.get("n", 0))),
    "drain_pp": lambda o, c: tr("The target loses {lose} PP and you gain {gain} PP (nothing if they have none).",
                                lose=o.get("lose", 1), gain=o.get("gain", 2)),
    "drain_adjacent": lambda o, c: tr("Every mage in the rooms next to the target room loses 1 PP; you gain 1 PP "
                                      "for each of them."),
    "drain_within2": lambda o, c: tr("Every mage within 2 rooms of yours loses {lose} PP; you gain {gain} PP for "
                                     "each of them (at most {max}).", lose=o.get("lose", 3), gain=o.get("gain", 2),
                                     max=o.get("max", 6)),
    "pp_healed": lambda o, c: tr("Gain 1 PP for each model healed (at most {max}).", max=o.get("max", 3)),
    "pp_per_evo": lambda o, c: tr("Gain 1 PP for each {evo} in play (anyone's).", evo=W.evo_kind_name(o.get("kind", ""))),
    "pp_models_colour": _pp_models_colour,
    "pp_amount": lambda o, c: tr("Gain as many PP as the damage taken (at most {max}).", max=o.get("max", 3)),
    "pp_event": _pp_event,
    "pp_caster_cards": lambda o, c: tr("Gain 1 PP for each of {which} (at most {max}).", which=_caster_cards(o, c),
                                       max=o.get("max", 3)),
    "dmg_caster_cards": lambda o, c: tr("Deal the caster 1 damage for each of {which} (at most {max}).",
                                        which=_caster_cards(o, c), max=o.get("max", 3)),
    "mark_type": lambda o, c: tr("This turn, gain 1 PP each time the target casts or arms a {type} spell (at most "
                                 "3).", type=W.spell_type(o.get("type", "combat"))),
    "undead_bounty": lambda o, c: tr("This turn, gain 1 PP for each damage your Undead deal (at most {max}).",
                                     max=o.get("max", 3)),
    # evocations
    "summon": _summon,
    "remove_evo": _remove_evo,
    "evo_act": lambda o, c: (tr("The target Evocation acts now, under your control.") if o.get("target")
                             else tr("One of your Evocations acts now (it moves first, then attacks).")),
    "undead_to_target": lambda o, c: tr("One of your Undead moves into the target's room; then it may attack."),
    "upgrade_undead": lambda o, c: tr("Swap one of your Undead in the target room for a Bone Knight."),
    "replace_evo": lambda o, c: tr("Remove the target Evocation and gain 1 PP; take its place and activate that "
                                   "room if it is still unused."),
    "swap_with_undead": lambda o, c: tr("Trade places with an Undead in the target room."),
    "undead_act": lambda o, c: tr("One of your Undead in the target room acts now."),
    # moving
    "move_self": _move_self,
    "move_to_target": lambda o, c: tr("Move into the target's room."),
    "send_colour": lambda o, c: tr("If it is still standing, send it to a {colour} room of your choice.",
                                   colour=W.colour(o.get("colour", ""))),
    "swap": lambda o, c: tr("Swap places with the target, then activate your new room if it is still unused."),
    "push": _push,
    "pull_adjacent": lambda o, c: tr("Pull every model in the rooms next to the target room into it."),
    "scatter": lambda o, c: tr("Move every model in the target room into a room next to it."),
    "move_attack": _move_attack,
    "buff": _buff,
    # cards, Quests and Events
    "draw_grimoire": lambda o, c: trn("Draw {n} card from your Grimoire.", "Draw {n} cards from your Grimoire.",
                                      o.get("n", 1)),
    "memories": lambda o, c: trn("Take the top card of your Memories into your hand.",
                                 "Take the top {n} cards of your Memories into your hand.", o.get("n", 1)),
    "memories_pick": lambda o, c: tr("Look at the top {n} cards of your Memories and take 1 into your hand.",
                                     n=o.get("look", 3)),
    "grimoire_pick": lambda o, c: tr("Look at the top {look} cards of your Grimoire and take {take} into your hand; "
                                     "the rest go back on top.", look=o.get("look", 4), take=o.get("take", 2)),
    "reshuffle_memories": lambda o, c: tr("Shuffle your Memories into your Grimoire."),
    "library_search": lambda o, c: tr("Look at the top {n} cards of a school deck, take 1 into your hand and shuffle "
                                      "the rest back.", n=o.get("n", 5)),
    "school_discard_pick": lambda o, c: tr("Take any card from a school's discard pile into your hand."),
    "discard_for": lambda o, c: tr("You may discard a card from your hand for more: {then}",
                                   then=text(o.get("then", []), c)),
    "swap_hand_card": lambda o, c: tr("Look at the target's hand and swap one of their spells for one of yours."),
    "discard_own_for_ready": lambda o, c: tr("Discard a card from your hand: the target loses their next ready "
                                             "Standard spell."),
    "discard_last_ready": lambda o, c: tr("Every mage in the target room puts their last ready spell into their "
                                          "Memories; gain {n} PP for each of them.", n=o.get("pp_each", 1)),
    "discard_quick": lambda o, c: tr("Every mage in the target room discards their Quick spell; gain {n} PP for each "
                                     "of them (at most {max}).", n=o.get("pp_each", 2), max=o.get("max", 6)),
    "all_discard_ready": lambda o, c: tr("Every other mage puts one of their ready spells into their Memories."),
    "mist": _mist,
    "peek_ready": lambda o, c: tr("Look at the ready spells of every mage in the target room."),
    "draw_quest": lambda o, c: tr("Draw a Quest."),
    "discard_quest": lambda o, c: tr("The target discards a Quest."),
    "take_quest": lambda o, c: tr("See the Quests of the mages in the target room and take one; its owner draws a "
                                  "replacement from the previous Moon."),
    "intuition": lambda o, c: tr("Draw 2 Quests of the current Moon, keep 1 and give the other to another mage; "
                                 "if you will not, discard it and lose 2 PP."),
    "past_quest": lambda o, c: tr("Add the top Quest of the previous Moon to your completed Quests."),
    "past_quest_complete": lambda o, c: tr("Complete the top Quest of the previous Moon with all its rewards, and "
                                           "gain {n} PP more.", n=o.get("pp", 2)),
    "buy_moon3_quest": lambda o, c: tr("Pay 1 PP to draw a Quest from the Moon III deck."),
    "discard_event": lambda o, c: tr("Remove an Event from the board and gain {n} PP (the Black Rose does not score "
                                     "it).", n=o.get("pp", 2)),
    "split_event": lambda o, c: tr("Remove an Event from the board and split its PP with the Black Rose (at least 1 "
                                   "for you)."),
    "play_event": _play_event,
    "look_events": lambda o, c: tr("Look at the top {n} Events of the current Moon.", n=o.get("n", 4)),
    "order_events": lambda o, c: tr("Put them back on top in the order you choose."),
    "block_colour": lambda o, c: tr("Rooms of the target room's colour cannot be activated this turn."),
    "flag_activated": lambda o, c: tr("The target room counts as activated this turn."),
    "activate": _activate,
    "crown": lambda o, c: tr("Take the Crown."),
    "cast_from_hand": _cast_from_hand,
    # the Black Rose's Events
    "rose_dmg": lambda o, c: (tr("The Black Rose deals {n} damage to every mage in the Lodge.", n=o.get("n", 1))
                              if o.get("colour") == "any" else
                              tr("The Black Rose deals {n} damage to every mage in a {colour} room.", n=o.get("n", 1),
                                 colour=W.colour(o.get("colour", "")))),
    "rose_inst": lambda o, c: (tr("The Black Rose places 1 instability in every room with a model in it.")
                               if o.get("colour") == "any" else
                               tr("The Black Rose places 1 instability in every {colour} room with a model in it.",
                                  colour=W.colour(o.get("colour", "")))),
    "all_heal": lambda o, c: tr("Every mage heals {n} damage.", n=o.get("n", 1)),
    "all_pp": lambda o, c: tr("Every mage gains {n} PP.", n=o.get("n", 1)),
    "all_lose_pp": lambda o, c: tr("Every mage loses {n} PP.", n=o.get("n", 1)),
    "all_draw": lambda o, c: trn("Every mage draws {n} card from their Grimoire.",
                                 "Every mage draws {n} cards from their Grimoire.", o.get("n", 1)),
    # internal steps with nothing to tell
    "limit": lambda o, c: "",
}
