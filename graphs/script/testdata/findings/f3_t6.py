import os
os.environ.setdefault("TORCHINDUCTOR_CUDAGRAPHS", "1")
import torch
from concurrent.futures import ThreadPoolExecutor

def build(dev):
    m = torch.nn.Linear(4, 4).to(dev)
    return torch.compile(m, mode="reduce-overhead")

devs = [f"cuda:{i}" for i in range(torch.cuda.device_count())]
with ThreadPoolExecutor(max_workers=len(devs)) as ex:
    fns = list(ex.map(build, devs))
    outs = list(ex.map(lambda p: p[0](torch.randn(2, 4, device=p[1])), zip(fns, devs)))
