"""The Oracle compiler (engine.cards.oracle): text normalised, clauses read through the
table into the same CardDef a card file gives, every clause understood or the card refused
naming the first one that is not, layouts and types the engine cannot play refused; and
over the whole corpus, no accepted card loses a piece of its text."""

from __future__ import annotations

import msgspec
import pytest

from mtgsim.engine.cards import CardDef
from mtgsim.engine.cards.oracle import corpus
from mtgsim.engine.cards.oracle.compiler import Compiled, Refused, compile_record
from mtgsim.engine.cards.oracle.table import DECLARED, NAMES, RULES
from mtgsim.engine.cards.oracle.text import Piece, Span, normalise, sentences, uncovered
from mtgsim.engine.cards.pool import compile_card, load_pool

load_pool()  # links the effect union


def record(name: str = "Test Card", text: str = "", types: tuple[str, ...] = ("Creature",),
           cost: str = "{2}{G}", subtypes: tuple[str, ...] = ("Bear",),
           layout: str = "normal", power: str | None = "2",
           toughness: str | None = "2") -> corpus.Record:
    if "Creature" not in types:
        power = toughness = None
    return corpus.Record(name=name, manaCost=cost, types=types, subtypes=subtypes,
                         power=power, toughness=toughness, text=text, layout=layout)


def compiled(rec: corpus.Record) -> CardDef:
    got = compile_record(rec, compile_card)
    assert isinstance(got, Compiled), got
    return got.defn


def refused(rec: corpus.Record) -> Refused:
    got = compile_record(rec, compile_card)
    assert isinstance(got, Refused), got
    return got


# --- text ---------------------------------------------------------------------------------


def test_reminder_text_goes_and_the_card_names_itself_with_a_tilde() -> None:
    text = ("Flying (This creature can't be blocked except by creatures with flying or "
            "reach.)\nWhen Emrakul, the Aeons Torn enters, draw a card.\nEmrakul attacks "
            "each combat if able.\nThis creature gets +1/+1.")
    assert normalise(text, "Emrakul, the Aeons Torn") == [
        "Flying", "When ~ enters, draw a card.", "~ attacks each combat if able.",
        "~ gets +1/+1."]


def test_a_line_of_reminder_text_only_is_no_line() -> None:
    assert normalise("({T}: Add {G}.)", "Forest") == []


def test_sentences_split_at_full_stops_outside_quotes() -> None:
    text = 'Create a Spawn token. It has "Sacrifice ~: Add {C}." Draw a card.'
    got = [s.text for s in sentences(Span(text, 0, 0))]
    assert got == ["Create a Spawn token.", 'It has "Sacrifice ~: Add {C}."', "Draw a card."]


def test_uncovered_finds_a_gap_and_an_overlap() -> None:
    line = "Draw a card."
    whole = [Piece(0, 0, 11, "draw"), Piece(0, 11, 12, "sentence")]
    assert uncovered(line, whole, 0) == []
    assert uncovered(line, whole[:1], 0) == [(11, 12)]  # the full stop: nobody read it
    assert uncovered(line, [*whole, Piece(0, 5, 6, "x")], 0) == [(5, 6)]  # read twice


# --- what compiles, and into what ---------------------------------------------------------


def test_a_burn_spell_compiles_as_its_card_file_would() -> None:
    got = compiled(record("Lightning Bolt", "Lightning Bolt deals 3 damage to any target.",
                          ("Instant",), "{R}", ()))
    want = msgspec.toml.decode(b'name = "Lightning Bolt"\nmana_cost = "{R}"\n'
                               b'types = ["instant"]\nspell = { targets = [{ kind = "any" }], '
                               b'effects = [{ do = "damage", amount = 3 }] }\n', type=CardDef)
    assert msgspec.structs.replace(got, text="") == want


