# Cython's declarations for engine/rules/layers.py, read only when the compiled engine is built
# (scripts/compile_engine.py; the interpreter never reads this file). The hot calls between
# the engine's functions become C calls instead of Python's call protocol (about 90
# instructions each): a function called in its own module or from another is declared
# cpdef here, and a module cimports those it calls from others (a compiled module loads
# only with the compiled builds of the modules it cimports from: mtgsim.compiled).
# Arguments and results stay Python objects; the Python functions are unchanged. A cpdef
# function may hold no closure (a lambda, a generator expression, a nested def):
# tests/packaging/test_compiled.py checks each declaration against its definition.
cpdef _reset_to_printed(o, c)
cpdef _refresh_printed(perms, since)
cpdef _refresh_entered(state, entered)
cpdef _affected(state, st, src)
cpdef static_amount(state, amount, source)
cpdef _layers_4_5_types_and_colors(state, statics)
cpdef _layer_2_control(state, perms, statics, controllers_before)
cpdef _active_statics(state, layered_perms)
cpdef ensure(state)
cpdef refresh(state)
