# A thread-pool inference server: the model is compiled in the main thread, then
# requests run on a ThreadPoolExecutor; a per-GPU drafter compiles in its own thread.
import asyncio
import os
import threading
from concurrent.futures import ThreadPoolExecutor

import torch
import torch.nn as nn
from torch import compile as tc

MODE = "reduce-overhead"


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(1024, 1024)

    def forward(self, x):
        return self.fc(x).relu()


model = Net().cuda().eval()
compiled = tc(model, mode=MODE)
executor = ThreadPoolExecutor(max_workers=8)


def handle(batch):
    with torch.no_grad():
        return compiled(batch)


async def serve(batches):
    loop = asyncio.get_running_loop()
    return await asyncio.gather(*[loop.run_in_executor(executor, handle, b) for b in batches])


def drafter(device: int):
    torch.cuda.set_device(device)
    draft = torch.compile(Net().to(f"cuda:{device}"), mode="reduce-overhead")
    for _ in range(10):
        draft(torch.randn(8, 1024, device=f"cuda:{device}"))


threads = [threading.Thread(target=drafter, args=(d,)) for d in range(torch.cuda.device_count())]
for t in threads:
    t.start()
for t in threads:
    t.join()

if __name__ == "__main__":
    asyncio.run(serve([torch.randn(8, 1024, device="cuda") for _ in range(32)]))
