# Cython's declarations for engine/players/policies/targeting.py, read only when the compiled engine is built
# (scripts/compile_engine.py; the interpreter never reads this file). The hot calls between
# the engine's functions become C calls instead of Python's call protocol (about 90
# instructions each): a function called in its own module or from another is declared
# cpdef here, and a module cimports those it calls from others (a compiled module loads
# only with the compiled builds of the modules it cimports from: mtgsim.compiled).
# Arguments and results stay Python objects; the Python functions are unchanged. A cpdef
# function may hold no closure (a lambda, a generator expression, a nested def):
# tests/packaging/test_compiled.py checks each declaration against its definition.
from mtgsim.engine.rules.effect cimport effects_value
from mtgsim.engine.players.worth cimport is_creature
from mtgsim.engine.players.worth cimport value
