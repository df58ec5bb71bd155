#!/bin/bash
# GPU request 2 from the "script" helper (after chain-grad-backward of request 1 raised): does ONE
# reduce-overhead module trained with backward() each step also raise "accessing tensor output of
# CUDAGraphs that has been overwritten" when .grad is not set to None between steps?
# compilemode -script now plans RAISED for no-zero-grad and zero-grad-inplace (from the source and the
# 3-block measurement), RAN for zero-grad and grad-none. One line each: CASE PREDICTED -> RAN|RAISED …
set -u
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
P=$(mktemp /tmp/script_probe2.XXXXXX.py)
cat > "$P" <<'PYEOF'
import sys, torch
case = sys.argv[1]
torch.manual_seed(0)
m = torch.compile(torch.nn.Linear(64, 64).cuda(), mode="reduce-overhead")
try:
    for step in range(6):
        m(torch.randn(8, 64, device="cuda")).sum().backward()
        if case == "zero-grad":
            m.zero_grad()
        elif case == "zero-grad-inplace":
            m.zero_grad(set_to_none=False)
        elif case == "grad-none":
            for p in m.parameters():
                p.grad = None
    float(m.weight.grad.sum()) if m.weight.grad is not None else None
    print(case, sys.argv[2], "-> RAN")
except Exception as e:
    print(case, sys.argv[2], "-> RAISED", type(e).__name__, str(e).splitlines()[0][:120])
PYEOF
python3 -c 'import torch, sys; print("torch", torch.__version__, "python", sys.version.split()[0], torch.cuda.get_device_name())' | tee "$OUT/script.txt"
while read -r c pred; do
  timeout 300 python3 "$P" "$c" "$pred" 2>/dev/null | grep -E "^$c " || echo "$c $pred -> NO OUTPUT"
done <<'CASES' | tee -a "$OUT/script.txt"
no-zero-grad RAISED
zero-grad RAN
zero-grad-inplace RAISED
grad-none RAN
CASES
