import threading
import torch

def build(d):
    return torch.compile(torch.nn.Linear(8, 8).to(f"cuda:{d}"), mode="reduce-overhead")

models = []
for d in range(2):
    models.append(build(d))

def serve(d):
    for _ in range(10):
        models[d](torch.randn(2, 8, device=f"cuda:{d}"))

ts = [threading.Thread(target=serve, args=(d,)) for d in range(2)]
for t in ts:
    t.start()
for t in ts:
    t.join()
