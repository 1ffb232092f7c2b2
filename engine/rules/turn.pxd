# Cython's declarations for engine/rules/turn.py, read only when the compiled engine is built
# (scripts/compile_engine.py; the interpreter never reads this file). The hot calls between
# the engine's functions become C calls instead of Python's call protocol (about 90
# instructions each): a function called in its own module or from another is declared
# cpdef here, and a module cimports those it calls from others (a compiled module loads
# only with the compiled builds of the modules it cimports from: mtgsim.compiled).
# Arguments and results stay Python objects; the Python functions are unchanged. A cpdef
# function may hold no closure (a lambda, a generator expression, a nested def):
# tests/packaging/test_compiled.py checks each declaration against its definition.
from mtgsim.engine.state.ask cimport validate
from mtgsim.engine.rules.casting cimport cast_task
from mtgsim.engine.rules.casting cimport play_land
from mtgsim.engine.rules.combat cimport combat_damage
from mtgsim.engine.rules.combat cimport has_first_strikers
from mtgsim.engine.state.derived cimport permanents
from mtgsim.engine.rules.zones cimport draw_card
cpdef _priority(state)
cpdef pass_priority(state)
cpdef step_machine(state)
cpdef _turn_based_actions(state)
cpdef _next_step(state)
cpdef take_action(state, index)
cpdef cleanup_task(state, task)
cpdef draw_task(state, task)
cpdef _next_turn(state)
cpdef _cleanup_finish(state)
cpdef mulligan_task(state, task)
cpdef answer(state, value)
