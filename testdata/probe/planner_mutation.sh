#!/bin/bash
# GPU request from the "planner" helper: the legacy implementation (triton.cudagraph_trees=False)
# with mutated inputs and buffers on PyTorch 2.11, with and without
# triton.cudagraph_support_input_mutation and graph_partition, and a mutated input beside a
# CPU scalar. Self-contained: writes the probe (based on /work/shared/probe/torch_truth.py) and
# runs it with python3 (PyTorch 2.11 on one H200); prints every result as JSON, then one
# SUMMARY line per scenario. Output file: $OUT/planner_scenarios.json (OUT defaults to /tmp/out).
set -u
OUT=${OUT:-/tmp/out}; export OUT; mkdir -p "$OUT"
python3 -c 'import torch, sys; print("torch", torch.__version__, "cuda", torch.version.cuda, "python", sys.version.split()[0], "gpus", torch.cuda.device_count())'
P=$(mktemp /tmp/planner_probe.XXXXXX.py)
cat > "$P" <<'PYEOF'
"""planner request (issue 21 helper \"planner\"), based on /work/shared/probe/torch_truth.py. Ground truth from the real PyTorch on the GPU machine: each scenario runs in its own process
(so a crash stays contained) and its outcome, errors, tracebacks, cudagraph log lines and inductor
counters go to $OUT/torch_scenarios.json.

Run there:  PAR=8 python3 torch_truth.py [SCENARIO ...]   (use the two-GPU machine for scenarios with 2 GPUs)
"""
import json, os, subprocess, sys, textwrap, concurrent.futures as cf

OUT = os.environ.get("OUT", "/tmp/out")
os.makedirs(OUT, exist_ok=True)

