#!/bin/bash
# GPU request from the "script" helper (sweep3 findings 6 and 7): when does cudagraph trees raise
# "accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run"?
# compilemode -script now plans it from torch/_inductor/cudagraph_trees.py (2.6.0, 2.14.1 read):
# each compiled call starts a new generation when no forward's backward is pending (or, once
# cudagraph_mark_step_begin() was called, only after each mark); the PREDICTED column is the plan.
# Each case runs in its own process; one line each: CASE PREDICTED -> RAN|RAISED ...
set -u
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
P=$(mktemp /tmp/script_probe.XXXXXX.py)
cat > "$P" <<'PYEOF'
import sys, torch, warnings
case = sys.argv[1]
torch.manual_seed(0)
def blk():
    return torch.compile(torch.nn.Linear(64, 64).cuda(), mode="reduce-overhead")
@torch.compile(mode="reduce-overhead")
def f(x):
    return torch.matmul(x, x)
def x():
    return torch.randn(8, 64, device="cuda")
def run():
    if case == "docs":                      # docs' Limitations example
        a = torch.randn(64, 64, device="cuda"); y1 = f(a); y2 = f(a); print(y1.sum().item()); return
    m = blk()
    for step in range(4):
        if case == "module-grad":
            y1 = m(x()); y2 = m(x()); float(y1.sum())
        elif case == "module-no-grad":
            with torch.no_grad():
                y1 = m(x()); y2 = m(x()); float(y1.sum())
        elif case == "backward-between":
            y1 = m(x()); y1.sum().backward(); y2 = m(x()); float(y1.sum())
        elif case == "mark-before":
            torch.compiler.cudagraph_mark_step_begin(); y1 = m(x()); y2 = m(x()); float(y1.sum())
        elif case == "mark-between":
            torch.compiler.cudagraph_mark_step_begin(); y1 = m(x())
            torch.compiler.cudagraph_mark_step_begin(); y2 = m(x()); float(y1.sum())
        elif case == "list-grad-no-backward":
            preds = [m(x()) for _ in range(3)]; float(torch.cat(preds).sum())
        elif case == "list-mark-step":
            preds = []
            for _ in range(3):
                torch.compiler.cudagraph_mark_step_begin(); preds.append(m(x()))
            float(torch.cat(preds).sum())
        elif case == "dict-no-grad":
            res = {}
            with torch.no_grad():
                for i in range(3):
                    res[i] = m(x())
            float(sum(v.sum() for v in res.values()))
    if case.startswith("chain"):
        b1, b2, b3 = blk(), blk(), blk()
        for step in range(4):
            if case == "chain-grad-backward":
                z = b3(b2(b1(x()))); z.sum().backward()
            elif case == "chain-grad-forward":
                y = b1(x()); z = b2(y); w = b3(z); float(w.sum())
            elif case == "chain-no-grad":
                with torch.no_grad():
                    y = b1(x()); z = b2(y); w = b3(z); float(w.sum())
            elif case == "chain-no-grad-mark":
                with torch.no_grad():
                    torch.compiler.cudagraph_mark_step_begin()
                    y = b1(x()); z = b2(y); w = b3(z); float(w.sum())
try:
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        run()
    ws = sorted({str(m.message)[:90] for m in w if "TensorFloat32" not in str(m.message)})
    print(case, sys.argv[2], "-> RAN", ws)
except Exception as e:
    print(case, sys.argv[2], "-> RAISED", type(e).__name__, str(e).splitlines()[0][:120])
PYEOF
python3 -c 'import torch, sys; print("torch", torch.__version__, "python", sys.version.split()[0], torch.cuda.get_device_name())' | tee "$OUT/script.txt"
while read -r c pred; do
  timeout 300 python3 "$P" "$c" "$pred" 2>/dev/null | grep -E "^$c " || echo "$c $pred -> NO OUTPUT (crashed or timed out)"
done <<'CASES' | tee -a "$OUT/script.txt"
docs RAISED
module-grad RAN
module-no-grad RAISED
backward-between RAISED
mark-before RAN
mark-between RAISED
list-grad-no-backward RAN
list-mark-step RAISED
dict-no-grad RAISED
chain-grad-backward RAN
chain-grad-forward RAN
chain-no-grad RAISED
chain-no-grad-mark RAN
CASES
