/* Inline caches for the attribute reads and writes of the compiled engine, and a truth
 * test that answers for the built-in containers and ints without a call.
 *
 * scripts/compile_engine.py inserts this file into every C file Cython generates, after
 * Cython's declaration of __Pyx_PyObject_GetAttrStr, and points each attribute read the
 * module's code spells out (`state.stack`, `perm.tapped`, ...: a read site always of the
 * same interned name) at MTGSIM_GETATTR instead. Reads of a name given at run time
 * (getattr(obj, name)) keep Cython's read: a site here is keyed on the type alone.
 *
 * Why: the engine's state is msgspec Structs, whose fields are slots. The interpreter
 * reads a slot in a dozen instructions, through the inline cache of its specialised
 * LOAD_ATTR_SLOT; Cython's code has no such cache and asks the type for the name on every
 * read (PyObject_GenericGetAttr: the type's method cache, the member descriptor, its
 * getter), about 130 instructions, which measured 35% of a compiled heuristic game.
 *
 * What: each read site keeps the last type it saw and, when that type's attribute is an
 * object slot (a member descriptor of type T_OBJECT or T_OBJECT_EX, which is what a
 * msgspec field or a __slots__ entry is), the slot's offset. While an object of exactly
 * that type comes with the type unchanged (the same tp_version_tag: CPython sets it to 0
 * when a type or a base is modified, and never hands the same tag out again), the read is
 * the slot's pointer. Everything else, and an empty slot, goes the way it went before, so
 * a read gives the same object or raises the same error as without the cache. It is the
 * check CPython's own LOAD_ATTR_SLOT makes; the cache is per read site, like CPython's.
 * Only with GCC or Clang (a static variable per expansion needs their statement
 * expressions); other compilers keep Cython's read.
 *
 * The same goes for writes (MTGSIM_SETATTR, below) and, without a cache, for `if x:`
 * (MTGSIM_IS_TRUE) and `seq[i]` (MTGSIM_GETITEM, also `objects[oid]` on a dict): together
 * they took another 8% of a compiled heuristic game; and for method calls
 * (MTGSIM_CALL_METHOD). A read of a module's global (`sba.check`) keeps the value with the
 * version of the module's dict, in the read site's bytes, answered by the miss function so
 * that the inline part of every read stays as small as it was.
 */
#ifndef MTGSIM_ATTRIBUTE_CACHE_H
#define MTGSIM_ATTRIBUTE_CACHE_H

/* CPython 3.11 to 3.13 (what the project is tested on): the structures read here (a
 * type's version tag, a dict's ma_version_tag, member descriptors, the layout of a small
 * int) are the same in each but for the int's, which the helpers below read through the
 * API of each version. 3.14 removes ma_version_tag, so it keeps Cython's code until the
 * module entries are ported to its dict watchers. */
#if CYTHON_USE_TYPE_SLOTS && !CYTHON_COMPILING_IN_LIMITED_API && PY_VERSION_HEX < 0x030E0000 \
    && (defined(__GNUC__) || defined(__clang__))

/* In the binary of every module built with the caches (kept by `used`, though nothing
 * reads it): tests/packaging/test_attribute_cache.py looks for it, so that an interpreter
 * for which the condition above leaves the caches out is seen, not silently slower. */
static const char mtgsim_attribute_cache_on[] __attribute__((used)) =
    "mtgsim attribute cache on";

/* The member types and flags by their 3.12 names (descrobject.h, in Python.h); 3.11 has
 * them only in structmember.h, under the old names. */
#ifdef Py_T_OBJECT_EX
#define MTGSIM_T_OBJECT_EX Py_T_OBJECT_EX
#define MTGSIM_T_OBJECT _Py_T_OBJECT
#define MTGSIM_READONLY Py_READONLY
#define MTGSIM_READ_RESTRICTED Py_AUDIT_READ
#else
#include "structmember.h"
#define MTGSIM_T_OBJECT_EX T_OBJECT_EX
#define MTGSIM_T_OBJECT T_OBJECT
#define MTGSIM_READONLY READONLY
#define MTGSIM_READ_RESTRICTED READ_RESTRICTED
#endif