HARNESS = textwrap.dedent(r'''
import os, sys, json, threading, traceback, logging
import torch
spec = json.loads(sys.argv[2])
res = {"scenario": sys.argv[1]}
logs = []
class H(logging.Handler):
    def emit(self, r):
        try: logs.append(r.getMessage()[:500])
        except Exception: pass
for name in ["torch._inductor", "torch._inductor.compile_fx", "torch._inductor.cudagraph_trees", "torch._inductor.cudagraph_utils", "torch._inductor.utils"]:
    lg = logging.getLogger(name); lg.addHandler(H()); lg.setLevel(logging.DEBUG)
import torch._inductor.config as icfg
from torch._dynamo.utils import counters
for k, v in spec.get("patch", {}).items():
    obj = icfg
    parts = k.split(".")
    for p in parts[:-1]:
        obj = getattr(obj, p)
    setattr(obj, parts[-1], v)
res["effective_global"] = {k: getattr(icfg.triton, k.split(".")[1]) if k.startswith("triton.") else getattr(icfg, k)
    for k in ["triton.cudagraphs", "triton.cudagraph_trees", "max_autotune", "coordinate_descent_tuning", "triton.cudagraph_skip_dynamic_graphs", "triton.cudagraph_support_input_mutation", "graph_partition"]}
res["torch"] = torch.__version__

def fn_plain(x, w):
    return torch.relu(x @ w) + 1.0
def fn_mut(x, w):
    x.add_(1.0)
    return torch.relu(x @ w)
def fn_scalar(x, w, s):
    return torch.relu(x @ w) + s
def fn_mut_scalar(x, w, s):
    x.add_(1.0)
    return torch.relu(x @ w) + s

class Drafter(torch.nn.Module):
    """Weight as a parameter: Inductor treats it as a static input."""
    def __init__(self, w):
        super().__init__(); self.w = torch.nn.Parameter(w)
    def forward(self, x):
        return torch.relu(x @ self.w) + 1.0

class BufMut(torch.nn.Module):
    """A buffer mutated in place (a static input, as BatchNorm's running stats)."""
    def __init__(self, w):
        super().__init__(); self.w = torch.nn.Parameter(w); self.register_buffer("b", torch.zeros(64, device=w.device))
    def forward(self, x):
        self.b.add_(1.0)
        return torch.relu(x @ self.w) + self.b

def make(dev):
    if spec.get("fn") == "bufmut":
        mod = BufMut(torch.randn(64, 64, device=dev))
        kw = {k: spec[k] for k in ("mode", "options", "dynamic", "backend", "fullgraph") if k in spec}
        cm = torch.compile(mod, **kw)
        cm._drafter = mod
        return cm
    if spec.get("fn") == "param":
        mod = Drafter(torch.randn(64, 64, device=dev))
        kw = {k: spec[k] for k in ("mode", "options", "dynamic", "backend", "fullgraph") if k in spec}
        cm = torch.compile(mod, **kw)
        cm._drafter = mod
        return cm
    f = {"plain": fn_plain, "mut": fn_mut, "scalar": fn_scalar, "mut_scalar": fn_mut_scalar}[spec.get("fn", "plain")]
    kw = {}
    for k in ("mode", "options", "dynamic", "backend", "fullgraph"):
        if k in spec: kw[k] = spec[k]
    return torch.compile(f, **kw)

def call(cf_, dev, shapes):
    w = torch.randn(64, 64, device=dev)
    for i, s in enumerate(shapes):
        x = torch.randn(*s, device=dev)
        args = (x, w)
        if spec.get("fn") == "scalar":
            args = (x, w, torch.tensor(2.0))
        if spec.get("fn") == "mut_scalar":
            args = (x, w, torch.tensor(2.0))
        if spec.get("fn") == "bufmut":
            args = (x,)
        if spec.get("fn") == "param":
            args = (x,)
            if spec.get("move_w_at") == i - 1:  # replace the parameter by a copy at a new address
                cf_._drafter.w = torch.nn.Parameter(cf_._drafter.w.detach().clone())
        with torch.no_grad():
            y = cf_(*args)
            y = y.clone()
        if spec.get("move_w_at") == i and spec.get("fn") != "param":
            w = w.clone()
        torch.cuda.synchronize(dev)
    return True

def guarded(box, key, f):
    try:
        f(); box[key] = "ok"
    except BaseException as e:
        box[key] = f"{type(e).__name__}: {e}"[:600]
        box[key + "_tb"] = traceback.format_exc()[-800:]

box = {}
shapes = spec.get("shapes", [[8, 64]] * 4)
where = spec.get("where", "main")
if where == "main":
    guarded(box, "main", lambda: call(make("cuda:0"), "cuda:0", shapes))
elif where == "thread":
    t = threading.Thread(target=lambda: guarded(box, "thread", lambda: call(make("cuda:0"), "cuda:0", shapes)))
    t.start(); t.join()
elif where == "main_compile_many_threads_call":
    cfn = make("cuda:0")
    guarded(box, "main_warm", lambda: call(cfn, "cuda:0", shapes[:1]))
    ts = [threading.Thread(target=lambda i=i: guarded(box, f"t{i}", lambda: call(cfn, "cuda:0", shapes))) for i in range(spec.get("n", 16))]
    [t.start() for t in ts]; [t.join() for t in ts]
elif where == "thread_per_device":
    n = torch.cuda.device_count()
    def work(d):
        torch.cuda.set_device(d)
        call(make(f"cuda:{d}"), f"cuda:{d}", shapes)
    ts = [threading.Thread(target=lambda d=d: guarded(box, f"dev{d}", lambda: work(d))) for d in range(n)]
    [t.start() for t in ts]; [t.join() for t in ts]
    res["device_count"] = n
elif where == "one_graph_two_devices":
    def two():
        f = torch.compile(lambda a, b: (a + 1).sum() + (b * 2).sum().to("cuda:0"), **{k: spec[k] for k in ("mode",) if k in spec})
        for _ in range(3):
            a = torch.randn(8, device="cuda:0"); b = torch.randn(8, device="cuda:1")
            with torch.no_grad(): f(a, b)
        torch.cuda.synchronize()
    guarded(box, "main", two)
res["results"] = {k: v for k, v in box.items() if not k.endswith("_tb")}
res["tbs"] = {k: v for k, v in box.items() if k.endswith("_tb")}
res["ok"] = all(v == "ok" for k, v in box.items() if not k.endswith("_tb"))
res["counters"] = {k: dict(v) for k, v in counters.items() if any(t in k for t in ("inductor", "cudagraph"))}
res["cg_logs"] = [l for l in logs if any(t in l.lower() for t in ("cudagraph", "skipping", "cuda graph"))][:40]
print("RESULT " + json.dumps(res, default=repr))
sys.stdout.flush()
os._exit(0)
''')

