# A serving script in the shape of sweep3's findings 5, 15, 25, 26 and 27 (inputs
# rebuilt: the originals were lost): a FastAPI def route calling a module whose
# forward is compiled, the Inductor config bound to a name, a config.patch around the
# warm-up call, and a helper that forwards its keywords to torch.compile.
import torch
import torch.nn as nn
from fastapi import FastAPI

icfg = torch._inductor.config
icfg.coordinate_descent_tuning = True

USE_COMPILE = True


def maybe_compile(m, **kw):
    return torch.compile(m, **kw) if USE_COMPILE else m


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(64, 64)

    @torch.compile(mode="reduce-overhead")
    def forward(self, x):
        return self.proj(x).relu()


encoder = Encoder().cuda().eval()
head = maybe_compile(nn.Linear(64, 8).cuda(), mode="max-autotune-no-cudagraphs")

with icfg.patch({"triton.cudagraph_trees": False}):
    encoder(torch.randn(1, 64, device="cuda"))

app = FastAPI()


@app.post("/embed")
def embed(n: int):
    x = torch.randn(n, 64, device="cuda")
    with torch.no_grad():
        return head(encoder(x)).tolist()
