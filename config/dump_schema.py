#!/usr/bin/env python3
"""Write a compilemode schema file (config/schema/FORMAT.md) for one PyTorch release.

Usage:
  python3 config/dump_schema.py [-o FILE]
      Live: import the torch on this Python and print what it really does:
      torch.__version__, torch._inductor.list_mode_options(), every key of
      torch._inductor.config.get_config_copy() with its default, repr, type and
      str(config.get_type(key)), and the environment rule of each key, read from the
      config module's own source. "evidence": "measured". Needs torch, no network;
      prints nothing but errors. When variables that config reads are set, it runs
      itself again without them, so the defaults are those of a clean environment
      (made_by names the variables).

  python3 config/dump_schema.py --from-dumps DIR [-o FILE]
      Build the file from the dumps a real torch printed (torch_defaults.json,
      torch_facts.json, torch_env_effects.json in DIR, e.g. shared/torch/2.11), then
      re-simulate every environment rule on "1", "0" and "abc" and compare with
      torch_env_effects.json; print the mismatches and exit 1 if there are any.

  python3 config/dump_schema.py --from-source DIR --version X.Y.Z [--made-by TEXT] [-o FILE]
      Read a release's files without importing torch: DIR/torch/_inductor/config.py,
      DIR/torch/_inductor/__init__.py and, when present,
      DIR/torch/_inductor/custom_graph_pass.py (its type aliases). Keys follow
      install_config_module; defaults are evaluated with an empty environment on a
      Linux, non-fbcode, non-ROCm build; every rule is checked against the
      interpreted source on "1", "0" and "abc". "evidence": "source". TEXT (where the
      files came from) starts made_by; the assumptions follow it.

Output (stdout unless -o): one JSON object, json.dumps(indent=1), keys in
get_config_copy() order, env_var_names sorted. Python 3.9+, standard library only
(plus torch in live mode).
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import json
import math
import os
import re
import sys

FORMAT = "compilemode-schema/1"
SCRIPT = "config/dump_schema.py"
SCRIPT_VERSION = "1"
PROBES = ("1", "0", "abc")  # the values torch_env_effects.json was measured with
CONFIG_TYPES = (int, float, bool, type(None), str, list, set, tuple, dict)


# ---------------------------------------------------------------------------------
# Value encoding (FORMAT.md "Value encoding")


def encode(v, top=True):
    """Encode a Python value as FORMAT.md says."""
    if v is None or isinstance(v, (bool, str)):
        return v
    if isinstance(v, int):
        return v
    if isinstance(v, float):
        return v if math.isfinite(v) else {"repr": repr(v)}
    if isinstance(v, list):
        return [encode(x, False) for x in v]
    if isinstance(v, tuple):
        items = [encode(x, False) for x in v]
        return items if top else {"tuple": items}
    if isinstance(v, dict) and all(isinstance(k, str) for k in v):
        return {k: encode(x, False) for k, x in v.items()}
    return {"repr": repr(v)}


def dumps(obj):
    return json.dumps(obj, indent=1) + "\n"


# ---------------------------------------------------------------------------------
# Environment rules: what each kind computes (FORMAT.md "Environment rules")


class EnvFailure(Exception):
    """The import of the config module fails; text is 'Exception: message'."""

    def __init__(self, text):
        super().__init__(text)
        self.text = text


def _chain(env, names, unset):
    for n in names:
        if n in env:
            return env[n]
    return unset


def _read_env_variable(env, name):
    v = env.get(name)
    if v == "1":
        return True
    if v == "0":
        return False
    return v


def _py(fn, *args):
    try:
        return fn(*args)
    except Exception as e:  # the exception Python raises is the measured fact
        raise EnvFailure(f"{type(e).__name__}: {e}")


def simulate(rule, env, default):
    """The value a key gets at import under env, by its rule; raises EnvFailure.

    default is the key's value in a clean environment (used where the rule falls back
    to it). Host-dependent fallbacks return default unchanged."""
    kind = rule["kind"]
    names = rule.get("vars", [])
    unset = rule.get("unset")
    v = _chain(env, names, unset)
    if kind in ("none", "opaque"):
        return default
    if kind == "eq":
        return v == rule["equals"]
    if kind == "ne":
        return v != rule["equals"]
    if kind == "in":
        return v in rule["values"]
    if kind == "any_eq":
        return any(env.get(n, unset) == rule["equals"] for n in names)
    if kind == "str":
        if v is None:
            return None
        return v.upper() if rule.get("upper") else v
    if kind == "str_map":
        return rule["map"].get(v, v) if v is not None else None
    if kind == "int":
        return None if v is None else _py(int, v)
    if kind == "int_or_none":
        if v is None or v.lower() in rule["none_words"]:
            return None
        return _py(int, v)
    if kind == "float":
        return None if v is None else _py(float, v)
    if kind == "int_tuple":
        return tuple(_py(int, x) for x in v.split(","))
    if kind == "none_str_tuple":
        return (None, v)
    if kind in ("read_env", "force"):
        for n in names:
            r = _read_env_variable(env, n)
            if r is not None:
                return r
        for n in rule.get("default_vars", []):
            r = _read_env_variable(env, n)
            if r is not None:
                return r
        return default
    if kind == "tristate":
        return True if v == "1" else False if v == "0" else default
    if kind == "choice":
        if v not in rule["choices"]:
            raise EnvFailure("AssertionError: " + rule["error"].replace("{value}", str(v)))
        return v
    if kind == "one_of":
        return v if v in rule["choices"] else rule["fallback"]
    if kind == "split_contains":
        return rule["then"] if rule["item"] in v.split(rule["sep"]) else rule["else"]
    if kind == "path":
        if v is None:
            return default
        return os.path.realpath(v)
    if kind == "host_int":
        return default if v is None else _py(int, v)
    if kind == "host_str":
        return default if v is None else v
    raise ValueError(f"unknown rule kind {kind!r}")


def rule_vars(rule):
    return list(rule.get("vars", [])) + list(rule.get("default_vars", []))


# The kinds whose fallback is computed on the host; their "host" text says how.
HOST_TEXT = {
    "host_int": "min(32, CPUs usable by the process) with {var} unset; 1 on Windows; None in fbcode",
    "path": "os.path.realpath of a path inside the torch installation (<torch>/../third_party/cutlass/) with {var} unset",
    "host_str": "a path inside the torch installation (<torch>/../third_party/cutlass/, made absolute) with {var} unset",
    "none_str_tuple": "(None, 'g++') with {var} unset ('clang++' on macOS); (None, <{var}>) when it is set",
}


def host_text(rule):
    t = HOST_TEXT.get(rule["kind"])
    if t is None:
        return ""
    if rule["kind"] == "path" and rule.get("unset") == "":
        return "os.path.realpath('') with {var} unset: the working directory at import".format(var=rule["vars"][0])
    return t.format(var=rule["vars"][0])


# ---------------------------------------------------------------------------------
# A small interpreter for the config module's source: enough Python to run the
# module body (assignments, classes, ifs, helper functions) under a chosen
# environment, with everything host-dependent kept as Unknown.


class Unknown:
    """A value the interpreter cannot know without the host (or does not model)."""

    __slots__ = ("text",)

    def __init__(self, text=""):
        self.text = text

    def __repr__(self):
        return f"<unknown {self.text}>"


class PyRaise(Exception):
    """An exception the interpreted code raises."""

    def __init__(self, text):
        super().__init__(text)
        self.text = text


class Env:
    """os.environ as the interpreted code sees it; records the names it reads."""

    def __init__(self, values):
        self.values = dict(values)
        self.reads = []

    def _read(self, name):
        self.reads.append(name)

    def get(self, name, default=None):
        if isinstance(name, Unknown):
            return Unknown("os.environ.get")
        self._read(name)
        return self.values.get(name, default)

    def getitem(self, name):
        self._read(name)
        if name not in self.values:
            raise PyRaise(f"KeyError: {name!r}")
        return self.values[name]

    def contains(self, name):
        self._read(name)
        return name in self.values


class Func:
    """A function defined in the interpreted module."""

    def __init__(self, node, module):
        self.node = node
        self.module = module
        self.name = node.name


class Builtin:
    """A name whose behaviour the interpreter knows (is_fbcode, Config, ...)."""

    def __init__(self, name):
        self.name = name


class ConfigObj:
    """torch.utils._config_module.Config(...) as written in config.py."""

    def __init__(self, kw):
        self.default = kw.get("default", Unknown("unset Config default"))
        self.justknob = kw.get("justknob")
        self.alias = kw.get("alias")
        self.value_type = kw.get("value_type")

        def lst(x):
            if x is None:
                return []
            return [x] if isinstance(x, str) else list(x)

        self.env_default = lst(kw.get("env_name_default"))
        self.env_force = lst(kw.get("env_name_force"))

    def value(self, env):
        """The value get_config_copy() reports with no user override."""
        for n in self.env_force:
            r = _read_env_variable(env, n)
            if r is not None:
                return r
        for n in self.env_default:
            r = _read_env_variable(env, n)
            if r is not None:
                return r
        return self.default


class Space:
    """A module or class namespace: bindings in first-binding order."""

    def __init__(self, prefix, module=None):
        self.prefix = prefix
        self.module = module or self  # the module space (globals)
        self.values = {}  # name -> Binding
        self.annotations = {}  # name -> annotation node
        self.inherited = set()  # names copied by inherit_fields_from


class Binding:
    """One name of a namespace: its value in this run and how it was computed."""

    __slots__ = ("value", "node", "space", "reads")

    def __init__(self, value, node, space, reads):
        self.value = value
        self.node = node  # value expression (None for imports, classes, defs)
        self.space = space  # the Frame node is evaluated in
        self.reads = reads  # env names read while evaluating node


class ClassSpace(Space):
    pass


class Frame:
    """Name lookup: locals (function), then class body, then module, then builtins."""

    def __init__(self, module, klass=None, local=None):
        self.module = module
        self.klass = klass
        self.local = local

    def binding(self, name):
        if self.local is not None and name in self.local:
            return None
        if self.klass is not None and name in self.klass.values:
            return self.klass.values[name]
        return self.module.values.get(name)

    def lookup(self, name):
        if self.local is not None and name in self.local:
            return self.local[name]
        if self.klass is not None and name in self.klass.values:
            return self.klass.values[name].value
        if name in self.module.values:
            return self.module.values[name].value
        if name in BUILTINS:
            return BUILTINS[name]
        return Unknown(name)


class _Return(Exception):
    def __init__(self, value):
        self.value = value


BUILTINS = {
    "True": True, "False": False, "None": None,
    "int": int, "float": float, "str": str, "bool": bool, "tuple": tuple, "list": list,
    "dict": dict, "set": set, "frozenset": frozenset, "len": len, "min": min, "max": max,
    "abs": abs, "any": any, "all": all, "sorted": sorted, "range": range,
    "isinstance": Builtin("isinstance"), "hasattr": Builtin("hasattr"),
    "getattr": Builtin("getattr"), "AssertionError": AssertionError,
    "ValueError": ValueError, "RuntimeError": RuntimeError, "KeyError": KeyError,
    "ImportError": ImportError,
}

KNOWN_IMPORTS = {
    # (module, name) -> what the interpreter uses for it
    ("typing", "TYPE_CHECKING"): False,
    ("torch._environment", "is_fbcode"): Builtin("is_fbcode"),
    ("torch.utils._config_module", "Config"): Builtin("Config"),
    ("torch.utils._config_module", "get_tristate_env"): Builtin("get_tristate_env"),
    ("torch.utils._config_module", "install_config_module"): Builtin("install_config_module"),
    ("torch.utils._config_module", "inherit_fields_from"): Builtin("inherit_fields_from"),
    ("typing", "cast"): Builtin("cast"),
}


class Imported:
    """A module or a name from an import statement (skipped as a config key)."""

    def __init__(self, module, name=None):
        self.module = module
        self.name = name


class Interp:
    """Runs a config.py body under one environment."""

    def __init__(self, tree, source, torch_version, env):
        self.tree = tree
        self.source = source
        self.torch_version = torch_version
        self.env = Env(env)
        self.platform = "linux"

    # -- expressions ---------------------------------------------------------------

    def ev(self, node, fr):
        m = getattr(self, "ev_" + type(node).__name__, None)
        if m is None:
            return Unknown(type(node).__name__)
        return m(node, fr)

    def ev_Constant(self, node, fr):
        return node.value

    def ev_Name(self, node, fr):
        b = fr.binding(node.id)
        if b is not None and b.reads:
            # a name bound from the environment carries that dependence along
            self.env.reads.extend(b.reads)
        return fr.lookup(node.id)

    def ev_Attribute(self, node, fr):
        dotted = dotted_name(node)
        if dotted == "os.environ":
            return self.env
        if dotted == "sys.platform":
            return self.platform
        if dotted == "torch.version.hip":
            return None
        if dotted == "torch.__version__":
            return self.torch_version
        if dotted == "os.sep":
            return "/"
        base = self.ev(node.value, fr)
        if isinstance(base, Unknown) or isinstance(base, Imported):
            return Unknown(dotted or node.attr)
        if isinstance(base, ClassSpace):
            b = base.values.get(node.attr)
            return b.value if b else Unknown(node.attr)
        if isinstance(base, (str, list, tuple, dict)):
            try:
                return getattr(base, node.attr)
            except AttributeError:
                return Unknown(node.attr)
        if isinstance(base, Env):
            return BoundEnv(base, node.attr)
        return Unknown(node.attr)

    def ev_Tuple(self, node, fr):
        return tuple(self.ev(e, fr) for e in node.elts)

    def ev_List(self, node, fr):
        return [self.ev(e, fr) for e in node.elts]

    def ev_Set(self, node, fr):
        vals = [self.ev(e, fr) for e in node.elts]
        if any(isinstance(v, Unknown) for v in vals):
            return Unknown("set")
        return set(vals)

    def ev_Dict(self, node, fr):
        out = {}
        for k, v in zip(node.keys, node.values):
            if k is None:
                return Unknown("dict unpack")
            kk = self.ev(k, fr)
            if isinstance(kk, Unknown):
                return Unknown("dict key")
            out[kk] = self.ev(v, fr)
        return out

    def ev_JoinedStr(self, node, fr):
        parts = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                parts.append(v.value)
            else:
                x = self.ev(v.value, fr)
                if isinstance(x, Unknown):
                    return Unknown("f-string")
                parts.append(str(x) if v.conversion in (-1, 115) else repr(x))
        return "".join(parts)

    def ev_UnaryOp(self, node, fr):
        x = self.ev(node.operand, fr)
        if isinstance(x, Unknown):
            return x
        if isinstance(node.op, ast.Not):
            return not x
        if isinstance(node.op, ast.USub):
            return -x
        if isinstance(node.op, ast.UAdd):
            return +x
        return Unknown("unary")

    BINOPS = {
        ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
        ast.Div: lambda a, b: a / b, ast.FloorDiv: lambda a, b: a // b, ast.Mod: lambda a, b: a % b,
        ast.Pow: lambda a, b: a ** b, ast.BitOr: lambda a, b: a | b, ast.BitAnd: lambda a, b: a & b,
        ast.LShift: lambda a, b: a << b,
    }

    def ev_BinOp(self, node, fr):
        a = self.ev(node.left, fr)
        b = self.ev(node.right, fr)
        if isinstance(a, Unknown) or isinstance(b, Unknown):
            return Unknown("binop")
        f = self.BINOPS.get(type(node.op))
        if f is None:
            return Unknown("binop")
        try:
            return f(a, b)
        except Exception:
            return Unknown("binop")

    def ev_BoolOp(self, node, fr):
        is_and = isinstance(node.op, ast.And)
        v = None
        for e in node.values:
            v = self.ev(e, fr)
            if isinstance(v, Unknown):
                return v
            if is_and and not v:
                return v
            if not is_and and v:
                return v
        return v

    def ev_Compare(self, node, fr):
        left = self.ev(node.left, fr)
        for op, right_node in zip(node.ops, node.comparators):
            right = self.ev(right_node, fr)
            if isinstance(op, (ast.In, ast.NotIn)) and isinstance(right, Env):
                if isinstance(left, Unknown):
                    return Unknown("in environ")
                r = right.contains(left)
                r = r if isinstance(op, ast.In) else not r
            elif isinstance(left, Unknown) or isinstance(right, Unknown):
                return Unknown("compare")
            else:
                try:
                    r = {
                        ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b,
                        ast.Lt: lambda a, b: a < b, ast.LtE: lambda a, b: a <= b,
                        ast.Gt: lambda a, b: a > b, ast.GtE: lambda a, b: a >= b,
                        ast.Is: lambda a, b: a is b, ast.IsNot: lambda a, b: a is not b,
                        ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
                    }[type(op)](left, right)
                except Exception:
                    return Unknown("compare")
            if not r:
                return False
            left = right
        return True

    def ev_IfExp(self, node, fr):
        t = self.ev(node.test, fr)
        if isinstance(t, Unknown):
            return Unknown("ifexp")
        return self.ev(node.body if t else node.orelse, fr)

    def ev_Subscript(self, node, fr):
        base = self.ev(node.value, fr)
        sl = node.slice
        if isinstance(sl, ast.Index):  # Python 3.8
            sl = sl.value
        idx = self.ev(sl, fr)
        if isinstance(base, Env):
            return base.getitem(idx)
        if isinstance(base, Unknown) or isinstance(idx, Unknown):
            return Unknown("subscript")
        try:
            return base[idx]
        except Exception:
            return Unknown("subscript")

    def _comp(self, node, fr):
        gens = node.generators
        if len(gens) != 1 or gens[0].is_async:
            return Unknown("comprehension")
        g = gens[0]
        it = self.ev(g.iter, fr)
        if isinstance(it, Unknown) or not isinstance(g.target, ast.Name):
            return Unknown("comprehension")
        out = []
        local = dict(fr.local or {})
        inner = Frame(fr.module, None, local)
        for x in it:
            local[g.target.id] = x
            if all(self.ev(c, inner) is True for c in g.ifs):
                out.append(self.ev(node.elt, inner))
        return out

    def ev_GeneratorExp(self, node, fr):
        r = self._comp(node, fr)
        return r if isinstance(r, Unknown) else GenValues(r)

    def ev_ListComp(self, node, fr):
        return self._comp(node, fr)

    def ev_Call(self, node, fr):
        func = self.ev(node.func, fr)
        args = []
        for a in node.args:
            if isinstance(a, ast.Starred):
                return Unknown("starred")
            args.append(self.ev(a, fr))
        kw = {}
        for k in node.keywords:
            if k.arg is None:
                return Unknown("kwargs")
            kw[k.arg] = self.ev(k.value, fr)
        return self.call(func, args, kw, node, fr)

    def call(self, func, args, kw, node, fr):
        dotted = dotted_name(node.func) if node is not None else ""
        if dotted in ("os.environ.get", "os.getenv"):
            name = args[0] if args else kw.get("key")
            default = args[1] if len(args) > 1 else kw.get("default")
            return self.env.get(name, default)
        if dotted.startswith("os.path."):
            fn_name = dotted[len("os.path."):]
            fn = getattr(os.path, fn_name, None)
            if fn is None or any(isinstance(a, Unknown) for a in args):
                return Unknown(dotted)
            if fn_name in ("realpath", "abspath") and args and not os.path.isabs(str(args[0])):
                return Unknown(dotted)  # relative to the working directory at import
            return fn(*args)
        if isinstance(func, BoundEnv):
            if func.attr == "get":
                return func.env.get(*args)
            return Unknown("environ." + func.attr)
        if isinstance(func, Builtin):
            return self.call_builtin(func.name, args, kw)
        if isinstance(func, Func):
            if func.name == "is_fbcode":
                return False  # 2.2's own is_fbcode(): a release build is not fbcode
            return self.call_func(func, args, kw)
        if isinstance(func, type) and func in (AssertionError, ValueError, RuntimeError, KeyError, ImportError):
            return func(*args)
        if callable(func) and not isinstance(func, (Unknown, Imported, ClassSpace)):
            vals = [list(a.values) if isinstance(a, GenValues) else a for a in args]
            flat = [y for x in vals for y in (x if isinstance(x, list) else [x])] + list(kw.values())
            if any(isinstance(x, Unknown) for x in flat):
                return Unknown("call")
            try:
                return func(*vals, **kw)
            except Exception as e:
                if func in (int, float) or getattr(func, "__name__", "") in ("split", "upper", "lower", "join"):
                    raise PyRaise(f"{type(e).__name__}: {e}")
                return Unknown("call")
        return Unknown(dotted or "call")

    def call_builtin(self, name, args, kw):
        if name == "is_fbcode":
            return False
        if name == "cast":
            return args[1]
        if name == "get_tristate_env":
            n = args[0]
            default = args[1] if len(args) > 1 else kw.get("default")
            v = self.env.get(n)
            return True if v == "1" else False if v == "0" else default
        if name == "Config":
            return ConfigObj(kw)
        if name == "inherit_fields_from":
            return ("inherit", args[0])
        return Unknown(name)

    def call_func(self, f, args, kw):
        fd = f.node
        local = {}
        params = [a.arg for a in fd.args.args]
        defaults = fd.args.defaults
        fr0 = Frame(f.module)
        for i, p in enumerate(params):
            if i < len(args):
                local[p] = args[i]
            elif p in kw:
                local[p] = kw[p]
            else:
                j = i - (len(params) - len(defaults))
                local[p] = self.ev(defaults[j], fr0) if j >= 0 else Unknown(p)
        for a in fd.args.kwonlyargs:
            local[a.arg] = kw.get(a.arg, Unknown(a.arg))
        fr = Frame(f.module, None, local)
        try:
            self.exec_body(fd.body, fr, None)
        except _Return as r:
            return r.value
        return None

    # -- statements ----------------------------------------------------------------

    def exec_body(self, body, fr, space):
        for st in body:
            self.exec_stmt(st, fr, space)

    def bind(self, space, fr, name, value, node, reads):
        if space is None:
            fr.local[name] = value
            return
        if name in space.values:
            b = space.values[name]
            b.value, b.node, b.space, b.reads = value, node, fr, reads
        else:
            space.values[name] = Binding(value, node, fr, reads)

    def eval_recording(self, node, fr):
        start = len(self.env.reads)
        v = self.ev(node, fr)
        return v, list(dict.fromkeys(self.env.reads[start:]))

    def exec_stmt(self, st, fr, space):
        if isinstance(st, (ast.Import, ast.ImportFrom)):
            for a in st.names:
                if a.name == "*":
                    continue
                if isinstance(st, ast.Import):
                    name = a.asname or a.name.split(".")[0]
                    val = Imported(a.name)
                else:
                    mod = ("." * st.level) + (st.module or "")
                    name = a.asname or a.name
                    val = KNOWN_IMPORTS.get((mod, a.name), Imported(mod, a.name))
                self.bind(space, fr, name, val, None, [])
        elif isinstance(st, ast.FunctionDef):
            self.bind(space, fr, st.name, Func(st, fr.module), None, [])
        elif isinstance(st, ast.AsyncFunctionDef):
            self.bind(space, fr, st.name, Unknown("async def"), None, [])
        elif isinstance(st, ast.ClassDef):
            self.exec_class(st, fr, space)
        elif isinstance(st, ast.Assign):
            v, reads = self.eval_recording(st.value, fr)
            for t in st.targets:
                if isinstance(t, ast.Name):
                    self.bind(space, fr, t.id, v, st.value, reads)
        elif isinstance(st, ast.AnnAssign):
            if isinstance(st.target, ast.Name):
                if space is not None:
                    space.annotations[st.target.id] = st.annotation
                if st.value is not None:
                    v, reads = self.eval_recording(st.value, fr)
                    self.bind(space, fr, st.target.id, v, st.value, reads)
        elif isinstance(st, ast.AugAssign):
            if isinstance(st.target, ast.Name):
                cur = fr.lookup(st.target.id) if space is None else (
                    space.values[st.target.id].value if st.target.id in space.values else Unknown(""))
                rhs, reads = self.eval_recording(st.value, fr)
                f = self.BINOPS.get(type(st.op))
                v = Unknown("augassign")
                if f and not isinstance(cur, Unknown) and not isinstance(rhs, Unknown):
                    v = f(cur, rhs)
                self.bind(space, fr, st.target.id, v, st.value, reads)
        elif isinstance(st, ast.If):
            t = self.ev(st.test, fr)
            if isinstance(t, Unknown):
                if space is None:
                    raise _Return(Unknown("if"))  # a helper's result depends on the host
                for node in ast.walk(ast.Module(body=st.body + st.orelse, type_ignores=[])):
                    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                        self.bind(space, fr, node.id, Unknown("if"), None, [])
                return
            self.exec_body(st.body if t else st.orelse, fr, space)
        elif isinstance(st, ast.Try):
            try:
                self.exec_body(st.body, fr, space)
            except PyRaise:
                if st.handlers:
                    self.exec_body(st.handlers[0].body, fr, space)
                else:
                    raise
            else:
                self.exec_body(st.orelse, fr, space)
            self.exec_body(st.finalbody, fr, space)
        elif isinstance(st, ast.Return):
            raise _Return(self.ev(st.value, fr) if st.value is not None else None)
        elif isinstance(st, ast.Raise):
            exc = self.ev(st.exc, fr) if st.exc is not None else Unknown("raise")
            if isinstance(exc, BaseException):
                raise PyRaise(f"{type(exc).__name__}: {exc}")
            # a raise the interpreter cannot evaluate: give up on this function
            raise _Return(Unknown("raise"))
        elif isinstance(st, ast.Assert):
            t = self.ev(st.test, fr)
            if t is False or (not isinstance(t, Unknown) and not t):
                msg = self.ev(st.msg, fr) if st.msg is not None else ""
                raise PyRaise(f"AssertionError: {msg}" if msg != "" else "AssertionError")
        elif isinstance(st, ast.Delete):
            for t in st.targets:
                if isinstance(t, ast.Name):
                    if space is not None:
                        space.values.pop(t.id, None)
                    elif fr.local is not None:
                        fr.local.pop(t.id, None)
        # Expr (docstrings, calls such as install_config_module), Pass: nothing to do

    def exec_class(self, st, fr, space):
        cs = ClassSpace((space.prefix if space else "") + st.name + ".", fr.module)
        cfr = Frame(fr.module, cs)
        self.exec_body(st.body, cfr, cs)
        for dec in st.decorator_list:
            d = self.ev(dec, fr)
            if isinstance(d, tuple) and len(d) == 2 and d[0] == "inherit":
                base = d[1]
                if isinstance(base, ClassSpace):
                    # torch.utils._config_module.inherit_fields_from: copy the parent's
                    # public class attributes the child does not define, in order,
                    # without their annotations.
                    for k, b in base.values.items():
                        if not k.startswith("_") and k not in cs.values:
                            cs.values[k] = b
                            cs.inherited.add(k)
        self.bind(space, fr, st.name, cs, None, [])

    def run(self):
        mod = Space("")
        self.module_space = mod
        self.exec_body(self.tree.body, Frame(mod, None), mod)
        return mod


class BoundEnv:
    def __init__(self, env, attr):
        self.env = env
        self.attr = attr


class GenValues:
    """A generator expression's values (the interpreter keeps them as a list)."""

    def __init__(self, values):
        self.values = values

    def __iter__(self):
        return iter(self.values)