TOFF = {"triton.cudagraph_trees": False}
NOPART = {"graph_partition": False}
SC = {
    # planner item 3: the legacy implementation (trees off) and mutated inputs on 2.11.
    "legacy_mut_input": {"mode": "reduce-overhead", "fn": "mut", "patch": dict(TOFF)},
    "legacy_mut_input_nopart": {"mode": "reduce-overhead", "fn": "mut", "patch": dict(TOFF, **NOPART)},
    "legacy_mut_input_support_off": {"mode": "reduce-overhead", "fn": "mut", "patch": dict(TOFF, **{"triton.cudagraph_support_input_mutation": False})},
    "legacy_mut_input_support_off_nopart": {"mode": "reduce-overhead", "fn": "mut", "patch": dict(TOFF, **NOPART, **{"triton.cudagraph_support_input_mutation": False})},
    "legacy_mut_buffer": {"mode": "reduce-overhead", "fn": "bufmut", "patch": dict(TOFF)},
    "legacy_mut_buffer_nopart": {"mode": "reduce-overhead", "fn": "bufmut", "patch": dict(TOFF, **NOPART)},
    "legacy_mut_buffer_support_off_nopart": {"mode": "reduce-overhead", "fn": "bufmut", "patch": dict(TOFF, **NOPART, **{"triton.cudagraph_support_input_mutation": False})},
    "trees_mut_buffer": {"mode": "reduce-overhead", "fn": "bufmut"},
    # planner item 2: several reasons at once on 2.11 (the lowering's reason logged alone).
    "trees_mut_cpu_scalar_nopart": {"mode": "reduce-overhead", "fn": "mut_scalar", "patch": dict(NOPART)},
    "trees_mut_cpu_scalar_support_off_nopart": {"mode": "reduce-overhead", "fn": "mut_scalar", "patch": dict(NOPART, **{"triton.cudagraph_support_input_mutation": False})},
    "legacy_mut_cpu_scalar_support_off_nopart": {"mode": "reduce-overhead", "fn": "mut_scalar", "patch": dict(TOFF, **NOPART, **{"triton.cudagraph_support_input_mutation": False})},
}


def run(name):
    spec = SC[name]
    env = dict(os.environ); env.update(spec.get("env", {}))
    env["TORCHINDUCTOR_CACHE_DIR"] = f"/tmp/ic2_{name}"
    env["TORCH_LOGS"] = "perf_hints,cudagraphs"
    try:
        p = subprocess.run([sys.executable, "-c", HARNESS, name, json.dumps(spec)], env=env, capture_output=True, text=True, timeout=420)
        line = [l for l in p.stdout.splitlines() if l.startswith("RESULT ")]
        r = json.loads(line[-1][7:]) if line else {"scenario": name, "ok": None}
        r["rc"] = p.returncode
        err = p.stderr
        r["stderr_cg"] = [l[:400] for l in err.splitlines() if any(t in l.lower() for t in ("skipping cudagraph", "cudagraph", "error", "warning"))][-40:]
        if not line:
            r["stderr_tail"] = err[-3000:]
    except subprocess.TimeoutExpired:
        r = {"scenario": name, "timeout": True}
    r["spec"] = spec
    return r


if __name__ == "__main__":
    names = sys.argv[1:] or list(SC)
    with cf.ThreadPoolExecutor(int(os.environ.get("PAR", "8"))) as ex:
        out = list(ex.map(run, names))
    json.dump(out, open(f"{OUT}/planner_scenarios.json", "w"), indent=1)
    print(json.dumps(out, indent=1))
    for r in out:
        print("SUMMARY", r["scenario"], "rc", r.get("rc"), "ok", r.get("ok"), json.dumps(r.get("results"))[:300], "cg_logs", json.dumps(r.get("cg_logs"))[:600], "counters", json.dumps(r.get("counters"))[:300])
PYEOF
PAR=${PAR:-6} python3 "$P"
echo "exit $?"
