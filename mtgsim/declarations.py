"""The compiled engine's table, and the Cython declarations generated from it at build time.

``COMPILED`` names the engine modules the compiled engine builds and, for each, the
functions that are ``cpdef``: their calls, within the module and from the modules that
cimport them, become C calls instead of Python's call protocol (about 90 instructions each).
Arguments and results stay Python objects and the Python functions are unchanged, so a
compiled module plays the same games as its source run by the interpreter.

``generate`` writes each module's ``.pxd`` from its source and this table, so that no
declaration is kept by hand beside the engine's modules (a rename would have to be made
twice). Each cpdef function's signature is its ``def``'s, read with ``ast``: the same
parameters, ``=*`` on those with a default. A module cimports a cpdef function of another
compiled module exactly when its source imports it at module level
(``from mtgsim.engine.rules.mana import can_pay``, under the same name), so that one name
means one function compiled and interpreted; never a module (``from mtgsim.engine.rules
cimport mana``): Cython 3.3.1 compiles a call through a cimported module whose keyword
arguments skip a parameter into a read of the bare name, a NameError.

The declarations go to ``build/compiled/pxd/`` (scripts/compile_engine.py), never into the
source tree, in folders by the module's dotted name, where Cython looks for them on its
include path. The build of a module depends on its source, its declarations and those of each module
it cimports from; ``mtgsim.compiled``'s finder loads a build only while the sources and this
file (the table, the C types and the generator) are those it was built from.

Importing this module stays light (it is read by every process through ``mtgsim.compiled``):
``ast`` is imported only when declarations are generated.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    import ast

PREFIX = "mtgsim.engine."

# The engine modules games run, by dotted name under mtgsim.engine, with their cpdef
# functions. cProfile over the compiled engine sees only the functions still interpreted,
# and over the fingerprint games (every pairing of the bundled decks, heuristic and random)
# no module left out takes more than 0.04% of the time; what is left runs while loading
# cards and decks, or rarely. The same rule over the search's games (the default `search`,
# `search:prio=plan` and `mcts` against the heuristic on the ladder's archetypes) and the
# heuristic's over both deck folders brought in the heuristic's priority order and race,
# the keywords' hooks and effects' estimates those games call, the search's guards, the
# turn's plan and the tree search (docs/compiled.md "What is compiled"). A function is
# cpdef when it is called often from its own module or from another compiled one; it may
# hold no closure (a lambda, a generator expression, a nested def) and no keyword-only or
# variadic parameter (tests/packaging/test_compiled.py).
COMPILED: dict[str, tuple[str, ...]] = {
    "cards.card": (),
    "cards.schema.bits": (),
    "effects.add_counters": (),
    "effects.become_monarch": (),
    "effects.cant_be_blocked_this_turn_except_by": (),
    "effects.choose_one": (),
    "effects.conditional": (),
    "effects.counter": (),
    "effects.create_token": (),
    "effects.damage": (),
    "effects.destroy": (),
    "effects.dig": (),
    "effects.discard": (),
    "effects.doesnt_untap_next": (),
    "effects.draw": (),
    "effects.exile": (),
    "effects.exile_graveyard": (),
    "effects.exile_if_dies": (),
    "effects.explore": (),
    "effects.flicker": (),
    "effects.gain_life": (),
    "effects.if_you_do": (),
    "effects.lose_life": (),
    "effects.may": (),
    "effects.mill": (),
    "effects.pump": (),
    "effects.put_from_hand_on_top": (),
    "effects.put_on_library": (),
    "effects.regenerate": (),
    "effects.return_chosen": (),
    "effects.return_from_graveyard": (),
    "effects.sacrifice": (),
    "effects.scry": (),
    "effects.search": (),
    "effects.shuffle": (),
    "effects.take_initiative": (),
    "effects.tap": (),
    "effects.untap": (),
    "effects.venture": (),
    "game": ("decide", "step"),
    "keywords.adventure": (),
    "keywords.annihilator": (),
    "keywords.bargain": (),
    "keywords.bloodthirst": (),
    "keywords.buyback": (),
    "keywords.cascade": (),
    "keywords.collect_evidence": (),
    "keywords.convoke": (),
    "keywords.craft": (),
    "keywords.delve": (),
    "keywords.devour": (),
    "keywords.disturb": (),
    "keywords.dredge": ("dredge_value",),
    "keywords.enchant": (),
    "keywords.epic": (),
    "keywords.equip": (),
    "keywords.escape": (),
    "keywords.exalted": (),
    "keywords.flash": (),
    "keywords.flashback": (),
    "keywords.foretell": (),
    "keywords.graft": (),
    "keywords.haunt": (),
    "keywords.improvise": (),
    "keywords.infect": (),
    "keywords.kicker": (),
    "keywords.landwalk": (),
    "keywords.level_up": (),
    "keywords.madness": (),
    "keywords.plot": (),
    "keywords.rebound": (),
    "keywords.recover": (),
    "keywords.replicate": (),
    "keywords.retrace": (),
    "keywords.storm": (),
    "keywords.transmute": (),
    "keywords.umbra_armor": (),
    "keywords.unearth": (),
    "keywords.wither": (),
    "players.evaluation": (
        "attack_power", "effective_life", "features", "logit", "side_features", "sigmoid",
        "win_probability", "worths", "_side"),
    "players.life_price": (),
    "players.policies.activation": ("_land_in", "_use_score"),
    "players.policies.attack_race": (),
    "players.policies.blocking": (),
    "players.policies.candidate_answers": (),
    "players.policies.cast_score": (),
    "players.policies.choice_auras": (),
    "players.policies.choice_cards": (),
    "players.policies.choice_costs": (),
    "players.policies.choice_keywords": (),
    "players.policies.combat_ai": (
        "_alone_bonus", "_best_blocks", "_block_gains", "_chump_blocks", "_free_blocker",
        "_lethal", "_pair_gain", "_safe_attackers", "damage_of", "fight", "has_annihilator",
        "pump_in_hand"),
    "players.policies.combat_sets": (),
    "players.policies.context": ("first_effects", "fits_reserve"),
    "players.policies.deepen": (),
    "players.policies.determinize": (
        "_shuffle", "add_card", "clone_dealt", "determinize", "redealt"),
    "players.policies.escape_plan": (),
    "players.policies.face_guard": (),
    "players.policies.hand_inference": (),
    "players.policies.heuristic": (),
    "players.policies.ismcts": (),
    "players.policies.ismcts_tree": (),
    "players.policies.madness_plan": ("_madness_score", "madness_cost", "outlet_plan"),
    "players.policies.optional_cost_plan": (),
    "players.policies.paired_gain": (),
    "players.policies.planning": (),
    "players.policies.priority_order": (),
    "players.policies.random": (),
    "players.policies.root_search": (),
    "players.policies.search": ("position_value",),
    "players.policies.search_actions": (),
    "players.policies.sneak_plan": (),
    "players.policies.spells": ("_burn_amount",),
    "players.policies.stops": (),
    "players.policies.targeting": (),
    "players.policies.tricks": (),
    "players.policies.turn_plan": (),
    "players.policies.x_ability": (),
    "players.worth": (
        "_keywords_value", "board", "card_power_toughness", "combat_kw", "creatures_of",
        "death_triggers_value", "destroys_on_damage", "guess_amount", "is_creature",
        "leaves_at_end", "life_value", "value"),
    "players.worth_effects": (
        "fixed_damage", "harmful_to_target", "objs_for", "players_for", "sign_for"),
    "rules.activation": ("activators",),
    "rules.amounts": ("estimate_amount",),
    "rules.cast_this_turn": (),
    "rules.castability": (
        "_cast_part", "aura_target", "permission_costs", "spell_effects", "spell_targets"),
    "rules.casting": (
        "_ask_mode", "_choose_targets", "_other_costs", "_pay_total_cost", "_plan_costs",
        "cast_task", "play_land"),
    "rules.combat": (
        "_deals_now", "block_options", "block_requirements", "blockers_needed", "can_attack",
        "can_block", "cant_be_blocked_by", "check_blocks", "combat_damage",
        "has_first_strikers", "possible_attackers", "record_attackers"),
    "rules.conditions": (),
    "rules.cost_changes": ("generic_cut", "reduce_total", "reduced"),
    "rules.cost_parts": (),
    "rules.cost_parts_cards": (),
    "rules.costs": (),
    "rules.draw_triggers": (),
    "rules.effect": ("effects_value", "role_of"),
    "rules.enchanted_events": ("tap_permanent",),
    "rules.entering": (),
    "rules.filters": ("matches", "plan_of"),
    "rules.flagbearer": (),
    "rules.game_start": ("mulligan_task",),
    "rules.keyword_counters": ("counter_keywords",),
    "rules.layers": (
        "_active_statics", "_affected", "_layer_2_control", "_layers_4_5_types_and_colors",
        "_refresh_entered", "_refresh_printed", "_reset_to_printed", "ensure", "refresh",
        "static_amount"),
    "rules.mana": ("_solved", "can_pay", "can_pay_cost", "solve", "symbols_payable"),
    "rules.mana_helped": (),
    "rules.mana_sources": (
        "_find_mana_sources", "_mana_sources", "_source", "_sources_entered", "aura_mana",
        "mana_abilities_of", "triggered_mana"),
    "rules.mana_union": (),
    "rules.mana_units": (
        "_add_helped", "_dynamic_source", "_mana_units", "_units_apart", "_units_of",
        "mana_units", "units_unchanged"),
    "rules.payment": ("_activations", "pay_symbols", "total_cost", "units_without"),
    "rules.phyrexian": (),
    "rules.play_from_exile": (),
    "rules.priority_actions": (
        "_castable_from_hand", "_exile_casts", "_granted_elsewhere", "_graveyard_casts",
        "_hand_plan", "_idle", "_targets_a_spell", "_zone_activations"),
    "rules.refs": (),
    "rules.replacement": ("leave_battlefield", "source_keywords"),
    "rules.replacement_order": (),
    "rules.resolution": (
        "_begin_resolving", "_condition_checked", "_finish_resolving", "_made_untargeted",
        "_run_queue", "_targets_checked", "run_effect"),
    "rules.sagas": (),
    "rules.sba": (
        "_destroyed_by_damage", "_in_order", "_legendary_among", "_permanent_actions",
        "_permanent_checks", "_to_graveyards", "aura_legal"),
    "rules.spell_costs": ("reduction_of",),
    "rules.steps": (
        "_cleanup_finish", "_next_turn", "cleanup_task", "draw_task", "next_step",
        "turn_based_actions"),
    "rules.stun": ("untap_permanent",),
    "rules.targets": (
        "_candidates", "_source_colors", "_source_types", "can_enchant", "can_target_object",
        "expand_targets", "legal_targets", "target_options", "targets_available"),
    "rules.triggers": ("_recover", "_scan", "_triggered", "abilities_of", "with_triggers"),
    "rules.turn": ("_priority", "answer", "pass_priority", "step_machine", "take_action"),
    "rules.x_costs": ("has_x",),
    "rules.zones": (
        "_hand_counts", "_left_battlefield", "arrived", "draw_card", "new_object",
        "remove_from_combat", "remove_from_zone", "zone_list"),
    "state.ask": ("forced_answer", "validate"),
    "state.caches": (),
    "state.clone": ("_combat", "_delayed", "_objects", "_pending", "_player", "clone"),
    "state.derived": ("permanents",),
    "state.game_state": ("stop_bit",),
    "state.memo": ("memo_on",),
    "state.rng": ("next_u64", "randbelow", "shuffle"),
    "state.sight": (),
    "state.stats": (),
    "state.view": ("_known", "_library", "_other_hand", "player_view"),
}

# Names a module imports that stay module globals even if they become cpdef, never cimported:
# tests swap them (monkeypatch.setattr), which a C call would not see. tests/state/
# test_caches.py swaps rules.turn's legal_actions to compare each answer with a clone's;
# tests/jobs/test_jobs.py swaps game's advance to fail a game part-way;
# tests/players/test_priority_order.py swaps the search's step to see its rollouts' policies.
LOOKED_UP: dict[str, tuple[str, ...]] = {
    "rules.turn": ("legal_actions",),
    "game": ("advance",),
    "players.policies.search": ("step",),
}


class CSignature(NamedTuple):
    """C types of a cpdef function's declaration: its result, some of its parameters and
    some of its local variables (``@cython.locals``); all else stays a Python object."""

    result: str = ""
    params: Mapping[str, str] = {}
    locals: Mapping[str, str] = {}


# Declarations with C types, per module: the random generator's state, output and constants
# as 64-bit unsigned C integers, whose arithmetic wraps modulo 2**64 exactly as the Python
# code's masks make it (every state is below 2**64: each comes from seed_state or from these
# functions); the private constants are then C variables of the module, not attributes of it.
# tests/packaging/test_compiled.py compares both engines' streams.
C_VARIABLES: dict[str, str] = {"state.rng": "unsigned long long _MASK, _GOLDEN, _MIX1, _MIX2"}
C_TYPES: dict[str, dict[str, CSignature]] = {
    "state.rng": {
        "next_u64": CSignature("tuple", {"state": "unsigned long long"},
                               {"z": "cython.ulonglong"}),
        "randbelow": CSignature("tuple", {"state": "unsigned long long"},
                                {"z": "cython.ulonglong"}),
        "shuffle": CSignature("unsigned long long",
                              {"state": "unsigned long long", "items": "list"},
                              {"i": "cython.Py_ssize_t", "j": "cython.Py_ssize_t",
                               "z": "cython.ulonglong"}),
    },
}


class Declarations(NamedTuple):
    """A compiled module's generated ``.pxd``: its text, the cpdef functions it declares
    and the functions it cimports, as (module, function, the name it is imported as or "")."""

    module: str
    text: str
    cpdef: tuple[str, ...]
    cimports: tuple[tuple[str, str, str], ...]

    @property
    def cimported_modules(self) -> list[str]:
        """The modules whose builds this module's build calls into."""
        return sorted({module for module, _, _ in self.cimports})


