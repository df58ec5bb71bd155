import torch
from concurrent.futures import ThreadPoolExecutor

NGPU = 2
models = [torch.compile(torch.nn.Linear(64, 64).to(f"cuda:{i}"), mode="reduce-overhead") for i in range(NGPU)]


def infer(i):
    x = torch.randn(8, 64, device=f"cuda:{i}")
    with torch.no_grad():
        return models[i](x).cpu()


with ThreadPoolExecutor(max_workers=NGPU) as ex:
    for step in range(20):
        outs = list(ex.map(infer, range(NGPU)))
