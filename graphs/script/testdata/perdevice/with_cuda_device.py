import threading
import torch


def worker(d):
    with torch.cuda.device(d):
        model = torch.compile(torch.nn.Linear(64, 64).cuda(), mode="reduce-overhead")
        x = torch.randn(4, 64).cuda()
        for _ in range(10):
            model(x)


threads = [threading.Thread(target=worker, args=(d,)) for d in range(2)]
for t in threads:
    t.start()
for t in threads:
    t.join()
