import queue
import threading
import torch

NUM_GPUS = 2
queues = [queue.Queue() for _ in range(NUM_GPUS)]

def gpu_worker(gpu_id, q):
    device = torch.device("cuda", gpu_id)
    model = torch.compile(torch.nn.Linear(8, 8).to(device), mode="reduce-overhead")
    while True:
        item = q.get()
        if item is None:
            break
        model(item.to(device))

workers = [threading.Thread(target=gpu_worker, args=(i, queues[i]), daemon=True) for i in range(NUM_GPUS)]
for w in workers:
    w.start()