/* Whether a type's version tag is one (its cached attributes unchanged since it was given).
 * 3.11 and 3.12 also set Py_TPFLAGS_VALID_VERSION_TAG with it; 3.13 no longer sets that
 * flag at all (a tag is valid when it is not 0, and modifying a type sets it to 0 in each
 * version), and testing it there left every site empty: each read went to the miss, a
 * type lookup more than Cython's own read, and the compiled engine measured 34.7 M
 * instructions a heuristic game, slower than the interpreter. */
#if PY_VERSION_HEX >= 0x030D0000
#define MTGSIM_VERSION_VALID(tp) ((tp)->tp_version_tag != 0)
#else
#define MTGSIM_VERSION_VALID(tp) \
    (PyType_HasFeature((tp), Py_TPFLAGS_VALID_VERSION_TAG) && (tp)->tp_version_tag != 0)
#endif

/* Whether an exact int is small (one 30-bit digit, or zero), and its value then: the key
 * of the subscriptions below. Before 3.12 an int's ob_size is its sign times its number of
 * digits; from 3.12 on it is no size at all (lv_tag holds the sign and the count), and
 * "compact" (the unstable API CPython's own specialised instructions use) is the same
 * test. */
static CYTHON_INLINE int mtgsim_small_int(PyObject *key, Py_ssize_t *value) {
#if PY_VERSION_HEX >= 0x030C0000
    if (!PyUnstable_Long_IsCompact((PyLongObject *)key))
        return 0;
    *value = PyUnstable_Long_CompactValue((PyLongObject *)key);
    return 1;
#else
    Py_ssize_t digits = Py_SIZE(key);
    if (digits < -1 || digits > 1)
        return 0;
    *value = digits == 0 ? 0 : digits * (Py_ssize_t)((PyLongObject *)key)->ob_digit[0];
    return 1;
#endif
}

/* Whether an exact int is not zero (zero is the one small int whose value is 0; before
 * 3.12, the one int of size 0). */
static CYTHON_INLINE int mtgsim_int_is_true(PyObject *x) {
#if PY_VERSION_HEX >= 0x030C0000
    return !PyUnstable_Long_IsCompact((PyLongObject *)x)
        || PyUnstable_Long_CompactValue((PyLongObject *)x) != 0;
#else
    return Py_SIZE(x) != 0;
#endif
}

/* A read site's cache, or a write site's (below). Two more kinds of entry use the same
 * bytes, both marked in `type` so that the inline check never passes and the read goes to
 * mtgsim_getattr_miss, which answers them:
 * - a read of a module's global (`sba.check`: a module is no generic-getattr type, so no
 *   slot of it is cached): `type` is MTGSIM_MODULE_TAG, with the version of the module's
 *   dict when the value was read, and the value;
 * - a read of a name that is no slot of the type but an attribute of the type whose
 *   reading the generic read would give without looking at the object (a property or
 *   other data descriptor; or, for objects without an instance dict, a method, as in
 *   `d.get` before a call with a default, or a plain class attribute): `type` is the type
 *   with its lowest bit set (MTGSIM_DESCR_TAG), with its version and the attribute. */
typedef struct {
    PyTypeObject *type;    /* the type last seen here, or NULL (or a tag) */
    union {
        unsigned int version;       /* its tp_version_tag then (never 0) */
        PY_UINT64_T dict_version;   /* a module entry's */
    };
    union {
        Py_ssize_t offset;  /* its slot's offset, or -1: not a slot, read as before */
        PyObject *value;    /* a module entry's, or a descriptor entry's: borrowed, from
                               the module's dict or the type's (alive while the version
                               holds) */
    };
} mtgsim_attr_site;

