import os
import torch

torch._dynamo.config.cache_size_limit = 64
os.environ["TORCHINDUCTOR_CUDAGRAPHS"] = "1"

model = torch.nn.Linear(4, 4).cuda()
fn = torch.compile(model)
fn(torch.randn(2, 4, device="cuda"))
