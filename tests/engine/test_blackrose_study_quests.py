"""Black Rose Wars, issue 33: the Study's "remove 1 Spell at any point", Obscure Intuition as the card reads,
and the standing orders (Quests kept, Evocations hunting, unless the mage asks to be asked)."""
from __future__ import annotations

from engine.blackrose import GAME
from engine.blackrose import cards as C
from engine.blackrose import rules as R
from present.blackrose import log as L
from present.i18n import reading
from tests.engine.test_blackrose_rulebook import quests_of, run_steps
from tests.engine.test_blackrose_rules import act, give, ready, table, turn

NAMES = {"p1": "Ann", "p2": "Ben", "p3": "Cat"}


def study(st, seat: str = "p1") -> None:
    """The seat's Study, after its Grimoire draw."""
    st.stack = [{"k": "test_halt"}, {"k": "study", "seat": seat, "look": [], "drawn": 0, "kept": 0, "removed": False}]
    st._pending = None
    st.run()


def text(ev) -> str:
    with reading("en"):
        return "".join(getattr(r, "text", r) for r in L.describe(ev, NAMES))


def hand_of(st, seat: str, *spells: str) -> list[str]:
    return [give(st, seat, s) for s in spells]


# ---- 2. Study: "At any point during the Study Phase, a player may remove 1 Spell from their hand" ----------

def test_nero_at_six_cards_removes_a_spell_first_and_so_discards_nothing_to_his_memories():
    st = table()
    assert st.hand_limit("p1") == 7  # Nero
    held = hand_of(st, "p1", "fireball", "ice_burst", "gaze", "arcane_vision", "meteor_swarm", "obscure_armor")
    study(st)
    act(st, "p1", type="study", school="illusion", n=4)
    legal = st.pending()["p1"]
    assert {"type": "remove_spell", "step": True} in legal  # before keeping his pair
    act(st, "p1", type="remove_spell", step=True)
    assert st.view("p1")["choice"]["remove"]
    assert sorted(a["card"] for a in st.pending()["p1"]) == sorted(held)
    gaze = next(c for c in held if c.startswith("gaze"))
    act(st, "p1", type="remove", card=gaze, step=True)
    assert gaze in st.discards[C.spell_of(gaze)["school"]] and gaze not in st.hand["p1"]
    legal = st.pending()["p1"]
    assert all(a["type"] == "study_keep" and "then" not in a for a in legal)  # one removal only
    act(st, "p1", type="study_keep", cards=legal[0]["cards"], step=True)
    assert len(st.hand["p1"]) == 7 and st.memories["p1"] == []  # at his limit: nothing to discard
    assert st.stack[-1]["k"] == "test_halt"


def test_over_the_hand_limit_the_removal_may_take_the_place_of_a_discard():
    st = table()
    hand_of(st, "p1", "fireball", "ice_burst", "gaze", "arcane_vision", "meteor_swarm", "obscure_armor",
            "fire_dash")
    study(st)
    act(st, "p1", type="study", school="illusion", n=4)
    act(st, "p1", type="study_keep", cards=st.pending()["p1"][0]["cards"], step=True)
    kinds = {a["type"] for a in st.pending()["p1"]}
    assert kinds == {"discard", "remove"}  # 9 cards, limit 7
    first = st.pending()["p1"][0]["card"]
    act(st, "p1", type="remove", card=first, step=True)
    assert {a["type"] for a in st.pending()["p1"]} == {"discard"}  # the one removal is made
    act(st, "p1", type="discard", card=st.pending()["p1"][0]["card"], step=True)
    assert len(st.hand["p1"]) == 7 and len(st.memories["p1"]) == 1 and st.stack[-1]["k"] == "test_halt"


def test_a_spell_can_still_be_removed_after_the_keep_and_the_discards_as_in_the_rulebook_example():
    st = table()
    hand_of(st, "p1", "fireball", "ice_burst", "gaze", "arcane_vision", "meteor_swarm", "obscure_armor")
    study(st)
    act(st, "p1", type="study", school="illusion", n=4)
    pair = next(a for a in st.pending()["p1"] if a.get("then") == "remove")
    act(st, "p1", **pair)
    act(st, "p1", type="remove", card=st.pending()["p1"][0]["card"], step=True)
    assert len(st.hand["p1"]) == 7 and st.stack[-1]["k"] == "test_halt"


# ---- Obscure Intuition (straight) ---------------------------------------------------------------------------

def _intuition(st):
    st.pos["p1"] = "A2"
    ready(st, "p1", ("obscure_intuition", "s"))
    top = st.qdeck["1"][-2:][::-1]  # the order they are drawn in (the deck's top is its end)
    turn(st, "p1")
    return top


