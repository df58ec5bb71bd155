# A type statement (PEP 695) needs Python 3.12; torch 2.0's default Python is 3.10.
import torch

type Batch = list[torch.Tensor]

model = torch.compile(torch.nn.Linear(8, 8).cuda(), mode="reduce-overhead")
for _ in range(3):
    model(torch.randn(4, 8, device="cuda"))
