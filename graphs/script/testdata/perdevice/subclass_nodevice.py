import threading
import torch


class Replica(threading.Thread):
    def __init__(self):
        super().__init__()
        self.model = torch.compile(torch.nn.Linear(64, 64).cuda(), mode="reduce-overhead")

    def run(self):
        x = torch.randn(4, 64, device="cuda")
        for _ in range(10):
            self.model(x)


reps = [Replica() for _ in range(3)]
for r in reps:
    r.start()
for r in reps:
    r.join()
