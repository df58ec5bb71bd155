import threading
import torch


class Worker(threading.Thread):
    def __init__(self, rank):
        super().__init__()
        self.rank = rank

    def run(self):
        torch.cuda.set_device(self.rank)
        model = torch.compile(torch.nn.Linear(64, 64).cuda(), mode="reduce-overhead")
        x = torch.randn(4, 64, device="cuda")
        for _ in range(10):
            model(x)


ws = [Worker(r) for r in range(2)]
for w in ws:
    w.start()
for w in ws:
    w.join()
