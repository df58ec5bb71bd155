import threading
import torch

models = {}
for d in range(2):
    models[d] = torch.compile(torch.nn.Linear(8, 8).to(f"cuda:{d}"), mode="reduce-overhead")

def serve(m, d):
    for _ in range(10):
        m(torch.randn(2, 8, device=f"cuda:{d}"))

ts = [threading.Thread(target=serve, args=(m, d)) for d, m in models.items()]
for t in ts:
    t.start()
for t in ts:
    t.join()
