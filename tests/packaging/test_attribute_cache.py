"""The compiled engine's inline caches (scripts/attribute_cache.h, put into the generated C
by scripts/compile_engine.py): a compiled attribute read or write, truth test, subscription
or method call gives what the interpreter's gives, whatever the objects at a site and
whatever happens to their types.

The behaviour tests compile a probe module through the same build as the engine's modules
and compare each of its operations with the same module run by the interpreter.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import msgspec
import pytest
from modulefile import load_file
from test_compiled import CAN_BUILD

ROOT = Path(__file__).resolve().parents[2]


compile_engine = load_file("compile_engine", ROOT / "scripts" / "compile_engine.py")
# by its name, as when it runs: its Cython stage hands its functions to worker processes
sys.modules.setdefault("compile_engine", compile_engine)

# what the header puts into every binary built with the caches (its guard lets them in)
CACHE_ON = b"mtgsim attribute cache on"

# the probe: one read site per function, each given objects of many kinds
PROBE = '''
def read_x(obj):
    return obj.x


def read_y(obj):
    return obj.y


def read_x_twice(a, b):
    return a.x, b.x


def read_get(obj):
    return obj.get


def read_named(obj, name):
    return getattr(obj, name)


def write_x(obj, value):
    obj.x = value


def delete_x(obj):
    del obj.x


def write_start(obj, value):
    obj.start = value


def item(seq, index):
    return seq[index]


def call_m(obj):
    return obj.m(1)


def call_count(obj):
    return obj.count(1)


def truth(value):
    if value:
        return True
    return False
'''


class Slotted:
    __slots__ = ("x", "y")

    def __init__(self, x: object = None, y: object = None) -> None:
        if x is not None:
            self.x = x
        if y is not None:
            self.y = y


class SlottedChild(Slotted):
    __slots__ = ("z",)


class PropertyChild(Slotted):
    """x as a property: a data descriptor over the parent's slot."""

    __slots__ = ()

    @property  # type: ignore[override]
    def x(self) -> object:
        return "property"


class Plain:
    def __init__(self) -> None:
        self.x = "dict"
        self.y = "dict y"


class Dynamic:
    def __getattr__(self, name: str) -> object:
        return f"computed {name}"


class Stolen:
    """A class that holds another class's slot descriptor: reading it is a TypeError."""

    __slots__ = ("own",)  # where Slotted keeps x: a read through the descriptor must fail
    x = Slotted.__dict__["x"]

    def __init__(self) -> None:
        self.own = "not x"


class Fields(msgspec.Struct):
    x: object = "struct x"
    y: object = "struct y"


class Untracked(msgspec.Struct, gc=False):
    x: object = 0


class Frozen(msgspec.Struct, frozen=True):
    x: object = 0


class Guarded(msgspec.Struct):
    """A Struct with its own __setattr__: not msgspec's setattr any more."""

    x: object = 0

    def __setattr__(self, name: str, value: object) -> None:
        super().__setattr__(name, ("guarded", value))


def _fresh_slotted_class() -> type:
    class Mutable:
        __slots__ = ("x",)

        def __init__(self) -> None:
            self.x = "slot"
    return Mutable


@pytest.fixture(scope="module")
def probes(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, ModuleType]:
    """(the probe run by the interpreter, the probe compiled with the cache)."""
    if not CAN_BUILD:
        pytest.skip("no Cython or C compiler: the compiled engine is not built here")
    where = tmp_path_factory.mktemp("probe")
    source = where / "attribute_probe.py"
    source.write_text(PROBE, encoding="utf-8")
    compile_engine.compile_modules({"attribute_probe": source}, where / "build", 1, True,
                                   declarations=where / "pxd")  # the probe declares nothing
    built = list((where / "build" / "lib").glob("attribute_probe*"))
    assert len(built) == 1, "the probe did not build"
    generated = next((where / "build" / "c").rglob("*.c")).read_text(encoding="utf-8")
    for cached in ("MTGSIM_GETATTR(", "MTGSIM_SETATTR(", "MTGSIM_IS_TRUE(", "MTGSIM_GETITEM(",
                   "MTGSIM_CALL_METHOD("):  # each cache in use, or its tests test nothing
        assert cached in generated.split("#endif /* MTGSIM_ATTRIBUTE_CACHE_H */")[1], cached
    # the caches compiled in on this interpreter (3.11 to 3.13), not the header's fallback
    # to Cython's own code: its tests would pass on that too, and test nothing
    assert CACHE_ON in built[0].read_bytes(), f"no attribute cache on Python {sys.version}"
    compiled = load_file("attribute_probe", built[0])
    assert compiled.__file__ is not None and not compiled.__file__.endswith(".py")
    return load_file("attribute_probe_pure", source), compiled


