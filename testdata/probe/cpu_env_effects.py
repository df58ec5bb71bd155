"""compilemode probe: the effect of each environment variable torch._inductor.config reads.

For every variable, set alone to "1", "0" and "abc" (and, for one variable of each rule
kind, a longer list of edge values), which config keys differ (by repr) from the clean
environment, or which exception importing the config raises. The output has the shape of
testdata/torch/2.11/torch_env_effects.json ("effects"), plus "edge_effects" and
"verification".

Importing torch takes seconds, so the process imports it once and then re-executes only
torch/_inductor/config.py's code, as a fresh module object, under each environment
(install_config_module reads the environment when the module body runs). "verification"
repeats a sample in fresh interpreters (one `import torch._inductor.config` per
environment) and records whether both methods agree.

Run inside a chroot made by shared/torch-cpu/make-chroot.sh:

    cp testdata/probe/cpu_env_effects.py SCHEMA.json DIR/tmp/
    chroot DIR env -i PATH=/usr/bin:/bin HOME=/root python3 /tmp/cpu_env_effects.py \
        /tmp/SCHEMA.json > OUT.json
"""
import importlib.util
import json
import os
import re
import subprocess
import sys
import time
import types

BASE_ENV = {"PATH": "/usr/bin:/bin", "HOME": "/root"}
VALUES = ["1", "0", "abc"]
EDGE_VALUES = [
    "true", "True", "TRUE", "yes", "on", "false", "None", "", " 1", "1 ", "01", "1.0",
    "-1", "+5", "1_0", " 3 ", "0x10", "\u0661\u0662", "\uff11\uff12", "\u0661", "2",
]
# Always given the edge values; one variable of each rule kind in the schema is added.
EDGE_VARS = [
    "TORCHINDUCTOR_CUDAGRAPHS", "TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS",
    "TORCHINDUCTOR_CUDAGRAPH_OR_ERROR", "TORCHINDUCTOR_MAX_AUTOTUNE",
    "TORCHINDUCTOR_COMPILE_THREADS", "TORCHINDUCTOR_PROFILE",
    "TORCHINDUCTOR_FX_GRAPH_CACHE", "TORCHINDUCTOR_FX_GRAPH_REMOTE_CACHE",
]

import torch  # noqa: E402  (slow; once)
import torch._inductor.config as real_config  # noqa: E402

CONFIG_PATH = real_config.__file__
with open(CONFIG_PATH) as f:
    CONFIG_SRC = f.read()
CONFIG_CODE = compile(CONFIG_SRC, CONFIG_PATH, "exec")


def fresh_module_config(env):
    """Run config.py's code as a new module under env; return {key: repr} or an error."""
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(BASE_ENV)
    os.environ.update(env)
    name = "torch._inductor._compilemode_probe_config"
    mod = types.ModuleType(name)
    mod.__file__ = CONFIG_PATH
    mod.__package__ = "torch._inductor"
    sys.modules[name] = mod
    try:
        exec(CONFIG_CODE, mod.__dict__)
        m = sys.modules[name]
        return {k: repr(v) for k, v in m.get_config_copy().items()}
    except Exception as e:  # the import error is the measurement
        return {"__error__": f"{type(e).__name__}: {e}"}
    finally:
        sys.modules.pop(name, None)
        os.environ.clear()
        os.environ.update(saved)


FRESH = r"""
import json, torch._inductor.config as C
print(json.dumps({k: repr(v) for k, v in C.get_config_copy().items()}))
"""


def fresh_process_config(env):
    e = dict(BASE_ENV)
    e.update(env)
    p = subprocess.run([sys.executable, "-c", FRESH], env=e, capture_output=True, text=True)
    if p.returncode != 0:
        last = [l for l in p.stderr.strip().splitlines() if l.strip()][-1]
        return {"__error__": last}
    return json.loads(p.stdout)


def diff(clean, got):
    if "__error__" in got:
        return {"__error__": got["__error__"]}
    return {k: v for k, v in got.items() if clean.get(k) != v}


def variables_read(schema):
    """The schema's env_var_names, plus every upper-case string literal in config.py
    that reads like a variable name (a superset: extra names simply change nothing)."""
    names = set(schema.get("env_var_names", []))
    for m in re.finditer(r"""["']([A-Z][A-Z0-9_]*_[A-Z0-9_]+)["']""", CONFIG_SRC):
        names.add(m.group(1))
    return sorted(names)


def main():
    t0 = time.time()
    schema = json.load(open(sys.argv[1])) if len(sys.argv) > 1 else {}
    clean = fresh_module_config({})
    names = variables_read(schema)
    effects = {}
    for n in names:
        effects[n] = {v: diff(clean, fresh_module_config({n: v})) for v in VALUES}
    edge_vars = list(EDGE_VARS)
    seen_kinds = set()
    for k in schema.get("keys", []):
        env = k.get("env")
        if env and env["kind"] not in seen_kinds:
            seen_kinds.add(env["kind"])
            for v in env.get("vars", [])[:1]:
                if v not in edge_vars:
                    edge_vars.append(v)
    edge = {}
    for n in edge_vars:
        edge[n] = {v: diff(clean, fresh_module_config({n: v})) for v in EDGE_VALUES}
    t_exec = time.time() - t0

    # Verification: the same answers from fresh interpreters, for a sample.
    sample = [(n, v) for n in ["TORCHINDUCTOR_CUDAGRAPHS", "TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS",
                               "TORCHINDUCTOR_FX_GRAPH_CACHE", "TORCHINDUCTOR_COMPILE_THREADS",
                               "TORCHINDUCTOR_CUDAGRAPH_OR_ERROR", "TORCHINDUCTOR_PROFILE",
                               "CXX", "TORCHINDUCTOR_CUTLASS_DIR"]
              if n in names for v in VALUES]
    sample += [("TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS", "\u0661\u0662"), ("TORCHINDUCTOR_CUDAGRAPHS", "true")]
    fresh_clean = fresh_process_config({})
    verification = {"clean_agrees": fresh_clean == clean, "cases": []}
    for n, v in sample:
        a = diff(clean, fresh_module_config({n: v}))
        b = diff(fresh_clean, fresh_process_config({n: v}))
        verification["cases"].append({"var": n, "value": v, "agree": a == b, "fresh_process": b})
    verification["all_agree"] = verification["clean_agrees"] and all(c["agree"] for c in verification["cases"])

    out = {
        "torch": torch.__version__,
        "python": sys.version.split()[0],
        "host": {"cpus": len(os.sched_getaffinity(0)), "cwd": os.getcwd()},
        "how": ("Each variable set alone (the environment otherwise only PATH and HOME) to each "
                "value; listed are the config keys whose repr differs from the clean environment, "
                "or __error__ with the exception importing torch._inductor.config raised. "
                "Measured by re-executing config.py's code in one process that imported torch once; "
                "'verification' repeats a sample in fresh interpreters."),
        "seconds_reexec": round(t_exec, 1),
        "variables": names,
        "effects": effects,
        "edge_values": EDGE_VALUES,
        "edge_effects": edge,
        "verification": verification,
    }
    json.dump(out, sys.stdout, indent=1, ensure_ascii=False, sort_keys=False)
    sys.stdout.write("\n")


main()
