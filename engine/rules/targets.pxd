# Cython's declarations for engine/rules/targets.py, read only when the compiled engine is built
# (scripts/compile_engine.py; the interpreter never reads this file). The hot calls between
# the engine's functions become C calls instead of Python's call protocol (about 90
# instructions each): a function called in its own module or from another is declared
# cpdef here, and a module cimports those it calls from others (a compiled module loads
# only with the compiled builds of the modules it cimports from: mtgsim.compiled).
# Arguments and results stay Python objects; the Python functions are unchanged. A cpdef
# function may hold no closure (a lambda, a generator expression, a nested def):
# tests/packaging/test_compiled.py checks each declaration against its definition.
from mtgsim.engine.state.derived cimport permanents
from mtgsim.engine.rules.filters cimport matches
from mtgsim.engine.rules.filters cimport plan_of
cpdef _candidates(state, spec, controller, source, spell, first=*, skip=*)
cpdef can_target_object(state, obj, controller, source_colors, source_types=*)
cpdef _source_types(state, source)
cpdef _source_colors(state, source, spell=*)
cpdef can_enchant(state, card, aura, controller, target)
cpdef legal_targets(state, spec, controller, source, chosen=*, spell=*)
cpdef targets_available(state, specs, controller, source, spell=*)
