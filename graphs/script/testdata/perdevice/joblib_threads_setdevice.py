import torch
from joblib import Parallel, delayed

def worker(d):
    torch.cuda.set_device(d)
    model = torch.compile(torch.nn.Linear(8, 8).cuda(), mode="reduce-overhead")
    for _ in range(10):
        model(torch.randn(2, 8, device="cuda"))

Parallel(n_jobs=2, prefer="threads")(delayed(worker)(d) for d in range(2))
