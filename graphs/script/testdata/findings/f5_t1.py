import argparse
import os
import threading

import torch
import torch.nn as nn

os.environ["TORCHINDUCTOR_CUDAGRAPHS"] = "true"
torch._dynamo.config.cache_size_limit = 64
torch._inductor.config.triton.cudagraph_trees = False

CFG = {
    "compile_mode": "reduce-overhead",
    "options": None,
}


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--compile-mode", default="max-autotune",
                   choices=["default", "reduce-overhead", "max-autotune"])
    p.add_argument("--no-compile", action="store_true")
    return p.parse_args()


class Drafter(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(8, 8)

    def forward(self, x):
        return self.l(x)


def worker(dev, args):
    m = Drafter().to(f"cuda:{dev}")
    fn = torch.compile(m, mode=args.compile_mode)
    for _ in range(10):
        x = torch.randn(4, 8, device=f"cuda:{dev}")
        y = fn(x)
        y.sum().backward()


def main():
    args = parse()
    if args.no_compile:
        return
    n = torch.cuda.device_count()
    ts = [threading.Thread(target=worker, args=(i, args)) for i in range(2)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    m2 = torch.compile(Drafter().cuda(), mode=CFG["compile_mode"], options=CFG["options"])


if __name__ == "__main__":
    main()
