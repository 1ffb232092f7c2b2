"""Card handles: the schema is data, compiling is a step of loading, game objects refer
to cards by handle, and a serialized game is decoded against the pool it was saved with."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from gamesetup import BEACON, POOL, Setup, bundled_deck

from mtgsim.engine.cards import CardDef
from mtgsim.engine.cards.card import Card, content_key, nested_cards
from mtgsim.engine.cards.pool import CardDataError, compile_card, load_pool, pool_of
from mtgsim.engine.effects.create_token import CreateToken
from mtgsim.engine.game import decide
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.state.serialize import (
    StateDecodeError,
    from_json,
    from_msgpack,
    to_json,
    to_msgpack,
)

COMPILED = [name for name in Card.__slots__ if name.startswith("_")]


def test_the_schema_imports_no_rules() -> None:
    """engine.cards.schema is data: importing it loads nothing else of the engine (beyond
    what ``import mtgsim`` itself loads: the engine package and mtgsim.compiled)."""
    code = ("import sys, mtgsim.engine.cards.schema; "
            "print(sorted(m for m in sys.modules if m.startswith('mtgsim.engine.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    loaded = eval(out)  # noqa: S307 - our own subprocess's list of names
    # the schema, and the package whose __init__ re-exports it (mtgsim.engine.cards)
    assert loaded and all(m.startswith("mtgsim.engine.cards.schema") or m == "mtgsim.engine.cards"
                          for m in loaded), loaded


def test_a_definition_compiles_to_the_pools_card() -> None:
    """One function compiles every card: a definition compiled in code gets exactly the
    data of the pool's card."""
    for name, pooled in POOL.items():
        again = compile_card(msgspec.convert(msgspec.to_builtins(pooled.defn), CardDef))
        for field in COMPILED:
            assert getattr(again, field) == getattr(pooled, field), (name, field)


def test_keywords_expand_in_the_card_not_in_the_definition() -> None:
    elf = POOL["Bloodbraid Elf"]  # cascade: a triggered ability compiled from the keyword
    assert elf.defn.abilities == () and elf.triggered
    assert elf.abilities is elf.defn.abilities


def test_tokens_the_pools_cards_create_have_pool_handles() -> None:
    tokens = [t for c in POOL.values() for t in nested_cards(c.defn)]
    assert tokens
    for t in tokens:
        card = POOL.find(content_key(t))
        assert card is not None and card.handle >= len(POOL) and card.pool is POOL
        assert POOL.cards[card.handle] is card
    some = tokens[0]
    assert POOL.token(some.name) is not None


def test_the_pool_hash_is_its_content() -> None:
    defs = [c.defn for c in POOL.values()]
    assert pool_of(defs).hash == POOL.hash
    assert pool_of(reversed(defs)).hash == POOL.hash  # by name, not by order given
    assert POOL.with_cards([BEACON]).hash != POOL.hash
    bolt = msgspec.structs.replace(POOL["Lightning Bolt"].defn, text="changed")
    assert POOL.with_cards([bolt]).hash != POOL.hash


def test_a_bad_keyword_is_an_error_naming_the_file(tmp_path: Path) -> None:
    (tmp_path / "x").mkdir()
    f = tmp_path / "x" / "bad.toml"
    f.write_text('name = "Bad"\ntypes = ["creature"]\npower = 1\ntoughness = 1\n'
                 'keywords = ["Flyng"]\n')
    with pytest.raises(CardDataError, match=r"bad\.toml:5: card .Bad.: .*Flyng"):
        load_pool(str(tmp_path))


def _mid_game(seed: int = 3, answers: int = 60):  # type: ignore[no-untyped-def]
    from mtgsim.engine.players.policies import HeuristicPolicy

    state = new_game([bundled_deck("gruul_stompy"), bundled_deck("azorius_skies")], seed)
    policies = [HeuristicPolicy(1), HeuristicPolicy(2)]
    for _ in range(answers):
        d = advance(state)
        assert d is not None
        answer(state, decide(policies[d.player], state, d))
    return state


def test_a_serialized_game_holds_handles_and_the_pool_hash() -> None:
    state = _mid_game()
    raw = msgspec.json.decode(to_json(state))
    assert raw["format"] == "mtgsim-state" and raw["pool"] == POOL.hash
    cards = [o[1] for o in raw["state"]["objects"].values()]  # oid, card, owner, ...
    assert cards and all(isinstance(c, int) for c in cards)
    back = from_msgpack(to_msgpack(state), POOL)
    assert all(back.objects[o].card is state.objects[o].card for o in state.objects)


def test_decoding_against_another_pool_is_an_error() -> None:
    state = _mid_game()
    other = POOL.with_cards([BEACON])
    with pytest.raises(StateDecodeError, match=f"saved with card pool {POOL.hash}, this "
                                               f"pool is {other.hash}"):
        from_msgpack(to_msgpack(state), other)
    with pytest.raises(StateDecodeError, match="not a serialized game"):
        from_json(b'{"format": "something else"}', POOL)
    with pytest.raises(StateDecodeError):
        from_msgpack(b"\x00garbage", POOL)


def test_cards_made_in_the_game_travel_with_the_state() -> None:
    """A card not in the pool (here a test's) joins the game's own table: the serialized
    state carries its definition, and the handle past the pool's cards finds it again."""
    s = Setup()
    state = s.go()
    assert state.extra_cards == (BEACON,)
    beacon = state.objects[s.beacons[0]].card
    assert beacon.handle == len(POOL.cards) and beacon.defn == BEACON
    for data, decode in ((to_msgpack(state), from_msgpack), (to_json(state), from_json)):
        back = decode(data, POOL)
        again = back.objects[s.beacons[0]].card
        assert again.defn == BEACON and again.handle == beacon.handle
        assert again.activated == beacon.activated
        assert to_msgpack(back) == to_msgpack(state)


def test_a_token_created_in_a_game_is_a_pool_card() -> None:
    maker = next(c for c in POOL.values() if c.spell is not None and any(
        isinstance(e, CreateToken) for e in c.spell.effects))
    token_def = next(e.token for e in maker.spell.effects if isinstance(e, CreateToken))
    from mtgsim.engine.state.derived import game_card

    state = new_game([[], []], 1, pool=POOL)
    card = game_card(state, token_def)
    assert card.pool is POOL and state.extra_cards == ()


def test_a_card_made_in_a_clone_or_view_stays_out_of_the_game_s_table() -> None:
    """``extra_cards`` is a tuple replaced when a game makes a card: a clone or a view
    holds the game's by reference, and a card made on it (``game_card``) joins its own
    table only, never the game's (a view's reader cannot write the game through it)."""
    from mtgsim.engine.state.clone import clone
    from mtgsim.engine.state.derived import game_card
    from mtgsim.engine.state.view import player_view

    state = new_game([[], []], 1, pool=POOL)
    for other in (clone(state), player_view(state, 0)):
        assert other.extra_cards is state.extra_cards
        made = game_card(other, BEACON)
        assert made.defn == BEACON and other.extra_cards == (BEACON,)
        assert state.extra_cards == () and len(state.derived.extra) == 0
