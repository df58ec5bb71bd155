"""compilemode probe, second pass (issue 26): torch.compile calls aimed at Python's own
semantics, the environment's reach, the whole ast.literal_eval grammar, config.patch in
all its forms, mode/backend as any value, the other keyword arguments and the stage at
which each error is raised.

Each case is a dict of Python source texts (literals as a user would write them):

    mode, options, backend, dynamic, fullgraph, disable, name, recompile_limit,
    isolate_recompiles, dynamic_shapes
        torch.compile keyword arguments (each evaluated as below);
    backend_callable   "named" (a def named my_backend) or "lambda": a callable backend;
    globals            ["dotted.key = <literal>", ...] assigned to torch._inductor.config;
    patch              {"args": "<tuple literal>", "kwargs": "<dict literal>"} passed to
                       torch._inductor.config.patch(*args, **kwargs), entered with `with`
                       around torch.compile (form "with", the default) or applied as a
                       decorator to a function that calls torch.compile ("decorator");
    decorator          true: torch.compile(**kwargs) is called without the function and
                       the result is then applied to it;
    first_call         true: the compiled function is called once with torch.ones(2);
    env                {NAME: value}: the case runs in a fresh interpreter with only
                       these variables (plus PATH and HOME) set.

Every literal is read with ast.literal_eval; when literal_eval refuses it, the same text
is evaluated as a Python expression with Python's builtins, as a script's expression is
(until December 2026 it ran with none, so int('5') was a NameError; cpu_builtins.py
re-ran those cases), and the error (NameError for `false`, SyntaxError for a malformed
literal) is recorded at stage "parse", since that is what a script holding the text
raises first.

The result: {"stage": S, "error": {"exception", "module", "message"}} where S is one of
parse, import, global, patch, compile, decorate, first-call; or {"ok": true, "wrapper":
class name of the compile wrapper, "patch": the wrapper's config patch (reprs),
"changed": the effective Inductor config under that patch (keys whose repr differs from
the clean defaults), "backend_kwargs", "disabled" (torch.compile returned the function
unwrapped), and for first_call "first_call": "ok" or the exception}.

Run inside a chroot made by shared/torch-cpu/make-chroot.sh:

    cp testdata/probe/cpu_calls2.py DIR/tmp/
    chroot DIR env -i PATH=/usr/bin:/bin HOME=/root python3 /tmp/cpu_calls2.py > OUT.json
"""
import ast
import json
import os
import subprocess
import sys

SELF = os.path.abspath(__file__)


def err_text(e):
    return {"exception": type(e).__name__, "module": type(e).__module__, "message": str(e)}


def pyrepr_map(d):
    return {k: repr(v) for k, v in d.items()}


class ParseError(Exception):
    def __init__(self, e):
        self.e = e


def lit(src):
    """The value of a literal source text, as ast.literal_eval reads it; when it
    refuses, the error a script holding the text would raise."""
    try:
        return ast.literal_eval(src)
    except Exception:
        try:
            # A script's evaluation: Python's builtins are there (int('5') is 5).
            return eval(compile(src, "<literal>", "eval"), {}, {})
        except Exception as e:
            raise ParseError(e)


# --- the per-interpreter part ---------------------------------------------------------

def setup():
    global torch, C, CLEAN, WRAPPERS
    import torch as _torch
    torch = _torch
    import torch._inductor.config as _C
    C = _C
    CLEAN = pyrepr_map(C.get_config_copy())
    WRAPPERS = []
    for cls_name in ["_TorchCompileInductorWrapper", "_TorchCompileAOTInductorWrapper", "_TorchCompileWrapper"]:
        cls = getattr(torch, cls_name, None)
        if cls is None:
            continue
        orig = cls.__init__

        def make(orig, cls_name):
            def init(self, *a, **k):
                orig(self, *a, **k)
                WRAPPERS.append((cls_name, self))
            return init

        cls.__init__ = make(orig, cls_name)


def fn(x):
    return x + 1


def ident(x):
    return x


def my_backend(gm, example_inputs):
    return gm.forward


