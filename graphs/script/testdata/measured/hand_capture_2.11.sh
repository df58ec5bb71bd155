#!/bin/bash
# script4 (sweep4 #9): a hand capture of a compiled function, with the warm-up in the SAME grad
# mode as the capture (sweep4.sh warmed up with grad enabled and captured under no_grad, so Dynamo
# recompiled inside the capture: both failures there may be that recompile). Prints one line per case.
cat > /tmp/script4_req.py <<'PY'
import sys, traceback, torch, torch.nn as nn
dev = "cuda"
def case(mode, grad_same, cem):
    torch._dynamo.reset()
    m = nn.Sequential(nn.Linear(256, 256), nn.GELU(), nn.Linear(256, 256)).to(dev)
    f = torch.compile(m, mode=mode)
    x = torch.randn(16, 256, device=dev)
    s = torch.cuda.Stream(); s.wait_stream(torch.cuda.current_stream())
    with torch.no_grad():
        with torch.cuda.stream(s):
            for _ in range(3):
                if grad_same: f(x)
                else:
                    with torch.enable_grad(): f(x)
    torch.cuda.current_stream().wait_stream(s)
    g = torch.cuda.CUDAGraph()
    try:
        with torch.no_grad(), torch.cuda.graph(g, capture_error_mode=cem):
            y = f(x)
        x.copy_(torch.randn_like(x)); g.replay(); torch.cuda.synchronize()
        with torch.no_grad(): ref = m(x)
        return "ok max_abs_diff=%.3g" % (y - ref).abs().max().item()
    except Exception as e:
        return "fail %s: %s" % (type(e).__name__, str(e).splitlines()[0][:200])
mode, same, cem = sys.argv[1], sys.argv[2] == "1", sys.argv[3]
print("hand_capture mode=%s same_grad_mode=%s capture_error_mode=%s -> %s" % (mode, same, cem, case(mode, same, cem)), flush=True)
PY
python3 -c "import torch; print('torch', torch.__version__)"
for mode in default max-autotune-no-cudagraphs reduce-overhead max-autotune; do
  for same in 1 0; do
    for cem in global thread_local relaxed; do
      python3 /tmp/script4_req.py $mode $same $cem 2>/dev/null | grep hand_capture
    done
  done
done