def _outcome(fn: Callable[..., Any], *args: object) -> object:
    try:
        return ("value", fn(*args))
    except Exception as exc:  # noqa: BLE001 - the error is the outcome compared
        return ("error", type(exc), str(exc))


def _same(probes: tuple[ModuleType, ModuleType], fn: str, *args: object) -> object:
    pure, compiled = probes
    want = _outcome(getattr(pure, fn), *args)
    got = _outcome(getattr(compiled, fn), *args)
    assert got == want, (fn, args)
    return got


def test_reads_of_every_kind_of_object_at_one_site(probes: tuple[ModuleType, ModuleType]) -> None:
    objects: list[object] = [
        Slotted("a"), Slotted(), SlottedChild("child"), PropertyChild(), Plain(),
        Dynamic(), Stolen(), Fields(), Fields(x=3), 5, "text", None, Slotted("again")]
    for _ in range(2):
        for obj in objects:  # each read twice: the site has cached its type the second time
            for _ in range(2):
                _same(probes, "read_x", obj)
                _same(probes, "read_y", obj)
                _same(probes, "read_x_twice", obj, objects[0])
    assert _same(probes, "read_x", Slotted("a")) == ("value", "a")
    assert _same(probes, "read_x", PropertyChild()) == ("value", "property")
    assert _same(probes, "read_x", Slotted())[0] == "error"  # an empty slot
    assert _same(probes, "read_x", Stolen())[0] == "error"


def test_reads_of_module_globals(probes: tuple[ModuleType, ModuleType]) -> None:
    """A read site caches a module's global (``sba.check``) until the module's dict
    changes, and reads it again for another module or a changed dict."""
    mod = ModuleType("probe_globals")
    mod.x = 1
    other = ModuleType("probe_other")
    other.x = "other"
    for _ in range(3):
        assert _same(probes, "read_x", mod) == ("value", 1)
    mod.x = 2  # the dict changed: the value is read again
    assert _same(probes, "read_x", mod) == ("value", 2)
    mod.y = "added"  # another name: the dict's version moves on, the value stays
    assert _same(probes, "read_x", mod) == ("value", 2)
    for _ in range(2):  # two modules at one site
        assert _same(probes, "read_x", other) == ("value", "other")
        assert _same(probes, "read_x", mod) == ("value", 2)
    del mod.x
    assert _same(probes, "read_x", mod)[0] == "error"  # AttributeError, the same message
    mod.__getattr__ = lambda name: ("module getattr", name)  # type: ignore[method-assign]
    assert _same(probes, "read_x", mod) == ("value", ("module getattr", "x"))
    mod.x = 3
    assert _same(probes, "read_x", mod) == ("value", 3)

    class Subclass(ModuleType):  # not the module type itself: never cached
        @property
        def x(self) -> str:
            return "property"

    sub = Subclass("probe_sub")
    sub.__dict__["x"] = "shadowed"
    for _ in range(2):
        assert _same(probes, "read_x", sub) == ("value", "property")


class MethodX:
    __slots__ = ()

    def x(self) -> str:
        return "method"


class ConstantX:
    __slots__ = ()
    x = "class constant"


class ConstantWithDict:  # its objects have an instance dict, which may shadow x
    x = "class constant"


class PropertyWithDict:  # a data descriptor: it comes before the instance dict
    @property
    def x(self) -> str:
        return "property"


def test_reads_of_type_attributes(probes: tuple[ModuleType, ModuleType]) -> None:
    """A read of a name that is no slot but an attribute of the type (a method, a class
    constant, a property) answers from the cached attribute while the type is unchanged,
    and as the interpreter does when an instance dict could shadow it."""
    method = MethodX()
    for _ in range(3):
        assert _same(probes, "read_x", method) == ("value", method.x)  # a bound method
    for _ in range(3):
        assert _same(probes, "read_x", ConstantX()) == ("value", "class constant")
    ConstantX.x = "changed"  # the type changed: read again
    assert _same(probes, "read_x", ConstantX()) == ("value", "changed")
    shadowed = ConstantWithDict()
    for _ in range(2):
        assert _same(probes, "read_x", shadowed) == ("value", "class constant")
    shadowed.x = "instance"
    assert _same(probes, "read_x", shadowed) == ("value", "instance")
    prop = PropertyWithDict()
    prop.__dict__["x"] = "in the dict"
    for _ in range(3):
        assert _same(probes, "read_x", prop) == ("value", "property")
    PropertyWithDict.x = property(lambda self: "new property")  # type: ignore[assignment]
    assert _same(probes, "read_x", prop) == ("value", "new property")
    del PropertyWithDict.x  # now the instance dict answers
    assert _same(probes, "read_x", prop) == ("value", "in the dict")
    for obj in ({1: "one"}, {}, [], 5):  # dict.get before a call with a default
        for _ in range(2):
            assert _same(probes, "read_get", obj)[0] == ("value" if isinstance(obj, dict)
                                                         else "error")
    assert probes[1].read_get({1: "one"})(1, None) == "one"


