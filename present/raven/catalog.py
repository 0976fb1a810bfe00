"""Raven's cards for `/game card`: the 56 suited cards and the four specialists, named as in the default
theme (a table shows its own theme's names: a Prophecy name finds the same card, and each card says its
name in every theme). Everything is read from data/raven/ (engine/raven/cards.py)."""
from __future__ import annotations

from engine.raven.cards import BID_VALUE, DECK, DWARF, RANK_OF, RAVEN, SHAMAN, SUIT_OF, THEMES, TRUMPS, WOLF
from present.base import Doc, line
from present.cards import card_doc
from present.i18n import join, tr, trn
from present.raven.presenter import card_name, special, suit_name, theme_title

DEFAULT = "raven"
OTHER_THEMES = [t for t in THEMES if not t.startswith("_") and t != DEFAULT]
LOW, HIGH = min(set(RANK_OF.values()) - {0}), max(RANK_OF.values())  # specialists have rank 0


def name(card: str, theme: str = DEFAULT) -> str:
    """"Shields 3", "Wolf": a card's name without its mark, in a theme."""
    suit = SUIT_OF[card]
    if suit:
        return tr("{suit} {rank}", suit=suit_name(suit, theme, emoji=False), rank=RANK_OF[card])
    return special(card, theme)


def entries() -> list[tuple[str, str]]:
    return [(card, name(card)) for card in DECK]


def aliases() -> dict[str, list[str]]:
    return {card: [name(card, theme) for theme in OTHER_THEMES] for card in DECK}


def card(key: str) -> Doc | None:
    key = key.upper()
    if key not in SUIT_OF:
        return None
    lines = _suited(key) if SUIT_OF[key] else _specialist(key)
    lines += [line(tr("In the {theme} theme: {card}", theme=theme_title(theme), card=card_name(key, theme)))
              for theme in OTHER_THEMES if name(key, theme) != name(key)]
    english = [THEMES[t]["suits"][SUIT_OF[key]]["name"] if SUIT_OF[key] else THEMES[t]["specialists"][key]["name"]
               for t in THEMES if not t.startswith("_")]
    return card_doc(card_name(key, DEFAULT), lines, "raven", *english)


def _suited(card: str) -> list:
    suit = SUIT_OF[card]
    out = [line(tr("A suited card: {suit}, number {rank} ({low} is the lowest, {high} the highest).",
                   suit=suit_name(suit, DEFAULT), rank=RANK_OF[card], low=LOW, high=HIGH)),
           line(tr("Set aside in a bid, it counts {value}.", value=BID_VALUE[suit]))]
    for length, hands in TRUMPS.items():
        at = [str(i) for i, trump in enumerate(hands, 1) if trump == suit]
        if not at:
            continue
        if length == "standard":
            said = trn("Trump suit in hand {hands} of the standard game.",
                       "Trump suit in hands {hands} of the standard game.", len(at), hands=join(at))
        else:
            said = trn("Trump suit in hand {hands} of the short game.",
                       "Trump suit in hands {hands} of the short game.", len(at), hands=join(at))
        out.append(line(said))
    return out


def _specialist(card: str) -> list:
    what = {
        RAVEN: lambda: tr("The highest trump: it beats every other card. In the ravenclaw round it is the only "
                          "trump."),
        WOLF: lambda: tr("The highest card that is not a trump. Led, it asks for a non-trump suit: the first "
                         "non-trump suited card played sets it."),
        SHAMAN: lambda: tr("It ranks a half-step above the card played just before it. It cannot be led, unless "
                           "it is your last card."),
        DWARF: lambda: tr("The lowest card. Led, it names a suit and is that suit's 0."),
    }[card]()
    return [line(tr("A specialist: it has no suit, may always be played, and cannot be set aside in a bid.")),
            line(what)]
