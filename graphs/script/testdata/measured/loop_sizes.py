# sweep5 finding 22's sibling: a loop that makes an input's size from its variable, with
# no mark_dynamic. A recording backend counts the graphs Dynamo compiles and whether each
# takes a symbolic size (a SymInt placeholder), for dynamic=None (the default) and False.
# Run: python3 loop_sizes.py
import torch

for dynamic in (None, False):
    torch._dynamo.reset()
    graphs = []

    def be(gm, ex):
        graphs.append(any(isinstance(a, torch.SymInt) for a in ex))
        return gm.forward

    f = torch.compile(lambda x: x * 2, backend=be, dynamic=dynamic)
    for n in range(1, 12):
        f(torch.randn(n, 4))
    print("torch %s dynamic=%s: %d graphs compiled for 11 sizes, symbolic: %s" % (torch.__version__, dynamic, len(graphs), graphs))
