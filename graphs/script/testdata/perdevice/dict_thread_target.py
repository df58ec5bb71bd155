import threading
import torch

devices = ["cuda:0", "cuda:1"]
models = {}
for dev in devices:
    m = torch.nn.Linear(64, 64).to(dev)
    models[dev] = torch.compile(m, mode="reduce-overhead")


def loop(dev):
    x = torch.randn(4, 64, device=dev)
    for _ in range(100):
        models[dev](x)


threads = [threading.Thread(target=loop, args=(dev,)) for dev in devices]
for t in threads:
    t.start()
for t in threads:
    t.join()
