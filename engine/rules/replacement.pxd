# Cython's declarations for engine/rules/replacement.py, read only when the compiled engine is built
# (scripts/compile_engine.py; the interpreter never reads this file). The hot calls between
# the engine's functions become C calls instead of Python's call protocol (about 90
# instructions each): a function called in its own module or from another is declared
# cpdef here, and a module cimports those it calls from others (a compiled module loads
# only with the compiled builds of the modules it cimports from: mtgsim.compiled).
# Arguments and results stay Python objects; the Python functions are unchanged. A cpdef
# function may hold no closure (a lambda, a generator expression, a nested def):
# tests/packaging/test_compiled.py checks each declaration against its definition.
from mtgsim.engine.rules.zones cimport arrived
from mtgsim.engine.rules.zones cimport draw_card
cpdef source_keywords(source)
cpdef prepare_enter(state, card, controller, asker)
cpdef leave_battlefield(state, obj, zone, sacrificed=*, asker=*)
cpdef _choose_color(state, card, controller, asker)
