"""compilemode probe: what a CPU build of PyTorch says about torch.compile's arguments.

One process imports torch once; each torch.compile call then runs in its own forked child
(so global assignments and patches never leak between cases) and reports either the
exception (class, module, message) or, when accepted, the patch the compile wrapper holds
and the effective config the compile would see (keys whose repr differs from the clean
defaults, with that patch applied the way compile_fx applies it: config.patch). Nothing is
compiled: torch.compile validates its arguments eagerly and compiles at the first call,
which these cases never make.

Also: versions, the mode table (list_mode_options per mode, in order), the registered
backends, the per-thread view of global assignments, alias keys and the CUDA-graph keys
(re-record limits among them).

Run inside a chroot made by shared/torch-cpu/make-chroot.sh:

    cp testdata/probe/cpu_static.py DIR/tmp/
    chroot DIR env -i PATH=/usr/bin:/bin HOME=/root python3 /tmp/cpu_static.py > OUT.json
"""
import ast
import json
import os
import sys
import threading

import torch
import torch._dynamo
import torch._inductor
import torch._inductor.config as C


def err_text(e):
    return {"exception": type(e).__name__, "module": type(e).__module__, "message": str(e)}


def pyrepr_map(d):
    return {k: repr(v) for k, v in d.items()}


CLEAN = pyrepr_map(C.get_config_copy())


def fn(x):
    return x + 1


# Record every Inductor compile wrapper torch.compile builds (its .config is the patch).
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

torch.compile(fn)  # warm: the lazy imports happen before any fork
WRAPPERS.clear()


def assign_global(stmt):
    """stmt is 'dotted.key = literal'; assigns torch._inductor.config.dotted.key."""
    key, _, lit = stmt.partition("=")
    key, value = key.strip(), ast.literal_eval(lit.strip())
    obj = C
    parts = key.split(".")
    for p in parts[:-1]:
        obj = getattr(obj, p)
    setattr(obj, parts[-1], value)


def read_path(path):
    """repr of the value at a dotted path such as torch.compiler.config.force_disable_caches."""
    import importlib
    mod, _, attr = path.rpartition(".")
    try:
        obj = importlib.import_module(mod)
    except ImportError:
        # a subconfig: torch._inductor.config.triton.cudagraphs
        head, _, sub = mod.rpartition(".")
        obj = getattr(importlib.import_module(head), sub)
    try:
        return repr(getattr(obj, attr))
    except Exception as e:
        return f"<{type(e).__name__}: {e}>"


def run_case(case):
    kwargs = {}
    for arg in ["mode", "options", "backend", "dynamic"]:
        if arg in case:
            kwargs[arg] = ast.literal_eval(case[arg])
    out = {}
    try:
        for g in case.get("globals", []):
            assign_global(g)
    except Exception as e:
        out["stage"] = "global"
        out["error"] = err_text(e)
        return out
    try:
        torch.compile(fn, **kwargs)
    except Exception as e:
        out["stage"] = "compile"
        out["error"] = err_text(e)
        return out
    out["ok"] = True
    if case.get("read"):
        out["read"] = {p: read_path(p) for p in case["read"]}
    inductor = [(n, w) for n, w in WRAPPERS if n != "_TorchCompileWrapper"]
    others = [(n, w) for n, w in WRAPPERS if n == "_TorchCompileWrapper"]
    if inductor:
        n, w = inductor[-1]
        out["wrapper"] = n
        patch = dict(getattr(w, "config", {}))
        out["patch"] = pyrepr_map(patch)
        with C.patch(patch):
            eff = pyrepr_map(C.get_config_copy())
            if case.get("read"):
                out["read_in_patch"] = {p: read_path(p) for p in case["read"]}
        out["changed"] = {k: v for k, v in eff.items() if CLEAN.get(k) != v}
        for attr in ["use_aoti", "dynamic"]:
            if hasattr(w, attr):
                out["wrapper_" + attr] = repr(getattr(w, attr))
    elif others:
        n, w = others[-1]
        out["wrapper"] = n
        out["backend_kwargs"] = sorted(getattr(w, "kwargs", {}) or {})
        out["changed"] = {k: v for k, v in pyrepr_map(C.get_config_copy()).items() if CLEAN.get(k) != v}
    else:
        out["wrapper"] = None
        out["changed"] = {k: v for k, v in pyrepr_map(C.get_config_copy()).items() if CLEAN.get(k) != v}
    return out