def assign_global(stmt):
    key, _, src = stmt.partition("=")
    key, value = key.strip(), lit(src.strip())
    obj = C
    parts = key.split(".")
    for p in parts[:-1]:
        obj = getattr(obj, p)
    setattr(obj, parts[-1], value)


def compile_kwargs(case):
    kwargs = {}
    for arg in ["mode", "options", "backend", "dynamic", "fullgraph", "disable", "name", "recompile_limit",
                "isolate_recompiles", "dynamic_shapes"]:
        if arg in case:
            kwargs[arg] = lit(case[arg])
    if case.get("backend_callable") == "named":
        kwargs["backend"] = my_backend
    elif case.get("backend_callable") == "lambda":
        kwargs["backend"] = lambda gm, ex: gm.forward
    return kwargs


def describe(out, compiled, case):
    out["ok"] = True
    target = ident if case.get("first_call") else fn
    out["disabled"] = compiled is target
    inductor = [(n, w) for n, w in WRAPPERS if n != "_TorchCompileWrapper"]
    others = [(n, w) for n, w in WRAPPERS if n == "_TorchCompileWrapper"]
    now = pyrepr_map(C.get_config_copy())
    if inductor:
        n, w = inductor[-1]
        out["wrapper"] = n
        patch = dict(getattr(w, "config", {}))
        out["patch"] = pyrepr_map(patch)
        with C.patch(patch):
            now = pyrepr_map(C.get_config_copy())
    elif others:
        n, w = others[-1]
        out["wrapper"] = n
        out["backend_kwargs"] = sorted(getattr(w, "kwargs", {}) or {})
    else:
        out["wrapper"] = None
    out["changed"] = {k: v for k, v in now.items() if CLEAN.get(k) != v}


def do_compile(case, out):
    """torch.compile as the case says; returns the compiled function or None (out holds the error)."""
    target = ident if case.get("first_call") else fn
    try:
        kwargs = compile_kwargs(case)
    except ParseError as pe:
        out["stage"], out["error"] = "parse", err_text(pe.e)
        return None
    try:
        if case.get("decorator"):
            deco = torch.compile(**kwargs)
        else:
            return torch.compile(target, **kwargs)
    except Exception as e:
        out["stage"], out["error"] = "compile", err_text(e)
        return None
    try:
        return deco(target)
    except Exception as e:
        out["stage"], out["error"] = "decorate", err_text(e)
        return None


def run_case(case):
    out = {}
    try:
        for g in case.get("globals", []):
            assign_global(g)
    except ParseError as pe:
        out["stage"], out["error"] = "parse", err_text(pe.e)
        return out
    except Exception as e:
        out["stage"], out["error"] = "global", err_text(e)
        return out
    p = case.get("patch")
    if p is None:
        compiled = do_compile(case, out)
        if compiled is not None:
            finish(out, compiled, case)
        return out
    try:
        args = lit(p.get("args", "()"))
        kwargs = lit(p.get("kwargs", "{}"))
    except ParseError as pe:
        out["stage"], out["error"] = "parse", err_text(pe.e)
        return out
    try:
        cm = C.patch(*args, **kwargs)
    except Exception as e:
        out["stage"], out["error"] = "patch", err_text(e)
        return out
    if p.get("form") == "decorator":
        def body():
            compiled = do_compile(case, out)
            if compiled is not None:
                finish(out, compiled, case)
        try:
            cm(body)()
        except Exception as e:
            out["stage"], out["error"] = "patch", err_text(e)
        return out
    try:
        cm.__enter__()
    except Exception as e:
        out["stage"], out["error"] = "patch", err_text(e)
        return out
    compiled = do_compile(case, out)
    if compiled is not None:
        finish(out, compiled, case)
    return out


def finish(out, compiled, case):
    if case.get("first_call"):
        try:
            compiled(torch.ones(2))
        except Exception as e:
            out["stage"], out["error"] = "first-call", err_text(e)
            return
        out["first_call"] = "ok"
    describe(out, compiled, case)


def in_child(f, *args):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            res = f(*args)
        except BaseException as e:
            res = {"probe_error": repr(e)}
        data = json.dumps(res).encode()
        with os.fdopen(w, "wb") as fh:
            fh.write(data)
        os._exit(0)
    os.close(w)
    with os.fdopen(r, "rb") as fh:
        data = fh.read()
    os.waitpid(pid, 0)
    return json.loads(data)