#define MTGSIM_DESCR_TAG(tp) ((PyTypeObject *)((uintptr_t)(tp) | 1))

/* Point `site` at `name` as an object slot of `tp` (flags: the member flags that rule a
 * slot out), or at "not a slot" (offset -1); or leave it empty when the type has no
 * version tag, so nothing is cached. */
static void mtgsim_cache_slot(mtgsim_attr_site *site, PyTypeObject *tp, PyObject *name,
                              int flags) {
    PyObject *descr = _PyType_Lookup(tp, name); /* borrowed; assigns a version tag */
    site->type = NULL;
    if (!MTGSIM_VERSION_VALID(tp))
        return;
    site->type = tp;
    site->version = tp->tp_version_tag;
    site->offset = -1;
    /* a slot of the object's own layout: a member descriptor of a type in its MRO (one
       copied onto an unrelated class is left to member_get's TypeError) */
    if (descr != NULL && Py_TYPE(descr) == &PyMemberDescr_Type
            && PyType_IsSubtype(tp, PyDescr_TYPE(descr))) {
        PyMemberDef *member = ((PyMemberDescrObject *)descr)->d_member;
        if ((member->type == MTGSIM_T_OBJECT_EX || member->type == MTGSIM_T_OBJECT)
                && !(member->flags & flags))
            site->offset = member->offset;
    }
}

static char mtgsim_module_tag_;  /* its address marks a module entry */
#define MTGSIM_MODULE_TAG ((PyTypeObject *)&mtgsim_module_tag_)
/* a dict's version: a new one, from one counter, when it is made and at every change; so
 * a dict with the version an entry was read at is that dict, unchanged since. From 3.12 on
 * the field is deprecated (its low bits also mark the dict watchers watching it, and on
 * 3.13 count their changes; a change of those only makes a miss), and still set so. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static CYTHON_INLINE PY_UINT64_T mtgsim_dict_version(PyObject *dict) {
    return ((PyDictObject *)dict)->ma_version_tag;
}
#pragma GCC diagnostic pop
#define MTGSIM_DICT_VERSION(dict) mtgsim_dict_version(dict)

/* A module entry for `module.name`: what module_getattro gives for a name that the module
 * type has no attribute of and the module's dict holds (an exact module: a subclass may
 * have properties). Otherwise the site stays empty. */
static void mtgsim_cache_module(mtgsim_attr_site *site, PyObject *dict, PyObject *name) {
    PyObject *value;
    if (dict == NULL || !PyDict_CheckExact(dict) || _PyType_Lookup(&PyModule_Type, name) != NULL)
        return;
    value = PyDict_GetItemWithError(dict, name); /* borrowed */
    if (value == NULL) {
        PyErr_Clear(); /* (a str key: no error can come of it) */
        return;
    }
    site->type = MTGSIM_MODULE_TAG;
    site->dict_version = MTGSIM_DICT_VERSION(dict);
    site->value = value;
}

/* A descriptor entry for `name` of `tp` (just cached as "not a slot", so its version tag
 * is current), when PyObject_GenericGetAttr's answer for an object of `tp` depends only on
 * the type's attribute: a data descriptor's get (it comes before the instance dict), or,
 * when `tp`'s objects have no instance dict, a non-data descriptor's get or the attribute
 * itself. Otherwise the entry stays "not a slot". */
static void mtgsim_cache_descr(mtgsim_attr_site *site, PyTypeObject *tp, PyObject *name) {
    PyObject *descr = _PyType_Lookup(tp, name); /* borrowed */
    PyTypeObject *dtp;
    if (descr == NULL || tp->tp_version_tag != site->version)
        return;
    dtp = Py_TYPE(descr);
    if (!(dtp->tp_descr_get != NULL && dtp->tp_descr_set != NULL)
            && (tp->tp_dictoffset != 0 || PyType_HasFeature(tp, Py_TPFLAGS_MANAGED_DICT)))
        return;
    site->type = MTGSIM_DESCR_TAG(tp);
    site->value = descr;
}