def in_child(f, *args):
    """Run f(*args) in a forked child; return its JSON-able result."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            res = f(*args)
        except BaseException as e:  # report, never escape the child
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


def alias_keys():
    """Keys declared Config(alias=...), with their targets."""
    out = {}
    cfg = getattr(C, "_config", {})
    for k, entry in cfg.items():
        alias = getattr(entry, "alias", None)
        if alias:
            out[k] = alias
    return out


def cases():
    cs = []

    def add(name, **kw):
        cs.append(dict(name=name, **kw))

    for m in ["'default'", "'reduce-overhead'", "'max-autotune'", "'max-autotune-no-cudagraphs'",
              "'lite'", "''", "None", "'bogus'", "'REDUCE-OVERHEAD'", "'reduce_overhead'", "'None'",
              "' default'", "1", "True", "0", "False", "b'default'"]:
        add("mode=" + m, mode=m)
    add("mode=reduce-overhead,dynamic=True", mode="'reduce-overhead'", dynamic="True")
    add("mode=reduce-overhead,dynamic=False", mode="'reduce-overhead'", dynamic="False")
    add("mode=max-autotune,dynamic=None", mode="'max-autotune'", dynamic="None")
    # mode and options together
    add("mode=reduce-overhead,options=cudagraphs-off", mode="'reduce-overhead'", options="{'triton.cudagraphs': False}")
    add("mode=default,options={}", mode="'default'", options="{}")
    add("mode='',options={}", mode="''", options="{}")
    add("mode=None,options={}", mode="None", options="{}")
    add("mode=None,options=None", mode="None", options="None")
    add("mode=reduce-overhead,options=None", mode="'reduce-overhead'", options="None")
    add("mode=default,options=None", mode="'default'", options="None")
    add("mode=bogus,options=None", mode="'bogus'", options="None")
    add("mode=bogus,options={}", mode="'bogus'", options="{}")
    add("mode=1,options={}", mode="1", options="{}")
    # options alone
    opt_cases = {
        "empty": "{}",
        "None": "None",
        "max_autotune": "{'max_autotune': True}",
        "dash-key": "{'max-autotune': True}",
        "nested-dash": "{'triton.cudagraph-trees': False}",
        "legacy-cudagraphs": "{'triton.cudagraphs': True, 'triton.cudagraph_trees': False}",
        "unknown": "{'no_such_knob': 1}",
        "unknown-nested": "{'triton.no_such_knob': 1}",
        "str-for-bool": "{'max_autotune': 'yes'}",
        "int-for-bool": "{'max_autotune': 1}",
        "float-for-int": "{'coordinate_descent_search_radius': 1.5}",
        "true-for-int": "{'coordinate_descent_search_radius': True}",
        "int-for-float": "{'max_autotune_subproc_result_timeout_seconds': 60}",
        "none-for-str": "{'max_autotune_gemm_backends': None}",
        "int-for-nonetype": "{'worker_log_path': 1}",
        "none-for-nonetype": "{'worker_log_path': None}",
        "optional-int-int": "{'sleep_sec_TESTING_ONLY': 1}",
        "optional-int-str": "{'sleep_sec_TESTING_ONLY': 'x'}",
        "literal-str": "{'triton_kernel_default_layout_constraint': 'flexible_layout'}",
        "literal-bad": "{'triton_kernel_default_layout_constraint': 'bogus'}",
        "list-key-int": "{'_fuse_ddp_communication_passes': 1}",
        "rerecord-limit-0": "{'triton.cudagraph_unexpected_rerecord_limit': 0}",
        "rerecord-limit-true": "{'triton.cudagraph_unexpected_rerecord_limit': True}",
        "skip-dynamic": "{'triton.cudagraphs': True, 'triton.cudagraph_skip_dynamic_graphs': True}",
        "list": "[1, 2]",
        "tuple": "(('max_autotune', True),)",
        "str": "'max_autotune'",
        "int-key": "{1: True}",
        "set": "{'max_autotune'}",
        "adjacent-strings": "{'max_' 'autotune': True}",
        "guard_filter_fn-None": "{'guard_filter_fn': None}",
        "use_aoti-True": "{'use_aoti': True}",
        "use_aoti-False": "{'use_aoti': False}",
        "use_aoti-1+max_autotune": "{'use_aoti': 1, 'max_autotune': True}",
        "empty-list": "[]",
        "empty-str": "''",
        "zero": "0",
        "empty-tuple": "()",
        "False": "False",
        "cpp_wrapper": "{'cpp_wrapper': True}",
        "graph_partition": "{'graph_partition': True}",
    }
    for n, o in opt_cases.items():
        add("options=" + n, options=o)
    # backends
    for b in ["'inductor'", "'eager'", "'aot_eager'", "'cudagraphs'", "'bogus'", "'inducto'",
              "'Inductor'", "'inductor '", "''", "None", "'onnxrt'", "'tvm'", "'openxla'", "'ts'",
              "'aot_ts'", "'invoke_subgraph'", "'eagr'", "'aot_eagr'", "'cudagraph'", "'tensorrt'",
              "'torch_tensorrt'", "'ipex'", "'tvm_meta_schedule'", "'eager_debug'"]:
        add("backend=" + b, backend=b)
    add("backend=eager,mode=reduce-overhead", backend="'eager'", mode="'reduce-overhead'")
    add("backend=eager,options=max_autotune", backend="'eager'", options="{'max_autotune': True}")
    add("backend=eager,mode+options", backend="'eager'", mode="'default'", options="{}")
    add("backend=bogus,mode+options", backend="'bogus'", mode="'default'", options="{}")
    add("backend=bogus,mode=bogus", backend="'bogus'", mode="'bogus'")
    add("backend=eager,mode=bogus", backend="'eager'", mode="'bogus'")
    add("backend=cudagraphs,mode=reduce-overhead", backend="'cudagraphs'", mode="'reduce-overhead'")
    # globals
    for g in ["no_such_knob = 1", "triton.no_such_knob = 1", "nosuch.knob = 1",
              "triton.cudagraphs.x = 1", "max_autotune = 'yes'", "triton.cudagraphs = True",
              "triton.cudagraph_unexpected_rerecord_limit = 0"]:
        add("global " + g, globals=[g])
    add("global cudagraphs + mode=max-autotune-no-cudagraphs", globals=["triton.cudagraphs = True"],
        mode="'max-autotune-no-cudagraphs'")
    add("global cudagraphs=False + mode=reduce-overhead", globals=["triton.cudagraphs = False"],
        mode="'reduce-overhead'")
    add("global max_autotune + options", globals=["max_autotune = True"], options="{'triton.cudagraphs': True}")
    for k, target in sorted(alias_keys().items()):
        cur = read_path(target)
        if cur in ("True", "False"):
            val = "False" if cur == "True" else "True"
        else:
            try:
                v = ast.literal_eval(cur)
                val = repr(v + 1) if isinstance(v, int) and not isinstance(v, bool) else None
            except Exception:
                val = None
        if val is not None:
            add(f"alias global {k}", globals=[f"{k} = {val}"], read=[target, "torch._inductor.config." + k])
            add(f"alias option {k}", options=f"{{{k!r}: {val}}}", read=[target, "torch._inductor.config." + k])
    return cs


def mode_table():
    out = {}
    try:
        modes_all = torch._inductor.list_mode_options()
        out["list_mode_options()"] = [[k, pyrepr_map(v)] for k, v in modes_all.items()]
    except Exception as e:
        out["list_mode_options()"] = err_text(e)
    names = ["default", "lite", "reduce-overhead", "max-autotune-no-cudagraphs", "max-autotune"]
    out["per_mode"] = {}
    for m in names + ["", "bogus", None, 1]:
        try:
            got = torch._inductor.list_mode_options(m)
            out["per_mode"][repr(m)] = [[k, repr(v)] for k, v in got.items()]
        except Exception as e:
            out["per_mode"][repr(m)] = err_text(e)
    for m in [True, False]:
        try:
            got = torch._inductor.list_mode_options(m, m)
            out["per_mode"][f"({m!r}, dynamic={m!r})"] = [[k, repr(v)] for k, v in got.items()]
        except Exception as e:
            out["per_mode"][f"({m!r}, dynamic={m!r})"] = err_text(e)
    return out


def backends():
    out = {"list_backends": torch._dynamo.list_backends(),
           "list_backends_all": torch._dynamo.list_backends(exclude_tags=())}
    try:
        import onnxruntime  # noqa: F401
        out["onnxruntime_importable"] = True
    except Exception as e:
        out["onnxruntime_importable"] = f"{type(e).__name__}: {e}"
    return out


def thread_view():
    """Set a global in the main thread, read it in a new thread; and the reverse."""
    def run():
        res = {}
        base = C.triton.cudagraphs
        C.triton.cudagraphs = not base
        seen = {}
        t = threading.Thread(target=lambda: seen.update(v=C.triton.cudagraphs, copy=C.get_config_copy()["triton.cudagraphs"]))
        t.start(); t.join()
        res["main_set_main_reads"] = C.triton.cudagraphs
        res["main_set_thread_reads"] = seen["v"]
        res["main_set_thread_get_config_copy"] = seen["copy"]
        C.triton.cudagraphs = base
        def inner():
            C.max_autotune = True
            seen["inner_self"] = C.max_autotune
        t = threading.Thread(target=inner)
        t.start(); t.join()
        res["thread_set_thread_reads"] = seen["inner_self"]
        res["thread_set_main_reads"] = C.max_autotune
        # a patch (context manager) in the main thread, read in a thread
        with C.patch({"triton.cudagraphs": True}):
            t = threading.Thread(target=lambda: seen.update(p=C.triton.cudagraphs))
            t.start(); t.join()
            res["main_patch_thread_reads"] = seen["p"]
            res["main_patch_main_reads"] = C.triton.cudagraphs
        res["default_triton.cudagraphs"] = base
        return res
    return in_child(run)


def cudagraph_keys():
    keys = [k for k in CLEAN if "rerecord" in k or "static_input" in k or "cudagraph" in k]
    return {k: CLEAN[k] for k in keys}


def main():
    out = {
        "torch": torch.__version__,
        "python": sys.version.split()[0],
        "cuda_available": torch.cuda.is_available(),
        "how": ("One process imported torch; each case ran torch.compile(fn, **kwargs) in a forked "
                "child (kwargs as Python literals; 'globals' assigned first to "
                "torch._inductor.config). No compile happens (fn is never called)."),
        "host": {"cpus": len(os.sched_getaffinity(0)), "cwd": os.getcwd()},
        "clean_defaults_count": len(CLEAN),
        "modes": mode_table(),
        "backends": backends(),
        "alias_keys": alias_keys(),
        "cudagraph_keys": cudagraph_keys(),
    }
    res = {}
    for c in cases():
        r = in_child(run_case, c)
        res[c["name"]] = {"call": {k: v for k, v in c.items() if k != "name"}, "result": r}
    out["calls"] = res
    out["thread_view"] = thread_view()
    json.dump(out, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")


main()