_LINES = {}


def segment_text(source, node):
    """ast.get_source_segment without re-splitting the source each time."""
    if node is None or not hasattr(node, "end_lineno"):
        return ""
    lines = _LINES.get(id(source))
    if lines is None or lines[0] is not source:
        lines = (source, source.splitlines(True))
        _LINES[id(source)] = lines
    ls = lines[1][node.lineno - 1:node.end_lineno]
    if not ls:
        return ""
    if len(ls) == 1:
        return ls[0].encode()[node.col_offset:node.end_col_offset].decode()
    first = ls[0].encode()[node.col_offset:].decode()
    last = ls[-1].encode()[:node.end_col_offset].decode()
    return "".join([first] + ls[1:-1] + [last])


def dotted_name(node):
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return ""


# ---------------------------------------------------------------------------------
# install_config_module: which bindings become keys, in get_config_copy() order


class KeyInfo:
    def __init__(self, key, binding, annotation, space, inherited):
        self.key = key
        self.binding = binding
        self.annotation = annotation  # None for inherited fields (annotations not copied)
        self.space = space
        self.inherited = inherited


def collect_keys(space, prefix=""):
    """Mirror install_config_module's visit(): skip dunders, modules, functions, typing
    names and imported names; recurse into classes defined in the module; Config
    entries with an alias are in _config but not in get_config_copy()."""
    out = []
    for name, b in space.values.items():
        if name.startswith("__"):
            continue
        v = b.value
        if isinstance(v, (Imported, Func, Builtin)):
            continue
        if isinstance(v, ClassSpace):
            out.extend(collect_keys(v, prefix + name + "."))
            continue
        if isinstance(v, ConfigObj) and v.alias is not None:
            continue
        ann = None if name in getattr(space, "inherited", ()) else space.annotations.get(name)
        out.append(KeyInfo(prefix + name, b, ann, space, name in getattr(space, "inherited", ())))
    return out


