import threading
import torch

class Base(threading.Thread):
    def __init__(self, dev):
        super().__init__()
        self.dev = dev

class Drafter(Base):
    def __init__(self, dev):
        super().__init__(dev)
        self.model = torch.compile(torch.nn.Linear(8, 8).to(f"cuda:{dev}"), mode="reduce-overhead")

    def run(self):
        for _ in range(10):
            self.model(torch.randn(2, 8, device=f"cuda:{self.dev}"))

ds = [Drafter(d) for d in range(2)]
for d in ds:
    d.start()
for d in ds:
    d.join()
