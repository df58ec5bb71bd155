import os
os.environ["TORCHINDUCTOR_CUDAGRAPHS"] = "true"
import torch

model = torch.compile(torch.nn.Linear(8, 8).cuda())
model(torch.randn(4, 8, device="cuda"))