def key_values(keys, env):
    """get_config_copy() under env for the interpreted module."""
    out = {}
    for k in keys:
        v = k.binding.value
        if isinstance(v, ConfigObj):
            v = v.value(env)
        out[k.key] = v
    return out


def interpret(tree, source, version, env):
    """(keys, values) of the module under env, or raises PyRaise (import error)."""
    it = Interp(tree, source, version, env)
    mod = it.run()
    keys = collect_keys(mod)
    return it, mod, keys, key_values(keys, env)


def scan_env_names(tree):
    """String literals the source passes to os.environ.get / os.getenv / os.environ[...]
    / `in os.environ` / get_tristate_env / Config(env_name_*=...), anywhere."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            d = dotted_name(node.func)
            if d in ("os.environ.get", "os.getenv", "get_tristate_env") and node.args:
                a = node.args[0]
                if isinstance(a, ast.Constant) and isinstance(a.value, str):
                    names.add(a.value)
            if d == "Config":
                for k in node.keywords:
                    if k.arg in ("env_name_default", "env_name_force"):
                        vals = k.value.elts if isinstance(k.value, (ast.List, ast.Tuple)) else [k.value]
                        for x in vals:
                            if isinstance(x, ast.Constant) and isinstance(x.value, str):
                                names.add(x.value)
        elif isinstance(node, ast.Subscript) and dotted_name(node.value) == "os.environ":
            s = node.slice.value if isinstance(node.slice, getattr(ast, "Index", ())) else node.slice
            if isinstance(s, ast.Constant) and isinstance(s.value, str):
                names.add(s.value)
        elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn)):
            if dotted_name(node.comparators[0]) == "os.environ" and isinstance(node.left, ast.Constant):
                if isinstance(node.left.value, str):
                    names.add(node.left.value)
    return names


# ---------------------------------------------------------------------------------
# Classifying a key's default expression into an environment rule


class EnvStr:
    """os.environ.get chain: the first set variable of vars, else unset."""

    def __init__(self, names, unset):
        self.vars = list(names)
        self.unset = unset  # str, None, int, or Unknown (host-dependent)


class EnvSplit:
    def __init__(self, s, sep):
        self.s = s
        self.sep = sep


class EnvIsNone:
    def __init__(self, s, negate):
        self.s = s
        self.negate = negate


class Const:
    def __init__(self, value):
        self.value = value


def _str_unset(u):
    """unset as FORMAT.md writes it (a string or null); False when not representable."""
    if u is None or isinstance(u, str):
        return u
    if isinstance(u, int) and not isinstance(u, bool):
        return str(u)
    return False


def _mk(kind, s, **extra):
    rule = {"kind": kind, "vars": list(s.vars), "unset": None}
    rule.update(extra)
    return rule


class Classifier:
    """Turns default expressions into rules. Works on the clean-environment run of the
    interpreter (for constants) and on the AST (for what reads the environment)."""

    def __init__(self, interp):
        self.it = interp
        self.memo = {}

    def sym_name(self, name, fr):
        if fr.local is not None and name in fr.local:
            v = fr.local[name]
            return v if isinstance(v, (EnvStr, EnvSplit, EnvIsNone, dict, Const)) else Const(v)
        for sp in (fr.klass, fr.module):
            if sp is not None and name in sp.values:
                b = sp.values[name]
                if not b.reads or b.node is None:
                    return Const(b.value)
                key = id(b)
                if key not in self.memo:
                    self.memo[key] = None  # break cycles
                    self.memo[key] = self.sym(b.node, b.space)
                return self.memo[key]
        if name in BUILTINS:
            return Const(BUILTINS[name])
        return None

    def const(self, node, fr):
        """Evaluate node if it reads no environment variable."""
        saved = list(self.it.env.reads)
        saved_vals = self.it.env.values
        self.it.env.values = {}
        try:
            v = self.it.ev(node, fr)
        except PyRaise:
            v = Unknown("raise")
        finally:
            reads = self.it.env.reads[len(saved):]
            self.it.env.reads = saved
            self.it.env.values = saved_vals
        return None if reads else Const(v)

    def sym(self, node, fr):
        """A symbolic value: Const, EnvStr, EnvSplit, EnvIsNone, a rule dict, or None."""
        c = self.const(node, fr)
        if c is not None and not isinstance(node, ast.Name):
            return c
        m = getattr(self, "s_" + type(node).__name__, None)
        return m(node, fr) if m else None

    def s_Name(self, node, fr):
        return self.sym_name(node.id, fr)

    def s_Call(self, node, fr):
        d = dotted_name(node.func)
        args = node.args
        if d in ("os.environ.get", "os.getenv"):
            if not args or not isinstance(args[0], ast.Constant):
                return None
            name = args[0].value
            dflt = args[1] if len(args) > 1 else None
            for k in node.keywords:
                if k.arg == "default":
                    dflt = k.value
            if dflt is None:
                return EnvStr([name], None)
            ds = self.sym(dflt, fr)
            if isinstance(ds, Const):
                return EnvStr([name], ds.value)
            if isinstance(ds, EnvStr):
                return EnvStr([name] + ds.vars, ds.unset)
            return None
        if d in ("int", "float") and len(args) == 1:
            s = self.sym(args[0], fr)
            if isinstance(s, EnvStr):
                u = _str_unset(s.unset)
                if u is False:
                    return None
                r = _mk(d, s)
                r["unset"] = u
                return r
            return None
        if d == "cast" and len(args) == 2:
            return self.sym(args[1], fr)
        if d == "os.path.realpath" and len(args) == 1:
            s = self.sym(args[0], fr)
            if isinstance(s, EnvStr):
                r = _mk("path", s)
                if isinstance(s.unset, str):
                    r["unset"] = s.unset
                return r
            if isinstance(s, dict) and s["kind"] == "host_str":
                return dict(s, kind="path")
            return None
        if d == "tuple" and len(args) == 1 and isinstance(args[0], ast.GeneratorExp):
            g = args[0]
            gen = g.generators[0]
            if (len(g.generators) == 1 and isinstance(g.elt, ast.Call) and dotted_name(g.elt.func) == "int"
                    and len(g.elt.args) == 1 and isinstance(g.elt.args[0], ast.Name)
                    and isinstance(gen.target, ast.Name) and g.elt.args[0].id == gen.target.id and not gen.ifs):
                sp = self.sym(gen.iter, fr)
                if isinstance(sp, EnvSplit) and sp.sep == "," and isinstance(_str_unset(sp.s.unset), str):
                    r = _mk("int_tuple", sp.s)
                    r["unset"] = sp.s.unset
                    return r
            return None
        if isinstance(node.func, ast.Attribute):
            meth = node.func.attr
            if meth == "join" and isinstance(node.func.value, ast.Constant) and node.func.value.value == ",":
                # ",".join(str(v) for v in T) with T an int_tuple rule reads as T's own
                # variables: int() then str() only normalises each part.
                if len(args) == 1 and isinstance(args[0], ast.GeneratorExp):
                    g = args[0]
                    if isinstance(g.elt, ast.Call) and dotted_name(g.elt.func) == "str":
                        t = self.sym(g.generators[0].iter, fr)
                        if isinstance(t, dict) and t["kind"] == "int_tuple":
                            return EnvStr(t["vars"], t["unset"])
                return None
            base = self.sym(node.func.value, fr)
            if isinstance(base, EnvStr):
                if meth == "upper" and not args and isinstance(_str_unset(base.unset), (str, type(None))):
                    r = _mk("str", base)
                    r["unset"] = base.unset
                    r["upper"] = True
                    return r
                if meth == "split" and len(args) == 1 and isinstance(args[0], ast.Constant):
                    return EnvSplit(base, args[0].value)
            return None
        if d == "get_tristate_env":
            if args and isinstance(args[0], ast.Constant):
                return {"kind": "tristate", "vars": [args[0].value], "unset": None}
            return None
        f = self.it.module_space.values.get(d)
        if f is not None and isinstance(f.value, Func):
            return self.helper(f.value, node, fr)
        return None

    def s_Compare(self, node, fr):
        if len(node.ops) != 1:
            return None
        op = node.ops[0]
        left = self.sym(node.left, fr)
        right = self.sym(node.comparators[0], fr)
        if isinstance(left, Const) and isinstance(right, (EnvStr,)) and isinstance(op, (ast.Eq, ast.NotEq)):
            left, right = right, left
        if isinstance(left, EnvStr) and isinstance(right, Const):
            u = _str_unset(left.unset)
            if u is False:
                return None
            if isinstance(op, (ast.Eq, ast.NotEq)) and isinstance(right.value, str):
                r = _mk("eq" if isinstance(op, ast.Eq) else "ne", left, equals=right.value)
                r["unset"] = u
                return r
            if isinstance(op, ast.In) and isinstance(right.value, (tuple, list)):
                if all(x is None or isinstance(x, str) for x in right.value):
                    r = _mk("in", left, values=list(right.value))
                    r["unset"] = u
                    return r
            if isinstance(op, (ast.Is, ast.IsNot)) and right.value is None:
                return EnvIsNone(left, isinstance(op, ast.IsNot))
        if isinstance(left, Const) and isinstance(right, EnvSplit) and isinstance(op, ast.In):
            if isinstance(left.value, str) and isinstance(_str_unset(right.s.unset), str):
                r = _mk("split_contains", right.s, item=left.value, sep=right.sep, then=True)
                r["else"] = False
                r["unset"] = right.s.unset
                return r
        return None

    def s_BoolOp(self, node, fr):
        if not isinstance(node.op, ast.Or):
            return None
        parts = [self.sym(v, fr) for v in node.values]
        if all(isinstance(p, dict) and p["kind"] == "eq" and len(p["vars"]) == 1 for p in parts):
            if len({p["equals"] for p in parts}) == 1 and len({p["unset"] for p in parts}) == 1:
                return {"kind": "any_eq", "vars": [p["vars"][0] for p in parts], "unset": parts[0]["unset"],
                        "equals": parts[0]["equals"]}
        return None

    def s_IfExp(self, node, fr):
        t = self.sym(node.test, fr)
        if isinstance(t, Const):
            if isinstance(t.value, Unknown):
                return None
            return self.sym(node.body if t.value else node.orelse, fr)
        body = self.sym(node.body, fr)
        orelse = self.sym(node.orelse, fr)
        # "" if V == "1" else V   ->  str_map {"1": ""}
        if isinstance(t, dict) and t["kind"] == "eq" and isinstance(body, Const) and isinstance(orelse, EnvStr):
            if orelse.vars == t["vars"] and _str_unset(orelse.unset) == t["unset"] and isinstance(body.value, str):
                r = _mk("str_map", orelse, map={t["equals"]: body.value})
                r["unset"] = t["unset"]
                return r
        # int(V) if V is not None else None  ->  int with unset null
        if isinstance(t, EnvIsNone) and t.negate and isinstance(body, dict) and body["kind"] == "int":
            if isinstance(orelse, Const) and orelse.value is None and body["vars"] == t.s.vars:
                return dict(body, unset=None)
        # A if item in V.split(sep) else B
        if isinstance(t, dict) and t["kind"] == "split_contains" and isinstance(body, Const) and isinstance(orelse, Const):
            return dict(t, then=encode(body.value), **{"else": encode(orelse.value)})
        return None

    def s_Tuple(self, node, fr):
        if len(node.elts) == 2:
            a = self.sym(node.elts[0], fr)
            b = self.sym(node.elts[1], fr)
            if isinstance(a, Const) and a.value is None and isinstance(b, EnvStr) and isinstance(b.unset, str):
                r = _mk("none_str_tuple", b)
                r["unset"] = b.unset
                return r
        return None

    # -- helper functions ------------------------------------------------------------

    def helper(self, f, call, fr):
        fd = f.node
        body = [s for s in fd.body if not _is_noise(s)]
        names = [n for n in _env_names_in(fd)]
        # 1. straight-line: assignments then return
        if body and isinstance(body[-1], ast.Return) and all(isinstance(s, ast.Assign) for s in body[:-1]):
            local = {}
            for i, p in enumerate(a.arg for a in fd.args.args):
                if i < len(call.args):
                    local[p] = self.sym(call.args[i], fr)
            lfr = Frame(f.module, None, local)
            for s in body[:-1]:
                if len(s.targets) != 1 or not isinstance(s.targets[0], ast.Name):
                    return None
                local[s.targets[0].id] = self.sym(s.value, lfr)
            if body[-1].value is None:
                return None
            return self.sym(body[-1].value, lfr)
        if len(set(names)) != 1:
            return None
        var = names[0]
        src = ast.dump(fd)
        # 2. decide_compile_threads: the variable, else a count of the host's CPUs
        if "cpu_count" in src or "sched_getaffinity" in src:
            return {"kind": "host_int", "vars": [var], "unset": None}
        # 3. decide_worker_start_method: a choice checked by assert / raise AssertionError
        choice = _choice_helper(fd, var)
        if choice is not None:
            return choice
        # 4. "if V in os.environ: return <rule>  ...  else: return CONST" (prologue fusion,
        #    static launcher): the else branch is what an unset variable gives outside fbcode
        gated = self._gated(fd, var, fr)
        if gated is not None:
            return gated
        # 5. tristate written out: == "1" -> True, == "0" -> False, else CONST
        tri = _tristate_helper(fd, var)
        if tri is not None:
            return tri
        # 6. int with words meaning None ("none", "all")
        ion = _int_or_none_helper(fd, var)
        if ion is not None:
            return ion
        # 7. v if v in (choices) else fallback
        return _one_of_helper(fd, var)

    def _gated(self, fd, var, fr):
        body = [s for s in fd.body if not _is_noise(s)]
        for s in body:
            if isinstance(s, ast.If) and _is_in_environ(s.test, var):
                if len(s.body) == 1 and isinstance(s.body[0], ast.Return):
                    inner = self.sym(s.body[0].value, Frame(fr.module))
                    fallback = _else_return(s.orelse)
                    if isinstance(inner, dict) and inner["kind"] == "eq" and inner["vars"] == [var] \
                            and inner["unset"] is None and isinstance(fallback, bool):
                        return dict(inner, unset=inner["equals"] if fallback else None)
        return None


def _is_noise(s):
    """Docstrings, imports, logging calls and pure local constants inside helpers."""
    if isinstance(s, ast.Expr):
        return True
    if isinstance(s, (ast.Import, ast.ImportFrom)):
        return True
    if isinstance(s, ast.Assign) and isinstance(s.value, ast.Call) and dotted_name(s.value.func) == "logging.getLogger":
        return True
    if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name) \
            and s.targets[0].id.isupper() and isinstance(s.value, ast.Constant):
        return True
    return False


def _env_names_in(fd):
    out = []
    for node in ast.walk(fd):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and re.fullmatch(r"[A-Z][A-Z0-9_]{3,}", node.value):
            out.append(node.value)
    # keep only names used with the environment
    used = set()
    for node in ast.walk(fd):
        if isinstance(node, ast.Call) and dotted_name(node.func) in ("os.environ.get", "os.getenv", "get_tristate_env"):
            if node.args and isinstance(node.args[0], ast.Constant):
                used.add(node.args[0].value)
        if isinstance(node, ast.Compare) and node.comparators and dotted_name(node.comparators[-1]) == "os.environ":
            if isinstance(node.left, ast.Constant):
                used.add(node.left.value)
        if isinstance(node, ast.Subscript) and dotted_name(node.value) == "os.environ":
            s = node.slice.value if isinstance(node.slice, getattr(ast, "Index", ())) else node.slice
            if isinstance(s, ast.Constant):
                used.add(s.value)
    return [n for n in out if n in used]


def _is_in_environ(test, var):
    return (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.In)
            and isinstance(test.left, ast.Constant) and test.left.value == var
            and dotted_name(test.comparators[0]) == "os.environ")


def _else_return(orelse):
    """The constant an if/elif chain returns in its final else, skipping elif is_fbcode()."""
    while orelse:
        s = orelse[0]
        if isinstance(s, ast.If):
            if isinstance(s.test, ast.Call) and dotted_name(s.test.func) == "is_fbcode":
                orelse = s.orelse
                continue
            return None
        if isinstance(s, ast.Return) and isinstance(s.value, ast.Constant):
            return s.value.value
        return None
    return None


def _tuple_of_str(node):
    if isinstance(node, (ast.Tuple, ast.List)) and all(isinstance(e, ast.Constant) for e in node.elts):
        return [e.value for e in node.elts]
    return None


def _fstring_template(node, varname):
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if not isinstance(node, ast.JoinedStr):
        return None
    out = []
    for v in node.values:
        if isinstance(v, ast.Constant):
            out.append(v.value)
        elif isinstance(v, ast.FormattedValue) and isinstance(v.value, ast.Name) and v.value.id == varname:
            out.append("{value}")
        else:
            return None
    return "".join(out)


def _choice_helper(fd, var):
    choices = msg = default = None
    local = None
    for node in ast.walk(fd):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Subscript) \
                and dotted_name(node.value.value) == "os.environ" and isinstance(node.targets[0], ast.Name):
            local = node.targets[0].id
    if local is None:
        return None
    for node in ast.walk(fd):
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) and node.targets[0].id == local \
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            default = node.value.value
        if isinstance(node, ast.Assert) and isinstance(node.test, ast.Compare) \
                and isinstance(node.test.ops[0], ast.In):
            choices = _tuple_of_str(node.test.comparators[0])
            msg = _fstring_template(node.msg, local) if node.msg is not None else None
        if isinstance(node, ast.If) and isinstance(node.test, ast.Compare) and isinstance(node.test.ops[0], ast.NotIn) \
                and isinstance(node.test.left, ast.Name) and node.test.left.id == local:
            choices = _tuple_of_str(node.test.comparators[0])
            for s in node.body:
                if isinstance(s, ast.Raise) and isinstance(s.exc, ast.Call) and dotted_name(s.exc.func) == "AssertionError" \
                        and s.exc.args:
                    msg = _fstring_template(s.exc.args[0], local)
    if choices is None or msg is None or default is None:
        return None
    return {"kind": "choice", "vars": [var], "unset": default, "choices": choices, "error": msg}


def _tristate_helper(fd, var):
    body = [s for s in fd.body if not _is_noise(s)]
    got = {}
    for s in body[:-1]:
        if not (isinstance(s, ast.If) and len(s.body) == 1 and isinstance(s.body[0], ast.Return)
                and not s.orelse and isinstance(s.test, ast.Compare) and isinstance(s.test.ops[0], ast.Eq)):
            return None
        c = s.test.comparators[0]
        if not (isinstance(c, ast.Constant) and isinstance(s.body[0].value, ast.Constant)):
            return None
        got[c.value] = s.body[0].value.value
    last = body[-1] if body else None
    if got == {"1": True, "0": False} and isinstance(last, ast.Return):
        return {"kind": "tristate", "vars": [var], "unset": None}
    return None


def _int_or_none_helper(fd, var):
    src = ast.dump(fd)
    if "attr='lower'" not in src or "id='int'" not in src:
        return None
    words = unset = None
    for node in ast.walk(fd):
        if isinstance(node, ast.Compare) and isinstance(node.ops[0], ast.In) and isinstance(node.left, ast.Call) \
                and isinstance(node.left.func, ast.Attribute) and node.left.func.attr == "lower":
            words = _tuple_of_str(node.comparators[0])
        if isinstance(node, ast.Call) and dotted_name(node.func) == "os.environ.get" and len(node.args) == 2:
            if isinstance(node.args[1], ast.Constant):
                unset = node.args[1].value
        if isinstance(node, ast.If) and isinstance(node.test, ast.Compare) and isinstance(node.test.ops[0], ast.Is):
            if len(node.body) == 1 and isinstance(node.body[0], ast.Return) and isinstance(node.body[0].value, ast.Constant):
                unset = str(node.body[0].value.value)
    if words is None or unset is None:
        return None
    return {"kind": "int_or_none", "vars": [var], "unset": str(unset), "none_words": words}


def _one_of_helper(fd, var):
    body = [s for s in fd.body if not _is_noise(s)]
    if len(body) != 3 or not isinstance(body[0], ast.Assign) or not isinstance(body[1], ast.If):
        return None
    local = body[0].targets[0].id if isinstance(body[0].targets[0], ast.Name) else None
    t = body[1].test
    if not (isinstance(t, ast.Compare) and isinstance(t.ops[0], ast.In) and isinstance(t.left, ast.Name)
            and t.left.id == local):
        return None
    choices = _tuple_of_str(t.comparators[0])
    if choices is None or not isinstance(body[2], ast.Return) or not isinstance(body[2].value, ast.Constant):
        return None
    if not (isinstance(body[0].value, ast.Call) and dotted_name(body[0].value.func) == "os.environ.get"
            and len(body[0].value.args) == 1):
        return None
    return {"kind": "one_of", "vars": [var], "unset": None, "choices": choices, "fallback": encode(body[2].value.value)}


def config_rule(cobj):
    """The rule of a Config(...) entry: env_name_force beats user overrides."""
    if cobj.env_force:
        r = {"kind": "force", "vars": list(cobj.env_force), "unset": None}
        if cobj.env_default:
            r["default_vars"] = list(cobj.env_default)
        return r
    if cobj.env_default:
        return {"kind": "read_env", "vars": list(cobj.env_default), "unset": None}
    return None


def classify_key(cl, k):
    """(rule or None, vars read). Opaque when the default reads the environment in a
    way the kinds do not cover."""
    b = k.binding
    if isinstance(b.value, ConfigObj):
        return config_rule(b.value), []
    if not b.reads:
        return None, []
    s = cl.sym(b.node, b.space)
    if isinstance(s, EnvStr):
        u = _str_unset(s.unset)
        if isinstance(s.unset, Unknown):
            return {"kind": "host_str", "vars": s.vars, "unset": None}, b.reads
        if u is not False:
            return {"kind": "str", "vars": s.vars, "unset": u}, b.reads
    if isinstance(s, dict):
        return s, b.reads
    return {"kind": "opaque", "vars": list(b.reads), "expr": " ".join(segment_text(cl.it.source, b.node).split())}, b.reads


# ---------------------------------------------------------------------------------
# Declared types: str(get_type(key)) as Python 3.10-3.13 prints the annotation


class T:
    """A runtime typing object, enough to print it as str() would."""

    def __init__(self, kind, **kw):
        self.kind = kind
        self.__dict__.update(kw)


def T_class(module, qualname):
    return T("class", module=module, qualname=qualname)


NONETYPE = T_class("builtins", "NoneType")
BUILTIN_CLASSES = {"bool", "int", "str", "float", "bytes", "object", "complex"}
BUILTIN_GENERICS = {"list", "dict", "tuple", "set", "frozenset", "type"}
TYPING_GENERICS = {"List": "List", "Dict": "Dict", "Tuple": "Tuple", "Set": "Set", "Type": "Type",
                   "FrozenSet": "FrozenSet", "Sequence": "Sequence"}
# torch classes an annotation may name, with the module they are defined in.
TORCH_CLASSES = {
    "torch.fx.Graph": ("torch.fx.graph", "Graph"), "torch.fx.graph.Graph": ("torch.fx.graph", "Graph"),
    "torch.fx.Node": ("torch.fx.node", "Node"), "torch.fx.node.Node": ("torch.fx.node", "Node"),
    "torch.fx.GraphModule": ("torch.fx.graph_module", "GraphModule"),
    "torch.Tensor": ("torch", "Tensor"), "torch._ops.OpOverload": ("torch._ops", "OpOverload"),
}


class TypeNames:
    """What the names in an annotation stand for, from a module's imports and classes."""

    def __init__(self, tree, module_name, aliases=None):
        self.module_name = module_name
        self.names = {}
        self.aliases = aliases or {}  # dotted -> T
        for st in tree.body:
            if isinstance(st, ast.ImportFrom) and st.module in ("typing", "typing_extensions", "collections.abc"):
                for a in st.names:
                    self.names[a.asname or a.name] = (st.module if st.module != "typing_extensions" else "typing", a.name)
            elif isinstance(st, ast.ClassDef):
                self.names[st.name] = ("class", st.name)


