import threading
import torch

class Worker(threading.Thread):
    def __init__(self, rank, device):
        super().__init__(name=f"worker-{rank}")
        self.device = device
        self.net = torch.compile(torch.nn.Linear(8, 8).to(device), mode="reduce-overhead")

    def run(self):
        self.loop()

    def loop(self):
        x = torch.randn(2, 8, device=self.device)
        for _ in range(10):
            self.net(x)

workers = []
for rank, dev in enumerate(["cuda:0", "cuda:1", "cuda:2"]):
    w = Worker(rank, dev)
    workers.append(w)
for w in workers:
    w.start()
for w in workers:
    w.join()
