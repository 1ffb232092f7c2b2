# Cython's declarations for engine/rules/payment.py, read only when the compiled engine is built
# (scripts/compile_engine.py; the interpreter never reads this file). The hot calls between
# the engine's functions become C calls instead of Python's call protocol (about 90
# instructions each): a function called in its own module or from another is declared
# cpdef here, and a module cimports those it calls from others (a compiled module loads
# only with the compiled builds of the modules it cimports from: mtgsim.compiled).
# Arguments and results stay Python objects; the Python functions are unchanged. A cpdef
# function may hold no closure (a lambda, a generator expression, a nested def):
# tests/packaging/test_compiled.py checks each declaration against its definition.
from mtgsim.engine.state.derived cimport permanents
from mtgsim.engine.rules.mana cimport solve
cpdef _source(o)
cpdef _mana_sources(state)
cpdef mana_units(state, player)
cpdef _units_of(state, units)
cpdef _mana_units(state, player)
cpdef mana_abilities_of(o)
cpdef _sources_entered(state, hit, key)
cpdef _find_mana_sources(state)
cpdef triggered_mana(state, obj)
cpdef aura_mana(state, land)
cpdef pay_symbols(state, player, symbols, generic, exclude=*)
cpdef total_cost(costs, x)
cpdef units_unchanged(state, player, entry)
cpdef units_without(state, player, used)