def conv(node, tn, ctx):
    """Annotation AST -> T. ctx: 'typing' (inside typing generics: None -> NoneType,
    strings -> ForwardRef), 'ga' (inside builtin generics), or 'top'."""
    if isinstance(node, ast.Constant):
        if node.value is None:
            return NONETYPE if ctx == "typing" else T("none")
        if isinstance(node.value, str):
            return T("fwd", s=node.value) if ctx == "typing" else T("strlit", s=node.value)
        if node.value is Ellipsis:
            return T("ellipsis")
        return T("unresolved", text=repr(node.value))
    if isinstance(node, ast.Name) or isinstance(node, ast.Attribute):
        d = dotted_name(node)
        if d in BUILTIN_CLASSES or d in BUILTIN_GENERICS:
            return T_class("builtins", d)
        if d in tn.names:
            mod, name = tn.names[d]
            if mod == "class":
                return T_class(tn.module_name, name)
            if mod == "typing" and name == "Any":
                return T("any")
            if mod == "collections.abc":
                return T_class("collections.abc", name)
            return T("typingname", name=name)
        if d in TORCH_CLASSES:
            return T_class(*TORCH_CLASSES[d])
        if d in tn.aliases:
            return tn.aliases[d]
        return T("unresolved", text=d)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        a = conv(node.left, tn, ctx)
        b = conv(node.right, tn, ctx)
        return t_or(a, b)
    if isinstance(node, ast.List):
        return T("plist", items=[conv(e, tn, ctx) for e in node.elts])
    if isinstance(node, ast.Subscript):
        base = conv(node.value, tn, ctx)
        sl = node.slice.value if isinstance(node.slice, getattr(ast, "Index", ())) else node.slice
        elts = sl.elts if isinstance(sl, ast.Tuple) else [sl]
        if base.kind == "typingname":
            n = base.name
            if n == "Optional":
                return t_union([conv(elts[0], tn, "typing"), NONETYPE])
            if n == "Union":
                return t_union([conv(e, tn, "typing") for e in elts])
            if n == "Literal":
                vals = []
                for e in elts:
                    if not isinstance(e, ast.Constant):
                        return T("unresolved", text=ast.unparse(node))
                    vals.append(e.value)
                return T("literal", values=vals)
            if n == "Callable":
                return T("tgeneric", name="Callable", args=[conv(e, tn, "typing") for e in elts])
            if n in TYPING_GENERICS:
                return T("tgeneric", name=TYPING_GENERICS[n], args=[conv(e, tn, "typing") for e in elts])
            return T("unresolved", text=ast.unparse(node))
        if base.kind == "class" and base.module == "builtins" and base.qualname in BUILTIN_GENERICS:
            return T("ga", origin=base.qualname, args=[conv(e, tn, "ga") for e in elts])
        if base.kind == "class" and base.module == "collections.abc":
            return T("ga", origin="collections.abc." + base.qualname, args=[conv(e, tn, "ga") for e in elts])
        return T("unresolved", text=ast.unparse(node))
    return T("unresolved", text=ast.unparse(node) if hasattr(ast, "unparse") else "?")


