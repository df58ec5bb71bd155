#!/bin/sh
# sweep4 request (findings 7, 9, 19 in /work/sweep4-findings.md). PyTorch 2.11 on one H200.
# Prints one line per case: CASE ok=N fail=M first_error=...
cat > /tmp/sweep4_req.py <<'PY'
import asyncio, threading, traceback, sys
from concurrent.futures import ThreadPoolExecutor
import torch, torch.nn as nn
torch.manual_seed(0)
dev = "cuda"
def make():
    torch._dynamo.reset()
    m = nn.Sequential(nn.Linear(256, 256), nn.GELU(), nn.Linear(256, 256)).to(dev)
    return torch.compile(m, mode="reduce-overhead")
X = [torch.randn(16, 256, device=dev) for _ in range(8)]
def run(name, fn):
    ok, errs = 0, []
    def call(f, x):
        nonlocal ok
        try:
            with torch.no_grad():
                f(x).sum().item()
            ok += 1
        except BaseException as e:
            errs.append(f"{type(e).__name__}: {str(e).splitlines()[0][:160] if str(e) else ''}")
    try:
        fn(call)
    except BaseException as e:
        errs.append("outer " + type(e).__name__ + ": " + str(e)[:160])
    print(f"{name} ok={ok} fail={len(errs)} first_error={errs[0] if errs else '-'}", flush=True)
def main_then_one_worker(call, warm):
    f = make()
    for i in range(warm): call(f, X[i])
    with ThreadPoolExecutor(max_workers=1) as p:
        for x in X: p.submit(call, f, x).result()
def to_thread_gather(call):
    f = make()
    async def go():
        await asyncio.gather(*(asyncio.to_thread(call, f, x) for x in X))
    asyncio.run(go())
def hand_capture(call, mode):
    torch._dynamo.reset()
    m = nn.Sequential(nn.Linear(256, 256), nn.GELU(), nn.Linear(256, 256)).to(dev)
    f = torch.compile(m, mode=mode)
    x = X[0]
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        for _ in range(3): call(f, x)
    torch.cuda.current_stream().wait_stream(s)
    g = torch.cuda.CUDAGraph()
    with torch.no_grad(), torch.cuda.graph(g):
        y = f(x)
    g.replay(); torch.cuda.synchronize(); call(lambda _x: y, x)
import subprocess
case = sys.argv[1] if len(sys.argv) > 1 else None
if case is None:
    for c in ["warm1_one_worker", "warm3_one_worker", "to_thread_gather8", "hand_capture_reduce_overhead", "hand_capture_no_cudagraphs"]:
        subprocess.run([sys.executable, __file__, c])
elif case == "warm1_one_worker": run(case, lambda call: main_then_one_worker(call, 1))
elif case == "warm3_one_worker": run(case, lambda call: main_then_one_worker(call, 3))
elif case == "to_thread_gather8": run(case, to_thread_gather)
elif case == "hand_capture_reduce_overhead": run(case, lambda call: hand_capture(call, "reduce-overhead"))
elif case == "hand_capture_no_cudagraphs": run(case, lambda call: hand_capture(call, "max-autotune-no-cudagraphs"))
PY
python3 -c "import torch; print('torch', torch.__version__)"
python3 /tmp/sweep4_req.py
