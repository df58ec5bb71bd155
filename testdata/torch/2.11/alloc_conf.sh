#!/bin/bash
# sweep5 request: what does torch 2.11 on the H200 do with these allocator env spellings and reduce-overhead?
# Each case runs in its own process; prints the case, the allocator backend torch reports, and the outcome.
cat > /tmp/s5_alloc.py <<'PY'
import os, sys, torch
def f(x): return x * 2 + 1
try:
    print("backend:", torch.cuda.memory.get_allocator_backend(), flush=True)
    g = torch.compile(f, mode="reduce-overhead")
    x = torch.randn(8, device="cuda")
    for _ in range(3): g(x)
    torch.cuda.synchronize(); print("OK (compiled and ran)")
except BaseException as e:
    print("RAISES", type(e).__name__, str(e)[:300])
PY
for env in "PYTORCH_ALLOC_CONF=backend:cudaMallocAsync" \
           "PYTORCH_ALLOC_CONF=backend:native PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync" \
           "PYTORCH_ALLOC_CONF=backend:cudaMallocAsync PYTORCH_CUDA_ALLOC_CONF=backend:native" \
           "PYTORCH_CUDA_ALLOC_CONF=BACKEND:cudaMallocAsync" \
           "PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync;" \
           "PYTORCH_CUDA_ALLOC_CONF=backend:cudamallocasync"; do
  echo "== $env"; env -u PYTORCH_CUDA_ALLOC_CONF -u PYTORCH_ALLOC_CONF $env python3 /tmp/s5_alloc.py 2>&1 | grep -E '^(backend|OK|RAISES)' | head -3
done
echo "torch $(python3 -c 'import torch;print(torch.__version__)')"
