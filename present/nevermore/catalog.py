"""Nevermore's cards for `/game card`: the five suits of the main deck (its 12 cards of a suit are alike, so
one entry each; any card id of the suit finds it) and the 50 Light and Shadow Magick cards.

A Magick card's text is written from its data (data/nevermore/magick.json): when it may be played (timing,
suit, trigger) and one clause per effect kind, the same kinds engine/nevermore/effects.py carries out, so
the text cannot say anything the engine does not do. The Raven side, where a card has one, is written the
same way from its own block."""
from __future__ import annotations

from engine.nevermore import cards as C
from present.base import Doc, Section, line
from present.cards import card_doc
from present.datawords import term
from present.i18n import join, tr, trn
from present.nevermore.presenter import magick, suit, suit_word

WORD = "nevermore: word"  # the glossary's context of the game's key words ("Light", "Shadow")
ALL = 99  # the data's "prevent all of it": more damage than anyone ever takes at once
MAGICK_MARK = "🔮"


def entries() -> list[tuple[str, str]]:
    return [(s, suit(s)) for s in C.SUITS] + [(cid, magick(c["name"])) for cid, c in C.MAGICK.items()]


def card(key: str) -> Doc | None:
    if key in C.MAGICK:
        return _magick(key)
    if key in C.SUITS:
        return _suit(key)
    if key in C.MAIN_IDS:
        return _suit(C.SUIT_OF[key])
    return None


# ---- the main deck

def _suit(s: str) -> Doc:
    count = sum(1 for c in C.MAIN_IDS if C.SUIT_OF[c] == s)
    lines = [line(trn("Main deck: {n} card of this suit.", "Main deck: {n} cards of this suit, all alike.", count))]
    if s == "raven":
        lines.append(line(tr(
            "Each Raven card in your hand must kill one non-Raven card when that card's suit is called (as "
            "many as they can). Five Ravens are a Conspiracy of Ravens: the hand ends at once, and their holder "
            "deals 1 damage to every other human player, draws a Shadow Magick card and gains 1 VP. Ravens left "
            "unused are Skulking Ravens: whoever has the most draws Shadow Magick cards.")))
    else:
        lines.append(line(tr("When {suit} is called, everyone reveals their {suit} cards together. Your strength "
                             "is your count minus the next lower count; everyone tied for the most acts.",
                             suit=suit(s))))
        lines.append(line({
            "attack": lambda: tr("Attack: deal damage equal to your strength to another human player; with "
                                 "strength 4 or more you may instead deal 1 damage to every other human player "
                                 "and gain 2 VP."),
            "healing": lambda: tr("Healing: heal as much as your strength; at full Health with strength 3 or "
                                  "more, gain 1 VP."),
            "radiance": lambda: tr("Radiance: draw as many Light Magick cards as your strength. Five Radiance "
                                   "cards in front of you heal 2 and gain 1 VP, whatever the others have."),
            "victory": lambda: tr("Victory: gain as many VP as your strength."),
        }[s]()))
    # "Raven" also names a player turned Raven, in most rulings: the Raven cards' own rulings name Conspiracies.
    names = ("Conspiracy of Ravens", "Conspiracies") if s == "raven" else (C.SUIT_NAME[s],)
    return card_doc(suit_word(s), lines, "nevermore", *names)


# ---- Magick

def _magick(cid: str) -> Doc:
    c = C.MAGICK[cid]
    lines = [line(tr("{deck} Magick card", deck=_deck(c["deck"]))), line(says(C.spec(cid, False))),
             line(tr("Our own design: the published Magick card texts are not public."))]
    doc = card_doc(f"{MAGICK_MARK} {magick(c['name'])}", lines, "nevermore", c["name"])
    if "raven" in c:
        doc.sections.insert(1, Section(tr("When you are a Raven"), [line(says(C.spec(cid, True)))]))
    return doc


def says(sp: dict) -> str:
    """One side of a Magick card in a sentence: when, then what it does."""
    return tr("{when}: {effects}.", when=_when(sp), effects=join(_effect(e, sp) for e in sp["effects"]))


def _deck(deck: str) -> str:
    return term(WORD, deck.title())


def _suit_or_called(sp: dict) -> str:
    s = sp.get("suit")
    return suit(s) if s in C.SUIT_NAME else tr("the called suit")


def _when(sp: dict) -> str:
    timing, s = sp["timing"], sp.get("suit")
    if timing == "any_time":
        return tr("Play at any time, {trigger}", trigger=_trigger(sp))
    if timing == "before_suit":
        return tr("Before {suit} is called", suit=suit(s)) if s in C.SUIT_NAME else tr("Before any suit is called")
    if timing == "after_suit":
        return tr("After {suit} resolves", suit=suit(s)) if s in C.SUIT_NAME else tr("After any suit resolves")
    return {
        "before_draft": lambda: tr("Before the Drafting phase"),
        "before_resolution": lambda: tr("Before the Resolution phase"),
        "before_skulking": lambda: tr("Before Skulking Ravens are called"),
        "end_of_hand": lambda: tr("After the Resolution phase"),
    }[timing]()


