import torch
from concurrent.futures import ThreadPoolExecutor

models = []
for i in range(2):
    torch.cuda.set_device(i)
    models.append(torch.compile(torch.nn.Linear(8, 8).cuda(), mode="reduce-overhead"))

def run(m):
    return m(torch.randn(2, 8, device="cuda"))

with ThreadPoolExecutor(2) as ex:
    for _ in range(10):
        list(ex.map(run, models))