class DeclarationError(ValueError):
    """The table names a function that cannot be declared cpdef as the source has it."""


def pxd_name(module: str) -> str:
    """The file a module's declarations are written to, under the directory Cython is given
    as its include path (``mtgsim/engine/rules/casting.pxd``: Cython finds it by the module's
    dotted name, in folders without an ``__init__``, as namespace packages)."""
    return module.replace(".", "/") + ".pxd"


def read_source(module: str) -> str:
    """A compiled module's source in the checkout."""
    from mtgsim.compiled import source_path

    return source_path(module).read_text(encoding="utf-8")


def generate(read: Callable[[str], str] = read_source,
             table: Mapping[str, tuple[str, ...]] = COMPILED,
             looked_up: Mapping[str, tuple[str, ...]] = LOOKED_UP) -> dict[str, Declarations]:
    """Every compiled module's declarations (full module name -> Declarations), from the
    sources ``read`` gives and the table; a module with nothing to declare has none."""
    import ast

    trees = {PREFIX + name: ast.parse(read(PREFIX + name)) for name in table}
    cpdef = {PREFIX + name: set(fns) for name, fns in table.items()}
    out = {}
    for name, tree in trees.items():
        short = name.removeprefix(PREFIX)
        functions = _cpdef_functions(name, tree, cpdef[name])
        cimports = _cimports(tree, cpdef, set(looked_up.get(short, ())))
        if functions or cimports or short in C_VARIABLES:
            lines = [*_header(name), *(_cimport_line(c) for c in cimports),
                     *_typed_prelude(short), *_cpdef_lines(short, functions)]
            out[name] = Declarations(name, "\n".join(lines) + "\n",
                                     tuple(fn.name for fn in functions), tuple(cimports))
    return out


