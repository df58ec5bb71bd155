import torch
from concurrent.futures import ThreadPoolExecutor

models = {}
for d in range(2):
    models[d] = torch.compile(torch.nn.Linear(64, 64).to(f"cuda:{d}"), mode="reduce-overhead")

def step(d):
    return models[d](torch.randn(4, 64, device=f"cuda:{d}"))

with ThreadPoolExecutor(max_workers=2) as pool:
    for it in range(100):
        futs = [pool.submit(step, d) for d in range(2)]
        [f.result() for f in futs]
