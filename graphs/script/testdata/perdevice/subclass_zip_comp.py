import threading
import torch

devices = ["cuda:0", "cuda:1"]
models = [torch.compile(torch.nn.Linear(8, 8).to(d), mode="reduce-overhead") for d in devices]

class Server(threading.Thread):
    def __init__(self, model, device):
        super().__init__(daemon=True)
        self.model = model
        self.device = device

    def run(self):
        for _ in range(10):
            self.model(torch.randn(2, 8, device=self.device))

servers = [Server(m, d) for m, d in zip(models, devices)]
for s in servers:
    s.start()
for s in servers:
    s.join()
