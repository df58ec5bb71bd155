import inspect, torch
import torch._dynamo.eval_frame as ef
print(torch.__version__)
print("optimize", inspect.signature(torch._dynamo.optimize))
print("_optimize", inspect.signature(ef._optimize))
print("optimize_assert", inspect.signature(torch._dynamo.optimize_assert))
f = lambda x: x
for kw in [dict(cudagraphs=False), dict(mode="reduce-overhead"), dict(fullgraph=True), dict(options={}), dict(nopython=True), dict(dynamic=True), dict(disable=True)]:
    try:
        torch._dynamo.optimize("inductor", **kw); print(kw, "ok")
    except Exception as e:
        print(kw, type(e).__name__, e)
try:
    torch._dynamo.optimize_assert("inductor", cudagraphs=False); print("assert ok")
except Exception as e:
    print("optimize_assert", type(e).__name__, e)
if hasattr(ef, "_optimize_assert"):
    print("_optimize_assert", inspect.signature(ef._optimize_assert))