def test_keywords_triggers_and_tokens() -> None:
    got = compiled(record(text="Flying, vigilance\nWhen this creature enters, create two "
                               "1/1 white Spirit creature tokens with flying."))
    assert got.keywords == ("Flying", "Vigilance")
    (ab,) = got.abilities
    assert ab.when == "enters"
    (eff,) = ab.effects
    assert eff.amount == 2 and eff.token.subtypes == ("Spirit",)
    assert eff.token.colors == ("W",) and eff.token.keywords == ("Flying",)


def test_a_basic_land_type_gives_its_mana_ability() -> None:
    got = compiled(record("Tundra", "({T}: Add {W} or {U}.)", ("Land",), "",
                          ("Plains", "Island")))
    (mana,) = got.abilities
    assert mana.colors == "WU" and mana.tap


def test_devoid_makes_the_card_colorless() -> None:
    got = compiled(record(text="Devoid\nFlying", cost="{3}{U}"))
    assert got.colors == ()


def test_you_may_in_a_trigger_is_its_option() -> None:
    got = compiled(record(text="When this creature enters, you may draw a card."))
    assert got.abilities[0].optional


# --- what is refused, and what it names ---------------------------------------------------


def test_a_card_is_refused_at_its_first_clause_not_understood() -> None:
    got = refused(record(text="Flying\nWhenever this creature becomes tapped, draw a card."))
    assert got.clause == "Whenever ~ becomes tapped"
    assert "not understood" in got.message()


def test_a_clause_understood_in_part_is_not_understood() -> None:
    got = refused(record(text="Destroy target creature. You gain life equal to its "
                              "toughness.", types=("Instant",), cost="{2}{W}"))
    assert got.clause == "You gain life equal to its toughness"


@pytest.mark.parametrize("text", ["You draws two cards.", "You discards a card.",
                                  "You mills three cards."])
def test_you_with_a_third_person_verb_is_refused(text: str) -> None:
    got = refused(record(text=text, types=("Sorcery",), cost="{1}{U}"))
    assert "verb and subject" in got.message(), got.message()


@pytest.mark.parametrize("text", ["You draw two cards.", "You discard a card.",
                                  "You mill three cards.", "Target player draws a card.",
                                  "Target player discards a card.", "Target player mills a card."])
def test_a_verb_that_agrees_with_its_subject_compiles(text: str) -> None:
    compiled(record(text=text, types=("Sorcery",), cost="{1}{U}"))


def test_every_clause_not_understood_is_listed_on_request() -> None:
    rec = record(text="Whenever this creature becomes tapped, draw a card.\nFlying\n"
                      "Whenever you gain life, draw a card.")
    got = compile_record(rec, compile_card, every=True)
    assert isinstance(got, Refused)
    assert got.clauses == ("Whenever ~ becomes tapped", "Whenever you gain life")


@pytest.mark.parametrize("layout", ["modal_dfc", "adventure", "split", "flip",
                                    "meld", "class"])
def test_layouts_the_engine_cannot_play_are_refused_with_that_reason(layout: str) -> None:
    got = refused(record(text="Flying", layout=layout))
    assert got.reason.startswith(f"{layout} layout") and got.clause == ""


def _saga(text: str) -> corpus.Record:
    return record(name="Test Saga", text=text, types=("Enchantment",), cost="{1}{U}",
                  subtypes=("Saga",), layout="saga")


def test_a_saga_has_a_chapter_ability_per_chapter_number_and_enters_with_lore() -> None:
    """714.2a-b: "II, III — ..." is two chapter abilities with the line's effects; 714.3a:
    a Saga enters with a lore counter."""
    defn = compiled(_saga("(As this Saga enters and after your draw step, add a lore "
                          "counter.)\nI — Draw a card.\nII, III — You gain 2 life."))
    chapters = [(a.chapter, type(a.effects[0]).__name__) for a in defn.abilities
                if getattr(a, "when", "") == "chapter"]
    assert chapters == [(1, "Draw"), (2, "GainLife"), (3, "GainLife")]
    lore = [a for a in defn.abilities if getattr(a, "kind", "") == "enters_with_counters"]
    assert len(lore) == 1 and lore[0].counter == "lore" and lore[0].amount == 1