static PyObject *mtgsim_getattr_miss(mtgsim_attr_site *site, PyObject *obj, PyObject *name) {
    PyTypeObject *tp = Py_TYPE(obj);
    if (tp == &PyModule_Type) {
        PyObject *dict = PyModule_GetDict(obj); /* borrowed */
        if (site->type == MTGSIM_MODULE_TAG && dict != NULL
                && MTGSIM_DICT_VERSION(dict) == site->dict_version) {
            Py_INCREF(site->value);
            return site->value;
        }
        site->type = NULL;
        mtgsim_cache_module(site, dict, name);
        return __Pyx_PyObject_GetAttrStr(obj, name);
    }
    if (site->type == MTGSIM_DESCR_TAG(tp) && tp->tp_version_tag == site->version) {
        PyObject *descr = site->value;
        descrgetfunc get = Py_TYPE(descr)->tp_descr_get;
        if (get != NULL)
            return get(descr, obj, (PyObject *)tp);
        Py_INCREF(descr);
        return descr;
    }
    site->type = NULL;
    if (tp->tp_getattro == PyObject_GenericGetAttr) {
        mtgsim_cache_slot(site, tp, name, MTGSIM_READ_RESTRICTED);
        if (site->type == tp && site->offset < 0)
            mtgsim_cache_descr(site, tp, name);
    }
    return __Pyx_PyObject_GetAttrStr(obj, name);
}

static CYTHON_INLINE PyObject *mtgsim_getattr(mtgsim_attr_site *site, PyObject *obj,
                                              PyObject *name) {
    PyTypeObject *tp = Py_TYPE(obj);
    if (likely(tp == site->type && tp->tp_version_tag == site->version)) {
        if (likely(site->offset >= 0)) {
            PyObject *value = *(PyObject **)((char *)obj + site->offset);
            if (likely(value != NULL)) {
                Py_INCREF(value);
                return value;
            }
        }
        return __Pyx_PyObject_GetAttrStr(obj, name);
    }
    return mtgsim_getattr_miss(site, obj, name);
}

#define MTGSIM_GETATTR(obj, name) __extension__ ({ \
    static mtgsim_attr_site mtgsim_site_; mtgsim_getattr(&mtgsim_site_, (obj), (name)); })

/* Writes, the same way: a site keeps the type and the offset of an object slot that is
 * writable (no READONLY), for types whose setattr is the generic one, or msgspec's default
 * Struct setattr, which is the generic one followed by tracking the struct by the garbage
 * collector once a value that the collector may track is stored in it (msgspec creates a
 * struct of atomic values untracked; the same rule as its Struct_setattro_default).
 * Deleting an attribute (value NULL), and everything else, goes through PyObject_SetAttr. */
typedef struct {
    mtgsim_attr_site slot; /* offset -1: not a writable slot of a type known here */
    int track;             /* msgspec's setattr: track the struct when a GC value comes */
} mtgsim_set_site;

/* msgspec.Struct's setattr (frozen=False, gc=True: its default), found once; NULL when
 * msgspec cannot be imported or has none */
static setattrofunc mtgsim_struct_setattro(void) {
    static int looked = 0;
    static setattrofunc found = NULL;
    if (!looked) {
        PyObject *type, *error_type, *error_value, *error_tb;
        looked = 1;
        PyErr_Fetch(&error_type, &error_value, &error_tb);
        PyObject *module = PyImport_ImportModule("msgspec");
        type = module == NULL ? NULL : PyObject_GetAttrString(module, "Struct");
        if (type != NULL && PyType_Check(type))
            found = ((PyTypeObject *)type)->tp_setattro;
        Py_XDECREF(type);
        Py_XDECREF(module);
        PyErr_Clear();
        PyErr_Restore(error_type, error_value, error_tb);
    }
    return found;
}