def fresh(case):
    """The case in a fresh interpreter with only case['env'] (plus PATH, HOME) set."""
    env = {"PATH": "/usr/bin:/bin", "HOME": "/root"}
    env.update(case["env"])
    p = subprocess.run([sys.executable, SELF, "--one", json.dumps(case), CLEAN_FILE], env=env,
                       capture_output=True, text=True)
    try:
        return json.loads(p.stdout.strip().splitlines()[-1])
    except Exception:
        return {"probe_error": p.stderr[-2000:]}


CLEAN_FILE = "/tmp/cpu_calls2_clean.json"


def one(case, clean_file):
    """The case in this interpreter; "changed" is against the clean defaults of the
    parent (an empty environment), read from clean_file."""
    global CLEAN
    try:
        import torch  # noqa: F401
    except Exception as e:
        return {"stage": "import", "error": err_text(e), "import": "torch"}
    try:
        setup()
    except Exception as e:
        return {"stage": "import", "error": err_text(e), "import": "torch._inductor.config"}
    with open(clean_file) as fh:
        CLEAN = json.load(fh)
    out = run_case(case)
    return out


# --- the cases ------------------------------------------------------------------------

STR_KEY = "max_autotune_gemm_backends"  # str, annotation-less in 2.6
FLOAT_KEY = "max_autotune_subproc_result_timeout_seconds"  # float
INT_KEY = "coordinate_descent_search_radius"  # int
BOOL_KEY = "max_autotune"


