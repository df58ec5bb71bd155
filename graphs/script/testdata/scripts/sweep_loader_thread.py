# sweep3 finding 3 (rebuilt from modded-nanogpt's train_gpt.py shapes): a data-loading
# thread that never reaches the compiled model is no caller of it.
import threading

import torch
import torch.nn as nn


class Optimizer:
    def __init__(self, params):
        self.params = list(params)
        self.state = {p: dict(step=0, exp_avg=torch.zeros_like(p)) for p in self.params}

    @torch.no_grad()
    def step(self):
        for p in self.params:
            self.state[p]["step"] += 1
            p.add_(model(torch.ones(8, 64, device="cuda")).mean())


class Base:
    def __init__(self):
        self.ready = threading.Event()


class Shard(Base):
    def __init__(self, tokens):
        super().__init__()
        self.tokens = tokens
        self.step = 0


class GPT(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(64, 64)

    def forward(self, x):
        return self.lin(x)


def load(result):
    tokens = torch.arange(1024)
    result["shard"] = Shard(tokens)
    result["log"] = dict(step=0, loaded=True)


result = {}
loader = threading.Thread(target=load, args=(result,))
loader.start()
model = torch.compile(GPT().cuda(), mode="reduce-overhead")
opt = Optimizer(model.parameters())
for step in range(10):
    loss = model(torch.randn(8, 64, device="cuda")).sum()
    loss.backward()
    opt.step()
    model.zero_grad()
loader.join()
