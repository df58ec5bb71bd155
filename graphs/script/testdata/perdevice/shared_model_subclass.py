import threading
import torch

model = torch.compile(torch.nn.Linear(64, 64).cuda(), mode="reduce-overhead")


class Caller(threading.Thread):
    def __init__(self, rank):
        super().__init__()
        self.rank = rank
        self.model = model

    def run(self):
        x = torch.randn(4, 64, device="cuda")
        for _ in range(10):
            self.model(x)


cs = [Caller(r) for r in range(2)]
for c in cs:
    c.start()
for c in cs:
    c.join()
