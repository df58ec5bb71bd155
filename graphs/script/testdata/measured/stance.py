import sys, torch
from torch._dynamo.utils import counters
st = sys.argv[1]
def f(x):
    return x * 2 + 1
g = torch.compile(f, backend="eager")
torch.compiler.set_stance(st)
try:
    g(torch.randn(4)); r1 = dict(counters["frames"])
    g(torch.randn(4)); r2 = dict(counters["frames"])
    g(torch.randn(5)); r3 = dict(counters["frames"])
    print(st, "after1", r1, "after2", r2, "after3(new shape)", r3)
except Exception as e:
    print(st, "raises", type(e).__name__, str(e)[:200])
