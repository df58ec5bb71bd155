import threading
import torch

n = torch.cuda.device_count()
models = []
for i in range(n):
    net = torch.nn.Linear(64, 64).cuda(i)
    models.append(torch.compile(net, mode="reduce-overhead"))


def serve(i):
    x = torch.randn(4, 64, device=torch.device("cuda", i))
    for _ in range(100):
        models[i](x)


threads = []
for i in range(n):
    t = threading.Thread(target=serve, args=(i,))
    t.start()
    threads.append(t)
for t in threads:
    t.join()