def _is_typing_obj(t):
    return t.kind in ("union", "tgeneric", "literal", "any", "fwd", "typingname")


def t_or(a, b):
    """a | b: typing objects give typing.Union; classes and builtin generics give
    types.UnionType."""
    if _is_typing_obj(a) or _is_typing_obj(b):
        return t_union([_to_typing(a), _to_typing(b)])
    items = []
    for x in (a, b):
        if x.kind == "pipe":
            items.extend(x.items)
        elif x.kind == "none":
            items.append(NONETYPE)
        else:
            items.append(x)
    out = []
    for x in items:
        if not any(_same(x, y) for y in out):
            out.append(x)
    return T("pipe", items=out)


def _to_typing(t):
    if t.kind == "none":
        return NONETYPE
    if t.kind == "strlit":
        return T("fwd", s=t.s)
    if t.kind == "pipe":
        return t_union(t.items)
    return t


def _same(a, b):
    return t_repr(a) == t_repr(b)


def t_union(args):
    flat = []
    for a in args:
        a = _to_typing(a)
        if a.kind == "union":
            flat.extend(a.args)
        else:
            flat.append(a)
    out = []
    for a in flat:
        if not any(_same(a, y) for y in out):
            out.append(a)
    if len(out) == 1:
        return out[0]
    return T("union", args=out)


