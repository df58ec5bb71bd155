import threading
import torch

models = [torch.compile(torch.nn.Linear(8, 8).to(f"cuda:{i}"), mode="reduce-overhead") for i in range(2)]

class Server(threading.Thread):
    def __init__(self, model, device):
        super().__init__(daemon=True)
        self.model = model
        self.device = device

    def run(self):
        for _ in range(10):
            self.model(torch.randn(2, 8, device=self.device))

servers = [Server(m, f"cuda:{i}") for i, m in enumerate(models)]
for s in servers:
    s.start()
for s in servers:
    s.join()