def test_obscure_intuition_draws_two_keeps_one_and_gives_the_other_to_the_mage_chosen():
    """The card: "Draw 2 Quests of the current Moon, keep 1, give the other to another mage"."""
    st = table()
    drawn = _intuition(st)
    events = st.act("p1", {"type": "cast", "slot": 0})
    choice = st.view("p1")["choice"]
    assert choice["key"] == "intuition" and len(choice["values"]) == 6  # 2 to keep x (2 mages + discard)
    keep, give_away = drawn
    events += st.act("p1", {"type": "pick", "value": f"{keep}|{give_away}|p3"})
    assert st.quests["p1"] == [keep] and st.quests["p3"] == [give_away] and st.quests["p2"] == []
    public = [e for e in events if e.get("to") is None]
    assert not {keep, give_away} & {str(v) for e in public for v in e.values()}, "the table sees no Quest"
    assert [e["type"] for e in public if e["type"].startswith("quest")] == ["quest_drawn", "quest_drawn",
                                                                              "quest_given"]
    to_p3 = [e for e in events if e.get("to") == "p3"]
    assert to_p3 == [{"type": "quest_secret", "to": "p3", "quest": give_away}]  # only what they receive
    assert not [e for e in events if e.get("to") == "p2"]
    mine = [e for e in events if e.get("to") == "p1"]
    assert [e["type"] for e in mine] == ["intuition"]  # never "Your new Quest" for the one given away
    assert text(mine[0]) == (f"You draw {C.QUESTS[keep]['name']} and {C.QUESTS[give_away]['name']}, keep "
                    f"{C.QUESTS[keep]['name']} and give {C.QUESTS[give_away]['name']} to Cat.")


def test_obscure_intuition_the_other_may_be_discarded_for_2_pp():
    """The card: "If you cannot or will not, discard it and lose 2 PP"."""
    st = table()
    st.pp["p1"] = 5
    keep, other = _intuition(st)
    st.act("p1", {"type": "cast", "slot": 0})
    events = st.act("p1", {"type": "pick", "value": f"{keep}|{other}|"})
    assert st.quests["p1"] == [keep] and other in st.qdiscard and st.pp["p1"] == 3 and st.pp["rose"] == 0
    assert all(not s for s in (st.quests["p2"], st.quests["p3"]))
    mine = next(e for e in events if e.get("to") == "p1")
    assert text(mine).endswith(f"and discard {C.QUESTS[other]['name']} (you lose 2 PP).")


def test_obscure_intuition_with_one_quest_left_keeps_it():
    st = table()
    deck = st.qdeck["1"]
    del deck[:-1]
    last = deck[-1]
    _intuition(st)
    st.act("p1", {"type": "cast", "slot": 0})
    assert st.quests["p1"] == [last] and (st.view("p1").get("choice") or {}).get("key") != "intuition"


def test_the_receiver_over_two_quests_discards_down_to_two_of_their_choice():
    st = table()
    st.quests["p2"] = quests_of(st, 2)
    keep, other = _intuition(st)
    st.act("p1", {"type": "cast", "slot": 0})
    st.act("p1", {"type": "pick", "value": f"{keep}|{other}|p2"})
    assert len(st.quests["p2"]) == 3 and st.view("p2")["choice"]["key"] == "quest_over"
    st.act("p2", {"type": "pick", "value": other})
    assert other not in st.quests["p2"] and len(st.quests["p2"]) == 2


# ---- standing orders --------------------------------------------------------------------------------------------

def test_quests_are_kept_without_asking_unless_the_mage_asks_to_be_asked():
    st = table()
    st.quests["p1"] = quests_of(st, 1)
    run_steps(st, "br_start", "reorder")
    assert st.stack[-1]["k"] == "test_halt" and len(st.quests["p1"]) == 2  # nobody asked
    # At the start of a Study the mage may ask to be asked (once, for the rest of the game).
    study(st)
    assert {"type": "ask_me", "about": "quests", "step": True} in st.pending()["p1"]
    st.act("p1", {"type": "ask_me", "about": "quests", "step": True})
    assert st.ask_me["p1"] == ["quests"] and st.view("p1")["ask_me"] == ["quests"]
    assert {"type": "ask_me", "about": "quests", "step": True} not in st.pending()["p1"]
    # The order survives a restart (the state's JSON), and a state saved before it existed loads as "keep".
    data = st.to_json()
    assert GAME.load(data).ask_me["p1"] == ["quests"]
    del data["ask_me"]
    assert GAME.load(data).ask_me == {"p1": [], "p2": [], "p3": []}
    run_steps(st, "br_start", "reorder")
    assert {"type": "keep", "always": True} in st.pending()["p1"]
    st.act("p1", {"type": "keep", "always": True})  # kept, and not asked again
    assert st.ask_me["p1"] == []


def test_evocations_hunt_without_asking_unless_the_mage_asks():
    st = table()
    st.pos.update(p1="B1", p2="A2", p3="cell")
    cer = R.summon(st, "p1", "cerberus", "X")
    st.stack = [{"k": "test_halt"}, {"k": "evo_phase", "i": 0}]
    st._pending = None
    st.run()
    assert st.evo(cer)["at"] == "A2" and sum(st.dmg["p2"].values()) == 2 and st.stack[-1]["k"] == "test_halt"
    st.ask_me["p1"].append("evos")
    st.stack = [{"k": "test_halt"}, {"k": "evo_phase", "i": 0}]
    st._pending = None
    st.run()
    legal = st.pending()["p1"]
    assert {"type": "hunt"} in legal and {"type": "hunt", "always": True} in legal
    st.act("p1", {"type": "hunt", "always": True})
    assert st.ask_me["p1"] == [] and st.stack[-1]["k"] == "test_halt"


def test_an_evocation_that_cannot_hunt_is_still_asked():
    st = table()
    st.pos.update(p1="B1", p2="A2", p3="cell")
    andromeda = R.summon(st, "p1", "andromeda", "B1")
    st.stack = [{"k": "test_halt"}, {"k": "evo_phase", "i": 0}]
    st._pending = None
    st.run()
    assert any(a.get("evo") == andromeda for a in st.pending()["p1"])