def _cls_name(t):
    return t.qualname if t.module == "builtins" else f"{t.module}.{t.qualname}"


def typing_arg(t):
    """typing._type_repr."""
    if t.kind == "class":
        return _cls_name(t)
    if t.kind == "ellipsis":
        return "..."
    if t.kind == "fwd":
        return f"ForwardRef({t.s!r})"
    if t.kind == "plist":
        return "[" + ", ".join(typing_arg(x) for x in t.items) + "]"
    return t_repr(t)


def ga_arg(t):
    """types.GenericAlias repr of one argument."""
    if t.kind == "class":
        return _cls_name(t)
    if t.kind == "ellipsis":
        return "..."
    if t.kind == "none":
        return "None"
    if t.kind == "strlit":
        return repr(t.s)
    if t.kind == "plist":
        return "[" + ", ".join(ga_arg(x) for x in t.items) + "]"
    return t_repr(t)


def t_repr(t):
    k = t.kind
    if k == "class":
        return _cls_name(t)
    if k == "any":
        return "typing.Any"
    if k == "none":
        return "None"
    if k == "union":
        if len(t.args) == 2 and any(_same(a, NONETYPE) for a in t.args):
            other = [a for a in t.args if not _same(a, NONETYPE)][0]
            return f"typing.Optional[{typing_arg(other)}]"
        return "typing.Union[" + ", ".join(typing_arg(a) for a in t.args) + "]"
    if k == "literal":
        return "typing.Literal[" + ", ".join(repr(v) for v in t.values) + "]"
    if k == "tgeneric":
        return f"typing.{t.name}[" + ", ".join(typing_arg(a) for a in t.args) + "]"
    if k == "ga":
        return f"{t.origin}[" + ", ".join(ga_arg(a) for a in t.args) + "]"
    if k == "pipe":
        return " | ".join("None" if _same(x, NONETYPE) else ga_arg(x) for x in t.items)
    if k == "fwd":
        return f"ForwardRef({t.s!r})"
    if k == "strlit":
        return t.s
    if k == "ellipsis":
        return "Ellipsis"
    if k == "plist":
        return "[" + ", ".join(t_repr(x) for x in t.items) + "]"
    return t.text if k == "unresolved" else "?"


def declared_str(t):
    """str(get_type(key)) for an annotation."""
    if t.kind == "class":
        return f"<class '{_cls_name(t)}'>"
    if t.kind == "strlit":
        return t.s
    return t_repr(t)


def unresolved_in(t):
    if t.kind == "unresolved":
        return [t.text]
    out = []
    for attr in ("args", "items"):
        for x in getattr(t, attr, []) or []:
            out.extend(unresolved_in(x))
    return out