static int mtgsim_setattr_miss(mtgsim_set_site *site, PyObject *obj, PyObject *name,
                               PyObject *value) {
    PyTypeObject *tp = Py_TYPE(obj);
    site->slot.type = NULL;
    int generic = tp->tp_setattro == PyObject_GenericSetAttr;
    int track = !generic && tp->tp_setattro != NULL
        && tp->tp_setattro == mtgsim_struct_setattro() && PyType_IS_GC(tp);
    if (generic || track) {
        mtgsim_cache_slot(&site->slot, tp, name, MTGSIM_READONLY);
        site->track = track;
    }
    return PyObject_SetAttr(obj, name, value);
}

static CYTHON_INLINE int mtgsim_setattr(mtgsim_set_site *site, PyObject *obj, PyObject *name,
                                        PyObject *value) {
    PyTypeObject *tp = Py_TYPE(obj);
    if (likely(tp == site->slot.type && tp->tp_version_tag == site->slot.version)) {
        if (likely(site->slot.offset >= 0 && value != NULL)) {
            PyObject **slot = (PyObject **)((char *)obj + site->slot.offset);
            PyObject *old = *slot;
            Py_INCREF(value);
            *slot = value;
            Py_XDECREF(old);
            if (site->track && PyType_IS_GC(Py_TYPE(value))
                    && (!PyTuple_CheckExact(value) || PyObject_GC_IsTracked(value))
                    && !PyObject_GC_IsTracked(obj))
                PyObject_GC_Track(obj);
            return 0;
        }
        return PyObject_SetAttr(obj, name, value);
    }
    return mtgsim_setattr_miss(site, obj, name, value);
}

#define MTGSIM_SETATTR(obj, name, value) __extension__ ({ \
    static mtgsim_set_site mtgsim_site_; mtgsim_setattr(&mtgsim_site_, (obj), (name), (value)); })

/* The truth of an object: the exact built-in types whose truth is their size answered
 * here (what their nb_bool or length gives), everything else by PyObject_IsTrue. */
static CYTHON_INLINE int mtgsim_is_true(PyObject *x) {
    if (x == Py_True) return 1;
    if (x == Py_False || x == Py_None) return 0;
    PyTypeObject *tp = Py_TYPE(x);
    if (tp == &PyList_Type || tp == &PyTuple_Type)
        return Py_SIZE(x) != 0;
    if (tp == &PyLong_Type)
        return mtgsim_int_is_true(x);
    if (tp == &PyDict_Type) return ((PyDictObject *)x)->ma_used != 0;
    return PyObject_IsTrue(x);
}
#define MTGSIM_IS_TRUE(x) mtgsim_is_true(x)

/* Any other `obj[key]`: for an exact dict and an exact small int (an object id
 * into the state's objects) the lookup with the int's hash worked out here, as long_hash
 * gives it (the value; -1, the error value, is -2), without PyObject_GetItem's and
 * dict_subscript's dispatch; a missing key, and everything else, as PyObject_GetItem. */
static PyObject *mtgsim_getitem_other(PyObject *obj, PyObject *key) {
    if (Py_TYPE(obj) == &PyDict_Type && Py_TYPE(key) == &PyLong_Type) {
        Py_ssize_t v;
        if (mtgsim_small_int(key, &v)) {
            PyObject *value = _PyDict_GetItem_KnownHash(
                obj, key, v == -1 ? -2 : (Py_hash_t)v); /* borrowed */
            if (value != NULL) {
                Py_INCREF(value);
                return value;
            }
            if (PyErr_Occurred())
                return NULL;
        }
    }
    return PyObject_GetItem(obj, key);
}

/* `seq[i]` for an exact list or tuple and an exact int of one digit (what an index into
 * the state's lists is): the item, as list_subscript and tuplesubscript give it; every
 * other subscription, and an index out of range, goes to mtgsim_getitem_other. */
