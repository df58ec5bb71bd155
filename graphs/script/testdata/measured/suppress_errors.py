import sys, torch, logging
import torch._dynamo
torch._dynamo.config.suppress_errors = sys.argv[1] == "1"
def mb(gm, example_inputs):
    return gm.forward
cases = [
  ("cudagraphs+mode", dict(backend="cudagraphs", mode="reduce-overhead")),
  ("callable+mode", dict(backend=mb, mode="reduce-overhead")),
  ("mode+options", dict(mode="reduce-overhead", options={"max_autotune": True})),
  ("unknown-mode", dict(mode="reduce_overhead")),
  ("unknown-option", dict(options={"bogus_key": True})),
  ("bad-backend", dict(backend="nope")),
]
for name, kw in cases:
    try:
        g = torch.compile(lambda x: x.sin() + 1, **kw)
    except Exception as e:
        print(name, "AT torch.compile:", type(e).__name__, str(e).splitlines()[0][:100]); continue
    try:
        g(torch.randn(3)); print(name, "RAN (first call)")
    except Exception as e:
        print(name, "AT first call:", type(e).__name__, str(e).splitlines()[0][:100])
print(sys.version.split()[0], torch.__version__, "suppress_errors", sys.argv[1])
