#!/usr/bin/env python3
"""Speculative decoding trainer: DDP target model + one drafter thread per GPU."""
import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

os.environ.setdefault("TORCHINDUCTOR_CUDAGRAPHS", "true")
os.environ["TORCHINDUCTOR_FX_GRAPH_CACHE"] = "1"

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch.nn.parallel import DistributedDataParallel as DDP
import torch._inductor.config
from torch._inductor import config as icfg
import torch._dynamo

USE_TREES = os.environ.get("USE_TREES", "0") == "1"
COMPILE_MODE = os.getenv("COMPILE_MODE", "max-autotune")
DRAFT_MODE = "reduce-overhead" if not USE_TREES else "default"

if USE_TREES:
    torch._inductor.config.triton.cudagraph_trees = True
else:
    icfg.triton.cudagraph_trees = False
    torch._dynamo.config.cache_size_limit = 64

if sys.platform == "win32":
    icfg.compile_threads = 1


class Drafter(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.l = torch.nn.Linear(512, 512)

    def forward(self, x):
        return self.l(x).relu()


def drafter_worker(rank: int, results: list):
    torch.cuda.set_device(rank)
    d = Drafter().cuda(rank)
    d = torch.compile(d, mode=DRAFT_MODE, dynamic=False)
    with torch.no_grad():
        for _ in range(10):
            results[rank] = d(torch.randn(8, 512, device=f"cuda:{rank}"))


def train(rank, world_size, mode=COMPILE_MODE):
    dist.init_process_group("nccl", rank=rank, world_size=world_size)
    model = torch.nn.Sequential(torch.nn.Linear(1024, 1024), torch.nn.GELU()).cuda(rank)
    model = DDP(model, device_ids=[rank])
    opts = {"triton.cudagraphs": False, "max_autotune": True} if mode == "custom" else None
    if opts:
        cmodel = torch.compile(model, options=opts, fullgraph=True)
    else:
        cmodel = torch.compile(model, mode=mode)
    opt = torch.optim.SGD(cmodel.parameters(), lr=0.1)
    for step in range(100):
        x = torch.randn(32, 1024, device=rank)
        loss = cmodel(x).sum()
        loss.backward()
        opt.step()
    dist.destroy_process_group()


@torch.compile(mode="reduce-overhead")
def postprocess(logits):
    return torch.softmax(logits, -1)


def main():
    n = torch.cuda.device_count()
    results = [None] * n
    threads = [threading.Thread(target=drafter_worker, args=(r, results)) for r in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with ThreadPoolExecutor(4) as ex:
        list(ex.map(postprocess, [torch.randn(4, 10, device="cuda") for _ in range(8)]))
    mp.spawn(train, args=(n,), nprocs=n)


if __name__ == "__main__":
    main()
