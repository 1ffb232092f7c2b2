# Cython's declarations for engine/rules/casting.py, read only when the compiled engine is built
# (scripts/compile_engine.py; the interpreter never reads this file). The hot calls between
# the engine's functions become C calls instead of Python's call protocol (about 90
# instructions each): a function called in its own module or from another is declared
# cpdef here, and a module cimports those it calls from others (a compiled module loads
# only with the compiled builds of the modules it cimports from: mtgsim.compiled).
# Arguments and results stay Python objects; the Python functions are unchanged. A cpdef
# function may hold no closure (a lambda, a generator expression, a nested def):
# tests/packaging/test_compiled.py checks each declaration against its definition.
from mtgsim.engine.rules.activation cimport activators
from mtgsim.engine.rules.mana cimport can_pay
from mtgsim.engine.rules.mana cimport can_pay_cost
from mtgsim.engine.rules.payment cimport mana_units
from mtgsim.engine.rules.payment cimport pay_symbols
from mtgsim.engine.rules.payment cimport total_cost
from mtgsim.engine.rules.payment cimport units_unchanged
from mtgsim.engine.rules.payment cimport units_without
from mtgsim.engine.rules.spell_costs cimport reduction_of
from mtgsim.engine.rules.targets cimport legal_targets
from mtgsim.engine.rules.targets cimport targets_available
cpdef _hand_plan(state, player)
cpdef _castable_from_hand(state, player, sorcery_ok, plan=*)
cpdef spell_targets(card, mode)
cpdef _other_costs(card, alt)
cpdef _plan_costs(state, asker, task, obj, mode, units)
cpdef permission_costs(state, obj, alt)
cpdef spell_effects(card, mode)
cpdef _granted_elsewhere(state, player)
cpdef aura_target(card)
cpdef cast_task(state, task)
cpdef play_land(state, player, oid)
cpdef _idle(state, player, candidates)
cpdef expand_targets(specs, x)
cpdef _ask_mode(state, asker, task, obj)
cpdef _targets_a_spell(targets)
