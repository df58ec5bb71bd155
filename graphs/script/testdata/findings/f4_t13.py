import os
import torch
import torch._dynamo
os.environ["TORCHINDUCTOR_CUDAGRAPHS"] = "1"
f = torch.compile(m)