def test_a_slot_emptied_after_it_was_read(probes: tuple[ModuleType, ModuleType]) -> None:
    obj = Slotted("a")
    assert _same(probes, "read_x", obj) == ("value", "a")
    del obj.x
    assert _same(probes, "read_x", obj)[0] == "error"
    obj.x = "b"
    assert _same(probes, "read_x", obj) == ("value", "b")


def test_a_type_changed_after_its_slot_was_cached(probes: tuple[ModuleType, ModuleType]) -> None:
    mutable = _fresh_slotted_class()
    obj = mutable()
    for _ in range(2):
        assert _same(probes, "read_x", obj) == ("value", "slot")
    mutable.x = property(lambda self: "replaced")  # type: ignore[attr-defined]
    assert _same(probes, "read_x", obj) == ("value", "replaced")


def test_a_base_changed_after_its_slot_was_cached(probes: tuple[ModuleType, ModuleType]) -> None:
    base = _fresh_slotted_class()
    child = type("Child", (base,), {"__slots__": ()})
    obj = child()
    for _ in range(2):
        assert _same(probes, "read_x", obj) == ("value", "slot")
    base.x = property(lambda self: "from the base")  # type: ignore[attr-defined]
    assert _same(probes, "read_x", obj) == ("value", "from the base")


def _writable() -> list[object]:
    """Fresh objects of every kind a write site may meet (msgspec makes a Struct of atomic
    values untracked by the garbage collector, which a write of a list must change)."""
    return [Slotted("a"), Slotted(), SlottedChild(), PropertyChild(), Plain(), Dynamic(),
            Stolen(), Fields(x=1, y=2), Fields(), Untracked(), Frozen(), Guarded(),
            slice(1, 2), 5, None]


def test_writes_of_every_kind_of_object_at_one_site(
        probes: tuple[ModuleType, ModuleType]) -> None:
    import gc

    pure, compiled = probes
    values: list[object] = [3, [1], (), ([],), "s", None, Fields()]
    for _ in range(2):
        for value in values:
            for want_obj, got_obj in zip(_writable(), _writable(), strict=True):
                for _ in range(2):  # the second write meets a site with its type cached
                    want = _outcome(pure.write_x, want_obj, value)
                    got = _outcome(compiled.write_x, got_obj, value)
                    assert got == want, (type(got_obj), value)
                    assert _outcome(pure.read_x, got_obj) == _outcome(pure.read_x, want_obj)
                    assert gc.is_tracked(got_obj) == gc.is_tracked(want_obj), \
                        (type(got_obj), value)
    fields = Fields(x=1, y=2)
    assert not gc.is_tracked(fields)
    compiled.write_x(fields, 2)
    assert not gc.is_tracked(fields)  # an atomic value: still untracked
    compiled.write_x(fields, [1])
    assert gc.is_tracked(fields) and fields.x == [1]


def test_a_read_only_slot_is_never_written(probes: tuple[ModuleType, ModuleType]) -> None:
    pure, compiled = probes
    for _ in range(3):  # slice.start: an object member flagged READONLY
        got, want = slice(1, 2), slice(1, 2)
        assert _outcome(compiled.write_start, got, 5) == _outcome(pure.write_start, want, 5)
        assert got.start == 1


def test_deleting_and_writing_again(probes: tuple[ModuleType, ModuleType]) -> None:
    pure, compiled = probes
    for make in (lambda: Slotted("a"), lambda: Fields(x=1)):
        want, got = make(), make()
        for step in ("write", "delete", "delete", "write", "write"):
            if step == "write":
                assert _outcome(compiled.write_x, got, 7) == _outcome(pure.write_x, want, 7)
            else:
                assert _outcome(compiled.delete_x, got) == _outcome(pure.delete_x, want)
            assert _outcome(pure.read_x, got) == _outcome(pure.read_x, want)


