import torch

model = torch.compile(torch.nn.Linear(8, 8).cuda())
