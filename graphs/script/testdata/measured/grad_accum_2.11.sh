#!/bin/bash
# GPU request from the "sweep" helper (finding 12 of /work/sweep2-findings.md): does cudagraph trees
# raise "accessing tensor output of CUDAGraphs that has been overwritten" when a reduce-overhead
# function is called several times and its outputs are kept for ONE backward (gradient
# accumulation), as compilemode -script plans? Each case in its own process; prints one line each.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
P=$(mktemp /tmp/sweep_probe.XXXXXX.py)
cat > "$P" <<'PYEOF'
import sys, torch, warnings
case = sys.argv[1]
torch.manual_seed(0)
model = torch.compile(torch.nn.Linear(64, 64).cuda(), mode="reduce-overhead")
opt = torch.optim.SGD(model.parameters(), lr=0.01)
try:
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        for step in range(6):
            outs = []
            for micro in range(4):
                x = torch.randn(8, 64, device="cuda")
                if case == "nograd":
                    with torch.no_grad():
                        outs.append(model(x))
                else:
                    outs.append(model(x))
            loss = torch.stack(outs).sum()
            if case == "train":
                loss.backward(); opt.step(); opt.zero_grad()
            else:
                float(loss)
        print(case, "RAN", "warnings:", sorted({str(m.message)[:120] for m in w}))
except Exception as e:
    print(case, "RAISED", type(e).__name__, str(e).splitlines()[0][:200])
PYEOF
python3 -c 'import torch, sys; print("torch", torch.__version__, "python", sys.version.split()[0])'
for c in train nograd; do timeout 300 python3 "$P" "$c" 2>&1 | grep -E "^(train|nograd) " ; done | tee "$OUT/sweep.txt"
