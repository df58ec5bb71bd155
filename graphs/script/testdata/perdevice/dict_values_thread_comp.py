import threading
import torch

models = {}
for d in range(2):
    models[d] = torch.compile(torch.nn.Linear(8, 8).to(f"cuda:{d}"), mode="reduce-overhead")

def serve(m):
    for _ in range(10):
        m(torch.randn(2, 8, device="cuda"))

ts = [threading.Thread(target=serve, args=(m,)) for m in models.values()]
for t in ts:
    t.start()
for t in ts:
    t.join()
