"""The Everrain's log in the third person. Card texts speak to the captain who drew them ("You mark the place
on your chart"); the public log names that captain instead ("Ann marks the place on their chart"), so a line
never reads as if it spoke to whoever reads the channel. Only the private line to the actor may say "you"."""
from __future__ import annotations

import re
from functools import lru_cache

# The first mention in each sentence is the name, a later subject or possessive "they"/"their", an object
# always the name again (a "them" could mean anyone). English is guessed from the words around "you"; the
# tests run every card text through it.
# Words after "you" that show it is an object ("turns you about", "gives you the light's logbook").
_NOT_A_VERB = {"a", "about", "again", "all", "along", "an", "as", "at", "away", "back", "by", "coming", "dearly",
               "for", "from", "halfway", "harbour", "her", "herself", "him", "in", "instead", "into", "like", "off",
               "on", "onward", "one", "out", "over", "safe", "she", "he", "that", "the", "their", "things",
               "through", "to", "toward", "towards", "up", "where", "with", "and", "or", "but", "too", "now",
               "here", "there", "his", "its", "this", "those", "these", "home", "aboard", "ashore"}
_LETS = {"let", "lets", "heard", "hear", "make", "makes", "watch", "watches", "see", "sees", "help", "helps",
         "bid", "bids"}  # "lets you go": a bare infinitive follows an object
_ADVERBS = {"never", "almost", "only", "also", "still", "just", "always", "often", "barely", "nearly", "soon"}
_SAME = {"can", "cannot", "could", "will", "would", "must", "may", "might", "should", "shall", "had", "did",
         "saw", "thought", "meant", "left", "found", "made", "took", "came", "went", "knew", "got", "gave", "kept",
         "felt", "heard", "said", "told", "sent", "lost", "won", "ran", "sang", "swam", "stood", "spent", "drew"}
_IRREGULAR = {"have": "has", "are": "is", "were": "was", "do": "does", "go": "goes", "'re": "'s", "'ve": "'s"}


def _third(verb: str) -> str:
    low = verb.lower()
    if low in _SAME or low.endswith("ed"):
        return verb
    if low in _IRREGULAR:
        return _IRREGULAR[low]
    if re.search(r"(s|sh|ch|x|z|o)$", low):
        return verb + "es"
    if re.search(r"[^aeiou]y$", low):
        return verb[:-1] + "ies"
    return verb + "s"


_PRONOUN = re.compile(r"\b(you|your|yours|yourself)\b", re.IGNORECASE)
_WORD = re.compile(r"\s+([A-Za-z'’]+)")
_SENTENCES = re.compile(r"[^.!?]*(?:[.!?]+\s*|$)")
# Verbs that follow "and" in a sentence whose subject is the captain ("You drop anchor and wait it out").
_AND_VERBS = re.compile(r"\b(and) (are|become|buy|chart|climb|eat|feel|find|fish|fly|leave|let|lose|pass|pay|"
                        r"plant|return|run|sail|save|see|set|spend|stand|talk|tell|wait|watch|win)\b")


def _subject_verb(text: str, m: re.Match):
    """The verb after "you" when "you" is its subject (else None): "you mark" yes, "turns you about" no."""
    if m.group(1).lower() != "you":
        return None
    before = text[:m.start()].split()
    nxt = _WORD.match(text, m.end())
    if not nxt or nxt.group(1).lower() in _NOT_A_VERB or (before and before[-1].lower() in _LETS):
        return None
    if nxt.group(1).lower() in _ADVERBS:  # "you never sail" -> "Ann never sails"
        return _WORD.match(text, nxt.end())
    return nxt if nxt.group(1).lower() != "all" else None


def _sentence(text: str, name, named: bool) -> list:
    out: list = []
    at = 0
    while m := _PRONOUN.search(text, at):  # searched afresh each time: an "and" verb may have changed the text
        low, cap = m.group(1).lower(), m.group(1)[0].isupper()
        out.append(text[at:m.start()])
        at = m.end()
        verb = _subject_verb(text, m)
        if low == "yourself":
            out.append("themself")
        elif low in ("your", "yours"):  # the name first, then "their": "Ann digs their way out"
            out += ["Their" if cap else "their" + ("s" if low == "yours" else "")] if named else [name, "'s"]
        elif verb is None:  # an object is always named: "the calf finds them without Ann"
            out.append(name)
            if everyone := re.match(r"\s+all(?=[.!?])", text[at:]):  # "outlive you all": the whole ship
                out.append(" and all the crew")
                at += everyone.end()
        elif named:
            out.append("They" if cap else "they")
        else:
            out += [name, text[at:verb.start(1)], _third(verb.group(1))]
            at = verb.end()
            rest = _AND_VERBS.sub(lambda v: f"{v.group(1)} {_third(v.group(2))}", text[at:])
            text = text[:at] + rest
        named = True
    out.append(text[at:])
    return out


def third_person(text: str, name, named: bool = False) -> tuple:
    """`text` with the captain it addresses as "you" named instead (`name`, a Name run, is kept whole); the
    first mention in each sentence is the name, a later subject or possessive "they"/"their". `named`: the
    line already named the captain just before (an option after "Ann chooses"), so "their" from the start."""
    if not _PRONOUN.search(text):
        return (text,)
    out: list = []
    for sentence in _SENTENCES.findall(text):
        out += _sentence(sentence, name, named)
    return tuple(r for r in out if r != "")


# ---- the same, through the catalog: a card text told of a captain is one message per text and voice
CAPTAIN = "{captain}"
_MARK = object()  # stands for the captain while the English is turned into a message id


@lru_cache(maxsize=None)
def told_msgid(text: str, named: bool = False) -> str:
    """The catalog's message for `text` told of the captain: third_person() with the captain as the field
    "{captain}" ("{captain} marks the place on their chart"). Extraction lists every one of them."""
    return "".join(CAPTAIN if r is _MARK else r for r in third_person(text, _MARK, named))


def told(text: str, name, named: bool = False) -> tuple:
    """`text` told of the captain `name` (a Name run), in the reading language."""
    from present.everrain.datawords import EVERRAIN_TEXT
    from present.i18n import trlp

    return trlp(EVERRAIN_TEXT, told_msgid(text, named), captain=name)
