import threading

import torch


class Drafter(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(64, 64)

    def forward(self, x):
        return self.proj(x)


def run(device):
    model = Drafter().to(device)
    fn = torch.compile(model, mode="reduce-overhead")
    if True:
        for _ in range(5):
            fn(torch.randn(8, 64, device=device)).sum().backward()


threads = [threading.Thread(target=run, args=(f"cuda:{i}",)) for i in range(2)]
for t in threads:
    t.start()
for t in threads:
    t.join()
