import threading

import torch


def run(dev):
    model = torch.nn.Linear(64, 64).to(f"cuda:{dev}")
    fn = torch.compile(model, mode="reduce-overhead")
    for _ in range(5):
        fn(torch.randn(8, 64, device=f"cuda:{dev}"))


threads = [threading.Thread(target=run, args=(i,)) for i in range(torch.cuda.device_count())]
for t in threads:
    t.start()
for t in threads:
    t.join()
