import torch

model = torch.compile(torch.nn.Linear(8, 8).cuda(), mode="reduce-overhead")
out = model(torch.randn(4, 8, device="cuda"))
