import threading
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(128, 128)

    def forward(self, x):
        return self.fc(x).relu()


class GPUWorker(threading.Thread):
    def __init__(self, device):
        super().__init__()
        self.device = device
        net = Net().to(self.device)
        self.model = torch.compile(net, mode="reduce-overhead")

    def run(self):
        x = torch.randn(16, 128, device=self.device)
        with torch.no_grad():
            for _ in range(50):
                self.model(x)


workers = []
for i in range(torch.cuda.device_count()):
    w = GPUWorker(torch.device(f"cuda:{i}"))
    w.start()
    workers.append(w)
for w in workers:
    w.join()