def cases():
    cs = []

    def add(label, /, **kw):
        cs.append(dict(kw, case=label))

    # 1. the literal_eval grammar, through an option of each type.
    values = [
        "1j", "-1j", "1+2j", "1-2j", "(1+2j)", "0j", "1J", "1e999", "-1e999", "1E999", "...",
        "set()", "0x_ff", "0X_FF", "0o_7", "0O7", "0b_1", "0B1", "1_000", "0_0", "00",
        "-(1)", "+1", "-(-1)", "(-1)", "-0", "-0.0", "+0.5", ".5", "5.", "1_0.5", "1e3", "1E-3",
        "0.1e1_0", "1e+3", "1.5e-300", "9007199254740993", "-9223372036854775809",
        "18446744073709551616", "1" + "0" * 4300, "1" + "0" * 4299,
        "u'ATEN'", "U'ATEN'", "r'A\\q'", "R'A\\q'", "'\\q'", "'\\N{BULLET}'", "'\\N{bullet}'",
        "'\\ud800'", "'\\udfff'", "b'x'", "B'x'", "rb'x'", "Rb'x'", "bR'x'", "BR'x'", "br'\\q'",
        "'\\x41'", "'\\101'", "'\\0'", "'\\777'", "'\\u00e9'", "'\\U0001F600'", "'''a'''", '"""a"""',
        "'a' \"b\"", "u'a' 'b'", "'a' r'\\q'", "(1,)", "()", "[]", "{}", "{1}", "{1, 2}",
        "{'a': 1}", "[1, (2, 3)]", "frozenset()", "None", "True", "False",
        "'\\u2ffc'", "'\\u31ef'", "'\\U0002ebf0'", "'\\u1c89'", "'\\U0001fae9'", "'\\U00016d41'",
        "'\\u0378'", "'\\xad'", "'\\xa0'", "'\\x85'", "'\\u200b'", "'\\u2028'", "'\\x7f'", "'\\t'",
        "'\\U000e0001'", "'\\U0010ffff'", "'\\ue000'", "'é'", "'\\''", "'\"'", "'\\'\"'",
    ]
    for v in values:
        add(f"opt str {STR_KEY}={v}", options=f"{{{STR_KEY!r}: {v}}}")
    for v in ["1j", "1e999", "-1e999", "...", "set()", "0x_ff", "-(1)", "1_0.5", ".5", "True",
              "1" + "0" * 30, "1.0", "-0.0"]:
        add(f"opt float {FLOAT_KEY}={v}", options=f"{{{FLOAT_KEY!r}: {v}}}")
    for v in ["0x_ff", "0o_7", "0b_1", "-(1)", "True", "1j", "1.0", "1" + "0" * 30, "-(-3)"]:
        add(f"opt int {INT_KEY}={v}", options=f"{{{INT_KEY!r}: {v}}}")
    # literals a script refuses: names, malformed literals
    for v in ["false", "true", "null", "none", "NULL", "nan", "inf", "'a' b'b'", "1__0", "0_",
              "01", "'\\N{NO SUCH NAME}'", "'\\x4'", "b'é'",
              "[1,,2]", "{1: 2, 3}"]:
        add(f"opt bool {BOOL_KEY}={v}", options=f"{{{BOOL_KEY!r}: {v}}}")
    # keys of every kind
    for k in ["b'max_autotune'", "1j", "...", "(1,)", "None", "True", "'max_autotune '",
              "'MAX_AUTOTUNE'", "'max-autotune'", "'triton-cudagraphs'", "'triton.cudagraphs.x'",
              "'ſ'", "'maxﾠautotune'"]:
        add(f"opt key {k}", options=f"{{{k}: True}}")
    # 2. mode as any value
    for m in ["[]", "{}", "()", "set()", "1.5", "0.0", "b''", "...", "1j", "0j", "['reduce-overhead']",
              "('reduce-overhead',)", "{'a': 1}", "'default '", "'Default'", "'reduce-overhead\\n'",
              "'max-autotune-no-cudagraphs '", "'lite'", "-1", "2", "''", "'\\x00'", "'ß'"]:
        add(f"mode={m}", mode=m)
        add(f"mode={m},backend=eager", mode=m, backend="'eager'")
    for m in ["[]", "0", "''", "None", "False"]:
        add(f"mode={m},options=None", mode=m, options="None")
        add(f"mode={m},options={{}}", mode=m, options="{}")
    # 3. backend as any value
    for b in ["1", "0", "True", "False", "[]", "b'inductor'", "...", "1j", "('inductor',)",
              "'INDUCTOR'", "'inductor\\n'", "'\\tinductor'", "'aot_eager_decomp_partition'",
              "'eager_noexcept'", "'pre_dispatch_eager'", "'aot_eager_default_partitioner'",
              "'aot_inductor'", "'inductor_'", "'indcutor'", "'eagre'", "'cudagraphs '", "'aot-eager'"]:
        add(f"backend={b}", backend=b)
    for form in ["named", "lambda"]:
        add(f"backend={form}", backend_callable=form)
        add(f"backend={form},mode=reduce-overhead", backend_callable=form, mode="'reduce-overhead'")
        add(f"backend={form},options", backend_callable=form, options="{'max_autotune': True}")
        add(f"backend={form},mode=bogus", backend_callable=form, mode="'bogus'")
    add("backend=None,mode=reduce-overhead", backend="None", mode="'reduce-overhead'")
    add("backend=None,mode=bogus", backend="None", mode="'bogus'")
    add("backend=None,options", backend="None", options="{'max_autotune': True}")
    add("backend=None,options-unknown", backend="None", options="{'no_such': 1}")
    # 4. the other arguments
    for kw, vals in [("dynamic", ["1", "0", "'yes'", "[]", "None", "2.5", "'False'"]),
                     ("fullgraph", ["True", "1", "'x'", "None", "[]"]),
                     ("disable", ["True", "1", "'x'", "None", "0", "[]"]),
                     ("name", ["'f'", "None", "1"]),
                     ("recompile_limit", ["1", "0", "None", "-1", "'8'"]),
                     ("isolate_recompiles", ["True", "1"]),
                     ("dynamic_shapes", ["None", "{}", "1"])]:
        for v in vals:
            add(f"{kw}={v}", **{kw: v})
            add(f"{kw}={v},mode=bogus", **{kw: v}, mode="'bogus'")
    add("dynamic=True,mode=reduce-overhead", dynamic="True", mode="'reduce-overhead'")
    add("dynamic=1,mode=max-autotune", dynamic="1", mode="'max-autotune'")
    add("dynamic=True,dynamic_shapes={}", dynamic="True", dynamic_shapes="{}")
    add("dynamic=False,dynamic_shapes=None", dynamic="False", dynamic_shapes="None")
    # 5. decorator form and first call
    for name, kw in [("mode=bogus", dict(mode="'bogus'")),
                     ("mode+options", dict(mode="'default'", options="{}")),
                     ("options-unknown", dict(options="{'no_such': 1}")),
                     ("backend=bogus", dict(backend="'bogus'")),
                     ("mode=reduce-overhead", dict(mode="'reduce-overhead'")),
                     ("plain", dict())]:
        add(f"decorator {name}", decorator=True, **kw)
    for name, kw in [("guard_filter_fn=1", dict(options="{'guard_filter_fn': 1}")),
                     ("guard_filter_fn=None", dict(options="{'guard_filter_fn': None}")),
                     ("guard_filter_fn='x'", dict(options="{'guard_filter_fn': 'x'}")),
                     ("backend=None", dict(backend="None")),
                     ("backend=eager", dict(backend="'eager'")),
                     ("backend=named", dict(backend_callable="named")),
                     ("backend=eager,mode=reduce-overhead", dict(backend="'eager'", mode="'reduce-overhead'")),
                     ("backend=eager,options", dict(backend="'eager'", options="{'max_autotune': True}")),
                     ("backend=cudagraphs,mode=reduce-overhead", dict(backend="'cudagraphs'", mode="'reduce-overhead'")),
                     ("backend=aot_eager,options", dict(backend="'aot_eager'", options="{'x': 1}")),
                     ("disable=True", dict(disable="True")),
                     ("plain", dict())]:
        add(f"first-call {name}", first_call=True, **kw)
    # 6. config.patch in all its forms
    patches = [
        ("key-value", "('max_autotune', True)", "{}"),
        ("dict", "({'max_autotune': True},)", "{}"),
        ("kwargs", "()", "{'max_autotune': True}"),
        ("dotted-dict", "({'triton.cudagraphs': True},)", "{}"),
        ("dotted-key-value", "('triton.cudagraphs', True)", "{}"),
        ("dotted-kwargs", "()", "{'triton.cudagraphs': True}"),
        ("dash-key", "('max-autotune', True)", "{}"),
        ("dash-dict", "({'max-autotune': True},)", "{}"),
        ("key-None", "('max_autotune', None)", "{}"),
        ("key-only", "('max_autotune',)", "{}"),
        ("list", "(['max_autotune'],)", "{}"),
        ("tuple-pairs", "((('max_autotune', True),),)", "{}"),
        ("int-key", "(1, True)", "{}"),
        ("dict+kwargs", "({'max_autotune': True},)", "{'max_autotune_gemm': True}"),
        ("key-value+kwargs", "('max_autotune', True)", "{'max_autotune_gemm': True}"),
        ("empty", "()", "{}"),
        ("empty-dict", "({},)", "{}"),
        ("None", "(None,)", "{}"),
        ("None-value", "(None, True)", "{}"),
        ("unknown", "('no_such', 1)", "{}"),
        ("unknown-dict", "({'no_such': 1},)", "{}"),
        ("unknown-nested", "('triton.no_such', 1)", "{}"),
        ("wrong-type", "('max_autotune', 'yes')", "{}"),
        ("subconfig", "('triton', 1)", "{}"),
        ("alias", "('use_static_triton_launcher', True)", "{}"),
        ("value-False", "('max_autotune', False)", "{}"),
        ("value-0", "('max_autotune', 0)", "{}"),
        ("bytes-key", "(b'max_autotune', True)", "{}"),
        ("three-args", "('max_autotune', True, 1)", "{}"),
        ("str-arg", "('max_autotune=True',)", "{}"),
    ]
    for name, args, kwargs in patches:
        add(f"patch {name}", patch={"args": args, "kwargs": kwargs})
    for name, args, kwargs in patches[:10]:
        add(f"patch {name} (decorator)", patch={"args": args, "kwargs": kwargs, "form": "decorator"})
    add("patch cudagraphs + mode=max-autotune-no-cudagraphs", patch={"args": "('triton.cudagraphs', True)"},
        mode="'max-autotune-no-cudagraphs'")
    add("patch cudagraphs=False + mode=reduce-overhead", patch={"args": "('triton.cudagraphs', False)"},
        mode="'reduce-overhead'")
    add("patch + global", patch={"args": "('max_autotune', False)"}, globals=["max_autotune = True"])
    add("patch + options", patch={"args": "('max_autotune', True)"}, options="{'max_autotune': False}")
    add("patch + mode=bogus", patch={"args": "('max_autotune', True)"}, mode="'bogus'")
    # 7. global assignments
    for g in ["triton = 1", "max_autotune.real = 1", "max_autotune_gemm_backends.x = 1",
              "compile_threads.x = 1", "cpp.cxx.x = 1", "triton.cudagraphs.real = 1",
              "triton.cudagraphs.x.y = 1", "max_autotune = false", "max_autotune = 1j",
              "max_autotune = set()", "max_autotune = ...", "triton.cudagraphs = None",
              "worker_log_path = 'x'", "cuda.arch.x = 1", "no_such.x = 1", "_private = 1",
              "max_autotune = 1e999", "max_autotune_gemm_backends = 'ß'",
              "max_autotune_gemm_backends = u'x'", "max_autotune_gemm_backends = '\\N{BULLET}'"]:
        add(f"global {g}", globals=[g])
    # 8. the environment (each case in a fresh interpreter)
    envs = []
    radius = "TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS"
    for v in ["\x1c1", "1\x1f", "\x1d1\x1e", " 1 ", "\u20031\u2003", "\u30001", "\x0c1\x0b", "\x851",
              "+1", "--1", "+-1", "1" * 4300, "1" * 4301, "١", "𝟏", "\u0f21", "\U00016d41",
              "\U00011bf1", "\U0001e5f1", "\U0001ccf1", "\U00010d41", "1_", "_1", "١_٢", "0b1", "0x1"]:
        envs.append((f"env {radius}={v!r}", {radius: v}, {}))
    gemm = "TORCHINDUCTOR_MAX_AUTOTUNE_GEMM_BACKENDS"
    for v in ["aten,ß", "ﬁ", "ŉ", "ǰ", "ΐ", "ﬀ", "ǅ", "ı", "ſ", "ß\u0301", "ᾳ", "\U0001e922"]:
        envs.append((f"env {gemm}={v!r}", {gemm: v}, {}))
    envs += [
        ("env PROFILE_OUTPUT + option str", {"TORCHINDUCTOR_PROFILE_OUTPUT": "/tmp/x"},
         {"options": "{'profile_bandwidth_output': '/tmp/y'}"}),
        ("env none + option profile str", {}, {"options": "{'profile_bandwidth_output': '/tmp/y'}"}),
        ("env PROFILE_OUTPUT + option None", {"TORCHINDUCTOR_PROFILE_OUTPUT": "/tmp/x"},
         {"options": "{'profile_bandwidth_output': None}"}),
        ("env GEMM_CACHE_BLOCKING + option str", {"TORCHINDUCTOR_CPP_GEMM_CACHE_BLOCKING": "1,1,1"},
         {"options": "{'cpp.gemm_cache_blocking': '2,2,2'}"}),
        ("env none + option gemm_cache_blocking str", {}, {"options": "{'cpp.gemm_cache_blocking': '2,2,2'}"}),
        ("env BISECT_BACKEND=eager + mode", {"TORCH_BISECT_BACKEND": "eager"}, {"mode": "'reduce-overhead'"}),
        ("env BISECT_BACKEND=bogus", {"TORCH_BISECT_BACKEND": "bogus"}, {}),
        ("env BISECT_BACKEND=aot_eager + options", {"TORCH_BISECT_BACKEND": "aot_eager"},
         {"options": "{'max_autotune': True}"}),
        ("env BISECT_BACKEND=inductor + backend=eager", {"TORCH_BISECT_BACKEND": "inductor"},
         {"backend": "'eager'", "mode": "'reduce-overhead'"}),
        ("env BISECT_BACKEND='' ", {"TORCH_BISECT_BACKEND": ""}, {"mode": "'reduce-overhead'"}),
        ("env OVERRIDE_INDUCTOR_CONFIGS", {"TORCH_COMPILE_OVERRIDE_INDUCTOR_CONFIGS": "max_autotune=1"},
         {"first_call": True}),
        ("env OVERRIDE_BACKENDS", {"TORCH_COMPILE_OVERRIDE_BACKENDS": "eager"}, {"first_call": True}),
        ("env TORCH_COMPILE_DISABLE=0", {"TORCH_COMPILE_DISABLE": "0"}, {}),
        ("env TORCH_COMPILE_DISABLE=1", {"TORCH_COMPILE_DISABLE": "1"}, {}),
        ("env TORCH_COMPILE_DISABLE=''", {"TORCH_COMPILE_DISABLE": ""}, {}),
        ("env TORCHDYNAMO_REPRO_LEVEL=abc", {"TORCHDYNAMO_REPRO_LEVEL": "abc"}, {}),
        ("env TORCHDYNAMO_REPRO_LEVEL=\\x1c3", {"TORCHDYNAMO_REPRO_LEVEL": "\x1c3"}, {}),
        ("env TORCHDYNAMO_TRANSLATION_VALIDATION_TIMEOUT=abc",
         {"TORCHDYNAMO_TRANSLATION_VALIDATION_TIMEOUT": "abc"}, {}),
        ("env TORCHDYNAMO_SUPPRESS_ERRORS=0", {"TORCHDYNAMO_SUPPRESS_ERRORS": "0"}, {}),
        ("env TORCHINDUCTOR_MULTI_KERNEL=abc", {"TORCHINDUCTOR_MULTI_KERNEL": "abc"}, {}),
        ("env TORCHINDUCTOR_CPP_MIN_CHUNK_SIZE=١٠", {"TORCHINDUCTOR_CPP_MIN_CHUNK_SIZE": "١٠"}, {}),
        ("env TORCHINDUCTOR_COMPILE_THREADS=\\x1f2", {"TORCHINDUCTOR_COMPILE_THREADS": "\x1f2"}, {}),
        ("env TORCHINDUCTOR_CACHE_DIR + mode", {"TORCHINDUCTOR_CACHE_DIR": "/tmp/c"}, {"mode": "'reduce-overhead'"}),
        ("env CUDAGRAPHS=1 + patch False", {"TORCHINDUCTOR_CUDAGRAPHS": "1"},
         {"patch": {"args": "('triton.cudagraphs', False)"}}),
        ("env CUDAGRAPHS=1 + mode=max-autotune-no-cudagraphs", {"TORCHINDUCTOR_CUDAGRAPHS": "1"},
         {"mode": "'max-autotune-no-cudagraphs'"}),
    ]
    for name, env, kw in envs:
        add(name, env=env, **kw)
    return cs


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--one":
        print(json.dumps(one(json.loads(sys.argv[2]), sys.argv[3])))
        return
    run_probe(cases(), "the probe's")


def run_probe(case_list, docstring_of):
    """Runs every case of case_list (each in a forked child, or with 'env' in a fresh
    interpreter) and prints the dump; docstring_of names where the fields are described."""
    setup()
    with open(CLEAN_FILE, "w") as fh:
        json.dump(CLEAN, fh)
    torch.compile(fn)  # warm: the lazy imports happen before any fork
    WRAPPERS.clear()
    out = {
        "torch": torch.__version__,
        "python": sys.version.split()[0],
        "unicode": __import__("unicodedata").unidata_version,
        "how": ("One process imported torch; each case ran in a forked child of it, or, with "
                "'env', in a fresh interpreter with only those variables set. See "
                + docstring_of + " docstring for each field."),
        "host": {"cpus": len(os.sched_getaffinity(0)), "cwd": os.getcwd()},
    }
    res = {}
    for c in case_list:
        call = {k: v for k, v in c.items() if k != "case"}
        if c["case"] in res:
            raise SystemExit("duplicate case " + c["case"])
        r = fresh(c) if "env" in c else in_child(run_case, c)
        res[c["case"]] = {"call": call, "result": r}
    out["calls"] = res
    json.dump(out, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")

if __name__ == "__main__":
    main()
