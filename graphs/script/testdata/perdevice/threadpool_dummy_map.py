from multiprocessing.dummy import Pool  # threads, not processes

import torch

GPUS = ["cuda:0", "cuda:1"]
engines = {g: torch.compile(torch.nn.Linear(64, 64).to(g), mode="reduce-overhead") for g in GPUS}


def run(g):
    x = torch.randn(4, 64, device=g)
    return engines[g](x)


pool = Pool(len(GPUS))
for _ in range(10):
    pool.map(run, GPUS)
