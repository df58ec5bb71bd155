"""compilemode probe (issue 26, the first-call stage): the first call of a function
whose capture makes a graph (def f(x): return x + 1), compiled with backend='eager'
(no C++ compiler is needed) and options={'guard_filter_fn': V} for values V of each
kind. Prints {V: "ok" | [exception module, class, message]} as JSON.

    cp testdata/probe/cpu_firstcall_graph.py DIR/tmp/
    chroot DIR env -i PATH=/usr/bin:/bin HOME=/root python3 /tmp/cpu_firstcall_graph.py > OUT.json
"""
import json
import sys

import torch


def f(x):
    return x + 1


def main():
    out = {"torch": torch.__version__, "python": sys.version.split()[0], "calls": {}}
    for src in ["1", "'x'", "None", "[]", "True", "(1,)", "{}", "0", "''", "2.5", "b'x'"]:
        torch._dynamo.reset()
        try:
            g = torch.compile(f, options={"guard_filter_fn": eval(src)}, backend="eager")
        except Exception as e:
            out["calls"][src] = ["compile", type(e).__module__, type(e).__name__, str(e)[:200]]
            continue
        try:
            g(torch.ones(2))
            out["calls"][src] = "ok"
        except Exception as e:
            out["calls"][src] = ["first-call", type(e).__module__, type(e).__name__, str(e)]
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")


main()