def load_aliases(path):
    """TypeAlias definitions of torch/_inductor/custom_graph_pass.py, as T, keyed by
    their dotted name; an alias may name one defined before it."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    tn = TypeNames(tree, "torch._inductor.custom_graph_pass")
    out = {}
    for st in tree.body:
        if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name) and st.value is not None \
                and dotted_name(st.annotation).endswith("TypeAlias"):
            t = conv(st.value, tn, "top")
            tn.aliases[st.target.id] = t
            out["torch._inductor.custom_graph_pass." + st.target.id] = t
    return out


def pytype_from(t):
    if t is None:
        return ""
    if t.kind == "class":
        return t.qualname
    if t.kind in ("union", "pipe"):
        items = t.args if t.kind == "union" else t.items
        rest = [x for x in items if not _same(x, NONETYPE)]
        if len(rest) == 1 and rest[0].kind == "class":
            return rest[0].qualname
    return ""


# ---------------------------------------------------------------------------------
# Mode table from torch/_inductor/__init__.py


def mode_table_from_source(init_path, version):
    with open(init_path, encoding="utf-8") as f:
        src = f.read()
    tree = ast.parse(src)
    it = Interp(tree, src, version, {})
    try:
        mod = it.run()
    except PyRaise:
        mod = it.module_space
    fn = next((s for s in tree.body if isinstance(s, ast.FunctionDef) and s.name == "list_mode_options"), None)
    if fn is None:
        raise SystemExit(f"{init_path}: no list_mode_options")
    table = None
    for node in ast.walk(fn):
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            tgt = node.targets[0] if isinstance(node, ast.Assign) else node.target
            if isinstance(tgt, ast.Name) and tgt.id == "mode_options":
                table = it.ev(node.value, Frame(mod))
    if not isinstance(table, dict):
        raise SystemExit(f"{init_path}: cannot read mode_options")
    return modes_json(table)


def modes_json(table):
    out = []
    for mode, opts in table.items():
        if not isinstance(opts, dict):
            raise SystemExit(f"mode {mode!r}: options are not a dict")
        out.append({"mode": mode, "options": [{"key": k, "value": encode(v)} for k, v in opts.items()]})
    return out


# ---------------------------------------------------------------------------------
# Checking rules against the interpreted (or measured) effect of each variable


def effects_by_rules(entries, env_name, value, default_of):
    """What the rules say setting env_name=value alone changes: {key: repr} or
    {"__error__": text}. entries: (key, rule) in key order."""
    env = {env_name: value}
    changed = {}
    for key, rule in entries:
        if rule is None or env_name not in rule_vars(rule):
            continue
        if rule["kind"] in ("none", "opaque"):
            continue
        try:
            v = simulate(rule, env, default_of[key])
        except EnvFailure as e:
            return {"__error__": e.text}
        changed[key] = v
    return changed


def _path_like(measured_repr, value):
    """A path rule's result depends on the working directory: accept an absolute path
    ending in the value."""
    try:
        s = ast.literal_eval(measured_repr)
    except Exception:
        return False
    return isinstance(s, str) and os.path.isabs(s) and (s.endswith("/" + value) or value == "")


def compare_effects(want, got, rules_by_key, default_repr, value):
    """Mismatches between want ({key: repr} / __error__) and got (simulated values), as
    (key, text) pairs; key is None for a difference in the import error."""
    out = []
    if "__error__" in want or "__error__" in got:
        if want.get("__error__") != got.get("__error__"):
            out.append((None, f"error {want.get('__error__')!r} vs {got.get('__error__')!r}"))
        return out
    got_changed = {}
    for k, v in got.items():
        r = repr(v)
        if r != default_repr[k]:
            got_changed[k] = r
    for k in sorted(set(want) | set(got_changed)):
        w, g = want.get(k), got_changed.get(k)
        if w == g:
            continue
        rule = rules_by_key.get(k)
        if rule and rule["kind"] == "path" and w is not None and g is not None and _path_like(w, value):
            continue
        out.append((k, f"{k}: torch {w} vs rules {g}"))
    return out


# ---------------------------------------------------------------------------------
# Mode c: a release's source files


def from_source(src_dir, version, made_by):
    cfg_path = os.path.join(src_dir, "torch", "_inductor", "config.py")
    init_path = os.path.join(src_dir, "torch", "_inductor", "__init__.py")
    cgp_path = os.path.join(src_dir, "torch", "_inductor", "custom_graph_pass.py")
    with open(cfg_path, encoding="utf-8") as f:
        source = f.read()
    tree = ast.parse(source)
    aliases = load_aliases(cgp_path) if os.path.exists(cgp_path) else {}
    static = analyse_source(tree, source, version, aliases)
    warnings = list(static["warnings"])

    # Check every rule against the interpreted source on each probe value.
    mismatches = verify_rules(tree, source, version, static)
    for key, lines in mismatches.items():
        k = static["keys"][key]
        seen = {ln.split("=")[0] for ln in lines if "=" in ln.split(":")[0]}
        names = sorted(set(rule_vars(k["env"]) if k["env"] else []) | seen)
        k["env"] = {"kind": "opaque", "vars": names, "expr": static["expr"][key]}
        warnings.append(f"{key}: rule did not match the interpreted source ({'; '.join(lines)}); written as opaque")

    keys = []
    for key in static["order"]:
        k = static["keys"][key]
        keys.append(k)
    doc = {
        "format": FORMAT,
        "torch": version,
        "evidence": "source",
        "made_by": source_made_by(made_by, version, static, warnings, os.path.exists(cgp_path)),
        "is_fbcode": False,
        "modes": mode_table_from_source(init_path, version),
        "keys": keys,
        "env_var_names": sorted(static["env_names"]),
    }
    return doc, warnings


def source_made_by(prefix, version, static, warnings, have_aliases):
    opaque = [k for k in static["order"] if (static["keys"][k]["env"] or {}).get("kind") == "opaque"]
    parts = [prefix or f"{SCRIPT} v{SCRIPT_VERSION} --from-source --version {version}",
             "static read, torch not imported: keys as install_config_module collects them, defaults evaluated "
             "with an empty environment for a Linux, non-fbcode, non-ROCm (torch.version.hip None) build, "
             "declared types as Python 3.10-3.13 print the annotations"
             + ("" if have_aliases else " (custom_graph_pass.py not read: its aliases are left as written)"),
             "host-dependent defaults written as <not evaluated: ...>",
             "every rule checked against the interpreted source with each variable set alone to 1, 0 and abc"]
    if opaque:
        parts.append("not classified (opaque): " + ", ".join(opaque))
    return "; ".join(parts)


def analyse_source(tree, source, version, aliases=None, module_name="torch._inductor.config"):
    """Keys in get_config_copy() order with clean defaults, declared types and rules."""
    it, mod, keys, values = interpret(tree, source, version, {})
    cl = Classifier(it)
    tn = TypeNames(tree, module_name, aliases or {})
    out, expr, order, warnings = {}, {}, [], []
    env_names = set(scan_env_names(tree))
    for k in keys:
        b = k.binding
        v = values[k.key]
        text = " ".join(segment_text(source, b.node).split())
        try:
            rule, reads = classify_key(cl, k)
        except Exception as e:  # an expression the classifier trips on: do not guess
            rule, reads = {"kind": "opaque", "vars": list(b.reads), "expr": text}, list(b.reads)
            warnings.append(f"{k.key}: classifying failed ({type(e).__name__}: {e})")
        env_names.update(reads)
        if rule is not None:
            env_names.update(rule_vars(rule))
        ann_t = conv(k.annotation, tn, "top") if k.annotation is not None else None
        if isinstance(v, ConfigObj):
            v = v.default
        if k.annotation is not None:
            declared = declared_str(ann_t)
            bad = unresolved_in(ann_t)
            if bad:
                warnings.append(f"{k.key}: declared type names {', '.join(bad)}, which the files read do not define")
        elif isinstance(v, Unknown):
            declared = ""
        else:
            declared = f"<class '{type(v).__name__}'>"
        if isinstance(v, Unknown):
            shown = f"<not evaluated: {text}>"
            default = {"repr": shown}
            pytype = {"host_int": "int", "path": "str", "host_str": "str"}.get((rule or {}).get("kind"), "")
            pytype = pytype or pytype_from(ann_t)
            if not declared:
                declared = f"<class '{pytype}'>" if pytype else ""
            r = shown
        else:
            default = encode(v)
            pytype = type(v).__name__
            r = repr(v)
        entry = {"key": k.key, "default": default, "repr": r, "pytype": pytype, "declared_type": declared,
                 "env": rule, "host": host_text(rule) if rule else ""}
        if rule and rule["kind"] == "opaque":
            warnings.append(f"{k.key}: environment dependence not classified: {rule['expr']}")
        out[k.key] = entry
        expr[k.key] = text
        order.append(k.key)
    return {"keys": out, "expr": expr, "order": order, "env_names": env_names, "warnings": warnings,
            "clean": values}


def verify_rules(tree, source, version, static):
    """Run the source with each variable set alone to each probe value and compare the
    keys that change (or the import error) with what the rules compute."""
    rules = [(k, static["keys"][k]["env"]) for k in static["order"]]
    by_key = dict(rules)
    clean = static["clean"]
    default_of, default_repr = {}, {}
    for k in static["order"]:
        v = clean[k]
        if isinstance(v, ConfigObj):
            v = v.value({})
        default_of[k] = v
        default_repr[k] = repr(v)
    names = sorted({n for _, r in rules if r for n in rule_vars(r)} | set(static["env_names"]))
    bad = {}
    for k, r in rules:
        if not isinstance(default_of[k], Unknown) and clean_mismatch(r, default_of[k]):
            bad.setdefault(k, []).append(f"unset: rule does not give the default {default_repr[k]}")
    for name in names:
        for probe in PROBES:
            try:
                _, _, keys, vals = interpret(tree, source, version, {name: probe})
                want = {}
                for k, v in vals.items():
                    if isinstance(v, Unknown) or isinstance(default_of.get(k), Unknown):
                        continue
                    if k in default_repr and repr(v) != default_repr[k]:
                        want[k] = repr(v)
            except PyRaise as e:
                want = {"__error__": e.text}
            got = effects_by_rules(rules, name, probe, default_of)
            got = {k: v for k, v in got.items() if not isinstance(v, Unknown) and not isinstance(default_of.get(k), Unknown)
                   or k == "__error__"}
            lines = compare_effects(want, got, by_key, default_repr, probe)
            for key, line in lines:
                if key is not None and by_key.get(key) and by_key[key]["kind"] == "opaque":
                    continue  # not modelled: the warning says so already
                if key is None:
                    for k, r in rules:
                        if r and name in rule_vars(r) and r["kind"] not in ("none", "opaque"):
                            bad.setdefault(k, []).append(f"{name}={probe}: {line}")
                else:
                    bad.setdefault(key, []).append(f"{name}={probe}: {line}")
    return bad


# ---------------------------------------------------------------------------------
# Mode b: the dumps a real torch printed


# Variables read by helper functions whose behaviour the effects cannot show in full.
# Source: torch/_inductor/config.py decide_compile_threads / decide_worker_start_method,
# identical in 2.7.1 and 2.14.0 (the releases around 2.11 that were read).
HELPER_RULES = {
    "TORCHINDUCTOR_COMPILE_THREADS": {"kind": "host_int", "vars": ["TORCHINDUCTOR_COMPILE_THREADS"], "unset": None},
    "TORCHINDUCTOR_WORKER_START": {"kind": "choice", "vars": ["TORCHINDUCTOR_WORKER_START"], "unset": "subprocess",
                                   "choices": ["subprocess", "fork", "spawn"], "error": "Invalid start method: {value}"},
}


def from_dumps(dump_dir, made_by):
    def load(name):
        with open(os.path.join(dump_dir, name), encoding="utf-8") as f:
            return json.load(f)

    d = load("torch_defaults.json")
    facts = load("torch_facts.json")
    eff = load("torch_env_effects.json")["effects"]
    values = d["values"]
    order = list(values.keys())
    if order != facts["ordered_keys"]:
        raise SystemExit("torch_defaults.json and torch_facts.json disagree on the key order")
    default_repr = {k: values[k]["repr"] for k in order}
    decoded = {k: decode_json_default(values[k]) for k in order}

    # Rules from the default expressions the dump recorded.
    rows = {r["key"]: r["expr"] for r in facts["env_rows"]}
    rules = {}
    notes = []
    space = Space("")
    fake_tree = ast.parse("")
    it = Interp(fake_tree, "", d["torch"], {})
    it.module_space = space
    for name, val in (("is_fbcode", Builtin("is_fbcode")), ("cast", Builtin("cast")), ("os", Imported("os")),
                      ("sys", Imported("sys")), ("torch", Imported("torch"))):
        space.values[name] = Binding(val, None, None, [])
    cl = Classifier(it)
    # bind every key's measured default so names in expressions resolve
    classes = {}
    for k in order:
        parts = k.split(".")
        sp = space
        if len(parts) == 2:
            if parts[0] not in classes:
                classes[parts[0]] = ClassSpace(parts[0] + ".", space)
                space.values.setdefault(parts[0], Binding(classes[parts[0]], None, None, []))
            sp = classes[parts[0]]
        sp.values[parts[-1]] = Binding(decoded[k], None, None, [])
    for k in order:
        if k not in rows:
            continue
        expr = rows[k]
        node = ast.parse("(" + expr + "\n)", mode="eval").body
        parts = k.split(".")
        klass = classes.get(parts[0]) if len(parts) == 2 else None
        fr = Frame(space, klass)
        if isinstance(node, ast.Call) and dotted_name(node.func) == "Config":
            kw = {x.arg: ast.literal_eval(x.value) for x in node.keywords}
            rule = config_rule(ConfigObj(kw))
        else:
            s = cl.sym(node, fr)
            rule = None
            if isinstance(s, EnvStr) and _str_unset(s.unset) is not False:
                rule = {"kind": "str", "vars": s.vars, "unset": _str_unset(s.unset)}
            elif isinstance(s, EnvStr) and isinstance(s.unset, Unknown):
                rule = {"kind": "host_str", "vars": s.vars, "unset": None}
            elif isinstance(s, dict):
                rule = s
            if rule is None:
                rule = {"kind": "opaque", "vars": sorted(set(re.findall(r'"([A-Z][A-Z0-9_]+)"', expr))),
                        "expr": " ".join(expr.split())}
        rules[k] = rule
        sp = klass if klass is not None else space
        b = sp.values[parts[-1]]
        b.reads = rule_vars(rule) if rule else []
        b.node = node
        b.space = fr
    # Keys in other subconfigs that change together with a ruled key of the same name
    # (cuda.* and xpu.* inherit cutlass.* fields): give them the same rule.
    for name, by_val in eff.items():
        for val, changed in by_val.items():
            for k, r in changed.items():
                if k == "__error__" or k in rules:
                    continue
                leaf = k.split(".")[-1]
                for k2 in changed:
                    if k2 != k and k2 in rules and k2.split(".")[-1] == leaf and changed[k2] == r:
                        rules[k] = rules[k2]
                        notes.append(f"{k} follows {k2}")
                        break
    # Keys that change with a variable but have no recorded expression (they derive
    # from another key, as profile_bandwidth from _profile_var): fit a rule.
    var_unset = {}
    for r in rules.values():
        if r and len(r.get("vars", [])) == 1 and "unset" in r:
            var_unset.setdefault(r["vars"][0], r["unset"])
    for name in sorted(eff):
        if name not in var_unset:
            continue
        keys_changed = sorted({k for ch in eff[name].values() for k in ch if k != "__error__" and k not in rules})
        for key in keys_changed:
            rule = fit_derived(name, var_unset[name], key, eff[name], default_repr, decoded)
            if rule is not None:
                rules[key] = rule
                notes.append(f"{key}: {rule['kind']} on {name} fitted to the effects (no expression recorded)")
    # Variables no recorded expression reads: fit a rule to the effects.
    used = {n for r in rules.values() if r for n in rule_vars(r)}
    for name in sorted(eff):
        if name in used:
            continue
        rule, key = fit_rule(name, eff[name], default_repr, decoded)
        if rule is None:
            continue  # read, but no key changes: listed in env_var_names only
        rules[key] = rule
        notes.append(f"{key}: {rule['kind']} fitted to the effects of {name}")

    host = d.get("host_dependent", {})
    keys = []
    for k in order:
        v = values[k]
        keys.append({"key": k, "default": v["json"], "repr": v["repr"], "pytype": v["pytype"],
                     "declared_type": v["declared_type"], "env": rules.get(k), "host": host.get(k, "")})
    modes = [{"mode": m, "options": [{"key": kk, "value": vv} for kk, vv in opts]} for m, opts in d["mode_table"]]
    doc = {
        "format": FORMAT,
        "torch": d["torch"],
        "evidence": "measured",
        "made_by": made_by or "",
        "is_fbcode": bool(d.get("is_fbcode", False)),
        "modes": modes,
        "keys": keys,
        "env_var_names": sorted(d["env_var_names"]),
    }
    # Self-check: every rule gives the default with its variables unset, and every
    # variable, set alone to each value, changes what torch measured.
    entries = [(k, rules.get(k)) for k in order]
    mism = [f"{k}: rule {rules[k]} does not give the default {default_repr[k]} when unset"
            for k in order if clean_mismatch(rules.get(k), decoded[k])]
    for name in sorted(eff):
        for val, want in eff[name].items():
            got = effects_by_rules(entries, name, val, decoded)
            for _, line in compare_effects(want, got, dict(entries), default_repr, val):
                mism.append(f"{name}={val!r}: {line}")
    if not made_by:
        doc["made_by"] = dumps_made_by(dump_dir, d["torch"], rules, notes)
        if not mism:
            doc["made_by"] += (f"; self-check: all {len(eff)} variables set alone to 1, 0 and abc give the keys "
                               "(repr) or import error torch_env_effects.json records")
    return doc, mism, notes


def dumps_made_by(dump_dir, version, rules, notes):
    fitted = [n.split(":")[0] + " (" + rules[n.split(":")[0]]["kind"] + ")" for n in notes if "fitted" in n]
    follows = sorted({n.split(" follows ")[1].split(".")[0] + ".* -> " + n.split(".")[0] + ".*"
                      for n in notes if " follows " in n})
    shown = os.path.join(*os.path.normpath(dump_dir).split(os.sep)[-3:])
    out = (f"{SCRIPT} v{SCRIPT_VERSION} --from-dumps {shown}: defaults, "
           f"types, modes and env_var_names as printed by torch {version} (torch_defaults.json); env rules from "
           "the default expressions recorded in torch_facts.json env_rows")
    if fitted:
        out += "; rules fitted to torch_env_effects.json where no expression was recorded: " + ", ".join(fitted)
        if any(r and r["kind"] == "choice" for r in rules.values()):
            out += " (the start-method choices as in the 2.7.1 and 2.14.0 sources)"
    if follows:
        out += "; inherited subconfig fields take the base field's rule: " + ", ".join(follows)
    return out


def decode_json_default(v):
    """The Python value of a dumped default (tuples restored at top level)."""
    j = v["json"]
    if isinstance(j, dict) and set(j) == {"repr"}:
        try:
            return ast.literal_eval(v["repr"])
        except Exception:
            return Unknown(v["repr"])
    if v["pytype"] == "tuple" and isinstance(j, list):
        return tuple(j)
    return j


def clean_mismatch(rule, default):
    """Whether the rule, with none of its variables set, disagrees with the default."""
    if rule is None or rule["kind"] in ("opaque", "none", "host_int", "path", "host_str"):
        return False
    try:
        v = simulate(rule, {}, default)
    except EnvFailure:
        return True
    return repr(v) != repr(default)


def _fits(rule, key, name, by_val, default_repr, decoded):
    if clean_mismatch(rule, decoded[key]):
        return False
    for val, want in by_val.items():
        want = {k: v for k, v in want.items() if k in (key, "__error__")}
        got = effects_by_rules([(key, rule)], name, val, decoded)
        if compare_effects(want, got, {key: rule}, default_repr, val):
            return False
    return True


def fit_derived(name, unset, key, by_val, default_repr, decoded):
    """A rule for a key derived from another key's variable: the forms config.py uses
    for such keys (profile_bandwidth = _profile_var != "", profile_bandwidth_regex =
    "" if _profile_var == "1" else _profile_var), kept only if they reproduce the
    effects."""
    dflt = decoded[key]
    cands = []
    if isinstance(dflt, bool):
        for eq in ("1", unset if isinstance(unset, str) else None):
            if eq is None:
                continue
            cands.append({"kind": "eq", "vars": [name], "unset": unset, "equals": eq})
            cands.append({"kind": "ne", "vars": [name], "unset": unset, "equals": eq})
    if isinstance(dflt, str):
        cands.append({"kind": "str", "vars": [name], "unset": unset})
        cands.append({"kind": "str_map", "vars": [name], "unset": unset, "map": {"1": dflt}})
    for c in cands:
        if _fits(c, key, name, by_val, default_repr, decoded):
            return c
    return None


def fit_rule(name, by_val, default_repr, decoded):
    """A rule for a variable whose expression was not recorded, from its effects:
    the kinds tried in turn; the first one that reproduces all three values wins."""
    if name in HELPER_RULES:
        changed_keys = {k for ch in by_val.values() for k in ch if k != "__error__"}
        rule = dict(HELPER_RULES[name])
        if changed_keys:
            return rule, sorted(changed_keys)[0]
        for k, r in default_repr.items():
            if r == repr(rule.get("unset")):
                return rule, k
        return None, None
    changed_keys = sorted({k for ch in by_val.values() for k in ch if k != "__error__"})
    if not changed_keys:
        return None, None
    if len(changed_keys) != 1:
        return None, None
    key = changed_keys[0]
    dflt = decoded[key]
    cands = []
    if isinstance(dflt, bool):
        cands += [{"kind": "eq", "vars": [name], "unset": None, "equals": "1"},
                  {"kind": "eq", "vars": [name], "unset": "1", "equals": "1"}]
    if dflt is None or isinstance(dflt, bool):
        cands.append({"kind": "tristate", "vars": [name], "unset": None})
    if isinstance(dflt, int) and not isinstance(dflt, bool):
        cands.append({"kind": "int", "vars": [name], "unset": str(dflt)})
    if isinstance(dflt, float):
        cands.append({"kind": "float", "vars": [name], "unset": repr(dflt)})
    if isinstance(dflt, str) or dflt is None:
        cands.append({"kind": "str", "vars": [name], "unset": dflt})
    for c in cands:
        if _fits(c, key, name, by_val, default_repr, decoded):
            return c, key
    return None, None


# ---------------------------------------------------------------------------------
# Mode a: the torch on this Python


CLEAN_MARK = "COMPILEMODE_DUMP_SCHEMA_CLEAN"


def reexec_clean(argv):
    """Run this script again without the variables torch's config reads, so that the
    defaults written are those of a clean environment. None when nothing is set."""
    if CLEAN_MARK in os.environ:
        return None
    import importlib.util
    import subprocess

    try:
        spec = importlib.util.find_spec("torch")
        base = list(spec.submodule_search_locations)[0]
        with open(os.path.join(base, "_inductor", "config.py"), encoding="utf-8") as f:
            names = scan_env_names(ast.parse(f.read()))
    except Exception:
        return None
    set_names = sorted(n for n in names if n in os.environ)
    if not set_names:
        return None
    env = {k: v for k, v in os.environ.items() if k not in set_names}
    env[CLEAN_MARK] = ",".join(set_names)
    return subprocess.call([sys.executable, os.path.abspath(__file__)] + list(argv), env=env)


def live(made_by):
    """Mode a. Returns (doc, errors)."""
    import inspect

    import torch
    import torch._inductor
    import torch._inductor.config as cfg

    errors = []
    version = str(torch.__version__)
    modes = modes_json(torch._inductor.list_mode_options())
    copy = cfg.get_config_copy() if hasattr(cfg, "get_config_copy") else cfg.shallow_copy_dict()
    try:
        try:
            source = inspect.getsource(cfg)
        except (OSError, TypeError):
            with open(cfg.__file__, encoding="utf-8") as f:
                source = f.read()
        tree = ast.parse(source)
        aliases = {}
        cgp = os.path.join(os.path.dirname(cfg.__file__), "custom_graph_pass.py")
        if os.path.exists(cgp):
            try:
                aliases = load_aliases(cgp)
            except Exception:
                aliases = {}
        static = analyse_source(tree, source, version, aliases)
    except Exception as e:  # keep the measured part; say what is missing
        errors.append(f"reading the environment rules from {cfg.__file__} failed: {type(e).__name__}: {e}")
        static = {"keys": {}, "env_names": set(), "expr": {}}
    unverified = ""
    if static["keys"]:
        try:
            for key, lines in verify_rules(tree, source, version, static).items():
                k = static["keys"][key]
                k["env"] = {"kind": "opaque", "vars": rule_vars(k["env"]) if k["env"] else [],
                            "expr": static["expr"][key]}
        except Exception as e:
            unverified = f"rules not checked against the source ({type(e).__name__}: {e})"
            errors.append(unverified)
    try:
        from torch._environment import is_fbcode

        fb = bool(is_fbcode())
    except Exception:
        fb = not hasattr(torch.version, "git_version")
    keys, missing = [], []
    for key, v in copy.items():
        s = static["keys"].get(key)
        if s is None and static["keys"]:
            missing.append(key)
        rule = s["env"] if s else None
        if rule is not None and clean_mismatch(rule, v):
            # the rule does not reproduce what torch printed: do not guess
            rule = {"kind": "opaque", "vars": rule_vars(rule), "expr": static["expr"].get(key, "")}
        if hasattr(cfg, "get_type"):
            declared = str(cfg.get_type(key))
        elif s and s["declared_type"]:
            declared = s["declared_type"]
        else:
            declared = f"<class '{type(v).__name__}'>"
        keys.append({"key": key, "default": encode(v), "repr": repr(v), "pytype": type(v).__name__,
                     "declared_type": declared, "env": rule, "host": host_text(rule) if rule else ""})
    notes = []
    if missing:
        notes.append(f"{len(missing)} keys not found in the source: {', '.join(missing)}")
    if os.environ.get(CLEAN_MARK):
        notes.append("run without the variables " + os.environ[CLEAN_MARK].replace(",", ", "))
    if errors and not static["keys"]:
        notes.append("no environment rules: " + errors[0])
    if unverified:
        notes.append(unverified)
    doc = {
        "format": FORMAT,
        "torch": version,
        "evidence": "measured",
        "made_by": made_by or (f"{SCRIPT} v{SCRIPT_VERSION} (live) on torch {version}, Python "
                               f"{sys.version.split()[0]}, {sys.platform}; env rules read from {cfg.__file__}"
                               + "".join("; " + n for n in notes)),
        "is_fbcode": fb,
        "modes": modes,
        "keys": keys,
        "env_var_names": sorted(static["env_names"]),
    }
    return doc, errors


# ---------------------------------------------------------------------------------


def main(argv=None):
    p = argparse.ArgumentParser(description="Write a compilemode schema file (config/schema/FORMAT.md).")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--from-dumps", metavar="DIR", help="build from a real torch's dumps and check the env rules")
    g.add_argument("--from-source", metavar="DIR", help="read DIR/torch/_inductor/{config,__init__}.py statically")
    p.add_argument("--version", help="release read with --from-source (X.Y.Z)")
    p.add_argument("--made-by", help="text for made_by")
    p.add_argument("-o", "--output", help="write here instead of stdout")
    p.add_argument("-v", "--verbose", action="store_true", help="print notes and warnings to stderr")
    a = p.parse_args(argv)
    status = 0
    if a.from_dumps:
        doc, mism, notes = from_dumps(a.from_dumps, a.made_by)
        if a.verbose:
            for n in notes:
                print("note:", n, file=sys.stderr)
        for m in mism:
            print("mismatch:", m, file=sys.stderr)
        if mism:
            print(f"self-check: {len(mism)} mismatches", file=sys.stderr)
            status = 1
    elif a.from_source:
        if not a.version:
            p.error("--from-source needs --version")
        doc, warnings = from_source(a.from_source, a.version, a.made_by)
        if a.verbose:
            for w in warnings:
                print("warning:", w, file=sys.stderr)
    else:
        # Without torch importable, one line, not a traceback (sweep finding 15); find_spec
        # does not import torch, which the clean re-exec below must do first.
        if importlib.util.find_spec("torch") is None:
            print(f"dump_schema.py: cannot import torch in {sys.executable} (No module named 'torch'): "
                  "run it with the Python of the environment whose PyTorch you want described", file=sys.stderr)
            return 1
        rc = reexec_clean(sys.argv[1:] if argv is None else argv)
        if rc is not None:
            return rc
        try:
            doc, errors = live(a.made_by)
        except ImportError as e:
            print(f"dump_schema.py: cannot import torch in {sys.executable} ({e}): "
                  "run it with the Python of the environment whose PyTorch you want described", file=sys.stderr)
            return 1
        for e in errors:
            print("error:", e, file=sys.stderr)
        status = 1 if errors else 0
    text = dumps(doc)
    if a.output:
        with open(a.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return status


if __name__ == "__main__":
    sys.exit(main())
