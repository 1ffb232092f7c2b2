# Cython's declarations for engine/players/policies/combat_ai.py, read only when the compiled engine is built
# (scripts/compile_engine.py; the interpreter never reads this file). The hot calls between
# the engine's functions become C calls instead of Python's call protocol (about 90
# instructions each): a function called in its own module or from another is declared
# cpdef here, and a module cimports those it calls from others (a compiled module loads
# only with the compiled builds of the modules it cimports from: mtgsim.compiled).
# Arguments and results stay Python objects; the Python functions are unchanged. A cpdef
# function may hold no closure (a lambda, a generator expression, a nested def):
# tests/packaging/test_compiled.py checks each declaration against its definition.
# (`double` is a C type to Cython: declared as an object argument of that name)
from mtgsim.engine.rules.combat cimport blockers_needed
from mtgsim.engine.rules.combat cimport can_block
from mtgsim.engine.state.derived cimport permanents
from mtgsim.engine.rules.effect cimport role_of
from mtgsim.engine.rules.triggers cimport with_triggers
from mtgsim.engine.players.worth cimport combat_kw
from mtgsim.engine.players.worth cimport creatures_of
from mtgsim.engine.players.worth cimport leaves_at_end
from mtgsim.engine.players.worth cimport value
cpdef _lethal(power, kw, dst, toughness)
cpdef damage_of(o)
cpdef fight(a, b, a_bonus=*, b_bonus=*)
cpdef _pair_gain(state, a, b, risk, shield, w, bonus=*, object double=*)
cpdef pump_in_hand(state, me)
cpdef _alone_bonus(state, me)
cpdef _safe_attackers(state, mine, useful, always, blockers, beatdown, w, cache, able_of)
cpdef has_annihilator(o)