static CYTHON_INLINE PyObject *mtgsim_getitem(PyObject *obj, PyObject *key) {
    PyTypeObject *tp = Py_TYPE(obj);
    if (Py_TYPE(key) == &PyLong_Type && (tp == &PyList_Type || tp == &PyTuple_Type)) {
        Py_ssize_t i;
        if (mtgsim_small_int(key, &i)) {
            Py_ssize_t n = Py_SIZE(obj);
            if (i < 0)
                i += n;
            if (i >= 0 && i < n) {
                PyObject *item = tp == &PyList_Type ? PyList_GET_ITEM(obj, i)
                                                    : PyTuple_GET_ITEM(obj, i);
                Py_INCREF(item);
                return item;
            }
        }
    }
    return mtgsim_getitem_other(obj, key);
}
#define MTGSIM_GETITEM(obj, key) mtgsim_getitem(obj, key)

/* `obj.name(...)`: Cython calls PyObject_VectorcallMethod with obj as args[0], which looks
 * the name up on the type (and in the instance's dict) at every call. A site keeps the
 * last exact type and, when the name is a method descriptor of it (a function,
 * list.append, ...) and the type's objects have no instance dict that could hide it, the
 * descriptor; while the type is unchanged the call is the descriptor's, with obj as its
 * first argument, which is what PyObject_VectorcallMethod makes of it. The descriptor is
 * used only while the type's version says it is still the type's (so still alive). */
typedef struct {
    PyTypeObject *type;
    unsigned int version;
    PyObject *method;      /* borrowed from the type's dict, or NULL: call as before */
} mtgsim_method_site;

static PyObject *mtgsim_call_method_miss(mtgsim_method_site *site, PyObject *name,
                                         PyObject *const *args, size_t nargsf) {
    PyTypeObject *tp = Py_TYPE(args[0]);
    site->type = NULL;
    if (tp->tp_getattro == PyObject_GenericGetAttr && tp->tp_dictoffset == 0
            && !PyType_HasFeature(tp, Py_TPFLAGS_MANAGED_DICT)) {
        PyObject *descr = _PyType_Lookup(tp, name);
        if (MTGSIM_VERSION_VALID(tp)) {
            site->type = tp;
            site->version = tp->tp_version_tag;
            site->method = descr != NULL
                && PyType_HasFeature(Py_TYPE(descr), Py_TPFLAGS_METHOD_DESCRIPTOR)
                ? descr : NULL;
        }
    }
    return PyObject_VectorcallMethod(name, args, nargsf, NULL);
}

static CYTHON_INLINE PyObject *mtgsim_call_method(mtgsim_method_site *site, PyObject *name,
                                                  PyObject *const *args, size_t nargsf) {
    PyTypeObject *tp = Py_TYPE(args[0]);
    if (likely(tp == site->type && tp->tp_version_tag == site->version)) {
        if (likely(site->method != NULL))
            return PyObject_Vectorcall(site->method, args, nargsf, NULL);
        return PyObject_VectorcallMethod(name, args, nargsf, NULL);
    }
    return mtgsim_call_method_miss(site, name, args, nargsf);
}

#define MTGSIM_CALL_METHOD(name, args, nargsf) __extension__ ({ \
    static mtgsim_method_site mtgsim_site_; \
    mtgsim_call_method(&mtgsim_site_, (name), (args), (nargsf)); })

#else
#define MTGSIM_GETATTR(obj, name) __Pyx_PyObject_GetAttrStr(obj, name)
#define MTGSIM_SETATTR(obj, name, value) __Pyx_PyObject_SetAttrStr(obj, name, value)
#define MTGSIM_IS_TRUE(x) __Pyx_PyObject_IsTrue(x)
#define MTGSIM_GETITEM(obj, key) __Pyx_PyObject_GetItem(obj, key)
#define MTGSIM_CALL_METHOD(name, args, nargsf) __Pyx_PyObject_FastCallMethod(name, args, nargsf)
#endif

#endif /* MTGSIM_ATTRIBUTE_CACHE_H */
