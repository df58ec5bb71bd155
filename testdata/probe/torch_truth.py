"""compilemode copy of shared/probe/torch_truth.py, with the scenarios of issue 4 added.

Ground truth from the real PyTorch on the GPU machine: each scenario runs in its own process
(so a crash stays contained) and its outcome, errors, tracebacks, cudagraph log lines and inductor
counters go to $OUT/torch_scenarios.json.

Run there:  PAR=8 python3 torch_truth.py [SCENARIO ...]   (use the two-GPU machine for scenarios with 2 GPUs)
"""
import json, os, subprocess, sys, textwrap, threading, concurrent.futures as cf

_LOCK = threading.Lock()

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
    for k in ["triton.cudagraphs", "triton.cudagraph_trees", "max_autotune", "coordinate_descent_tuning", "triton.cudagraph_skip_dynamic_graphs"]}

def fn_plain(x, w):
    return torch.relu(x @ w) + 1.0
def fn_mut(x, w):
    x.add_(1.0)
    return torch.relu(x @ w)
def fn_scalar(x, w, s):
    return torch.relu(x @ w) + s
def fn_incompat(x, w):
    # torch.multinomial: reported as a cudagraph-incompatible op (transformers comments).
    return torch.multinomial(torch.softmax(x @ w, -1), 1)
def fn_idx(x, w):
    # index_put_ with accumulate on a CUDA tensor built inside the graph.
    y = torch.relu(x @ w)
    return y.index_put_((torch.tensor([0, 0], device=x.device),), torch.ones(2, 64, device=x.device), accumulate=True)

class Drafter(torch.nn.Module):
    """Weight as a parameter: Inductor treats it as a static input."""
    def __init__(self, w):
        super().__init__(); self.w = torch.nn.Parameter(w)
    def forward(self, x):
        return torch.relu(x @ self.w) + 1.0

def make(dev):
    if spec.get("fn") == "param":
        mod = Drafter(torch.randn(64, 64, device=dev))
        kw = {k: spec[k] for k in ("mode", "options", "dynamic", "backend", "fullgraph") if k in spec}
        cm = torch.compile(mod, **kw)
        cm._drafter = mod
        return cm
    f = {"plain": fn_plain, "mut": fn_mut, "scalar": fn_scalar, "incompat": fn_incompat, "idx": fn_idx}[spec.get("fn", "plain")]
    kw = {}
    for k in ("mode", "options", "dynamic", "backend", "fullgraph"):
        if k in spec: kw[k] = spec[k]
    if spec.get("guard_filter"):  # a callable cannot travel in JSON: add it here
        kw.setdefault("options", {})["guard_filter_fn"] = lambda entries: [True for _ in entries]
    return torch.compile(f, **kw)

def call(cf_, dev, shapes):
    w = torch.randn(64, 64, device=dev)
    for i, s in enumerate(shapes):
        x = torch.randn(*s, device=dev)
        args = (x, w)
        if spec.get("fn") == "scalar":
            args = (x, w, torch.tensor(2.0))
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
        f = torch.compile(lambda a, b: (a + 1).sum() + (b * 2).sum().to("cuda:0"), **{k: spec[k] for k in ("mode", "backend") if k in spec})
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