def test_a_chapter_name_is_a_flavor_word() -> None:
    """207.2d: "I — Wark — ..." (the summons of Final Fantasy): the name means nothing."""
    defn = compiled(_saga("I — Wark — You gain 2 life.\nII — Draw a card."))
    assert [type(a.effects[0]).__name__ for a in defn.abilities
            if getattr(a, "when", "") == "chapter"] == ["GainLife", "Draw"]


def test_a_saga_missing_a_chapter_or_a_chapter_line_off_a_saga_is_refused() -> None:
    got = refused(_saga("I — Draw a card.\nIII — You gain 2 life."))
    assert got.reason == "chapters not numbered I to N"
    creature = refused(record(text="I — Draw a card."))
    assert creature.clause == "I — Draw a card."


def test_a_transform_record_without_its_back_face_is_refused() -> None:
    """The transform layout is played (engine/cards/oracle/faces.py, tests/rules/
    test_transform.py), from its front face's record, which names its back face."""
    got = refused(record(text="Flying", layout="transform"))
    assert got.reason.startswith("the back face of") and got.clause == ""


@pytest.mark.parametrize(("types", "why"), [(("Planeswalker",), "planeswalker"),
                                            (("Battle",), "battle")])
def test_types_the_engine_cannot_play_are_refused(types: tuple[str, ...], why: str) -> None:
    assert refused(record(text="", types=types)).reason.startswith(why)


def test_costs_and_numbers_the_engine_cannot_use_are_refused() -> None:
    # a hybrid Phyrexian symbol and a monocoloured hybrid one: not paid (107.4f's
    # Phyrexian {G/P} is, engine.rules.phyrexian)
    assert "cannot pay" in refused(record(cost="{G/U/P}")).reason
    assert "cannot pay" in refused(record(cost="{2/W}")).reason
    assert "not a number" in refused(record(text="Trample", power="*")).reason
    assert "no mana cost" in refused(record(cost="")).reason


def test_a_keyword_the_engine_lacks_is_refused_by_name() -> None:
    assert refused(record(text="Bushido 1")).clause == "Bushido 1"
    assert refused(record(text="Protection from everything")).clause == \
        "Protection from everything"
    assert refused(record(text="Equip—Pay 3 life")).clause == "Equip—Pay 3 life"


def test_another_target_card_in_a_graveyard_is_refused() -> None:
    """"another target ... card" of a dying creature would need the new object to be told
    apart from the card itself (400.7): not compiled."""
    got = refused(record(text="When this creature dies, return another target creature "
                              "card from your graveyard to your hand."))
    assert "another" in got.clause


# --- the table ----------------------------------------------------------------------------


def test_pattern_names_are_unique_and_each_family_is_used() -> None:
    rule_names = [r.name for rules in RULES.values() for r in rules]
    assert len(rule_names) == len(set(rule_names))
    assert set(rule_names) | set(DECLARED) == NAMES
    for family in ("effect", "effects2", "effects3", "amend", "trigger", "condition",
                   "static", "restriction"):
        assert RULES[family], family


# --- the whole corpus ---------------------------------------------------------------------


def test_no_accepted_card_lost_a_piece_of_its_text() -> None:
    """Every card of the corpus that compiles: the text its patterns consumed tiles each
    of its normalised lines (nothing dropped, nothing read twice); and at least 2,500
    cards compile."""
    accepted = 0
    lost: list[str] = []
    for rec in corpus.records().values():
        got = compile_record(rec, compile_card)
        if not isinstance(got, Compiled):
            continue
        accepted += 1
        for i, line in enumerate(got.lines):
            gaps = uncovered(line, list(got.pieces), i)
            if gaps:
                lost.append(f"{rec.name}: {[line[a:b] for a, b in gaps]} of {line!r}")
    assert not lost, lost[:10]
    assert accepted >= 2500
