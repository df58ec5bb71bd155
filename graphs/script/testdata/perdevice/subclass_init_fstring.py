import threading
import torch

class Drafter(threading.Thread):
    def __init__(self, dev):
        super().__init__(daemon=True)
        self.dev = dev
        self.model = torch.compile(torch.nn.Linear(64, 64).to(f"cuda:{dev}"), mode="reduce-overhead")

    def run(self):
        x = torch.randn(4, 64, device=f"cuda:{self.dev}")
        for _ in range(100):
            self.model(x)

drafters = [Drafter(d) for d in range(2)]
for d in drafters:
    d.start()
for d in drafters:
    d.join()