def _header(name: str) -> list[str]:
    from mtgsim.compiled import ROOT, source_path

    where = source_path(name).relative_to(ROOT).as_posix()
    return [f"# Cython's declarations for {where}, generated by mtgsim/declarations.py from",
            "# its source and the table there at build time (scripts/compile_engine.py)."]


def _cpdef_functions(name: str, tree: ast.Module, names: set[str]) -> list[ast.FunctionDef]:
    """The module-level defs the table declares cpdef, in the source's order; an error for a
    name with no such def, or one Cython cannot declare cpdef."""
    import ast

    defs = [node for node in tree.body if isinstance(node, ast.FunctionDef)
            and node.name in names]
    missing = names - {fn.name for fn in defs}
    if missing:
        raise DeclarationError(f"{name}: no module-level def of {', '.join(sorted(missing))}")
    for fn in defs:
        problem = cpdef_problem(fn)
        if problem:
            raise DeclarationError(f"{name}.{fn.name}: {problem}, which a cpdef function "
                                   "cannot have")
    return defs


def cpdef_problem(fn: ast.FunctionDef) -> str:
    """Why a def cannot be declared cpdef as it is ("" if it can): a decorator, a parameter
    Cython cannot declare (keyword-only, positional-only, variadic), a closure (a lambda, a
    generator expression, a nested def or class, a yield)."""
    import ast

    args = fn.args
    if fn.decorator_list:
        return "a decorator"
    if args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs:
        return "a keyword-only, positional-only or variadic parameter"
    inner = sorted({type(n).__name__ for n in ast.walk(fn) if n is not fn and isinstance(
        n, ast.Lambda | ast.GeneratorExp | ast.FunctionDef | ast.AsyncFunctionDef
        | ast.ClassDef | ast.Yield | ast.YieldFrom)})
    return f"a closure ({', '.join(inner)})" if inner else ""


