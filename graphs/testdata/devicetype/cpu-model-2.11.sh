#!/usr/bin/env bash
# GPU request from helper script2 (graphs/script, sweep3 #20 and #18). Self-contained:
# needs only python3 with PyTorch 2.11 (CUDA). Prints one line per question; paste the
# whole output back.
#   Q1 (#20): a model whose tensors are all on the CPU, compiled with
#       mode="reduce-overhead" on a CUDA machine: does Inductor capture no CUDA graph,
#       log nothing about cudagraphs, and only bump counters["inductor"]["cudagraph_skips"]?
#       (graphs rule non-cuda-device, read in 2.6.0/2.14.1 source, planned "inferred" on 2.11)
#   Q2 (#18): nn.DataParallel over 2 GPUs of a module compiled with reduce-overhead:
#       what the first and the second forward raise (parallel_apply starts new threads at
#       every forward). Needs 2 GPUs: on one GPU it prints "skipped".
set -u
cat > /tmp/script2_q.py <<'PY'
import logging, threading, traceback
import torch, torch.nn as nn
print("torch", torch.__version__, "gpus", torch.cuda.device_count())
from torch._dynamo.utils import counters

# Q1
torch._logging.set_logs(cudagraphs=True, perf_hints=True)
class Cap(logging.Handler):
    def __init__(self): super().__init__(); self.msgs = []
    def emit(self, rec): self.msgs.append(rec.getMessage())
cap = Cap(); logging.getLogger("torch").addHandler(cap)
counters.clear()
m = nn.Linear(16, 16)               # CPU
f = torch.compile(m, mode="reduce-overhead")
x = torch.randn(4, 16)
for _ in range(3):
    y = f(x)
cg = [s for s in cap.msgs if "cudagraph" in s.lower() or "partition" in s.lower()]
print("Q1 cudagraph_skips=%d cudagraph-ish log lines=%d %r" % (counters["inductor"]["cudagraph_skips"], len(cg), cg[:5]))
try:
    from torch._inductor.cudagraph_trees import get_container
    print("Q1 tree container for device 0 exists:", get_container(0).tree_manager is not None)
except Exception as e:
    print("Q1 tree manager probe:", type(e).__name__, e)

# Q2
if torch.cuda.device_count() < 2:
    print("Q2 skipped: needs 2 GPUs")
else:
    torch._dynamo.reset()
    net = nn.Linear(16, 16).cuda()
    dp = nn.DataParallel(torch.compile(net, mode="reduce-overhead"), device_ids=[0, 1])
    for i in range(3):
        try:
            out = dp(torch.randn(8, 16, device="cuda"))
            torch.cuda.synchronize()
            print("Q2 forward", i, "ok")
        except Exception as e:
            print("Q2 forward", i, "raises", type(e).__name__, str(e).splitlines()[0][:200])
PY
python3 /tmp/script2_q.py 2>&1 | grep -E "^(torch|Q1|Q2)"