def _trigger(sp: dict) -> str:
    trigger = sp["trigger"]
    if trigger == "magick_played":
        decks = {e["deck"] for e in sp["effects"] if e["kind"] == "counter"} - {"any"}
        if decks:
            return tr("when another player plays a {deck} Magick card", deck=_deck(decks.pop()))
        return tr("when another player plays a Magick card")
    return {
        "damage_to_you": lambda: tr("when you would take damage"),
        "lethal_to_you": lambda: tr("when damage would turn you into a Raven"),
        "damage_to_other": lambda: tr("when another player would take damage"),
        "vp_to_other": lambda: tr("when another player would gain VP"),
    }[trigger]()


def _effect(e: dict, sp: dict) -> str:  # noqa: C901  (one case per effect kind, as in effects.py)
    kind, n, who = e["kind"], e.get("n", 0), e.get("who")
    if kind == "suit":
        if e["suit"] == "raven":
            return tr("add this card to your hand, where it counts as one {suit} card (it must kill, can skulk and "
                      "can make a Conspiracy of Ravens)", suit=suit(e["suit"]))
        return tr("add this card to your hand, where it counts as one {suit} card", suit=suit(e["suit"]))
    if kind == "prevent":
        return tr("prevent all of it") if n >= ALL else tr("prevent {n} of it", n=n)
    if kind == "heal":
        return {"self": lambda: tr("heal {n}", n=n),
                "target": lambda: tr("a human player of your choice (you too) heals {n}", n=n),
                "all_humans": lambda: tr("every human player heals {n}", n=n)}[who]()
    if kind == "damage":
        return {"target": lambda: tr("deal {n} damage to another human player", n=n),
                "all_others": lambda: tr("deal {n} damage to every other human player", n=n)}[who]()
    if kind == "shield":
        return {"self": lambda: tr("the next {n} damage you would take this hand is prevented", n=n),
                "target": lambda: tr("the next {n} damage a human player of your choice would take this hand is "
                                     "prevented", n=n),
                "all_humans": lambda: tr("the next {n} damage each human player would take this hand is prevented",
                                         n=n)}[who]()
    if kind == "bonus":
        return {("self", True): lambda: trn("you count {n} more card of {suit} this hand",
                                            "you count {n} more cards of {suit} this hand", n,
                                            suit=_suit_or_called(sp)),
                ("target", False): lambda: trn("another player counts {n} fewer card of {suit} this hand (not below 0)",
                                               "another player counts {n} fewer cards of {suit} this hand (not "
                                               "below 0)", -n, suit=_suit_or_called(sp))}[(who, n > 0)]()
    if kind == "discard_suit":
        return {"target": lambda: tr("another player discards every {suit} card in their hand ({suit} still "
                                     "resolves)", suit=_suit_or_called(sp)),
                "all": lambda: tr("every player discards every {suit} card in their hand ({suit} still resolves)",
                                  suit=_suit_or_called(sp))}[who]()
    if kind == "draw":
        return trn("draw {n} {deck} Magick card", "draw {n} {deck} Magick cards", n, deck=_deck(e["deck"]))
    if kind == "pass_dir":
        return {"reverse": lambda: tr("this hand, every card is passed the other way"),
                "skip": lambda: tr("this hand, every card is passed to the second player over instead of the "
                                   "next")}[e["mode"]]()
    return {
        "peek_tokens": lambda: trn("secretly look at the next {n} hidden Resolution token (not in the first hand, "
                                   "whose order is known)", "secretly look at the next {n} hidden Resolution tokens "
                                   "(not in the first hand, whose order is known)", n),
        "shuffle_tokens": lambda: tr("shuffle the Resolution tokens still hidden (not in the first hand, whose order "
                                     "is known)"),
        "counter": lambda: tr("cancel it (it is discarded with no effect)"),
        "reflect": lambda: tr("prevent it, and deal the same damage to the player who dealt it (if another player "
                              "did)"),
        "amplify": lambda: tr("they take {n} more damage", n=n),
        "deny_vp": lambda: tr("they gain {n} fewer VP", n=n),
        "steal_vp": lambda: tr("take {n} VP from another player (a Raven taking it only makes them lose it)", n=n),
        "swap_random": lambda: tr("swap a random card of your hand with a random card of another player's hand"),
        "unraven": lambda: tr("return to human form with {n} Health (you keep your VP)", n=e["health"]),
    }[kind]()
