#!/bin/bash
# script5 request (sweep4 #20 set_stance, #28 in-place mutation of a tensor argument, #30 fork after CUDA
# init). PyTorch 2.11 on one H200. Self-contained; prints one line per case (stderr dropped).
python3 -c "import torch, sys; print('torch', torch.__version__, 'python', sys.version.split()[0])"
cat > /tmp/s5_stance.py <<'PY'
import sys, torch, torch.nn as nn
from torch._dynamo.utils import counters
st = sys.argv[1]
m = torch.compile(nn.Linear(8, 8).cuda(), mode="reduce-overhead")
torch.compiler.set_stance(st)
try:
    for i in range(3):
        m(torch.randn(2, 8, device="cuda")); torch.cuda.synchronize()
        print("stance", st, "after call", i + 1, "frames", dict(counters["frames"]), "cudagraph_skips", counters["inductor"].get("cudagraph_skips", 0), flush=True)
except Exception as e:
    print("stance", st, "raises", type(e).__name__, str(e).splitlines()[0][:200], flush=True)
PY
for s in force_eager eager_on_recompile fail_on_recompile eager_then_compile aot_eager_then_compile bogus; do
  python3 /tmp/s5_stance.py $s 2>/dev/null | grep '^stance' | tail -1
done
cat > /tmp/s5_mut.py <<'PY'
import sys, torch, torch.nn as nn
from torch._dynamo.utils import counters
case = sys.argv[1]
def run():
    if case == "add_":
        @torch.compile(mode="reduce-overhead")
        def f(x, buf):
            buf.add_(x); return buf * 2
        buf = torch.zeros(8, device="cuda")
        for _ in range(3): f(torch.randn(8, device="cuda"), buf)
    elif case == "index_assign":
        @torch.compile(mode="reduce-overhead")
        def f(k, cache, pos):
            cache[:, pos] = k; return cache.sum(0)
        cache = torch.zeros(4, 16, device="cuda")
        for p in range(3): f(torch.randn(4, device="cuda"), cache, p)
    elif case == "iadd":
        @torch.compile(mode="reduce-overhead")
        def f(x, v):
            v += x; return v * 2
        v = torch.zeros(8, device="cuda")
        for _ in range(3): f(torch.randn(8, device="cuda"), v)
    elif case == "module_buffer":
        class M(nn.Module):
            def __init__(self):
                super().__init__(); self.register_buffer("cache", torch.zeros(8)); self.lin = nn.Linear(8, 8)
            def forward(self, x):
                self.cache.add_(x.sum(0)); return self.lin(x) + self.cache
        m = torch.compile(M().cuda(), mode="reduce-overhead")
        for _ in range(3): m(torch.randn(2, 8, device="cuda"))
    elif case == "none":
        @torch.compile(mode="reduce-overhead")
        def f(x, buf):
            return x * 2 + buf
        buf = torch.zeros(8, device="cuda")
        for _ in range(3): f(torch.randn(8, device="cuda"), buf)
    torch.cuda.synchronize()
try:
    run()
    print("mutation", case, "cudagraph_skips", counters["inductor"].get("cudagraph_skips", 0), "inductor", {k: v for k, v in counters["inductor"].items() if "cudagraph" in k}, flush=True)
except Exception as e:
    print("mutation", case, "raises", type(e).__name__, str(e).splitlines()[0][:200], flush=True)
PY
for c in none add_ index_assign iadd module_buffer; do
  TORCH_LOGS=perf_hints python3 /tmp/s5_mut.py $c 2>/tmp/s5_mut_$c.err | grep '^mutation'
  grep -o 'skipping cudagraphs due to [^(]*([0-9]* instances)\|skipping cudagraphs due to .*' /tmp/s5_mut_$c.err | head -2 | sed "s/^/  log $c: /"
done
cat > /tmp/s5_fork.py <<'PY'
import multiprocessing as mp, torch, torch.nn as nn
model = torch.compile(nn.Linear(8, 8).cuda(), mode="reduce-overhead")
model(torch.randn(2, 8, device="cuda"))
def infer(i):
    try:
        return "ok %s" % model(torch.randn(2, 8, device="cuda")).shape[0]
    except Exception as e:
        return "%s: %s" % (type(e).__name__, str(e).splitlines()[0][:200])
if __name__ == "__main__":
    print("fork default start method", mp.get_start_method(), flush=True)
    with mp.Pool(2) as pool:
        for r in pool.map(infer, range(2)):
            print("fork worker ->", r, flush=True)
PY
timeout 300 python3 /tmp/s5_fork.py 2>/dev/null | grep '^fork'
