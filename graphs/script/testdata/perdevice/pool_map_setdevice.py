import torch
from concurrent.futures import ThreadPoolExecutor


def worker(d):
    torch.cuda.set_device(d)
    model = torch.compile(torch.nn.Linear(64, 64).cuda(), mode="reduce-overhead")
    x = torch.randn(4, 64, device="cuda")
    for _ in range(10):
        model(x)
    return d


with ThreadPoolExecutor(max_workers=2) as ex:
    list(ex.map(worker, range(2)))
