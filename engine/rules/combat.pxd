# Cython's declarations for engine/rules/combat.py, read only when the compiled engine is built
# (scripts/compile_engine.py; the interpreter never reads this file). The hot calls between
# the engine's functions become C calls instead of Python's call protocol (about 90
# instructions each): a function called in its own module or from another is declared
# cpdef here, and a module cimports those it calls from others (a compiled module loads
# only with the compiled builds of the modules it cimports from: mtgsim.compiled).
# Arguments and results stay Python objects; the Python functions are unchanged. A cpdef
# function may hold no closure (a lambda, a generator expression, a nested def):
# tests/packaging/test_compiled.py checks each declaration against its definition.
from mtgsim.engine.state.derived cimport permanents
from mtgsim.engine.rules.layers cimport ensure
cpdef can_attack(state, o)
cpdef can_block(state, blocker, attacker)
cpdef cant_be_blocked_by(state, blocker, attacker)
cpdef possible_attackers(state, player)
cpdef _deals_now(o, first_step, combat)
cpdef block_options(state)
cpdef block_requirements(state, pairs)
cpdef record_attackers(state, attackers)
cpdef check_blocks(state, chosen)
cpdef blockers_needed(o)
cpdef combat_damage(state, first_step)
cpdef has_first_strikers(state)
