# Cython's declarations for engine/state/rng.py, read only when the compiled engine is built
# (scripts/compile_engine.py; the interpreter never reads this file): splitmix64's state,
# output and constants as 64-bit unsigned C integers, whose arithmetic wraps modulo 2**64
# exactly as the Python code's masks make it (every state is below 2**64: each comes from
# seed_state or from these functions). The private constants are then C variables of the
# module, not attributes of it. tests/packaging/test_compiled.py compares both engines' streams.
cimport cython

cdef unsigned long long _MASK, _GOLDEN, _MIX1, _MIX2

@cython.locals(z=cython.ulonglong)
cpdef tuple next_u64(unsigned long long state)

@cython.locals(z=cython.ulonglong)
cpdef tuple randbelow(unsigned long long state, n)

@cython.locals(i=cython.Py_ssize_t, j=cython.Py_ssize_t, z=cython.ulonglong)
cpdef unsigned long long shuffle(unsigned long long state, list items)