def _cimports(tree: ast.Module, cpdef: Mapping[str, set[str]],
              looked_up: set[str]) -> list[tuple[str, str, str]]:
    """The cpdef functions of other compiled modules this source imports at module level
    under their own name or an alias, in the source's order, but those ``looked_up``."""
    import ast

    out = []
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in cpdef:
            module = str(node.module)
            for alias in node.names:
                if alias.name in cpdef[module] and (alias.asname or alias.name) not in looked_up:
                    out.append((module, alias.name, alias.asname or ""))
    return out


def _cimport_line(cimport: tuple[str, str, str]) -> str:
    module, fn, alias = cimport
    return f"from {module} cimport {fn}" + (f" as {alias}" if alias else "")


def _typed_prelude(short: str) -> list[str]:
    """``cimport cython`` and the module's C variables, for a module with C types."""
    lines = ["cimport cython"] if short in C_TYPES else []
    if short in C_VARIABLES:
        lines.append(f"cdef {C_VARIABLES[short]}")
    return lines


def _cpdef_lines(short: str, functions: list[ast.FunctionDef]) -> list[str]:
    """One ``cpdef`` declaration per function, its parameters as the def has them: each an
    ``object`` (``object double``: a parameter may be named like a C type) unless C-typed,
    ``=*`` on those with a default (whose value stays the def's)."""
    types = C_TYPES.get(short, {})
    lines = []
    for fn in functions:
        sig = types.get(fn.name, CSignature())
        unknown = set(sig.params) - {a.arg for a in fn.args.args}
        if unknown:
            raise DeclarationError(f"{short}.{fn.name}: C types for no parameter "
                                   f"{', '.join(sorted(unknown))}")
        first_default = len(fn.args.args) - len(fn.args.defaults)
        params = [f"{sig.params.get(a.arg, 'object')} {a.arg}" + ("=*" if i >= first_default
                                                                  else "")
                  for i, a in enumerate(fn.args.args)]
        if sig.locals:
            lines.append("@cython.locals(" + ", ".join(
                f"{var}={ctype}" for var, ctype in sig.locals.items()) + ")")
        lines.append(f"cpdef {sig.result + ' ' if sig.result else ''}{fn.name}"
                     f"({', '.join(params)})")
    return lines
