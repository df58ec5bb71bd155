import functools
import os
import sys

import torch

if sys.platform == "win32":
    os.environ["TORCHINDUCTOR_CUDAGRAPHS"] = "0"


@torch.compile(mode="max-autotune-no-cudagraphs")
def step(x):
    return x * 2


model = torch.nn.Linear(4, 4).cuda()
model.compile(mode="reduce-overhead")

compiler = functools.partial(torch.compile, mode="max-autotune")
m2 = compiler(torch.nn.Linear(4, 4))

from torch import compile as tc
m3 = tc(model, options={"triton.cudagraphs": True, "shape_padding": False})

opts = {"triton.cudagraphs": False}
opts["max_autotune"] = True
m4 = torch.compile(model, options=opts)

use_ro = os.environ.get("USE_RO", "0") == "1"
m5 = torch.compile(model, mode="reduce-overhead" if use_ro else None)