def test_a_type_changed_after_a_write_was_cached(
        probes: tuple[ModuleType, ModuleType]) -> None:
    _, compiled = probes
    mutable = _fresh_slotted_class()
    obj = mutable()
    for value in ("one", "two"):
        compiled.write_x(obj, value)
        assert obj.x == value
    written: list[object] = []
    mutable.x = property(lambda self: "property",  # type: ignore[attr-defined]
                         lambda self, value: written.append(value))
    compiled.write_x(obj, "three")
    assert written == ["three"]


def test_truth_of_every_kind_of_value(probes: tuple[ModuleType, ModuleType]) -> None:
    class Falsy:
        def __bool__(self) -> bool:
            return False

    class Sized(list[int]):
        def __bool__(self) -> bool:
            return True

    values: list[object] = [
        True, False, None, 0, 1, -1, 2**70, -(2**70), 0.0, 0.5, "", "a", [], [0], (), (0,),
        {}, {0: 0}, set(), {0}, frozenset(), b"", b"x", Falsy(), Sized(), Slotted(),
        Fields(), range(0), range(2)]
    for value in values:
        _same(probes, "truth", value)
    assert _same(probes, "truth", Sized()) == ("value", True)
    assert _same(probes, "truth", -(2**70)) == ("value", True)


def test_subscriptions_of_every_kind(probes: tuple[ModuleType, ModuleType]) -> None:
    class Listed(list[int]):
        def __getitem__(self, index: object) -> object:
            return ("own", index)

    class Missing(dict[int, str]):
        def __missing__(self, key: object) -> object:
            return ("missing", key)

    class EqRaises:  # hashes like an int (a one-digit int's hash is its value)
        def __init__(self, h: int) -> None:
            self.h = h

        def __hash__(self) -> int:
            return self.h

        def __eq__(self, other: object) -> bool:
            raise ValueError("no comparing")

    sequences: list[object] = [[], [1], [1, 2, 3], (), (4, 5), list(range(40)), "abc",
                               {0: "zero", 1: "one", -1: "minus"}, Listed([1, 2]), range(3),
                               b"xy", 5, None,
                               # dicts: -1 and -2 hash alike, 1.0 and True equal 1
                               {-2: "m2", -1: "m1", 2**30 - 1: "big", 2**30: "bigger"},
                               {1.0: "float"}, {True: "true", False: "false"},
                               Missing({3: "three"}), {EqRaises(1): "raises"}]
    indices: list[object] = [0, 1, 2, -1, -2, -3, -4, 3, 39, 40, 2**30 - 1, 2**30, 2**40,
                             -(2**30), -(2**40), True, False, 1.0, "0", slice(0, 2), None]
    for seq in sequences:
        for index in indices:
            _same(probes, "item", seq, index)
    assert _same(probes, "item", [7, 8, 9], -1) == ("value", 9)
    assert _same(probes, "item", (7, 8), -3)[0] == "error"
    assert _same(probes, "item", Listed([1]), 0) == ("value", ("own", 0))
    assert _same(probes, "item", {-2: "m2", -1: "m1"}, -1) == ("value", "m1")
    assert _same(probes, "item", {1.0: "float"}, 1) == ("value", "float")
    assert _same(probes, "item", {0: "zero"}, 1)[0] == "error"  # KeyError
    assert _same(probes, "item", Missing({}), 1) == ("value", ("missing", 1))
    assert _same(probes, "item", {EqRaises(1): "raises"}, 1)[0] == "error"  # ValueError


class WithMethod:
    __slots__ = ("own",)

    def m(self, n: int) -> object:
        return ("method", n)


class OverridesMethod(WithMethod):
    __slots__ = ()

    def m(self, n: int) -> object:
        return ("override", n)


class StaticAndClass:
    __slots__ = ()
    m = staticmethod(lambda n: ("static", n))


class ClassMethod:
    __slots__ = ()

    @classmethod
    def m(cls, n: int) -> object:
        return ("class", cls.__name__, n)


class Shadowed:
    """An instance attribute of the method's name: found before the class's method."""

    def __init__(self) -> None:
        self.m = lambda n: ("instance", n)

    def m(self, n: int) -> object:  # type: ignore[no-redef]
        return ("method", n)


class StructMethod(msgspec.Struct):
    x: int = 0

    def m(self, n: int) -> object:
        return ("struct", self.x, n)


class CallableSlot:
    __slots__ = ("m",)

    def __init__(self) -> None:
        self.m = lambda n: ("slot", n)


