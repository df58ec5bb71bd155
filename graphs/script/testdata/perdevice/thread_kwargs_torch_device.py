import threading
import torch

def worker(device):
    model = torch.compile(torch.nn.Linear(8, 8).to(device), mode="reduce-overhead")
    for _ in range(10):
        model(torch.randn(2, 8, device=device))

for i in range(2):
    threading.Thread(target=worker, kwargs={"device": torch.device("cuda", i)}).start()