SC = {
    # Keys: mode/options/dynamic/backend/fullgraph go to torch.compile;
    # patch = torch._inductor.config assignments before compiling (in the main thread);
    # env = environment at import; fn = plain|mut|scalar|param|incompat|idx (see HARNESS);
    # where = main | thread | main_compile_many_threads_call (n callers) | thread_per_device | one_graph_two_devices;
    # shapes = input shapes per call; move_w_at = call index after which the weight moves to a new address.
    "ro_main": {"mode": "reduce-overhead"},
    "ro_thread_per_device": {"mode": "reduce-overhead", "where": "thread_per_device"},
    "ro_thread_per_device_trees_off": {"mode": "reduce-overhead", "where": "thread_per_device", "patch": {"triton.cudagraph_trees": False}},
    "ma_nocg_thread_per_device": {"mode": "max-autotune-no-cudagraphs", "where": "thread_per_device"},
    "legacy_param_moves": {"mode": "reduce-overhead", "fn": "param", "patch": {"triton.cudagraph_trees": False}, "move_w_at": 1},
    "trees_param_moves": {"mode": "reduce-overhead", "fn": "param", "move_w_at": 1},
    # Added by compilemode (issue 4): inputs, threads, devices, allocator, backends.
    "ro_cpu_scalar": {"mode": "reduce-overhead", "fn": "scalar"},
    "ro_cpu_scalar_partition_off": {"mode": "reduce-overhead", "fn": "scalar", "patch": {"graph_partition": False}},
    "ro_cpu_scalar_or_error": {"mode": "reduce-overhead", "fn": "scalar", "env": {"TORCHINDUCTOR_CUDAGRAPH_OR_ERROR": "1"}},
    "ro_mut_input": {"mode": "reduce-overhead", "fn": "mut"},
    "ro_mut_input_partition_off": {"mode": "reduce-overhead", "fn": "mut", "patch": {"graph_partition": False}},
    "ro_mut_input_legacy": {"mode": "reduce-overhead", "fn": "mut", "patch": {"triton.cudagraph_trees": False}},
    "ro_incompat_op": {"mode": "reduce-overhead", "fn": "incompat"},
    "ro_incompat_op_partition_off": {"mode": "reduce-overhead", "fn": "incompat", "patch": {"graph_partition": False}},
    "ro_index_put": {"mode": "reduce-overhead", "fn": "idx"},
    "ro_dynamic_shapes": {"mode": "reduce-overhead", "shapes": [[8, 64], [16, 64], [24, 64], [32, 64], [40, 64]]},
    "ro_dynamic_true": {"mode": "reduce-overhead", "dynamic": True, "shapes": [[8, 64], [16, 64], [24, 64], [32, 64], [40, 64]]},
    "ro_dynamic_true_skip": {"mode": "reduce-overhead", "dynamic": True, "shapes": [[8, 64], [16, 64], [24, 64]], "patch": {"triton.cudagraph_skip_dynamic_graphs": True}},
    "ro_dynamic_true_skip_partition_off": {"mode": "reduce-overhead", "dynamic": True, "shapes": [[8, 64], [16, 64], [24, 64]], "patch": {"triton.cudagraph_skip_dynamic_graphs": True, "graph_partition": False}},
    "ro_callers16": {"mode": "reduce-overhead", "where": "main_compile_many_threads_call", "n": 16},
    "ro_callers16_legacy": {"mode": "reduce-overhead", "where": "main_compile_many_threads_call", "n": 16, "patch": {"triton.cudagraph_trees": False}},
    "ro_two_devices": {"mode": "reduce-overhead", "where": "one_graph_two_devices"},
    "ro_two_devices_legacy": {"mode": "reduce-overhead", "where": "one_graph_two_devices", "patch": {"triton.cudagraph_trees": False}},
    "ro_async_alloc": {"mode": "reduce-overhead", "env": {"PYTORCH_CUDA_ALLOC_CONF": "backend:cudaMallocAsync"}},
    "ro_single_thread": {"mode": "reduce-overhead", "where": "thread"},
    "cgbackend_main": {"backend": "cudagraphs"},
    "cgbackend_mode": {"backend": "cudagraphs", "mode": "reduce-overhead"},
    "cgbackend_thread_per_device": {"backend": "cudagraphs", "where": "thread_per_device"},
    "opts_cg_thread_per_device": {"options": {"triton.cudagraphs": True}, "where": "thread_per_device"},
    "env_cg_thread_per_device": {"env": {"TORCHINDUCTOR_CUDAGRAPHS": "1"}, "where": "thread_per_device"},
    "opts_guard_filter_fn": {"guard_filter": True},
    "ro_compile_disable_env": {"mode": "reduce-overhead", "env": {"TORCH_COMPILE_DISABLE": "1"}},
    "ro_dynamic_true_skip_partition_off_static_shapes": {"mode": "reduce-overhead", "dynamic": True, "patch": {"triton.cudagraph_skip_dynamic_graphs": True, "graph_partition": False}},
    "opts_guard_filter_fn_with_key": {"guard_filter": True, "options": {"max_autotune": False}},
    "legacy_async_alloc": {"mode": "reduce-overhead", "patch": {"triton.cudagraph_trees": False}, "env": {"PYTORCH_CUDA_ALLOC_CONF": "backend:cudaMallocAsync"}},
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
    with _LOCK, open(f"{OUT}/torch_scenarios.jsonl", "a") as f:  # partial results survive a time-out
        f.write(json.dumps(r, default=repr) + "\n")
    return r


if __name__ == "__main__":
    names = sys.argv[1:] or list(SC)
    with cf.ThreadPoolExecutor(int(os.environ.get("PAR", "8"))) as ex:
        out = list(ex.map(run, names))
    json.dump(out, open(f"{OUT}/torch_scenarios.json", "w"), indent=1)
    for r in out:
        print(r["scenario"], "rc", r.get("rc"), "ok", r.get("ok"), json.dumps(r.get("results"))[:300])