def test_method_calls_of_every_kind(probes: tuple[ModuleType, ModuleType]) -> None:
    objects: list[object] = [WithMethod(), OverridesMethod(), StaticAndClass(), ClassMethod(),
                             Shadowed(), StructMethod(x=4), CallableSlot(), Slotted(), 5]
    for _ in range(2):
        for obj in objects:
            for _ in range(2):
                _same(probes, "call_m", obj)
    for seq in ([1, 1, 2], (1, 3), "a1", b"1", {1: 2}, [[1]]):
        for _ in range(2):
            _same(probes, "call_count", seq)
    assert _same(probes, "call_m", Shadowed()) == ("value", ("instance", 1))
    assert _same(probes, "call_m", StructMethod(x=4)) == ("value", ("struct", 4, 1))


def test_a_method_replaced_after_it_was_cached(probes: tuple[ModuleType, ModuleType]) -> None:
    _, compiled = probes

    class Replaceable:
        __slots__ = ()

        def m(self, n: int) -> object:
            return ("first", n)

    obj = Replaceable()
    for _ in range(2):
        assert compiled.call_m(obj) == ("first", 1)
    Replaceable.m = lambda self, n: ("second", n)  # type: ignore[method-assign]
    assert compiled.call_m(obj) == ("second", 1)
    del Replaceable.m
    with pytest.raises(AttributeError):
        compiled.call_m(obj)


def test_names_given_at_run_time_are_not_cached(probes: tuple[ModuleType, ModuleType]) -> None:
    obj = Slotted("x value", "y value")
    for name in ("x", "y", "x", "missing", "y"):
        _same(probes, "read_named", obj, name)
    assert _same(probes, "read_named", obj, "y") == ("value", "y value")


def test_only_reads_of_named_constants_are_rewritten(tmp_path: Path) -> None:
    c_file = tmp_path / "m.c"
    c_file.write_text(
        "/* PyObjectGetAttrStr.proto (used by X) */\n#if CYTHON_USE_TYPE_SLOTS\n"
        "static CYTHON_INLINE PyObject* __Pyx_PyObject_GetAttrStr(PyObject* obj, "
        "PyObject* attr_name);\n#endif\n"
        "  t1 = __Pyx_PyObject_GetAttrStr(__pyx_v_state, __pyx_mstate_global->__pyx_n_u_stack);"
        " if (unlikely(!t1)) goto err;\n"
        "  t2 = __Pyx_PyObject_GetAttrStr(((PyObject *)__pyx_v_self), "
        "__pyx_mstate_global->__pyx_n_u_x);\n"
        "    return __Pyx_PyObject_GetAttrStr(o, n);\n"
        "static CYTHON_INLINE PyObject* __Pyx_PyObject_GetAttrStr(PyObject* obj, "
        "PyObject* attr_name) {\n", encoding="utf-8")
    assert compile_engine.add_attribute_cache(c_file)
    once = c_file.read_text(encoding="utf-8")
    assert "MTGSIM_GETATTR(__pyx_v_state, __pyx_mstate_global->__pyx_n_u_stack);" in once
    assert "MTGSIM_GETATTR(((PyObject *)__pyx_v_self), __pyx_mstate_global->__pyx_n_u_x)" in once
    assert "return __Pyx_PyObject_GetAttrStr(o, n);" in once  # a name given at run time
    assert once.count("static CYTHON_INLINE PyObject* __Pyx_PyObject_GetAttrStr(") == 2
    assert compile_engine.add_attribute_cache(c_file)  # a second pass changes nothing
    assert c_file.read_text(encoding="utf-8") == once
    plain = tmp_path / "none.c"
    plain.write_text("int f(void) { return 0; }\n", encoding="utf-8")
    assert not compile_engine.add_attribute_cache(plain)


def test_the_engine_build_used_the_cache_it_has_now() -> None:
    from mtgsim.compiled import BUILD_DIR, CompiledFinder

    finder = CompiledFinder.from_build(BUILD_DIR)
    if not CAN_BUILD:
        pytest.skip("no Cython or C compiler: the compiled engine is not built here")
    assert finder is not None, "no compiled engine: run `make compiled`"
    assert finder.attribute_cache == compile_engine.attribute_cache_digest(), \
        "built with another attribute cache: run `make compiled`"
    for name in ("mtgsim.engine.rules.turn", "mtgsim.engine.players.policies.heuristic"):
        assert CACHE_ON in finder.binary(name).read_bytes(), \
            f"{name} was built without the attribute cache on Python {sys.version}"


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__]))
